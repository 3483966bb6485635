//! The 15-puzzle's pattern databases on disk: a missing file is built and written whole; a
//! damaged one (flipped, truncated, grown, of another version, a link) is never trusted and is
//! rebuilt in place, never written through; concurrent runs share one whole file; a run killed
//! while building leaves no file behind.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use common::names;
use eight::cache::{self, DiskCache};
use eight::solve::pdb::{Class, Family, Memory, Nibbles, Partition, Pattern, Pdb, Spec, Supply};
use eight::solve::Control;
use nix::fcntl::{Flock, FlockArg};

/// One build for the whole binary: the bytes a whole cache file holds.
static SOURCE: Memory = Memory::new();

fn reference() -> Vec<u8> {
    let tables = get(&SOURCE, Class::Corner);
    let tables: Vec<&Pdb> = tables.iter().map(|table| &**table).collect();
    cache::encode(&specs(Class::Corner), &tables)
}

/// The tables of `class`'s 6-6-3 databases, one file's.
fn specs(class: Class) -> Vec<Spec> {
    Partition::six_six_three(class).tables
}

/// The 6-6-3 tables of `class` in `supply`, if they are ready.
fn ready(supply: &dyn Supply, class: Class) -> Option<Vec<Arc<Pdb>>> {
    supply.ready_tables(&Partition::six_six_three(class))
}

/// The 6-6-3 tables of `class` in `supply`, built if need be.
fn get(supply: &dyn Supply, class: Class) -> Vec<Arc<Pdb>> {
    let tables = supply.tables(&Partition::six_six_three(class), &Control::default());
    tables.expect("built without a stop")
}

type Warnings = Arc<Mutex<Vec<String>>>;

/// A way to damage a file's bytes, by name.
type Damage = (&'static str, Box<dyn Fn(&mut Vec<u8>)>);

/// A cache in `folder`, and the warnings it gives.
fn cache_in(folder: &Path) -> (DiskCache, Warnings) {
    let warnings = Warnings::default();
    let heard = Arc::clone(&warnings);
    let warn = move |line: &str| heard.lock().expect("lock").push(line.to_string());
    let cache = DiskCache::new(
        Some(folder.to_path_buf()),
        Box::new(|_, _, _| {}),
        Box::new(warn),
    );
    (cache, warnings)
}

fn said(warnings: &Warnings) -> Vec<String> {
    warnings.lock().expect("lock").clone()
}

#[test]
fn a_missing_cache_is_built_written_whole_and_read_back() {
    let dir = tempfile::tempdir().expect("a folder");
    let folder = dir.path().join("eight");
    let (cache, warnings) = cache_in(&folder);
    assert!(
        ready(&cache, Class::Corner).is_none(),
        "nothing to read yet"
    );
    let built = get(&cache, Class::Corner);
    let file = DiskCache::file(&folder, Class::Corner);
    assert!(fs::read(&file).expect("written") == reference());
    assert_eq!(
        names(&folder),
        ["pdb-corner-v2.bin", "pdb-corner-v2.checked"],
        "no temporary left"
    );
    let (again, _) = cache_in(&folder);
    assert!(*ready(&again, Class::Corner).expect("read back") == *built);
    assert!(said(&warnings).is_empty(), "{:?}", said(&warnings));
}

#[test]
fn a_damaged_cache_is_never_trusted() {
    let good = reference();
    let resum = |bytes: &mut Vec<u8>| {
        let body = bytes.len() - 4;
        let sum = crc32fast::hash(&bytes[..body]).to_le_bytes();
        bytes[body..].copy_from_slice(&sum);
    };
    let damages: Vec<Damage> = vec![
        ("an entry flipped", Box::new(|b| b[1_000_000] ^= 1)),
        (
            "the checksum flipped",
            Box::new(|b| {
                let last = b.len() - 1;
                b[last] ^= 0x80;
            }),
        ),
        ("truncated", Box::new(|b| b.truncate(b.len() / 2))),
        ("one byte more", Box::new(|b| b.push(0))),
        ("empty", Box::new(|b| b.clear())),
        (
            "another version, checksum recomputed",
            Box::new(move |b| {
                b[8] ^= 0xff;
                resum(b);
            }),
        ),
        (
            "another pattern, checksum recomputed",
            Box::new(move |b| {
                b[15] ^= 1;
                resum(b);
            }),
        ),
    ];
    for (what, damage) in damages {
        let dir = tempfile::tempdir().expect("a folder");
        let file = DiskCache::file(dir.path(), Class::Corner);
        let mut bytes = good.clone();
        damage(&mut bytes);
        fs::write(&file, &bytes).expect("write");
        assert!(
            cache::decode(&specs(Class::Corner), &mut &bytes[..]).is_err(),
            "{what}"
        );
        let (cache, warnings) = cache_in(dir.path());
        assert!(ready(&cache, Class::Corner).is_none(), "{what}: trusted");
        let said = said(&warnings);
        assert_eq!(said.len(), 1, "{what}: {said:?}");
        assert!(
            said[0].contains("pdb-corner-v2.bin")
                && said[0].ends_with("removed; it is rebuilt when a board needs it"),
            "{what}: {said:?}"
        );
    }
}

#[test]
fn a_damaged_cache_is_rebuilt_in_place() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = DiskCache::file(dir.path(), Class::Corner);
    let mut bytes = reference();
    bytes.truncate(bytes.len() - 1_000);
    fs::write(&file, &bytes).expect("write");
    let (cache, warnings) = cache_in(dir.path());
    // as an engine asks: ready? (no: the file is damaged), then get, which rebuilds it
    assert!(ready(&cache, Class::Corner).is_none());
    let databases = get(&cache, Class::Corner);
    assert!(*databases == *get(&SOURCE, Class::Corner));
    assert!(fs::read(&file).expect("rewritten") == reference());
    assert_eq!(said(&warnings).len(), 1, "said once: {:?}", said(&warnings));
}

