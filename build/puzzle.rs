//! The library's `puzzle` layer, as far as the table's search needs it.

#[path = "../src/puzzle/board.rs"]
pub mod board;
#[path = "../src/puzzle/moves.rs"]
pub mod moves;
#[path = "../src/puzzle/rank.rs"]
pub mod rank;
