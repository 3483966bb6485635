//! The whole-space table of one goal: for every board of its parity class, the distance and
//! the first move of the canonical path, and the whole canonical path packed in a word, from one
//! breadth-first search (the bidirectional core's backward side, run to the end, in its
//! buffers). A lookup needs no search, and a path is one lookup: its moves are the word's bits,
//! two a move. The encodings of an entry and of a path are written and read only here.

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::bibfs::Solver;
use crate::moves::{Move, Path};
use crate::packed::Packed;
use crate::state::{State, INDICES};

/// An entry: the distance in the low five bits, the canonical first move (its index in
/// [`Move::ALL`]) in the two above; [`UNREACHED`] for a board the search has not reached.
const DISTANCE: u8 = 0x1F;
const MOVE_SHIFT: u32 = 5;
const UNREACHED: u8 = u8::MAX;

/// The bytes of a board's path word, little-endian: the canonical path's moves (their indices
/// in [`Move::ALL`]) two bits each from the lowest, the first move first, and a 1 bit above the
/// last (the goal's word is 1). A shortest path of the 8-puzzle has at most 31 moves, so the
/// word needs at most 63 bits.
pub const PATH_BYTES: usize = 8;

/// The distances to one goal and the canonical first moves, one byte per board of its parity
/// class (181,440 bytes).
pub struct Table {
    goal: Packed,
    parity: u8,
    /// Built at run time, or embedded in the binary at compile time.
    entries: Cow<'static, [u8]>,
    /// Each board's path word ([`PATH_BYTES`] bytes), built or embedded with the entries.
    paths: Cow<'static, [u8]>,
    /// How many boards lie at each distance, counted when first asked.
    sizes: OnceLock<Vec<u32>>,
}

impl Table {
    /// Searches the whole class of `goal` (181,440 boards) with `solver`'s buffers.
    ///
    /// ```
    /// use eight_core::{Packed, Solver, Table};
    /// let goal = Packed::from_cells([1, 2, 3, 4, 5, 6, 7, 8, 0]).unwrap();
    /// let table = Table::new(&goal, &mut Solver::new());
    /// assert_eq!(table.depth(), 31);
    /// assert_eq!(table.distance(&Packed::from_cells([8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap()), Some(31));
    /// ```
    pub fn new(goal: &Packed, solver: &mut Solver) -> Table {
        let (entries, paths, sizes) = explore(goal, solver);
        Table {
            goal: *goal,
            parity: goal.parity(),
            entries: Cow::Owned(entries),
            paths: Cow::Owned(paths),
            sizes: OnceLock::from(sizes),
        }
    }

    /// The table of `goal` whose entries and path words, made by [`Table::new`] and read by
    /// [`Table::entries`] and [`Table::paths`], are these (the build script's, embedded in the
    /// binary).
    pub fn from_entries(goal: &Packed, entries: &'static [u8], paths: &'static [u8]) -> Table {
        assert_eq!(
            entries.len(),
            INDICES,
            "a table has an entry per board of a class"
        );
        assert_eq!(
            paths.len(),
            INDICES * PATH_BYTES,
            "a table has a path word per board of a class"
        );
        Table {
            goal: *goal,
            parity: goal.parity(),
            entries: Cow::Borrowed(entries),
            paths: Cow::Borrowed(paths),
            sizes: OnceLock::new(),
        }
    }

    /// The entries, a byte per board of the class by [`State::index`], for embedding.
    pub fn entries(&self) -> &[u8] {
        &self.entries
    }

    /// The path words, [`PATH_BYTES`] per board of the class by [`State::index`], for
    /// embedding.
    pub fn paths(&self) -> &[u8] {
        &self.paths
    }

    /// How many boards lie at each distance.
    fn sizes(&self) -> &[u32] {
        self.sizes.get_or_init(|| {
            let mut sizes = Vec::new();
            for &entry in self.entries.iter().filter(|&&entry| entry != UNREACHED) {
                let distance = usize::from(entry & DISTANCE);
                if sizes.len() <= distance {
                    sizes.resize(distance + 1, 0);
                }
                sizes[distance] += 1;
            }
            sizes
        })
    }

    /// The goal.
    #[inline]
    pub fn goal(&self) -> &Packed {
        &self.goal
    }

    /// The greatest distance of any board from the goal.
    #[inline]
    pub fn depth(&self) -> u32 {
        (self.sizes().len() - 1) as u32
    }

