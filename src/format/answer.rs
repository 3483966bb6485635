//! A case's answer as the judges spell it, written and read back: a count of moves (`-1` when
//! the goal is unreachable) or a path of move letters (`unsolvable`). Every spelling of an
//! answer is here, and so is the one check of an answer line against the canonical path, which
//! both `eight batch` and `eight judge` use.

use std::fmt;
use std::io::{self, Write};

use crate::puzzle::{Board, Move, Path};

/// A count's answer when the goal is unreachable.
pub const NO_COUNT: &str = "-1";
/// A path's answer when the goal is unreachable.
pub const NO_PATH: &str = "unsolvable";

/// What a judge prints for a case.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    /// The minimum number of moves, or [`NO_COUNT`].
    Count,
    /// The path of the blank's moves, or [`NO_PATH`]; an empty line when already solved.
    Path,
}

/// How an answer line is compared with the canonical one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Policy {
    /// A path must be of minimal length, not only legal and ending on the goal.
    pub minimal: bool,
    /// How counts compare.
    pub counts: Counts,
}

/// How a count compares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Counts {
    /// As text, after trimming: `04` is not `4`. For recorded fixtures, which `eight` wrote.
    Text,
    /// As integers, as the online judges read a program's output: `04` and `+4` are `4`.
    Integer,
}

/// Why an answer line is wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Fault {
    /// The answers ended before this case.
    Missing,
    /// Answer lines after the last case; `answers` counts every non-empty line.
    Extra {
        /// How many cases there are.
        cases: u64,
        /// How many non-empty answer lines there are in all.
        answers: u64,
    },
    /// A count other than the minimum.
    Count,
    /// A path where the board cannot reach the goal.
    Unreachable,
    /// [`NO_PATH`] where the board reaches the goal.
    Reachable {
        /// The length of the shortest path.
        shortest: usize,
    },
    /// A character that is not a move letter.
    NotAMove(char),
    /// A move that leaves the board.
    LeavesBoard {
        /// The move's number, from 1.
        step: usize,
        /// The move's letter.
        letter: char,
    },
    /// A legal path that ends elsewhere.
    EndsElsewhere {
        /// Where it ends.
        end: Board,
        /// Where it should.
        goal: Board,
    },
    /// A path to the goal longer than the shortest, under a policy that asks for the shortest.
    Longer {
        /// Its length.
        moves: usize,
        /// The shortest length.
        shortest: usize,
    },
}

impl Answer {
    /// The answer line, without its newline, of a case whose canonical path is `path` (`None`
    /// when the goal is unreachable).
    pub fn text(self, path: Option<&Path>) -> String {
        let mut line = Vec::new();
        match self {
            Answer::Count => write_count(path.map(|path| path.len() as u32), &mut line),
            Answer::Path => match path {
                Some(path) => write_moves(path.0.iter().copied(), &mut line),
                None => write_no_path(&mut line),
            },
        }
        .expect("writing to memory cannot fail");
        line.pop();
        String::from_utf8(line).expect("answers are ASCII")
    }

    /// Checks one answer line (trailing whitespace ignored) for the case from `start` to `goal`
    /// whose canonical path is `best`. A path passes when it is legal and ends on the goal (and
    /// is no longer than `best` when `policy` asks for the shortest), as the online judges'
    /// checkers accept any correct path; a count must be the minimum.
    pub fn check(
        self,
        line: &str,
        start: &Board,
        goal: &Board,
        best: Option<&Path>,
        policy: Policy,
    ) -> Result<(), Fault> {
        let line = line.trim();
        match self {
            Answer::Count => {
                let expected = self.text(best);
                let same = match policy.counts {
                    Counts::Text => line == expected,
                    Counts::Integer => line.parse::<i64>().ok() == expected.parse::<i64>().ok(),
                };
                if same {
                    Ok(())
                } else {
                    Err(Fault::Count)
                }
            }
            Answer::Path => check_path(line, start, goal, best, policy),
        }
    }
}

/// The path check: the line must spell a legal path from `start` that ends on `goal`, or
/// [`NO_PATH`] exactly when there is none.
fn check_path(
    line: &str,
    start: &Board,
    goal: &Board,
    best: Option<&Path>,
    policy: Policy,
) -> Result<(), Fault> {
    let Some(best) = best else {
        return if line == NO_PATH {
            Ok(())
        } else {
            Err(Fault::Unreachable)
        };
    };
    if line == NO_PATH {
        return Err(Fault::Reachable {
            shortest: best.len(),
        });
    }
    // every letter first, then the moves one by one, with no path built: an answer line can
    // be as long as the output limit
    if let Some(letter) = line.chars().find(|&c| Move::from_letter(c).is_none()) {
        return Err(Fault::NotAMove(letter));
    }
    let mut board = *start;
    let mut moves = 0;
    for (step, letter) in line.chars().enumerate() {
        let next = Move::from_letter(letter).expect("checked above");
        board = board.apply(next).ok_or(Fault::LeavesBoard {
            step: step + 1,
            letter,
        })?;
        moves += 1;
    }
    if board != *goal {
        return Err(Fault::EndsElsewhere {
            end: board,
            goal: *goal,
        });
    }
    if policy.minimal && moves > best.len() {
        return Err(Fault::Longer {
            moves,
            shortest: best.len(),
        });
    }
    Ok(())
}

