//! One board's search spread over units: `--part K/N --bound B --json` and `eight merge`, and
//! the recipes of `scripts/cluster` on this machine alone: GNU parallel on its cores, Slurm's
//! through an `sbatch` that runs the array's tasks in turn (quick, and where no Slurm can start).
//! The recipes on real engines, a Slurm cluster and ssh hosts, are `tests/engines.rs`'s.

mod common;

use std::path::Path;

use common::{eight, process};
use serde_json::Value;

/// A 4×4 board 33 moves from the goal (`gen p1379 --size 4x4 --walk 45 --seed 11`), which
/// linear conflicts answer in some 100,000 nodes: no databases to build.
const BOARD: &str = "2 1 3 4 5 12 6 7 14 11 13 15 9 8 0 10";
const SEARCH: [&str; 4] = ["--size", "4x4", "--algo", "conflicts"];

/// The record of unit `part` at `bound` of [`BOARD`]'s `command`.
fn unit(command: &str, part: &str, bound: u32) -> Value {
    let output = eight()
        .arg(command)
        .args(SEARCH)
        .args([
            "--part",
            part,
            "--bound",
            &bound.to_string(),
            "--json",
            BOARD,
        ])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 1, "one record: {text}");
    serde_json::from_str(&text).expect("a JSON record")
}

/// `eight merge` of `records`: its output and exit code.
fn merge(records: &[Value]) -> (String, String, Option<i32>) {
    merge_text(
        &records
            .iter()
            .map(|record| format!("{record}\n"))
            .collect::<String>(),
    )
}

