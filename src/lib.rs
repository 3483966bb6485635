//! `eight` solves the 8-puzzle in the formats of the classic online-judge problems.
//!
//! The core is a bidirectional breadth-first search over Cantor ranks ([`Solver`]) that gives
//! every answer's distance and its canonical path: the lexicographically smallest shortest path
//! in the order `d < l < r < u`. The [`judge`] modules read and write each judge's format.
//!
//! ```
//! use eight::{Board, Solver};
//! let start = Board::parse("283104765").unwrap();
//! let goal = Board::parse("123804765").unwrap();
//! assert_eq!(Solver::new().distance(&start, &goal), Some(4));
//! ```

pub mod batch;
pub mod bibfs;
pub mod board;
pub mod gen;
pub mod histogram;
pub mod input;
pub mod judge;
pub mod moves;
pub mod oracle;
pub mod rank;
pub mod search;
pub mod show;
pub mod state;
pub mod table;
pub mod verdict;

pub use bibfs::Solver;
pub use board::Board;
pub use input::{Cases, InputError, Item, Origin, Place};
pub use moves::{Move, Path};
pub use table::Table;
