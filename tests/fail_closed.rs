//! The judge fails closed (issue 36): every layer of the sandbox holds, or the run is refused
//! before the program starts (exit 2, the layer and the cause named); a weaker run only when
//! `--unconfined` asks for it, and then every verdict says what it went without. The inputs
//! that once dropped the namespaces in silence (the working directory `/tmp` with a word `.`, a
//! folder named like an answer file, a cache folder such as `/dev`) keep every layer.

mod common;
use common::eight;

use std::fs;
use std::path::Path;

use eight::cache::DiskCache;
use eight::solve::pdb::Class;
use serde_json::Value;

/// Every layer of a run as root.
const ROOT_LAYERS: [&str; 15] = [
    "cgroup-memory",
    "cgroup-pids",
    "cgroup-cpu",
    "ns-pid",
    "ns-net",
    "ns-ipc",
    "ns-mount",
    "read-only-root",
    "private-tmp",
    "hidden-fixtures",
    "no-keyrings",
    "no-capabilities",
    "nobody",
    "file-limit",
    "three-descriptors",
];

fn skipped() -> bool {
    let root = nix::unistd::geteuid().is_root();
    if !root {
        common::skipped(
            "a fail-closed test",
            "needs root, for cgroups and namespaces (CI runs as root)",
        );
    }
    !root
}

/// `p1379/case.in` (the goal: answer `0`) and its `case.out` in `dir`, and `program.sh`
/// holding `script`.
fn fixture(dir: &Path, script: &str) {
    fs::create_dir_all(dir.join("p1379")).expect("folder");
    fs::write(dir.join("p1379/case.in"), "123804765\n").expect("write");
    fs::write(dir.join("p1379/case.out"), "0\n").expect("write");
    fs::write(dir.join("program.sh"), script).expect("write");
}

/// The first `--json` record of `eight judge p1379 p1379 --json -- sh program.sh` run in `dir`,
/// with `cache` as its cache folder where given.
fn judged(dir: &Path, cache: Option<&Path>) -> Value {
    let mut judge = eight();
    judge.current_dir(dir);
    if let Some(cache) = cache {
        judge.env("EIGHT_CACHE_DIR", cache);
    }
    let output = judge
        .args([
            "judge",
            "p1379",
            "p1379",
            "--json",
            "--",
            "sh",
            "program.sh",
        ])
        .output()
        .expect("runs");
    record(&output.stdout)
}

/// The first `--json` record of a run's standard output.
fn record(stdout: &[u8]) -> Value {
    let text = String::from_utf8_lossy(stdout);
    serde_json::from_str(text.lines().next().unwrap_or_default())
        .unwrap_or_else(|_| panic!("a record: {text:?}"))
}

/// An accepted run that had every layer root's runs have, and went without none.
fn accepted_with_every_layer(record: &Value) {
    assert_eq!(record["verdict"], "AC", "{record}");
    let layers: Vec<&str> = record["sandbox"]
        .as_array()
        .expect("layers")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(layers, ROOT_LAYERS, "{record}");
    assert!(record.get("unconfined").is_none(), "{record}");
}

#[test]
fn a_program_run_from_tmp_by_a_dot_keeps_every_layer_and_finds_its_folder() {
    if skipped() {
        return;
    }
    // `cd /tmp && eight judge ... -- java -cp . Main`, with the fixtures in /tmp too
    let dir = tempfile::tempdir_in("/tmp").expect("a folder in /tmp");
    let name = dir.path().file_name().expect("a name").to_string_lossy();
    // a file of the machine's /tmp, seen through `.`, never in the program's own /tmp
    let marker = tempfile::NamedTempFile::new_in("/tmp").expect("a file in /tmp");
    let marked = marker.path().file_name().expect("a name").to_string_lossy();
    let script = format!(
        "[ \"$(pwd)\" = /tmp ] || exit 3\n\
         [ -f \"$1/{name}/program.sh\" ] && [ -f \"$1/{marked}\" ] || exit 4\n\
         [ -e /tmp/{marked} ] && exit 5\n\
         [ -z \"$(cat \"$1/{name}/p1379/case.out\")\" ] || exit 6\n\
         touch \"$1/{name}/planted\" 2>/dev/null && exit 7\n\
         echo 0"
    );
    fixture(dir.path(), &script);
    let program = dir.path().join("program.sh");
    let output = eight()
        .current_dir("/tmp")
        .args(["judge", "p1379", "--json"])
        .arg(dir.path().join("p1379"))
        .arg("--")
        .arg("sh")
        .arg(&program)
        .arg(".")
        .output()
        .expect("runs");
    accepted_with_every_layer(&record(&output.stdout));
    assert!(!dir.path().join("planted").exists());
}

