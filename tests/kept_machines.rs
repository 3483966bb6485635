//! The duplicate-path machines kept in the cache folder: a search reads the one kept for its
//! board instead of building machines, and its answers are the same; a damaged or planted file is
//! said, removed and never used; `eight cache` names the files and `eight cache build detours`
//! makes them.

use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use eight::cache::machines::{self, Kept, KEPT};
use eight::cache::DiskCache;
use eight::solve::detours::{Detours, Keeper};
use eight::solve::pdb::{Pdb, Spec, Supply};
use eight::solve::Control;
use eight::solve::{Engine, Outcome, Store};
use eight::Guide;
use eight::{Board, Move, Shape};

/// The disk cache in a folder, counting the machines it hands out, and its warnings.
struct Counting {
    cache: DiskCache,
    handed: AtomicUsize,
}

impl Supply for Counting {
    fn ready_table(&self, spec: &Spec) -> Option<Arc<Pdb>> {
        self.cache.ready_table(spec)
    }

    fn table(&self, spec: &Spec, control: &Control) -> Option<Arc<Pdb>> {
        self.cache.table(spec, control)
    }

    fn keeper(&self) -> Option<&dyn Keeper> {
        Some(self)
    }
}

impl Keeper for Counting {
    fn kept_machine(&self, shape: Shape) -> Option<Arc<Detours>> {
        let kept = self.cache.kept_machine(shape);
        self.handed
            .fetch_add(usize::from(kept.is_some()), Ordering::Relaxed);
        kept
    }

    fn keep_machine(&self, machine: &Detours) {
        self.cache.keep_machine(machine);
    }
}

type Warnings = Arc<Mutex<Vec<String>>>;

fn counting(folder: &Path) -> (Arc<Counting>, Warnings) {
    let warnings = Warnings::default();
    let heard = Arc::clone(&warnings);
    let warn = move |line: &str| heard.lock().expect("lock").push(line.to_string());
    let cache = DiskCache::new(
        Some(folder.to_path_buf()),
        Box::new(|_, _, _| {}),
        Box::new(warn),
    );
    let supply = Counting {
        cache,
        handed: AtomicUsize::new(0),
    };
    (Arc::new(supply), warnings)
}

/// 4×4 boards of 36 to 46 moves from Korf's goal (the blank first), whose searches spend some
/// 200,000 to 500,000 nodes guided by linear conflicts (no databases to build): enough to pay for
/// a machine before their last iteration.
const BOARDS: [&str; 3] = [
    "6 1 2 3 8 4 7 5 10 9 13 14 12 0 11 15",
    "6 1 7 4 2 13 11 0 12 8 3 5 9 14 10 15",
    "2 8 7 1 14 4 6 5 0 9 15 3 13 11 12 10",
];

/// The canonical paths of [`BOARDS`] with `store`, and the nodes in all.
fn paths(store: Arc<Store>) -> (Vec<String>, u64) {
    let mut engine = Engine::default()
        .with_store(store)
        .with_guide(Guide::CONFLICTS)
        .with_jobs(1);
    let goal = Board::blank_first_goal(Shape::SQUARE4);
    let (mut found, mut nodes) = (Vec::new(), 0);
    for text in BOARDS {
        let board = Board::parse(text, Shape::SQUARE4).expect("a board");
        let solved = engine.solve(&board, goal, None);
        let Outcome::Found(path) = solved.outcome else {
            panic!("{board}: {:?}", solved.outcome)
        };
        assert_eq!(board.replay(&path).as_ref(), Ok(goal), "{board}");
        found.push(path.to_string());
        nodes += solved.report.stats.expanded;
    }
    (found, nodes)
}

fn four() -> Kept {
    Kept::of(Shape::SQUARE4).expect("a machine kept for 4x4")
}

#[test]
fn a_kept_machine_is_read_instead_of_built_and_answers_do_not_change() {
    let dir = tempfile::tempdir().expect("a folder");
    let (supply, warnings) = counting(dir.path());
    supply.cache.build_machine(four()).expect("built and kept");
    let file = dir.path().join(four().name());
    assert!(file.is_file(), "{} written", file.display());
    let (with, fewer) = paths(Arc::new(Store::new(supply.clone())));
    assert_eq!(
        supply.handed.load(Ordering::Relaxed),
        1,
        "read once a run: {:?}",
        warnings.lock()
    );
    let (without, nodes) = paths(Arc::default());
    assert_eq!(with, without, "the same canonical paths");
    // the deeper machine, read at once, cuts more than those built as the searches pay
    assert!(fewer < nodes, "{fewer} nodes with it, {nodes} without");
    assert!(warnings.lock().expect("lock").is_empty());
}

