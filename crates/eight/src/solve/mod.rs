//! The solvers, above the puzzle, behind a façade: the names re-exported below are the library's
//! API, every module the crate's own. Every way of answering is a component behind one
//! interface (`search`: a query and a control in, a solution out, each component a file or a
//! folder there: the tables, the bidirectional BFS, the textbook searches, IDA* with its detours
//! and threads in `search/ida`, `--fast`'s beam in `search/fast`), guided by a heuristic
//! (`heuristic`: `manhattan`, `conflicts`, the pattern databases of `pdb`); the engine plans
//! which answers (`engine/plan.rs`), and its store holds every table, database and machine the
//! searches use. The 3×3 tables are embedded at compile time (`square3`, over `eight-core`'s
//! parity-class index, bidirectional BFS and whole-space table), other shapes up to 9 cells
//! get whole-space tables (`small`); the plain BFS oracle is the one the tests trust. What
//! stops a search and hears of its progress is the caller's `control`, never the process's.
//! Every optimal solver gives the canonical path, so which one answered never shows in the
//! output.

pub(crate) mod bfs;
pub mod catalog;
mod clock;
pub(crate) mod conflicts;
pub(crate) mod control;
pub mod detours;
pub(crate) mod engine;
pub(crate) mod heuristic;
mod lines;
pub(crate) mod manhattan;
pub(crate) mod oracle;
pub(crate) mod parallel;
pub mod pdb;
pub(crate) mod report;
pub(crate) mod search;
pub(crate) mod small;
pub(crate) mod square3;
pub(crate) mod stats;
pub(crate) mod store;
pub(crate) mod textbook;

/// Every component of the catalogue ([`catalog`]), the textbook searches before the heuristics
/// of larger boards: a new one is its file, its `mod` line above and its entry here.
pub const COMPONENTS: [catalog::Component; 7] = [
    catalog::BIBFS,
    catalog::BFS,
    catalog::ASTAR,
    catalog::IDASTAR,
    manhattan::COMPONENT,
    conflicts::COMPONENT,
    catalog::PDB,
];

// The façade: what a program built on the library names. Everything else is the crate's own.
pub use bfs::breadth_first;
pub use conflicts::LinearConflicts;
pub use control::{Control, Watcher};
pub use engine::{
    Engine, Guide, MoveSink, Report, Request, Small, Unsolved, Want, DEFAULT_BUDGET,
    DEFAULT_BUDGET_OTHERS, KEPT_BOARDS,
};
pub use heuristic::{Evaluator, Heuristic};
pub use manhattan::ManhattanDistance;
pub use oracle::Oracle;
pub use parallel::ordered_map;
pub use report::{Bound, Layer, Method, Quality, Round};
pub use search::bounded::{Ask, MOST_CELLS as MOST_BOUNDED_CELLS};
pub use search::ida::{Bounds, Outcome, Range, Share, Slice, PLACES};
pub use search::{Bibfs, Ida, Query, Search, Solution, Textbook};
pub use small::{layers, MAX_CELLS as MOST_WHOLE_CELLS};
pub use square3::{farthest, Space};
pub use stats::Stats;
pub use store::Store;
pub use textbook::{
    idastar as textbook_idastar, manhattan, Estimate, PACKED_CELLS as MOST_PACKED_CELLS,
};
