//! What answers a query and what it cost: the two choices asked for (how 3×3 boards are
//! answered, which heuristic guides larger boards' search), the method that answered, its
//! counts and time, and with `--fast` how good the path is.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::pdb::Family;
use super::stats::Stats;
use crate::puzzle::moves::Path;

/// How boards are answered apart from the plan's choice (`--algo auto|bibfs|bfs|astar|idastar`):
/// every one gives the canonical path. The tables and the bidirectional search answer 3×3 boards
/// (other boards are planned as under `Table`); the textbook searches run on boards of every
/// shape, BFS and A* on boards of at most 16 cells (larger ones are planned as under `Table`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Small {
    /// The whole-space tables, embedded at compile time: every query is a lookup.
    #[default]
    Table,
    /// The bidirectional search for every case.
    Bibfs,
    /// Plain breadth-first search from the goal, for every case.
    Bfs,
    /// A* with the engine's estimate (the Manhattan distance unless told), for every case.
    Astar,
    /// IDA* with the engine's estimate, for every case.
    Idastar,
}

/// What answered a query: the whole-space tables, parity alone, or a search.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Method {
    /// A lookup in a whole-space table (3×3, or another shape of up to 9 cells).
    #[default]
    Table,
    /// The parities differ: unreachable, decided without search.
    Parity,
    /// The bidirectional breadth-first search.
    Bibfs,
    /// Plain breadth-first search.
    Bfs,
    /// A* with the Manhattan distance.
    Astar,
    /// IDA* with the Manhattan distance, on 3×3.
    Idastar,
    /// IDA* guided by a heuristic that needs no tables, of this name, on a board of more than 9
    /// cells: [`Method::MANHATTAN`], [`Method::CONFLICTS`] or a program's own.
    Heuristic(&'static str),
    /// IDA* with pattern databases of a family.
    Pdb(Family),
    /// The same, each board looked up in its dual too.
    Dual(Family),
    /// `--fast`'s lines placed by a beam search (the `fast` module): a path, not known to be
    /// shortest.
    Beam,
}

impl Method {
    /// Its name in `--stats` and the JSON records: a family's with `pdb:` before it (and
    /// `+dual` after it when its boards are looked up in their duals too).
    pub fn name(self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Method::Table => "table",
            Method::Parity => "parity",
            Method::Bibfs => "bibfs",
            Method::Bfs => "bfs",
            Method::Astar => "astar",
            Method::Idastar => "idastar",
            Method::Heuristic(name) => name,
            Method::Pdb(family) => return Cow::Owned(format!("pdb:{family}")),
            Method::Dual(family) => return Cow::Owned(format!("pdb:{family}+dual")),
            Method::Beam => "beam",
        })
    }
}

/// How a bounded search ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The canonical path.
    Found(Path),
    /// The board does not reach the goal.
    Unreachable,
    /// Every path to the goal is longer than the limit.
    Beyond(u32),
    /// The node budget ran out first, or a stop was asked for.
    Exhausted,
}

/// Which path a search must find: the canonical one, or any shortest one.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Want {
    /// The canonical path, the least in order of the shortest: every path eight prints.
    #[default]
    Canonical,
    /// A shortest path, the first found: for an answer that is its length alone (a judge that
    /// prints a count), found sooner.
    Shortest,
}

/// What answered a query and what it cost.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Report {
    /// What answered.
    pub method: Method,
    /// Which path it found: [`Want::Shortest`] when a search asked for a shortest path alone
    /// stopped at the first (the tables' paths are canonical, whatever was asked).
    pub found: Want,
    /// The search's counts and time.
    pub stats: Stats,
    /// How good the path is, when asked for any path rather than the shortest (`--fast`).
    pub quality: Option<Quality>,
    /// IDA*'s iterations: each bound searched and the nodes it expanded (none for the other
    /// searches).
    pub bounds: Vec<Bound>,
    /// A share of an iteration's boards, in runs with the nodes below them (none for a search
    /// that is not a share).
    pub slices: Vec<Slice>,
    /// The textbook searches' and the bidirectional BFS's progress, layer by layer (IDA*'s is
    /// its `bounds`).
    pub layers: Vec<Layer>,
    /// The bounded search's steps (`--fast`, `--time`, `--within`): none for the others.
    pub rounds: Vec<Round>,
}

