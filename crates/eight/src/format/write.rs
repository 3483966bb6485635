//! Answer lines written fast, for the answer stream's plain judges: a count or a path and its
//! newline in one write, with no formatting machinery, so that an interrupted run never leaves
//! half a line.

use std::io::{self, Write};

use super::answer::{NO_COUNT, NO_PATH};
use crate::puzzle::Move;

/// Writes a count (or [`NO_COUNT`] for none) and a newline in one write, without formatting
/// machinery: distances have at most two digits.
#[inline]
pub fn write_count(distance: Option<u32>, out: &mut dyn Write) -> io::Result<()> {
    match distance {
        None => write_word(NO_COUNT, out),
        Some(distance @ 0..=9) => out.write_all(&[b'0' + distance as u8, b'\n']),
        Some(distance @ 10..=99) => {
            let (tens, ones) = (distance / 10, distance % 10);
            out.write_all(&[b'0' + tens as u8, b'0' + ones as u8, b'\n'])
        }
        Some(distance) => writeln!(out, "{distance}"),
    }
}

/// Writes the moves' letters and a newline in one write, from the stack when the moves say they
/// fit (a shortest path of the 8-puzzle has at most 31). One write a line means an interrupted
/// run never leaves half a line.
#[inline]
pub fn write_moves(moves: impl Iterator<Item = Move>, out: &mut dyn Write) -> io::Result<()> {
    let mut line = [0u8; 40];
    if moves.size_hint().1.is_some_and(|most| most < line.len()) {
        let mut len = 0;
        for step in moves {
            line[len] = step.letter() as u8;
            len += 1;
        }
        line[len] = b'\n';
        return out.write_all(&line[..=len]);
    }
    let mut long: String = moves.map(Move::letter).collect();
    long.push('\n');
    out.write_all(long.as_bytes())
}

/// The letters of the four moves in a byte of a path word, two bits a move from the lowest.
const LETTERS: [[u8; 4]; 256] = {
    let mut table = [[0u8; 4]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut k = 0;
        while k < 4 {
            table[byte][k] = Move::ALL[byte >> (2 * k) & 3].letter() as u8;
            k += 1;
        }
        byte += 1;
    }
    table
};

/// Writes the letters of `moves` moves (at most 31), packed two bits a move from the lowest of
/// `bits` as a table's path word holds them, and a newline in one write: four letters a lookup.
#[inline]
pub fn write_packed(bits: u64, moves: usize, out: &mut dyn Write) -> io::Result<()> {
    let mut line = [0u8; 33];
    let mut word = bits;
    for letters in line.chunks_exact_mut(4) {
        letters.copy_from_slice(&LETTERS[(word & 0xFF) as usize]);
        word >>= 8;
    }
    let moves = moves.min(31);
    line[moves] = b'\n';
    out.write_all(&line[..=moves])
}

/// Writes [`NO_PATH`] and a newline.
pub fn write_no_path(out: &mut dyn Write) -> io::Result<()> {
    write_word(NO_PATH, out)
}

/// Writes a short word and a newline in one write.
fn write_word(word: &str, out: &mut dyn Write) -> io::Result<()> {
    let mut line = [b'\n'; 16];
    line[..word.len()].copy_from_slice(word.as_bytes());
    out.write_all(&line[..=word.len()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Path;

    #[test]
    fn writes_a_packed_path_like_its_moves_one_by_one() {
        let mut word = 0x5A3C_96F0_0FF0_A5C3u64;
        for moves in 0..=31 {
            let bits = word & ((1u64 << (2 * moves)) - 1);
            let path: Vec<Move> = (0..moves)
                .map(|k| Move::ALL[(bits >> (2 * k) & 3) as usize])
                .collect();
            let (mut packed, mut one_by_one) = (Vec::new(), Vec::new());
            write_packed(bits, moves, &mut packed).expect("memory");
            write_moves(path.into_iter(), &mut one_by_one).expect("memory");
            assert_eq!(packed, one_by_one, "{moves} moves");
            word = word.rotate_left(7) ^ 0x9E37_79B9_7F4A_7C15;
        }
    }

    #[test]
    fn writes_counts_like_formatting_would() {
        for distance in [
            None,
            Some(0),
            Some(9),
            Some(10),
            Some(31),
            Some(99),
            Some(100),
        ] {
            let mut out = Vec::new();
            write_count(distance, &mut out).expect("memory");
            let expected = distance.map_or(NO_COUNT.to_string(), |d| d.to_string()) + "\n";
            assert_eq!(String::from_utf8(out).expect("ASCII"), expected);
        }
        assert_eq!(NO_PATH.len() + 1, {
            let mut out = Vec::new();
            write_no_path(&mut out).expect("memory");
            out.len()
        });
    }

    #[test]
    fn writes_paths_of_any_length_whole() {
        for length in [0, 1, 31, 39, 40, 100] {
            let path = Path(vec![Move::Left; length]);
            let mut out = Vec::new();
            write_moves(path.0.iter().copied(), &mut out).expect("memory");
            assert_eq!(String::from_utf8(out).expect("ASCII"), format!("{path}\n"));
        }
    }
}
