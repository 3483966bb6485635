//! The search core: a bidirectional breadth-first search over Cantor ranks. Two searches, one
//! from the start and one from the goal, meet in the middle, each exploring only about the
//! square root of what one search alone would.
//!
//! The searches grow a whole layer at a time, the smaller frontier first. With forward layers
//! 0..=a and backward layers 0..=b complete and disjoint, no path is shorter than a + b + 1;
//! so the first board that one side generates inside the other proves the distance is exactly
//! a + b + 1. The canonical path (the smallest shortest path in the order `d < l < r < u`)
//! then comes from a greedy walk over the boards that lie on shortest paths: in the forward
//! half those are marked back from the meeting layer, in the backward half every step that
//! lowers the distance to the goal by one stays on a shortest path.

use crate::board::Board;
use crate::moves::Path;
use crate::rank::{rank, COUNT};

/// One stamp per rank, shared by both sides (a board is seen by one side only until they
/// meet): `SEEN | MARK | BACKWARD | depth` (depth in the low 5 bits), 0 when unseen. One byte a rank keeps the array
/// (9! bytes) in a core's L2 cache; a query clears just the stamps it set, from its lists.
type Stamp = u8;
const BACKWARD: Stamp = 0x20;
const MARK: Stamp = 0x40;
const SEEN: Stamp = 0x80;

/// One side of the search: the boards it has seen, in order, layer by layer.
#[derive(Default)]
struct Side {
    seen: Vec<Board>,
    /// The rank of each board of `seen`, to clear its stamp after the query.
    ranks: Vec<u32>,
    /// `layers[k]..layers[k + 1]` is layer k in `seen`; the last entry ends the last whole layer.
    layers: Vec<usize>,
}

impl Side {
    fn start(&mut self, board: Board) {
        self.seen.push(board);
        self.ranks.push(rank(&board));
        self.layers.clear();
        self.layers.extend([0, 1]);
    }

    /// The depth of the last whole layer.
    fn depth(&self) -> u32 {
        (self.layers.len() - 2) as u32
    }

    fn layer(&self, depth: u32) -> std::ops::Range<usize> {
        self.layers[depth as usize]..self.layers[depth as usize + 1]
    }

    fn frontier(&self) -> usize {
        self.layer(self.depth()).len()
    }
}

/// A reusable bidirectional search: its buffers are allocated once and serve every query.
pub struct Solver {
    stamps: Vec<Stamp>,
    forward: Side,
    backward: Side,
    /// Forward boards on shortest paths, found back from the meeting layer.
    marked: Vec<Board>,
    nodes: u64,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with its buffers allocated.
    pub fn new() -> Solver {
        Solver {
            stamps: vec![0; COUNT],
            forward: Side::default(),
            backward: Side::default(),
            marked: Vec::new(),
            nodes: 0,
        }
    }

    /// How many boards the searches have expanded, over every query so far.
    pub fn nodes_expanded(&self) -> u64 {
        self.nodes
    }

    /// The minimum number of moves from `start` to `goal`, or `None` when the parities differ.
    ///
    /// ```
    /// use eight::{Board, Solver};
    /// let mut solver = Solver::new();
    /// let goal = Board::parse("123804765").unwrap();
    /// assert_eq!(solver.distance(&Board::parse("283104765").unwrap(), &goal), Some(4));
    /// ```
    pub fn distance(&mut self, start: &Board, goal: &Board) -> Option<u32> {
        if start == goal {
            return Some(0);
        }
        if !start.reaches(goal) {
            return None;
        }
        self.meet(start, goal)
            .then(|| self.forward.depth() + self.backward.depth() + 1)
    }

    /// The canonical path from `start` to `goal`: the smallest in the order `d < l < r < u`
    /// among the shortest; `None` when the parities differ.
    ///
    /// ```
    /// use eight::{Board, Solver};
    /// let mut solver = Solver::new();
    /// let start = Board::parse("2 3 4 1 5 x 7 6 8").unwrap();
    /// let goal = Board::parse("12345678x").unwrap();
    /// let path = solver.path(&start, &goal).unwrap();
    /// assert_eq!(path.to_string(), "dlurullddrurdllurdr");
    /// ```
    pub fn path(&mut self, start: &Board, goal: &Board) -> Option<Path> {
        if start == goal {
            return Some(Path::default());
        }
        if !start.reaches(goal) || !self.meet(start, goal) {
            return None;
        }
        self.mark();
        Some(self.walk(start))
    }

    fn stamp(depth: u32, side: Stamp) -> Stamp {
        SEEN | side | depth as Stamp
    }

