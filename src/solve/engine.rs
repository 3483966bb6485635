//! The engine behind every solving command, the one router: it decides by shape what answers a
//! query. A 3×3 board is packed and looked up in the whole-space tables that the build script
//! made with `eight-core`'s bidirectional search (or, when asked with `--algo`, searched by that
//! search or a textbook one); up to 9 cells, a whole-space table per shape; beyond, IDA*, with
//! the pattern databases for 4×4. All give the canonical answer, so output does not depend on
//! which one answered.

use std::sync::Arc;
use std::time::Instant;

use super::conflicts::{self, Conflicts};
use super::fast;
use super::heuristic::Heuristic;
use super::ida::{self, Outcome};
use super::pdb::{Class, Kind, Lookup, Supply};
use super::report::elapsed;

mod deep;
pub use super::report::{Bound, Guide, Method, Quality, Report, Small};
use super::small;
use super::square3::{unpack, Tables};
use super::stats::Stats;
use super::store::Store;
use super::textbook;
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::moves::{Move, Path};
use deep::Searched;
pub use deep::{ESCALATE, FAST_PROBE, FAST_PROBE_OTHERS, LOAD, PROBE};
use eight_core::bibfs::Solver;
use eight_core::packed::Packed;
use eight_core::state::class_index;
use eight_core::table::{Table, Walk};

/// What answers one 3×3 query, as [`Engine::route`] decides.
enum Route {
    /// The parities differ.
    Unreachable,
    /// The table of the goal's blank cell, from `start` relabelled for it (its index in the
    /// table's class).
    Table {
        start: u32,
        blank: usize,
        began: Option<Instant>,
        before: u64,
    },
    /// A search from `start`, packed.
    Search(Packed),
}

/// A 3×3 goal as the tables see it, kept from one query to the next (the cases of a run
/// usually share their goal).
#[derive(Clone, Copy)]
struct Target {
    cells: [u8; 9],
    packed: Packed,
    /// What each value of a board becomes for the goal's canonical table (`None`: the goal is
    /// canonical already, nothing to rename).
    names: Option<[u8; 9]>,
}

/// The cells of a 3×3 board; `None` for other shapes.
#[inline]
fn square3(board: &Board) -> Option<&[u8; 9]> {
    match board.shape() == Shape::SQUARE3 {
        true => board.cells().try_into().ok(),
        false => None,
    }
}

/// How an engine answers: the same for every engine made [like](Engine::like) another.
#[derive(Clone, Default)]
struct Settings {
    /// How 3×3 boards are answered.
    small: Small,
    /// The heuristic of the searches of boards of more than 9 cells.
    guide: Guide,
    /// Whether queries are timed (`--stats`): reading the clock costs more than a lookup.
    timed: bool,
    /// The most nodes a search of a larger board may expand ([`Engine::budget`] if not set).
    budget: Option<u64>,
    /// The threads a search of a board of more than 9 cells may use (one if not set).
    jobs: Option<usize>,
    /// Whether any path will do where the shortest is out of reach (`--fast`).
    fast: bool,
    /// The pattern databases asked for (`--pdb`); `None`: chosen for the board and the run.
    databases: Option<Kind>,
    /// What it looks up instead of searching, shared with the engines made like it.
    store: Arc<Store>,
}

/// Why [`Engine::distance`], [`Engine::walk`] or [`Engine::path`] gives no answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unsolved {
    /// The board does not reach the goal (their parities differ): there is no path.
    Unreachable,
    /// A board of more than 9 cells whose search spent its node budget, or was stopped, first:
    /// a path exists where the parities agree ([`Engine::with_budget`] allows more nodes,
    /// [`Engine::with_fast`] finds one that may not be shortest).
    Exhausted,
}

impl std::fmt::Display for Unsolved {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(match self {
            Unsolved::Unreachable => "the board does not reach the goal",
            Unsolved::Exhausted => "the search spent its node budget before it found a path",
        })
    }
}

impl std::error::Error for Unsolved {}

/// Answers queries about boards of every shape; see the module's documentation.
pub struct Engine {
    settings: Settings,
    solver: Solver,
    /// The embedded 3×3 tables, the store's, at hand.
    tables: &'static Tables,
    /// The last 3×3 goal asked about, as its table sees it, and its parity.
    target: Option<Target>,
    goal_parity: Option<(Packed, u8)>,
    /// What answered the last query.
    last: Report,
}

