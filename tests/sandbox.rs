//! `eight judge`'s sandbox, tried the way DOMjudge's `runguard_test.sh` tries runguard: wall and
//! CPU time (threads, children that exited), memory (touched, shared, in children), the process
//! cap, stream and file limits, the environment, what the file system shows, the network, and
//! what is left behind. The layers that need root (cgroups, namespaces) say so when they skip;
//! CI runs as root and runs them all.

mod common;
use common::eight;

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// Whether the cgroup and namespace layers can be had here.
fn root() -> bool {
    nix::unistd::geteuid().is_root()
}

/// Says why a test that needs root does not run.
fn skipped() -> bool {
    if !root() {
        common::skipped(
            "a sandbox test",
            "needs root, for cgroups and namespaces (CI runs as root)",
        );
    }
    !root()
}

/// A folder (outside `/tmp`) with `p1379/case.in` (the goal: answer `0`), its `case.out`, and
/// `program.sh` holding `script`.
fn folder(script: &str) -> tempfile::TempDir {
    // in /tmp, where anyone may pass: a clone in a private home (root's, a `mktemp -d`) puts
    // the build's own folder out of the reach of nobody, whom root's program runs as
    let dir = tempfile::tempdir_in("/tmp").expect("a folder in /tmp");
    fs::create_dir(dir.path().join("p1379")).expect("folder");
    fs::write(dir.path().join("p1379/case.in"), "123804765\n").expect("write");
    fs::write(dir.path().join("p1379/case.out"), "0\n").expect("write");
    fs::write(dir.path().join("program.sh"), script).expect("write");
    dir
}

