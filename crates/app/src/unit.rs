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

use eight::puzzle::{Board, Path, Shape};
use eight::solve::{Outcome, Solution, Want};
use eight::solve::{Range, Share, Slice, PLACES};

/// The most shares of an iteration: more would leave most of them without a board (the
/// iteration's boards a dozen moves in are some tens of thousands on 5×5).
pub const MOST_PARTS: u32 = 1_000_000;

/// What a unit found, and what it cost: one line of JSON.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct UnitRecord {
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
    /// The places of its boards, `[from, to)` (`eight::solve::PLACES`), when the wave's shares
    /// were cut by place (`--range`) rather than by count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<[u32; 2]>,
    /// The nodes below its boards, in runs from a place each: what [`even`] cuts the next wave's
    /// shares by.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slices: Vec<Slice>,
}

impl UnitRecord {
    /// The record of `share` of the search from `start` to `goal`, for `judge`, from the
    /// engine's solution (found with the share as its bounds).
    pub fn new(
        judge: &str,
        (start, goal): (&Board, &Board),
        share: Share,
        solution: &Solution,
    ) -> UnitRecord {
        let (solvable, path, next_bound) = match &solution.outcome {
            Outcome::Found(path) => (true, Some(path.to_string()), None),
            Outcome::Unreachable => (false, None, None),
            // every path of the share is longer than `beyond`: the next bound is one more
            Outcome::Beyond(beyond) => (true, None, beyond.checked_add(1)),
            Outcome::Exhausted => (true, None, None),
        };
        UnitRecord {
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
            range: share.range.map(|range| [range.from, range.to]),
            slices: solution.report.slices.clone(),
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
pub fn merge(records: &[(String, UnitRecord)], want: Want) -> Result<Merged, Mismatch> {
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
    let mut shares: Vec<Option<&(String, UnitRecord)>> = vec![None; first.parts as usize];
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
        if let Some(next) = record.next_bound.filter(|&next| next <= record.bound) {
            return Err(Mismatch(format!(
                "{place}: a next bound of {next} at bound {}: a unit's next bound is above its \
                 own, so this record is not a unit's",
                record.bound
            )));
        }
        if let (Some(_), Some(next)) = (&record.path, record.next_bound) {
            return Err(Mismatch(format!(
                "{place}: a path and a next bound of {next}: a unit that holds a path has no next \
                 bound, so this record is not a unit's"
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
                if (
                    &kept.path,
                    kept.next_bound,
                    kept.expanded,
                    &kept.method,
                    kept.range,
                    &kept.slices,
                ) != (
                    &record.path,
                    record.next_bound,
                    record.expanded,
                    &record.method,
                    record.range,
                    &record.slices,
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
    tiled(&shares)?;
    for (place, record) in records {
        sliced(place, record)?;
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
    let missing: Vec<u32> = (1..=needed)
        .filter(|&part| shares[part as usize - 1].is_none())
        .collect();
    if !missing.is_empty() {
        let (what, them) = match missing.len() {
            1 => ("share", "it"),
            _ => ("shares", "them"),
        };
        return Err(Mismatch(format!(
            "no record of {what} {} of {} at bound {}: run {them} again",
            runs(&missing),
            first.parts,
            first.bound,
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

/// The most runs of missing shares an error names: a wave of a million shares with one record
/// read is one run, but scattered losses are named up to here, then counted.
const MOST_RUNS: usize = 8;

/// `parts` (ascending) as runs, `2-5, 9, 12-40`, the first [`MOST_RUNS`] of them, then how many
/// more shares are missing: a line a user reads whatever the wave's size.
fn runs(parts: &[u32]) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &part in parts {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == part => *last = part,
            _ => runs.push((part, part)),
        }
    }
    let named = runs
        .iter()
        .take(MOST_RUNS)
        .map(|&(from, to)| match from == to {
            true => from.to_string(),
            false => format!("{from}-{to}"),
        });
    let mut said = named.collect::<Vec<_>>().join(", ");
    let shown: u32 = runs
        .iter()
        .take(MOST_RUNS)
        .map(|&(from, to)| to - from + 1)
        .sum();
    if runs.len() > MOST_RUNS {
        said += &format!(" and {} more", parts.len() as u32 - shown);
    }
    said
}

/// Whether `record`'s slices (read at `place`) are a unit's: in ascending places, below
/// [`PLACES`] and inside its range if it has one, their nodes no more than it expanded. A
/// record whose slices were changed would cut the next wave (`merge --even`) by its own say.
fn sliced(place: &str, record: &UnitRecord) -> Result<(), Mismatch> {
    let [from, to] = record.range.unwrap_or([0, PLACES]);
    let ascending = record
        .slices
        .windows(2)
        .all(|pair| pair[0].from < pair[1].from);
    let inside = record
        .slices
        .iter()
        .all(|slice| (from..to.min(PLACES)).contains(&slice.from));
    let nodes = record
        .slices
        .iter()
        .try_fold(0u64, |sum, slice| sum.checked_add(slice.nodes));
    if ascending && inside && nodes.is_some_and(|nodes| nodes <= record.expanded) {
        return Ok(());
    }
    Err(Mismatch(format!(
        "{place}: slices that are not a unit's (a unit's lie in ascending places inside its share's, \
         their nodes at most the {} it expanded)",
        record.expanded
    )))
}

/// The start and the goal of `record` (read at `place`), read as boards of its size.
fn boards(place: &str, record: &UnitRecord) -> Result<(Board, Board), Mismatch> {
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

/// Whether the shares read, cut by place, cover the places together: every record with a range
/// or none, the first from place 0, the last to [`PLACES`], and each one's end the start of the
/// next one read.
fn tiled(shares: &[Option<&(String, UnitRecord)>]) -> Result<(), Mismatch> {
    let read: Vec<&(String, UnitRecord)> = shares.iter().flatten().copied().collect();
    let ranged = read
        .iter()
        .filter(|(_, record)| record.range.is_some())
        .count();
    if ranged == 0 {
        return Ok(());
    }
    if ranged != read.len() {
        let (with, without) = (
            read.iter().find(|(_, record)| record.range.is_some()),
            read.iter().find(|(_, record)| record.range.is_none()),
        );
        let (with, without) = (with.map(|entry| &entry.0), without.map(|entry| &entry.0));
        return Err(Mismatch(format!(
            "{} is cut by place (\"range\") and {} by count: merge one wave of one search",
            with.map_or("", String::as_str),
            without.map_or("", String::as_str)
        )));
    }
    let parts = shares.len();
    for (index, entry) in shares.iter().enumerate() {
        let Some((place, record)) = entry else {
            continue;
        };
        let [from, to] = record.range.unwrap_or_default();
        let fits = from <= to
            && to <= PLACES
            && (index > 0 || from == 0)
            && (index + 1 < parts || to == PLACES);
        let next = shares.get(index + 1).copied().flatten();
        let meets = match next {
            Some((_, after)) => after.range.is_some_and(|[start, _]| start == to),
            None => true,
        };
        if !fits || !meets {
            return Err(Mismatch(format!(
                "{place}: share {} of {parts} holds the places {from} to {to}, which do not tile \
                 the {PLACES} places with the shares beside it: merge one wave of one search",
                record.part
            )));
        }
    }
    Ok(())
}

/// The next wave's shares, `parts` of them, cut by place so that each holds about as many of the
/// nodes below its boards as the others did in the wave of `records` (their [`Slice`]s, a share
/// run twice counted once): a share costs what its boards cost the wave before, times the
/// growth from one bound to the next. `None` when the records tell no slices.
pub fn even(records: &[(String, UnitRecord)], parts: u32) -> Option<Vec<Range>> {
    let mut seen = std::collections::BTreeSet::new();
    let mut slices: Vec<Slice> = records
        .iter()
        .filter(|(_, record)| seen.insert(record.part))
        .flat_map(|(_, record)| record.slices.iter().copied())
        .collect();
    if slices.is_empty() || parts == 0 {
        return None;
    }
    slices.sort_by_key(|slice| slice.from);
    let total: u64 = slices.iter().map(|slice| slice.nodes).sum();
    // cut k (1 to parts - 1) at the start of the slice nearest to k/parts of the nodes: a slice
    // goes before the cut when more than half of it lies before that point
    let mut cuts = Vec::with_capacity(parts as usize + 1);
    cuts.push(0);
    let mut before = 0u128;
    let mut slices = slices.iter().peekable();
    for cut in 1..u128::from(parts) {
        let due = u128::from(total) * cut / u128::from(parts);
        while let Some(slice) = slices.peek() {
            if before + u128::from(slice.nodes) / 2 >= due {
                break;
            }
            before += u128::from(slice.nodes);
            slices.next();
        }
        // a place past the last (a record not a unit's) cuts nowhere past the end
        let place = slices.peek().map_or(PLACES, |slice| slice.from.min(PLACES));
        cuts.push(place.max(*cuts.last().unwrap_or(&0)));
    }
    cuts.push(PLACES);
    Some(
        cuts.windows(2)
            .map(|pair| Range {
                from: pair[0],
                to: pair[1],
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record of share `part` of `parts` telling `slices` (place, nodes).
    fn told(part: u32, parts: u32, slices: &[(u32, u64)]) -> (String, UnitRecord) {
        let record = UnitRecord {
            judge: "poj1077".into(),
            start: String::new(),
            goal: String::new(),
            size: None,
            part,
            parts,
            bound: 0,
            solvable: true,
            path: None,
            next_bound: None,
            expanded: slices.iter().map(|&(_, nodes)| nodes).sum(),
            method: String::new(),
            seconds: 0.0,
            host: None,
            range: None,
            slices: slices
                .iter()
                .map(|&(from, nodes)| Slice { from, nodes })
                .collect(),
        };
        (format!("share {part}"), record)
    }

    /// The places where `ranges` begin, after checking they tile the places.
    fn cuts(ranges: &[Range]) -> Vec<u32> {
        assert_eq!(ranges.first().map(|range| range.from), Some(0));
        assert_eq!(ranges.last().map(|range| range.to), Some(PLACES));
        for pair in ranges.windows(2) {
            assert_eq!(pair[0].to, pair[1].from);
        }
        assert!(ranges
            .iter()
            .all(|range| range.from <= range.to && range.to <= PLACES));
        ranges.iter().map(|range| range.from).collect()
    }

    #[test]
    fn the_next_wave_is_cut_where_the_nodes_of_this_one_are_even() {
        // share 1 held nearly all the nodes, in four runs; share 2 one small run
        let records = [
            told(1, 2, &[(0, 100), (10, 100), (20, 100), (30, 100)]),
            told(2, 2, &[(40, 4)]),
        ];
        assert_eq!(cuts(&even(&records, 2).expect("cut")), [0, 20]);
        assert_eq!(cuts(&even(&records, 4).expect("cut")), [0, 10, 20, 30]);
        // a share run twice is counted once, whichever record comes first
        let twice = [records[1].clone(), records[0].clone(), records[1].clone()];
        assert_eq!(cuts(&even(&twice, 4).expect("cut")), [0, 10, 20, 30]);
        // more shares than runs: some are empty, and they still tile the places
        assert_eq!(
            cuts(&even(&records, 8).expect("cut")),
            [0, 0, 10, 20, 20, 30, 30, 40]
        );
        // one run alone: in one share, the others empty
        let one = [told(1, 1, &[(7, 50)])];
        assert_eq!(cuts(&even(&one, 3).expect("cut")), [0, 7, PLACES]);
        // places past the last, as a hostile record may tell, still cut the places in order
        let past = [told(1, 1, &[(0, 5), (u32::MAX, 5)])];
        assert_eq!(cuts(&even(&past, 2).expect("cut")), [0, PLACES]);
        // records that tell no runs give no cut
        assert_eq!(even(&[told(1, 1, &[])], 3), None);
    }
}
