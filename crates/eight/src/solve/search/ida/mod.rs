//! IDA* (Korf 1985) for boards of more than 9 cells, over any admissible heuristic kept up to
//! date move by move, within a budget of nodes: the Manhattan distance plus linear conflicts
//! (`conflicts::Conflicts`) for any size, additive pattern databases ([`super::pdb`]) for 4×4
//! (6-6-3, 7-8) and 5×5 (6-6-6-6).
//!
//! Moves are tried in the canonical order `d < l < r < u`, so the first solution found at the
//! final bound is the lexicographically smallest of the shortest paths: the canonical one. The
//! heuristic is admissible, so no prefix of that path is ever cut off at that bound; and the
//! duplicate paths cut (`super::detours`: the move straight back, and the sequences another does
//! the same work as, shorter or earlier in order) are never part of it.
//!
//! A judge that prints a count needs no canonical path ([`Want::Shortest`]): the first path any
//! thread finds at the final bound ends the search, the other threads stopped at once, and on
//! boards larger than 4×4 the boards a dozen moves in are searched most promising first: most
//! nodes below them in the iteration before, then the largest estimate (the fewest moves to
//! spare under the bound: the smallest trees; on 4×4 that order cost more, see
//! `PROMISING_ABOVE`). Below the final bound every board is searched either way, so
//! only the last iteration differs: on Korf and Felner's #38 it is most of the search, since its
//! canonical path begins with `l` and every path under `d` must first be proved longer.

mod component;
mod split;
mod tree;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::puzzle::board::Board;
use crate::puzzle::moves::Path;
use crate::solve::control::{Control, Meter};
use crate::solve::detours::{Detours, Machines, DETOUR};
use crate::solve::heuristic::Heuristic;
use crate::solve::parallel::ordered_map;
pub use crate::solve::report::{Bound, Outcome, Slice, Want};
pub use component::Ida;
use split::{sliced, split, Order, Sizes, PROMISING_ABOVE, WHOLE};
pub use split::{Range, Share, PLACES};
use tree::{Step, Tree};

/// The canonical path from `start` to the goal that `heuristic` (in step with `start`) estimates,
/// which `start` must reach, as the linear-conflicts `solve` does; on `jobs` threads when more
/// than one, stopped as `control` asks. Returns the outcome and each iteration's bound and
/// nodes.
#[cfg(test)]
pub fn solve_with<H: Heuristic + Clone + Send + Sync>(
    start: &Board,
    heuristic: H,
    limit: Option<u32>,
    budget: u64,
    jobs: usize,
    control: &Control,
) -> (Outcome, Vec<Bound>) {
    let within = Within {
        limit,
        budget,
        jobs,
        shared_from: 0,
        want: Want::Canonical,
    };
    let machines = Machines::default();
    solve_within(start, heuristic, within, Bounds::All, &machines, control)
}

/// What bounds a search besides its iterations: the most moves (`None`: any), the most nodes,
/// its threads, and the path it must find.
#[derive(Clone, Copy, Debug)]
pub struct Within {
    /// The most moves asked for (`Beyond` past it).
    pub limit: Option<u32>,
    /// The most nodes it may expand.
    pub budget: u64,
    /// Its threads (one if 0).
    pub jobs: usize,
    /// The nodes of an iteration after which the next is shared among the threads: the first
    /// is shared only when its bound is given ([`SHARED_FROM`] for an engine's searches; 0, every
    /// iteration, for tests of the threads).
    pub shared_from: u64,
    /// The path it must find.
    pub want: Want,
}

/// Which of IDA*'s iterations a search runs, and over what part of their trees.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Bounds {
    /// Every iteration, from the heuristic's estimate of the start until a path is found.
    #[default]
    All,
    /// Every iteration from this bound on (from the estimate, if that is larger): a long search
    /// resumed at the bound an earlier run reached, all iterations below it known to be empty.
    From(u32),
    /// One share of the iteration at one bound: a unit of work another process or machine runs.
    /// Found: the canonical-first path of the share (with [`Want::Shortest`], the first found),
    /// of exactly the bound's moves when the iterations below were empty. Else `Beyond(n)`:
    /// every path of the share is longer than n (`u32::MAX`: the share met no board past the
    /// bound).
    Share(Share),
}

