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

/// Whether `why` may skip the test: not where `EIGHT_TEST_ENGINES=required` (CI).
fn skip(test: &str, why: &str) {
    assert!(
        std::env::var("EIGHT_TEST_ENGINES").as_deref() != Ok("required"),
        "{test} must run here (EIGHT_TEST_ENGINES=required): {why}"
    );
    common::skipped(test, why);
}

/// The script `name` of `scripts/cluster`.
fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/cluster")
        .join(name)
}

/// The canonical path of [`BOARD`], from one process.
fn single() -> String {
    let output = common::eight()
        .arg("path")
        .args(SEARCH)
        .arg(BOARD)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
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

/// Standard output and error of `output`, for a failed assertion's message.
fn said(output: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
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
    let work = tempfile::tempdir().expect("a folder");
    let work = work.path();
    // the first run of share 2 at bound 46 marks that it began and waits to be cancelled
    let (slow, begun) = (work.join("eight"), work.join("begun"));
    let before = format!(
        "case \"$*\" in *'--part 2/6'*'--bound 46'*|*'--bound 46'*'--part 2/6'*)\n\
         [ -e '{0}' ] || {{ touch '{0}'; exec sleep 300; }};; esac",
        begun.display()
    );
    wrapper(&slow, &before);
    let output = process("timeout")
        .args(["--signal=KILL", "600"])
        .arg(script("local-slurm.sh"))
        .arg(work.join("cluster"))
        .args(["bash", "-c", CANCEL_SHARE_2])
        .env("RECIPE", script("slurm.sh"))
        .env("BOARD", BOARD)
        .env("BEGUN", &begun)
        .env("HERE", work)
        .env("WORK", work.join("eight-waves"))
        .env("PARTS", "6")
        .env("BOUND", "44")
        .env("EIGHT", &slow)
        .env("XDG_CACHE_HOME", common::test_cache())
        .output()
        .expect("runs");
    if output.status.code() == Some(77) {
        let why = String::from_utf8_lossy(&output.stderr);
        skip("the Slurm recipe on a real cluster", why.trim());
        return;
    }
    let read = |name: &str| std::fs::read_to_string(work.join(name)).unwrap_or_default();
    let (out, err) = (read("out"), read("err"));
    assert!(
        output.status.success(),
        "{}\nthe recipe's stderr:\n{err}",
        said(&output)
    );
    assert_eq!(out, single(), "the recipe's stderr:\n{err}");
    // the task was running when cancelled, and its share alone was submitted again
    assert!(begun.exists());
    assert!(
        err.contains("bound 46, attempt 1: shares 1,2,3,4,5,6")
            && err.contains("bound 46, attempt 2: shares 2\n"),
        "{err}"
    );
    for part in 1..=6 {
        assert!(work.join(format!("eight-waves/46/{part}.json")).exists());
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
    let work = tempfile::tempdir().expect("a folder");
    let work = work.path();
    // the first run of share 2 at bound 46 writes the name of its host and waits
    let (slow, begun) = (work.join("eight"), work.join("begun"));
    let before = format!(
        "case \"$*\" in *'--part 2/6'*'--bound 46'*|*'--bound 46'*'--part 2/6'*)\n\
         [ -e '{0}' ] || {{ hostname > '{0}.new'; mv '{0}.new' '{0}'; exec sleep 300; }};; esac",
        begun.display()
    );
    wrapper(&slow, &before);
    let output = process("timeout")
        .args(["--signal=KILL", "600"])
        .arg(script("local-hosts.sh"))
        .arg("3")
        .arg(work.join("hosts"))
        .args(["bash", "-c", LOSE_A_HOST])
        .env("RECIPE", script("parallel.sh"))
        .env("BOARD", BOARD)
        .env("BEGUN", &begun)
        .env("HERE", work)
        .env("WORK", work.join("eight-waves"))
        .env("PARTS", "6")
        .env("JOBS", "1")
        .env("BOUND", "44")
        .env("EIGHT", &slow)
        .env("XDG_CACHE_HOME", common::test_cache())
        .output()
        .expect("runs");
    if output.status.code() == Some(77) {
        let why = String::from_utf8_lossy(&output.stderr);
        skip("the GNU parallel recipe over ssh hosts", why.trim());
        return;
    }
    let read = |name: &str| std::fs::read_to_string(work.join(name)).unwrap_or_default();
    let (out, err, lost) = (read("out"), read("err"), read("lost"));
    assert!(
        output.status.success(),
        "{}\nthe recipe's stderr:\n{err}",
        said(&output)
    );
    assert_eq!(out, single(), "the recipe's stderr:\n{err}");
    let lost = lost.trim();
    assert!(lost.starts_with("eight-h"), "{lost}");
    // every wave's units ran on the hosts, each record naming its own; share 2 of the wave at 46
    // ran again on a host still there
    let mut hosts = std::collections::BTreeSet::new();
    for bound in [44, 46, 48] {
        let records = read(&format!("eight-waves/{bound}/records"));
        for line in records.lines() {
            let record: serde_json::Value = serde_json::from_str(line).expect("a record");
            let host = record["host"].as_str().expect("a host").to_string();
            assert!(
                ["eight-h1", "eight-h2", "eight-h3"].contains(&host.as_str()),
                "{line}"
            );
            if bound == 46 && record["part"] == 2 {
                assert_ne!(host, lost, "{line}");
            }
            hosts.insert(host);
        }
    }
    assert!(hosts.len() >= 2, "{hosts:?}");
    let wave = read("eight-waves/46/records");
    let parts: std::collections::BTreeSet<u64> = wave
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).expect("a record")["part"]
                .as_u64()
                .expect("a part")
        })
        .collect();
    assert_eq!(parts.len(), 6, "{wave}");
    assert!(err.contains("bound 46: running again shares"), "{err}");
}
