//! The judges `eight` speaks for, each described once (what a description holds is in
//! `description.rs`). The answer stream, `gen`, `batch`, `eight judge`, the JSON records, the
//! command line and the fixture tests all read these descriptions; a new judge is one more of
//! them.

/// The sample of the judge `id`, from its fixture folder.
macro_rules! sample {
    ($id:literal) => {
        Some(Sample {
            input: include_str!(concat!("../../../../../fixtures/", $id, "/sample.in")),
            output: include_str!(concat!("../../../../../fixtures/", $id, "/sample.out")),
        })
    };
}

mod classic;
mod description;
mod parity;
mod spelling;

pub use super::layout::Layout;
pub use classic::{
    ALGS4, HDU1043, HDU3567, HOJ10466, LEETCODE773, LIGHTOJ1121, P1379, POJ1077, UVA10181,
};
pub use description::{Goal, Help, Judge, Sample, Stated};
pub use parity::{CF645A, HDU3600, HDU6620, KATTIS_NPUZZLE, POJ2893, SGU139};

use super::answer::{Answer, Spelling, NOT_SOLVABLE, NO_COUNT, PLAIN};
use super::cases::{Framing, Glyphs};
use crate::puzzle::board::{Board, Shape};

/// A 3×3 goal known to be a board, for the constants below.
const fn goal(cells: [u8; 9]) -> Goal {
    match Board::new(Shape::SQUARE3, &cells) {
        Some(board) => Goal::Fixed(board),
        None => panic!("a judge's goal is a board"),
    }
}

/// AcWing 845 八数码: one board in x-notation; the minimum number of moves to `12345678x`.
pub const ACWING845: Judge = Judge {
    id: "acwing845",
    sample: sample!("acwing845"),
    site: "AcWing",
    number: "845",
    command: "acwing845",
    help: Help {
        summary: "The minimum number of moves to 12345678x, -1 when unreachable",
        cases: "A case is one board in x-notation, 9 cells separated by spaces (`2 3 4 1 5 x 7 6 \
        8`); any layout of cells, rows of 3 and boards of 9 is read. One answer line per case.",
        examples: "\
Examples:
  eight acwing845 '2 3 4 1 5 x 7 6 8'        prints 19",
    },
    answer: Answer::Count,
    ..POJ1077
};

/// AcWing 179 八数码: POJ 1077's problem, whose special judge takes any shortest path.
pub const ACWING179: Judge = Judge {
    id: "acwing179",
    sample: sample!("acwing179"),
    site: "AcWing",
    number: "179",
    spelling: Spelling {
        shortest: true,
        ..PLAIN
    },
    ..POJ1077
};

/// ZOJ 1217 Eight: boards in x-notation to the end of the input; any path that reaches the goal.
pub const ZOJ1217: Judge = Judge {
    id: "zoj1217",
    sample: sample!("zoj1217"),
    site: "ZOJ",
    number: "1217",
    ..POJ1077
};

/// BOJ 1525 퍼즐: a board of 3 rows of 3 numbers; the minimum number of moves to `123456780`, or
/// `-1`.
pub const BOJ1525: Judge = Judge {
    id: "boj1525",
    sample: sample!("boj1525"),
    site: "BOJ",
    number: "1525",
    command: "boj1525",
    help: Help {
        summary: "The minimum number of moves to 123456780, -1 when unreachable",
        cases: "A case is a board of 3 rows of 3 numbers with 0 for the blank, a row a line; any \
        layout of cells, rows of 3 and boards of 9 is read. One answer line per case (AOJ \
        ALDS1_13_B promises a solvable board).",
        examples: "\
Examples:
  printf '1 0 3\\n4 2 5\\n7 8 6\\n' | eight boj1525  prints 3",
    },
    boards: 1,
    goal: goal([1, 2, 3, 4, 5, 6, 7, 8, 0]),
    shape: Shape::SQUARE3,
    framing: Framing::Lines,
    answer: Answer::Count,
    spelling: PLAIN,
    layout: Layout::Rows,
    reachable_only: false,
    most_moves: None,
    fast_above: None,
    files: false,
    limits: None,
};

/// AOJ ALDS1_13_B 8 Puzzle: BOJ 1525's board, always solvable; the fewest moves.
pub const AOJ_8PUZZLE: Judge = Judge {
    id: "aoj-8puzzle",
    sample: sample!("aoj-8puzzle"),
    site: "AOJ",
    number: "ALDS1_13_B",
    reachable_only: true,
    ..BOJ1525
};

