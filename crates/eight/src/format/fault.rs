//! Why an answer line is wrong, and the words for it: as `eight judge` says it of a program's
//! line, and as `eight batch` says it of a fixture's recorded one.

use std::fmt;

use super::cases::cases_of;

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
    /// The judge's word for no path (`unsolvable`) where the board reaches the goal.
    Reachable {
        /// The length of the shortest path.
        shortest: usize,
    },
    /// A character that is not a move letter.
    NotAMove(char),
    /// A character that is not a move letter in capitals, where the judge wants them.
    NotACapital(char),
    /// Blanks where the judge compares the text exactly: before the answer, or more than one
    /// after the case's heading (`Case 1:2`, ` 2`, `Case 1:  RR`).
    Spacing,
    /// The answer does not open with the case's heading (`Case 3: `).
    Heading {
        /// The heading it should open with.
        expected: String,
    },
    /// A path longer than the judge takes.
    TooLong {
        /// Its length.
        moves: usize,
        /// The most the judge takes.
        limit: u32,
    },
    /// A shortest path, but not the lexicographically smallest, which the judge asks for.
    NotCanonical,
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
        end: String,
        /// Where it should.
        goal: String,
    },
    /// A path to the goal longer than the shortest, under a policy that asks for the shortest.
    Longer {
        /// Its length.
        moves: usize,
        /// The shortest length.
        shortest: usize,
    },
    /// Another word than the canonical one (`NO` for `YES`).
    Different,
    /// A line that is no move's word (`UP`, `DOWN`, `LEFT`, `RIGHT`).
    NotAWord(String),
    /// A line that should be empty and is not: between UVa 652's answers, after UVa 10085's.
    EmptyLine,
    /// Rows that are not a board of the case's shape.
    NotABoard,
    /// A board nearer to the start than the farthest.
    NotFarthest {
        /// Its distance from the start.
        distance: usize,
        /// The farthest distance.
        farthest: usize,
    },
}
/// `1 move`, `2 moves`.
pub fn moves(count: usize) -> String {
    match count {
        1 => "1 move".into(),
        count => format!("{count} moves"),
    }
}

/// Whose answer a [`Fault`] is told of: a program's line, which `eight judge` checks against the
/// canonical answer, or a fixture's recorded `.out` line, which `eight batch` checks and which
/// then "expected" what `eight`'s canonical answer "got".
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// A program's answer (`eight judge`): the fault alone.
    Program,
    /// A recorded `.out` line (`eight batch`): the fault with the recorded line and the answer.
    Recorded,
}

impl Fault {
    /// Whether the fault is one of layout, not of the answer itself (testlib's presentation
    /// error): blanks where the judge compares text exactly, a missing case heading, moves in
    /// small letters where the judge wants capitals.
    pub fn is_presentation(&self) -> bool {
        matches!(
            self,
            Fault::Spacing | Fault::Heading { .. } | Fault::NotACapital(_)
        )
    }