/// [`solve_with`] `within` its limits, over the iterations of `bounds`.
pub fn solve_within<H: Heuristic + Clone + Send + Sync>(
    start: &Board,
    heuristic: H,
    within: Within,
    bounds: Bounds,
    machines: &Machines,
    control: &Control,
) -> (Outcome, Vec<Bound>) {
    let (outcome, bounds, _) = solve_sliced(start, heuristic, within, bounds, machines, control);
    (outcome, bounds)
}

/// [`solve_within`] over one share, with the nodes below its boards in [`Slice`]s.
pub fn solve_share<H: Heuristic + Clone + Send + Sync>(
    start: &Board,
    heuristic: H,
    within: Within,
    share: Share,
    machines: &Machines,
    control: &Control,
) -> (Outcome, Vec<Bound>, Vec<Slice>) {
    solve_sliced(
        start,
        heuristic,
        within,
        Bounds::Share(share),
        machines,
        control,
    )
}

/// [`solve_within`], and a share's [`Slice`]s.
fn solve_sliced<H: Heuristic + Clone + Send + Sync>(
    start: &Board,
    heuristic: H,
    within: Within,
    bounds: Bounds,
    machines: &Machines,
    control: &Control,
) -> (Outcome, Vec<Bound>, Vec<Slice>) {
    // a share of an iteration, or a search resumed, is the long work: the deepest machine at once
    let deepest = bounds != Bounds::All;
    let shape = start.shape();
    let machine = |more| machines.worth(shape, more, deepest);
    let mut slices = Vec::new();
    let (outcome, bounds) = solve_pruned(
        start,
        heuristic,
        within,
        bounds,
        control,
        machine,
        &mut slices,
    );
    (outcome, bounds, slices)
}

/// The nodes of an iteration after which an engine's search shares the next among its threads
/// ([`Within::shared_from`]): some seven times as many, a fraction of a second on one thread,
/// where starting the threads (anew each iteration) costs little. The first is shared only when
/// its bound is given (a run resumed, the canonical search of a length: the iteration is the
/// work). Sharing smaller ones cost more than it saved: 500 5×5 boards 40 random moves from the
/// goal (`steps --jobs 2`, a case at a time) took 0.69 s, 0.56 s with it (0.44 s side by side);
/// on a busy machine, where cases waited 10 ms for their threads, 2.5 s against 1.0 s.
pub const SHARED_FROM: u64 = 50_000;

/// The threads of an iteration of a search on `jobs` that shares the iterations after one of
/// `shared_from` nodes: after one of `before` nodes, or the first (`None`), its bound `given`.
fn threads(jobs: usize, shared_from: u64, before: Option<u64>, given: bool) -> usize {
    match before {
        Some(nodes) if nodes < shared_from => 1,
        None if !given && shared_from > 0 => 1,
        _ => jobs,
    }
}

