//! A case's answer as the judges spell it, and read back: a count of moves (`-1` when the goal
//! is unreachable), a path of move letters (`unsolvable`), a yes or a no, a farthest board, a
//! scatter. Every spelling of an answer is here, and so is the one check of an answer line
//! against the canonical answer, which both `eight batch` and `eight judge` use; the words of
//! each fault it finds are in `fault.rs`, the fast writing of the plain judges' lines in
//! `write.rs`.

mod check;

pub use super::fault::{moves, ticked, Fault, Side};
use super::layout::Layout;
use crate::puzzle::{Board, Move, Path};

/// A count's answer when the goal is unreachable.
pub const NO_COUNT: &str = "-1";
/// A path's answer when the goal is unreachable.
pub const NO_PATH: &str = "unsolvable";
/// LightOJ 1121's and UVa 10181's answer when there is no path within their limits.
pub const NOT_SOLVABLE: &str = "This puzzle is not solvable.";

/// What a judge prints for a case.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    /// The minimum number of moves, or [`NO_COUNT`].
    Count,
    /// The path of the blank's moves, or the spelling's `no_path`; an empty line when already
    /// solved.
    Path,
    /// The count on one line, then the path on the next (HDU 3567).
    CountThenPath,
    /// The count on one line, then each move of the blank on a line of its own as a word, `UP`,
    /// `DOWN`, `LEFT` or `RIGHT` (HackerRank's N Puzzle).
    CountThenMoves,
    /// Whether the goal is reachable, in the judge's two words: decided by parity, never by a
    /// search (SGU 139, HDU 6620).
    Solvable {
        /// The word for a reachable goal (`YES`).
        yes: &'static str,
        /// The word for an unreachable one (`NO`).
        no: &'static str,
    },
    /// UVa 10085's: `Puzzle #k`, then a board as far from the start as any (its rows, `0` the
    /// blank), then the canonical path to it in capitals, then an empty line.
    Farthest,
    /// The scatter: the sum of the tiles' Manhattan distances from their goal cells (Kattis
    /// npuzzle), no search.
    Scatter,
}

/// What a case's answer is spelled from: what its judge asks to be found.
// one a case, handed on at once: the board inline spares an allocation
#[allow(clippy::large_enum_variant)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Found {
    /// The canonical path; `None` when the goal is unreachable or beyond the judge's limit.
    Path(Option<Path>),
    /// Whether the goal is reachable, by parity.
    Reachable(bool),
    /// The board farthest from the start that is least in reading order, and the canonical
    /// path to it.
    Farthest {
        /// The board.
        board: Board,
        /// The canonical path from the start to it.
        path: Path,
    },
    /// The sum of the tiles' Manhattan distances.
    Scatter(u32),
}

impl Found {
    /// The path found, if one was sought and there is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Found::Path(path) => path.as_ref(),
            Found::Farthest { path, .. } => Some(path),
            Found::Reachable(_) | Found::Scatter(_) => None,
        }
    }

    /// Whether the goal is reachable (a farthest board always is; a scatter says nothing).
    pub fn reachable(&self) -> bool {
        match self {
            Found::Path(path) => path.is_some(),
            Found::Reachable(reachable) => *reachable,
            Found::Farthest { .. } | Found::Scatter(_) => true,
        }
    }
}

/// How a judge dresses its answers: what surrounds them and how the moves are written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Spelling {
    /// `Case k: ` before each answer.
    pub numbered: bool,
    /// Move letters in capitals (`D L R U`).
    pub capitals: bool,
    /// The answer of a path when there is none.
    pub no_path: &'static str,
    /// The answer of a count when there is none ([`NO_COUNT`], or LightOJ 1139's `impossible`).
    pub no_count: &'static str,
    /// The longest path the judge takes: a longer shortest path is answered as none.
    pub limit: Option<u32>,
    /// Whether the judge takes only the canonical path, not any other of the shortest.
    pub canonical_only: bool,
    /// Whether the judge takes any path of the least length, and no longer one (AcWing 179's
    /// special judge).
    pub shortest: bool,
    /// Whether an empty line stands between two answers (UVa 652).
    pub separated: bool,
}

