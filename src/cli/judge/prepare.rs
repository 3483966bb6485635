//! What the judge does before any program runs: the databases that checking will search with,
//! fetched through the engine's plan.

use std::fs;
use std::io;

use eight::cache::DiskCache;
use eight::format::{Cases, Item, Judge, Origin};
use eight::puzzle::Board;
use eight::Engine;

use super::sandbox::snapshot::{Snapshot, Span};

/// The databases the checking engine's searches start with, read from the cache or built
/// before any program runs: what the judge checks with is never something a program could have
/// written. The inputs are read from the snapshot for the goals of their cases of more than 9
/// cells (a case whose goal needs no databases, or a malformed one, costs a read); the engine's
/// plan chooses the databases, as for its queries. The cache folder is made if need be, so that
/// each run's supervisor can hide it.
pub(super) fn prepare<'a>(
    judge: &Judge,
    snapshot: &Snapshot,
    spans: impl Iterator<Item = &'a Span>,
    engine: &Engine,
) {
    // a judge that asks no search (a parity, a scatter) needs no databases
    let may_be_large = judge.shape.cells() > 9 || judge.sided();
    if !may_be_large || !judge.answer.is_path() {
        return;
    }
    let mut goals: Vec<Board> = Vec::new();
    for span in spans {
        let input = io::BufReader::new(snapshot.read(*span));
        let mut cases = Cases::with(input, Origin::Line, judge.reading());
        while let Ok(item) = cases.next(&mut || Ok(())) {
            match item {
                Item::Case(case) if case.boards[0].cells().len() > 9 => {
                    let (_, goal) = judge.problem(case.boards);
                    if !goals.contains(goal) {
                        goals.push(*goal);
                    }
                }
                Item::End => break,
                _ => {}
            }
        }
    }
    if goals.is_empty() {
        return;
    }
    if let Some(folder) = DiskCache::folder() {
        let _ = fs::create_dir_all(folder);
    }
    engine.prepare(&goals);
}
