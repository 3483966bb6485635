//! The engine's plan: the one place that chooses which component answers a query, by the
//! board's shape, the goal, the options and what the store holds. A new search or heuristic is a
//! component (`super::super::search`) or an evaluator (`super::super::heuristic`) and one arm here.
//!
//! - 3×3: the tables, or the search `--algo` names.
//! - Parities that differ: unreachable, without a search. Up to 9 cells: the tables.
//! - `--fast`: a short optimal probe, then the beam.
//! - Larger: IDA* with the heuristic `--algo` names, or chosen: pattern databases where a family
//!   serves the goal, reached through a probe of linear conflicts while they are not ready, 6-6-3
//!   making way for 7-8 as the run's work grows; linear conflicts elsewhere. A share of one
//!   iteration, or a run resumed at a bound (`Bounds`), takes the strong databases at once.

use super::Settings;
use crate::puzzle::board::{Board, Shape};
use crate::solve::conflicts::LinearConflicts;
use crate::solve::control::Control;
use crate::solve::fast;
use crate::solve::heuristic::{Evaluator, Heuristic};
use crate::solve::manhattan::ManhattanDistance;
use std::sync::Arc;

use crate::solve::pdb::{Class, Kind, Loaded, Partition, Pdb, Supply, SEVEN_VIEWS};
use crate::solve::report::{Guide, Method, Small};
use crate::solve::search::{
    square3, Beam, Bibfs, Bounds, Escalate, Fetch, Ida, Parity, Query, Rent, Search, Solution,
    Textbook, Whole,
};
use crate::solve::small;

/// The nodes a 4×4 search spends with linear conflicts before it fetches pattern databases that
/// are not ready: about a tenth of a second (0.08 s for `eight steps --size 4x4 --max-nodes
/// 1000000` on a board past it, with no cache), against the seconds of a build, so that a
/// shallow board (LightOJ's 35 moves) never waits for one.
pub const PROBE: u64 = 1_000_000;

/// The nodes `--fast` lets the optimal search of a 4×4 board spend before it takes the beam's
/// path instead: with the databases, enough for most of Korf's 100 (their median is some
/// 100,000), a tenth of a second at most.
pub const FAST_PROBE: u64 = 2_000_000;

/// The same for the other sizes, where linear conflicts are all IDA* has: enough for shallow
/// boards, some 10 ms (on a random 5×5 board the probe never ends, and 2,000,000 nodes cost a
/// quarter of `--fast`'s time).
pub const FAST_PROBE_OTHERS: u64 = 200_000;

/// The nodes that 6-6-3 searches may spend in all, under the automatic choice, between two looks
/// for the 7-8 databases in the cache, when they were not there at the start of the search (a
/// run elsewhere may be building them): about what reading them costs in searching time (0.07 s
/// for 288 MB, some 20 million 6-6-3 nodes a second). Databases already cached answer every
/// board they serve.
pub const LOAD: u64 = 2_000_000;

/// The nodes that 6-6-3 searches may spend in all, under the automatic choice, before the 7-8
/// databases are built: about what the build costs in searching time (four minutes on two cores
/// here). The rule of ski rental: never more than twice the cost of the best choice made knowing
/// the run's work in advance.
pub const ESCALATE: u64 = 4_000_000_000;

/// The same on 5×5 for linear conflicts before the 6-6-6-6 databases are built (70 s on two
/// cores here, where linear conflicts search some 7 million nodes a second): what a 5×5 search
/// spends today before it gives up ([`super::DEFAULT_BUDGET_OTHERS`]), so a board that linear
/// conflicts answer in seconds never waits for the build, and a deep one gets the databases
/// without being asked.
pub const ESCALATE_24: u64 = 50_000_000;

/// Which pattern databases serve an optimal search towards a goal.
pub(super) enum Databases {
    /// None: linear conflicts.
    None,
    /// The tables of a partition.
    Tables(Partition),
    /// A weaker guide (the tables of `weak`, or linear conflicts when `None`) until the run's
    /// searches with it have spent `build` nodes, and pay for building the tables of `strong`
    /// (looked for again every `load` nodes, if a run elsewhere makes them).
    Rent {
        weak: Option<Partition>,
        strong: Partition,
        load: u64,
        build: u64,
    },
}

