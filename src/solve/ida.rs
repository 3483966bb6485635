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
//! boards larger than 4×4 the boards a dozen moves in are searched largest estimate first (the
//! fewest moves to spare under the bound: the smallest trees first; on 4×4 that order cost more,
//! see `LARGEST_FIRST_ABOVE`). Below the final bound every board is searched either way, so
//! only the last iteration differs: on Korf and Felner's #38 it is most of the search, since its
//! canonical path begins with `l` and every path under `d` must first be proved longer.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use super::control::{Control, Meter};
use super::detours::{Detours, DETOUR};
use super::heuristic::Heuristic;
use super::parallel::ordered_map;
pub use super::report::{Bound, Outcome, Slice, Want};
use crate::puzzle::board::{Board, Shape};
use crate::puzzle::moves::{Move, Path};
use crate::puzzle::BLANK;

/// A search: the board, the moves so far, the nodes spent, the heuristic in step, and the
/// meter its threads share.
#[derive(Clone)]
struct Search<'m, H> {
    /// The board, in an array of every cell a board may have: indexed by a byte, never
    /// checked against its length.
    cells: [u8; MOST_CELLS],
    blank: u8,
    /// The cell the blank reaches from each cell by each move.
    targets: [[Option<u8>; 4]; MOST_CELLS],
    moves: Vec<Move>,
    /// The state of the machine that cuts detours, after the moves so far.
    state: u32,
    detours: Arc<Detours>,
    nodes: u64,
    budget: u64,
    heuristic: H,
    meter: &'m Meter<'m>,
    /// Set when a thread has found a path that ends the search ([`Want::Shortest`]): the
    /// others give up theirs.
    found: &'m AtomicBool,
}

enum Step {
    Found,
    /// The smallest estimate above the bound met (`u32::MAX` if none).
    Above(u32),
    Exhausted,
}

impl<'m, H: Heuristic> Search<'m, H> {
    /// A search from `start`, with `heuristic` in step with it, told to `meter`.
    fn new(
        start: &Board,
        heuristic: H,
        budget: u64,
        detours: Arc<Detours>,
        (meter, found): (&'m Meter<'m>, &'m AtomicBool),
    ) -> Search<'m, H> {
        let shape = start.shape();
        let mut cells = [BLANK; MOST_CELLS];
        cells[..start.cells().len()].copy_from_slice(start.cells());
        let mut targets = [[None; 4]; MOST_CELLS];
        for (cell, targets) in targets.iter_mut().enumerate().take(start.cells().len()) {
            *targets = Move::ALL.map(|step| shape.target(cell, step).map(|t| t as u8));
        }
        Search {
            cells,
            blank: start.blank() as u8,
            targets,
            moves: Vec::new(),
            state: detours.start(start.blank()),
            detours,
            nodes: 0,
            budget,
            heuristic,
            meter,
            found,
        }
    }

    /// Makes the legal move `step`, keeping the heuristic in step.
    fn play(&mut self, step: Move) {
        let target = self.targets[usize::from(self.blank)][step as usize].expect("a legal move");
        let (from, to) = (usize::from(target), usize::from(self.blank));
        let tile = self.cells[from];
        self.cells[to] = tile;
        self.cells[from] = BLANK;
        self.blank = target;
        let vertical = matches!(step, Move::Up | Move::Down);
        self.heuristic.slide(&self.cells, tile, from, to, vertical);
        self.moves.push(step);
        self.state = self.detours.next(self.state, step);
    }

    /// Searches below the board as it stands, `depth` moves in, `last` the move that led here:
    /// at depth `split`, hands the moves that led there and the board's estimate to `leaf`
    /// instead of going deeper.
    fn dfs(
        &mut self,
        depth: u32,
        bound: u32,
        last: Option<Move>,
        split: u32,
        leaf: &mut impl FnMut(&[Move], u32),
    ) -> Step {
        let estimate = self.heuristic.estimate();
        self.dfs_at(depth, estimate, bound, last, split, leaf)
    }

