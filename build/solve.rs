//! The library's `solve` layer, as far as the table's search needs it.

#[path = "../src/solve/bibfs.rs"]
pub mod bibfs;
#[path = "../src/solve/state.rs"]
pub mod state;
#[path = "../src/solve/table.rs"]
pub mod table;