/// The first judges' spelling: nothing around the answer, small letters, [`NO_PATH`].
pub const PLAIN: Spelling = Spelling {
    numbered: false,
    capitals: false,
    no_path: NO_PATH,
    no_count: NO_COUNT,
    limit: None,
    canonical_only: false,
    shortest: false,
    separated: false,
};

impl Spelling {
    /// Whether it is [`PLAIN`], whose answers the stream writes without formatting.
    pub fn is_plain(&self) -> bool {
        *self == PLAIN
    }

    /// The heading of case `case`, if the judge numbers its answers.
    fn heading(&self, case: u64) -> String {
        match self.numbered {
            true => format!("Case {case}: "),
            false => String::new(),
        }
    }

    /// A move's letter as this judge writes it.
    fn letter(&self, step: Move) -> char {
        match self.capitals {
            true => step.letter().to_ascii_uppercase(),
            false => step.letter(),
        }
    }

    /// The move a letter spells for this judge.
    fn read_letter(&self, letter: char) -> Result<Move, Fault> {
        match self.capitals {
            true if letter.is_ascii_uppercase() => {
                Move::from_letter(letter.to_ascii_lowercase()).ok_or(Fault::NotAMove(letter))
            }
            true => Err(Fault::NotACapital(letter)),
            false => Move::from_letter(letter).ok_or(Fault::NotAMove(letter)),
        }
    }
}

/// How an answer line is compared with the canonical one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Policy {
    /// A path must be of minimal length, not only legal and ending on the goal.
    pub minimal: bool,
}

/// A case as the check sees it: its boards, what `eight` found, and the distance from the start
/// to any board, for the answers that name a board of their own (UVa 10085's farthest).
pub struct Expected<'a> {
    /// The start and the goal; `None` for a board read as a grid (POJ 2893's), whose answer is
    /// a word that reads no board.
    pub boards: Option<(&'a Board, &'a Board)>,
    /// What `eight` found: the canonical answer.
    pub found: &'a Found,
    /// The fewest moves from the start to a board, `None` when it cannot be reached.
    pub distance: &'a dyn Fn(&Board) -> Option<usize>,
}

impl Answer {
    /// Whether it is spelled from the canonical path (or its absence), which a search finds.
    pub fn is_path(self) -> bool {
        matches!(
            self,
            Answer::Count | Answer::Path | Answer::CountThenPath | Answer::CountThenMoves
        )
    }

    /// How many lines follow the answer's first `lines` whose first line is `first`: the moves
    /// a count announces, for the answers that give their moves a line each.
    pub fn more_lines(self, first: &str) -> usize {
        match self {
            Answer::CountThenMoves => first.trim().parse().unwrap_or(0),
            _ => 0,
        }
    }

    /// How many lines the answer of case `case` takes: an empty line before it included, where
    /// the judge separates its answers.
    pub fn lines(self, spelling: &Spelling, case: u64) -> usize {
        let separator = usize::from(spelling.separated && case > 1);
        separator
            + match self {
                Answer::CountThenPath => 2,
                Answer::Farthest => 6,
                Answer::Count
                | Answer::Path
                | Answer::Solvable { .. }
                | Answer::Scatter
                | Answer::CountThenMoves => 1,
            }
    }

    /// The answer of case `case`, spelled from `found` as `spelling` says, without its last
    /// newline (an empty line before it where the judge separates its answers).
    pub fn text(self, spelling: &Spelling, case: u64, found: &Found) -> String {
        let path = found.path();
        let count = || match path {
            Some(path) => path.len().to_string(),
            None => spelling.no_count.to_string(),
        };
        let letters = || -> String {
            path.map_or_else(String::new, |path| {
                path.0.iter().map(|&step| spelling.letter(step)).collect()
            })
        };
        let heading = spelling.heading(case);
        let separator = match spelling.separated && case > 1 {
            true => "\n",
            false => "",
        };
        let text = match (self, found) {
            (Answer::Count, _) => format!("{heading}{}", count()),
            (Answer::Path, _) if path.is_none() => format!("{heading}{}", spelling.no_path),
            (Answer::Path, _) => format!("{heading}{}", letters()),
            (Answer::CountThenPath, _) => format!("{heading}{}\n{}", count(), letters()),
            (Answer::CountThenMoves, _) => {
                let moves =
                    path.map(|path| path.0.iter().map(|&step| format!("\n{}", move_word(step))));
                format!(
                    "{heading}{}{}",
                    count(),
                    moves.into_iter().flatten().collect::<String>()
                )
            }
            (Answer::Solvable { yes, no }, found) => {
                format!("{heading}{}", if found.reachable() { yes } else { no })
            }
            (Answer::Farthest, Found::Farthest { board, .. }) => {
                let rows = Layout::Rows.show(board);
                format!("Puzzle #{case}\n{rows}\n{}\n", letters())
            }
            (Answer::Scatter, Found::Scatter(scatter)) => format!("{heading}{scatter}"),
            (Answer::Farthest | Answer::Scatter, found) => {
                unreachable!("{self:?} is spelled from what it asks, not {found:?}")
            }
        };
        format!("{separator}{text}")
    }
}

