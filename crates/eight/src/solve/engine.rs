//! The engine behind every solving command: a cache of the components that answer queries
//! (`super::search`), the choices and limits of a run, and its control. Its plan (`plan.rs`) is
//! the one place that decides which component answers a query, by shape, goal, options and what
//! the store holds; the 3×3 tables are also reached directly, for the quick path. All give the
//! canonical answer, so output does not depend on which one answered.

use std::sync::Arc;
use std::time::Duration;

use super::clock::Clock;
use super::control::Control;
use super::pdb::{Family, Supply};
use super::search::bounded::Ask;
use super::search::{Bibfs, Bounds, Collect, Query, Search, Solution, Whole};
use super::small;
use super::store::Store;
use super::textbook::Estimate;
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::moves::Path;
use eight_core::packed::Packed;

mod databases;
mod plan;
mod request;
pub use super::catalog::Guide;
pub use super::report::{Method, Quality, Report, Small, Want};
pub use super::search::ida::Outcome;
pub use super::search::MoveSink;
use plan::Kept;
pub use request::{Request, KEPT_BOARDS};

/// How an engine answers: the same for every engine made [like](Engine::like) another.
#[derive(Clone, Default)]
struct Settings {
    /// How 3×3 boards are answered, or that a textbook search answers every board.
    small: Small,
    /// What guides the textbook A* and IDA*.
    estimate: Estimate,
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
    /// The most cells a board may have and still be answered by the optimal search, where any
    /// path will do above it (a judge's `fast_above`: POJ 3240's 10×10 boards); `None`: no
    /// such size.
    fast_above: Option<usize>,
    /// How `--fast`'s path is then shortened, and what must be proved of it (`None`: not).
    bounded: Option<Ask>,
    /// The pattern databases asked for (`--pdb`); `None`: chosen for the board and the run.
    databases: Option<Family>,
    /// Whether 4×4 databases look each board up in its dual too (`pdb::dual`).
    dual: bool,
    /// Which of IDA*'s iterations a search of a board of more than 9 cells runs.
    bounds: Bounds,
    /// What it looks up instead of searching, shared with the engines made like it.
    store: Arc<Store>,
    /// What stops its searches and hears of their progress.
    control: Control,
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

impl Unsolved {
    /// Why a search without a limit that ended in `outcome` found no path.
    fn of(outcome: Outcome) -> Unsolved {
        match outcome {
            Outcome::Unreachable => Unsolved::Unreachable,
            // without a limit no path is beyond it: only a spent budget or a stop is left
            _ => Unsolved::Exhausted,
        }
    }
}

/// Answers queries about boards of every shape; see the module's documentation.
pub struct Engine {
    settings: Settings,
    /// The whole-space tables, with the last 3×3 goal asked about.
    whole: Whole,
    /// The bidirectional search, its memory allocated once.
    bibfs: Bibfs,
}

impl Default for Engine {
    /// An engine that answers 3×3 boards from the tables and chooses the heuristic of larger
    /// boards, with a store of its own.
    fn default() -> Engine {
        let settings = Settings::default();
        Engine {
            whole: Whole::new(settings.store.clone()),
            settings,
            bibfs: Bibfs::default(),
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

/// The boards of more cells than this are searched by every thread together, one case at a time
/// ([`Engine::searches_together`]); the 4×4 boards side by side, a thread each: most take
/// milliseconds (Korf's 100 with 7-8: 462 ms in all), and a board alone pays for cutting each
/// iteration.
const TOGETHER_ABOVE: usize = 16;

impl Engine {
    /// This engine, answering 3×3 boards as `small` says.
    pub fn with_small(mut self, small: Small) -> Engine {
        self.settings.small = small;
        self
    }

    /// This engine, guiding its textbook A* and IDA* ([`Small::Astar`], [`Small::Idastar`]) by
    /// `estimate`.
    pub fn with_estimate(mut self, estimate: Estimate) -> Engine {
        self.settings.estimate = estimate;
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
            whole: Whole::new(self.settings.store.clone()),
            settings: self.settings.clone(),
            bibfs: Bibfs::default(),
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
    /// (the `fast` module): every solvable board of every size gets one, and
    /// [`Report::quality`] says how good it is.
    pub fn with_fast(mut self, fast: bool) -> Engine {
        self.settings.fast = fast;
        self
    }

    /// This engine, shortening a `--fast` path as `ask` says (boards of at most
    /// [`MOST_BOUNDED_CELLS`](crate::solve::MOST_BOUNDED_CELLS) cells): its windows solved
    /// optimally, its last moves by the optimal search, and with a time, again with wider beams;
    /// with a factor asked, a weighted search proves it (else the case is
    /// [`Outcome::Exhausted`], its [`Report::quality`] saying what was proved). Implies `fast`.
    pub fn with_bounded(mut self, ask: Option<Ask>) -> Engine {
        self.settings.fast |= ask.is_some();
        self.settings.bounded = ask;
        self
    }

    /// This engine, running only the iterations of IDA* that `bounds` says in searches of
    /// boards of more than 9 cells: from a bound on (a long run resumed), or one share of one
    /// iteration (a unit of work for another machine), with the strong databases at once and, for
    /// a share, no node budget unless one is set. Boards of up to 9 cells are answered as ever.
    pub fn with_bounds(mut self, bounds: Bounds) -> Engine {
        self.settings.bounds = bounds;
        self
    }

    /// This engine, searching with the pattern databases of `family` where they serve the board
    /// (`None`, the default: the family chosen for the board and the run; see `ESCALATE` in
    /// `engine/databases.rs`).
    pub fn with_databases(mut self, family: Option<Family>) -> Engine {
        self.settings.databases = family;
        self
    }

    /// This engine, its 4×4 pattern databases looking each board up in its dual too, the other
    /// classes' tables built if need be: some half the nodes, each costing about twice as much
    /// (slower on the machine measured: see the guide, docs/src/performance.md).
    pub fn with_dual(mut self, dual: bool) -> Engine {
        self.settings.dual = dual;
        self
    }

    /// This engine, answering boards of more than `most` cells as [`Engine::with_fast`] does
    /// (any path where the shortest is out of reach), others optimally: a judge that takes any
    /// path on its largest boards (`None`: every board as `with_fast` says).
    pub fn with_fast_above(mut self, most: Option<usize>) -> Engine {
        self.settings.fast_above = most;
        self
    }

    /// [`Engine::with_fast_above`] on this engine, for the queries from now on: one engine
    /// serves judges of both kinds.
    pub fn set_fast_above(&mut self, most: Option<usize>) {
        self.settings.fast_above = most;
    }

    /// The factor of the shortest (in hundredths) its paths must be proved within, if asked.
    pub fn within(&self) -> Option<u32> {
        self.settings.bounded.and_then(|ask| ask.within)
    }

    /// Whether any path will do where the shortest is out of reach.
    pub fn is_fast(&self) -> bool {
        self.settings.fast
    }

    /// Whether its threads search a board of `shape` together: a shortest path (not `--fast`,
    /// `--within` or `--time`) on more than 16 cells, on several threads, each iteration cut
    /// into thousands of subtrees they share. Such a search takes seconds to hours, so cases
    /// are better searched one at a time, each on every thread, than side by side, where the
    /// last case of a batch leaves the other threads idle.
    pub fn searches_together(&self, shape: Shape) -> bool {
        let exact = !self.settings.fast && self.settings.bounded.is_none();
        exact && self.settings.jobs() > 1 && shape.cells() > TOGETHER_ABOVE
    }

    /// This engine, looking up in `store` (its 4×4 pattern databases among them).
    pub fn with_store(mut self, store: Arc<Store>) -> Engine {
        self.whole = Whole::new(store.clone());
        self.settings.store = store;
        self
    }

    /// This engine, its searches stopped and watched by `control`.
    pub fn with_control(mut self, control: Control) -> Engine {
        self.settings.control = control;
        self
    }

    /// What stops its searches and hears of their progress.
    pub fn control(&self) -> &Control {
        &self.settings.control
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
        self.settings.budget(shape)
    }

    /// The node budget of a search of a board towards `goal`, of more than 9 cells:
    /// [`DEFAULT_BUDGET`] where pattern databases serve the goal, as on 4×4.
    pub fn budget_for(&self, goal: &Board) -> u64 {
        self.settings.budget_for(goal)
    }

    /// The threads a 4×4 search may use.
    pub fn jobs(&self) -> usize {
        self.settings.jobs()
    }

    /// The minimum number of moves from `start` to `goal`, or why there is none: unreachable,
    /// or, for a board of more than 9 cells, a search that spent its budget first.
    #[inline]
    pub fn distance(&mut self, start: &Board, goal: &Board) -> Result<u32, Unsolved> {
        if let Some((kept, (start, goal))) = plan::kept(&self.settings, start, goal) {
            let found = match kept {
                Kept::Whole => self.whole.distance(start, goal),
                Kept::Bibfs => {
                    let (start, goal) = (
                        Packed::from_permutation(*start),
                        Packed::from_permutation(*goal),
                    );
                    self.bibfs.distance(&start, &goal)
                }
            };
            return found.ok_or(Unsolved::Unreachable);
        }
        // a length needs no canonical path
        match self.seek(Want::Shortest, start, goal, None).outcome {
            Outcome::Found(path) => Ok(path.len() as u32),
            outcome => Err(Unsolved::of(outcome)),
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
        if let Some((Kept::Whole, (start, goal))) = plan::kept(&self.settings, start, goal) {
            return self
                .whole
                .walk(start, goal, sink)
                .ok_or(Unsolved::Unreachable);
        }
        self.answer(start, goal)
            .map(|path| sink.take(path.0.into_iter()))
    }

    /// The canonical path from `start` to `goal`, or why there is none as [`Engine::distance`]
    /// says.
    pub fn path(&mut self, start: &Board, goal: &Board) -> Result<Path, Unsolved> {
        self.walk(start, goal, Collect)
    }

    /// Fetches now (reads from its store's supply, or builds) the databases its searches towards
    /// `goals` would start with, stopped as its control asks: so that no search waits on them
    /// later, and nothing is fetched at a time of the caller's choosing (the judge prepares
    /// before any program runs). The plan chooses them, as for a query.
    pub fn prepare<'a>(&self, goals: impl IntoIterator<Item = &'a Board>) {
        for goal in goals {
            databases::prepare(&self.settings, goal, &self.settings.control);
        }
    }

    /// The canonical path between boards of any shape, if it is at most `limit` moves long, and
    /// what found it at what cost: the component that the plan chooses answers, stopped and
    /// watched by the engine's control.
    pub fn solve(&mut self, start: &Board, goal: &Board, limit: Option<u32>) -> Solution {
        self.seek(Want::Canonical, start, goal, limit)
    }

    /// [`Engine::solve`], for the path `want` says: the canonical one, or a shortest one, which
    /// a search of a board of more than 9 cells finds sooner (its [`Report::found`] says which
    /// it is): for an answer that is a length alone.
    pub fn seek(
        &mut self,
        want: Want,
        start: &Board,
        goal: &Board,
        limit: Option<u32>,
    ) -> Solution {
        let large = goal.cells().len() > small::MAX_CELLS;
        // reading the clock costs more than a lookup: only searches and `--stats` are timed
        let began = (large || self.settings.timed).then(Clock::start);
        let budget = match large {
            true => self.settings.budget_for(goal),
            false => u64::MAX,
        };
        let query = Query {
            start,
            goal,
            limit,
            budget,
            bounds: self.settings.bounds,
            want,
        };
        let settings = &self.settings;
        let mut planned = plan::plan(settings, &mut self.whole, &mut self.bibfs, start, goal);
        let mut solution = planned.search(&query, &settings.control);
        drop(planned);
        let report = &mut solution.report;
        if let (Duration::ZERO, Some(began)) = (report.stats.time, began) {
            report.stats.time = began.elapsed();
        }
        if let (true, Outcome::Found(path)) = (self.settings.fast_for(goal), &solution.outcome) {
            let length = path.len() as u32;
            solution.report.quality = Some(match solution.report.method {
                Method::Beam => {
                    let estimate = self.lower_bound(start, goal);
                    let proved = solution.report.quality;
                    Quality {
                        optimal: proved.is_some_and(|quality| quality.optimal),
                        lower_bound: proved.map_or(estimate, |q| q.lower_bound.max(estimate)),
                        length,
                    }
                }
                // a search that proved less (one resumed above the start's estimate) says so
                _ => solution.report.quality.unwrap_or(Quality::exact(length)),
            });
        }
        let asked = self.settings.bounded.and_then(|ask| ask.within);
        if let (Some(within), Some(quality)) = (asked, solution.report.quality) {
            let (length, bound) = (u64::from(quality.length), u64::from(quality.lower_bound));
            if length * 100 > bound * u64::from(within) {
                solution.outcome = Outcome::Exhausted;
            }
        }
        if let (Some(limit), Outcome::Found(path)) = (limit, &solution.outcome) {
            if path.len() as u32 > limit {
                solution.outcome = Outcome::Beyond(limit);
            }
        }
        solution
    }

    /// The best admissible estimate of the moves from `start` to `goal` that needs no search:
    /// the Manhattan distance plus linear conflicts, or the pattern databases' estimate where
    /// they are ready, whichever is larger.
    pub fn lower_bound(&self, start: &Board, goal: &Board) -> u32 {
        plan::lower_bound(&self.settings, start, goal)
    }

    /// The path [`Engine::solve`] finds without a limit, or why it finds none.
    fn answer(&mut self, start: &Board, goal: &Board) -> Result<Path, Unsolved> {
        match self.solve(start, goal, None).outcome {
            Outcome::Found(path) => Ok(path),
            outcome => Err(Unsolved::of(outcome)),
        }
    }
}

impl Settings {
    /// Whether any path will do for a query towards `goal`: `--fast`, or a board larger than
    /// the judge answers optimally.
    fn fast_for(&self, goal: &Board) -> bool {
        self.fast
            || self
                .fast_above
                .is_some_and(|most| goal.cells().len() > most)
    }

    /// The node budget of a search of a board of `shape`, of more than 9 cells.
    fn budget(&self, shape: Shape) -> u64 {
        let default = match shape {
            Shape::SQUARE4 => DEFAULT_BUDGET,
            // a node of a larger board costs more: about the same time on every size
            _ => DEFAULT_BUDGET_OTHERS * 25 / shape.cells().max(25) as u64,
        };
        self.budget.unwrap_or(default)
    }

    /// The node budget of a search towards `goal`: [`DEFAULT_BUDGET`] where pattern databases
    /// serve the goal.
    fn budget_for(&self, goal: &Board) -> u64 {
        // a share is a unit of a long search: its scheduler, not a budget, limits it
        if let (Bounds::Share(_), None) = (self.bounds, self.budget) {
            return u64::MAX;
        }
        match self.databases_for(goal) {
            databases::Databases::None => self.budget(goal.shape()),
            _ => self.budget.unwrap_or(DEFAULT_BUDGET),
        }
    }

    /// The threads a search of a larger board may use.
    fn jobs(&self) -> usize {
        self.jobs.unwrap_or(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::square3::unpack;
    use eight_core::bibfs::Solver;
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
        let solution = search.solve(&start, &goal, None);
        assert_eq!(solution.report.method, Method::Bibfs);
        assert!(solution.report.stats.expanded > 0);
        let mut table = Engine::default();
        let solution = table.solve(&start, &goal, None);
        // the tables are embedded: no query searches, and nothing is built
        assert_eq!(solution.report.method, Method::Table);
        assert_eq!(solution.report.stats.expanded, 0);
        for small in [Small::Bfs, Small::Astar, Small::Idastar] {
            let mut textbook = Engine::default().with_small(small);
            let method = textbook.solve(&start, &goal, None).report.method;
            assert_eq!(method.name(), format!("{small:?}").to_lowercase());
        }
    }

    #[test]
    fn the_parity_is_said_without_a_search_on_every_size() {
        for (side, small) in [
            (3, Small::Table),
            (3, Small::Bibfs),
            (3, Small::Astar),
            (4, Small::Table),
        ] {
            let shape = Shape::new(side, side).expect("a shape");
            let goal = Board::ordered(shape);
            let mut cells = goal.cells().to_vec();
            cells.swap(0, 1);
            let start = Board::new(shape, &cells).expect("a board");
            let solution = Engine::default()
                .with_small(small)
                .solve(&start, &goal, None);
            assert_eq!(solution.outcome, Outcome::Unreachable);
            assert_eq!(solution.report.method, Method::Parity, "{side}: {small:?}");
        }
    }

    #[test]
    fn two_engines_stop_apart() {
        use std::sync::atomic::AtomicBool;
        let shape = Shape::new(5, 5).expect("a shape");
        let goal = Board::ordered(shape);
        let cells = "5 7 24 10 19 3 12 20 0 8 21 18 11 16 23 13 4 1 6 9 17 15 22 2 14";
        let deep = Board::parse(cells, shape).expect("a board");
        let flag = Arc::new(AtomicBool::new(true));
        let stopped = Control::default().stopped_by(flag);
        let mut stopping = Engine::default().with_control(stopped);
        let mut going = Engine::default().with_budget(Some(300_000));
        let solution = stopping.solve(&deep, &goal, None);
        assert_eq!(solution.outcome, Outcome::Exhausted);
        // stopped at its first look at the flag, long before its budget
        assert!(solution.report.stats.expanded <= 1 << 16, "{solution:?}");
        let solution = going.solve(&deep, &goal, None);
        assert_eq!(solution.outcome, Outcome::Exhausted);
        assert!(solution.report.stats.expanded > 300_000, "{solution:?}");
    }

    #[test]
    fn two_engines_count_and_build_apart() {
        // a board whose search pays for deeper duplicate-path machines on its way (1.2 M nodes
        // with the move back alone): an engine
        // that searched it once cuts more the second time, and another engine none of that
        let goal = Board::ordered(Shape::SQUARE4);
        let cells = "0 6 14 11 5 10 13 7 9 2 3 1 12 4 15 8";
        let start = Board::parse(cells, Shape::SQUARE4).expect("a board");
        let engine = || Engine::default().with_guide(Guide::CONFLICTS);
        let (mut first, mut second) = (engine(), engine());
        let nodes = |engine: &mut Engine| {
            let solution = engine.solve(&start, &goal, None);
            assert!(
                matches!(solution.outcome, Outcome::Found(_)),
                "{solution:?}"
            );
            solution.report.stats.expanded
        };
        let once = nodes(&mut first);
        let again = nodes(&mut first);
        assert!(
            again < once,
            "the machines it paid for cut more: {again} of {once}"
        );
        assert_eq!(nodes(&mut second), once, "another engine starts afresh");
        // an engine like another shares its store, and so what it paid for
        assert_eq!(nodes(&mut first.like()), again);
        assert!(!Arc::ptr_eq(first.store(), second.store()));
    }
}
