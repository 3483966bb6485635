//! The solvers, above the puzzle. Every way of answering is a component behind one interface
//! (`search`: a query and a control in, a solution out), and the engine plans which answers
//! (`engine/plan.rs`): the 3×3 tables embedded at compile time (`square3`, over `eight-core`'s
//! parity-class index, bidirectional BFS and whole-space table), whole-space tables of other
//! shapes up to 9 cells (`small`), IDA* (`ida`) over a heuristic (`heuristic`: `manhattan`,
//! `conflicts`, the pattern databases of `pdb`), `--fast`'s beam (`fast`), the textbook searches
//! for comparison, and the plain BFS oracle the tests trust. What stops a search and hears of
//! its progress is the caller's `control`, never the process's. Every optimal solver gives the
//! canonical path, so which one answered never shows in the output.

pub mod bfs;
mod clock;
pub mod conflicts;
pub mod control;
pub mod detours;
pub mod engine;
pub mod fast;
pub mod heuristic;
pub mod ida;
pub mod manhattan;
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
pub use engine::{Engine, Guide, MoveSink, Report, Small, Unsolved, Want};
pub use ida::Outcome;
pub use search::{Query, Search, Solution};
pub use stats::Stats;
pub use store::Store;