impl Default for Engine {
    /// An engine that answers 3×3 boards from the tables and chooses the heuristic of larger
    /// boards, with a store of its own.
    fn default() -> Engine {
        Engine {
            settings: Settings::default(),
            solver: Solver::default(),
            tables: Tables::embedded(),
            target: None,
            goal_parity: None,
            last: Report::default(),
        }
    }
}

/// The nodes a search of a 4×4 board may expand unless told otherwise: some half a minute of
/// IDA* with the databases, enough for every 4×4 board but the very deepest, where a hard board
/// would otherwise run for hours.
pub const DEFAULT_BUDGET: u64 = 500_000_000;

/// The same for the other sizes of more than 9 cells up to 25, where linear conflicts are all
/// IDA* has and a random board is out of reach: some 3 seconds (`eight steps --size 5x5
/// --max-nodes 20000000` on a random board: 1.2 s for 20 million), so that a board out of reach
/// is said so soon, with `--fast` named; on larger boards, whose nodes cost more, in proportion
/// to 25 cells over theirs (16×16: 4.9 million, some 1.5 s).
pub const DEFAULT_BUDGET_OTHERS: u64 = 50_000_000;

impl Engine {
    /// This engine, answering 3×3 boards as `small` says.
    pub fn with_small(mut self, small: Small) -> Engine {
        self.settings.small = small;
        self
    }

    /// This engine, guiding the searches of boards of more than 9 cells by `guide`.
    pub fn with_guide(mut self, guide: Guide) -> Engine {
        self.settings.guide = guide;
        self
    }

    /// A new engine that answers as this one does: the same choices, budget, timing, jobs and
    /// databases (for another thread).
    pub fn like(&self) -> Engine {
        Engine {
            settings: self.settings.clone(),
            ..Engine::default()
        }
    }

    /// This engine, timing each query (for `--stats`) when `timed`.
    pub fn timed(mut self, timed: bool) -> Engine {
        self.settings.timed = timed;
        self
    }

    /// This engine, with at most `budget` nodes for each search of a board of more than 9 cells
    /// ([`DEFAULT_BUDGET`] on 4×4, [`DEFAULT_BUDGET_OTHERS`] on other sizes, if `None`).
    pub fn with_budget(mut self, budget: Option<u64>) -> Engine {
        self.settings.budget = budget;
        self
    }

    /// This engine, searching a 4×4 board on `jobs` threads.
    pub fn with_jobs(mut self, jobs: usize) -> Engine {
        self.settings.jobs = Some(jobs.max(1));
        self
    }

    /// This engine, answering with any path where the shortest is out of reach when `fast`
    /// ([`fast`]): every solvable board of every size gets one, and [`Report::quality`] says
    /// how good it is.
    pub fn with_fast(mut self, fast: bool) -> Engine {
        self.settings.fast = fast;
        self
    }

    /// This engine, searching with the pattern databases of `kind` where they serve the board
    /// (`None`, the default: the family chosen for the board and the run; see [`ESCALATE`]).
    pub fn with_databases(mut self, kind: Option<Kind>) -> Engine {
        self.settings.databases = kind;
        self
    }

    /// Whether it answers with any path where the shortest is out of reach.
    pub fn is_fast(&self) -> bool {
        self.settings.fast
    }

    /// This engine, looking up in `store` (its 4×4 pattern databases among them).
    pub fn with_store(mut self, store: Arc<Store>) -> Engine {
        self.settings.store = store;
        self
    }

    /// This engine, with its 4×4 pattern databases from `supply` (in a store of its own).
    pub fn with_supply(self, supply: Arc<dyn Supply>) -> Engine {
        self.with_store(Arc::new(Store::new(supply)))
    }

    /// What it looks up instead of searching.
    pub fn store(&self) -> &Arc<Store> {
        &self.settings.store
    }

    /// The node budget of a search of a board of `shape`, of more than 9 cells.
    pub fn budget(&self, shape: Shape) -> u64 {
        let default = match shape {
            Shape::SQUARE4 => DEFAULT_BUDGET,
            // a node of a larger board costs more: about the same time on every size
            _ => DEFAULT_BUDGET_OTHERS * 25 / shape.cells().max(25) as u64,
        };
        self.settings.budget.unwrap_or(default)
    }