/// `eight merge` of the lines of `text`: its output and exit code.
fn merge_text(text: &str) -> (String, String, Option<i32>) {
    let output = eight()
        .arg("merge")
        .write_stdin(text.to_string())
        .output()
        .expect("runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// The answer of one process.
fn single(command: &str) -> String {
    common::answer_of(&[&[command], &SEARCH[..], &[BOARD]].concat())
}

#[test]
fn waves_of_units_merge_into_the_single_run_s_canonical_path() {
    for (command, parts) in [("path", 3), ("steps", 5)] {
        let mut bound = 0;
        let answer = loop {
            let records: Vec<Value> = (1..=parts)
                .map(|part| unit(command, &format!("{part}/{parts}"), bound))
                .collect();
            for (part, record) in (1..).zip(&records) {
                assert_eq!(record["part"], part);
                assert_eq!(
                    (record["parts"].as_u64(), record["bound"].as_u64()),
                    (Some(parts), Some(u64::from(bound)))
                );
            }
            let (out, err, code) = merge(&records);
            match code {
                Some(0) => break out,
                Some(1) => {
                    let next: u32 = out.trim().parse().expect("the next bound");
                    assert!(next > bound, "{bound} -> {next}");
                    bound = next;
                }
                _ => panic!("{command} at bound {bound}: {err}"),
            }
        };
        assert_eq!(answer, single(command), "{command}");
        assert_eq!(bound, 33, "the last wave's bound is the length");
    }
}

#[test]
fn a_count_s_wave_is_answered_by_any_share_holding_a_path_the_others_unread() {
    let records: Vec<Value> = (1..=6)
        .map(|part| unit("steps", &format!("{part}/6"), 33))
        .collect();
    let holding: Vec<usize> = (0..records.len())
        .filter(|&share| records[share]["path"].is_string())
        .collect();
    assert!(!holding.is_empty(), "a share holds a path");
    for share in holding {
        // the path a share found is a shortest one, replayed by merge
        let (out, err, code) = merge(&records[share..=share]);
        assert_eq!(
            (out.as_str(), code),
            ("33\n", Some(0)),
            "share {share}: {err}"
        );
    }
    // a path's merge still needs every share before the lowest holding one
    let paths: Vec<Value> = (1..=6)
        .map(|part| unit("path", &format!("{part}/6"), 33))
        .collect();
    let lowest = paths.iter().position(|record| record["path"].is_string());
    if let Some(lowest @ 1..) = lowest {
        let (_, _, code) = merge(&paths[lowest..=lowest]);
        assert_eq!(code, Some(2), "the shares before it missing");
    }
}

#[test]
fn a_unit_run_again_writes_the_same_record_its_time_aside() {
    let (mut first, mut again) = (unit("path", "2/4", 33), unit("path", "2/4", 33));
    for record in [&mut first, &mut again] {
        assert!(record["seconds"].as_f64().is_some());
        record["seconds"] = Value::Null;
    }
    assert_eq!(first, again);
    // the lowest share holding a path holds the canonical one: those after it need not run
    let records: Vec<Value> = (1..=4)
        .map(|part| unit("path", &format!("{part}/4"), 33))
        .collect();
    let lowest = records
        .iter()
        .position(|record| record["path"].is_string())
        .expect("a share holds the path");
    let (out, err, code) = merge(&records[..=lowest]);
    assert_eq!((out, code), (single("path"), Some(0)), "{err}");
    if lowest > 0 {
        let (_, err, code) = merge(&records[1..=lowest]);
        assert_eq!(code, Some(2));
        assert!(
            err.contains("no record of share 1 of 4 at bound 33"),
            "{err}"
        );
    }
    let below: Vec<Value> = (1..=4)
        .map(|part| unit("path", &format!("{part}/4"), 31))
        .collect();
    assert!(below
        .iter()
        .all(|record| record["path"].is_null() && record["next_bound"] == 33));
}

#[test]
fn merge_names_a_missing_share_a_stranger_and_a_disagreement() {
    let records: Vec<Value> = (1..=3)
        .map(|part| unit("path", &format!("{part}/3"), 31))
        .collect();
    let (out, err, code) = merge(&records[..2]);
    assert_eq!((out.as_str(), code), ("", Some(2)), "{err}");
    assert!(
        err.contains("no record of share 3 of 3 at bound 31"),
        "{err}"
    );
    // a unit of another bound
    let stranger = unit("path", "3/3", 33);
    let (_, err, code) = merge(&[records[0].clone(), records[1].clone(), stranger]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("stdin:3: a record of") && err.contains("at bound 33"),
        "{err}"
    );
    // the same share twice, once altered
    let mut altered = records[1].clone();
    altered["next_bound"] = Value::from(35);
    let (_, err, code) = merge(&[
        records[0].clone(),
        records[1].clone(),
        altered,
        records[2].clone(),
    ]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("stdin:2 and stdin:3") || err.contains("stdin:3 and stdin:2"),
        "{err}"
    );
    // run twice, alike: one share
    let (out, _, code) = merge(&[
        records[0].clone(),
        records[1].clone(),
        records[1].clone(),
        records[2].clone(),
    ]);
    assert_eq!((out.trim(), code), ("33", Some(1)));
    // a record of more shares than a wave has, as a hostile file may hold: refused, not allocated
    let mut huge = records[0].clone();
    huge["parts"] = Value::from(u32::MAX);
    let (_, err, code) = merge(&[huge]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("4294967295 shares: a wave has 1 to 1000000"),
        "{err}"
    );
    // a line longer than any record, without its end
    let long = "x".repeat(200_000);
    let output = eight()
        .arg("merge")
        .write_stdin(long)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("stdin:1: found `xxx") && said.contains("longer than 65536"),
        "{said}"
    );
    // no records at all: an empty input, a wave none of whose units wrote one
    for input in ["", "\n\n"] {
        let (out, err, code) = merge_text(input);
        assert_eq!((out.as_str(), code), ("", Some(2)), "{err}");
        assert!(
            err.contains("no records: a wave's units write one each"),
            "{err}"
        );
    }
    // a line that is no record
    let output = eight()
        .arg("merge")
        .write_stdin("{\"part\": 1}\n")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("stdin:1: found `{\"part\": 1}`"));
}