/// [`solve_within`], each iteration cutting the detours of `machine(n)`, n the nodes of the
/// iteration before (0 before the first); a share's [`Slice`]s in `slices`.
fn solve_pruned<H: Heuristic + Clone + Send + Sync>(
    start: &Board,
    heuristic: H,
    within: Within,
    bounds: Bounds,
    control: &Control,
    machine: impl Fn(u64) -> Arc<Detours>,
    slices: &mut Vec<Slice>,
) -> (Outcome, Vec<Bound>) {
    let Within {
        limit,
        budget,
        jobs,
        shared_from,
        want,
    } = within;
    let order = match want {
        Want::Canonical => Order::Canonical,
        Want::Shortest if start.cells().len() > PROMISING_ABOVE => Order::Promising,
        Want::Shortest => Order::FirstFound,
    };
    let meter = control.begin();
    let found = AtomicBool::new(false);
    let mut search = Tree::new(start, heuristic, budget, machine(0), (&meter, &found));
    if let Bounds::Share(share) = bounds {
        meter.bound(share.bound);
        let mut boards = Vec::new();
        let step = split(
            &mut search,
            share.bound,
            (jobs, order, &mut Sizes::new()),
            Some((share, &mut boards)),
        );
        let searched = vec![Bound {
            bound: share.bound,
            nodes: search.nodes,
        }];
        boards.sort_unstable();
        *slices = sliced(&boards);
        return match step {
            Step::Found => (Outcome::Found(Path(search.moves)), searched),
            Step::Exhausted => (Outcome::Exhausted, searched),
            Step::Above(u32::MAX) => (Outcome::Beyond(u32::MAX), searched),
            Step::Above(next) => (Outcome::Beyond(next - 1), searched),
        };
    }
    let mut bound = search.heuristic.estimate();
    let given = matches!(bounds, Bounds::From(from) if from > bound);
    if let Bounds::From(from) = bounds {
        bound = bound.max(from);
    }
    let mut bounds: Vec<Bound> = Vec::new();
    // the nodes below each board a dozen moves in, the iteration before: what orders the next
    let mut sizes = Sizes::new();
    loop {
        if let Some(limit) = limit.filter(|&limit| bound > limit) {
            return (Outcome::Beyond(limit), bounds);
        }
        let before = search.nodes;
        search.detours = machine(bounds.last().map_or(0, |last| last.nodes));
        meter.bound(bound);
        // a shortest path alone is searched for in the split order, most promising first, even
        // on one thread
        let jobs = threads(
            jobs,
            shared_from,
            bounds.last().map(|last| last.nodes),
            given,
        );
        let step = match (jobs, order) {
            (0 | 1, Order::Canonical | Order::FirstFound) => {
                search.dfs(0, bound, None, WHOLE, &mut |_, _| {})
            }
            _ => split(&mut search, bound, (jobs, order, &mut sizes), None),
        };
        let nodes = search.nodes - before;
        bounds.push(Bound { bound, nodes });
        match step {
            Step::Found => return (Outcome::Found(Path(search.moves)), bounds),
            Step::Exhausted => return (Outcome::Exhausted, bounds),
            Step::Above(next) => {
                meter.searched(bound, nodes, next);
                bound = next;
            }
        }
    }
}