    /// Every board that reaches `goal` in breadth-first order, and where each layer starts:
    /// layer d, the boards d moves from the goal, is `boards[starts[d]..starts[d + 1]]`. This
    /// is a query's backward search, run until the component is exhausted.
    pub fn explore(&mut self, goal: &Board) -> (&[Board], &[usize]) {
        self.forget();
        self.forward.layers.clear();
        self.backward.start(*goal);
        self.stamps[self.backward.ranks[0] as usize] = Solver::stamp(0, BACKWARD);
        while self.backward.frontier() > 0 {
            self.expand(true);
        }
        let layers = &self.backward.layers;
        // the last layer is the empty one that ended the search
        (&self.backward.seen, &layers[..layers.len() - 1])
    }

    /// Clears the stamps the last query set, and its lists.
    fn forget(&mut self) {
        for side in [&mut self.forward, &mut self.backward] {
            for &rank in &side.ranks {
                self.stamps[rank as usize] = 0;
            }
            side.seen.clear();
            side.ranks.clear();
        }
    }

    /// Runs the two searches until they meet; false if they cannot.
    fn meet(&mut self, start: &Board, goal: &Board) -> bool {
        self.forget();
        self.forward.start(*start);
        self.stamps[self.forward.ranks[0] as usize] = Solver::stamp(0, 0);
        self.backward.start(*goal);
        self.stamps[self.backward.ranks[0] as usize] = Solver::stamp(0, BACKWARD);
        loop {
            let backward = self.backward.frontier() < self.forward.frontier();
            if self.expand(backward) {
                return true;
            }
            let side = if backward {
                &self.backward
            } else {
                &self.forward
            };
            if side.frontier() == 0 {
                return false;
            }
        }
    }

    /// Grows one side by a layer; stops early, returning true, at the first board that the
    /// other side has seen.
    fn expand(&mut self, backward: bool) -> bool {
        let (side, flag) = if backward {
            (&mut self.backward, BACKWARD)
        } else {
            (&mut self.forward, 0)
        };
        let depth = side.depth();
        let next = Solver::stamp(depth + 1, flag);
        for index in side.layer(depth) {
            let board = side.seen[index];
            self.nodes += 1;
            for (_, neighbour) in board.neighbours() {
                let rank = rank(&neighbour);
                let slot = &mut self.stamps[rank as usize];
                if *slot == 0 {
                    *slot = next;
                    side.seen.push(neighbour);
                    side.ranks.push(rank);
                } else if *slot & BACKWARD != flag {
                    return true;
                }
            }
        }
        side.layers.push(side.seen.len());
        false
    }

    /// Marks the forward boards that lie on shortest paths: in the last forward layer a, those
    /// next to the last backward layer b; below, the neighbours one layer nearer the start of a
    /// marked board. Only boards on shortest paths are visited after the meeting layer.
    fn mark(&mut self) {
        let (a, b) = (self.forward.depth(), self.backward.depth());
        self.marked.clear();
        let meeting = Solver::stamp(b, BACKWARD);
        for index in self.forward.layer(a) {
            let board = self.forward.seen[index];
            if board
                .neighbours()
                .any(|(_, next)| self.stamps[rank(&next) as usize] == meeting)
            {
                self.stamps[self.forward.ranks[index] as usize] |= MARK;
                self.marked.push(board);
            }
        }
        let mut level = 0..self.marked.len();
        for depth in (0..a).rev() {
            for index in level.clone() {
                let board = self.marked[index];
                for (_, next) in board.neighbours() {
                    let slot = rank(&next) as usize;
                    if self.stamps[slot] == Solver::stamp(depth, 0) {
                        self.stamps[slot] |= MARK;
                        self.marked.push(next);
                    }
                }
            }
            level = level.end..self.marked.len();
        }
    }

    /// The greedy walk from `start` over boards on shortest paths, after `mark`.
    fn walk(&self, start: &Board) -> Path {
        let (a, b) = (self.forward.depth(), self.backward.depth());
        let mut moves = Vec::with_capacity((a + b + 1) as usize);
        let mut board = *start;
        let mut step = |wanted: Stamp, mask: Stamp| {
            let (next_move, next) = board
                .neighbours()
                .find(|(_, next)| self.stamps[rank(next) as usize] & mask == wanted)
                .expect("a board on a shortest path has a successor on one");
            moves.push(next_move);
            board = next;
        };
        for depth in 1..=a {
            step(Solver::stamp(depth, MARK), Stamp::MAX);
        }
        for depth in (0..=b).rev() {
            step(Solver::stamp(depth, BACKWARD), !MARK);
        }
        Path(moves)
    }
}
