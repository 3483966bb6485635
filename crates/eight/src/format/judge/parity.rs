//! The judges answered without a search: by the parity of the board (SGU 139, HDU 6620,
//! Codeforces 645A, POJ 2893, HDU 3600) or by its scatter (Kattis npuzzle).

use super::*;

/// SGU 139 Help Needed!: a board of 4 rows of 4 numbers; `YES` if it reaches the goal.
pub const SGU139: Judge = Judge {
    id: "sgu139",
    sample: sample!("sgu139"),
    site: "SGU",
    number: "139",
    command: "sgu139",
    help: Help {
        summary: "`YES` if the board reaches 1-15 and the blank last, else `NO`",
        cases: "A case is a board of 4 rows of 4 numbers, 0 the blank. It is decided by parity \
        (the permutation's and the blank's row), never by a search.",
        examples: "\
Examples:
  printf '1 2 3 4\\n5 6 7 8\\n9 10 11 0\\n13 14 15 12\\n' | eight sgu139   prints YES",
    },
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
    sample: sample!("hdu6620"),
    site: "HDU",
    number: "6620",
    command: "hdu6620",
    help: Help {
        summary: "`Yes` if the goal is within 120 moves, else `No`",
        cases: "The input opens with the number of cases T; each case is a board of 4 rows of 4 \
        numbers, 0 the blank. Every solvable 4x4 board is within 80 moves of the goal, so each \
        case is decided by parity, never by a search.",
        examples: "\
Examples:
  printf '1\\n1 2 3 4\\n5 6 7 8\\n9 10 0 12\\n13 14 11 15\\n' | eight hdu6620   prints Yes",
    },
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
    sample: sample!("cf645a"),
    site: "Codeforces",
    number: "645A",
    command: "cf645a",
    help: Help {
        summary: "`YES` if the two puzzles can reach one configuration, else `NO`",
        cases: "A case is two 2x2 grids of `A`, `B`, `C` and the blank `X`, two lines each \
        (`AB` then `XC`). They reach a common configuration exactly when one reaches the other, \
        decided by parity.",
        examples: "\
Examples:
  printf 'AB\\nXC\\nXB\\nAC\\n' | eight cf645a           prints YES",
    },
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
    sample: sample!("kattis-npuzzle"),
    site: "Kattis",
    number: "npuzzle",
    command: "kattis-npuzzle",
    help: Help {
        summary: "The scatter: the sum of the letters' Manhattan distances from their cells",
        cases: "A case is 4 rows of 4 characters, the letters `A`-`O` and the blank `.`; the goal \
        is ABCD/EFGH/IJKL/MNO. and the blank does not count. Any arrangement is read, \
        solvable or not; nothing is searched.",
        examples: "\
Examples:
  printf 'ABCD\\nEFGH\\nIJKL\\nM.NO\\n' | eight kattis-npuzzle   prints 2",
    },
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
    sample: sample!("poj2893"),
    site: "POJ",
    number: "2893",
    command: "poj2893",
    help: Help {
        summary: "`YES` if the board reaches 1, 2, ... and the blank last, else `NO`",
        cases: "Each case is `M N` on a line, then M rows of N numbers, 0 the blank (2 <= M, N <= \
        999 in the statement; 1 to 1000 read); `0 0` ends the input. Boards of any size are read \
        as grids and decided by parity (inversions counted in O(n log n)), never by a search.",
        examples: "\
Examples:
  printf '3 3\\n1 0 3\\n4 2 5\\n7 8 6\\n0 0\\n' | eight poj2893   prints YES",
    },
    framing: Framing::Sized { both: true },
    ..SGU139
};

/// HDU 3600 Simple Puzzle: cases of `N` and N rows of N numbers, up to 300×300, ended by `0`;
/// `YES` if the board reaches the goal, by parity.
pub const HDU3600: Judge = Judge {
    id: "hdu3600",
    sample: sample!("hdu3600"),
    site: "HDU",
    number: "3600",
    command: "hdu3600",
    help: Help {
        summary: "`YES` if the board reaches 1, 2, ... and the blank last, else `NO`",
        cases: "Each case is N on a line, then N rows of N numbers, 0 the blank (N <= 300 in the \
        statement; up to 1000 read); `0` ends the input. Decided by parity, never by a search.",
        examples: "\
Examples:
  printf '2\\n2 1\\n3 0\\n0\\n' | eight hdu3600            prints NO",
    },
    framing: Framing::Sized { both: false },
    ..SGU139
};