#[test]
fn a_unit_s_usage_is_checked() {
    for (args, says) in [
        (vec!["--part", "1/4", "--json"], "--bound"),
        (vec!["--part", "1/4", "--bound", "30"], "--json"),
        (
            vec!["--part", "5/4", "--bound", "30", "--json"],
            "is not a share",
        ),
        (
            vec!["--part", "0/4", "--bound", "30", "--json"],
            "is not a share",
        ),
    ] {
        let output = eight()
            .arg("path")
            .args(SEARCH)
            .args(&args)
            .arg(BOARD)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(says),
            "{args:?}: {output:?}"
        );
    }
    // two boards, a 3x3 board
    let two = eight()
        .args([
            "path", "--size", "4x4", "--part", "1/2", "--bound", "30", "--json", BOARD, BOARD,
        ])
        .output()
        .expect("runs");
    assert_eq!(two.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&two.stderr).contains("one board"));
    let small = eight()
        .args([
            "path",
            "--part",
            "1/2",
            "--bound",
            "3",
            "--json",
            "283104765",
        ])
        .output()
        .expect("runs");
    assert_eq!(small.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&small.stderr).contains("whole-space tables"));
    // a board that does not reach its goal: merged, the judge's answer for no path
    let unreachable = "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0";
    let output = eight()
        .args([
            "steps",
            "--size",
            "4x4",
            "--part",
            "1/1",
            "--bound",
            "0",
            "--json",
            unreachable,
        ])
        .output()
        .expect("runs");
    let (out, _, code) = merge(&[serde_json::from_slice(&output.stdout).expect("a record")]);
    assert_eq!((out.as_str(), code), ("-1\n", Some(0)));
}

/// An executable `sh` script at `path` that runs `before` (shell lines), then the built `eight`
/// with its arguments: a unit as a scheduler would run it, slowed or made to fail.
fn wrapper(path: &Path, before: &str) {
    let binary = assert_cmd::cargo::cargo_bin("eight");
    let text = format!("#!/bin/sh\n{before}\nexec '{}' \"$@\"\n", binary.display());
    executable(path, &text);
}

/// A program at `path`: a script of `text`.
fn executable(path: &Path, text: &str) {
    std::fs::write(path, text).expect("written");
    std::process::Command::new("chmod")
        .arg("+x")
        .arg(path)
        .status()
        .expect("chmod");
}

/// The shares of the records in `file`, in their order.
fn parts_of(file: &Path) -> Vec<u64> {
    let records = std::fs::read_to_string(file).expect("records");
    records
        .lines()
        .map(|line| {
            serde_json::from_str::<Value>(line).expect("a record")["part"]
                .as_u64()
                .expect("a part")
        })
        .collect()
}

/// The recipe `name` of `scripts/cluster`.
fn recipe(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/cluster")
        .join(name)
}

/// The GNU parallel recipe on [`BOARD`] in three shares from bound 29, with `eight` as its
/// binary and its waves in `work/waves`.
fn three_shares_from_29(eight: &Path, work: &Path) -> std::process::Output {
    three_shares_in(eight, work.join("waves").as_os_str(), work)
}

/// The GNU parallel recipe on [`BOARD`] in three shares from bound 29, run from `from`, with
/// `eight` as its binary and its waves in `waves` (as `WORK` says it).
fn three_shares_in(eight: &Path, waves: &std::ffi::OsStr, from: &Path) -> std::process::Output {
    process(recipe("parallel.sh"))
        .current_dir(from)
        .arg(BOARD)
        .args(SEARCH)
        .env("PARTS", "3")
        .env("BOUND", "29")
        .env("EIGHT", eight)
        .env("WORK", waves)
        .env("XDG_CACHE_HOME", common::test_cache())
        .output()
        .expect("runs")
}

