//! The commands' words for their `--help`: for each solving command, what it prints, what a case
//! looks like, and examples; for the others, their examples. The judges themselves are
//! described in `eight::format::judge`; their help text is the command line's, here, a help per
//! command (judges of one format share one).

/// A command's `--help` text.
pub(super) struct Help {
    /// What the command prints, a line.
    pub(super) summary: &'static str,
    /// What a case looks like, a paragraph.
    pub(super) cases: &'static str,
    /// Examples.
    pub(super) examples: &'static str,
}

/// Every solving command's help, by the command's name.
const HELP: [(&str, Help); 23] = [
    (
        "steps",
        Help {
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
    ),
    (
        "pair",
        Help {
            summary: "The minimum number of moves from a start to its goal, -1 when unreachable",
            cases: "A case is two boards, the start then the goal, usually 9 numbers on a line each \
            (`2 8 3 1 0 4 7 6 5`). One answer line per case: 0 when they are equal.",
            examples: "\
Examples:
  eight pair 283104765 123804765             prints 4
  printf '2 8 3 1 0 4 7 6 5\\n1 2 3 8 0 4 7 6 5\\n' | eight hoj10466",
        },
    ),
    (
        "path",
        Help {
            summary: "The canonical path of the blank to the goal",
            cases: "A case is one board in x-notation (`2 3 4 1 5 x 7 6 8`). The answer is the \
            lexicographically smallest shortest path in the order d < l < r < u, an empty line \
            when already solved, or `unsolvable`.",
            examples: "\
Examples:
  echo '2 3 4 1 5 x 7 6 8' | eight path      prints dlurullddrurdllurdr
  eight path --goal 123x46758 12345678x      prints lul",
        },
    ),
    (
        "hdu3567",
        Help {
            summary: "`Case k: d` and the canonical path from each start to its goal",
            cases: "The input opens with the number of cases T; a case is two boards, the start then \
            the goal, usually 9 cells glued with X for the blank (`12X453786`). The answer is \
            `Case k: d` and the canonical path on the next line (empty when d = 0).",
            examples: "\
Examples:
  printf '2\\n12X453786\\n12345678X\\n564178X23\\n7568X4123\\n' | eight hdu3567",
        },
    ),
    (
        "lightoj1121",
        Help {
            summary: "`Case k: ` and the canonical path in capitals, if at most 35 moves",
            cases: "The input opens with the number of cases T; a case is a 4×4 board, 16 numbers in 4 \
            rows with 0 for the blank, maybe after a blank line. The answer is `Case k: ` and \
            the canonical path in capitals (D < L < R < U), or `This puzzle is not solvable.` \
            when the goal is unreachable or more than 35 moves away.",
            examples: "\
Examples:
  printf '1\\n\\n2 3 4 0\\n1 5 7 8\\n9 6 10 12\\n13 14 11 15\\n' | eight lightoj1121",
        },
    ),
    (
        "uva10181",
        Help {
            summary: "The canonical path in capitals, if at most 50 moves",
            cases: "The input opens with the number of boards N; a case is a 4×4 board, 16 numbers in 4 \
            rows with 0 for the blank. The answer is the canonical path in capitals (the judge \
            takes any legal path of at most 50 moves), or `This puzzle is not solvable.`",
            examples: "\
Examples:
  printf '1\\n2 3 4 0\\n1 5 7 8\\n9 6 10 12\\n13 14 11 15\\n' | eight uva10181",
        },
    ),
    (
        "leetcode773",
        Help {
            summary: "The minimum number of moves on a 2×3 board, -1 when unreachable",
            cases: "A case is a 2×3 board as LeetCode shows it (`[[1,2,3],[4,0,5]]`, spaces allowed) \
            or 6 plain numbers; the goal is [[1,2,3],[4,5,0]].",
            examples: "\
Examples:
  eight leetcode773 '[[4,1,2],[5,0,3]]'      prints 5",
        },
    ),
    (
        "algs4",
        Help {
            summary: "`FILE: N`, the minimum number of moves of each algs4 puzzle file",
            cases: "A FILE holds the side n, then n rows of n numbers with 0 for the blank, any n from 2; \
            the goal is the tiles in order, the blank last. With FILE arguments, each is \
            answered `FILE: N` as the course's checker prints it (-1 when unsolvable); from \
            standard input, `N` a board.",
            examples: "\
Examples:
  eight algs4 puzzle04.txt                   prints puzzle04.txt: 4
  printf '2\\n1 2\\n0 3\\n' | eight algs4      prints 1",
        },
    ),
    (
        "acwing845",
        Help {
            summary: "The minimum number of moves to 12345678x, -1 when unreachable",
            cases: "A case is one board in x-notation, 9 cells separated by spaces (`2 3 4 1 5 x 7 6 \
            8`); any layout of cells, rows of 3 and boards of 9 is read. One answer line per case.",
            examples: "\
Examples:
  eight acwing845 '2 3 4 1 5 x 7 6 8'        prints 19",
        },
    ),
    (
        "boj1525",
        Help {
            summary: "The minimum number of moves to 123456780, -1 when unreachable",
            cases: "A case is a board of 3 rows of 3 numbers with 0 for the blank, a row a line; any \
            layout of cells, rows of 3 and boards of 9 is read. One answer line per case (AOJ \
            ALDS1_13_B promises a solvable board).",
            examples: "\
Examples:
  printf '1 0 3\\n4 2 5\\n7 8 6\\n' | eight boj1525  prints 3",
        },
    ),
    (
        "lightoj1139",
        Help {
            summary: "`Case k: d`, the minimum number of moves to 123456780, or `impossible`",
            cases: "The input opens with the number of cases T; a case is a blank line and a board of 3 \
            rows of 3 numbers with 0 for the blank. The answer is `Case k: d`, or `Case k: \
            impossible` when the goal is unreachable.",
            examples: "\
Examples:
  printf '1\\n\\n1 2 3\\n4 5 6\\n7 0 8\\n' | eight lightoj1139   prints Case 1: 1",
        },
    ),
    (
        "uva652",
        Help {
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
    ),
    (
        "uva10085",
        Help {
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
    ),
    (
        "boj11112",
        Help {
            summary: "The minimum number of moves to 12345678#, or `impossible`",
            cases: "The input opens with the number of cases n; each case is a blank line and a board \
            of 3 rows of 3 glued characters, `#` the blank (`4#5`). One answer line per case.",
            examples: "\
Examples:
  printf '1\\n\\n123\\n4#5\\n786\\n' | eight boj11112   prints 2",
        },
    ),
    (
        "aoj-15puzzle",
        Help {
            summary: "The fewest moves to 1-15 and the blank last",
            cases: "A case is a board of 4 rows of 4 numbers, 0 the blank, a row a line; the judge \
            promises at most 45 moves, and `gen` keeps to it. Any layout of cells, rows of 4 and \
            boards of 16 is read. One answer line per case.",
            examples: "\
Examples:
  printf '1 2 3 4\\n6 7 8 0\\n5 10 11 12\\n9 13 14 15\\n' | eight aoj-15puzzle   prints 8",
        },
    ),
    (
        "sgu139",
        Help {
            summary: "`YES` if the board reaches 1-15 and the blank last, else `NO`",
            cases: "A case is a board of 4 rows of 4 numbers, 0 the blank. It is decided by parity \
            (the permutation's and the blank's row), never by a search.",
            examples: "\
Examples:
  printf '1 2 3 4\\n5 6 7 8\\n9 10 11 0\\n13 14 15 12\\n' | eight sgu139   prints YES",
        },
    ),
    (
        "hdu6620",
        Help {
            summary: "`Yes` if the goal is within 120 moves, else `No`",
            cases: "The input opens with the number of cases T; each case is a board of 4 rows of 4 \
            numbers, 0 the blank. Every solvable 4x4 board is within 80 moves of the goal, so each \
            case is decided by parity, never by a search.",
            examples: "\
Examples:
  printf '1\\n1 2 3 4\\n5 6 7 8\\n9 10 0 12\\n13 14 11 15\\n' | eight hdu6620   prints Yes",
        },
    ),
    (
        "cf645a",
        Help {
            summary: "`YES` if the two puzzles can reach one configuration, else `NO`",
            cases: "A case is two 2x2 grids of `A`, `B`, `C` and the blank `X`, two lines each \
            (`AB` then `XC`). They reach a common configuration exactly when one reaches the other, \
            decided by parity.",
            examples: "\
Examples:
  printf 'AB\\nXC\\nXB\\nAC\\n' | eight cf645a           prints YES",
        },
    ),
    (
        "kattis-npuzzle",
        Help {
            summary: "The scatter: the sum of the letters' Manhattan distances from their cells",
            cases: "A case is 4 rows of 4 characters, the letters `A`-`O` and the blank `.`; the goal \
            is ABCD/EFGH/IJKL/MNO. and the blank does not count. Any arrangement is read, \
            solvable or not; nothing is searched.",
            examples: "\
Examples:
  printf 'ABCD\\nEFGH\\nIJKL\\nM.NO\\n' | eight kattis-npuzzle   prints 2",
        },
    ),
    (
        "poj2893",
        Help {
            summary: "`YES` if the board reaches 1, 2, ... and the blank last, else `NO`",
            cases: "Each case is `M N` on a line, then M rows of N numbers, 0 the blank (2 <= M, N <= \
            999 in the statement; 1 to 1000 read); `0 0` ends the input. Boards of any size are read \
            as grids and decided by parity (inversions counted in O(n log n)), never by a search.",
            examples: "\
Examples:
  printf '3 3\\n1 0 3\\n4 2 5\\n7 8 6\\n0 0\\n' | eight poj2893   prints YES",
        },
    ),
    (
        "hdu3600",
        Help {
            summary: "`YES` if the board reaches 1, 2, ... and the blank last, else `NO`",
            cases: "Each case is N on a line, then N rows of N numbers, 0 the blank (N <= 300 in the \
            statement; up to 1000 read); `0` ends the input. Decided by parity, never by a search.",
            examples: "\
Examples:
  printf '2\\n2 1\\n3 0\\n0\\n' | eight hdu3600            prints NO",
        },
    ),
    (
        "poj3240",
        Help {
            summary: "A path of the blank in capitals to 1, 2, ... and the blank last, or `No Answer!`",
            cases: "A case is the side n (2 to 10; up to 16 read) on a line, then n rows of n numbers, \
            0 the blank. The judge takes any path that reaches the goal: up to 4x4 eight prints the \
            canonical shortest one (D < L < R < U), beyond it `--fast`'s path, at once and not \
            known to be the shortest; `No Answer!` when the goal is unreachable.",
            examples: "\
Examples:
  printf '2\\n3 1\\n2 0\\n' | eight poj3240                prints LURD",
        },
    ),
    (
        "hackerrank-npuzzle",
        Help {
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
    ),
];

/// The help of the solving command `command`.
pub(super) fn of(command: &str) -> &'static Help {
    HELP.iter()
        .find(|(name, _)| *name == command)
        .map(|(_, help)| help)
        .expect("every solving command has its help (a test checks it)")
}

/// A command's examples, then where its 4×4 searches keep their databases.
macro_rules! with_cache {
    ($examples:literal) => {
        concat!(
            $examples,
            "\n\nOn 4x4 boards the optimal search reads pattern databases from the cache folder \
             ($EIGHT_CACHE_DIR, else ~/.cache/eight), building them there the first time: see \
             `eight cache`."
        )
    };
}

pub(super) const SHOW_EXAMPLES: &str = with_cache!(
    "\
Examples:
  eight show 1234567x8                       one move: r
  eight show '2 3 4 1 5 x 7 6 8' --color never
  eight show 283104765 --goal 123804765 --json"
);

pub(super) const HISTOGRAM_EXAMPLES: &str = "\
Examples:
  eight histogram                            181440 boards, at most 31 moves
  eight histogram --goal 123804765 --json";

pub(super) const CACHE_EXAMPLES: &str = "\
Examples:
  eight cache                                the folder and its files
  eight cache build 7-8                      the 7-8 databases now (minutes, once)
  EIGHT_CACHE_DIR=/data/eight eight cache    another folder
  eight cache clear";

pub(super) const PLAY_EXAMPLES: &str = with_cache!(
    "\
Examples:
  eight play                                 a random board
  eight play 283104765 --goal 123804765      Luogu P1379's sample
  eight play --size 2x3 --seed 7             a random LeetCode 773 board, the same each time"
);

pub(super) const MERGE_EXAMPLES: &str = "\
Examples:
  eight path --size 5x5 --goal \"$(seq -s' ' 0 24)\" --part 3/8 --bound 80 --json BOARD > 3.json
                                             one unit: the third of eight shares at bound 80
  eight merge wave-80/*.json                 the answer, or the next bound (exit 1)
  scripts/cluster/parallel.sh BOARD          every wave, with GNU parallel (the guide's chapter Many machines)";

pub(super) const MAN_EXAMPLES: &str = "\
Examples:
  eight man | man -l -                       read it now
  eight man steps | man -l -                 the page of eight-steps(1)
  eight man > ~/.local/share/man/man1/eight.1";

pub(super) const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  eight completions bash > ~/.local/share/bash-completion/completions/eight
  eight completions zsh > ~/.zfunc/_eight
  eight completions nushell | save -f ~/.config/nushell/eight.nu   (then `use` it)";

pub(super) const JUDGE_EXAMPLES: &str = with_cache!(
    "\
Examples:
  eight judge hdu1043 fixtures/hdu1043 -- ./a.out
  eight judge p1379 tests/ --time-limit 2 -- python3 solve.py
  eight judge hdu1043 fixtures/hdu1043 --optimal -- eight path"
);

pub(super) const CHECK_EXAMPLES: &str = with_cache!(
    "\
Examples:
  eight check hdu1043 case.in mine.out              is mine.out accepted?
  eight check hdu1043 case.in mine.out case.out     the jury's case.out checked too
  oj test -c ./a.out --judge-command 'eight check hdu1043'
                                                    oj's special judge
  mine | eight check hdu1043 case.in -              the output from a pipe"
);

pub(super) const BATCH_EXAMPLES: &str = with_cache!(
    "\
Examples:
  eight batch fixtures/                      check every fixture folder
  eight batch --judge hdu1043 mine/a.in      a file outside a judge's folder
  eight batch --bless fixtures/p1379/new.in  write new.out"
);

pub(super) const GEN_EXAMPLES: &str = with_cache!(
    "\
Examples:
  eight gen hdu1043 -n 5 --seed 7            five cases on standard output
  eight gen p1379 -n 1000 --depth 30 --out deep
                                             deep.in and deep.out, 30 moves each
  eight gen hoj10466 -n 100 --unsolvable 0.25 --min-depth 20 --out pairs"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_its_help_and_no_other() {
        for judge in eight::format::judge::ALL {
            assert!(!of(judge.command).summary.is_empty(), "{}", judge.command);
        }
        let commands = eight::format::judge::ALL.map(|judge| judge.command);
        assert!(HELP.iter().all(|(name, _)| commands.contains(name)));
    }
}
