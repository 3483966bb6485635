//! Moves of the blank (`d`, `l`, `r`, `u`) and paths, the sequences of moves that solve a board.

use std::fmt;

/// One move of the blank. The derived order is the canonical one: `d < l < r < u`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// The blank moves down a row (`d`).
    Down,
    /// The blank moves left a column (`l`).
    Left,
    /// The blank moves right a column (`r`).
    Right,
    /// The blank moves up a row (`u`).
    Up,
}

impl Move {
    /// Every move, in the canonical order.
    pub const ALL: [Move; 4] = [Move::Down, Move::Left, Move::Right, Move::Up];

    /// The move's letter: `d`, `l`, `r` or `u`.
    pub const fn letter(self) -> char {
        match self {
            Move::Down => 'd',
            Move::Left => 'l',
            Move::Right => 'r',
            Move::Up => 'u',
        }
    }

    /// The move that undoes this one.
    pub fn opposite(self) -> Move {
        match self {
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
            Move::Up => Move::Down,
        }
    }

    /// The move spelled by `letter`, if any.
    pub fn from_letter(letter: char) -> Option<Move> {
        Move::ALL.into_iter().find(|step| step.letter() == letter)
    }
}

/// A sequence of moves of the blank.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Path(pub Vec<Move>);

/// Where replaying a path fails: the move at `step` (0-based) would leave the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    /// The 0-based index of the move that would leave the board.
    pub step: usize,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {} leaves the board", self.step + 1)
    }
}

impl std::error::Error for IllegalMove {}

/// Where a path's text fails: a character that is not a move letter (`d`, `l`, `r`, `u`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NotAMove(pub char);

impl std::fmt::Display for NotAMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "found `{}`, expected a move: d, l, r or u", self.0)
    }
}

impl std::error::Error for NotAMove {}

impl Path {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the path has no moves (the board was already solved).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<Vec<Move>> for Path {
    fn from(moves: Vec<Move>) -> Path {
        Path(moves)
    }
}

impl fmt::Display for Path {
    /// The moves' letters glued together (`dlurullddrurdllurdr`); empty when solved.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0
            .iter()
            .try_for_each(|step| write!(f, "{}", step.letter()))
    }
}

impl std::str::FromStr for Path {
    /// The first character that is not a move letter.
    type Err = NotAMove;

    fn from_str(text: &str) -> Result<Path, NotAMove> {
        text.chars()
            .map(|letter| Move::from_letter(letter).ok_or(NotAMove(letter)))
            .collect::<Result<_, _>>()
            .map(Path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_in_canonical_order() {
        let letters: String = Move::ALL.iter().map(|m| m.letter()).collect();
        assert_eq!(letters, "dlru");
        assert!(Move::ALL.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!("dlru".parse::<Path>(), Ok(Path(Move::ALL.to_vec())));
        assert_eq!("dlxu".parse::<Path>(), Err(NotAMove('x')));
    }
}