/// Whether GNU parallel is here (`.ci/run` installs it).
fn parallel() -> bool {
    process("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success())
}

#[test]
fn the_gnu_parallel_recipe_answers_and_resumes_a_wave_whose_unit_failed() {
    if !parallel() {
        common::skipped("the GNU parallel recipe", "no `parallel` on the PATH");
        return;
    }
    let work = tempfile::tempdir().expect("a folder");
    // a unit of share 2 fails while the file `fail` is there, as a killed or lost unit does
    let (flaky, fail) = (work.path().join("flaky"), work.path().join("fail"));
    let failing = format!(
        "case \"$*\" in *'--part 2/3'*) [ -e '{}' ] && exit 9;; esac",
        fail.display()
    );
    wrapper(&flaky, &failing);
    std::fs::write(&fail, "").expect("written");
    let run = || three_shares_from_29(&flaky, work.path());
    let failed = run();
    assert_eq!(failed.status.code(), Some(2), "{failed:?}");
    let err = String::from_utf8_lossy(&failed.stderr);
    assert!(
        err.contains("no record of share 2 of 3 at bound 29"),
        "{err}"
    );
    std::fs::remove_file(&fail).expect("removed");
    let resumed = run();
    assert!(resumed.status.success(), "{resumed:?}");
    assert_eq!(String::from_utf8_lossy(&resumed.stdout), single("path"));
    // the first wave ran share 2 again, and shares 1 and 3 once
    let parts = parts_of(&work.path().join("waves/29/records"));
    assert_eq!(parts.len(), 3, "{parts:?}");
    assert!(
        [1, 2, 3].iter().all(|part| parts.contains(part)),
        "{parts:?}"
    );
}

#[test]
fn the_slurm_recipe_is_valid_shell_and_says_what_it_would_submit() {
    let recipe = recipe("slurm.sh");
    let syntax = process("bash")
        .arg("-n")
        .arg(&recipe)
        .output()
        .expect("bash");
    assert!(syntax.status.success(), "{syntax:?}");
    let work = tempfile::tempdir().expect("a folder");
    let dry = process(&recipe)
        .arg(BOARD)
        .args(["--size", "4x4"])
        .env("DRY_RUN", "1")
        .env("PARTS", "4")
        .env("BOUND", "31")
        .env("WORK", work.path())
        .output()
        .expect("runs");
    assert!(dry.status.success(), "{dry:?}");
    let said = String::from_utf8_lossy(&dry.stdout);
    for part in [
        "sbatch",
        "--array 1,2,3,4",
        "--wait",
        "$SLURM_ARRAY_TASK_ID",
        "part=$id/4;",
        "--part $part",
        "--bound 31",
    ] {
        assert!(said.contains(part), "{part}: {said}");
    }
}

#[test]
fn a_run_resumed_at_a_bound_searches_from_there_and_finds_the_same_path() {
    let output = eight()
        .arg("path")
        .args(SEARCH)
        .args(["--bound", "31", "--stats", BOARD])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), single("path"));
    let stats = String::from_utf8_lossy(&output.stderr);
    let bounds: Vec<&str> = stats
        .split_whitespace()
        .skip_while(|&word| word != "bounds")
        .skip(1)
        .take_while(|word| word.contains(':'))
        .map(|word| word.split(':').next().unwrap_or_default())
        .collect();
    assert_eq!(bounds, ["31", "33"], "{stats}");
}

#[test]
fn the_slurm_recipe_answers_through_an_sbatch_that_runs_its_array_here() {
    // an `sbatch` that runs each task of `--array` in turn, as Slurm would on its nodes
    let work = tempfile::tempdir().expect("a folder");
    let bin = work.path().join("bin");
    std::fs::create_dir(&bin).expect("a folder");
    executable(
        &bin.join("sbatch"),
        "#!/bin/bash\nwhile [ $# -gt 0 ]; do case $1 in --array) array=$2; shift;; \
         --wrap) wrap=$2; shift;; esac; shift; done\n\
         for id in ${array//,/ }; do SLURM_ARRAY_TASK_ID=$id bash -c \"$wrap\"; done\n",
    );
    let binary = assert_cmd::cargo::cargo_bin("eight");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // a record of the first wave cut short (a full disk, a killed writer)
    let first = work.path().join("waves/31");
    std::fs::create_dir_all(&first).expect("a folder");
    let whole = unit("path", "3/5", 31).to_string();
    let cut = &whole[..whole.len() / 2];
    std::fs::write(first.join("3.json"), cut).expect("written");
    let run = process(recipe("slurm.sh"))
        .arg(BOARD)
        .args(SEARCH)
        .env("PATH", path)
        .env("PARTS", "5")
        .env("BOUND", "31")
        .env("EIGHT", &binary)
        .env("WORK", work.path().join("waves"))
        .env("XDG_CACHE_HOME", common::test_cache())
        .output()
        .expect("runs");
    assert!(run.status.success(), "{run:?}");
    assert_eq!(String::from_utf8_lossy(&run.stdout), single("path"));
    // set aside, and its share run again
    let aside = std::fs::read_to_string(first.join("3.json.cut")).expect("set aside");
    assert_eq!(aside, cut);
    let again = std::fs::read_to_string(first.join("3.json")).expect("run again");
    let mut again: Value = serde_json::from_str(&again).expect("a whole record");
    let mut whole: Value = serde_json::from_str(&whole).expect("a record");
    for record in [&mut again, &mut whole] {
        record["seconds"] = Value::Null;
    }
    assert_eq!(again, whole);
    assert!(String::from_utf8_lossy(&run.stderr).contains("3.json is not a whole record"));
    // at the last bound, the shares after the first with a path did not run
    let last = work.path().join("waves/33");
    let found: Vec<String> = common::names(&last)
        .into_iter()
        .filter(|name| name.starts_with("found-"))
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    let lowest: usize = found[0]["found-".len()..].parse().expect("a share");
    for part in 1..=5 {
        let recorded = last.join(format!("{part}.json")).exists();
        assert_eq!(recorded, part <= lowest, "share {part}");
    }
}

