//! The engine behind the solving commands: a lookup in the whole-space tables that the build
//! script made with the bidirectional search's own backward side, or, when asked (`--algo`),
//! the bidirectional search itself or a textbook search. All give the canonical answer, so
//! output does not depend on which one answered.

use std::time::{Duration, Instant};

use std::sync::Arc;

use super::ida::{self, Outcome};
use super::pdb::{self, Class, Lookup, Source};
use super::small::{self, SmallTables};
use super::stats::Stats;
use super::textbook;
use crate::puzzle::board::Board;
use crate::puzzle::grid::{Grid, Shape};
use crate::puzzle::moves::{Move, Path};
use crate::solve::bibfs::Solver;
use crate::solve::state::State;
use crate::solve::table::Table;
use crate::solve::tables::{relabel_for, Tables};

/// Which engine answers.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Algorithm {
    /// The whole-space tables, embedded at compile time: every 3×3 query is a lookup.
    #[default]
    Auto,
    /// The bidirectional search for every case.
    Bibfs,
    /// The whole-space tables, as `Auto`.
    Table,
    /// Plain breadth-first search from the goal, for every case.
    Bfs,
    /// A* with the Manhattan distance, for every case.
    Astar,
    /// IDA* with the Manhattan distance, for every case.
    Idastar,
}

impl Algorithm {
    /// Every algorithm.
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Auto,
        Algorithm::Bibfs,
        Algorithm::Table,
        Algorithm::Bfs,
        Algorithm::Astar,
        Algorithm::Idastar,
    ];

    /// The algorithm's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Auto => "auto",
            Algorithm::Bibfs => "bibfs",
            Algorithm::Table => "table",
            Algorithm::Bfs => "bfs",
            Algorithm::Astar => "astar",
            Algorithm::Idastar => "idastar",
        }
    }

    /// The algorithm of this name, if any.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL
            .into_iter()
            .find(|algorithm| algorithm.name() == name)
    }
}

/// What answers one query, as [`Engine::route`] decides.
enum Route {
    /// The parities differ.
    Unreachable,
    /// The table of the goal's blank cell, from `start` relabelled for it (its state).
    Table {
        start: State,
        blank: usize,
        began: Option<Instant>,
        before: u64,
    },
    /// A search.
    Search,
}

/// What answered a query and what it cost.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Report {
    /// `bibfs`, `table`, `bfs`, `astar`, `idastar`, or `parity` for an unreachable board.
    pub algorithm: &'static str,
    /// The search's counts and time.
    pub stats: Stats,
}

impl Report {
    fn parity(began: Option<Instant>) -> Report {
        Report {
            algorithm: "parity",
            stats: Stats {
                time: elapsed(began),
                ..Stats::default()
            },
        }
    }
}

/// Answers queries with the embedded tables, or the search that the algorithm names.
#[derive(Default)]
pub struct Engine {
    algorithm: Algorithm,
    solver: Solver,
    /// The tables of the nine canonical goals, embedded.
    tables: Tables,
    /// The last goal asked about, and its parity.
    goal_parity: Option<(Board, u8)>,
    /// What answered the last query.
    last: Report,
    /// Whether queries are timed (`--stats`): reading the clock costs more than a lookup.
    timed: bool,
    /// The whole-space tables of boards of other shapes up to 9 cells.
    small: SmallTables,
    /// The most nodes a search of a larger board may expand ([`DEFAULT_BUDGET`] when 0).
    budget: u64,
    /// The threads a 4×4 search may use (1 when 0).
    jobs: usize,
    /// Where 4×4 searches get their pattern databases ([`pdb::installed`] when `None`).
    source: Option<Arc<dyn Source>>,
}

/// The nodes a 4×4 search spends with linear conflicts before it fetches pattern databases that
/// are not ready: about a tenth of a second, against the seconds of a build, so that a shallow
/// board (LightOJ's 35 moves) never waits for one.
pub const PROBE: u64 = 1_000_000;

/// The time since `began`, or nothing if the query was not timed.
#[inline]
fn elapsed(began: Option<Instant>) -> Duration {
    began.map_or(Duration::ZERO, |began| began.elapsed())
}