#[test]
fn a_build_removes_what_a_run_killed_while_writing_left_and_nothing_else() {
    let dir = tempfile::tempdir().expect("a folder");
    let left = dir.path().join(".eight-pdb-a1B2c3");
    fs::write(&left, b"half a file").expect("write");
    let other = dir.path().join("notes.txt");
    fs::write(&other, b"kept").expect("write");
    let (cache, _) = cache_in(dir.path());
    get(&cache, Class::Corner);
    assert_eq!(
        names(dir.path()),
        ["notes.txt", "pdb-corner-v2.bin", "pdb-corner-v2.checked"]
    );
}

#[test]
fn a_link_in_the_cache_s_place_is_left_as_it_is_never_written_through() {
    let dir = tempfile::tempdir().expect("a folder");
    let elsewhere = tempfile::tempdir().expect("another folder");
    let precious = elsewhere.path().join("precious");
    fs::write(&precious, b"not a cache").expect("write");
    let file = DiskCache::file(dir.path(), Class::Corner);
    std::os::unix::fs::symlink(&precious, &file).expect("link");
    let (cache, warnings) = cache_in(dir.path());
    assert!(ready(&cache, Class::Corner).is_none());
    get(&cache, Class::Corner);
    assert_eq!(fs::read(&precious).expect("still there"), b"not a cache");
    // the user's link stays (issue 58): the databases are built in memory while it stands
    let metadata = fs::symlink_metadata(&file).expect("the cache");
    assert!(
        metadata.file_type().is_symlink(),
        "the link is left as it was"
    );
    assert_eq!(fs::read_link(&file).expect("a link"), precious);
    assert!(
        said(&warnings)[0].contains("a link"),
        "{:?}",
        said(&warnings)
    );
}