#[test]
fn a_damaged_or_planted_machine_is_said_removed_and_never_used() {
    let kept = four();
    let whole = machines::encode(&Detours::new(kept.shape, kept.depth));
    let mut flipped = whole.clone();
    flipped[100] ^= 0x10;
    // a machine that cuts a canonical sequence (the first move right from the first cell), its
    // checksum made right: a planted file
    let mut planted = whole[..whole.len() - 4].to_vec();
    let right = 8 + 4 + 3 + 8 + 4 + 4 * Move::Right as usize;
    planted[right..right + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    let sum = crc32fast::hash(&planted);
    planted.extend(sum.to_le_bytes());
    for (index, (what, bytes)) in [
        ("flipped", flipped),
        ("cut short", whole[..whole.len() / 2].to_vec()),
        ("planted", planted),
    ]
    .into_iter()
    .enumerate()
    {
        let dir = tempfile::tempdir().expect("a folder");
        let file = dir.path().join(kept.name());
        fs::write(&file, bytes).expect("written");
        let (supply, warnings) = counting(dir.path());
        let found = paths(Arc::new(Store::new(supply.clone())));
        assert_eq!(
            found,
            paths(Arc::default()),
            "{what}: the same paths and nodes"
        );
        assert_eq!(supply.handed.load(Ordering::Relaxed), 0, "{what}: not used");
        let said = warnings.lock().expect("lock").join("\n");
        assert!(
            said.contains(&file.display().to_string()) && said.contains("removed"),
            "{what}: {said}"
        );
        let why = ["checksum", "checksum", "cuts the moves r from cell 0"][index];
        assert!(said.contains(why), "{what}: {said}");
        assert!(!file.exists(), "{what}: removed");
    }
}

#[test]
fn a_link_in_a_machine_s_place_is_never_followed() {
    let dir = tempfile::tempdir().expect("a folder");
    let elsewhere = dir.path().join("elsewhere");
    fs::write(&elsewhere, b"mine").expect("written");
    let folder = dir.path().join("cache");
    fs::create_dir(&folder).expect("made");
    let file = folder.join(four().name());
    std::os::unix::fs::symlink(&elsewhere, &file).expect("a link");
    let (supply, _) = counting(&folder);
    assert!(supply.kept_machine(Shape::SQUARE4).is_none());
    // nor written through, nor replaced: it is the user's
    let refused = supply.cache.build_machine(four()).expect_err("refused");
    assert!(refused.to_string().contains("link"), "{refused}");
    assert_eq!(fs::read(&elsewhere).expect("read"), b"mine");
    assert!(file.symlink_metadata().expect("there").is_symlink());
}

#[test]
fn the_cache_command_builds_and_names_the_machines() {
    let dir = tempfile::tempdir().expect("a folder");
    let eight = || {
        let mut command = assert_cmd::Command::cargo_bin("eight").expect("the binary");
        command.env("EIGHT_CACHE_DIR", dir.path());
        command
    };
    let built = eight()
        .args(["cache", "build", "detours"])
        .assert()
        .success();
    let said = String::from_utf8_lossy(&built.get_output().stderr).into_owned();
    for kept in KEPT {
        // said before it starts, with its size and time
        assert!(
            said.contains(&kept.describe()) && said.contains(kept.cost),
            "{said}"
        );
        assert!(dir.path().join(kept.name()).is_file());
    }
    let shown = eight().arg("cache").assert().success();
    let shown = String::from_utf8_lossy(&shown.get_output().stdout).into_owned();
    for kept in KEPT {
        assert!(shown.contains(&format!("{}  ", kept.name())), "{shown}");
        assert!(shown.contains(&kept.describe()), "{shown}");
    }
    let help = eight()
        .args(["cache", "build", "--help"])
        .assert()
        .success();
    assert!(String::from_utf8_lossy(&help.get_output().stdout).contains("detours"));
    eight().args(["cache", "clear"]).assert().success();
    assert!(KEPT
        .iter()
        .all(|kept| !dir.path().join(kept.name()).exists()));
}

#[test]
fn a_machine_a_search_built_is_kept_when_it_is_the_kept_depth_alone() {
    let dir = tempfile::tempdir().expect("a folder");
    let (supply, warnings) = counting(dir.path());
    supply.keep_machine(&Detours::new(Shape::SQUARE4, 12));
    assert_eq!(
        fs::read_dir(dir.path()).expect("there").count(),
        0,
        "not its depth"
    );
    let built = Detours::new(Shape::SQUARE4, four().depth);
    supply.keep_machine(&built);
    // a later run reads it back, the same machine
    let (later, _) = counting(dir.path());
    let read = later.kept_machine(Shape::SQUARE4).expect("kept");
    assert_eq!(read.parts(), built.parts());
    assert!(later
        .kept_machine(Shape::new(4, 3).expect("a shape"))
        .is_none());
    assert!(warnings.lock().expect("lock").is_empty());
}