/// LightOJ 1139 8 Puzzle: T cases, each a blank line and 3 rows of 3 numbers; `Case k: d`, or
/// `Case k: impossible`.
pub const LIGHTOJ1139: Judge = Judge {
    id: "lightoj1139",
    sample: sample!("lightoj1139"),
    site: "LightOJ",
    number: "1139",
    command: "lightoj1139",
    help: Help {
        summary: "`Case k: d`, the minimum number of moves to 123456780, or `impossible`",
        cases:
            "The input opens with the number of cases T; a case is a blank line and a board of 3 \
        rows of 3 numbers with 0 for the blank. The answer is `Case k: d`, or `Case k: \
        impossible` when the goal is unreachable.",
        examples: "\
Examples:
  printf '1\\n\\n1 2 3\\n4 5 6\\n7 0 8\\n' | eight lightoj1139   prints Case 1: 1",
    },
    framing: Framing::CountedBlank,
    spelling: Spelling {
        numbered: true,
        no_count: "impossible",
        ..PLAIN
    },
    layout: Layout::Rows,
    ..BOJ1525
};

/// UVa 652 Eight: N boards in x-notation, a blank line before each; a shortest path, an empty
/// line between two answers.
pub const UVA652: Judge = Judge {
    id: "uva652",
    sample: sample!("uva652"),
    site: "UVa",
    number: "652",
    command: "uva652",
    help: Help {
        summary: "A shortest path of the blank to 12345678x, or `unsolvable`",
        cases: "The input opens with the number of boards N; each board is a blank line, then 9 \
        cells in x-notation (`2 3 4 1 5 x 7 6 8`); any layout of cells, rows of 3 and boards of 9 \
        is read. The answer is the lexicographically smallest shortest path (d < l < r < u; the \
        judge takes any shortest), an empty line when already solved, or `unsolvable`; an empty \
        line stands between two answers.",
        examples: "\
Examples:
  printf '1\\n\\n2 3 4 1 5 x 7 6 8\\n' | eight uva652   prints dlurullddrurdllurdr",
    },
    framing: Framing::CountedBlank,
    spelling: Spelling {
        shortest: true,
        separated: true,
        ..PLAIN
    },
    ..POJ1077
};

/// UVa 10085 The Most Distant State: T boards of 3 rows of 3 numbers, a blank line before each;
/// `Puzzle #k`, a board as far from it as any, and the path there in capitals.
pub const UVA10085: Judge = Judge {
    id: "uva10085",
    sample: sample!("uva10085"),
    site: "UVa",
    number: "10085",
    command: "uva10085",
    help: Help {
        summary: "`Puzzle #k`, a board as far from the start as any, and the path to it",
        cases: "The input opens with the number of cases T; each case is a blank line and a board \
        of 3 rows of 3 numbers, 0 the blank. The answer is `Puzzle #k`, the farthest board's \
        rows, the canonical path to it in capitals (D < L < R < U), and an empty line. The judge \
        takes any farthest board: eight prints the one least in reading order (its cells \
        compared in turn, 0 the blank).",
        examples: "\
Examples:
  printf '1\\n\\n2 6 4\\n1 3 7\\n0 5 8\\n' | eight uva10085",
    },
    framing: Framing::CountedBlank,
    answer: Answer::Farthest,
    spelling: Spelling {
        capitals: true,
        ..PLAIN
    },
    layout: Layout::Rows,
    ..POJ1077
};

/// BOJ 11112 Eight puzzle (IDI Open 2008): n boards of 3 rows of 3 glued characters, `#` the
/// blank, a blank line before each; the minimum number of moves, or `impossible`.
pub const BOJ11112: Judge = Judge {
    id: "boj11112",
    sample: sample!("boj11112"),
    site: "BOJ",
    number: "11112",
    command: "boj11112",
    help: Help {
        summary: "The minimum number of moves to 12345678#, or `impossible`",
        cases: "The input opens with the number of cases n; each case is a blank line and a board \
        of 3 rows of 3 glued characters, `#` the blank (`4#5`). One answer line per case.",
        examples: "\
Examples:
  printf '1\\n\\n123\\n4#5\\n786\\n' | eight boj11112   prints 2",
    },
    framing: Framing::CountedBlank,
    spelling: Spelling {
        no_count: "impossible",
        ..PLAIN
    },
    layout: Layout::Characters(Glyphs::Characters {
        letters: false,
        blank: b'#',
    }),
    ..BOJ1525
};

