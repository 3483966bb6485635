//! A search spread over machines, on the command line: `--part K/N` (one unit, written as a
//! JSON record) and `eight merge` (a wave's records: the answer, or the next bound).

use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};

use eight::format::answer::Found;
use eight::format::{judge, Cases, Item, Origin};
use eight::solve::{Bounds, Range, Share, PLACES};
use eight_app::find;
use eight_app::unit::{self, Merged, UnitRecord, MOST_PARTS};

use super::Status;

/// `K/N` of `--part`: share K (from 1) of N, and the places of its boards when cut by place
/// (`K/N:FROM-TO`, as `eight merge --even` writes them).
#[derive(Clone, Copy, Debug)]
pub struct Part {
    pub part: u32,
    pub parts: u32,
    pub range: Option<Range>,
}

/// Parses `K/N` (1 ≤ K ≤ N ≤ 1,000,000), or `K/N:FROM-TO` (0 ≤ FROM ≤ TO ≤ 16,777,216).
pub fn parse_part(text: &str) -> Result<Part, String> {
    let wrong = || {
        format!(
            "`{text}` is not a share: K/N, 1 <= K <= N (3/8 is the third of eight), or K/N:FROM-TO, \
             0 <= FROM <= TO <= {PLACES} (the places of its boards, as `eight merge --even` \
             writes them)"
        )
    };
    let (share, places) = match text.split_once(':') {
        Some((share, places)) => (share, Some(places)),
        None => (text, None),
    };
    let (part, parts) = share.split_once('/').ok_or_else(wrong)?;
    let (part, parts) = (part.trim().parse::<u32>(), parts.trim().parse::<u32>());
    let range = match places.map(|places| places.split_once('-')) {
        None => None,
        Some(Some((from, to))) => match (from.parse::<u32>(), to.parse::<u32>()) {
            (Ok(from), Ok(to)) if from <= to && to <= PLACES => Some(Range { from, to }),
            _ => return Err(wrong()),
        },
        Some(None) => return Err(wrong()),
    };
    match (part, parts) {
        (Ok(part), Ok(parts)) if (1..=parts).contains(&part) && parts <= MOST_PARTS => {
            Ok(Part { part, parts, range })
        }
        _ => Err(wrong()),
    }
}

/// Runs the unit `part` of the iteration at `bound` for the one board of `arguments` (read as
/// any case is), and writes its record on standard output (with `stats`, a line of what it
/// found and cost on standard error). A unit that does not finish (its
/// budget spent, or stopped) writes no record, so that the scheduler runs it again.
pub fn run(
    mut engine: eight::Engine,
    judge: &eight::format::Judge,
    arguments: &[std::ffi::OsString],
    (part, bound): (Part, u32),
    stats: bool,
) -> anyhow::Result<Status> {
    let parts: Vec<&[u8]> = arguments.iter().map(|a| a.as_encoded_bytes()).collect();
    let joined = parts.join(&0u8);
    let mut cases = Cases::with(&joined[..], Origin::Argument, judge.uncounted().reading());
    let mut problem = None;
    loop {
        match cases.next(&mut || Ok(()))? {
            Item::Case(case) if problem.is_none() => {
                let (start, goal) = judge.problem(case.boards);
                problem = Some((*start, *goal));
            }
            Item::Case(_) | Item::Grid(_) => {
                super::report::warn(
                    &"--part searches one board: give one (a unit of each board is its own run)",
                );
                return Ok(Status::Trouble);
            }
            Item::Malformed(error) | Item::Header(error) => {
                super::report::warn(&error);
                return Ok(Status::Trouble);
            }
            Item::End => break,
        }
    }
    let Some((start, goal)) = problem else {
        super::report::warn(&"--part searches one board, given as an argument");
        return Ok(Status::Trouble);
    };
    if start.cells().len() <= 9 {
        super::report::warn(&format_args!(
            "a board of {} cells is answered at once from whole-space tables: --part splits the \
             search of a larger one",
            start.cells().len()
        ));
        return Ok(Status::Trouble);
    }
    let share = Share {
        bound,
        part: part.part,
        parts: part.parts,
        range: part.range,
    };
    engine = engine.with_bounds(Bounds::Share(share));
    let solution = engine.seek(find::wanted(judge), &start, &goal, None);
    if solution.outcome == eight::solve::Outcome::Exhausted {
        let why = match super::platform::stop_flag().load(std::sync::atomic::Ordering::Relaxed) {
            true => "was stopped",
            false => "spent its budget (--max-nodes)",
        };
        super::report::warn(&format_args!(
            "share {}/{} at bound {bound} {why} before its end: no record written; run it again",
            part.part, part.parts
        ));
        return Ok(Status::Trouble);
    }
    let mut record = UnitRecord::new(judge.id, (&start, &goal), share, &solution);
    record.host = super::platform::host();
    let mut out = io::stdout().lock();
    writeln!(out, "{}", serde_json::to_string(&record)?)?;
    out.flush()?;
    if stats {
        let found = match (&record.path, record.next_bound) {
            (Some(_), _) => "a path".to_string(),
            (None, Some(next)) => format!("no path, the next bound {next}"),
            (None, None) => "no path, no board past the bound".to_string(),
        };
        super::report::warn(&format_args!(
            "share {}/{} at bound {bound}  {}  expanded {}  {found}  {:.3} ms",
            part.part,
            part.parts,
            record.method,
            record.expanded,
            record.seconds * 1000.0
        ));
    }
    Ok(Status::Success)
}