    /// The node budget of a search of a board towards `goal`, of more than 9 cells:
    /// [`DEFAULT_BUDGET`] where pattern databases serve the goal, as on 4×4.
    pub fn budget_for(&self, goal: &Board) -> u64 {
        match self.plan(goal) {
            deep::Plan::Conflicts => self.budget(goal.shape()),
            _ => self.settings.budget.unwrap_or(DEFAULT_BUDGET),
        }
    }

    /// The threads a 4×4 search may use.
    pub fn jobs(&self) -> usize {
        self.settings.jobs.unwrap_or(1)
    }

    /// What answered the last query, and what it cost.
    pub fn last(&self) -> Report {
        self.last.clone()
    }

    /// The minimum number of moves from `start` to `goal`, or why there is none: unreachable,
    /// or, for a board of more than 9 cells, a search that spent its budget first.
    #[inline]
    pub fn distance(&mut self, start: &Board, goal: &Board) -> Result<u32, Unsolved> {
        let (Some(start), Some(goal)) = (square3(start), square3(goal)) else {
            return self.answer(start, goal).map(|path| path.len() as u32);
        };
        let target = self.target(goal);
        match self.route(start, &target) {
            Route::Unreachable => Err(Unsolved::Unreachable),
            Route::Table {
                start,
                blank,
                began,
                before,
            } => Ok(self.chosen(blank, began, before).index_distance(start)),
            Route::Search(start) => self
                .search(&start, &target.packed, false)
                .0
                .ok_or(Unsolved::Unreachable),
        }
    }

    /// Hands the moves of the canonical path from `start` to `goal` to `sink`, or says why
    /// there is none as [`Engine::distance`] does; a table's walk hands them over without
    /// allocating, one lookup at a time, inlined into the sink.
    #[inline]
    pub fn walk<S: MoveSink>(
        &mut self,
        start: &Board,
        goal: &Board,
        sink: S,
    ) -> Result<S::Output, Unsolved> {
        let (Some(start), Some(goal)) = (square3(start), square3(goal)) else {
            return self
                .answer(start, goal)
                .map(|path| sink.take(path.0.into_iter()));
        };
        let target = self.target(goal);
        match self.route(start, &target) {
            Route::Unreachable => Err(Unsolved::Unreachable),
            Route::Table {
                start,
                blank,
                began,
                before,
            } => {
                let table = self.chosen(blank, began, before);
                Ok(sink.take_walk(table.walk_index(start)))
            }
            Route::Search(start) => {
                let path = self.search(&start, &target.packed, true).1;
                let path = path.ok_or(Unsolved::Unreachable)?;
                Ok(sink.take(path.0.into_iter()))
            }
        }
    }

    /// The canonical path from `start` to `goal`, or why there is none as [`Engine::distance`]
    /// says.
    pub fn path(&mut self, start: &Board, goal: &Board) -> Result<Path, Unsolved> {
        self.walk(start, goal, Collect)
    }

    /// The canonical path between boards of any shape, if it is at most `limit` moves long:
    /// the 3×3 engine for 3×3 boards, a whole-space table up to 9 cells, IDA* beyond.
    pub fn solve(&mut self, start: &Board, goal: &Board, limit: Option<u32>) -> Outcome {
        let began = Instant::now();
        let (path, method, searched) = match (square3(start), square3(goal)) {
            (Some(_), Some(_)) => {
                let path = self.path(start, goal);
                // a 3×3 query always ends: unreachable is its one way to have no path
                (
                    path.map_err(|_| Outcome::Unreachable),
                    None,
                    Searched::default(),
                )
            }
            _ if !start.reaches(goal) => (
                Err(Outcome::Unreachable),
                Some(Method::Parity),
                Searched::default(),
            ),
            _ if goal.cells().len() <= small::MAX_CELLS => {
                let path = self.settings.store.small.path(start, goal);
                let found = path.ok_or(Outcome::Unreachable);
                (found, Some(Method::Table), Searched::default())
            }
            _ if self.settings.fast => {
                // exhausted only when a stop was asked for
                let (path, method, searched) = self.quick(start, goal);
                (path, Some(method), searched)
            }
            _ => {
                let budget = self.budget_for(goal);
                let (outcome, method, searched) = self.deep(start, goal, limit, budget);
                let path = match outcome {
                    Outcome::Found(path) => Ok(path),
                    other => Err(other),
                };
                (path, Some(method), searched)
            }
        };
        if let Some(method) = method {
            self.last = Report {
                method,
                stats: Stats {
                    expanded: searched.nodes,
                    time: began.elapsed(),
                    ..Stats::default()
                },
                quality: None,
                bounds: searched.bounds,
            };
        }
        if let (true, Ok(path)) = (self.settings.fast, &path) {
            let length = path.len() as u32;
            self.last.quality = Some(match self.last.method {
                Method::Beam => Quality {
                    optimal: false,
                    lower_bound: self.lower_bound(start, goal),
                    length,
                },
                _ => Quality::exact(length),
            });
        }
        match path {
            Ok(path) => match limit {
                Some(limit) if path.len() as u32 > limit => Outcome::Beyond(limit),
                _ => Outcome::Found(path),
            },
            Err(outcome) => outcome,
        }
    }