    /// [`Search::dfs`] below a board whose estimate is `estimate`, as its parent judged it.
    fn dfs_at(
        &mut self,
        depth: u32,
        estimate: u32,
        bound: u32,
        last: Option<Move>,
        split: u32,
        leaf: &mut impl FnMut(&[Move], u32),
    ) -> Step {
        if depth + estimate > bound {
            return Step::Above(depth + estimate);
        }
        if estimate == 0 {
            return Step::Found;
        }
        if depth == split {
            leaf(&self.moves, estimate);
            return Step::Above(u32::MAX);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Step::Exhausted;
        }
        if self.nodes & PROGRESS_NODES == 0
            && (!self.meter.add(PROGRESS_NODES + 1) || self.found.load(Ordering::Relaxed))
        {
            return Step::Exhausted;
        }
        let mut above = u32::MAX;
        for step in Move::ALL {
            if last == Some(step.opposite()) {
                continue;
            }
            let Some(target) = self.targets[usize::from(self.blank)][step as usize] else {
                continue;
            };
            let state = self.detours.next(self.state, step);
            if state == DETOUR {
                continue;
            }
            let (from, to) = (usize::from(target), usize::from(self.blank));
            let vertical = matches!(step, Move::Up | Move::Down);
            let tile = self.cells[from];
            self.cells[to] = tile;
            self.cells[from] = BLANK;
            self.blank = target;
            let undo = self.heuristic.slide(&self.cells, tile, from, to, vertical);
            // most children lie past the bound: they are cut here, without a call
            let estimate = self.heuristic.estimate_within(bound - depth - 1);
            if depth + 1 + estimate > bound {
                above = above.min(depth + 1 + estimate);
            } else {
                self.moves.push(step);
                let before = std::mem::replace(&mut self.state, state);
                let below = self.dfs_at(depth + 1, estimate, bound, Some(step), split, leaf);
                self.state = before;
                match below {
                    Step::Found => return Step::Found,
                    Step::Exhausted => return Step::Exhausted,
                    Step::Above(next) => above = above.min(next),
                }
                self.moves.pop();
            }
            self.heuristic.unslide(tile, from, to, vertical, undo);
            self.cells[from] = tile;
            self.cells[to] = BLANK;
            self.blank = to as u8;
        }
        Step::Above(above)
    }
}

/// The most cells of a board: 16 by 16.
const MOST_CELLS: usize = Shape::MAX_SIDE as usize * Shape::MAX_SIDE as usize;

/// One less than the nodes between two looks at the control: its stop flag and its watcher.
const PROGRESS_NODES: u64 = 0xFFFF;

/// The order in which an iteration's boards a dozen moves in are searched, and what ends it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Order {
    /// Canonical order; the first board (in that order) with a solution answers.
    Canonical,
    /// Canonical order; the first solution found answers.
    FirstFound,
    /// Largest estimate first (the fewest moves to spare under the bound: the smallest trees);
    /// the first solution found answers.
    LargestFirst,
}

/// The boards of more cells than this search a shortest path's last iteration largest estimate
/// first; the others in canonical order. Measured (`steps`, nodes in all): Korf and Felner's
/// eight easiest 24-puzzle instances with 6-6-6-6x7z, 364 M largest first against 714 M for the
/// canonical path (#38: 7.1 M against 17.2 M, the least estimate first 16.2 M); Korf's 100
/// 15-puzzle instances with 7-8, on one thread, 2.15 M largest first, 1.43 M least first, 1.45 M
/// in canonical order.
const LARGEST_FIRST_ABOVE: usize = 16;

/// No split: a search that never hands a board over.
const WHOLE: u32 = u32::MAX;

/// The depth at which a search on several threads hands out its subtrees: some thousands of
/// them, in canonical order, for the threads to take one at a time.
const SPLIT: u32 = 12;

/// The places of the boards a dozen moves in (`SPLIT`): a board's place is the moves that lead
/// to it, two bits a move (`d` 0 to `u` 3), the first the highest, so that places follow the
/// canonical order of the boards. A [`Range`] of places is a share of an iteration cut anywhere.
pub const PLACES: u32 = 1 << (2 * SPLIT);

/// The place of the board `moves` lead to, [`SPLIT`] moves in.
fn place(moves: &[Move]) -> u32 {
    moves
        .iter()
        .fold(0, |place, &step| place << 2 | step as u32)
}

/// The most slices a share's boards are told in ([`Slice`]): enough to cut the next wave's
/// shares evenly, few enough for a record of a few hundred bytes.
pub const SLICES: usize = 16;

/// The canonical path from `start` to the goal that `heuristic` (in step with `start`) estimates,
/// which `start` must reach, as the linear-conflicts `solve` does; on `jobs` threads when more
/// than one, stopped as `control` asks. Returns the outcome and each iteration's bound and
/// nodes.
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
        want: Want::Canonical,
    };
    solve_within(start, heuristic, within, Bounds::All, control)
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

/// The `part`-th (from 1) of `parts` shares of the iteration at `bound`: of the boards a dozen
/// moves in that `--jobs` hands out, in canonical order, the `part`-th of `parts` runs of
/// (nearly) equal length, or those of `range` when given, and the tree below each. The moves
/// above them are searched by every share. Shares follow the canonical order, so the canonical
/// path is the lowest share's that holds a path: the shares after it need not run. Many more
/// shares than the machines' cores keep the cores evenly busy, as `--jobs`'s thousands of boards
/// keep its threads; shares cut by the nodes below their boards in the wave before
/// ([`Slice`], `eight merge --even`) are evener still.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Share {
    /// The iteration's bound.
    pub bound: u32,
    /// This share, from 1.
    pub part: u32,
    /// The shares of the iteration.
    pub parts: u32,
    /// The places of its boards, if cut by place rather than by count.
    pub range: Option<Range>,
}