/// The longest line `eight merge` reads as a record.
const LONGEST: u64 = 1 << 16;

/// `eight merge`: the records of `files` (standard input if none), one a line, merged.
pub fn merge(files: &[PathBuf], stats: bool, even: Option<&Path>) -> anyhow::Result<Status> {
    let mut records = Vec::new();
    let mut read = |name: &str, input: &mut dyn BufRead| -> anyhow::Result<bool> {
        let mut line = Vec::new();
        for number in 1.. {
            line.clear();
            // a record is some hundreds of bytes: a longer line is no record, and is not kept
            let read = input.take(LONGEST).read_until(b'\n', &mut line)?;
            if read == 0 {
                break;
            }
            let place = format!("{name}:{number}");
            let text = String::from_utf8_lossy(&line);
            if text.trim().is_empty() {
                continue;
            }
            let parsed = match line.ends_with(b"\n") || read < LONGEST as usize {
                true => {
                    serde_json::from_str::<UnitRecord>(&text).map_err(|error| error.to_string())
                }
                false => Err(format!("a line longer than {LONGEST} bytes")),
            };
            match parsed {
                Ok(record) => records.push((place, record)),
                Err(error) => {
                    super::report::warn(&format_args!(
                        "{place}: found `{}`, expected a unit's record (--part --json): {error}",
                        text.trim().chars().take(40).collect::<String>()
                    ));
                    return Ok(false);
                }
            }
        }
        Ok(true)
    };
    let complete = match files {
        [] => read("stdin", &mut io::stdin().lock())?,
        files => {
            let mut complete = true;
            for file in files {
                let name = file.display().to_string();
                match std::fs::File::open(file) {
                    Ok(opened) => complete &= read(&name, &mut io::BufReader::new(opened))?,
                    Err(error) => {
                        super::report::warn(&format_args!("{name}: {error}"));
                        complete = false;
                    }
                }
            }
            complete
        }
    };
    if !complete {
        return Ok(Status::Trouble);
    }
    // no records (an empty file, a wave none of whose units wrote one): merge says so
    let judge = records
        .first()
        .and_then(|(_, first)| judge::ALL.into_iter().find(|judge| judge.id == first.judge))
        .unwrap_or(judge::ALL[0]);
    let merged = match unit::merge(&records, find::wanted(judge)) {
        Ok(merged) => merged,
        Err(mismatch) => {
            super::report::warn(&mismatch.0);
            return Ok(Status::Trouble);
        }
    };
    if stats {
        balance(&records);
    }
    let mut out = io::stdout().lock();
    match merged {
        Merged::Answer(path) => {
            writeln!(out, "{}", judge.text(1, &Found::Path(path)))?;
            Ok(Status::Success)
        }
        Merged::Next(bound) => {
            if let Some(file) = even {
                evened(&records, file)?;
            }
            writeln!(out, "{bound}")?;
            Ok(Status::Differences)
        }
    }
}

/// Writes to `file` the next wave's shares cut evenly by the nodes of the wave of `records`, a
/// `--part` a line; where the records tell no nodes below their boards (a count's, or of an
/// eight before they did), says so and writes nothing.
fn evened(records: &[(String, UnitRecord)], file: &Path) -> anyhow::Result<()> {
    let parts = records[0].1.parts;
    let Some(ranges) = unit::even(records, parts) else {
        super::report::warn(&format_args!(
            "{}: not written: the records tell no nodes below their boards",
            file.display()
        ));
        return Ok(());
    };
    let mut staged = super::files::Staged::new(file, super::files::Allow::Files)?;
    for (part, range) in (1..).zip(ranges) {
        writeln!(staged, "{part}/{parts}:{}-{}", range.from, range.to)?;
    }
    staged.commit()?;
    Ok(())
}

/// The balance of the wave's shares on standard error: the nodes of the largest against their
/// mean, and the largest shares, each with its part of the wave and the host that ran it (a
/// share run twice counted once).
fn balance(records: &[(String, UnitRecord)]) {
    let mut seen = std::collections::HashSet::new();
    let mut shares: Vec<&UnitRecord> = records
        .iter()
        .map(|(_, record)| record)
        .filter(|record| seen.insert(record.part))
        .collect();
    let total: u64 = shares.iter().map(|record| record.expanded).sum();
    shares.sort_by_key(|record| (std::cmp::Reverse(record.expanded), record.part));
    let largest = shares.first().map_or(0, |record| record.expanded);
    let mean = total as f64 / shares.len().max(1) as f64;
    let ratio = match total {
        0 => 1.0,
        _ => largest as f64 / mean,
    };
    let count = match shares.len() {
        1 => "1 share".to_string(),
        count => format!("{count} shares"),
    };
    super::report::warn(&format_args!(
        "bound {}: {count}, {total} nodes in all, the largest {largest} ({ratio:.2}x the mean)",
        records[0].1.bound,
    ));
    let named: Vec<String> = shares
        .iter()
        .take(LARGEST_NAMED)
        .map(|record| {
            let part = 100.0 * record.expanded as f64 / total.max(1) as f64;
            let host = match &record.host {
                Some(host) => format!(", on {host}"),
                None => String::new(),
            };
            format!(
                "share {} ({} nodes, {part:.0}%{host})",
                record.part, record.expanded
            )
        })
        .collect();
    super::report::warn(&format_args!("the largest: {}", named.join(", ")));
}

/// How many of the largest shares `merge --stats` names.
const LARGEST_NAMED: usize = 3;