/// A move as HackerRank's N Puzzle writes it: the blank's direction in capitals.
fn move_word(step: Move) -> &'static str {
    match step {
        Move::Down => "DOWN",
        Move::Left => "LEFT",
        Move::Right => "RIGHT",
        Move::Up => "UP",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::tests::board;

    /// Checks one line under the first judges' spelling.
    fn plain(
        answer: Answer,
        line: &str,
        start: &Board,
        goal: &Board,
        best: Option<&Path>,
        policy: Policy,
    ) -> Result<(), Fault> {
        let found = Found::Path(best.cloned());
        let mut expected = expected(start, goal, &found);
        answer.check(&PLAIN, 1, &[line.to_string()], &mut expected, policy)
    }

    /// A case from `start` to `goal` whose answer is `found`, with no board of its own.
    fn expected<'a>(start: &'a Board, goal: &'a Board, found: &'a Found) -> Expected<'a> {
        Expected {
            boards: Some((start, goal)),
            found,
            distance: &|_| None,
        }
    }

    #[test]
    fn dresses_answers_as_each_judge_does() {
        let path: Path = "dlu".parse().expect("letters");
        let numbered = Spelling {
            numbered: true,
            ..PLAIN
        };
        assert_eq!(
            Answer::CountThenPath.text(&numbered, 2, &Found::Path(Some(path.clone()))),
            "Case 2: 3\ndlu"
        );
        assert_eq!(
            Answer::CountThenPath.text(&numbered, 3, &Found::Path(None)),
            "Case 3: -1\n"
        );
        let capitals = Spelling {
            numbered: true,
            capitals: true,
            no_path: NOT_SOLVABLE,
            no_count: NO_COUNT,
            limit: Some(35),
            canonical_only: true,
            shortest: false,
            separated: false,
        };
        assert_eq!(
            Answer::Path.text(&capitals, 1, &Found::Path(Some(path.clone()))),
            "Case 1: DLU"
        );
        assert_eq!(
            Answer::Path.text(&capitals, 4, &Found::Path(None)),
            "Case 4: This puzzle is not solvable."
        );
    }

    #[test]
    fn checks_headings_capitals_limits_and_the_canonical_path() {
        // `123456x78`: the blank two cells left of its goal place
        let start = board("123456x78");
        let goal = board("12345678x");
        let best: Path = "rr".parse().expect("letters");
        let policy = Policy { minimal: false };
        let spelling = Spelling {
            numbered: true,
            capitals: true,
            no_path: NOT_SOLVABLE,
            no_count: NO_COUNT,
            limit: Some(4),
            canonical_only: false,
            shortest: false,
            separated: false,
        };
        let check = |spelling: &Spelling, lines: &[&str]| {
            let lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            let found = Found::Path(Some(best.clone()));
            Answer::Path.check(
                spelling,
                7,
                &lines,
                &mut expected(&start, &goal, &found),
                policy,
            )
        };
        assert_eq!(check(&spelling, &["Case 7: RR"]), Ok(()));
        assert_eq!(check(&spelling, &["Case 7: RR \t"]), Ok(()));
        for spaced in ["Case 7:RR", " Case 7: RR", "Case 7:  RR", "\tCase 7: RR"] {
            assert_eq!(
                check(&spelling, &[spaced]),
                Err(Fault::Spacing),
                "{spaced:?}"
            );
        }
        assert_eq!(check(&spelling, &["Case 7: RLRR"]), Ok(()));
        assert_eq!(
            check(&spelling, &["Case 7: RLRLRR"]),
            Err(Fault::TooLong { moves: 6, limit: 4 })
        );
        assert_eq!(
            check(&spelling, &["Case 7: rr"]),
            Err(Fault::NotACapital('r'))
        );
        assert_eq!(
            check(&spelling, &["Case 6: RR"]),
            Err(Fault::Heading {
                expected: "Case 7: ".into()
            })
        );
        assert_eq!(
            check(&spelling, &["RR"]),
            Err(Fault::Heading {
                expected: "Case 7: ".into()
            })
        );
        let canonical = Spelling {
            canonical_only: true,
            ..spelling
        };
        assert_eq!(
            check(&canonical, &["Case 7: RLRR"]),
            Err(Fault::Longer {
                moves: 4,
                shortest: 2
            })
        );
        // a judge that takes any shortest path (AcWing 179's) refuses a longer one alone
        let shortest = Spelling {
            shortest: true,
            ..spelling
        };
        assert_eq!(
            check(&shortest, &["Case 7: RLRR"]),
            Err(Fault::Longer {
                moves: 4,
                shortest: 2
            })
        );
        assert_eq!(check(&shortest, &["Case 7: RR"]), Ok(()));
        // the order check alone: `dr` is a legal shortest path here, and `best` stands for a
        // canonical path of the same length that differs from it
        let other: Path = "dd".parse().expect("letters");
        let lines = ["Case 1: 2".to_string(), "dr".to_string()];
        let square = board("1234x6758");
        let square_goal = board("12345678x");
        let count_then_path = Spelling {
            numbered: true,
            canonical_only: true,
            ..PLAIN
        };
        assert_eq!(
            Answer::CountThenPath.check(
                &count_then_path,
                1,
                &lines,
                &mut expected(&square, &square_goal, &Found::Path(Some(other))),
                policy
            ),
            Err(Fault::NotCanonical)
        );
    }

    #[test]
    fn spells_every_answer_once() {
        let path: Path = "dlu".parse().expect("letters");
        assert_eq!(
            Answer::Count.text(&PLAIN, 1, &Found::Path(Some(path.clone()))),
            "3"
        );
        assert_eq!(Answer::Count.text(&PLAIN, 1, &Found::Path(None)), NO_COUNT);
        assert_eq!(
            Answer::Path.text(&PLAIN, 1, &Found::Path(Some(path.clone()))),
            "dlu"
        );
        assert_eq!(
            Answer::Path.text(&PLAIN, 1, &Found::Path(Some(Path::default()))),
            ""
        );
        assert_eq!(Answer::Path.text(&PLAIN, 1, &Found::Path(None)), NO_PATH);
    }

    #[test]
    fn checks_counts_as_the_judges_text() {
        let (start, goal) = (board("1234567x8"), board("12345678x"));
        let best: Path = "r".parse().expect("letters");
        let check = |line: &str| {
            let policy = Policy { minimal: true };
            plain(Answer::Count, line, &start, &goal, Some(&best), policy)
        };
        assert_eq!(check("1 \t"), Ok(()));
        assert_eq!(check("+1"), Err(Fault::Count));
        assert_eq!(check("01"), Err(Fault::Count));
        assert_eq!(check(" 1"), Err(Fault::Spacing));
        assert_eq!(check("one"), Err(Fault::Count));
    }

    #[test]
    fn checks_paths_by_replaying_them() {
        let (start, goal) = (board("1234567x8"), board("12345678x"));
        let best: Path = "r".parse().expect("letters");
        let check = |line: &str, minimal| {
            let policy = Policy { minimal };
            plain(Answer::Path, line, &start, &goal, Some(&best), policy)
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
                end: "123406758".into(),
                goal: goal.to_string()
            })
        );
        assert_eq!(check("rx", false), Err(Fault::NotAMove('x')));
        assert_eq!(check(NO_PATH, false), Err(Fault::Reachable { shortest: 1 }));
        let policy = Policy { minimal: false };
        let odd = board("21345678x");
        assert_eq!(
            plain(Answer::Path, "r", &odd, &goal, None, policy),
            Err(Fault::Unreachable)
        );
        assert_eq!(
            plain(Answer::Path, NO_PATH, &odd, &goal, None, policy),
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
                "the board reaches the goal in 1 move",
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