    /// How many boards lie at distances `first..=last` from the goal.
    pub fn count_within(&self, first: u32, last: u32) -> u64 {
        let sizes = self.sizes();
        let (first, last) = (first as usize, (last as usize).min(sizes.len() - 1));
        (first..=last)
            .filter_map(|depth| sizes.get(depth))
            .map(|&size| u64::from(size))
            .sum()
    }

    /// The boards at distances `first..=last` from the goal, as indices for [`Table::board`].
    pub fn within(&self, first: u32, last: u32) -> Vec<u32> {
        let wanted =
            |entry: u8| entry != UNREACHED && (first..=last).contains(&u32::from(entry & DISTANCE));
        (0..self.entries.len() as u32)
            .filter(|&index| wanted(self.entries[index as usize]))
            .collect()
    }

    /// The board of an index of this table's class.
    pub fn board(&self, index: u32) -> Packed {
        State::from_index(index, self.parity).board()
    }

    /// The minimum number of moves from `start` to the goal, if it reaches it.
    #[inline]
    pub fn distance(&self, start: &Packed) -> Option<u32> {
        let state = State::new(start);
        (state.parity() == self.parity).then(|| self.state_distance(&state))
    }

    /// The parity class of the goal, and so of every board in the table.
    #[inline]
    pub fn parity(&self) -> u8 {
        self.parity
    }

    /// The distance of a board of the table's class, by its state.
    #[inline]
    pub fn state_distance(&self, state: &State) -> u32 {
        self.index_distance(state.index())
    }

    /// The distance of a board of the table's class, by its index ([`State::index`]).
    #[inline]
    pub fn index_distance(&self, index: u32) -> u32 {
        u32::from(self.entries[index as usize] & DISTANCE)
    }

    /// The moves of the canonical path from a board of the table's class, by its state.
    #[inline]
    pub fn walk_from(&self, state: State) -> Walk {
        self.walk_index(state.index())
    }

    /// The moves of the canonical path from a board of the table's class, by its index: one
    /// lookup of its path word.
    #[inline]
    pub fn walk_index(&self, index: u32) -> Walk {
        let at = index as usize * PATH_BYTES;
        let word = self.paths[at..at + PATH_BYTES]
            .try_into()
            .expect("a word is PATH_BYTES long");
        Walk {
            word: u64::from_le_bytes(word),
        }
    }

    /// The moves of the canonical path, without allocating.
    pub fn walk(&self, start: &Packed) -> Option<Walk> {
        let state = State::new(start);
        (state.parity() == self.parity).then(|| self.walk_from(state))
    }

    /// The canonical path, collected.
    pub fn path(&self, start: &Packed) -> Option<Path> {
        self.walk(start).map(|moves| Path(moves.collect()))
    }
}

/// The moves of a canonical path, read from its path word two bits at a time.
#[derive(Clone, Copy, Debug)]
pub struct Walk {
    /// The moves not yet read, and the 1 bit above them.
    word: u64,
}

impl Walk {
    /// The moves left.
    #[inline(always)]
    pub fn left(&self) -> usize {
        (63 - self.word.leading_zeros() as usize) / 2
    }

    /// The moves left, two bits each from the lowest, and how many they are.
    #[inline(always)]
    pub fn bits(&self) -> (u64, usize) {
        let left = self.left();
        (self.word & !(1 << (2 * left)), left)
    }
}

impl Iterator for Walk {
    type Item = Move;

    #[inline(always)]
    fn next(&mut self) -> Option<Move> {
        if self.word <= 1 {
            return None;
        }
        let step = Move::ALL[(self.word & 3) as usize];
        self.word >>= 2;
        Some(step)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left(), Some(self.left()))
    }
}

impl ExactSizeIterator for Walk {}

