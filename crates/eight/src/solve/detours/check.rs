//! A machine read back from somewhere a search did not build it (a cache file) is checked before
//! it is trusted: its states are a machine of the shape's moves, and on every sequence of up to
//! [`CHECKED_DEPTH`] moves from every cell it cuts exactly what a machine built here cuts. The
//! first proves every state reached and every move in range; the second, that the machine does not
//! cut a canonical sequence where a search would soonest notice (a checksum proves a file whole,
//! not honest).

use super::{Detours, DETOUR, NONE};
use crate::puzzle::board::Shape;
use crate::puzzle::moves::Move;

/// The longest sequences a machine read back is compared on with one built here (25 cells and
/// 3⁸ sequences each: some 160,000 on 5×5, a few milliseconds).
pub const CHECKED_DEPTH: u32 = 8;

impl Detours {
    /// The machine of `depth` for `shape` whose states go where `next` says, `detours` the
    /// detours it cuts, if it is one (see the module's documentation); else what is wrong.
    pub fn from_parts(
        shape: Shape,
        depth: u32,
        detours: usize,
        next: Vec<[u32; 4]>,
    ) -> Result<Detours, String> {
        cells_of(shape, &next)?;
        let machine = Detours {
            shape,
            depth,
            next,
            count: detours,
        };
        let short = Detours::new(shape, depth.min(CHECKED_DEPTH));
        for cell in 0..shape.cells() {
            let (state, built) = (machine.start(cell), short.start(cell));
            let depth = depth.min(CHECKED_DEPTH);
            if let Some(moves) = disagree(&machine, &short, (cell, state, built), None, depth) {
                return Err(format!(
                    "it cuts the moves {moves} from cell {cell} where a machine built now does \
                     not, or the other way round"
                ));
            }
        }
        Ok(machine)
    }
}

/// Each state's cell in the machine whose states go where `next` says on boards of `shape`
/// (state `c` is cell `c`, a move goes to the state of the cell it reaches), if every state is
/// reached, every move on the board leads to a state in range or cuts, and none off the board
/// leads anywhere; else what is wrong.
pub(super) fn cells_of(shape: Shape, next: &[[u32; 4]]) -> Result<Vec<usize>, String> {
    let cells = shape.cells();
    if next.len() < cells || next.len() >= NONE as usize {
        return Err(format!("{} states for {cells} cells", next.len()));
    }
    // each state's cell, from the roots (state `c` is cell `c`) along the moves
    let mut cell_of: Vec<usize> = (0..next.len())
        .map(|state| if state < cells { state } else { usize::MAX })
        .collect();
    let mut queue: Vec<usize> = (0..cells).collect();
    while let Some(state) = queue.pop() {
        let cell = cell_of[state];
        for step in Move::ALL {
            let to = next[state][step as usize];
            let Some(target) = shape.target(cell, step) else {
                if to != NONE {
                    return Err(format!(
                        "state {state} moves {} off the board",
                        step.letter()
                    ));
                }
                continue;
            };
            match to {
                DETOUR => {}
                NONE => return Err(format!("state {state} has no move {}", step.letter())),
                to if to as usize >= next.len() => {
                    return Err(format!("state {state} moves to {to}, past the last"))
                }
                to => match cell_of[to as usize] {
                    usize::MAX => {
                        cell_of[to as usize] = target;
                        queue.push(to as usize);
                    }
                    seen if seen != target => {
                        return Err(format!("state {to} is reached at two cells"))
                    }
                    _ => {}
                },
            }
        }
    }
    // a machine is kept with the states a path reaches alone (see `reached`)
    if let Some(lost) = cell_of.iter().position(|&cell| cell == usize::MAX) {
        return Err(format!("state {lost} is never reached"));
    }
    Ok(cell_of)
}

/// The first sequence of up to `depth` moves from `cell` (`read` and `built` the two machines'
/// states there) that one machine cuts and the other passes, in letters; the move straight back
/// from `last` is left out, as searches leave it.
fn disagree(
    read: &Detours,
    built: &Detours,
    (cell, state, other): (usize, u32, u32),
    last: Option<Move>,
    depth: u32,
) -> Option<String> {
    if depth == 0 {
        return None;
    }
    for step in Move::ALL {
        if last == Some(step.opposite()) {
            continue;
        }
        let Some(target) = read.shape.target(cell, step) else {
            continue;
        };
        let (to, other_to) = (read.next(state, step), built.next(other, step));
        if (to == DETOUR) != (other_to == DETOUR) {
            return Some(step.letter().to_string());
        }
        if to != DETOUR {
            let deeper = disagree(read, built, (target, to, other_to), Some(step), depth - 1);
            if let Some(moves) = deeper {
                return Some(format!("{}{moves}", step.letter()));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_machine_read_back_is_taken_only_when_it_is_one() {
        let shape = Shape::new(4, 3).expect("a shape");
        let built = Detours::new(shape, 12);
        let (depth, count) = (built.depth(), built.detours());
        let read = |next: Vec<[u32; 4]>| Detours::from_parts(shape, depth, count, next);
        let same = read(built.parts().to_vec()).expect("the machine itself");
        assert_eq!(same.parts(), built.parts());
        // a move that leaves the board, a state past the last, a state at two cells
        let mut off = built.parts().to_vec();
        off[0][Move::Up as usize] = 1;
        assert!(read(off).expect_err("off").contains("off the board"));
        let mut past = built.parts().to_vec();
        let right = past[0][Move::Right as usize];
        assert_ne!(right, DETOUR);
        past[0][Move::Right as usize] = past.len() as u32;
        assert!(read(past).expect_err("past").contains("past the last"));
        let mut twice = built.parts().to_vec();
        twice[0][Move::Right as usize] = 0;
        assert!(read(twice).expect_err("twice").contains("two cells"));
        // a canonical sequence cut: the first move that is not a detour, made one
        let mut cut = built.parts().to_vec();
        cut[0][Move::Right as usize] = DETOUR;
        assert!(read(cut).expect_err("cut").contains("cuts the moves"));
        // a detour let through: the first one found (among the shortest), its move sent to the
        // root of the cell it reaches, as if it had been a canonical sequence
        let mut passed = built.parts().to_vec();
        let (state, step) = (shape.cells()..passed.len())
            .flat_map(|s| Move::ALL.map(|m| (s, m)))
            .find(|&(s, m)| passed[s][m as usize] == DETOUR)
            .expect("a detour");
        let cell = cells_of(shape, &passed).expect("a machine")[state];
        let target = shape.target(cell, step).expect("a move on the board");
        passed[state][step as usize] = target as u32;
        assert!(read(passed).expect_err("passed").contains("cuts the moves"));
        assert!(read(Vec::new()).is_err());
    }
}
