//! The Kubernetes recipe without a cluster (none runs here): the Indexed Job that
//! `scripts/cluster/kubernetes.sh` submits is validated against Kubernetes' own schema
//! (`kubernetes-validate --strict`, from PyPI, which `.ci/run` installs), and its pods' command is
//! run here, one process an index, as the pods would run it, the waves merged into the single
//! run's canonical path.

mod common;

use std::path::{Path, PathBuf};

use common::process;
use serde_json::Value;

/// A 4×4 board 33 moves from the goal (as `tests/cluster.rs`'s), in linear conflicts' reach.
const BOARD: &str = "2 1 3 4 5 12 6 7 14 11 13 15 9 8 0 10";
const SEARCH: [&str; 4] = ["--size", "4x4", "--algo", "conflicts"];

/// The canonical path of [`BOARD`], from one process.
fn single() -> String {
    common::answer_of(&[&["path"], &SEARCH[..], &[BOARD]].concat())
}

fn recipe() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/cluster/kubernetes.sh")
}

/// The Job of the wave at `bound` in `parts` shares, as the recipe submits it (`DRY_RUN=1`).
fn job(bound: u32, parts: u32) -> String {
    let output = process(recipe())
        .arg(BOARD)
        .args(SEARCH)
        .env("DRY_RUN", "1")
        .env("IMAGE", "registry.example/eight:1")
        .env("BOUND", bound.to_string())
        .env("PARTS", parts.to_string())
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// `command` run with `input` on its standard input: `None` when it cannot start.
fn piped(command: &mut std::process::Command, input: &str) -> Option<std::process::Output> {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take().expect("a pipe");
    stdin.write_all(input.as_bytes()).expect("written");
    drop(stdin);
    Some(child.wait_with_output().expect("runs"))
}

/// `kubernetes-validate --strict` of `manifest`: `None` when it is not here, else its output
/// and whether the manifest passed.
fn validated(manifest: &str) -> Option<(bool, String)> {
    let output = piped(
        process("kubernetes-validate").args(["--strict", "-"]),
        manifest,
    )?;
    let said = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    Some((output.status.success(), said))
}

/// `manifest` read as JSON (by PyYAML, which kubernetes-validate brings).
fn parsed(manifest: &str) -> Value {
    let script = "import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))";
    let output = piped(process("python3").args(["-c", script]), manifest).expect("python3");
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).expect("JSON")
}

