//! An iteration cut into the boards a dozen moves in: handed to the threads one at a time, in
//! canonical order or most promising first, and cut into shares for other processes or
//! machines, told back in slices of about equal nodes.

use std::cmp::Reverse;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::tree::{Played, Step, Tree};
use super::{ordered_map, Heuristic, Slice};
use crate::puzzle::moves::Move;

/// The order in which an iteration's boards a dozen moves in are searched, and what ends it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Order {
    /// Canonical order; the first board (in that order) with a solution answers.
    Canonical,
    /// Canonical order; the first solution found answers.
    FirstFound,
    /// Most promising first ([`promising_first`]); the first solution found answers.
    Promising,
}

/// The boards of more cells than this search a shortest path's last iteration most promising
/// first; the others in canonical order. Measured (`steps`, nodes in all): Korf and Felner's
/// eight easiest 24-puzzle instances with 6-6-6-6x7z, 364 M largest estimate first against 714 M
/// for the canonical path (#38: 7.1 M against 17.2 M, the least estimate first 16.2 M); Korf's
/// 100 15-puzzle instances with 7-8, on one thread, 2.15 M largest estimate first, 1.43 M least
/// first, 1.45 M in canonical order.
pub(super) const PROMISING_ABOVE: usize = 16;

/// The nodes below each board a dozen moves in (the size of its tree), by [place], in the last
/// iteration searched most promising first: what orders the next.
pub(super) type Sizes = HashMap<u32, u64>;

/// Orders an iteration's boards (in canonical order, each with its estimate) most promising
/// first: most nodes below them in the iteration before (`before`), then largest estimate, then
/// canonical order.
///
/// Many nodes within a bound are where the estimate finds the goal near, which is where the
/// shortest paths are: on the twenty of DeepCubeA's 5×5 boards of the performance page
/// (`steps --jobs 2`, 6-6-6-6x7z), the last iterations took 191 M nodes so ordered against
/// 1,731 M largest estimate first (the iterations before them: 596 M). Where no board has nodes
/// before (the first iteration), the largest estimate comes first: the fewest moves to spare
/// under the bound, the smallest trees.
pub(super) fn promising_first(boards: &mut [(Vec<Move>, u32)], before: &Sizes) {
    // stable: canonical order among equals
    boards.sort_by_cached_key(|(moves, estimate)| {
        let nodes = before.get(&place(moves)).copied().unwrap_or(0);
        (Reverse(nodes), Reverse(*estimate))
    });
}

/// No split: a search that never hands a board over.
pub(super) const WHOLE: u32 = u32::MAX;

/// The depth at which a search on several threads hands out its subtrees: some thousands of
/// them, in canonical order, for the threads to take one at a time.
const SPLIT: u32 = 12;

/// The places of the boards a dozen moves in (`SPLIT`): a board's place is the moves that lead
/// to it, two bits a move (`d` 0 to `u` 3), the first the highest, so that places follow the
/// canonical order of the boards. A [`Range`] of places is a share of an iteration cut anywhere.
pub const PLACES: u32 = 1 << (2 * SPLIT);

/// The place of the board `moves` lead to, [`SPLIT`] moves in.
pub(super) fn place(moves: &[Move]) -> u32 {
    moves
        .iter()
        .fold(0, |place, &step| place << 2 | step as u32)
}

/// The most slices a share's boards are told in ([`Slice`]): enough to cut the next wave's
/// shares evenly, few enough for a record of a few hundred bytes.
pub const SLICES: usize = 16;

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
pub(super) fn sliced(boards: &[(u32, u64)]) -> Vec<Slice> {
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

/// One iteration of `search` to `bound` on `jobs` threads (of the boards of `share` only, if
/// one is given): the boards [`SPLIT`] moves in are searched each by the first thread free.
///
/// For the canonical path they are taken in canonical order. All solutions of an iteration are
/// shortest, and canonical order among paths of one length is the order of their first
/// different move, so the answer is the solution of the first board (in that order) that has
/// one: boards after a board with a solution are skipped, boards before it searched to the end.
/// For a shortest path they are taken most promising first ([`promising_first`], by the nodes
/// below each in `sizes`, which then holds this iteration's), and the first solution found ends
/// the iteration: every thread stops at its next look.
///
/// On return, `search` holds the path found and the nodes of every thread.
pub(super) fn split<'m, H: Heuristic + Clone + Send + Sync>(
    search: &mut Tree<'m, H>,
    bound: u32,
    (jobs, order, sizes): (usize, Order, &mut Sizes),
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
    if order == Order::Promising {
        promising_first(&mut boards, sizes);
        sizes.clear();
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
    // each thread walks its own copy of the tree from one board to the next: back to the moves
    // they share, then on (a copy a board cost a node's worth of copying, 14 % of a 24-puzzle
    // count's instructions)
    let thread = || (root.clone(), Vec::new());
    let work = |(below, played): &mut (Tree<'m, H>, Vec<Played<H::Undo>>),
                at: usize,
                (moves, _): &(Vec<Move>, u32)| {
        // a board after one with a solution is not searched: its paths come later in order
        // (for a shortest path, no board once any has one)
        let skip = match shortest {
            true => first.load(Ordering::Relaxed) != usize::MAX,
            false => at > first.load(Ordering::Relaxed),
        };
        if skip {
            return None;
        }
        let shared = (below.moves.iter().zip(moves))
            .take_while(|(played, step)| played == step)
            .count();
        while below.moves.len() > shared {
            below.unplay(played.pop().expect("a move played"));
        }
        for &step in &moves[shared..] {
            played.push(below.play(step));
        }
        below.nodes = 0;
        below.budget = root.budget.saturating_sub(spent.load(Ordering::Relaxed));
        // a board's search looks at the meter every so many nodes, which most boards never
        // reach: a stop asked for (Ctrl-C, the time spent) is seen before each
        let step = match root.meter.stopped() {
            true => Step::Exhausted,
            false => below.dfs(SPLIT, bound, moves.last().copied(), WHOLE, &mut |_, _| {}),
        };
        spent.fetch_add(below.nodes, Ordering::Relaxed);
        match step {
            Step::Found if shortest => root.found.store(true, Ordering::Relaxed),
            // given up for another thread's path: that one answers
            Step::Exhausted if root.found.load(Ordering::Relaxed) => return None,
            _ => {}
        }
        let (mut path, nodes) = (Vec::new(), below.nodes);
        if matches!(step, Step::Found | Step::Exhausted) {
            first.fetch_min(at, Ordering::Relaxed);
            // a search that stopped there left its moves played: the path, and a fresh copy
            if matches!(step, Step::Found) {
                path = std::mem::take(&mut below.moves);
            }
            (*below, *played) = (root.clone(), Vec::new());
        }
        Some((step, path, nodes))
    };
    // in order: for the canonical path, every board before the first with a solution is
    // searched to the end; for a shortest, the first solution found answers
    ordered_map(&boards, jobs, thread, work, |at, outcome| {
        // a share tells the nodes below each board it searched (in order: results come so)
        if let (Some(told), Some((_, _, nodes))) = (told.as_deref_mut(), &outcome) {
            told.push((place(&boards[at].0), *nodes));
        }
        if let (Order::Promising, Some((_, _, nodes))) = (order, &outcome) {
            sizes.insert(place(&boards[at].0), *nodes);
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
    });
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