/// The boards of the places `from` up to, not including, `to` ([`PLACES`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Range {
    /// The first place.
    pub from: u32,
    /// The place after the last (at most [`PLACES`]).
    pub to: u32,
}

impl Share {
    /// This share of `boards`, all those of the iteration in canonical order.
    fn of(&self, mut boards: Vec<(Vec<Move>, u32)>) -> Vec<(Vec<Move>, u32)> {
        if let Some(Range { from, to }) = self.range {
            boards.retain(|(moves, _)| (from..to).contains(&place(moves)));
            return boards;
        }
        let (part, parts, all) = (self.part as usize, self.parts as usize, boards.len());
        let (from, to) = (all * (part - 1) / parts, all * part / parts);
        boards.truncate(to);
        boards.drain(..from);
        boards
    }
}

/// The boards searched of a share, each its place and the nodes below it, in canonical order,
/// told in at most [`SLICES`] runs of about equal nodes.
fn sliced(boards: &[(u32, u64)]) -> Vec<Slice> {
    let total: u64 = boards.iter().map(|&(_, nodes)| nodes).sum();
    let each = total.div_ceil(SLICES as u64).max(1);
    let mut slices: Vec<Slice> = Vec::new();
    for &(from, nodes) in boards {
        match slices.last_mut() {
            Some(last) if last.nodes < each => last.nodes += nodes,
            _ => slices.push(Slice { from, nodes }),
        }
    }
    slices
}

/// [`solve_with`] `within` its limits, over the iterations of `bounds`.
pub fn solve_within<H: Heuristic + Clone + Send + Sync>(
    start: &Board,
    heuristic: H,
    within: Within,
    bounds: Bounds,
    control: &Control,
) -> (Outcome, Vec<Bound>) {
    let (outcome, bounds, _) = solve_sliced(start, heuristic, within, bounds, control);
    (outcome, bounds)
}

/// [`solve_within`] over one share, with the nodes below its boards in [`Slice`]s.
pub fn solve_share<H: Heuristic + Clone + Send + Sync>(
    start: &Board,
    heuristic: H,
    within: Within,
    share: Share,
    control: &Control,
) -> (Outcome, Vec<Bound>, Vec<Slice>) {
    solve_sliced(start, heuristic, within, Bounds::Share(share), control)
}