/// The PATH with the built `eight`'s folder first, as an image with eight on its PATH.
fn path_with_eight() -> String {
    let binary = assert_cmd::cargo::cargo_bin("eight");
    format!(
        "{}:{}",
        binary.parent().expect("a folder").display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// Runs pod `index` of `job` here: its container's command and arguments, its environment with
/// the waves volume at `waves`, and the built `eight` first on the PATH. Its exit status.
fn pod(job: &Value, index: u32, waves: &Path) -> bool {
    let container = &job["spec"]["template"]["spec"]["containers"][0];
    let words: Vec<&str> = container["command"]
        .as_array()
        .into_iter()
        .chain(container["args"].as_array())
        .flatten()
        .map(|word| word.as_str().expect("a word"))
        .collect();
    let path = path_with_eight();
    let mut command = process(words[0]);
    command.args(&words[1..]);
    for variable in container["env"].as_array().expect("an environment") {
        let name = variable["name"].as_str().expect("a name");
        command.env(name, variable["value"].as_str().expect("a value"));
    }
    command
        .env("WAVES", waves)
        .env("EIGHT_CACHE_DIR", common::test_cache())
        .env("JOB_COMPLETION_INDEX", index.to_string())
        .env("PATH", path);
    command.status().expect("runs").success()
}

/// `eight merge` of the records of the wave at `bound` in `waves`: its output and status.
fn merge(waves: &Path, bound: u32) -> (String, Option<i32>) {
    let records: Vec<PathBuf> = common::names(&waves.join(bound.to_string()))
        .into_iter()
        .filter(|name| name.ends_with(".json"))
        .map(|name| waves.join(bound.to_string()).join(name))
        .collect();
    let output = common::eight()
        .arg("merge")
        .args(&records)
        .output()
        .expect("runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.code(),
    )
}

#[test]
fn the_kubernetes_job_is_valid_and_its_pods_merge_into_the_single_run_s_path() {
    let test = "the Kubernetes Job's validation";
    let Some((valid, said)) = validated(&job(29, 4)) else {
        common::engine_missing(
            test,
            "no `kubernetes-validate` (pip install kubernetes-validate)",
        );
        return;
    };
    assert!(valid, "{said}");
    // the schema is strict: a field it does not know fails
    let wrong = job(29, 4).replace("completionMode", "completionMod");
    let (valid, said) = validated(&wrong).expect("ran once");
    assert!(!valid && said.contains("completionMod"), "{said}");
    // the waves from 29, each Job's pods run here one after the other
    let waves = tempfile::tempdir().expect("a folder");
    let mut bound = 29;
    let answer = loop {
        let job = parsed(&job(bound, 4));
        assert_eq!(job["spec"]["completionMode"], "Indexed");
        assert_eq!(job["metadata"]["name"], format!("eight-{bound}"));
        let completions = job["spec"]["completions"].as_u64().expect("completions");
        for index in 0..completions as u32 {
            assert!(pod(&job, index, waves.path()), "pod {index} at {bound}");
        }
        match merge(waves.path(), bound) {
            (out, Some(0)) => break out,
            (out, Some(1)) => bound = out.trim().parse().expect("the next bound"),
            (out, code) => panic!("bound {bound}: {out} {code:?}"),
        }
    };
    assert_eq!(answer, single());
    assert_eq!(bound, 33);
    // a pod run again (a wave submitted again) leaves a share's record as it was; the shares
    // after the lowest with a path did not run
    let wave = waves.path().join("33");
    let lowest = (1..=4)
        .find(|part| wave.join(format!("found-{part}")).exists())
        .expect("a share holds the path");
    for part in 1..=4 {
        assert_eq!(
            wave.join(format!("{part}.json")).exists(),
            part <= lowest,
            "{part}"
        );
    }
    let record = wave.join(format!("{lowest}.json"));
    let before = std::fs::read(&record).expect("a record");
    assert!(pod(&parsed(&job(33, 4)), lowest - 1, waves.path()));
    assert_eq!(std::fs::read(&record).expect("a record"), before);
}

/// A `kubectl` that runs a Job's pods here, one after the other, as a cluster would: `apply -f -`
/// reads the Job and runs each index's container command (the waves volume at `$WAVES_HERE`, the
/// built `eight` first on the PATH), `get job` says it complete, `delete` does nothing. What the
/// recipe's loop does with a cluster's answers is what it tests, not Kubernetes.
const KUBECTL: &str = r#"#!/usr/bin/env python3
import json, os, subprocess, sys, yaml
args = sys.argv[1:]
jobs = os.path.join(os.environ["WAVES_HERE"], ".jobs")
os.makedirs(jobs, exist_ok=True)
if args[:2] == ["apply", "-f"]:
    job = yaml.safe_load(sys.stdin)
    name = job["metadata"]["name"]
    container = job["spec"]["template"]["spec"]["containers"][0]
    env = dict(os.environ)
    env.update({v["name"]: v["value"] for v in container["env"]})
    env["WAVES"] = os.environ["WAVES_HERE"]
    done = 0
    for index in range(job["spec"]["completions"]):
        env["JOB_COMPLETION_INDEX"] = str(index)
        ran = subprocess.run(container["command"] + container["args"], env=env)
        done += ran.returncode == 0
    with open(os.path.join(jobs, name), "w") as state:
        json.dump([done, job["spec"]["completions"]], state)
    print(f"job.batch/{name} created")
elif args[:2] == ["get", "job"]:
    done, all = json.load(open(os.path.join(jobs, args[2])))
    print(f"{done}/{all} {'Complete' if done == all else 'Failed'}", end="")
elif args[:2] == ["delete", "job"]:
    pass
else:
    sys.exit(f"kubectl stand-in: {args}")
"#;

#[test]
fn the_kubernetes_recipe_runs_its_waves_through_kubectl_into_the_single_run_s_path() {
    let test = "the Kubernetes recipe through a kubectl that runs the pods here";
    let yaml = process("python3").args(["-c", "import yaml"]).output();
    if !yaml.is_ok_and(|output| output.status.success()) {
        common::engine_missing(
            test,
            "no PyYAML for python3 (pip install kubernetes-validate)",
        );
        return;
    }
    let work = tempfile::tempdir().expect("a folder");
    let kubectl = work.path().join("kubectl");
    std::fs::write(&kubectl, KUBECTL).expect("written");
    let chmod = process("chmod").arg("755").arg(&kubectl).status();
    assert!(chmod.expect("chmod").success());
    let path = path_with_eight();
    let waves = work.path().join("waves");
    let output = process(recipe())
        .arg(BOARD)
        .args(SEARCH)
        .env("IMAGE", "registry.example/eight:1")
        .env("KUBECTL", &kubectl)
        .env("WORK", &waves)
        .env("WAVES_HERE", &waves)
        .env("PARTS", "4")
        .env("BOUND", "29")
        .env("PATH", path)
        .env("EIGHT_CACHE_DIR", common::test_cache())
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), single(), "{err}");
    // a wave a Job, each after the first cut by the nodes of the one before
    for bound in [29, 31, 33] {
        assert!(
            err.contains(&format!("bound {bound}, attempt 1: Job eight-{bound}")),
            "{err}"
        );
    }
    let shares = std::fs::read_to_string(waves.join("33/shares")).expect("cut by nodes");
    assert!(shares.starts_with("1/4:0-"), "{shares}");
    let first: Value =
        serde_json::from_str(&std::fs::read_to_string(waves.join("33/1.json")).expect("a record"))
            .expect("JSON");
    assert!(first["range"].is_array(), "{first}");
}
