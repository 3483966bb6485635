//! Bounded-suboptimal answers past the optimal search's reach: a path with a proved lower bound
//! on the shortest, improved while time remains.
//!
//! A first path comes from `--fast`'s beam; [`improve`] shortens it: stretches solved optimally
//! by A* ([`window`]) and its last moves by the optimal search, once with fixed budgets; a
//! weighted A* ([`astar`]) that proves the factor asked; and with a time, the optimal search of
//! the whole path and wider beams. Each proves what it can of the lower bound; the path is
//! printed with the largest.

mod astar;
mod window;

use std::time::Duration;

pub use astar::MOST_CELLS;

use crate::puzzle::board::Board;
use crate::puzzle::moves::Path;
use crate::solve::clock::Clock;
use crate::solve::control::Control;
pub use crate::solve::report::Round;
use crate::solve::report::Want;
use crate::solve::search::fast::estimate::Weighted;

/// The windows' lengths, in moves: each pass is cheap (a few hundred thousand boards at most a
/// window) and the longer ones find what the shorter missed.
const WINDOWS: [usize; 4] = [16, 24, 32, 48];

/// With a time, what the last beam leaves of it goes to longer windows of the best path, each
/// search keeping up to [`POLISH_NODES`] boards (some 300 MB on 6×6).
const POLISH: [usize; 2] = [64, 96];

/// The most boards a window of [`POLISH`] keeps.
const POLISH_NODES: usize = 2_000_000;

/// What the bounded search is asked.
#[derive(Clone, Copy, Debug)]
pub struct Ask {
    /// Done once the path is at most this factor (in hundredths) of the lower bound.
    pub within: Option<u32>,
    /// The time it may take, shortening the path again and again; `None`: one pass of each
    /// step, each within a fixed number of nodes (so the same path on every machine).
    pub time: Option<Duration>,
    /// The most boards a weighted run may keep (some 140 bytes each on a 6×6 board).
    pub nodes: usize,
}

/// What the optimal search of a stretch found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exact {
    /// A shortest path, shorter than asked.
    Found(Path),
    /// None is shorter than asked.
    None,
    /// It gave up, with no path shorter than this proved to exist.
    GaveUp(u32),
}

/// The searches the bounded search calls on: the beam and an optimal search.
pub trait Searches {
    /// A path from `start` by a beam `width` boards wide, or `None` if stopped.
    fn beam(&mut self, width: usize) -> Option<Path>;
    /// The beam's width of the first path.
    fn width(&self) -> usize;
    /// The time the last beam took (zero where there is no clock).
    fn beam_time(&self) -> Duration;
    /// A shortest path from `from` to the goal if one is shorter than `shorter`, within `nodes`
    /// expanded.
    fn exact(&mut self, from: &Board, shorter: u32, nodes: u64) -> Exact;
    /// A shortest path from the start if one is shorter than `shorter`, searched for as `spend`
    /// says, its iterations from `from` on (no shorter path exists): with [`Want::Shortest`] the
    /// first found, sooner; with [`Want::Canonical`] the canonical one.
    fn whole(&mut self, want: Want, from: u32, shorter: u32, spend: Spend) -> Exact;
    /// The nodes its optimal searches have expanded so far.
    fn expanded(&self) -> u64;
}

/// How long an optimal search may go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spend {
    /// Until it has expanded this many nodes.
    Nodes(u64),
    /// Until this time has passed.
    Time(Duration),
}

/// The best path found and what is proved of it.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The best path.
    pub path: Path,
    /// No path from the start is shorter.
    pub lower_bound: u32,
    /// Whether the path is a shortest one found by the optimal search from the start (so the
    /// canonical one).
    pub optimal: bool,
    /// What it did, in order.
    pub rounds: Vec<Round>,
}

impl Answer {
    /// Whether the path is within `within` hundredths of the lower bound.
    pub fn proves(&self, within: u32) -> bool {
        u64::from(self.path.len() as u32) * 100 <= u64::from(self.lower_bound) * u64::from(within)
    }

    /// Whether the path is known to be a shortest one.
    fn shortest(&self) -> bool {
        self.optimal || self.path.len() as u32 <= self.lower_bound
    }

    /// Whether it is a shortest one or proves the factor asked.
    fn done(&self, ask: &Ask) -> bool {
        self.shortest() || ask.within.is_some_and(|within| self.proves(within))
    }