/// [`solve_within`], and a share's [`Slice`]s.
fn solve_sliced<H: Heuristic + Clone + Send + Sync>(
    start: &Board,
    heuristic: H,
    within: Within,
    bounds: Bounds,
    control: &Control,
) -> (Outcome, Vec<Bound>, Vec<Slice>) {
    // a share of an iteration, or a search resumed, is the long work: the deepest machine at once
    let deepest = bounds != Bounds::All;
    let shape = start.shape();
    let machine = |more| Detours::worth(shape, more, deepest);
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
        want,
    } = within;
    let order = match want {
        Want::Canonical => Order::Canonical,
        Want::Shortest if start.cells().len() > LARGEST_FIRST_ABOVE => Order::LargestFirst,
        Want::Shortest => Order::FirstFound,
    };
    let meter = control.begin();
    let found = AtomicBool::new(false);
    let mut search = Search::new(start, heuristic, budget, machine(0), (&meter, &found));
    if let Bounds::Share(share) = bounds {
        meter.bound(share.bound);
        let mut boards = Vec::new();
        let step = split(
            &mut search,
            share.bound,
            (jobs, order),
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
    if let Bounds::From(from) = bounds {
        bound = bound.max(from);
    }
    let mut bounds: Vec<Bound> = Vec::new();
    loop {
        if let Some(limit) = limit.filter(|&limit| bound > limit) {
            return (Outcome::Beyond(limit), bounds);
        }
        let before = search.nodes;
        search.detours = machine(bounds.last().map_or(0, |last| last.nodes));
        meter.bound(bound);
        // a shortest path alone is searched for in the split order, largest estimate first, even
        // on one thread
        let step = match (jobs, order) {
            (0 | 1, Order::Canonical | Order::FirstFound) => {
                search.dfs(0, bound, None, WHOLE, &mut |_, _| {})
            }
            _ => split(&mut search, bound, (jobs, order), None),
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
pub fn nodes(bounds: &[Bound]) -> u64 {
    bounds.iter().map(|bound| bound.nodes).sum()
}

/// One iteration of `search` to `bound` on `jobs` threads (of the boards of `share` only, if
/// one is given): the boards [`SPLIT`] moves in are searched each by the first thread free.
///
/// For the canonical path they are taken in canonical order. All solutions of an iteration are
/// shortest, and canonical order among paths of one length is the order of their first
/// different move, so the answer is the solution of the first board (in that order) that has
/// one: boards after a board with a solution are skipped, boards before it searched to the end.
/// For a shortest path they are taken largest estimate first (canonical order among equals), and
/// the first solution found ends the iteration: every thread stops at its next look.
///
/// On return, `search` holds the path found and the nodes of every thread.
fn split<H: Heuristic + Clone + Send + Sync>(
    search: &mut Search<'_, H>,
    bound: u32,
    (jobs, order): (usize, Order),
    share: Option<(Share, &mut Vec<(u32, u64)>)>,
) -> Step {
    // the boards, as the moves that lead to them (a thread replays them on its own copy), and
    // their estimates
    let mut boards: Vec<(Vec<Move>, u32)> = Vec::new();
    let step = search.dfs(0, bound, None, SPLIT, &mut |moves, estimate| {
        boards.push((moves.to_vec(), estimate))
    });
    let mut told = None;
    if let Some((share, searched)) = share {
        boards = share.of(boards);
        told = Some(searched);
    }
    let shortest = order != Order::Canonical;
    if order == Order::LargestFirst {
        // stable: canonical order among boards of one estimate
        boards.sort_by_key(|&(_, estimate)| std::cmp::Reverse(estimate));
    }
    let mut above = match step {
        Step::Above(above) if !boards.is_empty() => above,
        step => return step,
    };
    let first = AtomicUsize::new(usize::MAX);
    let spent = AtomicU64::new(search.nodes);
    let root = &*search;
    let mut found = None;
    let mut exhausted = false;
    let work = |_: &mut (), at: usize, (moves, _): &(Vec<Move>, u32)| {
        // a board after one with a solution is not searched: its paths come later in order
        // (for a shortest path, no board once any has one)
        let skip = match shortest {
            true => first.load(Ordering::Relaxed) != usize::MAX,
            false => at > first.load(Ordering::Relaxed),
        };
        if skip {
            return None;
        }
        let mut below = root.clone();
        for &step in moves {
            below.play(step);
        }
        below.nodes = 0;
        below.budget = root.budget.saturating_sub(spent.load(Ordering::Relaxed));
        let step = below.dfs(SPLIT, bound, moves.last().copied(), WHOLE, &mut |_, _| {});
        spent.fetch_add(below.nodes, Ordering::Relaxed);
        match step {
            Step::Found if shortest => root.found.store(true, Ordering::Relaxed),
            // given up for another thread's path: that one answers
            Step::Exhausted if root.found.load(Ordering::Relaxed) => return None,
            _ => {}
        }
        if matches!(step, Step::Found | Step::Exhausted) {
            first.fetch_min(at, Ordering::Relaxed);
        }
        Some((step, below.moves, below.nodes))
    };
    // in order: for the canonical path, every board before the first with a solution is
    // searched to the end; for a shortest, the first solution found answers
    ordered_map(
        &boards,
        jobs,
        || (),
        work,
        |at, outcome| {
            // a share tells the nodes below each board it searched (in order: results come so)
            if let (Some(told), Some((_, _, nodes))) = (told.as_deref_mut(), &outcome) {
                told.push((place(&boards[at].0), *nodes));
            }
            match outcome {
                Some((Step::Above(next), _, _)) => {
                    above = above.min(next);
                    true
                }
                Some((Step::Exhausted, _, _)) if shortest => {
                    exhausted = true;
                    true
                }
                Some((step, moves, _)) => {
                    found = Some((step, moves));
                    false
                }
                None => shortest,
            }
        },
    );
    search.nodes = spent.into_inner();
    match found {
        Some((Step::Found, moves)) => {
            search.moves = moves;
            return Step::Found;
        }
        Some((step, _)) => return step,
        None if exhausted => return Step::Exhausted,
        None => {}
    }
    Step::Above(above)
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::solve::conflicts::LinearConflicts;
    use crate::solve::control::Watcher;
    use crate::solve::heuristic::Evaluator;

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
                for (depth, nodes) in [0, 12, 14].into_iter().zip(&mut spent) {
                    let machine = |_| Detours::of(shape, depth);
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
                        *nodes += super::nodes(&bounds);
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
        // largest estimate first
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
            &control,
        )
        .1
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
        let (resumed, from) = solve_within(&start, heuristic(), within, Bounds::From(31), &control);
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
                    let (outcome, _) = solve_within(&start, heuristic(), within, share, &control);
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
