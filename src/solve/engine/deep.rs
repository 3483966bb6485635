//! The engine's searches of boards of more than 9 cells: IDA* with the pattern databases on
//! 4×4 (linear conflicts first while they are not ready), `--fast`'s probe and fallback, and the
//! lower bound a `--fast` answer reports.

use std::sync::atomic::Ordering::Relaxed;

use super::*;
use crate::solve::interrupt;
use crate::solve::pdb::compact::{self, Layout, Table};
use crate::solve::pdb::Kind;

/// The nodes a 4×4 search spends with linear conflicts before it fetches pattern databases that
/// are not ready: about a tenth of a second (0.08 s for `eight steps --size 4x4 --max-nodes
/// 1000000` on a board past it, with no cache), against the seconds of a build, so that a
/// shallow board (LightOJ's 35 moves) never waits for one.
pub const PROBE: u64 = 1_000_000;

/// The nodes `--fast` lets the optimal search of a 4×4 board spend before it takes [`fast`]'s
/// path instead: with the databases, enough for most of Korf's 100 (their median is some
/// 100,000), a tenth of a second at most.
pub const FAST_PROBE: u64 = 2_000_000;

/// The same for the other sizes, where linear conflicts are all IDA* has: enough for shallow
/// boards, some 10 ms (on a random 5×5 board the probe never ends, and 2,000,000 nodes cost a
/// quarter of `--fast`'s time).
pub const FAST_PROBE_OTHERS: u64 = 200_000;

/// What IDA* did: the nodes it expanded in all, and each bound it searched with its nodes.
#[derive(Default)]
pub(super) struct Searched {
    pub(super) nodes: u64,
    pub(super) bounds: Vec<Bound>,
}

impl Searched {
    pub(super) fn of(bounds: Vec<Bound>) -> Searched {
        Searched {
            nodes: ida::nodes(&bounds),
            bounds,
        }
    }
}

impl Engine {
    /// A path from `start` to the goal it reaches, of more than 9 cells: the optimal search's if
    /// it ends within [`FAST_PROBE`] nodes ([`FAST_PROBE_OTHERS`] off 4×4), [`fast`]'s
    /// otherwise. Returns the path (exhausted only when a stop was asked for), what found it and
    /// what the optimal search expanded.
    pub(super) fn quick(
        &mut self,
        start: &Board,
        goal: &Board,
    ) -> (Result<Path, Outcome>, Method, Searched) {
        let source = self.settings.store.databases.clone();
        let databases_ready = match self.plan(goal) {
            Plan::Conflicts => false,
            Plan::Bytes { .. } => true,
            Plan::Compact(layout) => ready(source.as_ref(), &layout).is_some(),
        };
        let (outcome, method, searched) = match databases_ready {
            true => self.deep(start, goal, None, self.budget_for(goal).min(FAST_PROBE)),
            false => {
                let probe = self.budget(start.shape()).min(FAST_PROBE_OTHERS);
                let (outcome, bounds) = conflicts::solve(start, goal, None, probe, self.jobs());
                (outcome, Method::Conflicts, Searched::of(bounds))
            }
        };
        if let Outcome::Found(path) = outcome {
            return (Ok(path), method, searched);
        }
        let width = fast::beam_width(start.shape());
        let path = fast::solve(start, goal, width, &mut |from, to| self.solved(from, to));
        (path.ok_or(Outcome::Exhausted), Method::Beam, searched)
    }

    /// The best admissible estimate of the moves from `start` to `goal` that needs no search:
    /// the Manhattan distance plus linear conflicts, or the pattern databases' estimate where
    /// they are ready, whichever is larger.
    pub fn lower_bound(&mut self, start: &Board, goal: &Board) -> u32 {
        let conflicts = Conflicts::new(start, goal).estimate();
        let source = self.settings.store.databases.clone();
        let databases = match self.plan(goal) {
            Plan::Conflicts => return conflicts,
            Plan::Bytes { class, .. } => match source.ready(class) {
                Some(databases) => Lookup::new(&databases, start, goal).estimate(),
                None => 0,
            },
            Plan::Compact(layout) => match ready(source.as_ref(), &layout) {
                Some(tables) => {
                    let tables: Vec<&Table> = tables.iter().map(|t| &**t).collect();
                    compact::Lookup::new(&layout, &tables, start, goal).estimate()
                }
                None => 0,
            },
        };
        conflicts.max(databases)
    }