#[test]
fn a_folder_named_like_an_answer_file_keeps_every_layer() {
    if skipped() {
        return;
    }
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a folder");
    fixture(dir.path(), "echo 0");
    // `case.ans/` beside `case.in` and `case.out`: hidden as a folder
    fs::create_dir(dir.path().join("p1379/case.ans")).expect("folder");
    fs::write(dir.path().join("p1379/case.ans/inside"), "0\n").expect("write");
    accepted_with_every_layer(&judged(dir.path(), None));
    let inside = dir.path().join("p1379/case.ans/inside");
    fs::write(
        dir.path().join("program.sh"),
        format!("[ -e {} ] && echo seen || echo 0", inside.display()),
    )
    .expect("write");
    accepted_with_every_layer(&judged(dir.path(), None));
}

#[test]
fn a_cache_folder_anywhere_keeps_every_layer_and_hides_only_eight_s_files() {
    if skipped() {
        return;
    }
    // the program runs as nobody and reads the user's folder by its path: the folder is made
    // where anyone may pass (/tmp) with the modes the check needs, not in the build's folder,
    // which a clone in a private home (root's, a `mktemp -d`) puts out of nobody's reach
    let dir = tempfile::tempdir_in("/tmp").expect("a folder in /tmp");
    let open = |path: &Path| {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(0o755)).expect("its mode");
    };
    open(dir.path());
    fixture(dir.path(), "echo 0");
    accepted_with_every_layer(&judged(dir.path(), Some(Path::new("/dev"))));
    // a folder of the user's that also holds a database: the user's file stays readable
    let cache = dir.path().join("mine");
    fs::create_dir(&cache).expect("folder");
    open(&cache);
    fs::write(cache.join("notes.txt"), "mine\n").expect("write");
    let database = eight::cache::DiskCache::file(&cache, eight::solve::pdb::Class::Corner);
    fs::write(&database, "secret\n").expect("write");
    fs::write(
        dir.path().join("program.sh"),
        format!(
            "[ \"$(cat {}/notes.txt)\" = mine ] || exit 3\n\
             [ -z \"$(cat {})\" ] || exit 4\n\
             echo 0",
            cache.display(),
            database.display()
        ),
    )
    .expect("write");
    accepted_with_every_layer(&judged(dir.path(), Some(&cache)));
    assert_eq!(fs::read(&database).expect("kept"), b"secret\n");
}

/// `eight` run as uid 1000 in a user namespace that may make no user namespace of its own
/// (`max_user_namespaces` of its parent at 1, taken by its own), so that the jail's cannot be
/// made; `None` where this machine's `unshare` cannot set that up.
fn without_user_namespaces(dir: &Path, options: &[&str]) -> Option<std::process::Output> {
    // a cache folder of the run's own: an unconfined run seals (and locks) the one it has
    let wrap = |inner: &str| {
        common::process("unshare")
            .args(["-U", "-r", "sh", "-c"])
            .arg(format!(
                "echo 1 > /proc/sys/user/max_user_namespaces && \
                 exec unshare -U --map-user=1000 --map-group=1000 {inner}"
            ))
            .current_dir(dir)
            .env("EIGHT_CACHE_DIR", dir.join("cache"))
            .output()
            .ok()
    };
    let works = wrap("true").is_some_and(|output| output.status.success());
    if !works {
        common::skipped(
            "a_layer_that_cannot_be_had_refuses_the_run_unless_asked",
            "needs unshare with --map-user (util-linux 2.38)",
        );
        return None;
    }
    let eight = assert_cmd::cargo::cargo_bin("eight");
    let options = options.join(" ");
    wrap(&format!(
        "{} judge p1379 p1379 {options} -- sh program.sh",
        eight.display()
    ))
}