/// AOJ ALDS1_13_C 15 Puzzle: a board of 4 rows of 4 numbers, at most 45 moves from the goal;
/// the fewest moves.
pub const AOJ_15PUZZLE: Judge = Judge {
    id: "aoj-15puzzle",
    sample: sample!("aoj-15puzzle"),
    site: "AOJ",
    number: "ALDS1_13_C",
    command: "aoj-15puzzle",
    help: Help {
        summary: "The fewest moves to 1-15 and the blank last",
        cases: "A case is a board of 4 rows of 4 numbers, 0 the blank, a row a line; the judge \
        promises at most 45 moves, and `gen` keeps to it. Any layout of cells, rows of 4 and \
        boards of 16 is read. One answer line per case.",
        examples: "\
Examples:
  printf '1 2 3 4\\n6 7 8 0\\n5 10 11 12\\n9 13 14 15\\n' | eight aoj-15puzzle   prints 8",
    },
    goal: Goal::Ordered,
    shape: Shape::SQUARE4,
    reachable_only: true,
    most_moves: Some(45),
    ..BOJ1525
};

/// POJ 3240 Solution to the n²−1 Puzzle: the side n (up to 10), then n² numbers; any path of
/// the blank in capitals that reaches the goal, or `No Answer!`: optimal up to 4×4, `--fast`'s
/// beyond.
pub const POJ3240: Judge = Judge {
    id: "poj3240",
    sample: sample!("poj3240"),
    site: "POJ",
    number: "3240",
    command: "poj3240",
    help: Help {
        summary: "A path of the blank in capitals to 1, 2, ... and the blank last, or `No Answer!`",
        cases:
            "A case is the side n (2 to 10; up to 16 read) on a line, then n rows of n numbers, \
        0 the blank. The judge takes any path that reaches the goal: up to 4x4 eight prints the \
        canonical shortest one (D < L < R < U), beyond it `--fast`'s path, at once and not \
        known to be the shortest; `No Answer!` when the goal is unreachable.",
        examples: "\
Examples:
  printf '2\\n3 1\\n2 0\\n' | eight poj3240                prints LURD",
    },
    spelling: Spelling {
        capitals: true,
        no_path: "No Answer!",
        ..PLAIN
    },
    fast_above: Some(16),
    answer: Answer::Path,
    files: false,
    limits: None,
    ..ALGS4
};

/// HackerRank N Puzzle: the side k (3 to 5), then k² lines of one number; the goal is the blank
/// first and the tiles in order (`0 1 2 …`); the number of moves M, then M lines of `UP`,
/// `DOWN`, `LEFT` or `RIGHT`: optimal up to 4×4, `--fast`'s beyond.
pub const HACKERRANK_NPUZZLE: Judge = Judge {
    id: "hackerrank-npuzzle",
    sample: sample!("hackerrank-npuzzle"),
    site: "HackerRank",
    number: "N Puzzle",
    command: "hackerrank-npuzzle",
    help: Help {
        summary: "The number of moves M, then M lines of UP, DOWN, LEFT or RIGHT",
        cases: "A case is the side k (3 to 5 in the statement; 2 to 16 read) on a line, then the \
        k*k cells a line each, 0 the blank, row by row. The goal is the blank first and the \
        tiles in order after it (0 1 2 / 3 4 5 / 6 7 8); the moves are the blank's. The judge \
        takes any path that reaches the goal: up to 4x4 eight prints the canonical shortest \
        one, beyond it `--fast`'s path, at once and not known to be the shortest; -1 when the \
        goal is unreachable (the statement gives none).",
        examples: "\
Examples:
  printf '3\\n1\\n0\\n2\\n3\\n4\\n5\\n6\\n7\\n8\\n' | eight hackerrank-npuzzle   prints 1, LEFT",
    },
    goal: Goal::BlankFirst,
    answer: Answer::CountThenMoves,
    spelling: PLAIN,
    layout: Layout::Column,
    ..POJ3240
};

