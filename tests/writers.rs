//! Nothing eight writes replaces what it did not make (issue 36): at a path that is a device,
//! a FIFO or a link, `show --svg`, `show --html` and `histogram --svg` write in place (a
//! device, a FIFO, a link to one) or refuse (a link to a regular file); `gen --out`, `batch
//! --bless` and the cache take regular files only, and refuse the rest (the cache's through the
//! same writer, `eight::staged`, whose unit test tries it). What was there stays.

mod common;
use common::eight;

use std::fs;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};

/// The ways of writing a picture to `FILE`.
fn pictures(file: &Path) -> Vec<Vec<String>> {
    let file = file.display().to_string();
    vec![
        vec![
            "show".into(),
            "--svg".into(),
            file.clone(),
            "234150768".into(),
        ],
        vec![
            "show".into(),
            "--html".into(),
            file.clone(),
            "234150768".into(),
        ],
        vec![
            "histogram".into(),
            "--size".into(),
            "2x2".into(),
            "--svg".into(),
            file,
        ],
    ]
}

fn kind(path: &Path) -> fs::FileType {
    fs::symlink_metadata(path).expect("still there").file_type()
}

#[test]
fn a_device_is_written_in_place_never_replaced() {
    if !nix::unistd::geteuid().is_root() {
        common::skipped("a device test", "needs root, to make a device node");
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    use nix::sys::stat::{makedev, mknod, Mode, SFlag};
    let (null, full) = (dir.path().join("null"), dir.path().join("full"));
    mknod(&null, SFlag::S_IFCHR, Mode::S_IRWXU, makedev(1, 3)).expect("a null device");
    mknod(&full, SFlag::S_IFCHR, Mode::S_IRWXU, makedev(1, 7)).expect("a full device");
    for arguments in pictures(&null) {
        eight().args(&arguments).assert().success();
        assert!(kind(&null).is_char_device(), "{arguments:?} replaced it");
    }
    // a device that takes nothing: the write fails, said, and the device stays
    for arguments in pictures(&full) {
        let output = eight().args(&arguments).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains("No space left on device"), "{said}");
        assert!(kind(&full).is_char_device(), "{arguments:?} replaced it");
    }
}

#[test]
fn a_fifo_is_written_in_place_and_a_link_only_to_a_stream() {
    let dir = tempfile::tempdir().expect("a folder");
    let fifo = dir.path().join("fifo");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).expect("a FIFO");
    for arguments in pictures(&fifo) {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).expect("read"))
        };
        eight().args(&arguments).assert().success();
        let text = reader.join().expect("read");
        assert!(text.contains("<svg"), "{arguments:?}: {text}");
        assert!(kind(&fifo).is_fifo(), "{arguments:?} replaced it");
    }
    // a link to standard output, as /dev/stdout is
    let out = dir.path().join("stdout");
    std::os::unix::fs::symlink("/proc/self/fd/1", &out).expect("a link");
    for arguments in pictures(&out) {
        let output = eight().args(&arguments).output().expect("runs");
        assert!(output.status.success(), "{arguments:?}");
        assert!(String::from_utf8_lossy(&output.stdout).contains("<svg"));
        assert!(kind(&out).is_symlink(), "{arguments:?} replaced it");
    }
    // a link to a regular file: refused, the link and the file as they were
    let file = dir.path().join("mine.txt");
    fs::write(&file, "mine\n").expect("write");
    let link = dir.path().join("link.svg");
    std::os::unix::fs::symlink(&file, &link).expect("a link");
    for arguments in pictures(&link) {
        let output = eight().args(&arguments).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains("a symbolic link to a regular file"), "{said}");
        assert!(kind(&link).is_symlink());
        assert_eq!(fs::read_to_string(&file).expect("read"), "mine\n");
    }
    let left: Vec<PathBuf> = fs::read_dir(dir.path())
        .expect("list")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.to_string_lossy().ends_with(".partial"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn pairs_and_answers_take_regular_files_only() {
    let dir = tempfile::tempdir().expect("a folder");
    let fifo = dir.path().join("set.in");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).expect("a FIFO");
    let output = eight()
        .args(["gen", "p1379", "-n", "3", "--force", "--out"])
        .arg(dir.path().join("set"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("it is a FIFO, and only a regular file is replaced"),
        "{said}"
    );
    assert!(kind(&fifo).is_fifo());
    assert!(!dir.path().join("set.out").exists());
    // batch --bless: an answer file that is a FIFO is refused, and stays
    fs::create_dir(dir.path().join("p1379")).expect("folder");
    fs::write(dir.path().join("p1379/a.in"), "283104765\n").expect("write");
    let answer = dir.path().join("p1379/a.out");
    nix::unistd::mkfifo(&answer, nix::sys::stat::Mode::S_IRWXU).expect("a FIFO");
    let output = eight()
        .args(["batch", "--bless"])
        .arg(dir.path().join("p1379"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.contains("it is a FIFO"), "{said}");
    assert!(kind(&answer).is_fifo());
}