    /// Keeps `path` if it is shorter.
    fn offer(&mut self, path: Path) {
        if path.len() < self.path.len() {
            self.path = path;
        }
    }
}

/// The path's length over the bound, in hundredths, at most which a time given is spent on the
/// optimal search of the whole path first (the 24-puzzle's databases on 5x5 give about 1.15;
/// the linear conflicts on 6x6 and 7x7 about 1.5, where wider beams gain more).
const NEAR: u64 = 125;

/// The share of the time left, in quarters, that the optimal search of the whole path may take
/// where the path is near its bound: a shortest path found leaves the rest to the canonical one.
const WHOLE_QUARTERS: u32 = 3;

/// The widest beam `--time` runs: some 400 MB of boards on a 7×7 board.
const MOST_WIDTH: usize = 1 << 17;

/// The budget of an optimal search of the last moves when no time is given.
const EXACT_NODES: u64 = 1_000_000;

/// Shortens `first`, a path from `start` to `goal` (of at most [`MOST_CELLS`] cells) whose length
/// is at least `lower_bound`, as `ask` says; `control` may stop it early, with the best so far.
///
/// In turn, while time remains: windows of the path solved optimally ([`window`]); the last
/// moves solved by the optimal search, more each time, until it is the whole path; the
/// weighted search with the factor asked, which proves it; then, with a time, beams twice as
/// wide as the last, each path shortened the same way. A path as long as the bound is then
/// replaced by the canonical one.
pub fn improve(
    start: &Board,
    goal: &Board,
    first: Path,
    lower_bound: u32,
    ask: &Ask,
    searches: &mut dyn Searches,
    control: &Control,
) -> Answer {
    let began = Clock::start();
    let estimate = Weighted::plain(goal);
    let length = first.len() as u32;
    let root = estimate.of(start.cells()).estimate;
    let mut answer = Answer {
        lower_bound: parity(lower_bound.max(root), length),
        path: first,
        optimal: false,
        rounds: Vec::new(),
    };
    let left = || ask.time.map(|time| time.saturating_sub(began.elapsed()));
    let out = || left().is_some_and(|left| left.is_zero()) || control.stop_requested();
    // one pass of shortening, even where the first path already proves the factor asked
    if !answer.shortest() && !out() {
        let path = answer.path.clone();
        let path = shorten(start, path, searches, &mut answer, &out);
        answer.offer(path);
    }
    if let Some(within) = ask.within.filter(|_| !answer.done(ask) && !out()) {
        let round = Clock::start();
        let run = astar::Run {
            weight: within,
            best: answer.path.len() as u32,
            nodes: ask.nodes,
            prove: true,
        };
        let mut stop = || out();
        let ran = astar::run(start, goal, &estimate, run, &mut stop);
        if let Some(path) = ran.path {
            answer.offer(path);
        }
        let length = answer.path.len() as u32;
        answer.lower_bound = answer.lower_bound.max(parity(ran.lower_bound, length));
        answer.note(
            format!("weighted {within}"),
            length as usize,
            ran.nodes as u64,
            round,
        );
    }
    // where the bound is near the path, the optimal search of the whole path for a shortest
    // one, the first it finds (a count's search, the most promising boards first), with most of
    // the time left (wider beams have the rest where it gives up): with the 24-puzzle's
    // databases on 5x5 it often ends, and proves the path a shortest one; the canonical one
    // comes last
    let near = u64::from(answer.path.len() as u32) * 100 <= u64::from(answer.lower_bound) * NEAR;
    if let (Some(left), true) = (left(), near && !answer.done(ask) && !out()) {
        let (round, before) = (Clock::start(), searches.expanded());
        let length = answer.path.len() as u32;
        // the iteration below the bound gives the one at it its order
        let from = answer.lower_bound.saturating_sub(2);
        let spend = Spend::Time(left * WHOLE_QUARTERS / 4);
        match searches.whole(Want::Shortest, from, length, spend) {
            Exact::Found(path) => {
                answer.lower_bound = path.len() as u32;
                answer.path = path;
            }
            Exact::None => answer.lower_bound = length,
            Exact::GaveUp(bound) => {
                answer.lower_bound = answer.lower_bound.max(parity(bound, length));
            }
        }
        let nodes = searches.expanded() - before;
        answer.note("whole".into(), answer.path.len(), nodes, round);
    }
    // while time remains, beams twice as wide as the last, each path shortened the same way
    let mut width = searches.width();
    while ask.time.is_some() && !answer.done(ask) && !out() {
        // a beam twice as wide takes about twice as long, and must end within the time
        let short = left().is_some_and(|left| left < searches.beam_time() * 2);
        if short || width >= MOST_WIDTH {
            break;
        }
        width *= 2;
        let round = Clock::start();
        let Some(path) = searches.beam(width) else {
            break;
        };
        answer.note(format!("beam {width}"), path.len(), 0, round);
        let path = shorten(start, path, searches, &mut answer, &out);
        answer.offer(path);
    }
    // the time the last beam left: longer windows of the best path
    for window in POLISH {
        if ask.time.is_none() || answer.done(ask) || out() {
            break;
        }
        let round = Clock::start();
        let path = answer.path.clone();
        let path = window::shorten(start, path, window, POLISH_NODES, &mut || out());
        answer.offer(path);
        answer.note(format!("windows {window}"), answer.path.len(), 0, round);
    }
    // a path as long as the bound is a shortest one: the optimal search, told its length (its
    // one iteration), gives the canonical one, which every shortest answer eight prints is; with
    // the time left, or else within a fixed number of nodes
    if !answer.optimal && answer.path.len() as u32 <= answer.lower_bound {
        let (round, before) = (Clock::start(), searches.expanded());
        let length = answer.path.len() as u32;
        let spend = match left().filter(|left| !left.is_zero()) {
            Some(left) => Spend::Time(left),
            None => Spend::Nodes(EXACT_NODES),
        };
        if let Exact::Found(path) = searches.whole(Want::Canonical, length, length + 1, spend) {
            answer.path = path;
            answer.optimal = true;
        }
        let nodes = searches.expanded() - before;
        answer.note("canonical".into(), length as usize, nodes, round);
    }
    answer
}