/// The nodes a search of a board of more than 9 cells may expand unless told otherwise: some
/// ten seconds of IDA*, where a hard board would otherwise run for hours.
pub const DEFAULT_BUDGET: u64 = 500_000_000;

impl Engine {
    /// Whether `start` reaches `goal`, by parity, remembering the last goal's.
    fn reaches(&mut self, start: &Board, goal: &Board) -> bool {
        let parity = match self.goal_parity {
            Some((last, parity)) if last == *goal => parity,
            _ => {
                let parity = goal.parity();
                self.goal_parity = Some((*goal, parity));
                parity
            }
        };
        start.parity() == parity
    }

    /// An engine that answers with `algorithm`.
    pub fn new(algorithm: Algorithm) -> Engine {
        Engine {
            algorithm,
            ..Engine::default()
        }
    }

    /// The table for `goal`'s blank cell, when the algorithm answers with tables.
    #[inline]
    fn table(&self, goal: &Board) -> Option<&Table> {
        match self.algorithm {
            Algorithm::Auto | Algorithm::Table => Some(self.tables.get(goal.blank())),
            Algorithm::Bibfs | Algorithm::Bfs | Algorithm::Astar | Algorithm::Idastar => None,
        }
    }

    /// What answered the last query, and what it cost.
    pub fn last(&self) -> Report {
        self.last
    }

    /// Answers with a search when no table does, noting what it cost.
    fn search(
        &mut self,
        start: &Board,
        goal: &Board,
        want_path: bool,
    ) -> (Option<u32>, Option<Path>) {
        let began = Instant::now();
        let (expanded, generated) = (self.solver.nodes_expanded(), self.solver.nodes_generated());
        let (algorithm, found) = match self.algorithm {
            Algorithm::Bfs => ("bfs", Some(textbook::bfs(start, goal))),
            Algorithm::Astar => ("astar", Some(textbook::astar(start, goal))),
            Algorithm::Idastar => ("idastar", Some(textbook::idastar(start, goal))),
            Algorithm::Auto | Algorithm::Bibfs | Algorithm::Table => ("bibfs", None),
        };
        let (distance, path, stats) = match found {
            Some((path, stats)) => (path.as_ref().map(|p| p.len() as u32), path, stats),
            None => {
                let (distance, path) = if want_path {
                    let path = self.solver.path(start, goal);
                    (path.as_ref().map(|p| p.len() as u32), path)
                } else {
                    (self.solver.distance(start, goal), None)
                };
                let stats = Stats {
                    expanded: self.solver.nodes_expanded() - expanded,
                    generated: self.solver.nodes_generated() - generated,
                    peak_frontier: self.solver.peak_frontier(),
                    time: began.elapsed(),
                };
                (distance, path, stats)
            }
        };
        self.last = Report { algorithm, stats };
        (distance, path)
    }

    /// Notes a table lookup as the last query; `before` is the solver's count of expanded
    /// boards when it began, so that a query that built the table is charged for it.
    fn looked_up(&mut self, began: Option<Instant>, before: u64) {
        self.last = Report {
            algorithm: "table",
            stats: Stats {
                expanded: self.solver.nodes_expanded() - before,
                time: elapsed(began),
                ..Stats::default()
            },
        };
    }

    /// Decides once per query what answers it: parity for an unreachable board, the goal's
    /// table (with `start` relabelled for it), or a search. Counts the query toward the switch.
    fn route(&mut self, start: &Board, goal: &Board) -> Route {
        let began = self.clock();
        let before = self.solver.nodes_expanded();
        if let Some(table) = self.table(goal) {
            // one state for the parity and the lookup: relabelling keeps reachability
            let state = State::new(&relabel_for(start, goal, table));
            if state.parity() != table.parity() {
                self.last = Report::parity(began);
                return Route::Unreachable;
            }
            return Route::Table {
                start: state,
                blank: goal.blank(),
                began,
                before,
            };
        }
        if !self.reaches(start, goal) {
            self.last = Report::parity(began);
            return Route::Unreachable;
        }
        Route::Search
    }

    /// The table that `route` chose, noting the lookup as the last query.
    fn chosen(&mut self, blank: usize, began: Option<Instant>, before: u64) -> &Table {
        self.looked_up(began, before);
        self.tables.get(blank)
    }