/// A component planned for a query: one the engine keeps, or one made for it.
pub(super) enum Planned<'a> {
    Kept(&'a mut dyn Search),
    Made(Box<dyn Search + 'a>),
}

impl Search for Planned<'_> {
    fn search(&mut self, query: &Query, control: &Control) -> Solution {
        match self {
            Planned::Kept(search) => search.search(query, control),
            Planned::Made(search) => search.search(query, control),
        }
    }
}

/// The component that answers the query from `start` to `goal`; see the module's documentation.
pub(super) fn plan<'a>(
    settings: &'a Settings,
    whole: &'a mut Whole,
    bibfs: &'a mut Bibfs,
    start: &Board,
    goal: &Board,
) -> Planned<'a> {
    if let (Some(_), Some(_)) = (square3(start), square3(goal)) {
        return match settings.small {
            Small::Table => Planned::Kept(whole),
            Small::Bibfs => Planned::Kept(bibfs),
            Small::Bfs => Planned::Made(Box::new(Textbook::Bfs)),
            Small::Astar => Planned::Made(Box::new(Textbook::Astar)),
            Small::Idastar => Planned::Made(Box::new(Textbook::Idastar)),
        };
    }
    if !start.reaches(goal) {
        return Planned::Made(Box::new(Parity));
    }
    if goal.cells().len() <= small::MAX_CELLS {
        return Planned::Kept(whole);
    }
    if settings.fast {
        let (probe, within): (Box<dyn Search>, u64) = match settings.ready_for_fast(goal) {
            true => (
                optimal(settings, goal),
                settings.budget_for(goal).min(FAST_PROBE),
            ),
            false => {
                let within = settings.budget(goal.shape()).min(FAST_PROBE_OTHERS);
                (Box::new(Ida::new(LinearConflicts, settings.jobs())), within)
            }
        };
        let width = fast::beam_width(goal.shape());
        return Planned::Made(Box::new(Beam::new(probe, within, width, whole)));
    }
    Planned::Made(optimal(settings, goal))
}

/// The optimal search of a board of more than 9 cells towards `goal`.
fn optimal<'a>(settings: &'a Settings, goal: &Board) -> Box<dyn Search + 'a> {
    let (guide, jobs) = (settings.guide, settings.jobs());
    let supply = &**settings.store.databases();
    // a guide without databases looks at none
    match guide {
        Guide::Manhattan => return Box::new(Ida::new(ManhattanDistance, jobs)),
        Guide::Conflicts => return Box::new(Ida::new(LinearConflicts, jobs)),
        Guide::Auto | Guide::Pdb => {}
    }
    let databases = match settings.databases_for(goal) {
        // a share of an iteration, or a run resumed, searches with the strong databases at once:
        // a share's record must not depend on what a machine's cache held
        Databases::Rent { strong, .. } if settings.bounds != Bounds::All => {
            Databases::Tables(strong)
        }
        // cached, but found damaged when read: as if they were not cached
        Databases::Tables(partition)
            if settings.databases.is_none()
                && settings.bounds == Bounds::All
                && supply.ready_tables(&partition).is_none() =>
        {
            settings.renting(goal)
        }
        databases => databases,
    };
    let strong: Box<dyn Search + 'a> = match databases {
        Databases::None => return Box::new(Ida::new(LinearConflicts, jobs)),
        Databases::Tables(ref partition) => fetch(settings, partition.clone()),
        Databases::Rent {
            ref weak,
            ref strong,
            load,
            build,
        } => {
            let ready = strong.clone();
            let weak: Box<dyn Search> = match weak {
                Some(weak) => fetch(settings, weak.clone()),
                None => Box::new(Ida::new(LinearConflicts, jobs)),
            };
            Box::new(Rent {
                weak,
                strong: fetch(settings, strong.clone()),
                ready: Box::new(move || supply.ready_tables(&ready).is_some()),
                spent: &settings.store.weak,
                load,
                build,
            })
        }
    };
    let ready = match databases {
        // the databases alone: fetched (or built) at once
        _ if guide == Guide::Pdb || settings.bounds != Bounds::All => true,
        Databases::None => true,
        Databases::Tables(ref partition) => supply.ready_tables(partition).is_some(),
        Databases::Rent {
            weak: Some(ref weak),
            ..
        } => supply.ready_tables(weak).is_some(),
        Databases::Rent { weak: None, .. } => true,
    };
    match ready {
        true => strong,
        false => {
            let probe = Box::new(Ida::new(LinearConflicts, 1));
            Box::new(Escalate::new(probe, PROBE, strong))
        }
    }
}

