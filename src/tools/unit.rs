//! One board's search spread over machines: a unit of work is one share of one IDA* iteration
//! (`eight path --part K/N --bound B --json BOARD`), written as one JSON record; a wave is the N
//! units of one bound, run by any scheduler (GNU parallel, Slurm); [`merge`] reads a wave's
//! records and gives the answer, or the bound of the next wave.
//!
//! The shares follow the canonical order, and each holds the canonical-first path of its
//! boards, so at the answer's length the lowest share with a path holds the canonical path, and
//! the shares after it need not run; for a judge that prints a count, a share stops at the
//! first path it finds and any share's path answers. A unit on one thread is deterministic: run
//! again (killed, lost), it writes the same record, its time and host aside.

use serde::{Deserialize, Serialize};

use crate::puzzle::{Board, Path, Shape};
use crate::solve::ida::Share;
use crate::solve::{Outcome, Solution, Want};

/// The most shares of an iteration: more would leave most of them without a board (the
/// iteration's boards a dozen moves in are some tens of thousands on 5×5).
pub const MOST_PARTS: u32 = 1_000_000;

/// What a unit found, and what it cost: one line of JSON.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Record {
    /// The judge whose format the answer takes (the command's id, or the alias run).
    pub judge: String,
    /// The board searched.
    pub start: String,
    /// Its goal.
    pub goal: String,
    /// The boards' size, `WxH` (records before it was written are read as square boards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<String>,
    /// This unit's share, from 1.
    pub part: u32,
    /// The shares of the iteration.
    pub parts: u32,
    /// The iteration's bound.
    pub bound: u32,
    /// Whether the start reaches the goal at all (by parity; then no share searches).
    pub solvable: bool,
    /// The canonical-first path of exactly `bound` moves in this share, if it holds one (for a
    /// judge that prints a count, the first found).
    pub path: Option<String>,
    /// The least estimate above the bound that the share met: no path is shorter than the
    /// least of these over a wave's shares, when none holds a path (`None`: the share met none).
    pub next_bound: Option<u32>,
    /// The nodes the unit expanded.
    pub expanded: u64,
    /// What guided it (`pdb-7-8`, `conflicts`, …).
    pub method: String,
    /// Its time in seconds: with `host`, what differs when a unit is run again.
    pub seconds: f64,
    /// The machine that ran it, as it names itself (the command line's; `None` where unknown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
}

impl Record {
    /// The record of `share` of the search from `start` to `goal`, for `judge`, from the
    /// engine's solution (found with the share as its bounds).
    pub fn new(
        judge: &str,
        (start, goal): (&Board, &Board),
        share: Share,
        solution: &Solution,
    ) -> Record {
        let (solvable, path, next_bound) = match &solution.outcome {
            Outcome::Found(path) => (true, Some(path.to_string()), None),
            Outcome::Unreachable => (false, None, None),
            // every path of the share is longer than `beyond`: the next bound is one more
            Outcome::Beyond(beyond) => (true, None, beyond.checked_add(1)),
            Outcome::Exhausted => (true, None, None),
        };
        Record {
            judge: judge.to_string(),
            start: start.to_string(),
            goal: goal.to_string(),
            size: Some(start.shape().to_string()),
            part: share.part,
            parts: share.parts,
            bound: share.bound,
            solvable,
            path,
            next_bound,
            expanded: solution.report.stats.expanded,
            method: solution.report.method.name().to_string(),
            seconds: solution.report.stats.time.as_secs_f64(),
            host: None,
        }
    }
}

/// What a wave's records say.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Merged {
    /// The canonical path (the bound is its length), or `None`: the start does not reach the goal.
    Answer(Option<Path>),
    /// No share holds a path: the next wave's bound.
    Next(u32),
}

/// Why a wave's records give no answer: each names the records or the shares at fault.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Mismatch(pub String);