    /// The minimum number of moves from `start` to `goal`, or `None` when unreachable.
    pub fn distance(&mut self, start: &Board, goal: &Board) -> Option<u32> {
        match self.route(start, goal) {
            Route::Unreachable => None,
            Route::Table {
                start,
                blank,
                began,
                before,
            } => Some(self.chosen(blank, began, before).state_distance(&start)),
            Route::Search => self.search(start, goal, false).0,
        }
    }

    /// Hands the moves of the canonical path from `start` to `goal` to `sink`, or returns
    /// `None` when unreachable; a table's walk hands them over without allocating, one lookup
    /// at a time, inlined into the sink.
    pub fn walk<S: MoveSink>(&mut self, start: &Board, goal: &Board, sink: S) -> Option<S::Output> {
        match self.route(start, goal) {
            Route::Unreachable => None,
            Route::Table {
                start,
                blank,
                began,
                before,
            } => {
                let table = self.chosen(blank, began, before);
                Some(sink.take(table.walk_from(start)))
            }
            Route::Search => {
                let path = self.search(start, goal, true).1?;
                Some(sink.take(path.0.into_iter()))
            }
        }
    }

    /// The canonical path from `start` to `goal`, or `None` when unreachable.
    pub fn path(&mut self, start: &Board, goal: &Board) -> Option<Path> {
        self.walk(start, goal, Collect)
    }

    /// This engine, timing each query (for `--stats`) when `timed`.
    pub fn timed(self, timed: bool) -> Engine {
        Engine { timed, ..self }
    }

    /// The time now, if queries are timed.
    #[inline]
    fn clock(&self) -> Option<Instant> {
        self.timed.then(Instant::now)
    }

    /// This engine, with at most `budget` nodes for each search of a board of more than 9 cells.
    pub fn with_budget(self, budget: u64) -> Engine {
        Engine { budget, ..self }
    }

    /// The node budget of a search of a board of more than 9 cells.
    pub fn budget(&self) -> u64 {
        match self.budget {
            0 => DEFAULT_BUDGET,
            budget => budget,
        }
    }

    /// The canonical path between boards of any shape, if it is at most `limit` moves long:
    /// the 3×3 engine for 3×3 boards, a whole-space table up to 9 cells, IDA* beyond.
    pub fn solve(&mut self, start: &Grid, goal: &Grid, limit: Option<u32>) -> Outcome {
        let began = Instant::now();
        let (path, algorithm, expanded) = match (start.board(), goal.board()) {
            (Some(start), Some(goal)) => {
                let path = self.path(&start, &goal);
                (path.ok_or(Outcome::Unreachable), None, 0)
            }
            _ if !start.reaches(goal) => (Err(Outcome::Unreachable), Some("parity"), 0),
            _ if goal.cells().len() <= small::MAX_CELLS => {
                let path = self.small.path(start, goal);
                (path.ok_or(Outcome::Unreachable), Some("table"), 0)
            }
            _ => {
                let (outcome, algorithm, nodes) = match start.shape() {
                    Shape::SQUARE4 => self.deep(start, goal, limit),
                    _ => {
                        let (outcome, nodes) = ida::solve(start, goal, limit, self.budget());
                        (outcome, "idastar", nodes)
                    }
                };
                let path = match outcome {
                    Outcome::Found(path) => Ok(path),
                    other => Err(other),
                };
                (path, Some(algorithm), nodes)
            }
        };
        if let Some(algorithm) = algorithm {
            self.last = Report {
                algorithm,
                stats: Stats {
                    expanded,
                    time: began.elapsed(),
                    ..Stats::default()
                },
            };
        }
        match path {
            Ok(path) => match limit {
                Some(limit) if path.len() as u32 > limit => Outcome::Beyond(limit),
                _ => Outcome::Found(path),
            },
            Err(outcome) => outcome,
        }
    }
}

impl Engine {
    /// A new engine that answers as this one does: the same algorithm, budget, timing and
    /// databases (for another thread).
    pub fn like(&self) -> Engine {
        Engine {
            algorithm: self.algorithm,
            timed: self.timed,
            budget: self.budget,
            source: self.source.clone(),
            jobs: self.jobs,
            ..Engine::default()
        }
    }