/// The reference file with the half excesses of pattern `pattern` changed by `change` (given
/// the entry's address and half excess), its checksum made right again: a poison a CRC cannot
/// see.
fn poisoned(pattern: usize, change: &dyn Fn(usize, u8) -> u8) -> Vec<u8> {
    let tables = get(&SOURCE, Class::Corner);
    let mut nibbles = tables[pattern].nibbles().to_vec();
    for address in 0..tables[pattern].pattern().entries() {
        let (byte, shift) = (address / 2, 4 * (address % 2));
        let half = change(address, nibbles[byte] >> shift & 0xF).min(15);
        nibbles[byte] = nibbles[byte] & !(0xF << shift) | half << shift;
    }
    let pattern_of = tables[pattern].pattern().clone();
    let changed = Pdb::from_nibbles(pattern_of, Nibbles::copy_of(&nibbles)).expect("sizes");
    let mut held: Vec<&Pdb> = tables.iter().map(|table| &**table).collect();
    held[pattern] = &changed;
    cache::encode(&specs(Class::Corner), &held)
}

#[test]
fn a_poisoned_cache_with_a_right_checksum_is_refused() {
    // the goal placement of the corner class's first pattern, and one whose free cells make
    // one region, as do those of a placement one move away and nearer home, which bounds it
    let goal = [1usize, 4, 5, 8, 9, 12];
    let address = |cells: &[usize]| cells.iter().rev().fold(0, |a, &c| a << 4 | c);
    let open = address(&[6, 4, 7, 8, 10, 12]);
    let poisons: Vec<(&str, Vec<u8>)> = vec![
        ("every entry 30 over its distance", poisoned(0, &|_, _| 15)),
        ("6 added to the small pattern", poisoned(2, &|_, e| e + 3)),
        (
            "one entry two too many, in the open",
            poisoned(0, &|a, e| if a == open { e + 1 } else { e }),
        ),
        (
            "every excess but the goal's doubled",
            poisoned(0, &|a, e| if a == address(&goal) { e } else { 2 * e }),
        ),
    ];
    for (what, bytes) in poisons {
        let dir = tempfile::tempdir().expect("a folder");
        let file = DiskCache::file(dir.path(), Class::Corner);
        fs::write(&file, &bytes).expect("write");
        assert!(
            cache::decode(&specs(Class::Corner), &mut &bytes[..]).is_ok(),
            "{what}: whole"
        );
        let (cache, warnings) = cache_in(dir.path());
        assert!(ready(&cache, Class::Corner).is_none(), "{what}: trusted");
        let said = said(&warnings);
        assert!(
            said.len() == 1 && said[0].contains("not a true database"),
            "{what}: {said:?}"
        );
        assert!(!file.exists(), "{what}: the poisoned file is removed");
        assert!(
            *get(&cache, Class::Corner) == *get(&SOURCE, Class::Corner),
            "{what}"
        );
    }
}

#[test]
fn a_poisoned_cache_gives_no_wrong_answer_in_a_run() {
    let dir = tempfile::tempdir().expect("a folder");
    let folder = dir.path().join("eight");
    fs::create_dir_all(&folder).expect("a folder");
    fs::write(
        DiskCache::file(&folder, Class::Corner),
        poisoned(2, &|_, e| e + 6),
    )
    .expect("write");
    let output = korf_run(dir.path()).output().expect("run");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "57\n");
    assert!(fs::read(DiskCache::file(&folder, Class::Corner)).expect("rebuilt") == reference());
}

#[test]
fn a_damaged_cache_is_judged_once_a_run_and_removed() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = DiskCache::file(dir.path(), Class::Corner);
    let mut bytes = reference();
    bytes[2_000_000] ^= 1;
    fs::write(&file, &bytes).expect("write");
    let (cache, warnings) = cache_in(dir.path());
    assert!(ready(&cache, Class::Corner).is_none());
    assert!(!file.exists(), "removed, as said");
    // a file put back is not read again by the same run: its boards cost nothing more
    fs::write(&file, &bytes).expect("write");
    for _ in 0..3 {
        assert!(ready(&cache, Class::Corner).is_none());
    }
    assert!(file.exists(), "not read again");
    assert_eq!(said(&warnings).len(), 1, "{:?}", said(&warnings));
}