#[test]
fn a_unit_s_stats_say_what_it_found_and_cost() {
    let output = eight()
        .arg("path")
        .args(SEARCH)
        .args(["--part", "2/4", "--bound", "31", "--json", "--stats", BOARD])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let record: Value = serde_json::from_slice(&output.stdout).expect("a record");
    let said = String::from_utf8_lossy(&output.stderr);
    let expected = format!(
        "eight: share 2/4 at bound 31  conflicts  expanded {}  no path, the next bound 33",
        record["expanded"]
    );
    assert!(said.starts_with(&expected), "{said}");
}

#[test]
fn the_gnu_parallel_recipe_begins_no_share_after_a_path_and_stops_those_under_way() {
    if !parallel() {
        common::skipped("the GNU parallel recipe", "no `parallel` on the PATH");
        return;
    }
    let work = tempfile::tempdir().expect("a folder");
    let wave = work.path().join("waves/31");
    std::fs::create_dir_all(&wave).expect("a folder");
    // share 2's unit would take a minute; share 0 (before every share) leaves the mark of a path
    // two seconds in, as a unit whose record holds a path does
    let slow = work.path().join("slow");
    wrapper(&slow, "case \"$*\" in *'--part 2/3'*) sleep 60;; esac");
    let mark = wave.join("found-0");
    let marker = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(2));
        std::fs::write(mark, "").expect("written");
    });
    let began = std::time::Instant::now();
    let run = process(recipe("parallel.sh"))
        .arg(BOARD)
        .args(SEARCH)
        .env("PARTS", "3")
        .env("JOBS", "2")
        .env("BOUND", "31")
        .env("EIGHT", &slow)
        .env("WORK", work.path().join("waves"))
        .env("XDG_CACHE_HOME", common::test_cache())
        .output()
        .expect("runs");
    marker.join().expect("marked");
    assert!(
        began.elapsed().as_secs() < 40,
        "share 2 was not stopped: {run:?}"
    );
    // share 2 was stopped, and not begun again when the recipe ran the wave's missing shares
    // again, so the wave gives no answer
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    let parts = parts_of(&wave.join("records"));
    assert!(!parts.contains(&2) && parts.contains(&1), "{parts:?}");
}

#[test]
fn the_gnu_parallel_recipe_recovers_a_record_cut_short() {
    if !parallel() {
        common::skipped("the GNU parallel recipe", "no `parallel` on the PATH");
        return;
    }
    let work = tempfile::tempdir().expect("a folder");
    let wrapped = work.path().join("eight");
    wrapper(&wrapped, "");
    // a wave killed while share 1 wrote its record (a full disk does the same): the line is cut
    // short with no newline, and the next record appended would be glued to it
    let wave = work.path().join("waves/29");
    std::fs::create_dir_all(&wave).expect("a folder");
    let whole = unit("path", "1/3", 29).to_string();
    std::fs::write(wave.join("records"), &whole[..whole.len() / 2]).expect("written");
    let resumed = three_shares_from_29(&wrapped, work.path());
    assert!(resumed.status.success(), "{resumed:?}");
    assert_eq!(String::from_utf8_lossy(&resumed.stdout), single("path"));
    // every record of the first wave is whole: share 1 ran again, the cut line set aside
    let parts = parts_of(&wave.join("records"));
    assert!(
        [1, 2, 3].iter().all(|part| parts.contains(part)),
        "{parts:?}"
    );
    let cut = std::fs::read_to_string(wave.join("records.cut")).expect("set aside");
    assert_eq!(cut, format!("{}\n", &whole[..whole.len() / 2]));
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("a record cut short set aside"));
}

