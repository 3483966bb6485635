//! The recipes of `scripts/cluster` on real engines started by the tests: a Slurm cluster of one
//! node (`scripts/cluster/local-slurm.sh`) and ssh hosts in network namespaces of the test's own
//! (`scripts/cluster/local-hosts.sh`), each with a fault injected mid-wave and recovered.
//!
//! Both need root and Debian's packages (`slurm-wlm munge`, `openssh-server`, `parallel`), which
//! `.ci/run` installs; elsewhere the tests say why they skip. `.ci/run` sets
//! `EIGHT_TEST_ENGINES=required`, which makes a skip a failure: on CI they must run.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::process;

/// A 5×5 board 48 moves from the goal (`gen p1379 --size 5x5 --walk 60 --seed 7`), whose
/// iterations at 44, 46 and 48 linear conflicts search in some 240,000 nodes: the shape of Korf
/// & Felner's boards, no databases to build.
const BOARD: &str = "7 1 3 4 5 2 11 12 8 10 0 19 20 9 14 16 17 6 13 23 18 21 22 15 24";
const SEARCH: [&str; 4] = ["--size", "5x5", "--algo", "conflicts"];

/// The script `name` of `scripts/cluster`.
fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/cluster")
        .join(name)
}

/// The canonical path of [`BOARD`], from one process.
fn single() -> String {
    common::answer_of(&[&["path"], &SEARCH[..], &[BOARD]].concat())
}

/// An executable script at `path` that runs `before` (shell lines), then the built `eight`.
fn wrapper(path: &Path, before: &str) {
    let binary = assert_cmd::cargo::cargo_bin("eight");
    let text = format!("#!/bin/sh\n{before}\nexec '{}' \"$@\"\n", binary.display());
    std::fs::write(path, text).expect("written");
    let status = process("chmod")
        .arg("755")
        .arg(path)
        .status()
        .expect("chmod");
    assert!(status.success());
}

/// The command lines of the processes that name `folder` in their command line or environment
/// (the daemons of an engine whose files are there: sshd and munged by their options, slurmctld
/// and slurmd by `SLURM_CONF`).
fn survivors(folder: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let read = |name: &str| std::fs::read(entry.path().join(name)).unwrap_or_default();
        let line = String::from_utf8_lossy(&read("cmdline")).replace('\0', " ");
        let environment = String::from_utf8_lossy(&read("environ")).into_owned();
        if line.contains(folder) || environment.contains(folder) {
            found.push(line);
        }
    }
    found
}

