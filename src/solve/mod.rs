//! The solvers, above the puzzle: the parity-class index, the bidirectional BFS (the core), the
//! whole-space tables of the nine canonical goals, the textbook searches for comparison, the
//! plain BFS oracle the tests trust, and the engine that routes each query to one of them.
//! Every solver gives the canonical path, so which one answered never shows in the output.

pub mod bfs;
pub mod conflicts;
pub mod engine;
pub mod fast;
pub mod heuristic;
pub mod ida;
pub mod interrupt;
pub mod oracle;
pub mod parallel;
pub mod pdb;
pub mod progress;
pub mod report;
pub mod small;
pub mod square3;
pub mod stats;
pub mod store;
pub mod textbook;

pub use engine::{Algorithm, Engine, MoveSink, Report, Unsolved};
pub use ida::Outcome;
pub use stats::Stats;
pub use store::Store;