/// The nodes of all `bounds`.
#[cfg(test)]
pub fn nodes(bounds: &[Bound]) -> u64 {
    bounds.iter().map(|bound| bound.nodes).sum()
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::puzzle::board::Shape;
    use crate::puzzle::moves::Move;
    use crate::solve::conflicts::LinearConflicts;
    use crate::solve::control::Watcher;
    use crate::solve::heuristic::Evaluator;

    #[test]
    fn an_iteration_is_shared_among_the_threads_after_a_large_one_or_from_a_bound_given() {
        let from = SHARED_FROM;
        // the first from the estimate, and those after a small one: one thread
        assert_eq!(threads(4, from, None, false), 1);
        assert_eq!(threads(4, from, Some(from - 1), false), 1);
        assert_eq!(threads(4, from, Some(from - 1), true), 1);
        // after a large one, or the first from a bound given: all of them
        assert_eq!(threads(4, from, Some(from), false), 4);
        assert_eq!(threads(4, from, None, true), 4);
        // shared from 0: every iteration
        assert_eq!(threads(4, 0, None, false), 4);
        assert_eq!(threads(4, 0, Some(0), false), 4);
        assert_eq!(threads(1, 0, Some(from), true), 1);
    }

    /// The bounds a search said it finished, with their nodes and the next.
    #[derive(Default)]
    struct Finished(Mutex<Vec<(u32, u64, u32)>>);

    impl Watcher for Finished {
        fn began(&self) {}
        fn searching(&self, _: u32, _: u64) {}
        fn placing(&self, _: usize, _: usize, _: usize) {}
        fn ended(&self) {}
        fn searched(&self, bound: u32, nodes: u64, next: u32) {
            self.0.lock().expect("no panic").push((bound, nodes, next));
        }
    }

    /// No limit, no budget, `jobs` threads, the path `want` says.
    fn within(jobs: usize, want: Want) -> Within {
        Within {
            limit: None,
            budget: u64::MAX,
            jobs,
            shared_from: 0,
            want,
        }
    }

    /// A 4×4 board 33 moves from the goal, the blank last.
    fn board() -> (Board, Board) {
        let shape = Shape::SQUARE4;
        let start = Board::parse("2 1 3 4 5 12 6 7 14 11 13 15 9 8 0 10", shape).expect("a board");
        (start, *Board::ordered_goal(shape))
    }

    #[test]
    fn cutting_detours_keeps_the_canonical_path_and_spends_fewer_nodes() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1993);
        let control = Control::default();
        for shape in [Shape::SQUARE4, Shape::new(5, 3).expect("a shape")] {
            let goal = *Board::ordered_goal(shape);
            // nodes with the move back alone, with depth 12, with depth 14
            let mut spent = [0; 3];
            for _ in 0..12 {
                let mut start = goal;
                for _ in 0..rng.random_range(60..120) {
                    start.slide(Move::ALL[rng.random_range(0..4)]);
                }
                let expected = crate::solve::textbook::idastar(&start, &goal, None).0;
                let machines = Machines::default();
                for (depth, nodes) in [0, 12, 14].into_iter().zip(&mut spent) {
                    let machine = |_| machines.get(shape, depth);
                    for jobs in [1, 2] {
                        let heuristic = LinearConflicts.heuristic(&start, &goal);
                        let within = within(jobs, Want::Canonical);
                        let (outcome, bounds) = solve_pruned(
                            &start,
                            heuristic,
                            within,
                            Bounds::All,
                            &control,
                            machine,
                            &mut Vec::new(),
                        );
                        let found = match outcome {
                            Outcome::Found(path) => Some(path),
                            outcome => panic!("{start:?}: {outcome:?}"),
                        };
                        assert_eq!(found, expected, "{start:?}, depth {depth}, {jobs} jobs");
                        // on two threads the boards searched past the first with the path
                        // depend on the threads' timing (a loaded machine's)
                        if jobs == 1 {
                            *nodes += super::nodes(&bounds);
                        }
                    }
                }
            }
            assert!(
                spent[2] < spent[1] && spent[1] < spent[0],
                "{shape}: {spent:?}"
            );
        }
    }

    #[test]
    fn a_shortest_path_alone_is_as_long_as_the_canonical_one_and_the_iterations_below_the_same() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(59);
        let control = Control::default();
        // up to 16 cells the boards a dozen moves in are taken in canonical order, beyond it
        // most promising first
        for (shape, walks) in [
            (Shape::SQUARE4, 60..120),
            (Shape::new(5, 3).expect("a shape"), 60..120),
            (Shape::new(6, 3).expect("a shape"), 30..60),
        ] {
            let goal = *Board::ordered_goal(shape);
            for _ in 0..12 {
                let mut start = goal;
                for _ in 0..rng.random_range(walks.clone()) {
                    start.slide(Move::ALL[rng.random_range(0..4)]);
                }
                let heuristic = || LinearConflicts.heuristic(&start, &goal);
                let (canonical, _) = solve_within(
                    &start,
                    heuristic(),
                    within(1, Want::Canonical),
                    Bounds::All,
                    &Machines::default(),
                    &control,
                );
                let Outcome::Found(canonical) = canonical else {
                    panic!("{start:?}: {canonical:?}")
                };
                for jobs in [1, 2] {
                    let (found, bounds) = solve_within(
                        &start,
                        heuristic(),
                        within(jobs, Want::Shortest),
                        Bounds::All,
                        &Machines::default(),
                        &control,
                    );
                    let Outcome::Found(path) = found else {
                        panic!("{start:?}, {jobs} jobs: {found:?}")
                    };
                    assert_eq!(path.len(), canonical.len(), "{start:?}, {jobs} jobs");
                    assert_eq!(start.replay(&path).ok(), Some(goal), "{start:?}: {path}");
                    // every iteration below the last is searched whole, as for the canonical path
                    let below = bounds.len() - 1;
                    let (ours, theirs) =
                        (&bounds[..below], &canonical_bounds(&start, &goal)[..below]);
                    assert_eq!(
                        ours.iter().map(|b| b.bound).collect::<Vec<_>>(),
                        theirs.iter().map(|b| b.bound).collect::<Vec<_>>()
                    );
                    if jobs == 1 {
                        assert_eq!(
                            ours, theirs,
                            "{start:?}: the same nodes below the last bound"
                        );
                    }
                }
            }
        }
    }

    /// The iterations of the canonical search from `start` to `goal`, on one thread.
    fn canonical_bounds(start: &Board, goal: &Board) -> Vec<Bound> {
        let heuristic = LinearConflicts.heuristic(start, goal);
        let control = Control::default();
        solve_within(
            start,
            heuristic,
            within(1, Want::Canonical),
            Bounds::All,
            &Machines::default(),
            &control,
        )
        .1
    }

    #[test]
    fn boards_are_taken_most_nodes_below_before_first_then_largest_estimate_then_in_order() {
        use split::{place, promising_first};
        use Move::{Down as D, Left as L, Right as R, Up as U};
        // in canonical order, each with its estimate
        let mut boards = vec![
            (vec![D, D], 5),
            (vec![D, L], 7),
            (vec![L, D], 7),
            (vec![L, U], 5),
            (vec![R, R], 3),
            (vec![U, U], 9),
        ];
        let before = Sizes::from([
            (place(&[L, U]), 40),
            (place(&[R, R]), 40),
            (place(&[D, D]), 90),
            (place(&[D, L]), 0),
        ]);
        promising_first(&mut boards, &before);
        let moves: Vec<_> = boards.iter().map(|(moves, _)| moves.clone()).collect();
        assert_eq!(
            moves,
            [
                vec![D, D], // 90 nodes below
                vec![L, U], // 40, estimate 5
                vec![R, R], // 40, estimate 3
                vec![U, U], // none before, estimate 9
                vec![D, L], // none, 7, first in order
                vec![L, D],
            ]
        );
        // with nothing before, the largest estimate first
        let mut fresh = boards.clone();
        fresh.sort_by_key(|(moves, _)| place(moves));
        promising_first(&mut fresh, &Sizes::new());
        let estimates: Vec<_> = fresh.iter().map(|&(_, estimate)| estimate).collect();
        assert_eq!(estimates, [9, 7, 7, 5, 5, 3]);
    }

    /// What splitting the iteration of [`board`] at 31, below its shortest path, on `jobs`
    /// threads in `order` gives: its step and nodes, the nodes above the boards a dozen moves in,
    /// and how many boards there are.
    fn split_at_31(
        control: &Control,
        jobs: usize,
        order: Order,
        sizes: &mut Sizes,
    ) -> (Step, u64, u64, usize) {
        let (start, goal) = board();
        let meter = control.begin();
        let found = AtomicBool::new(false);
        let machine = Machines::default().get(start.shape(), 0);
        let heuristic = LinearConflicts.heuristic(&start, &goal);
        let mut search = Tree::new(&start, heuristic, u64::MAX, machine, (&meter, &found));
        let mut top = search.clone();
        let mut boards = 0;
        top.dfs(0, 31, None, 12, &mut |_, _| boards += 1);
        let step = split(&mut search, 31, (jobs, order, sizes), None);
        (step, search.nodes, top.nodes, boards)
    }

    #[test]
    fn an_iteration_searched_most_promising_first_keeps_the_nodes_below_each_board() {
        // the iteration below the last: searched whole
        let control = Control::default();
        for jobs in [1, 2] {
            let mut sizes = Sizes::from([(u32::MAX, 1)]);
            let (step, nodes, top, boards) =
                split_at_31(&control, jobs, Order::Promising, &mut sizes);
            assert!(
                matches!(step, Step::Above(_)),
                "{jobs} jobs: a path below the bound"
            );
            assert!(boards > 100, "{boards} boards");
            assert_eq!(
                sizes.len(),
                boards,
                "{jobs} jobs: one size a board, the last gone"
            );
            let below: u64 = sizes.values().sum();
            assert_eq!(top + below, nodes, "{jobs} jobs");
        }
    }

    #[test]
    fn a_stop_asked_for_is_seen_before_each_board_however_few_nodes_below_it() {
        // most boards a dozen moves in hold fewer nodes than a search counts between two looks
        // at its meter: a stopped split searches none of them
        let control = Control::default().ending_after(std::time::Duration::ZERO);
        for (jobs, order) in [
            (2, Order::Canonical),
            (1, Order::Promising),
            (2, Order::Promising),
        ] {
            let (step, nodes, top, boards) = split_at_31(&control, jobs, order, &mut Sizes::new());
            assert!(matches!(step, Step::Exhausted), "{jobs} jobs, {order:?}");
            assert!(boards > 100, "{boards} boards");
            assert_eq!(nodes, top, "{jobs} jobs, {order:?}: no board searched");
        }
    }

    #[test]
    fn each_bound_finished_without_a_path_is_told_with_the_next() {
        let (start, goal) = board();
        for jobs in [1, 2] {
            let heard = Arc::new(Finished::default());
            let control = Control::default().watched_by(heard.clone());
            let heuristic = LinearConflicts.heuristic(&start, &goal);
            let (outcome, bounds) = solve_with(&start, heuristic, None, u64::MAX, jobs, &control);
            assert!(matches!(outcome, Outcome::Found(ref path) if path.len() == 33));
            let told = heard.0.lock().expect("no panic").clone();
            let expected: Vec<(u32, u64, u32)> = bounds
                .windows(2)
                .map(|pair| (pair[0].bound, pair[0].nodes, pair[1].bound))
                .collect();
            assert_eq!(told, expected, "{jobs} jobs");
        }
    }

    #[test]
    fn a_search_resumed_at_a_bound_and_the_shares_of_one_agree_with_the_whole() {
        let (start, goal) = board();
        let heuristic = || LinearConflicts.heuristic(&start, &goal);
        let control = Control::default();
        let (whole, bounds) = solve_with(&start, heuristic(), None, u64::MAX, 1, &control);
        let within = within(1, Want::Canonical);
        let (resumed, from) = solve_within(
            &start,
            heuristic(),
            within,
            Bounds::From(31),
            &Machines::default(),
            &control,
        );
        assert_eq!(resumed, whole);
        assert_eq!(from.iter().map(|b| b.bound).collect::<Vec<_>>(), [31, 33]);
        // below the length, every share says the next bound; at it, the lowest share with a path
        // has the whole search's, and shares of every board add up to the iteration's nodes
        for parts in [1, 3, 7] {
            let mut lowest = None;
            let mut next = u32::MAX;
            for part in 1..=parts {
                for bound in [31, 33] {
                    let range = None;
                    let share = Bounds::Share(Share {
                        bound,
                        part,
                        parts,
                        range,
                    });
                    let (outcome, _) = solve_within(
                        &start,
                        heuristic(),
                        within,
                        share,
                        &Machines::default(),
                        &control,
                    );
                    match (bound, outcome) {
                        (31, Outcome::Beyond(n)) => next = next.min(n + 1),
                        (33, Outcome::Found(path)) => {
                            lowest.get_or_insert(path);
                        }
                        (33, Outcome::Beyond(_)) => {}
                        (bound, outcome) => panic!("{bound}: {outcome:?}"),
                    }
                }
            }
            assert_eq!(next, 33, "{parts} shares");
            assert_eq!(
                lowest.map(Outcome::Found),
                Some(whole.clone()),
                "{parts} shares"
            );
        }
        assert_eq!(bounds.last().map(|b| b.bound), Some(33));
    }
}
