//! The beam search that places a line: breadth-first, but each layer keeps only the `width`
//! boards of the lowest estimate, so that it runs in time and memory proportional to the path.
//! The estimate is the Manhattan distance plus linear conflicts, each tile weighed: the line's
//! tiles `LINE_WEIGHT` (4) times, the rest of the region once (the tiles outside never move).
//! Boards seen before in the same line's search are not kept again, so the beam never circles.

use std::collections::HashSet;

use super::estimate::{Value, Weighted};
use super::Region;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::BLANK;
use crate::solve::control::Control;

/// The layers a beam may go without bringing the line nearer before it gives up, as a multiple
/// of the region's longer side.
const PATIENCE: usize = 6;

/// A candidate for the next layer: its value, hash, the board it comes from and the move.
type Candidate = (u32, u32, u64, u32, Move);

/// The moves of a beam `width` boards wide from `board` towards the tiles of `line` (cells of
/// `goal`) at home, the blank staying in `region`: to a board with them home, or, if the beam
/// stalls first (or `control` asks it to stop), to the board nearest that it found.
pub fn place(
    board: &Board,
    goal: &Board,
    region: Region,
    line: &[usize],
    width: usize,
    control: &Control,
) -> Vec<Move> {
    let shape = board.shape();
    let n = board.cells().len();
    let columns = usize::from(shape.width);
    let estimate = Weighted::new(goal, region, line);
    let targets: Vec<[Option<u16>; 4]> = (0..n)
        .map(|cell| {
            Move::ALL.map(|step| {
                let target = shape.target(cell, step)?;
                region
                    .holds(target / columns, target % columns)
                    .then_some(target as u16)
            })
        })
        .collect();
    let zobrist = zobrist(n);
    let hash_of = |cells: &[u8]| {
        cells.iter().enumerate().fold(0, |hash, (cell, &tile)| {
            hash ^ zobrist[usize::from(tile) * n + cell]
        })
    };
    let mut boards: Vec<u8> = board.cells().to_vec();
    let mut blanks: Vec<u16> = vec![board.blank() as u16];
    let mut values = vec![estimate.of(board.cells())];
    let mut hashes = vec![hash_of(board.cells())];
    let mut lasts: Vec<Option<Move>> = vec![None];
    // each layer's boards, as the board of the layer before and the move that led from it
    let mut layers: Vec<Vec<(u32, Move)>> = Vec::new();
    let mut seen: HashSet<u64> = HashSet::from([hashes[0]]);
    // the nearest board so far (the line's distance, then the estimate), the layer and place it
    // stands in, and the layer where the line's distance last fell
    let mut best = ((values[0].line, values[0].estimate), (0, 0));
    let mut progress = 0;
    let mut scratch = vec![0u8; n];
    let mut candidates: Vec<Candidate> = Vec::new();
    let patience = PATIENCE * region.width().max(region.height());
    while best.0 .0 > 0 && layers.len() - progress < patience && !control.stop_requested() {
        candidates.clear();
        for state in 0..blanks.len() {
            let cells = &boards[state * n..(state + 1) * n];
            let blank = usize::from(blanks[state]);
            for step in Move::ALL {
                if lasts[state] == Some(step.opposite()) {
                    continue;
                }
                let Some(target) = targets[blank][step as usize] else {
                    continue;
                };
                let from = usize::from(target);
                let tile = cells[from];
                let hash = hashes[state]
                    ^ zobrist[usize::from(tile) * n + from]
                    ^ zobrist[usize::from(tile) * n + blank]
                    ^ zobrist[from]
                    ^ zobrist[blank];
                if seen.contains(&hash) {
                    continue;
                }
                let vertical = matches!(step, Move::Up | Move::Down);
                let value = estimate.after(
                    values[state],
                    cells,
                    &mut scratch,
                    tile,
                    from,
                    blank,
                    vertical,
                );
                candidates.push((value.estimate, value.line, hash, state as u32, step));
            }
        }
        if candidates.is_empty() {
            break;
        }
        // the best `width`, by estimate, then by hash: ties broken at random, not by position
        if candidates.len() > 2 * width {
            candidates.select_nth_unstable(2 * width);
            candidates.truncate(2 * width);
        }
        candidates.sort_unstable();
        candidates.dedup_by_key(|candidate| candidate.2);
        candidates.truncate(width);
        let mut next = Vec::with_capacity(candidates.len() * n);
        let mut next_blanks = Vec::with_capacity(candidates.len());
        let mut layer = Vec::with_capacity(candidates.len());
        values.clear();
        hashes.clear();
        lasts.clear();
        for &(estimate, line, hash, state, step) in &candidates {
            let state = state as usize;
            let cells = &boards[state * n..(state + 1) * n];
            let blank = usize::from(blanks[state]);
            let target = usize::from(targets[blank][step as usize].expect("a legal move"));
            let at = next.len();
            next.extend_from_slice(cells);
            next[at + blank] = cells[target];
            next[at + target] = BLANK;
            next_blanks.push(target as u16);
            values.push(Value { estimate, line });
            hashes.push(hash);
            lasts.push(Some(step));
            layer.push((state as u32, step));
            seen.insert(hash);
        }
        boards = next;
        blanks = next_blanks;
        layers.push(layer);
        let (index, value) = values
            .iter()
            .enumerate()
            .min_by_key(|(_, value)| (value.line, value.estimate))
            .expect("a layer of boards");
        if (value.line, value.estimate) < best.0 {
            if value.line < best.0 .0 {
                progress = layers.len();
            }
            best = ((value.line, value.estimate), (layers.len(), index));
        }
    }
    // back from the nearest board to the first
    let (mut depth, mut at) = best.1;
    let mut moves = Vec::with_capacity(depth);
    while depth > 0 {
        let (parent, step) = layers[depth - 1][at];
        moves.push(step);
        at = parent as usize;
        depth -= 1;
    }
    moves.reverse();
    moves
}

/// Random keys for each tile on each cell, from a fixed seed (xorshift): a board's hash is the
/// exclusive or of its tiles' keys.
fn zobrist(cells: usize) -> Vec<u64> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    (0..cells * cells)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        })
        .collect()
}
