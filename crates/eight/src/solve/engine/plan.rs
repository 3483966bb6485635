//! The engine's plan: the one place that chooses which component answers a query, by the
//! board's shape, the goal, the options and what the store holds. The searches it makes for a
//! query are made by their catalogue entries (`catalog::Component::search`, a heuristic's
//! `Guided`); the pattern databases alone are planned here.
//!
//! - 3×3: the tables, or the search `--algo` names.
//! - Parities that differ: unreachable, without a search. Up to 9 cells: the tables.
//! - `--fast`: a short optimal probe, then the beam.
//! - Larger: IDA* with the heuristic `--algo` names, or chosen: pattern databases where a family
//!   serves the goal, reached through a probe of linear conflicts while they are not ready, 6-6-3
//!   making way for 7-8 as the run's work grows; linear conflicts elsewhere. A share of one
//!   iteration, or a run resumed at a bound (`Bounds`), takes the strong databases at once.

use super::databases::{has_dual, Databases, FAST_PROBE, FAST_PROBE_OTHERS, PROBE};
use super::Settings;
use crate::puzzle::board::Board;
use crate::solve::conflicts::LinearConflicts;
use crate::solve::control::Control;
use crate::solve::heuristic::{Evaluator, Heuristic};
use crate::solve::search::fast;
use std::sync::Arc;

use crate::solve::catalog::{self, Choice, Guide, Rig};
use crate::solve::detours::Machines;
use crate::solve::pdb::{Family, Loaded, Partition, Pdb, Supply, UseLoaded};
use crate::solve::report::{Method, Small};
use crate::solve::search::{
    square3, Beam, Bibfs, Bounds, Escalate, Fetch, Ida, Parity, Query, Rent, Search, Solution,
    Whole,
};
use crate::solve::small;

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

/// Which of the engine's kept components answers a 3×3 query, without a search of its own
/// planning: the tables, or the bidirectional search `--algo bibfs` names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kept {
    Whole,
    Bibfs,
}

/// The cells of a 3×3 start and goal.
type Cells3<'b> = (&'b [u8; 9], &'b [u8; 9]);

/// The kept component that answers a query from `start` to `goal` under `settings`, if one
/// does (3×3 boards, unless a textbook search is asked for), with the boards' cells: the
/// plan's first choice, which the engine's inlined lengths and walks ask too.
#[inline]
pub(super) fn kept<'b>(
    settings: &Settings,
    start: &'b Board,
    goal: &'b Board,
) -> Option<(Kept, Cells3<'b>)> {
    let kept = match settings.small {
        Small::Table => Kept::Whole,
        Small::Bibfs => Kept::Bibfs,
        Small::Bfs | Small::Astar | Small::Idastar => return None,
    };
    Some((kept, (square3(start)?, square3(goal)?)))
}

/// The component that answers the query from `start` to `goal`; see the module's documentation.
pub(super) fn plan<'a>(
    settings: &'a Settings,
    whole: &'a mut Whole,
    bibfs: &'a mut Bibfs,
    start: &Board,
    goal: &Board,
) -> Planned<'a> {
    // a textbook search asked for, on the boards its entry serves (else planned as the tables)
    let textbook = match settings.small {
        Small::Bfs | Small::Astar | Small::Idastar => catalog::COMPONENTS
            .iter()
            .find(|entry| entry.choice == Choice::Small(settings.small))
            .filter(|entry| entry.serves.fits(goal.shape())),
        Small::Table | Small::Bibfs => None,
    };
    if let Some(entry) = textbook {
        let rig = Rig::new(
            settings.jobs(),
            settings.store.machines(),
            settings.estimate,
        );
        if let Some(search) = entry.search(&rig) {
            return Planned::Made(search);
        }
    }
    if let Some((kept, _)) = kept(settings, start, goal) {
        return match kept {
            Kept::Bibfs => Planned::Kept(bibfs),
            Kept::Whole => Planned::Kept(whole),
        };
    }
    if !start.reaches(goal) {
        return Planned::Made(Box::new(Parity));
    }
    if goal.cells().len() <= small::MAX_CELLS {
        return Planned::Kept(whole);
    }
    if settings.fast_for(goal) {
        let (probe, within): (Box<dyn Search>, u64) = match settings.ready_for_fast(goal) {
            true => (
                optimal(settings, goal),
                settings.budget_for(goal).min(FAST_PROBE),
            ),
            false => {
                let within = settings.budget(goal.shape()).min(FAST_PROBE_OTHERS);
                (
                    Box::new(ida(settings, LinearConflicts, settings.jobs())),
                    within,
                )
            }
        };
        let width = fast::beam_width(goal.shape());
        let beam = Beam::new(probe, within, width, whole).improved(settings.bounded);
        return Planned::Made(Box::new(beam));
    }
    Planned::Made(optimal(settings, goal))
}

