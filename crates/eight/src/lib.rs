//! `eight`, the library: it solves sliding-tile puzzles, the 8-puzzle first and every size to
//! 16×16, optimally and canonically, and reads and writes the classic online judges' formats.
//!
//! The layers, each importing only from those below it:
//! - `eight-core`, a crate of its own: moves and paths, and the 3×3 fast path (boards packed in
//!   a word, Cantor ranks, the parity-class index, the bidirectional breadth-first search and
//!   the whole-space table), which the build script uses too;
//! - [`puzzle`]: the one [`Board`] of every size and its [`Shape`], parity;
//! - [`solve`]: the search components behind one interface (the embedded 3×3 tables,
//!   whole-space tables up to 9 cells, IDA* with pattern databases beyond, the textbook
//!   searches) and the [`Engine`] that plans which answers a query; the plain BFS the tests
//!   trust;
//! - [`format`](mod@format): reading cases with located errors, and each judge's description;
//! - `cache` (the feature of that name, Unix): the pattern databases on disk, sealed and
//!   memory-mapped, and the staged writer that never leaves half a file.
//!
//! The use-cases above it (the answer stream, the checker, test data, drawings) are the crate
//! `eight-app`'s, and the command line is `eight-cli`'s.
//!
//! Every path is the canonical one: the lexicographically smallest shortest path in the order
//! `d < l < r < u`.
//!
//! ```
//! use eight::{Board, Engine, Shape, Unsolved};
//! let mut engine = Engine::default();
//! let start: Board = "283104765".parse().unwrap();
//! let goal: Board = "123804765".parse().unwrap();
//! assert_eq!(engine.distance(&start, &goal), Ok(4));
//! assert_eq!(engine.path(&start, &goal).unwrap().to_string(), "uldr");
//! let swapped: Board = "213804765".parse().unwrap();
//! assert_eq!(engine.path(&swapped, &goal), Err(Unsolved::Unreachable));
//! // every size through the same engine
//! let start = Board::parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", Shape::SQUARE4).unwrap();
//! let goal = Board::ordered(Shape::SQUARE4);
//! assert_eq!(engine.path(&start, &goal).unwrap().to_string(), "r");
//! ```

#[cfg(all(feature = "cache", unix))]
pub mod cache;
pub mod format;
pub mod puzzle;
pub mod solve;
#[cfg(feature = "cache")]
pub mod staged;

pub use format::Judge;
pub use puzzle::{Board, Move, Path, Shape};
pub use solve::{Engine, Guide, Small, Unsolved};