impl fmt::Display for Fault {
    /// Why the answer is wrong, as `eight judge` says it of a program's line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Missing => write!(f, "no answer: the output ended"),
            Fault::Extra { cases, .. } => write!(f, "output after the last of {cases} cases"),
            Fault::Count => write!(f, "a different count"),
            Fault::Unreachable => write!(f, "the board cannot reach the goal"),
            Fault::Reachable { shortest } => {
                write!(f, "the board reaches the goal in {shortest} moves")
            }
            Fault::NotAMove(letter) => {
                write!(f, "`{}` is not a move (d, l, r, u)", letter.escape_debug())
            }
            Fault::LeavesBoard { step, letter } => {
                write!(f, "move {step} (`{letter}`) leaves the board")
            }
            Fault::EndsElsewhere { end, goal } => {
                write!(f, "it ends on {end}, not on the goal {goal}")
            }
            Fault::Longer { moves, shortest } => {
                write!(f, "{moves} moves, but the shortest has {shortest}")
            }
        }
    }
}

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
    use crate::puzzle::board::tests::board;

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

    #[test]
    fn spells_every_answer_once() {
        let path: Path = "dlu".parse().expect("letters");
        assert_eq!(Answer::Count.text(Some(&path)), "3");
        assert_eq!(Answer::Count.text(None), NO_COUNT);
        assert_eq!(Answer::Path.text(Some(&path)), "dlu");
        assert_eq!(Answer::Path.text(Some(&Path::default())), "");
        assert_eq!(Answer::Path.text(None), NO_PATH);
    }

    #[test]
    fn checks_counts_as_text_or_as_integers() {
        let (start, goal) = (board("1234567x8"), board("12345678x"));
        let best: Path = "r".parse().expect("letters");
        let check = |line: &str, counts| {
            let policy = Policy {
                minimal: true,
                counts,
            };
            Answer::Count.check(line, &start, &goal, Some(&best), policy)
        };
        assert_eq!(check("1 ", Counts::Text), Ok(()));
        assert_eq!(check("+1", Counts::Text), Err(Fault::Count));
        assert_eq!(check("+1", Counts::Integer), Ok(()));
        assert_eq!(check("one", Counts::Integer), Err(Fault::Count));
    }

    #[test]
    fn checks_paths_by_replaying_them() {
        let (start, goal) = (board("1234567x8"), board("12345678x"));
        let best: Path = "r".parse().expect("letters");
        let check = |line: &str, minimal| {
            let policy = Policy {
                minimal,
                counts: Counts::Integer,
            };
            Answer::Path.check(line, &start, &goal, Some(&best), policy)
        };
        assert_eq!(check("r", true), Ok(()));
        assert_eq!(check("rlr", false), Ok(()));
        assert_eq!(
            check("rlr", true),
            Err(Fault::Longer {
                moves: 3,
                shortest: 1
            })
        );
        assert_eq!(
            check("d", false),
            Err(Fault::LeavesBoard {
                step: 1,
                letter: 'd'
            })
        );
        assert_eq!(
            check("u", false),
            Err(Fault::EndsElsewhere {
                end: board("123406758"),
                goal
            })
        );
        assert_eq!(check("rx", false), Err(Fault::NotAMove('x')));
        assert_eq!(check(NO_PATH, false), Err(Fault::Reachable { shortest: 1 }));
        let policy = Policy {
            minimal: false,
            counts: Counts::Integer,
        };
        let odd = board("21345678x");
        assert_eq!(
            Answer::Path.check("r", &odd, &goal, None, policy),
            Err(Fault::Unreachable)
        );
        assert_eq!(
            Answer::Path.check(NO_PATH, &odd, &goal, None, policy),
            Ok(())
        );
    }

    #[test]
    fn says_each_fault_as_eight_judge_prints_it() {
        let said = [
            (Fault::Missing, "no answer: the output ended"),
            (Fault::Count, "a different count"),
            (Fault::Unreachable, "the board cannot reach the goal"),
            (
                Fault::Reachable { shortest: 1 },
                "the board reaches the goal in 1 moves",
            ),
            (Fault::NotAMove('x'), "`x` is not a move (d, l, r, u)"),
            (
                Fault::LeavesBoard {
                    step: 1,
                    letter: 'd',
                },
                "move 1 (`d`) leaves the board",
            ),
            (
                Fault::Longer {
                    moves: 2,
                    shortest: 0,
                },
                "2 moves, but the shortest has 0",
            ),
        ];
        for (fault, text) in said {
            assert_eq!(fault.to_string(), text);
        }
    }
}