    /// The fault in words from `side`, of the line `answer` (trimmed as the judge reads it) where
    /// the canonical answer is `canonical`.
    pub fn told(&self, side: Side, answer: &str, canonical: &str) -> String {
        if side == Side::Program {
            return self.to_string();
        }
        let recorded = answer.trim();
        // an empty answer (a solved board's path) is said, never shown as `` or nothing
        let (ticked, canonical) = (ticked(recorded), said(canonical));
        match self {
            Fault::Extra { cases, answers } => {
                format!("{}, but the .out has {answers} answers", cases_of(*cases))
            }
            Fault::Missing => format!("expected nothing (the .out ends), got {canonical}"),
            Fault::Count => format!("expected {}, got {canonical}", said(recorded)),
            Fault::Unreachable => format!("expected {ticked}, got {canonical}"),
            Fault::Reachable { shortest } => {
                let recorded = said(recorded);
                format!(
                    "expected {recorded}, got {canonical} ({})",
                    moves(*shortest)
                )
            }
            Fault::NotAMove(letter) => {
                let letter = letter.escape_debug();
                format!("expected {ticked}, which holds `{letter}`, not a move (d, l, r, u)")
            }
            Fault::NotACapital(letter) => {
                let letter = letter.escape_debug();
                format!("expected {ticked}, which holds `{letter}`, not a move (D, L, R, U)")
            }
            Fault::Spacing => format!(
                "expected {}, whose blanks the judge would not take: {canonical}",
                self::ticked(answer.trim_end())
            ),
            Fault::Heading { expected } => {
                format!("expected {ticked}, which does not open with `{expected}`")
            }
            Fault::TooLong { moves, limit } => format!(
                "expected {ticked}, {}, but the judge takes at most {limit}",
                self::moves(*moves)
            ),
            Fault::NotCanonical => format!(
                "expected {ticked}, got {canonical}: the judge takes only the \
                 lexicographically smallest shortest path"
            ),
            Fault::LeavesBoard { step, letter } => {
                format!("expected {ticked}, whose move {step} (`{letter}`) leaves the board")
            }
            Fault::EndsElsewhere { end, goal } => {
                format!("expected {ticked}, which ends on {end}, not on the goal {goal}")
            }
            Fault::Longer { moves, shortest } => format!(
                "expected {ticked}, {}, but the shortest has {shortest}: {canonical}",
                self::moves(*moves)
            ),
            Fault::Different => format!("expected {}, got {canonical}", said(recorded)),
            Fault::NotAWord(word) => format!(
                "expected {ticked}, which holds `{}`, not a move (UP, DOWN, LEFT, RIGHT)",
                word.escape_debug()
            ),
            Fault::EmptyLine => format!("expected {ticked} where an empty line stands"),
            Fault::NotABoard => format!("expected {ticked}, whose rows are not a board"),
            Fault::NotFarthest { distance, farthest } => format!(
                "expected {ticked}, whose board is {}, but the farthest is {farthest}: {canonical}",
                self::moves(*distance)
            ),
        }
    }
}

/// `text` in backticks, or `an empty line` for none.
pub fn ticked(text: &str) -> String {
    match text {
        "" => "an empty line".to_string(),
        text => format!("`{text}`"),
    }
}

/// `text` as it is, or `an empty line` for none.
fn said(text: &str) -> &str {
    match text {
        "" => "an empty line",
        text => text,
    }
}

impl fmt::Display for Fault {
    /// Why the answer is wrong, as `eight judge` says it of a program's line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Missing => write!(f, "no answer: the output ended"),
            Fault::Extra { cases, .. } => {
                write!(f, "output after the last of {}", cases_of(*cases))
            }
            Fault::Count => write!(f, "a different count"),
            Fault::Spacing => write!(f, "blanks where the judge compares the text exactly"),
            Fault::Unreachable => write!(f, "the board cannot reach the goal"),
            Fault::Reachable { shortest } => {
                write!(f, "the board reaches the goal in {}", moves(*shortest))
            }
            Fault::NotACapital(letter) => {
                write!(f, "`{}` is not a move (D, L, R, U)", letter.escape_debug())
            }
            Fault::Heading { expected } => write!(f, "the answer does not open with `{expected}`"),
            Fault::TooLong { moves, limit } => {
                write!(
                    f,
                    "{}, but the judge takes at most {limit}",
                    self::moves(*moves)
                )
            }
            Fault::NotCanonical => write!(
                f,
                "a shortest path, but not the lexicographically smallest (d < l < r < u)"
            ),
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
                write!(
                    f,
                    "{}, but the shortest has {shortest}",
                    self::moves(*moves)
                )
            }
            Fault::Different => write!(f, "a different answer"),
            Fault::NotAWord(word) => write!(
                f,
                "`{}` is not a move (UP, DOWN, LEFT, RIGHT)",
                word.escape_debug()
            ),
            Fault::EmptyLine => write!(f, "no empty line where the judge puts one"),
            Fault::NotABoard => write!(f, "the rows are not a board"),
            Fault::NotFarthest { distance, farthest } => write!(
                f,
                "the board is {} from the start, but the farthest is {farthest}",
                self::moves(*distance)
            ),
        }
    }
}
