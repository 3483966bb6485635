//! The engine's searches of boards of more than 9 cells: IDA* with the pattern databases on
//! 4×4 (linear conflicts first while they are not ready), `--fast`'s probe and fallback, and the
//! lower bound a `--fast` answer reports.

use super::*;

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
        let (outcome, method, searched) = match start.shape() {
            Shape::SQUARE4 => self.deep(
                start,
                goal,
                None,
                self.budget(Shape::SQUARE4).min(FAST_PROBE),
            ),
            _ => {
                let probe = self.budget(start.shape()).min(FAST_PROBE_OTHERS);
                let (outcome, bounds) = conflicts::solve(start, goal, None, probe, self.jobs());
                (outcome, Method::Idastar, Searched::of(bounds))
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
    /// the Manhattan distance plus linear conflicts, or the 4×4 pattern databases' estimate
    /// where they are ready, whichever is larger.
    pub fn lower_bound(&mut self, start: &Board, goal: &Board) -> u32 {
        let conflicts = Conflicts::new(start, goal).estimate();
        if start.shape() != Shape::SQUARE4 {
            return conflicts;
        }
        let source = self.settings.store.databases.as_ref();
        match source.ready(Class::of(goal.blank())) {
            Some(databases) => conflicts.max(Lookup::new(&databases, start, goal).estimate()),
            None => conflicts,
        }
    }

    /// IDA* on a 4×4 board that reaches `goal`, within `budget` nodes: with the pattern
    /// databases of `goal`'s class if they are ready; otherwise with linear conflicts for up to
    /// [`PROBE`] nodes, and then with the databases, fetched. Returns the outcome, what
    /// answered and the nodes expanded.
    pub(super) fn deep(
        &mut self,
        start: &Board,
        goal: &Board,
        limit: Option<u32>,
        budget: u64,
    ) -> (Outcome, Method, Searched) {
        let source = self.settings.store.databases.as_ref();
        let class = Class::of(goal.blank());
        let (databases, spent) = match source.ready(class) {
            Some(databases) => (databases, 0),
            None => {
                let probe = budget.min(PROBE);
                let (outcome, bounds) = conflicts::solve(start, goal, limit, probe, 1);
                if outcome != Outcome::Exhausted || probe == budget {
                    return (outcome, Method::Idastar, Searched::of(bounds));
                }
                (source.get(class), ida::nodes(&bounds))
            }
        };
        let lookup = Lookup::new(&databases, start, goal);
        let (outcome, bounds) = ida::solve_with(start, lookup, limit, budget - spent, self.jobs());
        let mut searched = Searched::of(bounds);
        // the probe's nodes count, its bounds (of another heuristic) do not
        searched.nodes += spent;
        (outcome, Method::Pdb, searched)
    }
}