#[test]
fn a_layer_that_cannot_be_had_refuses_the_run_unless_asked() {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a folder");
    let ran = dir.path().join("ran");
    fixture(dir.path(), &format!("touch {}; echo 0", ran.display()));
    let Some(refused) = without_user_namespaces(dir.path(), &[]) else {
        return;
    };
    let (stdout, stderr) = (
        String::from_utf8_lossy(&refused.stdout),
        String::from_utf8_lossy(&refused.stderr),
    );
    assert_eq!(refused.status.code(), Some(2), "{stdout}{stderr}");
    assert!(!ran.exists(), "the program ran: {stdout}{stderr}");
    assert!(
        stdout.starts_with("ERR  p1379/case.in  not run: the sandbox cannot hold"),
        "{stdout}"
    );
    assert!(
        stderr.contains("the namespaces could not be made: unshare")
            && stderr.contains("--unconfined"),
        "{stderr}"
    );
    // asked for: the program runs, and every verdict says what it went without
    let weaker = without_user_namespaces(dir.path(), &["--unconfined"]).expect("set up");
    let stdout = String::from_utf8_lossy(&weaker.stdout);
    assert_eq!(weaker.status.code(), Some(0), "{stdout}");
    assert!(ran.exists());
    assert!(
        stdout.contains("unconfined: without ns-user, one-cpu, process-cap, ns-pid, ns-net"),
        "{stdout}"
    );
    let json = without_user_namespaces(dir.path(), &["--unconfined", "--json"]).expect("set up");
    let record = record(&json.stdout);
    assert_eq!(record["verdict"], "AC", "{record}");
    let without = record["unconfined"].to_string();
    for layer in ["ns-user", "ns-mount", "hidden-fixtures", "no-capabilities"] {
        assert!(without.contains(layer), "{layer}: {record}");
    }
}

#[test]
fn what_an_unconfined_program_changes_of_eight_s_files_is_removed_and_nothing_else() {
    if skipped() {
        return;
    }
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a folder");
    let cache = dir.path().join("cache");
    fs::create_dir(&cache).expect("a folder");
    let database = DiskCache::file(&cache, Class::Edge);
    let user_s = cache.join("pdb-1abc.ent");
    fs::write(&database, b"as eight wrote it").expect("write");
    fs::write(&user_s, b"a user's").expect("write");
    // the program reaches the folder (no mount namespace of its own): it edits the user's file
    // and forges one of eight's
    fixture(
        dir.path(),
        &format!(
            "echo edited >> {user}; echo forged > {forged}; echo 0",
            user = user_s.display(),
            forged = database.display()
        ),
    );
    let Some(run) = without_user_namespaces(dir.path(), &["--unconfined"]) else {
        return;
    };
    let (stdout, stderr) = (
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr),
    );
    assert_eq!(run.status.code(), Some(0), "{stdout}{stderr}");
    assert!(!database.exists(), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{}: changed while programs ran without a mount namespace of their own: removed",
            database.display()
        )),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(&user_s).expect("kept"),
        "a user'sedited\n"
    );
    assert!(!stderr.contains("pdb-1abc.ent"), "{stderr}");
}

#[test]
fn a_confined_run_leaves_the_cache_folder_alone() {
    if skipped() {
        return;
    }
    // with every layer the folder is hidden from the program, so nothing is sealed or removed
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a folder");
    let cache = dir.path().join("cache");
    fs::create_dir(&cache).expect("a folder");
    let database = DiskCache::file(&cache, Class::Edge);
    fs::write(&database, b"as eight wrote it").expect("write");
    fixture(
        dir.path(),
        &format!("echo forged > {} 2>/dev/null; echo 0", database.display()),
    );
    accepted_with_every_layer(&judged(dir.path(), Some(&cache)));
    assert_eq!(
        fs::read_to_string(&database).expect("kept"),
        "as eight wrote it"
    );
}