/// A 5×5 board 48 moves from the goal (`gen p1379 --size 5x5 --walk 60 --seed 7`), whose shares
/// by count are far from even.
const UNEVEN: &str = "7 1 3 4 5 2 11 12 8 10 0 19 20 9 14 16 17 6 13 23 18 21 22 15 24";

/// The records of the wave of [`UNEVEN`] at `bound`, each share's `--part` one of `parts`.
fn uneven_wave(parts: &[String], bound: u32) -> Vec<Value> {
    parts
        .iter()
        .map(|part| {
            let output = eight()
                .args([
                    "path",
                    "--size",
                    "5x5",
                    "--algo",
                    "conflicts",
                    "--part",
                    part,
                ])
                .args(["--bound", &bound.to_string(), "--json", UNEVEN])
                .output()
                .expect("runs");
            assert!(output.status.success(), "{part}: {output:?}");
            serde_json::from_slice(&output.stdout).expect("a record")
        })
        .collect()
}

/// The largest share's nodes of `records` against their mean.
fn spread(records: &[Value]) -> f64 {
    let nodes: Vec<u64> = records
        .iter()
        .map(|record| record["expanded"].as_u64().expect("nodes"))
        .collect();
    let mean = nodes.iter().sum::<u64>() as f64 / nodes.len() as f64;
    *nodes.iter().max().expect("a share") as f64 / mean
}

/// `eight merge --even FILE` of `records`: the next bound, and FILE's lines.
fn evened(records: &[Value]) -> (String, Vec<String>) {
    let folder = tempfile::tempdir().expect("a folder");
    let file = folder.path().join("shares");
    let lines: String = records.iter().map(|record| format!("{record}\n")).collect();
    let output = eight()
        .arg("merge")
        .arg("--even")
        .arg(&file)
        .write_stdin(lines)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let shares = std::fs::read_to_string(&file).expect("written");
    (
        String::from_utf8_lossy(&output.stdout).trim().to_string(),
        shares.lines().map(str::to_string).collect(),
    )
}

#[test]
fn shares_cut_by_the_nodes_of_the_wave_before_are_even_and_tile_the_wave() {
    let by_count =
        |parts: u32| -> Vec<String> { (1..=parts).map(|part| format!("{part}/{parts}")).collect() };
    let before = uneven_wave(&by_count(6), 44);
    let (next, shares) = evened(&before);
    assert_eq!(next, "46");
    // a --part a line, the places 0 to 4^12 cut in six runs, each beginning where one ends
    assert_eq!(shares.len(), 6, "{shares:?}");
    let mut end = 0;
    for (part, line) in (1..).zip(&shares) {
        let (share, places) = line.split_once(':').expect("K/N:FROM-TO");
        assert_eq!(share, format!("{part}/6"));
        let (from, to) = places.split_once('-').expect("FROM-TO");
        let (from, to): (u32, u32) = (from.parse().expect("a place"), to.parse().expect("a place"));
        assert!(from == end && from <= to, "{shares:?}");
        end = to;
    }
    assert_eq!(end, 1 << 24);
    // the same boards as the wave by count (the same nodes in all, the same next bound), far
    // evener: measured, the largest share 1.92 times the mean by count, 1.06 cut by nodes
    let counted = uneven_wave(&by_count(6), 46);
    let even = uneven_wave(&shares, 46);
    let total = |records: &[Value]| -> u64 {
        records
            .iter()
            .map(|record| record["expanded"].as_u64().expect("nodes"))
            .sum()
    };
    assert_eq!(total(&even), total(&counted));
    assert!(spread(&counted) > 1.5, "{}", spread(&counted));
    assert!(spread(&even) < 1.25, "{}", spread(&even));
    // each record says its places; the waves merge as a wave by count does, into the single
    // run's canonical path at 48
    assert!(even.iter().all(|record| record["range"].is_array()));
    let (out, err, code) = merge(&even);
    assert_eq!((out.trim(), code), ("48", Some(1)), "{err}");
    let (next, last) = evened(&even);
    assert_eq!(next, "48");
    let records = uneven_wave(&last, 48);
    let single = eight()
        .args(["path", "--size", "5x5", "--algo", "conflicts", UNEVEN])
        .output()
        .expect("runs");
    let (out, err, code) = merge(&records);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, String::from_utf8_lossy(&single.stdout));
    // shares by count and by place are not one wave; nor shares whose places leave a gap
    let (_, err, code) = merge(&[even[0].clone(), counted[1].clone()]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("by place") && err.contains("by count"),
        "{err}"
    );
    let mut gap = even.clone();
    gap[2]["range"][0] = Value::from(gap[2]["range"][0].as_u64().expect("a place") + 1);
    let (_, err, code) = merge(&gap);
    assert_eq!(code, Some(2));
    assert!(err.contains("do not tile"), "{err}");
    // a share's places that are no places
    for part in ["1/6:5-4", "1/6:0-16777217", "1/6:0", "1/6:a-b", "1/6:"] {
        let output = eight()
            .args([
                "path", "--size", "5x5", "--part", part, "--bound", "44", "--json",
            ])
            .arg(UNEVEN)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "{part}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("is not a share"),
            "{part}: {output:?}"
        );
    }
}