    /// What answers an optimal search for `goal`: the databases chosen (`--pdb`), or the
    /// family that suits the goal and what is ready.
    pub(super) fn plan(&self, goal: &Board) -> Plan {
        let shape = goal.shape();
        let corner = |side: usize| {
            let (row, column) = (goal.blank() / side, goal.blank() % side);
            (row == 0 || row == side - 1) && (column == 0 || column == side - 1)
        };
        match shape {
            Shape::SQUARE4 => {
                let class = Class::of(goal.blank());
                match self.settings.databases {
                    Some(Kind::SevenEight) => Plan::Compact(Layout::seven_eight(class)),
                    Some(_) => Plan::Bytes {
                        class,
                        escalate: false,
                    },
                    None => {
                        // the 7-8 databases once the run's work pays for reading them
                        let strong = Layout::seven_eight(class);
                        let source = self.settings.store.databases.as_ref();
                        let worth = self.settings.store.weak.load(Relaxed) >= LOAD;
                        match worth && ready(source, &strong).is_some() {
                            true => Plan::Compact(strong),
                            false => Plan::Bytes {
                                class,
                                escalate: true,
                            },
                        }
                    }
                }
            }
            // minutes to build: only when asked for, or cached
            _ if shape == Shape::SQUARE5 && corner(5) => {
                let layout = Layout::twenty_four();
                let asked = self.settings.databases == Some(Kind::TwentyFour);
                let source = self.settings.store.databases.as_ref();
                match asked
                    || (self.settings.databases.is_none() && ready(source, &layout).is_some())
                {
                    true => Plan::Compact(layout),
                    false => Plan::Conflicts,
                }
            }
            _ => Plan::Conflicts,
        }
    }

    /// IDA* on a board of more than 9 cells that reaches `goal`, within `budget` nodes, with
    /// what [`Engine::plan`] chooses. Databases that are not ready are fetched (built if need
    /// be) only once linear conflicts have spent [`PROBE`] nodes without an answer, so that a
    /// shallow board never waits for a build; under the automatic choice, 6-6-3 searches that
    /// have spent [`ESCALATE`] nodes in all make way for 7-8. Returns the outcome, what answered
    /// and the nodes expanded.
    pub(super) fn deep(
        &mut self,
        start: &Board,
        goal: &Board,
        limit: Option<u32>,
        budget: u64,
    ) -> (Outcome, Method, Searched) {
        let source = self.settings.store.databases.clone();
        let jobs = self.jobs();
        let guide = self.settings.guide;
        if guide == Guide::Manhattan {
            let manhattan = conflicts::Manhattan::new(start, goal);
            let (outcome, bounds) = ida::solve_with(start, manhattan, limit, budget, jobs);
            return (outcome, Method::Manhattan, Searched::of(bounds));
        }
        let ready_now = match self.plan(goal) {
            Plan::Conflicts => {
                let (outcome, bounds) = conflicts::solve(start, goal, limit, budget, jobs);
                return (outcome, Method::Conflicts, Searched::of(bounds));
            }
            _ if guide == Guide::Conflicts => {
                let (outcome, bounds) = conflicts::solve(start, goal, limit, budget, jobs);
                return (outcome, Method::Conflicts, Searched::of(bounds));
            }
            // the databases alone: fetched (or built) at once
            _ if guide == Guide::Pdb => true,
            Plan::Bytes { class, .. } => source.ready(class).is_some(),
            Plan::Compact(ref layout) => ready(source.as_ref(), layout).is_some(),
        };
        let mut spent = 0;
        if !ready_now {
            let probe = budget.min(PROBE);
            let (outcome, bounds) = conflicts::solve(start, goal, limit, probe, 1);
            if outcome != Outcome::Exhausted || probe == budget {
                return (outcome, Method::Conflicts, Searched::of(bounds));
            }
            spent = ida::nodes(&bounds);
        }
        let layout = match self.plan(goal) {
            Plan::Conflicts => unreachable!("planned above"),
            Plan::Bytes { class, escalate } => {
                let databases = source.get(class);
                let weak = &self.settings.store.weak;
                let strong = Layout::seven_eight(class);
                loop {
                    let so_far = weak.load(Relaxed);
                    // where the automatic choice looks at the 7-8 databases next
                    let threshold = match escalate {
                        false => u64::MAX,
                        true if so_far < LOAD => LOAD,
                        true => ESCALATE,
                    };
                    let remaining = budget - spent;
                    let within = remaining.min(threshold.saturating_sub(so_far));
                    if within > 0 {
                        let lookup = Lookup::new(&databases, start, goal);
                        let (outcome, bounds) = ida::solve_with(start, lookup, limit, within, jobs);
                        let nodes = ida::nodes(&bounds);
                        weak.fetch_add(nodes, Relaxed);
                        let stopped = interrupt::requested() || within == remaining;
                        if outcome != Outcome::Exhausted || stopped {
                            let mut searched = Searched::of(bounds);
                            searched.nodes += spent;
                            return (outcome, Method::Pdb(Kind::SixSixThree), searched);
                        }
                        spent += nodes;
                    }
                    // past a threshold: the 7-8 databases if cached, or built once past the
                    // second; short of that, 6-6-3 goes on
                    let source = source.as_ref();
                    if weak.load(Relaxed) >= ESCALATE || ready(source, &strong).is_some() {
                        break strong;
                    }
                }
            }
            Plan::Compact(layout) => layout,
        };
        let tables: Option<Vec<Arc<Table>>> = layout
            .tables
            .iter()
            .map(|spec| source.table(spec))
            .collect();
        let Some(tables) = tables else {
            // a stop asked for during a build
            return (
                Outcome::Exhausted,
                Method::Pdb(layout.kind),
                Searched::of(Vec::new()),
            );
        };
        let refs: Vec<&Table> = tables.iter().map(|t| &**t).collect();
        let lookup = compact::Lookup::new(&layout, &refs, start, goal);
        let (outcome, bounds) = ida::solve_with(start, lookup, limit, budget - spent, jobs);
        let mut searched = Searched::of(bounds);
        // the probes' nodes count, their bounds (of other heuristics) do not
        searched.nodes += spent;
        (outcome, Method::Pdb(layout.kind), searched)
    }
}