/// IDA* with the databases of `partition`, and the dual lookup's if the settings ask for it,
/// fetched (built if need be, stopped as the control asks) when first asked.
fn fetch(settings: &Settings, partition: Partition) -> Box<dyn Search + '_> {
    let (supply, jobs) = (&**settings.store.databases(), settings.jobs());
    let dual = settings.dual && has_dual(partition.kind);
    let method = match dual {
        true => Method::Dual(partition.kind),
        false => Method::Pdb(partition.kind),
    };
    Box::new(Fetch::new(
        method,
        Box::new(move |control| {
            let tables = supply.tables(&partition, control)?;
            let duals = match dual {
                true => duals(supply, &partition, control)?,
                false => Vec::new(),
            };
            Some(match (partition.is_addressed(), partition.splits.len()) {
                (true, _) => Box::new(Ida::new(
                    Loaded::addressed(partition, tables).with_duals(duals),
                    jobs,
                )),
                (false, 1) => Box::new(Ida::new(
                    Loaded::new(partition, tables).with_duals(duals),
                    jobs,
                )),
                (false, _) => Box::new(Ida::new(
                    Loaded::<false, SEVEN_VIEWS>::ranked(partition, tables),
                    jobs,
                )),
            })
        }),
    ))
}

/// The families `auto` searches with in place of `strong` when they are cached and it is not,
/// best first: the zero-aware ones, which expand fewer nodes for more time a node (Korf's 100:
/// 955,523 nodes with 7-8z, 1,874,459 with 7-8; Korf and Felner's eight easiest: 1.34 G with
/// 6-6-6-6x7z in 426 s, 8.45 G with 6-6-6-6 in 416 s). The plain 6-6-6-6x7 is not among them:
/// its tables hold 6-6-6-6's, so whenever it is cached, `strong` is too.
fn alternatives(strong: Kind) -> &'static [Kind] {
    match strong {
        Kind::SevenEight => &[Kind::SevenEightZero],
        Kind::TwentyFour => &[Kind::TwentyFourMaxZero, Kind::TwentyFourZero],
        _ => &[],
    }
}

/// Whether a family has the dual lookup (`pdb::dual`): the 4×4 families, whose every class has
/// tables.
fn has_dual(kind: Kind) -> bool {
    kind.side() == 4
}

/// The dual lookup's tables for the family of `partition`: each class's partition and tables,
/// built if need be; `None` if `control` asked for a stop during a build.
fn duals(
    supply: &dyn Supply,
    partition: &Partition,
    control: &Control,
) -> Option<Vec<(Partition, Vec<Arc<Pdb>>)>> {
    let classes = Partition::family(partition.kind)
        .into_iter()
        .map(|partition| {
            let tables = supply.tables(&partition, control)?;
            Some((partition, tables))
        });
    classes.collect()
}

/// The best admissible estimate of the moves from `start` to `goal` that needs no search: see
/// [`super::Engine::lower_bound`].
pub(super) fn lower_bound(settings: &Settings, start: &Board, goal: &Board) -> u32 {
    let conflicts = LinearConflicts.heuristic(start, goal).estimate();
    let supply = &**settings.store.databases();
    let databases = match settings.databases_for(goal) {
        Databases::None | Databases::Rent { weak: None, .. } => return conflicts,
        Databases::Tables(partition) => partition,
        Databases::Rent {
            weak: Some(weak), ..
        } => weak,
    };
    let estimate = supply.ready_tables(&databases).map_or(0, |tables| {
        match (databases.is_addressed(), databases.splits.len()) {
            (true, _) => Loaded::addressed(databases, tables)
                .heuristic(start, goal)
                .estimate(),
            (false, 1) => Loaded::new(databases, tables)
                .heuristic(start, goal)
                .estimate(),
            (false, _) => Loaded::<false, SEVEN_VIEWS>::ranked(databases, tables)
                .heuristic(start, goal)
                .estimate(),
        }
    });
    conflicts.max(estimate)
}