#[test]
fn a_fifo_in_the_cache_s_place_is_refused_without_waiting() {
    let dir = tempfile::tempdir().expect("a folder");
    let folder = dir.path().join("eight");
    fs::create_dir_all(&folder).expect("a folder");
    let file = DiskCache::file(&folder, Class::Corner);
    let made = Command::new("mkfifo").arg(&file).status().expect("mkfifo");
    assert!(made.success());
    let output = within_a_minute(korf_run(dir.path()));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "57\n");
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a plain file"));
    assert!(fs::read(&file).expect("a file now") == reference());
}

#[test]
fn a_held_lock_is_said_and_waited_for_a_few_seconds_only() {
    let dir = tempfile::tempdir().expect("a folder");
    let folder = dir.path().join("eight");
    fs::create_dir_all(&folder).expect("a folder");
    let held = Flock::lock(
        fs::File::open(&folder).expect("open"),
        FlockArg::LockExclusive,
    )
    .map_err(|(_, errno)| errno)
    .expect("lock");
    let output = within_a_minute(korf_run(dir.path()));
    drop(held);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "57\n");
    let me = std::process::id();
    assert!(
        stderr.contains(&format!("waiting for process {me} (")),
        "{stderr}"
    );
    assert!(stderr.contains("gave up waiting for"), "{stderr}");
    assert!(
        names(&folder).is_empty(),
        "nothing written without the lock"
    );
}

#[test]
fn a_relative_home_writes_nothing_under_the_current_folder() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut run = korf_run(dir.path());
    run.env_remove("XDG_CACHE_HOME")
        .env("HOME", "relative-home")
        .current_dir(dir.path());
    let output = run.output().expect("run");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "57\n");
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}

#[test]
fn a_file_size_limit_loses_no_answer_and_leaves_no_staged_file() {
    let dir = tempfile::tempdir().expect("a folder");
    // ten megabytes: the databases' 33.6 MB cannot be written
    let command = format!(
        "ulimit -f 10000; exec {} steps --size 4x4 --goal '{}' '{KORF_ONE}'",
        assert_cmd::cargo::cargo_bin("eight").display(),
        korf_goal()
    );
    let output = common::process("bash")
        .args(["-c", &command])
        .env("XDG_CACHE_HOME", dir.path())
        .output()
        .expect("bash");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "57\n");
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot cache"));
    assert!(names(&dir.path().join("eight")).is_empty());
}

#[test]
fn a_run_that_reads_the_cache_removes_what_killed_runs_left() {
    let dir = tempfile::tempdir().expect("a folder");
    let folder = dir.path().join("eight");
    fs::create_dir_all(&folder).expect("a folder");
    fs::write(DiskCache::file(&folder, Class::Corner), reference()).expect("write");
    fs::write(folder.join(".eight-pdb-a1B2c3"), b"half a file").expect("write");
    let output = korf_run(dir.path()).output().expect("run");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "57\n");
    assert_eq!(
        names(&folder),
        ["pdb-corner-v2.bin", "pdb-corner-v2.checked"]
    );
}

/// The output of `command`, which must end within a minute.
fn within_a_minute(mut command: Command) -> std::process::Output {
    let mut run = command.spawn().expect("spawn");
    let started = std::time::Instant::now();
    while run.try_wait().expect("wait").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            run.kill().expect("kill");
            panic!("a run hangs");
        }
        thread::sleep(Duration::from_millis(50));
    }
    run.wait_with_output().expect("output")
}

/// Korf's first instance, 57 moves: past linear conflicts' probe, so a run fetches the databases.
const KORF_ONE: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

fn korf_goal() -> String {
    (0..16).map(|t| t.to_string()).collect::<Vec<_>>().join(" ")
}

