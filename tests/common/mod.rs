//! What the CLI tests share: the built binary, ready to run.

use assert_cmd::Command;

/// The variables of the user's shell that change what eight does (the cache folder, colour):
/// every run a test makes goes without them, so that the tests pass whatever the shell holds.
const SHELL: [&str; 3] = ["EIGHT_CACHE_DIR", "NO_COLOR", "COLUMNS"];

/// The `eight` binary that cargo built for the tests, with its cache folder (the 15-puzzle's
/// pattern databases) in the build's own folder rather than the user's.
#[allow(dead_code)]
pub fn eight() -> Command {
    let mut command = bare();
    command.env("XDG_CACHE_HOME", test_cache());
    command
}

/// The built binary, with none of the shell's variables that change what eight does, and the
/// cache left to the test.
#[allow(dead_code)]
pub fn bare() -> Command {
    let mut command = Command::cargo_bin("eight").expect("the binary is built");
    for variable in SHELL {
        command.env_remove(variable);
    }
    command
}

/// `program` (the built binary's path, or a shell that runs it), as [`bare`] runs it, for a
/// test that needs the standard library's `Command` (its own pipes, signals).
#[allow(dead_code)]
pub fn process(program: impl AsRef<std::ffi::OsStr>) -> std::process::Command {
    let mut command = std::process::Command::new(program);
    for variable in SHELL {
        command.env_remove(variable);
    }
    command
}

/// The cache folder every test run of the binary shares.
#[allow(dead_code)]
pub fn test_cache() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache")
}

/// The names in `folder`, sorted.
#[allow(dead_code)]
pub fn names(folder: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .expect("a folder")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Says on the terminal that `test` did not run and why, past the test harness's capture (it
/// captures `eprintln!` of passing tests, so a skip would otherwise go unseen).
#[allow(dead_code)]
pub fn skipped(test: &str, why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "note: {test} skipped: {why}");
}

/// Says that `test`, which needs an engine `.ci/run` installs (Slurm, sshd, a validator), did
/// not run and why; a failure where `EIGHT_TEST_ENGINES=required` (CI), where it must run.
#[allow(dead_code)]
pub fn engine_missing(test: &str, why: &str) {
    assert!(
        std::env::var("EIGHT_TEST_ENGINES").as_deref() != Ok("required"),
        "{test} must run here (EIGHT_TEST_ENGINES=required): {why}"
    );
    skipped(test, why);
}

/// Whether this process ignores SIGINT (`/proc/self/status`'s `SigIgn`), as a shell leaves a
/// job it started in the background (`cargo test &`): the programs a test starts inherit that,
/// so Ctrl-C cannot reach one that keeps the default action.
#[allow(dead_code)]
pub fn sigint_ignored() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let mask = status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .unwrap_or(0);
    // SIGINT is signal 2: bit 1
    mask & (1 << 1) != 0
}

/// The standard output of `eight ARGS`, which must succeed: one process's answer, to hold a
/// spread search's against.
#[allow(dead_code)]
pub fn answer_of(args: &[&str]) -> String {
    let output = eight().args(args).output().expect("runs");
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// `eight ARGS` with `input` on standard input: its standard output, standard error and exit
/// code.
#[allow(dead_code)]
pub fn run(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let output = eight()
        .args(args)
        .write_stdin(input.to_string())
        .output()
        .expect("runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// Whether `cells` reach `home` (boards of `width` columns, at least 2×2, `0` the blank), by
/// cycles: the permutation taking one to the other is even exactly when the blank's row and
/// column distance between them is. The tests' own parity, beside the library's inversions.
#[allow(dead_code)]
pub fn reaches_by_cycles(width: usize, cells: &[u32], home: &[u32]) -> bool {
    let mut place = vec![0; cells.len()];
    for (at, &value) in home.iter().enumerate() {
        place[value as usize] = at;
    }
    let mut seen = vec![false; cells.len()];
    let mut cycles = 0;
    for first in 0..cells.len() {
        if !seen[first] {
            cycles += 1;
            let mut cell = first;
            while !seen[cell] {
                seen[cell] = true;
                cell = place[cells[cell] as usize];
            }
        }
    }
    let a = cells.iter().position(|&v| v == 0).expect("a blank");
    let b = place[0];
    let blank = (a / width).abs_diff(b / width) + (a % width).abs_diff(b % width);
    (cells.len() - cycles) % 2 == blank % 2
}

/// Whether `start` reaches `goal`, by [`reaches_by_cycles`].
#[allow(dead_code)]
pub fn boards_reach_by_cycles(start: &eight::Board, goal: &eight::Board) -> bool {
    let wide = |board: &eight::Board| {
        board
            .cells()
            .iter()
            .map(|&c| u32::from(c))
            .collect::<Vec<_>>()
    };
    let width = usize::from(start.shape().width);
    reaches_by_cycles(width, &wide(start), &wide(goal))
}

/// Debian's headless Chromium with no network and a profile of its own in `profile`, if it is
/// installed.
#[allow(dead_code)]
pub fn chromium(profile: &std::path::Path) -> Option<std::process::Command> {
    use std::process::Command;
    Command::new("chromium").arg("--version").output().ok()?;
    let mut command = Command::new("chromium");
    command.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // every host name fails and no proxy is tried: a page that fetched would show it
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--proxy-server=127.0.0.1:9",
    ]);
    command.arg(format!("--user-data-dir={}", profile.display()));
    Some(command)
}

/// The record of one unit, `--part 1/1` at `bound`, of a 4x4 board one move from its goal.
#[allow(dead_code)]
pub fn one_move_unit(bound: u32) -> serde_json::Value {
    let (out, err, code) = run(
        &[
            "path",
            "--size",
            "4x4",
            "--algo",
            "conflicts",
            "--part",
            "1/1",
            "--bound",
            &bound.to_string(),
            "--json",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(out.trim()).expect("a record")
}