impl Settings {
    /// The databases that serve an optimal search towards `goal`: those asked for (`--pdb`), or
    /// the family that suits the goal and what is cached (looked at, not read).
    pub(super) fn databases_for(&self, goal: &Board) -> Databases {
        let supply = &**self.store.databases();
        match (goal.shape(), self.databases) {
            (Shape::SQUARE4, Some(kind)) if kind.side() == 4 => {
                Databases::Tables(Partition::of(kind, Class::of(goal.blank())))
            }
            (Shape::SQUARE4, Some(_)) => {
                Databases::Tables(Partition::six_six_three(Class::of(goal.blank())))
            }
            (Shape::SQUARE5, Some(kind)) if kind.side() == 5 => {
                Databases::Tables(Partition::of(kind, Class::Corner))
            }
            // the strong databases when cached, else rented
            _ => {
                let renting = self.renting(goal);
                let Databases::Rent { strong, .. } = &renting else {
                    return renting;
                };
                // or, outside a shared search's units (whose records must not depend on what a
                // machine's cache holds), another family of the size that is cached
                let others = match self.bounds {
                    Bounds::All => alternatives(strong.kind),
                    _ => &[],
                };
                let class = Class::of(strong.blank);
                let families = std::iter::once(strong.kind).chain(others.iter().copied());
                (families.map(|kind| Partition::of(kind, class)))
                    .find(|partition| supply.cached_tables(partition))
                    .map_or(renting, Databases::Tables)
            }
        }
    }

    /// The automatic choice towards `goal` while its strong databases are not to be had without
    /// a build: on 4×4, 6-6-3 until the run's work pays for building 7-8; on 5×5 with the goal's
    /// blank in a corner, linear conflicts until it pays for building 6-6-6-6 (a minute or
    /// more); elsewhere none.
    fn renting(&self, goal: &Board) -> Databases {
        let corner = |side: usize| {
            let (row, column) = (goal.blank() / side, goal.blank() % side);
            (row == 0 || row == side - 1) && (column == 0 || column == side - 1)
        };
        match goal.shape() {
            Shape::SQUARE4 => {
                let class = Class::of(goal.blank());
                Databases::Rent {
                    weak: Some(Partition::six_six_three(class)),
                    strong: Partition::seven_eight(class),
                    load: LOAD,
                    build: ESCALATE,
                }
            }
            Shape::SQUARE5 if corner(5) => Databases::Rent {
                weak: None,
                strong: Partition::twenty_four(),
                load: ESCALATE_24,
                build: ESCALATE_24,
            },
            _ => Databases::None,
        }
    }