/// A run of `eight steps` on Korf's first instance with its cache in `cache`.
fn korf_run(cache: &Path) -> Command {
    let mut command = common::process(assert_cmd::cargo::cargo_bin("eight"));
    command
        .args(["steps", "--size", "4x4", "--goal", &korf_goal(), KORF_ONE])
        .env("XDG_CACHE_HOME", cache)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

#[test]
fn a_first_4x4_run_says_what_it_builds_and_about_how_long_on_a_pipe_too() {
    let dir = tempfile::tempdir().expect("a folder");
    let output = korf_run(dir.path()).output().expect("runs");
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let folder = dir.path().join("eight");
    let line = format!(
        "eight: building the 15-puzzle 6-6-3 databases, built once into {}: about ",
        folder.display()
    );
    assert!(stderr.starts_with(&line), "{stderr}");
    assert!(stderr.contains(" so far; later runs read it\n"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    // the second run reads them, and says nothing
    let again = korf_run(dir.path()).output().expect("runs");
    assert_eq!(String::from_utf8_lossy(&again.stderr), "");
}

#[test]
fn concurrent_runs_share_one_whole_file() {
    let dir = tempfile::tempdir().expect("a folder");
    let runs: Vec<_> = (0..4)
        .map(|_| korf_run(dir.path()).spawn().expect("spawn"))
        .collect();
    for run in runs {
        let output = run.wait_with_output().expect("wait");
        assert!(output.status.success());
        assert_eq!(String::from_utf8_lossy(&output.stdout), "57\n");
        // no run found a damaged file: none read another's half-written one; a run may say
        // that it builds, whose build it waits for, and, on a loaded machine where that build
        // outlasts the wait, that it built its own
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr
                .lines()
                .all(|l| l.starts_with("eight: waiting for process")
                    || l.starts_with("eight: gave up waiting for")
                    || l.starts_with("eight: building the 15-puzzle 6-6-3 databases")),
            "{stderr}"
        );
    }
    let folder = dir.path().join("eight");
    assert_eq!(
        names(&folder),
        ["pdb-corner-v2.bin", "pdb-corner-v2.checked"]
    );
    assert!(fs::read(DiskCache::file(&folder, Class::Corner)).expect("cached") == reference());
}

#[test]
fn a_run_killed_while_building_leaves_no_cache_file() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut run = korf_run(dir.path()).spawn().expect("spawn");
    // past the probe (a tenth of a second), well within the build (seconds)
    thread::sleep(Duration::from_millis(600));
    run.kill().expect("kill");
    run.wait().expect("wait");
    let file = DiskCache::file(&dir.path().join("eight"), Class::Corner);
    if let Ok(bytes) = fs::read(&file) {
        assert!(bytes == reference(), "a cache file, if any, is whole");
    }
    let output = korf_run(dir.path()).output().expect("run");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "57\n");
    assert!(fs::read(&file).expect("cached") == reference());
}

#[test]
fn a_build_shows_its_progress_on_a_terminal_only() {
    let dir = tempfile::tempdir().expect("a folder");
    // `script` gives the run a terminal
    let command = format!(
        "XDG_CACHE_HOME={} {} steps --size 4x4 --goal '{}' '{KORF_ONE}'",
        dir.path().display(),
        assert_cmd::cargo::cargo_bin("eight").display(),
        korf_goal()
    );
    let output = common::process("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("script runs");
    let shown = String::from_utf8_lossy(&output.stdout);
    let tail: String = shown
        .chars()
        .rev()
        .take(300)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    assert!(
        shown.contains("15-puzzle 6-6-3 databases, built once into"),
        "{tail}"
    );
    assert!(shown.contains("100%"), "{tail}");
    assert!(shown.trim_end().ends_with("57"), "{tail}");
}

#[test]
fn every_rule_is_checked_once_a_file_and_again_when_it_changes() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = DiskCache::file(dir.path(), Class::Corner);
    let stamp = dir.path().join("pdb-corner-v2.checked");
    fs::write(&file, reference()).expect("write");
    let (cache, _) = cache_in(dir.path());
    assert!(ready(&cache, Class::Corner).is_some());
    let checked = fs::read_to_string(&stamp).expect("a stamp once checked");
    // an entry two too many in the open, the checksum made right, written in place: the file
    // is another, and every rule is checked again
    let open = [6usize, 4, 7, 8, 10, 12]
        .iter()
        .rev()
        .fold(0, |a, &c| a << 4 | c);
    thread::sleep(Duration::from_millis(20));
    fs::write(
        &file,
        poisoned(0, &|a, e| if a == open { e + 1 } else { e }),
    )
    .expect("write");
    let (again, warnings) = cache_in(dir.path());
    assert!(
        ready(&again, Class::Corner).is_none(),
        "trusted by its old stamp"
    );
    assert!(
        said(&warnings)[0].contains("not a true database"),
        "{:?}",
        said(&warnings)
    );
    // a forged stamp for another file changes nothing either
    fs::write(&file, reference()).expect("write");
    fs::write(&stamp, &checked).expect("write");
    let (third, _) = cache_in(dir.path());
    assert!(ready(&third, Class::Corner).is_some());
    assert_ne!(
        fs::read_to_string(&stamp).expect("a stamp"),
        checked,
        "stamped anew"
    );
}

