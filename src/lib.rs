//! `eight` solves the 8-puzzle in the formats of the classic online-judge problems.
//!
//! The layers, each importing only from those below it:
//! - [`puzzle`]: boards, moves and paths, Cantor ranks, parity;
//! - [`solve`]: the bidirectional breadth-first search over ranks ([`Solver`]), the whole-space
//!   tables, the textbook searches, and the [`Engine`] that routes a query;
//! - [`format`]: reading cases with located errors, and each judge's description;
//! - [`tools`]: the answer stream, the checker, test data, drawings and histograms.
//!
//! Every path is the canonical one: the lexicographically smallest shortest path in the order
//! `d < l < r < u`.
//!
//! ```
//! use eight::{Board, Solver};
//! let start = Board::parse("283104765").unwrap();
//! let goal = Board::parse("123804765").unwrap();
//! assert_eq!(Solver::new().distance(&start, &goal), Some(4));
//! ```

pub mod format;
pub mod puzzle;
pub mod solve;
pub mod tools;

pub use format::Judge;
pub use puzzle::{Board, Move, Path};
pub use solve::{Algorithm, Engine, Solver, Table};