/// The optimal search of a board of more than 9 cells towards `goal`.
fn optimal<'a>(settings: &'a Settings, goal: &Board) -> Box<dyn Search + 'a> {
    let (guide, jobs) = (settings.guide, settings.jobs());
    let supply = &**settings.store.databases();
    // a guide without databases looks at none: its entry makes its search
    if let Guide::Heuristic(guided) = guide {
        let rig = Rig::new(jobs, settings.store.machines(), settings.estimate);
        return (guided.search)(&rig);
    }
    let databases = match settings.databases_for(goal) {
        // a share of an iteration, or a run resumed, searches with the strong databases at once:
        // a share's record must not depend on what a machine's cache held
        Databases::Rent { strong, .. } if settings.bounds != Bounds::All => {
            Databases::Tables(strong)
        }
        // cached, but found damaged when read: as if they were not cached
        Databases::Tables(partition)
            if settings.databases_asked(goal).is_none()
                && settings.bounds == Bounds::All
                && supply.ready_tables(&partition).is_none() =>
        {
            settings.renting(goal)
        }
        databases => databases,
    };
    let strong: Box<dyn Search + 'a> = match databases {
        Databases::None => return Box::new(ida(settings, LinearConflicts, jobs)),
        Databases::Tables(ref partition) => fetch(settings, partition.clone()),
        Databases::Rent {
            ref weak,
            ref strong,
            load,
            build,
            ref then,
        } => {
            let weak = match weak {
                Some(weak) => (Some(weak.family), fetch(settings, weak.clone())),
                None => (
                    None,
                    Box::new(ida(settings, LinearConflicts, jobs)) as Box<dyn Search>,
                ),
            };
            let search = match then {
                // the strong tables in turn make way for stronger ones
                Some((stronger, build)) => {
                    let strong = (Some(strong.family), fetch(settings, strong.clone()));
                    let then = fetch(settings, stronger.clone());
                    rent(settings, strong, (stronger, then), (*build, *build))
                }
                None => fetch(settings, strong.clone()),
            };
            rent(settings, weak, (strong, search), (load, build))
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
            let probe = Box::new(ida(settings, LinearConflicts, 1));
            Box::new(Escalate::new(probe, PROBE, strong))
        }
    }
}

/// IDA* with `evaluator`'s heuristic on `jobs` threads, cutting the detours of the store's
/// machines.
fn ida<E: Evaluator>(settings: &Settings, evaluator: E, jobs: usize) -> Ida<E> {
    Ida::new(evaluator, jobs).with_machines(settings.store.machines())
}

/// `weak` (the search guided by the tables of its family, linear conflicts if `None`) until the
/// tables of `strong` are ready and the run's searches with `weak` have spent `load` nodes, or
/// `build` nodes whatever is ready; then `strong`'s search, from the bound `weak` reached.
fn rent<'a>(
    settings: &'a Settings,
    (family, weak): (Option<Family>, Box<dyn Search + 'a>),
    (strong, search): (&Partition, Box<dyn Search + 'a>),
    (load, build): (u64, u64),
) -> Box<dyn Search + 'a> {
    let supply = &**settings.store.databases();
    let ready = strong.clone();
    Box::new(Rent {
        weak,
        strong: search,
        ready: Box::new(move || supply.ready_tables(&ready).is_some()),
        spent: settings.store.spent_on(family),
        load,
        build,
        guides: (
            family.map_or(Method::CONFLICTS, Method::Pdb),
            Method::Pdb(strong.family),
        ),
    })
}

/// IDA* with the databases of `partition`, and the dual lookup's if the settings ask for it,
/// fetched (built if need be, stopped as the control asks) when first asked.
fn fetch(settings: &Settings, partition: Partition) -> Box<dyn Search + '_> {
    let (supply, jobs) = (&**settings.store.databases(), settings.jobs());
    let machines = settings.store.machines();
    let dual = settings.dual && has_dual(partition.family);
    let method = match dual {
        true => Method::Dual(partition.family),
        false => Method::Pdb(partition.family),
    };
    Box::new(Fetch::new(
        method,
        Box::new(move |control| {
            let tables = supply.tables(&partition, control)?;
            let duals = match dual {
                true => duals(supply, &partition, control)?,
                false => Vec::new(),
            };
            Some(Loaded::with(
                partition,
                tables,
                duals,
                Searching(jobs, machines),
            ))
        }),
    ))
}

