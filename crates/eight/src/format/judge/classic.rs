//! The judges of the contract's two tables (`SPEC.md`): the three first commands' (Luogu P1379,
//! HOJ 10466, POJ 1077 and HDU 1043), then HDU 3567, LightOJ 1121, UVa 10181, LeetCode 773 and
//! Princeton's algs4.

use super::*;

/// Luogu P1379: one board, usually 9 digits; the minimum number of moves to `123804765`.
pub const P1379: Judge = Judge {
    id: "p1379",
    sample: sample!("p1379"),
    site: "Luogu",
    number: "P1379",
    command: "steps",
    help: Help {
        summary: "The minimum number of moves to the goal, -1 when unreachable",
        cases: "A case is one board, usually 9 digits with 0 for the blank (`283104765`); any \
        layout of cells, rows of 3 and boards of 9 separated by whitespace is read. One \
        answer line per case.",
        examples: "\
Examples:
  eight steps 283104765                      prints 4
  echo 283104765 | eight p1379               the same, read as the judge does
  eight steps --goal 12345678x 867254301     prints 31",
    },
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
    limits: None,
};

/// HOJ 10466: a start and then its goal, 9 numbers on a line each; the minimum number of moves.
pub const HOJ10466: Judge = Judge {
    id: "hoj10466",
    sample: sample!("hoj10466"),
    site: "HOJ",
    number: "10466",
    command: "pair",
    help: Help {
        summary: "The minimum number of moves from a start to its goal, -1 when unreachable",
        cases: "A case is two boards, the start then the goal, usually 9 numbers on a line each \
        (`2 8 3 1 0 4 7 6 5`). One answer line per case: 0 when they are equal.",
        examples: "\
Examples:
  eight pair 283104765 123804765             prints 4
  printf '2 8 3 1 0 4 7 6 5\\n1 2 3 8 0 4 7 6 5\\n' | eight hoj10466",
    },
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
    limits: None,
};

/// POJ 1077: one board in x-notation; the canonical path to `12345678x`.
pub const POJ1077: Judge = Judge {
    id: "poj1077",
    sample: sample!("poj1077"),
    site: "POJ",
    number: "1077",
    command: "path",
    help: Help {
        summary: "The canonical path of the blank to the goal",
        cases: "A case is one board in x-notation (`2 3 4 1 5 x 7 6 8`). The answer is the \
        lexicographically smallest shortest path in the order d < l < r < u, an empty line \
        when already solved, or `unsolvable`.",
        examples: "\
Examples:
  echo '2 3 4 1 5 x 7 6 8' | eight path      prints dlurullddrurdllurdr
  eight path --goal 123x46758 12345678x      prints lul",
    },
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
    limits: None,
};

/// HDU 1043: POJ 1077's problem with many cases.
pub const HDU1043: Judge = Judge {
    id: "hdu1043",
    sample: sample!("hdu1043"),
    site: "HDU",
    number: "1043",
    // Time Limit: 10000/5000 MS (Java/Others), Memory Limit: 65536/32768 K (Java/Others)
    limits: Some(Stated {
        cpu_ms: 5000,
        memory_mib: 32,
    }),
    ..POJ1077
};

/// HDU 3567 Eight II: T cases of a start and its goal, `12X453786`; `Case k: d`, then the
/// canonical path.
pub const HDU3567: Judge = Judge {
    id: "hdu3567",
    sample: sample!("hdu3567"),
    site: "HDU",
    number: "3567",
    command: "hdu3567",
    help: Help {
        summary: "`Case k: d` and the canonical path from each start to its goal",
        cases: "The input opens with the number of cases T; a case is two boards, the start then \
        the goal, usually 9 cells glued with X for the blank (`12X453786`). The answer is \
        `Case k: d` and the canonical path on the next line (empty when d = 0).",
        examples: "\
Examples:
  printf '2\\n12X453786\\n12345678X\\n564178X23\\n7568X4123\\n' | eight hdu3567",
    },
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
    limits: None,
};

/// LightOJ 1121 15-Puzzle: T boards of 4 rows of 4 numbers; `Case k: ` and the canonical path in
/// capitals, if it has at most 35 moves.
pub const LIGHTOJ1121: Judge = Judge {
    id: "lightoj1121",
    sample: sample!("lightoj1121"),
    site: "LightOJ",
    number: "1121",
    command: "lightoj1121",
    help: Help {
        summary: "`Case k: ` and the canonical path in capitals, if at most 35 moves",
        cases:
            "The input opens with the number of cases T; a case is a 4×4 board, 16 numbers in 4 \
        rows with 0 for the blank, maybe after a blank line. The answer is `Case k: ` and \
        the canonical path in capitals (D < L < R < U), or `This puzzle is not solvable.` \
        when the goal is unreachable or more than 35 moves away.",
        examples: "\
Examples:
  printf '1\\n\\n2 3 4 0\\n1 5 7 8\\n9 6 10 12\\n13 14 11 15\\n' | eight lightoj1121",
    },
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
    limits: None,
};

/// UVa 10181 15-Puzzle Problem: N boards of 4 rows of 4 numbers; the blank's moves in capitals.
pub const UVA10181: Judge = Judge {
    id: "uva10181",
    sample: sample!("uva10181"),
    site: "UVa",
    number: "10181",
    command: "uva10181",
    help: Help {
        summary: "The canonical path in capitals, if at most 50 moves",
        cases:
            "The input opens with the number of boards N; a case is a 4×4 board, 16 numbers in 4 \
        rows with 0 for the blank. The answer is the canonical path in capitals (the judge \
        takes any legal path of at most 50 moves), or `This puzzle is not solvable.`",
        examples: "\
Examples:
  printf '1\\n2 3 4 0\\n1 5 7 8\\n9 6 10 12\\n13 14 11 15\\n' | eight uva10181",
    },
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
    sample: sample!("leetcode773"),
    site: "LeetCode",
    number: "773",
    command: "leetcode773",
    help: Help {
        summary: "The minimum number of moves on a 2×3 board, -1 when unreachable",
        cases: "A case is a 2×3 board as LeetCode shows it (`[[1,2,3],[4,0,5]]`, spaces allowed) \
        or 6 plain numbers; the goal is [[1,2,3],[4,5,0]].",
        examples: "\
Examples:
  eight leetcode773 '[[4,1,2],[5,0,3]]'      prints 5",
    },
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
    limits: None,
};

/// Princeton's 8puzzle assignment (algs4): files of the side n, then n rows; the minimum number
/// of moves, as its checker prints it.
pub const ALGS4: Judge = Judge {
    id: "algs4",
    sample: None,
    site: "Princeton",
    number: "algs4 8puzzle",
    command: "algs4",
    help: Help {
        summary: "`FILE: N`, the minimum number of moves of each algs4 puzzle file",
        cases:
            "A FILE holds the side n, then n rows of n numbers with 0 for the blank, any n from 2; \
        the goal is the tiles in order, the blank last. With FILE arguments, each is \
        answered `FILE: N` as the course's checker prints it (-1 when unsolvable); from \
        standard input, `N` a board.",
        examples: "\
Examples:
  eight algs4 puzzle04.txt                   prints puzzle04.txt: 4
  printf '2\\n1 2\\n0 3\\n' | eight algs4      prints 1",
    },
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
    limits: None,
};