    /// The path [`Engine::solve`] finds without a limit, or why it finds none.
    fn answer(&mut self, start: &Board, goal: &Board) -> Result<Path, Unsolved> {
        match self.solve(start, goal, None) {
            Outcome::Found(path) => Ok(path),
            Outcome::Unreachable => Err(Unsolved::Unreachable),
            // without a limit no path is beyond it: only a spent budget or a stop is left
            Outcome::Beyond(_) | Outcome::Exhausted => Err(Unsolved::Exhausted),
        }
    }

    /// The path [`Engine::solve`] finds without a limit, if it finds one.
    fn solved(&mut self, start: &Board, goal: &Board) -> Option<Path> {
        self.answer(start, goal).ok()
    }

    /// Whether `start` reaches `goal`, by parity, remembering the last goal's.
    fn reaches(&mut self, start: &Packed, goal: &Packed) -> bool {
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

    /// Answers with a search when no table does, noting what it cost.
    fn search(
        &mut self,
        start: &Packed,
        goal: &Packed,
        want_path: bool,
    ) -> (Option<u32>, Option<Path>) {
        let began = Instant::now();
        let (expanded, generated) = (self.solver.nodes_expanded(), self.solver.nodes_generated());
        let (method, found) = match self.settings.small {
            Small::Bfs => (Method::Bfs, Some(textbook::bfs(start, goal))),
            Small::Astar => (Method::Astar, Some(textbook::astar(start, goal))),
            Small::Idastar => {
                let (start, goal) = (unpack(start), unpack(goal));
                (
                    Method::Idastar,
                    Some(textbook::idastar(&start, &goal, None)),
                )
            }
            // the tables' misses (none: `route` looks them up) and the bidirectional search
            Small::Table | Small::Bibfs => (Method::Bibfs, None),
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
        self.last = Report {
            method,
            stats,
            ..Report::default()
        };
        (distance, path)
    }

    /// The 3×3 goal of these cells as its table sees it, remembered for the next query.
    #[inline(always)]
    fn target(&mut self, goal: &[u8; 9]) -> Target {
        match self.target {
            Some(target) if target.cells == *goal => target,
            _ => {
                let packed = Packed::from_permutation(*goal);
                let canonical = *self.tables.get(packed.blank()).goal();
                let names = (packed != canonical).then(|| {
                    let mut names = [0; 9];
                    for (&old, new) in goal.iter().zip(canonical.cells()) {
                        names[usize::from(old)] = new;
                    }
                    names
                });
                let target = Target {
                    cells: *goal,
                    packed,
                    names,
                };
                self.target = Some(target);
                target
            }
        }
    }

    /// Decides once per 3×3 query what answers it: parity for an unreachable board, the goal's
    /// table (with `start` relabelled for it), or a search.
    #[inline]
    fn route(&mut self, start: &[u8; 9], target: &Target) -> Route {
        let began = self.clock();
        let before = self.solver.nodes_expanded();
        if self.settings.small == Small::Table {
            // one index for the parity and the lookup: relabelling keeps reachability
            let (index, parity) = match &target.names {
                None => class_index(start),
                Some(names) => {
                    let mut relabelled = [0; 9];
                    for (new, &old) in relabelled.iter_mut().zip(start) {
                        *new = names[usize::from(old)];
                    }
                    class_index(&relabelled)
                }
            };
            let blank = target.packed.blank();
            if parity != self.tables.get(blank).parity() {
                self.last = Report::new(Method::Parity, began);
                return Route::Unreachable;
            }
            return Route::Table {
                start: index,
                blank,
                began,
                before,
            };
        }
        let start = Packed::from_permutation(*start);
        if !self.reaches(&start, &target.packed) {
            self.last = Report::new(Method::Parity, began);
            return Route::Unreachable;
        }
        Route::Search(start)
    }

    /// The table that `route` chose, noting the lookup as the last query; `before` is the
    /// solver's count of expanded boards when the query began.
    #[inline]
    fn chosen(&mut self, blank: usize, began: Option<Instant>, before: u64) -> &Table {
        // in place: a lookup does not drop and remake the last report's bounds
        self.last.method = Method::Table;
        self.last.stats = Stats {
            expanded: self.solver.nodes_expanded() - before,
            time: elapsed(began),
            ..Stats::default()
        };
        self.last.quality = None;
        self.last.bounds.clear();
        self.tables.get(blank)
    }

    /// The time now, if queries are timed.
    #[inline]
    fn clock(&self) -> Option<Instant> {
        self.settings.timed.then(Instant::now)
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

    /// Takes the moves of a table's path word, which a sink may read two bits a move at once
    /// rather than one move at a time.
    fn take_walk(self, walk: Walk) -> Self::Output
    where
        Self: Sized,
    {
        self.take(walk)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::square3::unpack;
    use eight_core::rank::{unrank, COUNT};

    #[test]
    fn a_spent_budget_is_told_apart_from_an_unreachable_board() {
        let shape = Shape::new(5, 5).expect("a shape");
        let goal = Board::ordered(shape);
        let cells = "5 7 24 10 19 3 12 20 0 8 21 18 11 16 23 13 4 1 6 9 17 15 22 2 14";
        let deep = Board::parse(cells, shape).expect("a board");
        let mut engine = Engine::default().with_budget(Some(1_000));
        assert_eq!(engine.path(&deep, &goal), Err(Unsolved::Exhausted));
        assert_eq!(engine.distance(&deep, &goal), Err(Unsolved::Exhausted));
        let swapped = Board::parse(&cells.replace("5 7 ", "7 5 "), shape).expect("a board");
        assert_eq!(deep.reaches(&goal), !swapped.reaches(&goal));
        let unreachable = if deep.reaches(&goal) { swapped } else { deep };
        assert_eq!(engine.path(&unreachable, &goal), Err(Unsolved::Unreachable));
    }

    #[test]
    fn tables_and_search_give_the_same_answers_for_any_goal() {
        let mut engine = Engine::default();
        let mut search = Engine::default().with_small(Small::Bibfs);
        let mut solver = Solver::new();
        // spread over all ranks: enough queries for every blank cell's table to be built
        for index in 0..4_000u64 {
            let (start, goal) = (
                unrank((index * 7_919 % COUNT as u64) as u32),
                unrank((index * 104_729 % COUNT as u64) as u32),
            );
            let distance = solver.distance(&start, &goal);
            let path = solver.path(&start, &goal);
            let (start, goal) = (unpack(&start), unpack(&goal));
            let distance = distance.ok_or(Unsolved::Unreachable);
            let path = path.ok_or(Unsolved::Unreachable);
            assert_eq!(engine.distance(&start, &goal), distance);
            assert_eq!(engine.path(&start, &goal), path, "{start} to {goal}");
            assert_eq!(search.path(&start, &goal), path, "{start} to {goal}");
            let walked = engine.walk(&start, &goal, Collect);
            assert_eq!(walked, path, "walked: {start} to {goal}");
        }
    }

    #[test]
    fn forced_algorithms_stay_with_their_engine() {
        let (start, goal) = (unpack(&unrank(12_345)), unpack(&unrank(54_321)));
        let mut search = Engine::default().with_small(Small::Bibfs);
        let _ = search.distance(&start, &goal);
        assert_eq!(search.last().method, Method::Bibfs);
        assert!(search.solver.nodes_expanded() > 0);
        let mut table = Engine::default();
        let _ = table.distance(&start, &goal);
        let _ = table.path(&start, &goal);
        assert_eq!(table.last().method, Method::Table);
        // the tables are embedded: no query searches, and nothing is built
        assert_eq!(table.solver.nodes_expanded(), 0);
    }
}
