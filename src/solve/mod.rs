//! The solvers, above the puzzle: the 3×3 fast path over `eight-core` (whose crate holds the
//! parity-class index, the bidirectional BFS and the whole-space table) with the nine canonical
//! goals' tables embedded (`square3`), whole-space tables of other shapes up to 9 cells
//! (`small`), IDA* over the Manhattan distance, linear conflicts and pattern databases (`ida`,
//! `conflicts`, `pdb`), `--fast`'s beam (`fast`), the textbook searches for comparison, the plain
//! BFS oracle the tests trust, and the engine that routes each query to one of them. Every
//! optimal solver gives the canonical path, so which one answered never shows in the output.

pub mod bfs;
pub mod conflicts;
pub mod control;
pub mod engine;
pub mod fast;
pub mod heuristic;
pub mod ida;
pub mod oracle;
pub mod parallel;
pub mod pdb;
pub mod report;
pub mod search;
pub mod small;
pub mod square3;
pub mod stats;
pub mod store;
pub mod textbook;

pub use control::{Control, Watcher};
pub use engine::{Engine, Guide, MoveSink, Report, Small, Unsolved};
pub use ida::Outcome;
pub use search::{Query, Search, Solution};
pub use stats::Stats;
pub use store::Store;