/// Every judge, in the order of `--help`.
pub const ALL: [&Judge; 27] = [
    &P1379,
    &HOJ10466,
    &POJ1077,
    &HDU1043,
    &ACWING179,
    &ZOJ1217,
    &HDU3567,
    &LIGHTOJ1121,
    &UVA10181,
    &LEETCODE773,
    &ALGS4,
    &ACWING845,
    &BOJ1525,
    &AOJ_8PUZZLE,
    &LIGHTOJ1139,
    &UVA652,
    &UVA10085,
    &BOJ11112,
    &AOJ_15PUZZLE,
    &SGU139,
    &HDU6620,
    &CF645A,
    &KATTIS_NPUZZLE,
    &POJ2893,
    &HDU3600,
    &POJ3240,
    &HACKERRANK_NPUZZLE,
];
impl Judge {
    /// The judge of this id, if any.
    pub fn from_id(id: &str) -> Option<&'static Judge> {
        ALL.into_iter().find(|judge| judge.id == id)
    }

    /// The judge of this id, or the first judge that this command answers (`path` is
    /// `poj1077`): a command's name stands for its judge wherever a judge is asked for.
    pub fn from_name(name: &str) -> Option<&'static Judge> {
        Judge::from_id(name).or_else(|| ALL.into_iter().find(|judge| judge.command == name))
    }

    /// Every name [`Judge::from_name`] takes: the ids, then the commands.
    pub fn names() -> Vec<&'static str> {
        let commands = ALL.iter().map(|judge| judge.command);
        let mut names: Vec<&str> = ALL.iter().map(|judge| judge.id).collect();
        for command in commands {
            if !names.contains(&command) {
                names.push(command);
            }
        }
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::tests::board;

    #[test]
    fn ids_are_unique_and_found() {
        for judge in ALL {
            assert_eq!(Judge::from_id(judge.id), Some(judge));
        }
        assert_eq!(Judge::from_id("p1380"), None);
        assert_eq!(Judge::from_name("path"), Some(&POJ1077));
        assert_eq!(Judge::from_name("pair"), Some(&HOJ10466));
        assert_eq!(Judge::names().len(), ALL.len() + 3);
        assert_eq!(Judge::from_name("hdu3567"), Some(&HDU3567));
        assert_eq!(HDU1043.name(), "HDU 1043");
    }

    #[test]
    fn a_case_takes_the_shared_goal_or_its_own() {
        let (start, other) = (board("283104765"), board("12345678x"));
        let problem = |judge: &Judge, boards: &[Board]| {
            let (start, goal) = judge.problem(boards);
            (*start, *goal)
        };
        assert_eq!(problem(&P1379, &[start]), (start, board("123804765")));
        assert_eq!(problem(&HOJ10466, &[start, other]), (start, other));
        assert_eq!(problem(&P1379.with_goal(other), &[start]), (start, other));
        assert_eq!(HOJ10466.with_goal(start).goal, Goal::EachCase);
        let square4 = Board::ordered(Shape::SQUARE4);
        assert_eq!(problem(&LIGHTOJ1121, &[square4]), (square4, square4));
        let sized = P1379.with_shape(Shape::SQUARE4);
        assert_eq!(sized.goal, Goal::Fixed(square4));
    }

    #[test]
    fn writes_boards_as_each_statement_does() {
        let (start, goal) = (board("283104765"), board("123804765"));
        let written = |judge: &Judge| {
            let mut out = Vec::new();
            judge.write_case(&start, &goal, &mut out).expect("memory");
            String::from_utf8(out).expect("ASCII")
        };
        assert_eq!(written(&P1379), "283104765\n");
        assert_eq!(written(&HOJ10466), "2 8 3 1 0 4 7 6 5\n1 2 3 8 0 4 7 6 5\n");
        assert_eq!(written(&HDU1043), "2 8 3 1 x 4 7 6 5\n");
        assert_eq!(written(&HDU3567), "2831X4765\n1238X4765\n");
        let grid = |shape: Shape| Board::ordered(shape);
        let shown = |judge: &Judge, board: &Board| judge.layout.show(board);
        assert_eq!(
            shown(&LIGHTOJ1121, &grid(Shape::SQUARE4)),
            "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0"
        );
        assert_eq!(
            shown(&LEETCODE773, &grid(LEETCODE773.shape)),
            "[[1,2,3],[4,5,0]]"
        );
        assert_eq!(
            shown(&ALGS4, &grid(Shape::SQUARE3)),
            " 1 2 3\n 4 5 6\n 7 8 0"
        );
        assert_eq!(
            shown(&ALGS4, &grid(Shape::SQUARE4)).lines().next(),
            Some("  1  2  3  4")
        );
        let mut algs4 = Vec::new();
        let square = grid(Shape::SQUARE3);
        ALGS4
            .write_case(&square, &square, &mut algs4)
            .expect("memory");
        assert_eq!(algs4, b"3\n 1 2 3\n 4 5 6\n 7 8 0\n");
    }
}
