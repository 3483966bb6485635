//! The judges `eight` speaks for, each described once (what a description holds is in
//! `description.rs`). The answer stream, `gen`, `batch`, `eight judge`, the JSON records, the
//! command line and the fixture tests all read these descriptions; a new judge is one more of
//! them.

mod classic;
mod description;

pub use super::layout::Layout;
pub use classic::{
    ALGS4, HDU1043, HDU3567, HOJ10466, LEETCODE773, LIGHTOJ1121, P1379, POJ1077, UVA10181,
};
pub use description::{Goal, Judge};

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
    site: "AcWing",
    number: "845",
    command: "acwing845",
    answer: Answer::Count,
    ..POJ1077
};

/// AcWing 179 八数码: POJ 1077's problem, whose special judge takes any shortest path.
pub const ACWING179: Judge = Judge {
    id: "acwing179",
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
    site: "ZOJ",
    number: "1217",
    ..POJ1077
};

/// BOJ 1525 퍼즐: a board of 3 rows of 3 numbers; the minimum number of moves to `123456780`, or
/// `-1`.
pub const BOJ1525: Judge = Judge {
    id: "boj1525",
    site: "BOJ",
    number: "1525",
    command: "boj1525",
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
};

/// AOJ ALDS1_13_B 8 Puzzle: BOJ 1525's board, always solvable; the fewest moves.
pub const AOJ_8PUZZLE: Judge = Judge {
    id: "aoj-8puzzle",
    site: "AOJ",
    number: "ALDS1_13_B",
    reachable_only: true,
    ..BOJ1525
};

/// LightOJ 1139 8 Puzzle: T cases, each a blank line and 3 rows of 3 numbers; `Case k: d`, or
/// `Case k: impossible`.
pub const LIGHTOJ1139: Judge = Judge {
    id: "lightoj1139",
    site: "LightOJ",
    number: "1139",
    command: "lightoj1139",
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
    site: "UVa",
    number: "652",
    command: "uva652",
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
    site: "UVa",
    number: "10085",
    command: "uva10085",
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
    site: "BOJ",
    number: "11112",
    command: "boj11112",
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
    site: "AOJ",
    number: "ALDS1_13_C",
    command: "aoj-15puzzle",
    goal: Goal::Ordered,
    shape: Shape::SQUARE4,
    reachable_only: true,
    most_moves: Some(45),
    ..BOJ1525
};

/// SGU 139 Help Needed!: a board of 4 rows of 4 numbers; `YES` if it reaches the goal.
pub const SGU139: Judge = Judge {
    id: "sgu139",
    site: "SGU",
    number: "139",
    command: "sgu139",
    goal: Goal::Ordered,
    shape: Shape::SQUARE4,
    answer: Answer::Solvable {
        yes: "YES",
        no: "NO",
    },
    ..BOJ1525
};

/// HDU 6620 Just an Old Puzzle: T boards of 4 rows of 4 numbers; `Yes` if the goal is within
/// 120 moves, which every solvable board is (80 at most), so decided by parity.
pub const HDU6620: Judge = Judge {
    id: "hdu6620",
    site: "HDU",
    number: "6620",
    command: "hdu6620",
    framing: Framing::Counted,
    answer: Answer::Solvable {
        yes: "Yes",
        no: "No",
    },
    ..SGU139
};

/// Codeforces 645A Amity Assessment: two 2×2 grids of `A`, `B`, `C` and the blank `X`; `YES` if
/// they reach one another.
pub const CF645A: Judge = Judge {
    id: "cf645a",
    site: "Codeforces",
    number: "645A",
    command: "cf645a",
    boards: 2,
    goal: Goal::EachCase,
    shape: Shape {
        width: 2,
        height: 2,
    },
    layout: Layout::Characters(Glyphs::Characters {
        letters: true,
        blank: b'X',
    }),
    ..SGU139
};

/// Kattis npuzzle (COCI 2006/07): 4 rows of 4 characters, `A`–`O` and the blank `.`; the
/// scatter, the sum of the letters' Manhattan distances from `ABCD/EFGH/IJKL/MNO.`.
pub const KATTIS_NPUZZLE: Judge = Judge {
    id: "kattis-npuzzle",
    site: "Kattis",
    number: "npuzzle",
    command: "kattis-npuzzle",
    answer: Answer::Scatter,
    layout: Layout::Characters(Glyphs::Characters {
        letters: true,
        blank: b'.',
    }),
    ..SGU139
};

/// POJ 2893 M × N Puzzle: cases of `M N` and M rows of N numbers, up to 999×999, ended by
/// `0 0`; `YES` if the board reaches the goal, by parity.
pub const POJ2893: Judge = Judge {
    id: "poj2893",
    site: "POJ",
    number: "2893",
    command: "poj2893",
    framing: Framing::Sized { both: true },
    ..SGU139
};

/// HDU 3600 Simple Puzzle: cases of `N` and N rows of N numbers, up to 300×300, ended by `0`;
/// `YES` if the board reaches the goal, by parity.
pub const HDU3600: Judge = Judge {
    id: "hdu3600",
    site: "HDU",
    number: "3600",
    command: "hdu3600",
    framing: Framing::Sized { both: false },
    ..SGU139
};

/// POJ 3240 Solution to the n²−1 Puzzle: the side n (up to 10), then n² numbers; any path of
/// the blank in capitals that reaches the goal, or `No Answer!`: optimal up to 4×4, `--fast`'s
/// beyond.
pub const POJ3240: Judge = Judge {
    id: "poj3240",
    site: "POJ",
    number: "3240",
    command: "poj3240",
    spelling: Spelling {
        capitals: true,
        no_path: "No Answer!",
        ..PLAIN
    },
    fast_above: Some(16),
    answer: Answer::Path,
    files: false,
    ..ALGS4
};

/// HackerRank N Puzzle: the side k (3 to 5), then k² lines of one number; the goal is the blank
/// first and the tiles in order (`0 1 2 …`); the number of moves M, then M lines of `UP`,
/// `DOWN`, `LEFT` or `RIGHT`: optimal up to 4×4, `--fast`'s beyond.
pub const HACKERRANK_NPUZZLE: Judge = Judge {
    id: "hackerrank-npuzzle",
    site: "HackerRank",
    number: "N Puzzle",
    command: "hackerrank-npuzzle",
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