#[test]
fn the_gnu_parallel_recipe_sets_aside_a_record_cut_after_a_brace_of_its_slices() {
    // a record whose line ends in `}` is not whole for that: cut right after a slice's brace,
    // it is set aside and its share runs again, never kept to fail every merge after
    if !parallel() {
        common::skipped("the GNU parallel recipe", "no `parallel` on the PATH");
        return;
    }
    let work = tempfile::tempdir().expect("a folder");
    let wrapped = work.path().join("eight");
    wrapper(&wrapped, "");
    let wave = work.path().join("waves/29");
    std::fs::create_dir_all(&wave).expect("a folder");
    // the unit's own line (its fields in eight's order), with slices if it told none
    let output = eight()
        .arg("path")
        .args(SEARCH)
        .args(["--part", "1/3", "--bound", "29", "--json", BOARD])
        .output()
        .expect("runs");
    let line = String::from_utf8(output.stdout).expect("UTF-8");
    let line = line.trim_end();
    let slices = r#""slices":[{"from":0,"nodes":1},{"from":9,"nodes":1}]"#;
    let whole = match line.contains("\"slices\"") {
        true => line.to_string(),
        false => format!("{},{slices}}}", &line[..line.len() - 1]),
    };
    assert!(whole.starts_with("{\"judge\""), "{whole}");
    let listed = whole.find("\"slices\":[").expect("slices");
    let brace = listed + whole[listed..].find('}').expect("a slice") + 1;
    let cut = &whole[..brace];
    assert!(cut.ends_with('}'));
    std::fs::write(wave.join("records"), format!("{cut}\n")).expect("written");
    let resumed = three_shares_from_29(&wrapped, work.path());
    assert!(resumed.status.success(), "{resumed:?}");
    assert_eq!(String::from_utf8_lossy(&resumed.stdout), single("path"));
    let aside = std::fs::read_to_string(wave.join("records.cut")).expect("set aside");
    assert_eq!(aside, format!("{cut}\n"));
    // the recipes that keep a record a file tell it the same way
    let folder = work.path().join("files");
    std::fs::create_dir_all(&folder).expect("a folder");
    std::fs::write(folder.join("1.json"), format!("{cut}\n")).expect("written");
    std::fs::write(folder.join("2.json"), format!("{whole}\n")).expect("written");
    let script = format!(
        ". '{}'; set_aside '{}'",
        recipe("waves.sh").display(),
        folder.display()
    );
    let set = process("bash")
        .args(["-c", &script])
        .output()
        .expect("runs");
    assert!(set.status.success(), "{set:?}");
    let aside = folder.join("1.json.cut").exists() && !folder.join("1.json").exists();
    assert!(aside, "{set:?}");
    assert!(folder.join("2.json").exists());
}

#[test]
fn the_gnu_parallel_recipe_takes_a_work_folder_named_like_an_option() {
    if !parallel() {
        common::skipped("the GNU parallel recipe", "no `parallel` on the PATH");
        return;
    }
    let work = tempfile::tempdir().expect("a folder");
    let wrapped = work.path().join("eight");
    wrapper(&wrapped, "");
    let run = three_shares_in(&wrapped, "-w".as_ref(), work.path());
    assert!(run.status.success(), "{run:?}");
    assert_eq!(String::from_utf8_lossy(&run.stdout), single("path"));
    assert!(work.path().join("-w/29/records").exists());
}
