//! The core of `eight`, in a crate of its own so that the build script makes the 3×3 tables
//! with the very code that reads them: moves and paths, the 3×3 board packed in a word, its
//! Cantor (Lehmer) rank, the parity-class index that moves update in a few operations, the
//! bidirectional breadth-first search over that index with flat arrays, and the whole-space
//! table with its canonical walk.
//!
//! `eight` builds every other size, the reader and the tools on top; its `solve` layer is the
//! only one that sees the packed form.
//!
//! ```
//! use eight_core::{Packed, Solver};
//! let start = Packed::from_cells([2, 8, 3, 1, 0, 4, 7, 6, 5]).unwrap();
//! let goal = Packed::from_cells([1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap();
//! assert_eq!(Solver::new().distance(&start, &goal), Some(4));
//! ```

pub mod bibfs;
pub mod moves;
pub mod packed;
pub mod rank;
pub mod state;
pub mod table;

pub use bibfs::Solver;
pub use moves::{IllegalMove, Move, NotAMove, Path};
pub use packed::Packed;
pub use table::{canonical_goal, Table};

/// The blank's value in a board's cells.
pub const BLANK: u8 = 0;