#[test]
fn a_seal_finds_and_removes_what_changed_and_nothing_else() {
    let dir = tempfile::tempdir().expect("a folder");
    let kept = DiskCache::file(dir.path(), Class::Edge);
    let planted = DiskCache::file(dir.path(), Class::Corner);
    fs::write(&kept, b"as eight wrote it").expect("write");
    fs::write(&planted, b"as eight wrote it").expect("write");
    fs::write(dir.path().join("notes.txt"), b"not a database").expect("write");
    fs::write(dir.path().join("pdb-1abc.ent"), b"a user's").expect("write");
    let seal = cache::Seal::take(dir.path(), &|_| {}).expect("the lock");
    // held: no other writer takes the folder's lock while the seal is on
    let other = fs::File::open(dir.path()).expect("open");
    assert!(nix::fcntl::Flock::lock(other, nix::fcntl::FlockArg::LockExclusiveNonblock).is_err());
    // rewritten in place, same size: its change time moves
    thread::sleep(Duration::from_millis(20));
    fs::write(&planted, b"as eight wrote iT").expect("write");
    let forged = dir.path().join(format!(
        "{}.checked",
        kept.file_stem().expect("a name").to_string_lossy()
    ));
    fs::write(&forged, b"forged").expect("write");
    // what is not eight's is the user's, changed or new
    fs::write(dir.path().join("pdb-1abc.ent"), b"a user's, edited").expect("write");
    fs::write(dir.path().join(".eight-pdb-x"), b"new").expect("write");
    let mut removed = seal.break_changed();
    removed.sort();
    let mut expected = vec![forged, planted];
    expected.sort();
    assert_eq!(removed, expected);
    let mut left = names(dir.path());
    left.sort();
    let edge = kept
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    assert_eq!(
        left,
        [".eight-pdb-x", "notes.txt", "pdb-1abc.ent", edge.as_str()]
    );
    // and the lock is let go
    let other = fs::File::open(dir.path()).expect("open");
    assert!(nix::fcntl::Flock::lock(other, nix::fcntl::FlockArg::LockExclusiveNonblock).is_ok());
}