/// The wave of `records` (each with where it was read, for the errors), merged for the path
/// `want` says: the answer when a share holds a path (the canonical path: the lowest such
/// share's, every share before it read; a shortest: any share's, no other needed), else the next
/// bound (every share read); an error when a share is missing, a record is of another search or
/// wave than the first, or two records of one share disagree.
pub fn merge(records: &[(String, Record)], want: Want) -> Result<Merged, Mismatch> {
    let Some((first_place, first)) = records.first() else {
        return Err(Mismatch("no records: a wave's units write one each".into()));
    };
    if !(1..=MOST_PARTS).contains(&first.parts) {
        return Err(Mismatch(format!(
            "{first_place}: {} shares: a wave has 1 to {MOST_PARTS}",
            first.parts
        )));
    }
    // the boards are read, not believed: the answer is replayed from one to the other
    let (start, goal) = boards(first_place, first)?;
    let mut shares: Vec<Option<&(String, Record)>> = vec![None; first.parts as usize];
    for entry @ (place, record) in records {
        let same = (
            &record.judge,
            &record.start,
            &record.goal,
            &record.size,
            record.bound,
            record.parts,
        ) == (
            &first.judge,
            &first.start,
            &first.goal,
            &first.size,
            first.bound,
            first.parts,
        );
        if !same {
            return Err(Mismatch(format!(
                "{place}: a record of {} at bound {} in {} shares, where {first_place} is of {} at \
                 bound {} in {} shares: merge one wave of one search",
                record.start, record.bound, record.parts, first.start, first.bound, first.parts
            )));
        }
        if record.part == 0 || record.part > record.parts {
            return Err(Mismatch(format!(
                "{place}: share {} of {}: shares are numbered from 1",
                record.part, record.parts
            )));
        }
        if record.solvable != start.reaches(&goal) {
            let reaches = match start.reaches(&goal) {
                true => "reaches",
                false => "does not reach",
            };
            return Err(Mismatch(format!(
                "{place}: `\"solvable\": {}`, but {} {reaches} {}: a record that is not a unit's",
                record.solvable, record.start, record.goal
            )));
        }
        let slot = &mut shares[record.part as usize - 1];
        match slot {
            // the same unit run twice: the same record, its time and host aside
            Some((other, kept))
                if (&kept.path, kept.next_bound, kept.expanded, &kept.method)
                    != (
                        &record.path,
                        record.next_bound,
                        record.expanded,
                        &record.method,
                    ) =>
            {
                return Err(Mismatch(format!(
                    "{place} and {other}: two different records of share {} of {}",
                    record.part, record.parts
                )));
            }
            Some(_) => {}
            None => *slot = Some(entry),
        }
    }
    // no share searches a board that does not reach its goal: each record says so
    if !first.solvable {
        return Ok(Merged::Answer(None));
    }
    // the lowest share with a path holds the canonical one: the shares after it need not run
    let lowest = shares
        .iter()
        .flatten()
        .find(|(_, record)| record.path.is_some());
    let needed = match (lowest, want) {
        (None, _) => first.parts,
        // a count's answer is the bound: any share's path proves it
        (Some(_), Want::Shortest) => 0,
        (Some((_, record)), Want::Canonical) => record.part,
    };
    let missing: Vec<String> = (1..=needed)
        .filter(|&part| shares[part as usize - 1].is_none())
        .map(|part| part.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(Mismatch(format!(
            "no record of share {} of {} at bound {}: run {} again",
            missing.join(", "),
            first.parts,
            first.bound,
            if missing.len() == 1 { "it" } else { "them" }
        )));
    }
    if let Some((place, record)) = lowest {
        let text = record.path.as_deref().unwrap_or_default();
        let path: Path = text.parse().map_err(|_| {
            Mismatch(format!(
                "{place}: `{text}` is not a path of moves d, l, r and u"
            ))
        })?;
        if start.replay(&path).ok() != Some(goal) {
            return Err(Mismatch(format!(
                "{place}: `{text}` does not lead from {} to {}: a record that is not a unit's",
                record.start, record.goal
            )));
        }
        if path.len() as u32 != record.bound {
            return Err(Mismatch(format!(
                "{place}: a path of {} moves at bound {}: a wave at a lower bound was skipped, so \
                 it may not be the shortest; start the waves at bound 0",
                path.len(),
                record.bound
            )));
        }
        return Ok(Merged::Answer(Some(path)));
    }
    records
        .iter()
        .filter_map(|(_, record)| record.next_bound)
        .min()
        .map(Merged::Next)
        .ok_or_else(|| {
            Mismatch(format!(
                "no share at bound {} holds a path or met a board past it",
                first.bound
            ))
        })
}

/// The start and the goal of `record` (read at `place`), read as boards of its size.
fn boards(place: &str, record: &Record) -> Result<(Board, Board), Mismatch> {
    let cells = record
        .start
        .split_whitespace()
        .count()
        .max(record.start.len().min(9));
    let shape = match &record.size {
        Some(size) => size
            .parse::<Shape>()
            .map_err(|error| Mismatch(format!("{place}: the size `{size}`: {error}")))?,
        // a record of before the size was written: a square board
        None => {
            let side = (2..=16).find(|side| side * side == cells).ok_or_else(|| {
                Mismatch(format!("{place}: a board of {cells} cells and no size"))
            })?;
            Shape::new(side, side).map_err(|error| Mismatch(format!("{place}: {error}")))?
        }
    };
    let board = |text: &str, what: &str| {
        Board::parse(text, shape).map_err(|error| {
            Mismatch(format!(
                "{place}: the {what} `{text}` is no {shape} board: {error}"
            ))
        })
    };
    Ok((board(&record.start, "start")?, board(&record.goal, "goal")?))
}