    /// Whether `--fast`'s probe may search with databases (ready, or quick to build).
    fn ready_for_fast(&self, goal: &Board) -> bool {
        match self.databases_for(goal) {
            Databases::None => false,
            // built in seconds
            Databases::Rent { weak, .. } => weak.is_some(),
            Databases::Tables(partition) => {
                partition.kind == Kind::SixSixThree
                    || self.store.databases().ready_tables(&partition).is_some()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

    use super::*;
    use crate::solve::control::Control;
    use crate::solve::engine::{Engine, Outcome};
    use crate::solve::pdb::{Nibbles, Pdb, Spec};
    use crate::solve::store::Store;
    use std::sync::Arc;

    /// The process's 6-6-3 databases, no other table to be had (7-8 ones that look cached, if
    /// `damaged`, found damaged when read), and a note of any build asked for (refused, as if
    /// stopped) and of any read of another family's table.
    #[derive(Default)]
    struct Watching {
        built: AtomicBool,
        damaged: bool,
        read: AtomicBool,
    }

    /// The process's 6-6-3 tables of `spec`, built if need be; `None` for another family.
    fn six_six_three(spec: &Spec) -> Option<Arc<Pdb>> {
        let quick = spec.kind == Kind::SixSixThree;
        quick.then(|| {
            Store::default()
                .databases()
                .table(spec, &Control::default())
        })?
    }

    impl Supply for Watching {
        fn cached(&self, spec: &Spec) -> bool {
            (self.damaged && spec.kind == Kind::SevenEight) || self.ready_table(spec).is_some()
        }
        fn ready_table(&self, spec: &Spec) -> Option<Arc<Pdb>> {
            self.read.fetch_or(spec.kind != Kind::SixSixThree, Relaxed);
            six_six_three(spec)
        }
        fn table(&self, spec: &Spec, _: &Control) -> Option<Arc<Pdb>> {
            let found = six_six_three(spec);
            self.built.fetch_or(found.is_none(), Relaxed);
            found
        }
    }

    /// Korf's first instance and goal.
    fn korf_one() -> (Board, Board) {
        let cells = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
        let start = Board::new(Shape::SQUARE4, &cells).expect("a board");
        let goal = Board::canonical(Shape::SQUARE4, 0);
        (start, goal)
    }

    /// An engine whose run has spent `weak` nodes on 6-6-3 searches.
    fn spent(weak: u64) -> (Engine, Arc<Watching>) {
        let source = Arc::new(Watching::default());
        let store = Store::new(source.clone());
        store.weak.store(weak, Relaxed);
        (Engine::default().with_store(Arc::new(store)), source)
    }

    /// Nothing ready, and a note of anything fetched.
    #[derive(Default)]
    struct Empty {
        fetched: AtomicBool,
    }

    impl Supply for Empty {
        fn ready_table(&self, _: &Spec) -> Option<Arc<Pdb>> {
            None
        }
        fn table(&self, spec: &Spec, _: &Control) -> Option<Arc<Pdb>> {
            self.fetched.store(true, Relaxed);
            six_six_three(spec)
        }
    }

    #[test]
    fn a_search_stopped_during_its_probe_fetches_no_databases() {
        let (start, goal) = korf_one();
        let supply = Arc::new(Empty::default());
        let stop = Arc::new(AtomicBool::new(true));
        let mut engine = Engine::default()
            .with_store(Arc::new(Store::new(supply.clone())))
            .with_control(Control::default().stopped_by(stop.clone()));
        let solution = engine.solve(&start, &goal, None);
        assert_eq!(solution.outcome, Outcome::Exhausted);
        assert_eq!(solution.report.method, Method::Conflicts);
        assert!(
            !supply.fetched.load(Relaxed),
            "nothing fetched once stopped"
        );
        // not stopped, the probe that spends its nodes makes way for the databases
        stop.store(false, Relaxed);
        let mut engine = engine.with_budget(Some(PROBE + 1_000));
        let solution = engine.solve(&start, &goal, None);
        assert!(
            supply.fetched.load(Relaxed),
            "the databases fetched past the probe"
        );
        assert_eq!(solution.report.method, Method::Pdb(Kind::SixSixThree));
    }

    #[test]
    fn past_the_reading_threshold_6_6_3_goes_on_when_7_8_is_not_cached() {
        let (start, goal) = korf_one();
        let (mut engine, source) = spent(LOAD + 1);
        let solution = engine.solve(&start, &goal, None);
        assert!(
            matches!(solution.outcome, Outcome::Found(ref path) if path.len() == 57),
            "{solution:?}"
        );
        assert_eq!(solution.report.method, Method::Pdb(Kind::SixSixThree));
        assert!(!source.built.load(Relaxed), "no build for a run this small");
    }

    #[test]
    fn past_the_building_threshold_the_7_8_databases_are_built() {
        let (start, goal) = korf_one();
        // ten nodes short: the 6-6-3 search stops there and asks for the build
        let (mut engine, source) = spent(ESCALATE - 10);
        let solution = engine.solve(&start, &goal, None);
        assert!(source.built.load(Relaxed), "the build asked for");
        // refused, as a stop during the build is: no answer, never a wrong one
        assert_eq!(solution.outcome, Outcome::Exhausted);
        assert_eq!(solution.report.method, Method::Pdb(Kind::SevenEight));
        // and a run that has spent nothing answers with 6-6-3 alone
        let (mut engine, source) = spent(0);
        assert!(matches!(
            engine.solve(&start, &goal, None).outcome,
            Outcome::Found(_)
        ));
        assert!(!source.built.load(Relaxed));
    }

    /// The process's 6-6-3 tables, 7-8 tables that read as cached (zeroes: a choice is made on
    /// them, no search), and nothing else.
    struct Cached78;

    impl Supply for Cached78 {
        fn ready_table(&self, spec: &Spec) -> Option<Arc<Pdb>> {
            match spec.kind {
                Kind::SevenEight => {
                    let nibbles = Nibbles::zeroed(spec.pattern.entries().div_ceil(2));
                    Pdb::from_nibbles(spec.pattern.clone(), nibbles).map(Arc::new)
                }
                _ => six_six_three(spec),
            }
        }
        fn table(&self, spec: &Spec, _: &Control) -> Option<Arc<Pdb>> {
            self.ready_table(spec)
        }
    }

    #[test]
    fn cached_7_8_databases_answer_from_the_first_board() {
        let (_, goal) = korf_one();
        let engine = Engine::default().with_store(Arc::new(Store::new(Arc::new(Cached78))));
        let chosen = engine.settings.databases_for(&goal);
        assert!(
            matches!(chosen, Databases::Tables(ref p) if p.kind == Kind::SevenEight),
            "7-8 when cached, with nothing spent"
        );
        // not cached: 6-6-3, renting 7-8
        let (engine, _) = spent(0);
        let chosen = engine.settings.databases_for(&goal);
        assert!(matches!(chosen, Databases::Rent { weak: Some(_), .. }));
    }

    /// Those families' tables in the cache (not read: a plan only looks), no other: by name,
    /// as the cache keeps them (a family may share another's tables).
    struct CachedFamilies(Vec<&'static str>);

    impl CachedFamilies {
        fn of(kinds: &[Kind]) -> CachedFamilies {
            let families = kinds.iter().flat_map(|&kind| Partition::family(kind));
            CachedFamilies(families.flat_map(|p| p.tables).map(|s| s.name).collect())
        }
    }

    impl Supply for CachedFamilies {
        fn cached(&self, spec: &Spec) -> bool {
            self.0.contains(&spec.name)
        }
        fn ready_table(&self, _: &Spec) -> Option<Arc<Pdb>> {
            None
        }
        fn table(&self, _: &Spec, _: &Control) -> Option<Arc<Pdb>> {
            None
        }
    }

    #[test]
    fn auto_takes_a_zero_aware_family_that_is_cached_where_the_plain_one_is_not() {
        let goals = [korf_one().1, Board::canonical(Shape::SQUARE5, 0)];
        // (a family's tables cached are those of every family they make: 6-6-6-6x7's hold
        // 6-6-6-6's)
        for (cached, expected) in [
            (
                vec![Kind::SevenEightZero],
                [Some(Kind::SevenEightZero), None],
            ),
            (
                vec![Kind::SevenEight, Kind::SevenEightZero],
                [Some(Kind::SevenEight), None],
            ),
            (
                vec![Kind::TwentyFourMaxZero],
                [None, Some(Kind::TwentyFourMaxZero)],
            ),
            (
                vec![Kind::TwentyFourZero],
                [None, Some(Kind::TwentyFourZero)],
            ),
            (
                vec![Kind::TwentyFourMaxZero, Kind::TwentyFourMax],
                [None, Some(Kind::TwentyFour)],
            ),
        ] {
            let store = Arc::new(Store::new(Arc::new(CachedFamilies::of(&cached))));
            let engine = Engine::default().with_store(store.clone());
            let unit = Engine::default()
                .with_store(store)
                .with_bounds(Bounds::From(40));
            for (goal, expected) in goals.iter().zip(expected) {
                let chosen = match engine.settings.databases_for(goal) {
                    Databases::Tables(partition) => Some(partition.kind),
                    _ => None,
                };
                assert_eq!(chosen, expected, "{cached:?}, {} goal", goal.shape());
                // a unit of a shared search takes the plain family, whatever is cached
                let chosen = match unit.settings.databases_for(goal) {
                    Databases::Tables(partition) => Some(partition.kind),
                    _ => None,
                };
                let plain =
                    expected.filter(|&kind| kind == Kind::SevenEight || kind == Kind::TwentyFour);
                assert_eq!(chosen, plain, "a unit: {cached:?}, {} goal", goal.shape());
            }
        }
    }

    /// A 5×5 board a walk of 30 moves from Korf and Felner's goal (blank in cell 0): linear
    /// conflicts answer it in some thousands of nodes.
    fn deep_5x5() -> (Board, Board) {
        let goal = Board::canonical(Shape::SQUARE5, 0);
        let mut start = goal;
        for letter in "rrddllurrddruuldrdluurddlurrddl".chars() {
            let step = crate::puzzle::moves::Move::from_letter(letter).expect("a move");
            assert!(start.slide(step), "a legal move");
        }
        (start, goal)
    }

    #[test]
    fn a_5x5_search_builds_the_6_6_6_6_databases_once_linear_conflicts_have_spent_their_cost() {
        let (start, goal) = deep_5x5();
        // nothing spent: linear conflicts answer, and nothing is built
        let (mut engine, source) = spent(0);
        let solution = engine.solve(&start, &goal, None);
        assert!(
            matches!(solution.outcome, Outcome::Found(_)),
            "{solution:?}"
        );
        assert_eq!(solution.report.method, Method::Conflicts);
        assert!(!source.built.load(Relaxed));
        // ten nodes short of the build's cost: the build is asked for (refused here, as a stop
        // during it is: no answer, never a wrong one)
        let (mut engine, source) = spent(ESCALATE_24 - 10);
        let solution = engine.solve(&start, &goal, None);
        assert!(source.built.load(Relaxed), "the build asked for");
        assert_eq!(solution.outcome, Outcome::Exhausted);
        assert_eq!(solution.report.method, Method::Pdb(Kind::TwentyFour));
    }

    #[test]
    fn cached_7_8_databases_found_damaged_make_way_for_6_6_3() {
        let (start, goal) = korf_one();
        let supply = Arc::new(Watching {
            damaged: true,
            ..Watching::default()
        });
        let store = Arc::new(Store::new(supply.clone()));
        let mut engine = Engine::default().with_store(store);
        let solution = engine.solve(&start, &goal, None);
        assert!(matches!(solution.outcome, Outcome::Found(ref path) if path.len() == 57));
        assert_eq!(solution.report.method, Method::Pdb(Kind::SixSixThree));
        assert!(!supply.built.load(Relaxed), "no build for one board");
    }

    #[test]
    fn a_share_or_a_resumed_search_takes_the_strong_databases_at_once() {
        use crate::solve::ida::Share;
        let (start, goal) = korf_one();
        let share = Share {
            bound: 41,
            part: 1,
            parts: 2,
        };
        for bounds in [Bounds::From(41), Bounds::Share(share)] {
            // nothing spent: the whole search would rent 6-6-3 for billions of nodes
            let (engine, source) = spent(0);
            let solution = engine.with_bounds(bounds).solve(&start, &goal, None);
            assert!(source.built.load(Relaxed), "{bounds:?}: 7-8 asked for");
            assert_eq!(solution.outcome, Outcome::Exhausted, "{bounds:?}: refused");
        }
        // the whole search rents 6-6-3, ready here, and builds nothing
        let (engine, source) = spent(0);
        let solution = engine.with_budget(Some(1_000)).solve(&start, &goal, None);
        assert_eq!(solution.report.method, Method::Pdb(Kind::SixSixThree));
        assert!(!source.built.load(Relaxed));
    }

    #[test]
    fn a_guide_without_databases_reads_none() {
        let goal = Board::canonical(Shape::SQUARE4, 0);
        let mut start = goal;
        for letter in "rddl".chars() {
            let step = crate::puzzle::moves::Move::from_letter(letter).expect("a move");
            assert!(start.slide(step));
        }
        for (guide, reads) in [
            (Guide::Conflicts, false),
            (Guide::Manhattan, false),
            (Guide::Auto, true),
        ] {
            // 7-8 tables that look cached: the automatic choice reads them
            let supply = Arc::new(Watching {
                damaged: true,
                ..Watching::default()
            });
            let store = Arc::new(Store::new(supply.clone()));
            let mut engine = Engine::default().with_store(store).with_guide(guide);
            let solution = engine.solve(&start, &goal, None);
            assert!(matches!(solution.outcome, Outcome::Found(ref path) if path.len() == 4));
            assert_eq!(supply.read.load(Relaxed), reads, "{guide:?}");
        }
    }
}