    /// This engine, searching a 4×4 board on `jobs` threads.
    pub fn with_jobs(self, jobs: usize) -> Engine {
        Engine { jobs, ..self }
    }

    /// The threads a 4×4 search may use.
    pub fn jobs(&self) -> usize {
        self.jobs.max(1)
    }

    /// This engine, with its 4×4 pattern databases from `source`.
    pub fn with_source(self, source: Arc<dyn Source>) -> Engine {
        Engine {
            source: Some(source),
            ..self
        }
    }

    /// IDA* on a 4×4 board that reaches `goal`: with the pattern databases of `goal`'s class if
    /// they are ready; otherwise with linear conflicts for up to [`PROBE`] nodes, and then with
    /// the databases, fetched. Returns the outcome, what answered and the nodes expanded.
    fn deep(
        &mut self,
        start: &Grid,
        goal: &Grid,
        limit: Option<u32>,
    ) -> (Outcome, &'static str, u64) {
        let source: &dyn Source = match &self.source {
            Some(source) => source.as_ref(),
            None => pdb::installed(),
        };
        let class = Class::of(goal.blank());
        let budget = self.budget();
        let (databases, spent) = match source.ready(class) {
            Some(databases) => (databases, 0),
            None => {
                let probe = budget.min(PROBE);
                let (outcome, nodes) = ida::solve(start, goal, limit, probe);
                if outcome != Outcome::Exhausted || probe == budget {
                    return (outcome, "idastar", nodes);
                }
                (source.get(class), nodes)
            }
        };
        let lookup = Lookup::new(&databases, start, goal);
        let (outcome, nodes) = ida::solve_with(start, lookup, limit, budget - spent, self.jobs());
        (outcome, "pdb", spent + nodes)
    }
}

/// Collects the walked moves into a path (a search's path is collected in place).
struct Collect;

impl MoveSink for Collect {
    type Output = Path;

    fn take(self, moves: impl Iterator<Item = Move>) -> Path {
        Path(moves.collect())
    }
}

/// What takes the moves of a canonical path from [`Engine::walk`]: generic over their iterator,
/// so that each engine's moves are consumed by code made for them (a closure could take only
/// one iterator type, and choosing between two at every move costs a quarter of a path's time).
pub trait MoveSink {
    /// What taking the moves gives.
    type Output;

    /// Takes every move, in order.
    fn take(self, moves: impl Iterator<Item = Move>) -> Self::Output;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::rank::{unrank, COUNT};

    #[test]
    fn tables_and_search_give_the_same_answers_for_any_goal() {
        let mut engine = Engine::default();
        let mut tables = Engine::new(Algorithm::Table);
        let mut solver = Solver::new();
        // spread over all ranks: enough queries for every blank cell's table to be built
        for index in 0..4_000u64 {
            let start = unrank((index * 7_919 % COUNT as u64) as u32);
            let goal = unrank((index * 104_729 % COUNT as u64) as u32);
            assert_eq!(
                engine.distance(&start, &goal),
                solver.distance(&start, &goal)
            );
            let path = solver.path(&start, &goal);
            assert_eq!(engine.path(&start, &goal), path, "{start} to {goal}");
            assert_eq!(tables.path(&start, &goal), path, "{start} to {goal}");
            let walked = engine.walk(&start, &goal, Collect);
            assert_eq!(walked, path, "walked: {start} to {goal}");
        }
    }

    #[test]
    fn forced_algorithms_stay_with_their_engine() {
        let (start, goal) = (unrank(12_345), unrank(54_321));
        let mut search = Engine::new(Algorithm::Bibfs);
        search.distance(&start, &goal);
        assert_eq!(search.last().algorithm, "bibfs");
        assert!(search.solver.nodes_expanded() > 0);
        for mut table in [Engine::new(Algorithm::Table), Engine::default()] {
            table.distance(&start, &goal);
            table.path(&start, &goal);
            assert_eq!(table.last().algorithm, "table");
            // the tables are embedded: no query searches, and nothing is built
            assert_eq!(table.solver.nodes_expanded(), 0);
        }
    }
}