/// The `--json` record of `eight judge p1379` running `sh program.sh` in `dir` with `options`.
fn record_in(dir: &Path, options: &[&str]) -> Value {
    let output = eight()
        .current_dir(dir)
        .args(["judge", "p1379", "p1379", "--json"])
        .args(options)
        .args(["--", "sh", "program.sh"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let first = text.lines().next().unwrap_or_default();
    serde_json::from_str(first).unwrap_or_else(|_| panic!("a record: {text:?}"))
}

/// The record of `script` judged with `options`.
fn record(script: &str, options: &[&str]) -> Value {
    record_in(folder(script).path(), options)
}

fn verdict(record: &Value) -> &str {
    record["verdict"].as_str().unwrap_or_default()
}

fn number(record: &Value, name: &str) -> u64 {
    record[name]
        .as_u64()
        .unwrap_or_else(|| panic!("{name} in {record}"))
}

#[test]
fn the_wall_clock_stops_a_sleeper_whose_cpu_time_stays_low() {
    let slept = record("sleep 30", &["-t", "0.5"]);
    assert_eq!(verdict(&slept), "TLE", "{slept}");
    assert!(slept["detail"]
        .as_str()
        .unwrap_or_default()
        .contains("wall-clock"));
    // the default wall-clock limit: twice the CPU limit and a second
    assert!(number(&slept, "wall_ms") >= 2000, "{slept}");
    assert!(number(&slept, "cpu_ms") < 300, "{slept}");
    let cut = record("sleep 30", &["-t", "5", "--wall-limit", "0.3"]);
    assert_eq!(verdict(&cut), "TLE", "{cut}");
    assert!(number(&cut, "wall_ms") < 1500, "{cut}");
}

#[test]
fn cpu_time_counts_every_process_of_the_tree() {
    // two busy processes: the tree's time passes the limit in about half as much wall time
    let two = record("while :; do :; done & while :; do :; done", &["-t", "1"]);
    assert_eq!(verdict(&two), "TLE", "{two}");
    let detail = two["detail"].as_str().unwrap_or_default();
    assert!(detail.starts_with("over 1 s of CPU time, killed"), "{two}");
    assert!(number(&two, "cpu_ms") >= 900, "{two}");
    // two children that computed and exited count too: 0.7 s of CPU time each (however long
    // that takes on a loaded machine), over a limit of 1 s
    let busy = "python3 -c 'import time\nwhile time.process_time() < 0.7: pass'";
    let exited = record(
        &format!("{busy}; {busy}; echo 0"),
        &["-t", "1", "--wall-limit", "30"],
    );
    assert_eq!(verdict(&exited), "TLE", "{exited}");
}

#[test]
fn cpu_time_counts_every_thread() {
    let dir = folder("exec \"$(dirname \"$0\")/spin\"");
    let source = dir.path().join("spin.c");
    fs::write(
        &source,
        "#include <pthread.h>\nstatic void *spin(void *a) { for (;;) ; return a; }\n\
         int main(void) { pthread_t t; pthread_create(&t, 0, spin, 0); spin(0); }\n",
    )
    .expect("write");
    let built = std::process::Command::new("gcc")
        .args(["-O1", "-pthread", "-o"])
        .arg(dir.path().join("spin"))
        .arg(&source)
        .status();
    if !built.is_ok_and(|status| status.success()) {
        common::skipped(
            "a sandbox test",
            "needs gcc, to build a program of two threads",
        );
        return;
    }
    let threads = record_in(dir.path(), &["-t", "1"]);
    assert_eq!(verdict(&threads), "TLE", "{threads}");
    assert!(number(&threads, "cpu_ms") >= 900, "{threads}");
}

#[test]
fn memory_touched_by_a_child_counts() {
    let hog = "python3 -c 'b = bytearray(300 << 20); import time; time.sleep(2)'; echo 0";
    let over = record(hog, &["-m", "64", "-t", "5"]);
    assert_eq!(verdict(&over), "MLE", "{over}");
    let small = record("python3 -c 'b = bytearray(8 << 20)'; echo 0", &["-m", "64"]);
    assert_eq!(verdict(&small), "AC", "{small}");
}

#[test]
fn files_in_shared_memory_and_tmp_count_as_memory() {
    if skipped() {
        return;
    }
    for place in ["/dev/shm", "/tmp"] {
        let script = format!("head -c 200M /dev/zero > {place}/hog; sleep 1; echo 0");
        let over = record(&script, &["-m", "64", "-t", "5", "--file-limit", "1G"]);
        assert_eq!(verdict(&over), "MLE", "{place}: {over}");
    }
}

#[test]
fn the_process_count_is_capped() {
    if skipped() {
        return;
    }
    let forks = "for i in $(seq 40); do sleep 2 & done; wait; echo 0";
    let capped = record(forks, &["--processes", "10", "-t", "5"]);
    assert_eq!(verdict(&capped), "RE", "{capped}");
    assert!(
        capped["detail"]
            .as_str()
            .unwrap_or_default()
            .contains("over --processes 10"),
        "{capped}"
    );
    assert_eq!(verdict(&record(forks, &["-t", "5"])), "AC");
}

#[test]
fn a_file_over_the_file_limit_stops_the_program() {
    let big = record("exec head -c 10M /dev/zero > big", &["--file-limit", "1M"]);
    assert_eq!(verdict(&big), "RE", "{big}");
    assert!(
        big["detail"]
            .as_str()
            .unwrap_or_default()
            .contains("SIGXFSZ"),
        "{big}"
    );
    let dir = folder("head -c 512K /dev/zero > /tmp/small && echo 0");
    let under = record_in(dir.path(), &["--file-limit", "1M"]);
    // where /tmp is not private (no root), the file is the machine's: removed here
    let _ = fs::remove_file("/tmp/small");
    assert_eq!(verdict(&under), "AC", "{under}");
}

#[test]
fn the_environment_is_cleared_to_path_home_and_lang_and_what_is_asked_for() {
    let dir = folder("");
    // the names the program has on one line of its standard error, and a check of the values
    let judged = |options: &[&str], check: &str| {
        let script = format!(
            "env | cut -d= -f1 | grep -v -x -e PWD -e SHLVL -e _ | sort | tr '\\n' ' ' >&2; \
             {check} && echo 0 || echo 1"
        );
        let output = eight()
            .current_dir(dir.path())
            .env("EIGHT_SANDBOX_TEST", "passed on")
            .env("EIGHT_SECRET", "a token")
            .env("LANG", "C.UTF-8")
            .args(["judge", "p1379", "p1379", "--verbose"])
            .args(options)
            .args(["--", "sh", "-c", &script])
            .output()
            .expect("runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let seen = judged(
        &[],
        r#"[ "$HOME" = /tmp ] && [ "$LANG" = C.UTF-8 ] && [ -n "$PATH" ]"#,
    );
    assert!(seen.starts_with("AC   "), "{seen}");
    let seen = judged(&["--env", "EIGHT_SECRET", "--env", "HOME"], "false");
    assert!(seen.contains("| EIGHT_SECRET HOME LANG PATH \n"), "{seen}");
    let asked = [
        "--env",
        "EIGHT_SANDBOX_TEST",
        "--env",
        "MODE=fast",
        "--env",
        "UNSET_HERE",
    ];
    let check = r#"[ "$EIGHT_SANDBOX_TEST" = "passed on" ] && [ "$MODE" = fast ] \
                   && [ -z "${EIGHT_SECRET+set}" ] && [ -z "${UNSET_HERE+set}" ]"#;
    let seen = judged(&asked, check);
    assert!(seen.starts_with("AC   "), "{seen}");
    let seen = judged(&[], "false");
    assert!(seen.contains("| HOME LANG PATH \n"), "{seen}");
}

/// `script` judged with `[ TEST ] && echo 0`-style checks: AC exactly when each held.
fn holds(script: &str) -> Value {
    record(script, &["-t", "5"])
}

#[test]
fn the_fixtures_are_not_visible() {
    if skipped() {
        return;
    }
    let dir = folder("");
    let (input, answer) = (
        dir.path().join("p1379/case.in"),
        dir.path().join("p1379/case.out"),
    );
    let script = format!(
        "n=$(cat {} {} 2>/dev/null | wc -c); [ \"$n\" = 0 ] && echo 0 || echo \"read $n bytes\"",
        input.display(),
        answer.display()
    );
    fs::write(dir.path().join("program.sh"), script).expect("write");
    let hidden = record_in(dir.path(), &[]);
    assert_eq!(verdict(&hidden), "AC", "{hidden}");
}

#[test]
fn the_file_system_is_read_only_and_tmp_and_the_working_folder_are_private() {
    if skipped() {
        return;
    }
    let dir = folder("");
    let planted = dir.path().join("planted");
    let marker = format!("/tmp/eight-sandbox-left-{}", std::process::id());
    let script = format!(
        "touch {planted} 2>/dev/null && exit 3\n\
         [ \"$(pwd)\" = /tmp ] || exit 4\n\
         [ \"$(ls -A)\" = \"{brought}\" ] || exit 5\n\
         echo left > {marker} && echo left > /dev/shm/left || exit 6\n\
         [ -z \"$(ls /dev | grep -v -x -e fd -e full -e null -e random -e shm -e stderr \
                -e stdin -e stdout -e urandom -e zero)\" ] || exit 7\n\
         echo 0",
        planted = planted.display(),
        brought = brought(dir.path()),
    );
    fs::write(dir.path().join("program.sh"), script).expect("write");
    let private = record_in(dir.path(), &[]);
    assert_eq!(verdict(&private), "AC", "{private}");
    assert!(!planted.exists());
    assert!(!Path::new(&marker).exists(), "the program's /tmp survived");
    assert!(
        !Path::new("/dev/shm/left").exists(),
        "the program's /dev/shm survived"
    );
}

/// What the program's own `/tmp` holds when its script lies in `dir`: nothing, or, where `dir`
/// is in the machine's `/tmp` (a checkout there), the way to the script's folder, brought in.
fn brought(dir: &Path) -> String {
    let real = fs::canonicalize(dir).expect("a folder");
    real.strip_prefix("/tmp")
        .ok()
        .and_then(|rest| rest.components().next())
        .map(|first| first.as_os_str().to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[test]
fn a_program_in_tmp_still_runs_with_its_folder() {
    if skipped() {
        return;
    }
    let dir = tempfile::tempdir_in("/tmp").expect("a folder in /tmp");
    fs::create_dir(dir.path().join("p1379")).expect("folder");
    fs::write(dir.path().join("p1379/case.in"), "123804765\n").expect("write");
    fs::write(dir.path().join("answer.txt"), "0\n").expect("write");
    fs::write(
        dir.path().join("program.sh"),
        "cat answer.txt 2>/dev/null || cat \"$(dirname \"$0\")/answer.txt\"",
    )
    .expect("write");
    let brought = record_in(dir.path(), &[]);
    assert_eq!(verdict(&brought), "AC", "{brought}");
}

#[test]
fn there_is_no_network() {
    if skipped() {
        return;
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = listener.local_addr().expect("an address").port();
    let script = format!(
        "python3 -c \"import socket; socket.create_connection(('127.0.0.1', {port}), 2)\" \
         2>/dev/null && echo connected || echo 0"
    );
    let cut = holds(&script);
    assert_eq!(verdict(&cut), "AC", "{cut}");
}

#[test]
fn root_s_program_holds_no_capability_and_cannot_undo_its_sandbox() {
    if skipped() {
        return;
    }
    let script = "grep -q '^CapEff:\t0000000000000000$' /proc/self/status || exit 3\n\
                  mount -t tmpfs none /mnt 2>/dev/null && exit 4\n\
                  mount -o remount,rw / 2>/dev/null && exit 5\n\
                  for f in /sys/fs/cgroup/*/cgroup.procs; do echo $$ > $f 2>/dev/null && exit 6; done\n\
                  echo 0";
    let held = holds(script);
    assert_eq!(verdict(&held), "AC", "{held}");
}

#[test]
fn nothing_is_left_behind() {
    let marker = "297.5151";
    let script = format!("for i in 1 2 3; do (setsid sleep {marker} &); done; echo 0");
    assert_eq!(verdict(&holds(&script)), "AC");
    let survivors = fs::read_dir("/proc")
        .expect("/proc")
        .flatten()
        .filter_map(|entry| fs::read(entry.path().join("cmdline")).ok())
        .filter(|line| String::from_utf8_lossy(line).contains(marker))
        .count();
    assert_eq!(survivors, 0, "processes outlived the run");
    let groups: Vec<PathBuf> = walk_groups(Path::new("/sys/fs/cgroup"));
    assert!(groups.is_empty(), "groups left: {groups:?}");
}

#[test]
fn a_judge_ended_by_a_signal_leaves_no_group_behind() {
    if skipped() {
        return;
    }
    let dir = folder("sleep 30");
    let mut judge = common::process(assert_cmd::cargo::cargo_bin("eight"))
        .current_dir(dir.path())
        .env("XDG_CACHE_HOME", common::test_cache())
        .args([
            "judge",
            "p1379",
            "p1379",
            "-t",
            "20",
            "--",
            "sh",
            "program.sh",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("starts");
    // the run's groups are there once its supervisor made them
    let mine = |judge: u32| {
        let children = fs::read_to_string(format!("/proc/{judge}/task/{judge}/children"));
        let supervisors: Vec<String> = children
            .unwrap_or_default()
            .split_whitespace()
            .map(|pid| format!("eight-run-{pid}"))
            .collect();
        supervisors
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let mut names = Vec::new();
    while names.is_empty() && std::time::Instant::now() < deadline {
        names = mine(judge.id());
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    let groups = |names: &[String]| -> Vec<PathBuf> {
        every_group(Path::new("/sys/fs/cgroup"))
            .into_iter()
            .filter(|path| names.iter().any(|name| path.ends_with(name)))
            .collect()
    };
    assert!(!groups(&names).is_empty(), "no run group for {names:?}");
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(judge.id() as i32),
        nix::sys::signal::Signal::SIGTERM,
    )
    .expect("a signal");
    let _ = judge.wait();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !groups(&names).is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(groups(&names), Vec::<PathBuf>::new(), "groups left behind");
}

/// Every run group under `root` (four levels down), live or not.
fn every_group(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![(root.to_path_buf(), 0)];
    while let Some((folder, depth)) = stack.pop() {
        for entry in fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if entry
                .file_name()
                .to_string_lossy()
                .starts_with("eight-run-")
            {
                found.push(path);
            } else if path.is_dir() && depth < 4 && !path.is_symlink() {
                stack.push((path, depth + 1));
            }
        }
    }
    found
}

/// The run groups of this process's supervisors under `root` (two levels down).
fn walk_groups(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![(root.to_path_buf(), 0)];
    while let Some((folder, depth)) = stack.pop() {
        for entry in fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with("eight-run-") {
                // a group of a supervisor still alive belongs to another test's run
                let pid = name.trim_start_matches("eight-run-");
                if !Path::new("/proc").join(pid).exists() {
                    found.push(path);
                }
            } else if path.is_dir() && depth < 4 && !entry.path().is_symlink() {
                stack.push((path, depth + 1));
            }
        }
    }
    found
}

#[test]
fn the_record_names_the_layers_in_force() {
    let layers = holds("echo 0");
    let names: Vec<&str> = layers["sandbox"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(names.contains(&"file-limit") && names.contains(&"three-descriptors"));
    if root() {
        for layer in [
            "cgroup-memory",
            "cgroup-pids",
            "cgroup-cpu",
            "ns-net",
            "ns-mount",
            "read-only-root",
            "private-tmp",
            "hidden-fixtures",
            "no-capabilities",
        ] {
            assert!(names.contains(&layer), "{layer} missing from {names:?}");
        }
    } else {
        assert!(names.contains(&"memory-sampled") && names.contains(&"cpu-sampled"));
    }
}

/// Short children that the kernel reaps (SIGCHLD ignored), so that no parent's times count them:
/// two at a time, each busy 50 ms, for 2.5 s.
const REAPED_BY_THE_KERNEL: &str = r#"python3 - <<'EOF'
import os, signal, time
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
end = time.time() + 2.5
while time.time() < end:
    for _ in range(2):
        if os.fork() == 0:
            t = time.time()
            while time.time() - t < 0.05:
                pass
            os._exit(0)
    time.sleep(0.01)
print(0)
EOF
"#;

#[test]
fn an_ordinary_user_gets_the_namespaces_in_a_user_namespace() {
    if skipped() {
        return;
    }
    let setpriv = ["--reuid=65534", "--regid=65534", "--clear-groups"];
    if common::process("setpriv")
        .args(setpriv)
        .arg("true")
        .status()
        .is_err()
    {
        eprintln!("skipped: needs setpriv (util-linux), to run eight as nobody");
        return;
    }
    let dir = folder("");
    let answer = dir.path().join("p1379/case.out");
    let planted = dir.path().join("planted");
    let script = format!(
        "[ -z \"$(cat {answer})\" ] || exit 3\n\
         touch {planted} 2>/dev/null && exit 4\n\
         [ \"$(pwd)\" = /tmp ] && touch /tmp/mine || exit 5\n\
         python3 -c \"import socket; socket.create_connection(('1.1.1.1', 53), 2)\" 2>/dev/null && exit 6\n\
         echo 0",
        answer = answer.display(),
        planted = planted.display()
    );
    fs::write(dir.path().join("program.sh"), script).expect("write");
    use std::os::unix::fs::PermissionsExt;
    for path in [dir.path().to_path_buf(), dir.path().join("p1379")] {
        fs::set_permissions(&path, fs::Permissions::from_mode(0o777)).expect("chmod");
    }
    // the binary where nobody may run it, wherever the clone is
    let binary = dir.path().join("eight");
    fs::copy(assert_cmd::cargo::cargo_bin("eight"), &binary).expect("copied");
    fs::set_permissions(&binary, fs::Permissions::from_mode(0o755)).expect("chmod");
    let output = common::process("setpriv")
        .args(setpriv)
        .arg(&binary)
        .args([
            "judge",
            "p1379",
            "p1379",
            "--json",
            "--",
            "sh",
            "program.sh",
        ])
        .current_dir(dir.path())
        .env("XDG_CACHE_HOME", common::test_cache())
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let record: Value = serde_json::from_str(text.lines().next().unwrap_or_default())
        .unwrap_or_else(|_| {
            panic!(
                "a record: {text} {}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
    assert_eq!(verdict(&record), "AC", "{record}");
    let layers = record["sandbox"].to_string();
    for layer in [
        "ns-user",
        "ns-net",
        "read-only-root",
        "hidden-fixtures",
        "no-keyrings",
        "memory-sampled",
    ] {
        assert!(layers.contains(layer), "{layer} missing: {layers}");
    }
    // without cgroups, CPU time and memory are sampled from /proc, and still stop the program
    let hog = "python3 -c 'b = bytearray(300 << 20); import time; time.sleep(3)'";
    // files of its own /tmp and /dev/shm, closed, are memory it holds (six of 60 MB: 343 MiB)
    let files = "for i in 1 2 3; do head -c 60000000 /dev/zero > /tmp/f$i; \
                 head -c 60000000 /dev/zero > /dev/shm/g$i; done; sleep 1; echo 0";
    for (script, options, wanted, sampled) in [
        ("while :; do :; done", ["-t", "0.5"], "TLE", "cpu-sampled"),
        (hog, ["-m", "64"], "MLE", "memory-sampled"),
        (files, ["-m", "256"], "MLE", "memory-sampled"),
        (REAPED_BY_THE_KERNEL, ["-t", "1"], "TLE", "one-cpu"),
    ] {
        fs::write(dir.path().join("program.sh"), script).expect("write");
        let output = common::process("setpriv")
            .args(setpriv)
            .arg(&binary)
            .args(["judge", "p1379", "p1379", "--json"])
            .args(options)
            .args(["--", "sh", "program.sh"])
            .current_dir(dir.path())
            .env("XDG_CACHE_HOME", common::test_cache())
            .output()
            .expect("runs");
        let text = String::from_utf8_lossy(&output.stdout);
        let record: Value =
            serde_json::from_str(text.lines().next().unwrap_or_default()).expect("a record");
        assert_eq!(verdict(&record), wanted, "{record}");
        assert!(record["sandbox"].to_string().contains(sampled), "{record}");
        if wanted == "TLE" {
            assert!(number(&record, "cpu_ms") >= 450, "{record}");
        }
    }
}

#[test]
fn the_program_sees_and_signals_only_its_own_processes() {
    if skipped() {
        return;
    }
    let mut bystander = std::process::Command::new("sleep")
        .arg("296.0707")
        .spawn()
        .expect("a bystander");
    // a process outside the run is out of the program's reach (signal 0 only asks: a sandbox
    // that failed here must not let a test kill what root runs)
    let probe = format!(
        "kill -0 {} 2>/dev/null && echo reached || echo 0",
        bystander.id()
    );
    let reached = holds(&probe);
    assert_eq!(verdict(&reached), "AC", "{reached}");
    assert!(bystander.try_wait().expect("waits").is_none());
    let _ = bystander.kill();
    let _ = bystander.wait();
    // /proc shows the program's tree and the jail that started it, nothing else
    let few = holds("[ \"$(ls /proc | grep -c '^[0-9]')\" -le 10 ] && echo 0");
    assert_eq!(verdict(&few), "AC", "{few}");
    // and the program keeps the signals every program has: it is not the namespace's first
    let segv = holds("kill -SEGV $$");
    assert_eq!(segv["detail"], "killed by SIGSEGV", "{segv}");
    assert!(segv["sandbox"].to_string().contains("ns-pid"), "{segv}");
}

#[test]
fn the_machine_s_sockets_are_out_of_reach() {
    if skipped() || !Path::new("/run").is_dir() {
        return;
    }
    // a daemon's socket where daemons keep theirs: a read-only file system alone would let a
    // program connect to it (systemd's, D-Bus's or a container engine's, as root)
    let socket = PathBuf::from(format!("/run/eight-test-{}.sock", std::process::id()));
    let _ = fs::remove_file(&socket);
    let listener = std::os::unix::net::UnixListener::bind(&socket).expect("a socket in /run");
    let script = format!(
        "python3 -c \"import socket; s = socket.socket(socket.AF_UNIX); s.connect('{}')\" \
         2>/dev/null && echo connected || echo 0",
        socket.display()
    );
    let cut = holds(&script);
    drop(listener);
    let _ = fs::remove_file(&socket);
    assert_eq!(verdict(&cut), "AC", "{cut}");
}

/// Runs `perl -e script`, printing what it prints.
fn perl(script: &str) -> String {
    let output = std::process::Command::new("perl")
        .args(["-e", script])
        .output()
        .expect("perl runs");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn the_keyrings_are_out_of_reach() {
    if skipped() || std::env::consts::ARCH != "x86_64" {
        // the system calls' numbers below are x86-64's
        return;
    }
    // a secret in the caller's user keyring (add_key is 248, keyctl 250 on x86-64)
    let secret = perl(
        r#"my ($t, $d, $p) = ("user", "eight-test-secret", "hunter2");
           print syscall(248, $t, $d, $p, 7, -4);"#,
    );
    let id: i64 = secret.trim().parse().expect("a key's serial number");
    assert!(id > 0, "{secret}");
    let script = r#"
        my ($t, $d, $p) = ("user", "eight-test-secret", "hunter2");
        my $found = syscall(250, 10, -4, $t, $d, 0);
        my ($n) = ("eight-test-planted");
        my $added = syscall(248, $t, $n, $p, 7, -4);
        my $session = syscall(248, $t, $n, $p, 7, -3);
        open(my $keys, "<", "/proc/keys");
        my $listed = join("", <$keys>);
        print STDERR "search $found, add $added, session $session, keys: $listed\n";
        print(($found == -1 && $added == -1 && $session == -1 && $listed !~ /eight/) ? "0\n" : "1\n");
    "#;
    let dir = folder("");
    let output = eight()
        .current_dir(dir.path())
        .args([
            "judge",
            "p1379",
            "p1379",
            "--verbose",
            "--",
            "perl",
            "-e",
            script,
        ])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let keys = fs::read_to_string("/proc/keys").unwrap_or_default();
    perl(&format!("syscall(250, 21, {id});"));
    assert!(stdout.starts_with("AC   "), "{stdout}");
    assert!(!keys.contains("eight-test-planted"), "{keys}");
}

#[test]
fn root_s_program_runs_as_nobody_and_reaches_its_own_files_only() {
    if skipped() {
        return;
    }
    // the test's folder is open to root alone (0700): the program is brought to nobody
    let dir = folder(
        "[ \"$(id -u):$(id -g):$(id -G)\" = 65534:65534:65534 ] \
         && ! cat /etc/shadow 2>/dev/null && ! ls /root 2>/dev/null && echo 0",
    );
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o700)).expect("chmod");
    let record = record_in(dir.path(), &[]);
    assert_eq!(verdict(&record), "AC", "{record}");
    assert!(
        record["sandbox"].to_string().contains("\"nobody\""),
        "{record}"
    );
    // a program nobody may not read, even brought, does not start, and the user learns why
    fs::set_permissions(
        dir.path().join("program.sh"),
        fs::Permissions::from_mode(0o600),
    )
    .expect("chmod");
    let output = eight()
        .current_dir(dir.path())
        .args(["judge", "p1379", "p1379", "--", "sh", "program.sh"])
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "program.sh: nobody, whom root's program runs as, cannot read it (mode 0600)"
        ),
        "{stderr}"
    );
}
