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

use crate::moves::Path;
use crate::packed::Packed;
use crate::state::{State, INDICES};

/// One stamp per index of the parity class (start and goal share one, or there is no search),
/// shared by both sides, since a board is seen by one side only until they meet:
/// `SEEN | MARK | BACKWARD | depth`, depth in the low 5 bits, 0 when unseen. At a byte an
/// index the array (181,440 bytes) stays in a core's L2 cache; a query clears just the stamps
/// it set, from its lists.
type Stamp = u8;
const BACKWARD: Stamp = 0x20;
const MARK: Stamp = 0x40;
const SEEN: Stamp = 0x80;

/// One side of the search: the boards it has seen, in order, layer by layer.
#[derive(Default)]
struct Side {
    seen: Vec<State>,
    /// `layers[k]..layers[k + 1]` is layer k in `seen`; the last entry ends the last whole layer.
    layers: Vec<usize>,
}

impl Side {
    fn start(&mut self, state: State) {
        self.seen.push(state);
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

    /// The boards of each layer, the last one partly grown if the searches met in it.
    fn sizes(&self) -> Vec<u64> {
        let mut sizes: Vec<u64> = self
            .layers
            .windows(2)
            .map(|ends| (ends[1] - ends[0]) as u64)
            .collect();
        let whole = self.layers.last().copied().unwrap_or_default();
        if self.seen.len() > whole {
            sizes.push((self.seen.len() - whole) as u64);
        }
        sizes
    }
}

/// A reusable bidirectional search: its buffers are allocated once and serve every query.
pub struct Solver {
    stamps: Vec<Stamp>,
    forward: Side,
    backward: Side,
    /// Forward boards on shortest paths, found back from the meeting layer.
    marked: Vec<State>,
    nodes: u64,
    generated: u64,
    /// The largest layer the last query grew.
    peak: u64,
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
            stamps: vec![0; INDICES],
            forward: Side::default(),
            backward: Side::default(),
            marked: Vec::new(),
            nodes: 0,
            generated: 0,
            peak: 0,
        }
    }

    /// How many boards the searches have expanded, over every query so far.
    pub fn nodes_expanded(&self) -> u64 {
        self.nodes
    }

    /// How many neighbours the searches have generated, over every query so far.
    pub fn nodes_generated(&self) -> u64 {
        self.generated
    }

    /// The largest layer (frontier) of the last query.
    pub fn peak_frontier(&self) -> u64 {
        self.peak
    }

    /// The boards of each layer the last query's two searches grew, from the start and from the
    /// goal: the last layer of one side partly grown when the searches met in it. Empty for a
    /// query that needed no search (a board already at its goal, or unreachable).
    pub fn layers(&self) -> [Vec<u64>; 2] {
        [&self.forward, &self.backward].map(Side::sizes)
    }

    /// The minimum number of moves from `start` to `goal`, or `None` when the parities differ.
    ///
    /// ```
    /// use eight_core::{Packed, Solver};
    /// let mut solver = Solver::new();
    /// let goal = Packed::from_cells([1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap();
    /// assert_eq!(solver.distance(&Packed::from_cells([2, 8, 3, 1, 0, 4, 7, 6, 5]).unwrap(), &goal), Some(4));
    /// ```
    pub fn distance(&mut self, start: &Packed, goal: &Packed) -> Option<u32> {
        if start == goal || !start.reaches(goal) {
            self.forget();
            return (start == goal).then_some(0);
        }
        self.meet(start, goal)
            .then(|| self.forward.depth() + self.backward.depth() + 1)
    }

    /// The canonical path from `start` to `goal`: the smallest in the order `d < l < r < u`
    /// among the shortest; `None` when the parities differ.
    ///
    /// ```
    /// use eight_core::{Packed, Solver};
    /// let mut solver = Solver::new();
    /// let start = Packed::from_cells([2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
    /// let goal = Packed::from_cells([1, 2, 3, 4, 5, 6, 7, 8, 0]).unwrap();
    /// let path = solver.path(&start, &goal).unwrap();
    /// assert_eq!(path.to_string(), "dlurullddrurdllurdr");
    /// ```
    pub fn path(&mut self, start: &Packed, goal: &Packed) -> Option<Path> {
        if start == goal || !start.reaches(goal) {
            self.forget();
            return (start == goal).then(Path::default);
        }
        if !self.meet(start, goal) {
            return None;
        }
        self.mark();
        Some(self.walk(start))
    }

    fn stamp(depth: u32, side: Stamp) -> Stamp {
        SEEN | side | depth as Stamp
    }

    /// The two sides' board lists, emptied (the stamps of the last query cleared), lent to a
    /// whole-space search: a table's, which gives them back with [`Solver::give_back`]. Owned
    /// while lent, so that its loop keeps them in registers.
    pub(crate) fn lend_buffers(&mut self) -> [Vec<State>; 2] {
        self.forget();
        [
            std::mem::take(&mut self.forward.seen),
            std::mem::take(&mut self.backward.seen),
        ]
    }

    /// Takes back the lists lent by [`Solver::lend_buffers`], emptied, and counts the boards the
    /// search expanded.
    pub(crate) fn give_back(&mut self, buffers: [Vec<State>; 2], expanded: u64) {
        let [mut forward, mut backward] = buffers;
        forward.clear();
        backward.clear();
        self.forward.seen = forward;
        self.backward.seen = backward;
        self.nodes += expanded;
    }

    /// Clears the stamps the last query set, and its lists.
    fn forget(&mut self) {
        for side in [&mut self.forward, &mut self.backward] {
            for state in &side.seen {
                self.stamps[state.index() as usize] = 0;
            }
            side.seen.clear();
            side.layers.clear();
        }
        self.peak = 0;
    }

    /// Runs the two searches until they meet; false if they cannot.
    fn meet(&mut self, start: &Packed, goal: &Packed) -> bool {
        self.forget();
        let (start, goal) = (State::new(start), State::new(goal));
        self.forward.start(start);
        self.stamps[start.index() as usize] = Solver::stamp(0, 0);
        self.backward.start(goal);
        self.stamps[goal.index() as usize] = Solver::stamp(0, BACKWARD);
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
        let layer = side.layer(depth);
        self.peak = self.peak.max(layer.len() as u64);
        let (seen, stamps) = (&mut side.seen, &mut self.stamps);
        for index in layer {
            let state = seen[index];
            self.nodes += 1;
            let generated = &mut self.generated;
            let met = !state.each_neighbour(|_, neighbour| {
                *generated += 1;
                let slot = &mut stamps[neighbour.index() as usize];
                if *slot == 0 {
                    *slot = next;
                    seen.push(neighbour);
                    true
                } else {
                    // seen by this side, or the meeting
                    *slot & BACKWARD == flag
                }
            });
            if met {
                return true;
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
            let state = self.forward.seen[index];
            if state
                .neighbours()
                .any(|(_, next)| self.stamps[next.index() as usize] == meeting)
            {
                self.stamps[state.index() as usize] |= MARK;
                self.marked.push(state);
            }
        }
        let mut level = 0..self.marked.len();
        for depth in (0..a).rev() {
            for index in level.clone() {
                let state = self.marked[index];
                for (_, next) in state.neighbours() {
                    let slot = next.index() as usize;
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
    fn walk(&self, start: &Packed) -> Path {
        let (a, b) = (self.forward.depth(), self.backward.depth());
        let mut moves = Vec::with_capacity((a + b + 1) as usize);
        let mut state = State::new(start);
        let mut step = |wanted: Stamp, mask: Stamp| {
            let (next_move, next) = state
                .neighbours()
                .find(|(_, next)| self.stamps[next.index() as usize] & mask == wanted)
                .expect("a board on a shortest path has a successor on one");
            moves.push(next_move);
            state = next;
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
