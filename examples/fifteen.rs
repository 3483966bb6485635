//! A 4×4 query through the disk cache: the first run builds the 15-puzzle's pattern databases
//! into eight's cache folder (the one `eight cache` shows), later runs read them in a moment.
//! The board is the shortest of Korf's 100 (41 moves).
//!
//! `cargo run --release --example fifteen` (it needs the `cache` feature, on by default).

use std::sync::Arc;

use eight::cache::DiskCache;
use eight::solve::{Outcome, Store};
use eight::{Board, Engine, Shape};

fn main() {
    // the folder eight's command line uses; with none (no absolute $HOME), memory alone. The
    // library says nothing of its own: a build is told through the progress given here, a line
    // when each begins (`DiskCache::in_folder` gives none)
    let begun = std::sync::Mutex::new(String::new());
    let progress = move |what: &str, _done: u64, _total: u64| {
        let mut last = begun
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if *last != what {
            eprintln!("building the {what}, once: some seconds");
            *last = what.to_string();
        }
    };
    let cache = DiskCache::new(DiskCache::folder(), Box::new(progress), Box::new(|_| {}));
    let mut engine = Engine::default().with_store(Arc::new(Store::new(Arc::new(cache))));

    let start =
        Board::parse("13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11", Shape::SQUARE4).expect("a 4×4 board");
    let goal =
        Board::parse("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", Shape::SQUARE4).expect("a 4×4 board");
    // what answered and at what cost come back with the path
    let solution = engine.solve(&start, &goal, None);
    let Outcome::Found(path) = solution.outcome else {
        panic!("the pair meets: {:?}", solution.outcome)
    };
    assert_eq!(path.len(), 41);

    // the path replayed: every move legal, and the goal at the end
    let mut board = start;
    for &step in &path.0 {
        board = board.apply(step).expect("a legal move");
    }
    assert_eq!(board, goal);
    let report = solution.report;
    println!("{} moves: {path}", path.len());
    println!(
        "{}: {} boards expanded in {:.2?}",
        report.method.name(),
        report.stats.expanded,
        report.stats.time
    );
}