/// One step of the bounded search (`--fast` past the optimal search): what it did, the path's
/// length and the lower bound after it, the boards it kept or expanded and its time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Round {
    /// What it did: `beam W`, `windows N`, `last N` (an optimal search of the last N moves) or
    /// `weighted W`.
    pub step: String,
    /// The best path's length after it.
    pub length: u32,
    /// The lower bound after it.
    pub lower_bound: u32,
    /// The boards it kept or expanded.
    pub nodes: u64,
    /// Its time (in microseconds in JSON).
    #[serde(serialize_with = "super::stats::micros")]
    pub time: std::time::Duration,
}

/// One iteration of IDA*: the bound on the moves, and the nodes expanded under it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Bound {
    /// The bound.
    pub bound: u32,
    /// The nodes expanded.
    pub nodes: u64,
}

/// One step of a search's progress, for a picture of it: the boards of one layer of a
/// breadth-first search (`at` its depth; `backward` for the goal's side of a bidirectional one),
/// the boards A* expanded at one f, or the nodes of one IDA* iteration (`at` its bound).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Layer {
    /// The depth, f or bound.
    pub at: u32,
    /// Its boards.
    pub boards: u64,
    /// Whether it is a layer of the search from the goal, of two that meet.
    pub backward: bool,
}

impl Layer {
    /// `boards` at `at`, searched from the start or alone.
    pub fn new(at: u32, boards: u64) -> Layer {
        Layer {
            at,
            boards,
            backward: false,
        }
    }
}

/// A run of a share's boards, in canonical order, from the board at place `from` up to the
/// next slice's first: the nodes below them at the share's bound.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Slice {
    /// The place of its first board.
    pub from: u32,
    /// The nodes searched below its boards.
    pub nodes: u64,
}

/// How good a path of a `--fast` engine is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Quality {
    /// Whether the path is known to be shortest (and then canonical).
    pub optimal: bool,
    /// The best admissible estimate of the moves the board needs: never above the optimum.
    pub lower_bound: u32,
    /// The path's length.
    pub length: u32,
}

impl Quality {
    /// The quality of a shortest path of `length` moves.
    pub fn exact(length: u32) -> Quality {
        Quality {
            optimal: true,
            lower_bound: length,
            length,
        }
    }

    /// Whether the path is proved a shortest one: found so, or as long as its lower bound (then
    /// not necessarily the canonical one, where the time ran out before it was found).
    pub fn proved(self) -> bool {
        self.optimal || self.length <= self.lower_bound
    }

    /// The length over the lower bound, rounded up to three places: the factor of the shortest
    /// that the path is proved within (1 for a path of no moves).
    pub fn within(self) -> f64 {
        let thousandths =
            (u64::from(self.length) * 1000).div_ceil(u64::from(self.lower_bound.max(1)));
        match self.length {
            0 => 1.0,
            _ => thousandths as f64 / 1000.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Quality;

    #[test]
    fn a_path_as_long_as_its_bound_is_proved_shortest_even_when_not_found_so() {
        let quality = |optimal, lower_bound, length| Quality {
            optimal,
            lower_bound,
            length,
        };
        assert!(Quality::exact(86).proved());
        assert!(quality(false, 86, 86).proved(), "its bound proves it");
        assert_eq!(quality(false, 86, 86).within(), 1.0);
        assert!(!quality(false, 84, 86).proved());
        assert_eq!(quality(false, 84, 86).within(), 1.024);
    }
}