/// `path` shortened by windows and by optimal searches of its last moves.
fn shorten(
    start: &Board,
    mut path: Path,
    searches: &mut dyn Searches,
    answer: &mut Answer,
    out: &dyn Fn() -> bool,
) -> Path {
    for window in WINDOWS {
        if out() {
            return path;
        }
        let round = Clock::start();
        path = window::shorten(start, path, window, window::WINDOW_NODES, &mut || out());
        answer.note(format!("windows {window}"), path.len(), 0, round);
    }
    let mut last = 32;
    while !out() && !answer.shortest() {
        let whole = last >= path.len();
        let at = path.len().saturating_sub(last);
        let from = window::play(*start, &path.0[..at]);
        let (round, before) = (Clock::start(), searches.expanded());
        let searched = searches.exact(&from, (path.len() - at) as u32, EXACT_NODES);
        let (length, nodes) = (path.len() as u32, searches.expanded() - before);
        match searched {
            Exact::Found(tail) => {
                path.0.truncate(at);
                path.0.extend(tail.0);
                if whole {
                    answer.path = path.clone();
                    answer.lower_bound = path.len() as u32;
                    answer.optimal = true;
                }
            }
            Exact::None if whole => answer.lower_bound = length,
            Exact::GaveUp(bound) if whole => {
                answer.lower_bound = answer.lower_bound.max(parity(bound, length));
            }
            Exact::None => {}
            Exact::GaveUp(_) => {
                answer.note(format!("last {last}"), path.len(), nodes, round);
                break;
            }
        }
        answer.note(format!("last {last}"), path.len(), nodes, round);
        if whole {
            break;
        }
        last = last * 3 / 2;
    }
    path
}

impl Answer {
    /// Notes a step that ended with a path of `length` moves (the answer's or a shorter).
    fn note(&mut self, step: String, length: usize, nodes: u64, began: Clock) {
        self.rounds.push(Round {
            step,
            length: length.min(self.path.len()) as u32,
            lower_bound: self.lower_bound,
            nodes,
            time: began.elapsed(),
        });
    }
}

/// `bound` raised to the parity of `length`: every path between two boards has the same.
fn parity(bound: u32, length: u32) -> u32 {
    bound + (length.saturating_sub(bound)) % 2
}

#[cfg(test)]
mod tests;