/// The dual lookup's tables for the family of `partition`: each class's partition and tables,
/// built if need be; `None` if `control` asked for a stop during a build.
fn duals(
    supply: &dyn Supply,
    partition: &Partition,
    control: &Control,
) -> Option<Vec<(Partition, Vec<Arc<Pdb>>)>> {
    let classes = Partition::family(partition.family)
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
        Loaded::with(databases, tables, Vec::new(), Estimating(start, goal))
    });
    conflicts.max(estimate)
}

/// IDA* on the loaded tables, on its threads, cutting the detours of its machines.
struct Searching<'a>(usize, &'a Arc<Machines>);

impl UseLoaded for Searching<'_> {
    type Out = Box<dyn Search>;

    fn with<E: Evaluator + 'static>(self, loaded: E) -> Box<dyn Search> {
        Box::new(Ida::new(loaded, self.0).with_machines(self.1))
    }
}

/// The loaded tables' estimate of the moves from a board to a goal.
struct Estimating<'a>(&'a Board, &'a Board);

impl UseLoaded for Estimating<'_> {
    type Out = u32;

    fn with<E: Evaluator + 'static>(self, loaded: E) -> u32 {
        loaded.heuristic(self.0, self.1).estimate()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

    use super::super::databases::{ESCALATE, ESCALATE_24, ESCALATE_24_MAX, LOAD};
    use super::*;
    use crate::puzzle::board::Shape;
    use crate::solve::control::Control;
    use crate::solve::engine::{Engine, Outcome};
    use crate::solve::manhattan::ManhattanDistance;
    use crate::solve::pdb::Class;
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
        let quick = spec.family == Family::SIX_SIX_THREE;
        quick.then(|| {
            Store::default()
                .databases()
                .table(spec, &Control::default())
        })?
    }

    impl Supply for Watching {
        fn cached(&self, spec: &Spec) -> bool {
            (self.damaged && spec.family == Family::SEVEN_EIGHT) || self.ready_table(spec).is_some()
        }
        fn ready_table(&self, spec: &Spec) -> Option<Arc<Pdb>> {
            self.read
                .fetch_or(spec.family != Family::SIX_SIX_THREE, Relaxed);
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
        // what linear conflicts (5×5) and 6-6-3 (4×4) have spent
        store.spent_on(None).store(weak, Relaxed);
        store
            .spent_on(Some(Family::SIX_SIX_THREE))
            .store(weak, Relaxed);
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
        assert_eq!(solution.report.method, Method::CONFLICTS);
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
        assert_eq!(solution.report.method, Method::Pdb(Family::SIX_SIX_THREE));
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
        assert_eq!(solution.report.method, Method::Pdb(Family::SIX_SIX_THREE));
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
        assert_eq!(solution.report.method, Method::Pdb(Family::SEVEN_EIGHT));
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
            match spec.family {
                Family::SEVEN_EIGHT => {
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
            matches!(chosen, Databases::Tables(ref p) if p.family == Family::SEVEN_EIGHT),
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
        fn of(families: &[Family]) -> CachedFamilies {
            let families = families
                .iter()
                .flat_map(|&family| Partition::family(family));
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
                vec![Family::SEVEN_EIGHT_Z],
                [Some(Family::SEVEN_EIGHT_Z), None],
            ),
            (
                vec![Family::SEVEN_EIGHT, Family::SEVEN_EIGHT_Z],
                [Some(Family::SEVEN_EIGHT), None],
            ),
            (
                vec![Family::TWENTY_FOUR_MAX_Z],
                [None, Some(Family::TWENTY_FOUR_MAX_Z)],
            ),
            // the best cached, even where the plain one is
            (
                vec![Family::TWENTY_FOUR_MAX_Z, Family::TWENTY_FOUR_MAX],
                [None, Some(Family::TWENTY_FOUR_MAX_Z)],
            ),
        ] {
            let store = Arc::new(Store::new(Arc::new(CachedFamilies::of(&cached))));
            let engine = Engine::default().with_store(store.clone());
            let unit = Engine::default()
                .with_store(store)
                .with_bounds(Bounds::From(40));
            for (goal, expected) in goals.iter().zip(expected) {
                let chosen = match engine.settings.databases_for(goal) {
                    Databases::Tables(partition) => Some(partition.family),
                    _ => None,
                };
                assert_eq!(chosen, expected, "{cached:?}, {} goal", goal.shape());
                // a unit of a shared search takes the plain family, whatever is cached
                let chosen = match unit.settings.databases_for(goal) {
                    Databases::Tables(partition) => Some(partition.family),
                    _ => None,
                };
                let plain = match expected {
                    Some(Family::TWENTY_FOUR_MAX_Z)
                        if cached.contains(&Family::TWENTY_FOUR_MAX) =>
                    {
                        Some(Family::TWENTY_FOUR)
                    }
                    expected => expected.filter(|&family| {
                        family == Family::SEVEN_EIGHT || family == Family::TWENTY_FOUR
                    }),
                };
                assert_eq!(chosen, plain, "a unit: {cached:?}, {} goal", goal.shape());
            }
        }
    }

    #[test]
    fn on_6x6_and_7x7_auto_takes_the_family_cached_for_a_goal_it_serves() {
        let chosen = |engine: &Engine, goal: &Board| match engine.settings.databases_for(goal) {
            Databases::Tables(partition) => Some(partition.family),
            Databases::None => None,
            Databases::Rent { .. } => panic!("nothing is built past 5x5 unasked"),
        };
        for (side, family) in [(6, Family::THIRTY_FIVE), (7, Family::FORTY_EIGHT)] {
            let shape = Shape::new(side, side).expect("a shape");
            let (corner, edge) = (Board::ordered(shape), Board::canonical(shape, 1));
            for cached in [vec![], vec![family]] {
                let store = Arc::new(Store::new(Arc::new(CachedFamilies::of(&cached))));
                let engine = Engine::default().with_store(store.clone());
                let unit = (Engine::default().with_store(store)).with_bounds(Bounds::From(40));
                let expected = (!cached.is_empty()).then_some(family);
                assert_eq!(chosen(&engine, &corner), expected, "{side}: {cached:?}");
                // the blank on an edge, or a unit of a shared search: linear conflicts
                assert_eq!(chosen(&engine, &edge), None, "{side}: {cached:?}");
                assert_eq!(chosen(&unit, &corner), None, "{side}: {cached:?}");
                // `--algo pdb` asks for the size's family, cached or not
                let asked = Engine::default().with_guide(Guide::Pdb);
                let asked =
                    asked.with_store(Arc::new(Store::new(Arc::new(CachedFamilies::of(&cached)))));
                assert_eq!(chosen(&asked, &corner), Some(family), "{side}: {cached:?}");
            }
        }
    }

    #[test]
    fn a_5x5_run_rents_towards_6_6_6_6x7z_from_what_is_cached() {
        let goal = Board::canonical(Shape::SQUARE5, 0);
        let best = Partition::of(Family::TWENTY_FOUR_MAX_Z, Class::Corner);
        for (cached, weak) in [
            (vec![], None),
            (vec![Family::TWENTY_FOUR], Some(Family::TWENTY_FOUR)),
            (vec![Family::TWENTY_FOUR_Z], Some(Family::TWENTY_FOUR_Z)),
        ] {
            let store = Arc::new(Store::new(Arc::new(CachedFamilies::of(&cached))));
            let engine = Engine::default().with_store(store);
            let chosen = engine.settings.databases_for(&goal);
            let Databases::Rent {
                weak: rented,
                strong,
                then,
                build,
                ..
            } = chosen
            else {
                panic!("{cached:?}: rented")
            };
            assert_eq!(rented.map(|p| p.family), weak, "{cached:?}");
            match weak {
                // nothing cached: linear conflicts, then 6-6-6-6, then the seven splits
                None => {
                    assert_eq!(strong.family, Family::TWENTY_FOUR);
                    assert_eq!(build, ESCALATE_24);
                    let (then, build) = then.expect("a second step");
                    assert_eq!((then.family, build), (best.family, ESCALATE_24_MAX));
                }
                Some(_) => {
                    assert_eq!((strong.family, build), (best.family, ESCALATE_24_MAX));
                    assert!(then.is_none());
                }
            }
        }
    }

    /// Each switch of a run's searches told: its guides and its bound.
    #[derive(Default)]
    struct Switches(std::sync::Mutex<Vec<(String, String, u32)>>);

    impl crate::solve::control::Watcher for Switches {
        fn began(&self) {}
        fn searching(&self, _: u32, _: u64) {}
        fn placing(&self, _: usize, _: usize, _: usize) {}
        fn ended(&self) {}
        fn switched(&self, weak: &str, strong: &str, _: u64, bound: u32) {
            let mut heard = self.0.lock().expect("no panic");
            heard.push((weak.into(), strong.into(), bound));
        }
    }

    #[test]
    fn a_rented_search_goes_on_from_the_bound_it_reached_and_says_so() {
        let (start, goal) = deep_5x5();
        let heard = Arc::new(Switches::default());
        let control = Control::default().watched_by(heard.clone());
        // a run that has spent all but a few nodes of linear conflicts' rent: the probe ends in
        // the middle of an iteration, and the 6-6-6-6 tables (refused here) are asked for
        let (engine, source) = spent(ESCALATE_24 - 5_000);
        let mut engine = engine.with_control(control);
        let solution = engine.solve(&start, &goal, None);
        assert!(source.built.load(Relaxed), "the build asked for");
        assert_eq!(solution.outcome, Outcome::Exhausted);
        let told = heard.0.lock().expect("no panic").clone();
        assert_eq!(told.len(), 1, "{told:?}");
        let (weak, strong, bound) = &told[0];
        assert_eq!(
            (weak.as_str(), strong.as_str()),
            ("conflicts", "pdb:6-6-6-6")
        );
        // the bound told is the one linear conflicts were in: those below it are proved empty
        let (whole, bounds) = {
            let heuristic = LinearConflicts.heuristic(&start, &goal);
            crate::solve::search::ida::solve_with(
                &start,
                heuristic,
                None,
                5_000,
                1,
                &Control::default(),
            )
        };
        assert_eq!(whole, Outcome::Exhausted);
        assert_eq!(Some(*bound), bounds.last().map(|last| last.bound));
    }

    /// A search of IDA* with `E`, noting the iterations it was asked and the last it reached.
    struct Noting<E>(Ida<E>, Vec<(Bounds, Option<u32>)>);

    impl<E: Evaluator> Search for Noting<E> {
        fn search(&mut self, query: &Query, control: &Control) -> Solution {
            let solution = self.0.search(query, control);
            let reached = solution.report.bounds.last().map(|last| last.bound);
            self.1.push((query.bounds, reached));
            solution
        }
    }

    #[test]
    fn the_strong_search_resumes_at_the_weak_ones_bound_and_its_path_is_proved_shortest() {
        use std::sync::atomic::AtomicU64;
        let (start, goal) = deep_5x5();
        let spent = AtomicU64::new(0);
        let (mut weak, mut strong) = (
            Noting(Ida::new(ManhattanDistance, 1), Vec::new()),
            Noting(Ida::new(LinearConflicts, 1), Vec::new()),
        );
        let mut rent = Rent {
            weak: Box::new(&mut weak),
            strong: Box::new(&mut strong),
            ready: Box::new(|| false),
            spent: &spent,
            load: 2_000,
            build: 2_000,
            guides: (Method::MANHATTAN, Method::CONFLICTS),
        };
        let query = Query {
            start: &start,
            goal: &goal,
            limit: None,
            budget: u64::MAX,
            bounds: Bounds::All,
            want: crate::solve::Want::Canonical,
        };
        let solution = rent.search(&query, &Control::default());
        drop(rent);
        let expected = Engine::default()
            .with_guide(Guide::CONFLICTS)
            .solve(&start, &goal, None);
        assert_eq!(solution.outcome, expected.outcome);
        assert_eq!(solution.report.quality, None, "proved shortest");
        let [(Bounds::All, Some(reached))] = weak.1[..] else {
            panic!("the weak search once, from the start: {:?}", weak.1)
        };
        let estimate = LinearConflicts.heuristic(&start, &goal).estimate();
        assert!(
            reached > estimate,
            "{reached} against {estimate}: a bound proved"
        );
        assert_eq!(strong.1[0].0, Bounds::From(reached));
        assert!(solution.nodes() > 2_000, "the weak search's nodes counted");
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
        assert_eq!(solution.report.method, Method::CONFLICTS);
        assert!(!source.built.load(Relaxed));
        // ten nodes short of the build's cost: the build is asked for (refused here, as a stop
        // during it is: no answer, never a wrong one)
        let (mut engine, source) = spent(ESCALATE_24 - 10);
        let solution = engine.solve(&start, &goal, None);
        assert!(source.built.load(Relaxed), "the build asked for");
        assert_eq!(solution.outcome, Outcome::Exhausted);
        assert_eq!(solution.report.method, Method::Pdb(Family::TWENTY_FOUR));
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
        assert_eq!(solution.report.method, Method::Pdb(Family::SIX_SIX_THREE));
        assert!(!supply.built.load(Relaxed), "no build for one board");
    }

    #[test]
    fn a_share_or_a_resumed_search_takes_the_strong_databases_at_once() {
        use crate::solve::search::ida::Share;
        let (start, goal) = korf_one();
        let share = Share {
            bound: 41,
            part: 1,
            parts: 2,
            range: None,
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
        assert_eq!(solution.report.method, Method::Pdb(Family::SIX_SIX_THREE));
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
            (Guide::CONFLICTS, false),
            (Guide::MANHATTAN, false),
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
