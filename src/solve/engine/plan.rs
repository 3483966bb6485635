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

use crate::solve::detours::Machines;
use crate::solve::pdb::{Class, Family, Loaded, Partition, Pdb, Supply, UseLoaded};
use crate::solve::report::{Guide, Method, Small};
use crate::solve::search::{
    square3, Beam, Bibfs, Bounds, Escalate, Fetch, Ida, Parity, Query, Rent, Search, Solution,
    Textbook, Whole,
};
use crate::solve::small;
use crate::solve::textbook;

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

/// The nodes that the run's 6-6-6-6 searches (or 6-6-6-6z's) may spend, under the automatic
/// choice, before the 6-6-6-6x7z databases are built and take over: about what the build costs
/// in searching time, the rule of ski rental again. The build takes 9 min 45 s on two cores
/// here, 1,170 core-seconds, in which 6-6-6-6 searches some 7.7 G nodes (6.6 M a second a core:
/// Korf and Felner's eight easiest, 3.64 G nodes in 553 s of searches). With those databases the
/// eight take 364 M nodes.
pub const ESCALATE_24_MAX: u64 = 7_500_000_000;

/// Which pattern databases serve an optimal search towards a goal.
pub(super) enum Databases {
    /// None: linear conflicts.
    None,
    /// The tables of a partition.
    Tables(Partition),
    /// A weaker guide (the tables of `weak`, or linear conflicts when `None`) until the run's
    /// searches with it have spent `build` nodes, and pay for building the tables of `strong`
    /// (looked for again every `load` nodes, if a run elsewhere makes them); and `strong` in turn
    /// until its searches have spent the nodes `then` gives, which pay for the tables it names.
    Rent {
        weak: Option<Partition>,
        strong: Partition,
        load: u64,
        build: u64,
        then: Option<(Partition, u64)>,
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
    let packs = goal.cells().len() <= textbook::PACKED_CELLS;
    let textbook = match settings.small {
        Small::Bfs if packs => Some(Textbook::Bfs),
        Small::Astar if packs => Some(Textbook::Astar(settings.estimate)),
        Small::Idastar => Some(Textbook::Idastar(settings.estimate)),
        _ => None,
    };
    if let Some(textbook) = textbook {
        return Planned::Made(Box::new(textbook));
    }
    if let (Some(_), Some(_)) = (square3(start), square3(goal)) {
        return match settings.small {
            Small::Bibfs => Planned::Kept(bibfs),
            _ => Planned::Kept(whole),
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
                (
                    Box::new(ida(settings, LinearConflicts, settings.jobs())),
                    within,
                )
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
        Guide::Manhattan => return Box::new(ida(settings, ManhattanDistance, jobs)),
        Guide::Conflicts => return Box::new(ida(settings, LinearConflicts, jobs)),
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
            family.map_or(Method::Conflicts, Method::Pdb),
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

/// The families `auto` searches with when they are cached, best first, before `strong` (the
/// family it rents towards when nothing is cached), each with the family it makes way for once
/// the run's searches with it pay for that one's build (`None`: the best there is). Measured (the
/// guide's performance tables): on 4×4, 7-8 is the fastest in time (Korf's 100: 462 ms, 7-8z 722 ms, 7-8+dual
/// 575 ms, 7-8z+dual 1.12 s, most of it reading the tables), so 7-8z only where 7-8 is not
/// cached; on 5×5, 6-6-6-6x7z (Korf and Felner's eight easiest: 364 M nodes in 182 s, where
/// 6-6-6-6 takes 3.6 G), and the one-split families until it pays. The plain 6-6-6-6x7 is not
/// among them: slower than its zero-aware catalogue, and its tables hold 6-6-6-6's.
fn cached_choices(strong: Family) -> &'static [(Family, Option<Family>)] {
    const BEST_24: Option<Family> = Some(Family::TWENTY_FOUR_MAX_Z);
    match strong {
        Family::SEVEN_EIGHT => &[(Family::SEVEN_EIGHT, None), (Family::SEVEN_EIGHT_Z, None)],
        Family::TWENTY_FOUR => &[
            (Family::TWENTY_FOUR_MAX_Z, None),
            (Family::TWENTY_FOUR, BEST_24),
            (Family::TWENTY_FOUR_Z, BEST_24),
        ],
        _ => &[],
    }
}

/// Whether a family has the dual lookup (`pdb::dual`): the 4×4 families, whose every class has
/// tables.
fn has_dual(family: Family) -> bool {
    family.side() == 4
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

/// Fetches now (reads, or builds) the databases an optimal search towards `goal` would start
/// with under `settings`, stopped as `control` asks; nothing for a goal of up to 9 cells or one
/// no database serves. What a search fetches later (a family it makes way for) stays unfetched.
pub(super) fn prepare(settings: &Settings, goal: &Board, control: &Control) {
    let guided = matches!(settings.guide, Guide::Auto | Guide::Pdb);
    if goal.cells().len() <= small::MAX_CELLS || !guided || settings.small != Small::Table {
        return;
    }
    let first = match settings.databases_for(goal) {
        Databases::Tables(partition) => partition,
        Databases::Rent {
            weak: Some(weak), ..
        } => weak,
        Databases::Rent { weak: None, .. } | Databases::None => return,
    };
    settings.store.databases().tables(&first, control);
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

    fn with<const ADDRESSED: bool, const VIEWS: usize>(
        self,
        loaded: Loaded<ADDRESSED, VIEWS>,
    ) -> Box<dyn Search> {
        Box::new(Ida::new(loaded, self.0).with_machines(self.1))
    }
}

/// The loaded tables' estimate of the moves from a board to a goal.
struct Estimating<'a>(&'a Board, &'a Board);

impl UseLoaded for Estimating<'_> {
    type Out = u32;

    fn with<const ADDRESSED: bool, const VIEWS: usize>(
        self,
        loaded: Loaded<ADDRESSED, VIEWS>,
    ) -> u32 {
        loaded.heuristic(self.0, self.1).estimate()
    }
}

impl Settings {
    /// The databases that serve an optimal search towards `goal`: those asked for (`--pdb`), or
    /// the family that suits the goal and what is cached (looked at, not read).
    pub(super) fn databases_for(&self, goal: &Board) -> Databases {
        let supply = &**self.store.databases();
        match (goal.shape(), self.databases) {
            (Shape::SQUARE4, Some(family)) if family.side() == 4 => {
                Databases::Tables(Partition::of(family, Class::of(goal.blank())))
            }
            (Shape::SQUARE4, Some(_)) => {
                Databases::Tables(Partition::six_six_three(Class::of(goal.blank())))
            }
            (Shape::SQUARE5, Some(family)) if family.side() == 5 => {
                Databases::Tables(Partition::of(family, Class::Corner))
            }
            // the best databases cached, else rented
            _ => {
                let renting = self.renting(goal);
                let Databases::Rent { strong, .. } = &renting else {
                    return renting;
                };
                // a shared search's units take the plain family: their records must not depend
                // on what a machine's cache holds
                let choices = match self.bounds {
                    Bounds::All => cached_choices(strong.family),
                    _ => &[],
                };
                let class = Class::of(strong.blank);
                let plain = std::iter::once((strong.family, None));
                let found = (choices.iter().copied().chain(plain))
                    .map(|(family, then)| (Partition::of(family, class), then))
                    .find(|(partition, _)| supply.cached_tables(partition));
                match found {
                    None => renting,
                    Some((partition, None)) => Databases::Tables(partition),
                    // cached, and making way for stronger ones once they pay
                    Some((partition, Some(stronger))) => Databases::Rent {
                        weak: Some(partition),
                        strong: Partition::of(stronger, class),
                        load: ESCALATE_24_MAX,
                        build: ESCALATE_24_MAX,
                        then: None,
                    },
                }
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
                    then: None,
                }
            }
            Shape::SQUARE5 if corner(5) => Databases::Rent {
                weak: None,
                strong: Partition::twenty_four(),
                load: ESCALATE_24,
                build: ESCALATE_24,
                then: Some((
                    Partition::of(Family::TWENTY_FOUR_MAX_Z, Class::Corner),
                    ESCALATE_24_MAX,
                )),
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
                partition.family == Family::SIX_SIX_THREE
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
            crate::solve::ida::solve_with(&start, heuristic, None, 5_000, 1, &Control::default())
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
            guides: (Method::Manhattan, Method::Conflicts),
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
            .with_guide(Guide::Conflicts)
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
        assert_eq!(solution.report.method, Method::Conflicts);
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
        use crate::solve::ida::Share;
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