/// For every board of `goal`'s parity class, by [`State::index`], its entry and its path word;
/// and how many boards lie at each distance. This is a query's backward search run until the class is exhausted, in
/// the solver's buffers.
///
/// A board's canonical move is the smallest, over its parents one layer nearer the goal, of the
/// move back to the parent; so each edge into the next layer keeps the smaller of the move it
/// brings and the one already there, and no second pass over the class is needed. Once a layer
/// is whole, each of its boards' path words is its move and then the word of the board that
/// move leads to, one layer nearer.
fn explore(goal: &Packed, solver: &mut Solver) -> (Vec<u8>, Vec<u8>, Vec<u32>) {
    let mut table = vec![UNREACHED; INDICES];
    let mut paths = vec![0u8; INDICES * PATH_BYTES];
    let word = |paths: &[u8], index: u32| {
        let at = index as usize * PATH_BYTES;
        u64::from_le_bytes(paths[at..at + PATH_BYTES].try_into().expect("a word"))
    };
    let start = State::new(goal);
    table[start.index() as usize] = 0;
    let at = start.index() as usize * PATH_BYTES;
    paths[at..at + PATH_BYTES].copy_from_slice(&1u64.to_le_bytes());
    let [mut layer, mut next_layer] = solver.lend_buffers();
    let mut expanded = 0;
    // Two layers at a time, not the whole class: a layer is at most 24,047 boards. Every
    // neighbour is written at the next layer's end and kept only when new, so the loop has no
    // unpredictable branch; room for four more is kept ahead.
    layer.push(start);
    let mut sizes = Vec::new();
    let mut depth = 0u8;
    while !layer.is_empty() {
        sizes.push(layer.len() as u32);
        next_layer.clear();
        next_layer.resize(2 * layer.len() + 4, start);
        let mut len = 0;
        for state in &layer {
            expanded += 1;
            if len + 4 > next_layer.len() {
                // rare: a layer more than twice the last
                next_layer.resize(2 * next_layer.len(), start);
            }
            state.each_neighbour(|step, next| {
                let entry = &mut table[next.index() as usize];
                let found = (depth + 1) | (step.opposite() as u8) << MOVE_SHIFT;
                let new = *entry == UNREACHED;
                let nearer = *entry & DISTANCE == depth + 1 && *entry > found;
                *entry = if new || nearer { found } else { *entry };
                next_layer[len] = next;
                len += usize::from(new);
                true
            });
        }
        next_layer.truncate(len);
        for state in &next_layer {
            let index = state.index();
            let step = usize::from(table[index as usize] >> MOVE_SHIFT & 3);
            let nearer = word(&paths, state.slide(Move::ALL[step]).index());
            let at = index as usize * PATH_BYTES;
            paths[at..at + PATH_BYTES].copy_from_slice(&(nearer << 2 | step as u64).to_le_bytes());
        }
        std::mem::swap(&mut layer, &mut next_layer);
        depth += 1;
    }
    // the solver's stamps were not touched: its lists go back empty
    solver.give_back([layer, next_layer], expanded);
    (table, paths, sizes)
}

/// The canonical goal with the blank at `blank`: tiles 1–8 in order around it. Every goal is a
/// relabelling of the one with its blank in the same cell, and relabelling keeps distances.
pub fn canonical_goal(blank: usize) -> Packed {
    let mut tiles = 1..=8;
    let cells = std::array::from_fn(|cell| {
        if cell == blank {
            0
        } else {
            tiles.next().expect("eight tiles")
        }
    });
    Packed::from_cells(cells).expect("a permutation")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board's path word against a walk of its entries, a board at a time: the same moves,
    /// as many as its distance, legal, ending on the goal.
    #[test]
    fn path_words_hold_the_walk_of_the_entries() {
        let mut solver = Solver::new();
        for blank in [0, 4, 8] {
            let goal = canonical_goal(blank);
            let table = Table::new(&goal, &mut solver);
            for index in 0..INDICES as u32 {
                let mut state = State::from_index(index, table.parity());
                let walk = table.walk_index(index);
                assert_eq!(walk.len(), table.index_distance(index) as usize);
                for step in walk {
                    let entry = table.entries[state.index() as usize];
                    assert_eq!(step, Move::ALL[usize::from(entry >> MOVE_SHIFT & 3)]);
                    state = state.apply(step).expect("a legal move");
                }
                assert_eq!(state.board(), goal, "from index {index}");
            }
        }
    }

    #[test]
    fn a_walk_gives_its_moves_as_bits_and_a_count() {
        let table = Table::new(&canonical_goal(8), &mut Solver::new());
        let start = Packed::from_cells([1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("a board");
        let walk = table.walk(&start).expect("the same class");
        assert_eq!(walk.bits(), (Move::Right as u64, 1));
        let solved = table.walk(&canonical_goal(8)).expect("the goal");
        assert_eq!((solved.bits(), solved.len()), ((0, 0), 0));
    }
}