#[test]
fn a_full_disk_loses_no_answer_and_leaves_no_staged_file() {
    if !nix::unistd::geteuid().is_root() {
        // a small file system of its own needs root to mount
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    let folder = dir.path().join("eight");
    fs::create_dir(&folder).expect("a folder");
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=1m", "tmpfs"])
        .arg(&folder)
        .status();
    if !mounted.is_ok_and(|status| status.success()) {
        eprintln!("no tmpfs could be mounted here: the full-disk case is not run");
        return;
    }
    let output = korf_run(dir.path()).output().expect("run");
    let left = names(&folder);
    let unmounted = Command::new("umount")
        .arg(&folder)
        .status()
        .expect("umount");
    assert!(unmounted.success());
    assert_eq!(String::from_utf8_lossy(&output.stdout), "57\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("No space left on device"), "{stderr}");
    assert!(left.is_empty(), "{left:?}");
}

/// A small table's spec, quick to build: what the 7-8 and 6-6-6-6 files are, in little.
fn small_spec() -> Spec {
    Spec {
        family: Family::SEVEN_EIGHT,
        name: "test-4",
        pattern: Pattern::new(4, &[12, 13, 14, 15]),
        blank: 0,
    }
}

#[test]
fn a_compact_table_is_built_written_whole_and_read_back() {
    let dir = tempfile::tempdir().expect("a folder");
    let folder = dir.path().join("eight");
    let spec = small_spec();
    let (cache, warnings) = cache_in(&folder);
    assert!(cache.ready_table(&spec).is_none(), "nothing to read yet");
    let built = cache.table(&spec, &Control::default()).expect("built");
    let file = DiskCache::table_file(&folder, &spec);
    assert!(
        fs::read(&file).expect("written") == cache::encode(std::slice::from_ref(&spec), &[&*built])
    );
    assert_eq!(
        names(&folder),
        ["pdb-test-4-v2.bin", "pdb-test-4-v2.checked"],
        "no temporary left"
    );
    let (again, _) = cache_in(&folder);
    assert!(*again.ready_table(&spec).expect("read back") == *built);
    assert!(said(&warnings).is_empty(), "{:?}", said(&warnings));
}

#[test]
fn a_damaged_or_poisoned_compact_table_is_never_trusted_and_is_rebuilt() {
    let spec = small_spec();
    let built = SOURCE.table(&spec, &Control::default()).expect("built");
    let good = cache::encode(std::slice::from_ref(&spec), &[&*built]);
    let resum = |bytes: &mut Vec<u8>| {
        let body = bytes.len() - 4;
        let sum = crc32fast::hash(&bytes[..body]).to_le_bytes();
        bytes[body..].copy_from_slice(&sum);
    };
    let header = good.len() - 4 - spec.pattern.placements().div_ceil(2);
    let damages: Vec<Damage> = vec![
        ("a nibble flipped", Box::new(move |b| b[header + 1000] ^= 1)),
        ("truncated", Box::new(|b| b.truncate(b.len() / 2))),
        ("one byte more", Box::new(|b| b.push(0))),
        (
            "another pattern, checksum recomputed",
            Box::new(move |b| {
                b[header - 1] ^= 1;
                resum(b);
            }),
        ),
        (
            // every entry raised by two but the home placement's: whole, but not true
            "every excess raised, checksum recomputed",
            Box::new(move |b| {
                let end = b.len() - 4;
                for byte in &mut b[header..end] {
                    *byte = (*byte & 0xF0).saturating_add(0x10) | ((*byte & 0xF) + 1).min(15);
                }
                let home = Pattern::new(4, &[12, 13, 14, 15]).rank(&[12, 13, 14, 15]);
                b[header + home / 2] &= !(0xF << (4 * (home % 2)));
                resum(b);
            }),
        ),
    ];
    for (what, damage) in damages {
        let dir = tempfile::tempdir().expect("a folder");
        let file = DiskCache::table_file(dir.path(), &spec);
        let mut bytes = good.clone();
        damage(&mut bytes);
        fs::write(&file, &bytes).expect("write");
        let (cache, warnings) = cache_in(dir.path());
        assert!(cache.ready_table(&spec).is_none(), "{what}: trusted");
        let said = said(&warnings);
        assert_eq!(said.len(), 1, "{what}: {said:?}");
        assert!(
            said[0].contains("pdb-test-4-v2.bin") && said[0].contains("removed"),
            "{what}: {said:?}"
        );
        assert!(!file.exists(), "{what}: the damaged file is removed");
        // judged once a run: the rebuild is written whole in its place
        let rebuilt = cache.table(&spec, &Control::default()).expect("built");
        assert!(
            *rebuilt == *SOURCE.table(&spec, &Control::default()).expect("built"),
            "{what}"
        );
        assert!(fs::read(&file).expect("rewritten") == good, "{what}");
    }
}

#[test]
fn a_link_in_a_compact_table_s_place_is_left_as_it_is_never_written_through() {
    let dir = tempfile::tempdir().expect("a folder");
    let elsewhere = tempfile::tempdir().expect("another folder");
    let precious = elsewhere.path().join("precious");
    fs::write(&precious, b"not a cache").expect("write");
    let spec = small_spec();
    let file = DiskCache::table_file(dir.path(), &spec);
    std::os::unix::fs::symlink(&precious, &file).expect("link");
    let (cache, warnings) = cache_in(dir.path());
    assert!(cache.ready_table(&spec).is_none());
    cache.table(&spec, &Control::default()).expect("built");
    assert_eq!(fs::read(&precious).expect("still there"), b"not a cache");
    let metadata = fs::symlink_metadata(&file).expect("the cache");
    assert!(
        metadata.file_type().is_symlink(),
        "the link is left as it was"
    );
    assert!(
        said(&warnings)[0].contains("a link"),
        "{:?}",
        said(&warnings)
    );
}

#[test]
fn an_earlier_version_s_class_file_is_replaced_without_a_word() {
    // the layout before the 6-6-3 tables were nibbles: a byte an address, 33.6 MB a class
    let dir = tempfile::tempdir().expect("a folder");
    let file = DiskCache::file(dir.path(), Class::Edge);
    let mut earlier = cache::MAGIC.to_vec();
    earlier.extend(2u32.to_le_bytes());
    earlier.push(Class::Edge as u8);
    earlier.resize(33_558_564, 0);
    fs::write(&file, &earlier).expect("write");
    let (cache, warnings) = cache_in(dir.path());
    assert!(
        ready(&cache, Class::Edge).is_none(),
        "an earlier layout read"
    );
    assert!(!file.exists(), "the earlier file is removed");
    get(&cache, Class::Edge);
    assert!(fs::metadata(&file).expect("rebuilt").len() < 17_000_000);
    assert!(said(&warnings).is_empty(), "{:?}", said(&warnings));
    // the same size with another class's header is damage, and said
    let dir = tempfile::tempdir().expect("a folder");
    let file = DiskCache::file(dir.path(), Class::Corner);
    fs::write(&file, &earlier).expect("write");
    let (cache, warnings) = cache_in(dir.path());
    assert!(ready(&cache, Class::Corner).is_none());
    assert!(
        said(&warnings)[0].contains("bytes where"),
        "{:?}",
        said(&warnings)
    );
}

#[test]
fn a_table_on_disk_is_seen_as_cached_without_being_read() {
    let dir = tempfile::tempdir().expect("a folder");
    let spec = small_spec();
    let (cache, warnings) = cache_in(dir.path());
    assert!(!cache.cached(&spec), "nothing there");
    // a file of the right size is cached as far as a plan can tell, and nothing is read or said
    let built = SOURCE.table(&spec, &Control::default()).expect("built");
    let whole = cache::encode(std::slice::from_ref(&spec), &[&*built]);
    let file = DiskCache::table_file(dir.path(), &spec);
    fs::write(&file, vec![0; whole.len()]).expect("write");
    assert!(cache.cached(&spec));
    assert!(said(&warnings).is_empty(), "{:?}", said(&warnings));
    // read, it is found damaged, and from then on it is not cached
    assert!(cache.ready_table(&spec).is_none());
    assert_eq!(said(&warnings).len(), 1, "{:?}", said(&warnings));
    assert!(!cache.cached(&spec));
    // a whole file is, and so is a table held in memory once read
    fs::write(&file, &whole).expect("write");
    let (again, _) = cache_in(dir.path());
    assert!(again.cached(&spec));
    assert!(again.ready_table(&spec).is_some());
    fs::remove_file(&file).expect("remove");
    assert!(again.cached(&spec), "held in memory");
}
