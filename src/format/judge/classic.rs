//! The judges of the contract's two tables (`SPEC.md`): the three first commands' (Luogu P1379,
//! HOJ 10466, POJ 1077 and HDU 1043), then HDU 3567, LightOJ 1121, UVa 10181, LeetCode 773 and
//! Princeton's algs4.

use super::*;

/// Luogu P1379: one board, usually 9 digits; the minimum number of moves to `123804765`.
pub const P1379: Judge = Judge {
    id: "p1379",
    site: "Luogu",
    number: "P1379",
    command: "steps",
    boards: 1,
    goal: goal([1, 2, 3, 8, 0, 4, 7, 6, 5]),
    shape: Shape::SQUARE3,
    framing: Framing::Lines,
    answer: Answer::Count,
    spelling: PLAIN,
    layout: Layout::Glued,
    reachable_only: true,
    most_moves: None,
    fast_above: None,
    files: false,
};

/// HOJ 10466: a start and then its goal, 9 numbers on a line each; the minimum number of moves.
pub const HOJ10466: Judge = Judge {
    id: "hoj10466",
    site: "HOJ",
    number: "10466",
    command: "pair",
    boards: 2,
    goal: Goal::EachCase,
    shape: Shape::SQUARE3,
    framing: Framing::Lines,
    answer: Answer::Count,
    spelling: PLAIN,
    layout: Layout::Spaced,
    reachable_only: false,
    most_moves: None,
    fast_above: None,
    files: false,
};

/// POJ 1077: one board in x-notation; the canonical path to `12345678x`.
pub const POJ1077: Judge = Judge {
    id: "poj1077",
    site: "POJ",
    number: "1077",
    command: "path",
    boards: 1,
    goal: goal([1, 2, 3, 4, 5, 6, 7, 8, 0]),
    shape: Shape::SQUARE3,
    framing: Framing::Lines,
    answer: Answer::Path,
    spelling: PLAIN,
    layout: Layout::XNotation,
    reachable_only: false,
    most_moves: None,
    fast_above: None,
    files: false,
};

/// HDU 1043: POJ 1077's problem with many cases.
pub const HDU1043: Judge = Judge {
    id: "hdu1043",
    site: "HDU",
    number: "1043",
    ..POJ1077
};

/// HDU 3567 Eight II: T cases of a start and its goal, `12X453786`; `Case k: d`, then the
/// canonical path.
pub const HDU3567: Judge = Judge {
    id: "hdu3567",
    site: "HDU",
    number: "3567",
    command: "hdu3567",
    boards: 2,
    goal: Goal::EachCase,
    shape: Shape::SQUARE3,
    framing: Framing::Counted,
    answer: Answer::CountThenPath,
    spelling: Spelling {
        numbered: true,
        canonical_only: true,
        ..PLAIN
    },
    layout: Layout::XGlued,
    reachable_only: true,
    most_moves: None,
    fast_above: None,
    files: false,
};

/// LightOJ 1121 15-Puzzle: T boards of 4 rows of 4 numbers; `Case k: ` and the canonical path in
/// capitals, if it has at most 35 moves.
pub const LIGHTOJ1121: Judge = Judge {
    id: "lightoj1121",
    site: "LightOJ",
    number: "1121",
    command: "lightoj1121",
    boards: 1,
    goal: Goal::Ordered,
    shape: Shape::SQUARE4,
    framing: Framing::CountedBlank,
    answer: Answer::Path,
    spelling: Spelling {
        numbered: true,
        capitals: true,
        no_path: NOT_SOLVABLE,
        no_count: NO_COUNT,
        limit: Some(35),
        canonical_only: true,
        shortest: false,
        separated: false,
    },
    layout: Layout::Rows,
    reachable_only: false,
    most_moves: None,
    fast_above: None,
    files: false,
};

/// UVa 10181 15-Puzzle Problem: N boards of 4 rows of 4 numbers; the blank's moves in capitals.
pub const UVA10181: Judge = Judge {
    id: "uva10181",
    site: "UVa",
    number: "10181",
    command: "uva10181",
    spelling: Spelling {
        numbered: false,
        canonical_only: false,
        limit: Some(50),
        ..LIGHTOJ1121.spelling
    },
    framing: Framing::Counted,
    ..LIGHTOJ1121
};

/// LeetCode 773 Sliding Puzzle: a 2×3 board as LeetCode shows it; the minimum number of moves.
pub const LEETCODE773: Judge = Judge {
    id: "leetcode773",
    site: "LeetCode",
    number: "773",
    command: "leetcode773",
    boards: 1,
    goal: Goal::Ordered,
    shape: Shape {
        width: 3,
        height: 2,
    },
    framing: Framing::Lists,
    answer: Answer::Count,
    spelling: PLAIN,
    layout: Layout::Lists,
    reachable_only: false,
    most_moves: None,
    fast_above: None,
    files: false,
};

/// Princeton's 8puzzle assignment (algs4): files of the side n, then n rows; the minimum number
/// of moves, as its checker prints it.
pub const ALGS4: Judge = Judge {
    id: "algs4",
    site: "Princeton",
    number: "algs4 8puzzle",
    command: "algs4",
    boards: 1,
    goal: Goal::Ordered,
    shape: Shape::SQUARE3,
    framing: Framing::Sided,
    answer: Answer::Count,
    spelling: PLAIN,
    layout: Layout::Sided,
    reachable_only: false,
    most_moves: None,
    fast_above: None,
    files: true,
};
