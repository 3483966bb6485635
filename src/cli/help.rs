//! The examples of the commands that are not a judge's, for their `--help`. A judge's command
//! takes its words (what it prints, what a case looks like, examples) from the judge's
//! description, `eight::format::judge`.

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
  eight cache build detours                  the duplicate-path machines (seconds, once)
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

pub(super) const STRESS_EXAMPLES: &str = "\
Examples:
  eight stress hdu1043 -- ./a.out                      random files until one fails
  eight stress p1379 -n 50 --time 1m -- python3 solve.py
  eight stress leetcode773 --seed 7 -- ./a.out         the same files again";

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