/// The nodes that 6-6-3 searches may spend in all, under the automatic choice, before a 4×4
/// search reads the 7-8 databases from the cache: about what reading them costs in searching
/// time (0.07 s for 288 MB, some 20 million 6-6-3 nodes a second), so that a few boards do not
/// wait for it. The rule of ski rental: never more than twice the cost of the best choice made
/// knowing the run's work in advance.
pub const LOAD: u64 = 2_000_000;

/// The same for building them when they are not cached: about what the build costs in
/// searching time (four minutes on two cores here).
pub const ESCALATE: u64 = 4_000_000_000;

/// What answers an optimal search of a board of more than 9 cells.
pub(super) enum Plan {
    /// IDA* with linear conflicts.
    Conflicts,
    /// The 6-6-3 byte databases of a class; `escalate`: the 7-8 ones once 6-6-3 searches have
    /// spent [`ESCALATE`] nodes.
    Bytes { class: Class, escalate: bool },
    /// Compact databases.
    Compact(Layout),
}

/// Every table of `layout`, if each is ready.
fn ready(supply: &dyn Supply, layout: &Layout) -> Option<Vec<Arc<Table>>> {
    layout
        .tables
        .iter()
        .map(|spec| supply.ready_table(spec))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::solve::pdb::compact::Spec;
    use crate::solve::pdb::Databases;
    use crate::solve::store::Store;

    /// The process's 6-6-3 databases, no compact table cached, and a note of any build asked
    /// for (refused, as if stopped).
    #[derive(Default)]
    struct Watching {
        built: AtomicBool,
    }

    impl Supply for Watching {
        fn ready(&self, class: Class) -> Option<Arc<Databases>> {
            Store::default().databases().ready(class)
        }
        fn get(&self, class: Class) -> Arc<Databases> {
            Store::default().databases().get(class)
        }
        fn ready_table(&self, _: &Spec) -> Option<Arc<Table>> {
            None
        }
        fn table(&self, _: &Spec) -> Option<Arc<Table>> {
            self.built.store(true, Relaxed);
            None
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

    #[test]
    fn past_the_reading_threshold_6_6_3_goes_on_when_7_8_is_not_cached() {
        let (start, goal) = korf_one();
        let (mut engine, source) = spent(LOAD + 1);
        let outcome = engine.solve(&start, &goal, None);
        assert!(
            matches!(outcome, Outcome::Found(ref path) if path.len() == 57),
            "{outcome:?}"
        );
        assert_eq!(engine.last().method, Method::Pdb(Kind::SixSixThree));
        assert!(!source.built.load(Relaxed), "no build for a run this small");
    }

    #[test]
    fn past_the_building_threshold_the_7_8_databases_are_built() {
        let (start, goal) = korf_one();
        // ten nodes short: the 6-6-3 search stops there and asks for the build
        let (mut engine, source) = spent(ESCALATE - 10);
        let outcome = engine.solve(&start, &goal, None);
        assert!(source.built.load(Relaxed), "the build asked for");
        // refused, as a stop during the build is: no answer, never a wrong one
        assert_eq!(outcome, Outcome::Exhausted);
        // and a run that has spent nothing answers with 6-6-3 alone
        let (mut engine, source) = spent(0);
        assert!(matches!(
            engine.solve(&start, &goal, None),
            Outcome::Found(_)
        ));
        assert!(!source.built.load(Relaxed));
    }
}