/// Standard output and error of `output`, for a failed assertion's message.
fn said(output: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// A run of `recipe` on [`BOARD`] in 6 shares from bound 44, inside the engine that
/// `engine` (the helper script and its arguments before the command) starts, driven by `driver`
/// (bash, with `$RECIPE`, `$BOARD`, `$BEGUN`, `$HERE` set); the first run of share 2 of the wave
/// at 46 first runs `hold` (shell lines, `$BEGUN` its mark), as a unit that hangs. `None` when the
/// engine cannot start here (said, or a failure where the engines are required); else the
/// run's folder (the waves in `eight-waves`) and the recipe's standard error.
fn held_at_share_2(
    test: &str,
    engine: &[&std::ffi::OsStr],
    recipe: &str,
    driver: &str,
    hold: &str,
    extra: &[(&str, &str)],
) -> Option<(tempfile::TempDir, String)> {
    let folder = tempfile::tempdir().expect("a folder");
    let work = folder.path();
    let (slow, begun) = (work.join("eight"), work.join("begun"));
    // its mark's name is written in the wrapper: the environment does not travel over ssh
    let before = format!(
        "BEGUN='{}'\ncase \"$*\" in *'--part 2/6'*'--bound 46'*|*'--bound 46'*'--part 2/6'*)\n\
         [ -e \"$BEGUN\" ] || {{ {hold}; exec sleep 300; }};; esac",
        begun.display()
    );
    wrapper(&slow, &before);
    let output = process("timeout")
        .args(["--signal=KILL", "600"])
        .args(engine)
        .args(["bash", "-c", driver])
        .env("RECIPE", script(recipe))
        .env("BOARD", BOARD)
        .env("BEGUN", &begun)
        .env("HERE", work)
        .env("WORK", work.join("eight-waves"))
        .env("PARTS", "6")
        .env("BOUND", "44")
        .env("EIGHT", &slow)
        .envs(extra.iter().copied())
        .env("XDG_CACHE_HOME", common::test_cache())
        .output()
        .expect("runs");
    if output.status.code() == Some(77) {
        common::engine_missing(test, String::from_utf8_lossy(&output.stderr).trim());
        return None;
    }
    // no daemon outlives its engine: none names the engine's folder any more
    let engine_folder = engine
        .last()
        .expect("the engine's folder")
        .to_string_lossy();
    assert_eq!(
        survivors(&engine_folder),
        Vec::<String>::new(),
        "outlived {engine_folder}"
    );
    let read = |name: &str| std::fs::read_to_string(work.join(name)).unwrap_or_default();
    let (out, err) = (read("out"), read("err"));
    assert!(
        output.status.success(),
        "{}\nthe recipe's stderr:\n{err}",
        said(&output)
    );
    assert_eq!(out, single(), "the recipe's stderr:\n{err}");
    assert!(begun.exists(), "share 2 began");
    Some((folder, err))
}

/// Inside the cluster: the Slurm recipe in the background, then, once the first run of share 2
/// of the wave at 46 has begun (its mark `$BEGUN`), that array task cancelled with `scancel`;
/// the recipe's output in `$HERE/out` and `$HERE/err`.
const CANCEL_SHARE_2: &str = r#"
"$RECIPE" "$BOARD" --size 5x5 --algo conflicts > "$HERE/out" 2> "$HERE/err" &
recipe=$!
for _ in $(seq 1200); do [ -e "$BEGUN" ] && break; sleep 0.1; done
[ -e "$BEGUN" ] || { echo "share 2 never began"; kill "$recipe"; exit 3; }
squeue -h -r -o '%F %K %T' > "$HERE/queue"
job=$(awk '$2 == 2 && $3 == "RUNNING" { print $1 }' "$HERE/queue")
[ -n "$job" ] || { echo "share 2 is not running:"; cat "$HERE/queue"; kill "$recipe"; exit 3; }
scancel "${job}_2"
wait "$recipe"
"#;

#[test]
fn the_slurm_recipe_answers_on_a_real_cluster_and_resubmits_a_cancelled_task() {
    let cluster = tempfile::tempdir().expect("a folder");
    let engine = [
        script("local-slurm.sh").into_os_string(),
        cluster.path().into(),
    ];
    let engine: Vec<&std::ffi::OsStr> = engine.iter().map(|word| word.as_os_str()).collect();
    let test = "the Slurm recipe on a real cluster";
    let hold = "touch \"$BEGUN\"";
    let Some((work, err)) = held_at_share_2(test, &engine, "slurm.sh", CANCEL_SHARE_2, hold, &[])
    else {
        return;
    };
    // the task was running when cancelled, and its share alone was submitted again
    assert!(
        err.contains("bound 46, attempt 1: shares 1,2,3,4,5,6")
            && err.contains("bound 46, attempt 2: shares 2\n"),
        "{err}"
    );
    for part in 1..=6 {
        let record = work.path().join(format!("eight-waves/46/{part}.json"));
        assert!(record.exists(), "{record:?}");
    }
}

/// Inside the hosts: the GNU parallel recipe in the background, then, once the first run of share
/// 2 of the wave at 46 has begun on a host (its name in `$BEGUN`), every process of that host
/// killed, its sshd among them, as a host is lost; the recipe's output in `$HERE/out` and
/// `$HERE/err`, the host lost in `$HERE/lost`.
const LOSE_A_HOST: &str = r#"
"$RECIPE" "$BOARD" --size 5x5 --algo conflicts > "$HERE/out" 2> "$HERE/err" &
recipe=$!
for _ in $(seq 1200); do [ -s "$BEGUN" ] && break; sleep 0.1; done
[ -s "$BEGUN" ] || { echo "share 2 never began"; kill "$recipe"; exit 3; }
lost=$(cat "$BEGUN")
echo "$lost" > "$HERE/lost"
kill -KILL $(ip netns pids "$lost")
wait "$recipe"
"#;

#[test]
fn the_gnu_parallel_recipe_answers_over_ssh_hosts_and_survives_losing_one() {
    let hosts = tempfile::tempdir().expect("a folder");
    let engine = [
        script("local-hosts.sh").into_os_string(),
        "3".into(),
        hosts.path().into(),
    ];
    let engine: Vec<&std::ffi::OsStr> = engine.iter().map(|word| word.as_os_str()).collect();
    let test = "the GNU parallel recipe over ssh hosts";
    // the unit held writes the name of its host
    let hold = "hostname > \"$BEGUN.new\"; mv \"$BEGUN.new\" \"$BEGUN\"";
    let Some((work, err)) = held_at_share_2(
        test,
        &engine,
        "parallel.sh",
        LOSE_A_HOST,
        hold,
        &[("JOBS", "1")],
    ) else {
        return;
    };
    let read = |name: &str| std::fs::read_to_string(work.path().join(name)).unwrap_or_default();
    let lost = read("lost");
    let lost = lost.trim();
    assert!(lost.starts_with("eight-h"), "{lost}");
    // every wave's units ran on the hosts, each record naming its own; share 2 of the wave at 46
    // ran again on a host still there
    let mut hosts = std::collections::BTreeSet::new();
    let mut again = std::collections::BTreeSet::new();
    for bound in [44, 46, 48] {
        for line in read(&format!("eight-waves/{bound}/records")).lines() {
            let record: serde_json::Value = serde_json::from_str(line).expect("a record");
            let host = record["host"].as_str().expect("a host").to_string();
            assert!(
                ["eight-h1", "eight-h2", "eight-h3"].contains(&host.as_str()),
                "{line}"
            );
            if bound == 46 {
                assert!(record["part"] != 2 || host != lost, "{line}");
                again.insert(record["part"].as_u64().expect("a part"));
            }
            hosts.insert(host);
        }
    }
    assert!(hosts.len() >= 2, "{hosts:?}");
    assert_eq!(again.len(), 6, "every share of the wave at 46: {again:?}");
    assert!(err.contains("bound 46: running again shares"), "{err}");
}

#[test]
fn the_cluster_page_shows_the_runs_these_tests_make() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/src/cluster.md")).expect("the chapter");
    // the board, the shares and the first bound of the tests above, and their engines
    let runs = [
        format!("BOARD=\"{BOARD}\""),
        "PARTS=6 BOUND=44 scripts/cluster/local-slurm.sh /tmp/eight-slurm \\\n  \
         scripts/cluster/slurm.sh \"$BOARD\" --size 5x5 --algo conflicts"
            .to_string(),
        "PARTS=6 BOUND=44 JOBS=1 scripts/cluster/local-hosts.sh 3 /tmp/eight-hosts \\\n  \
         scripts/cluster/parallel.sh \"$BOARD\" --size 5x5 --algo conflicts"
            .to_string(),
    ];
    for run in runs {
        assert!(page.contains(&run), "the page does not show:\n{run}");
    }
    assert_eq!(SEARCH, ["--size", "5x5", "--algo", "conflicts"]);
}
