//! What the commands that check files print (`batch`, `judge`): the files found and those that
//! could not be, a line per file (plain, coloured, or its JSON record) with what was wrong
//! beside what was expected, the closing summary, progress bars on a terminal; and everything
//! a program wrote escaped, so that its output cannot drive a terminal.

use std::io::{self, IsTerminal, Write};
#[cfg(target_os = "linux")]
use std::path::Path;
use std::path::PathBuf;

use crate::cli::fixtures::{self, Fixture};
use eight::format::answer::{ticked, Side};
use eight_app::check::Wrong;
#[cfg(target_os = "linux")]
use eight_app::record::Judged;
use eight_app::record::Summary;
use indicatif::{ProgressBar, ProgressStyle};

use super::Status;

/// The fixtures under `paths` ([`fixtures::find`]), and how many paths were trouble: each
/// reported on standard output with an `ERR` line.
pub(crate) fn inputs(paths: &[PathBuf]) -> (Vec<Fixture>, u64) {
    let (found, trouble) = fixtures::find(paths);
    for why in &trouble {
        // counted as trouble even when no one reads the line
        let _ = say(&format!("ERR  {why}"));
    }
    (found, trouble.len() as u64)
}

/// The closing line of a check run: files passed and failed, and apart from both the files
/// that could not be checked (`ERR`), when there are any; as JSON, all three.
pub(crate) fn summary(passed: u64, failed: u64, errors: u64, json: bool) -> String {
    if json {
        let summary = Summary {
            errors,
            failed,
            passed,
        };
        return serde_json::to_string(&summary).expect("a record serializes");
    }
    match errors {
        0 => format!("{passed} passed, {failed} failed"),
        1 => format!("{passed} passed, {failed} failed, 1 error"),
        errors => format!("{passed} passed, {failed} failed, {errors} errors"),
    }
}

/// Writes a line on standard output, returning its error (a closed pipe ends the run quietly).
pub(crate) fn say(line: &str) -> io::Result<()> {
    writeln!(io::stdout().lock(), "{line}")
}

/// What became of standard output in a run that reports a line per file: once closed by its
/// reader, the run goes on unseen and its status tells the truth; once it fails otherwise (a
/// full disk, `/dev/full`), that is said, and the run is trouble, however its files fared.
#[derive(Default)]
pub(crate) struct Printer {
    closed: bool,
    failed: bool,
}

impl Printer {
    /// Writes `line`, unless standard output is gone.
    pub(crate) fn say(&mut self, line: &str) {
        if self.closed {
            return;
        }
        if let Err(error) = say(line) {
            self.closed = true;
            if error.kind() != io::ErrorKind::BrokenPipe {
                warn(&format_args!("cannot write to standard output: {error}"));
                self.failed = true;
            }
        }
    }

    /// The run's status: `status`, or trouble if the report was lost.
    pub(crate) fn status(&self, status: Status) -> Status {
        match self.failed {
            true => Status::Trouble,
            false => status,
        }
    }
}

/// A progress bar over `count` files on standard error when it is a terminal, else hidden.
pub(crate) fn progress(count: usize) -> ProgressBar {
    progress_bar(count as u64, "{bar:40} {pos}/{len} files {wide_msg}")
}

/// A progress bar to `length` drawn by `template` on standard error when it is a terminal,
/// else hidden.
pub(crate) fn progress_bar(length: u64, template: &str) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(length);
    bar.set_style(ProgressStyle::with_template(template).expect("a valid template"));
    bar
}

/// What became of one file.
#[cfg(target_os = "linux")]
pub(crate) struct Ruling {
    pub(crate) fate: Fate,
    /// The verdict line (without the file's name for JSON), plain.
    pub(crate) line: String,
    /// The lines shown below it: the answers side by side, the end of standard error.
    pub(crate) below: Vec<String>,
    /// The record for `--json`, whose verdict also chooses the line's colour.
    pub(crate) record: Judged,
}

/// Where a file's ruling counts: passed, failed, or not judged (trouble).
#[cfg(target_os = "linux")]
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fate {
    Accepted,
    Rejected,
    Trouble,
}

/// The lines of one file's ruling as the user sees them: plain, coloured, or JSON.
#[cfg(target_os = "linux")]
pub(crate) fn shown(file: &Path, ruling: &Ruling, json: bool, color: bool) -> String {
    if json {
        let record = Judged {
            file: file.display().to_string(),
            ..ruling.record.clone()
        };
        return serde_json::to_string(&record).expect("a record serializes");
    }
    let verdict = ruling.record.verdict;
    let painted = match (color, verdict) {
        (false, _) => verdict.to_string(),
        (true, "AC") => format!("\x1b[1;32m{verdict}\x1b[0m"),
        (true, "WA" | "RE") => format!("\x1b[1;31m{verdict}\x1b[0m"),
        (true, "ERR") => format!("\x1b[1;35m{verdict}\x1b[0m"),
        (true, _) => format!("\x1b[1;33m{verdict}\x1b[0m"),
    };
    let mut text = format!("{painted}{}", &ruling.line[verdict.len()..]);
    for line in &ruling.below {
        text.push_str("\n     | ");
        text.push_str(line);
    }
    text
}

/// The columns a verdict's lines may take: `COLUMNS` where set (as clap takes it), else the
/// width of standard output (`stderr`: of standard error) where it is a terminal; `None` where
/// neither says, and then nothing is narrowed.
pub(crate) fn columns(stderr: bool) -> Option<usize> {
    if let Some(columns) = std::env::var("COLUMNS")
        .ok()
        .and_then(|text| text.parse().ok())
    {
        return Some(columns);
    }
    let size = match stderr {
        true => terminal_size::terminal_size_of(io::stderr()),
        false => terminal_size::terminal_size_of(io::stdout()),
    };
    size.map(|(width, _)| usize::from(width.0))
}

/// The expected answer and the program's beside it, a line each, as `oj --diff` shows them; one
/// above the other where `room` (the columns left) is too narrow for both.
#[cfg(target_os = "linux")]
pub(crate) fn side_by_side(expected: &str, got: &str, room: Option<usize>) -> Vec<String> {
    let cell = |line: &str| escaped(line, 40);
    let left: Vec<String> = expected.lines().map(cell).collect();
    let right: Vec<String> = got.lines().map(cell).collect();
    let widest = |lines: &[String]| lines.iter().map(|line| line.chars().count()).max();
    let width = widest(&left).unwrap_or(0).max("expected".len());
    let needed = width + 4 + widest(&right).unwrap_or(0).max("got".len());
    if room.is_some_and(|room| needed > room) {
        let mut lines = vec!["expected:".to_string()];
        lines.extend(left.iter().map(|line| format!("  {line}")));
        lines.push("got:".to_string());
        lines.extend(right.iter().map(|line| format!("  {line}")));
        return lines;
    }
    let rows = left.len().max(right.len());
    let mut lines = vec![format!("{:<width$}  | got", "expected")];
    for row in 0..rows {
        let (l, r) = (left.get(row), right.get(row));
        lines.push(format!(
            "{:<width$}  | {}",
            l.map_or("", String::as_str),
            r.map_or("", String::as_str)
        ));
    }
    lines
}

/// The outputs around output line `at` (`rows`), under a heading: each line's number, `>`
/// before those that differ, the expected line and the program's side by side; the expected
/// lines above the program's where `room` (the columns left) is too narrow for both.
pub(crate) fn in_context(
    at: u64,
    rows: &[eight_app::record::Around],
    room: Option<usize>,
) -> Vec<String> {
    let cell = |line: &str| escaped(line, 40);
    let widest = |side: fn(&eight_app::record::Around) -> &str| {
        rows.iter()
            .map(|row| cell(side(row)).chars().count())
            .max()
            .unwrap_or(0)
    };
    let width = widest(|row| &row.expected).max("expected".len());
    let needed = 8 + width + 4 + widest(|row| &row.got).max("got".len());
    let mark = |row: &eight_app::record::Around| if row.expected != row.got { '>' } else { ' ' };
    if room.is_some_and(|room| needed > room) {
        let mut lines = vec![format!("the outputs around line {at}, expected then got:")];
        for (name, side) in [
            (
                "expected",
                (|row| &row.expected) as fn(&eight_app::record::Around) -> &String,
            ),
            ("got", |row| &row.got),
        ] {
            lines.push(format!("  line  {name}"));
            for row in rows {
                lines.push(format!(
                    "{} {:>4}  {}",
                    mark(row),
                    row.line,
                    cell(side(row))
                ));
            }
        }
        return lines;
    }
    let mut lines = vec![
        format!("the outputs around line {at}:"),
        format!("  line  {:<width$}  | got", "expected"),
    ];
    for row in rows {
        lines.push(format!(
            "{} {:>4}  {:<width$}  | {}",
            mark(row),
            row.line,
            cell(&row.expected),
            cell(&row.got)
        ));
    }
    lines
}

/// The last lines of the program's standard error, escaped and cut.
#[cfg(target_os = "linux")]
pub(crate) fn stderr_tail(tail: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(tail);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let start = lines.len().saturating_sub(5);
    lines[start..]
        .iter()
        .map(|line| escaped(line, 100))
        .collect()
}

/// What `eight judge` and `eight check` say of a wrong case, after its verdict: where, what was
/// expected and what came, and why it is wrong.
pub(crate) fn wrong_said(wrong: &Wrong) -> String {
    let got = wrong
        .got
        .as_deref()
        .map_or("nothing".to_string(), |got| ticked(&escaped(got, 60)));
    let at = if wrong.line > 0 {
        format!("case {} (line {}) {}", wrong.case, wrong.line, wrong.input)
    } else {
        format!("case {}", wrong.case)
    };
    let count = match wrong.wrong_cases {
        0 | 1 => String::new(),
        many => format!("; {many} of {} cases wrong", wrong.cases),
    };
    let fault = wrong.fault.told(
        Side::Program,
        wrong.got.as_deref().unwrap_or(""),
        &wrong.expected,
    );
    format!(
        "{at}: expected {}, got {got}: {fault}{count}",
        ticked(&wrong.expected)
    )
}

/// `text` safe to print on a terminal: control characters shown as escapes (`\e`, `\x07`,
/// `\r`), cut after `width` characters with `…`.
pub(crate) fn escaped(text: &str, width: usize) -> String {
    let mut shown = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == width {
            shown.push('…');
            break;
        }
        match c {
            '\x1b' => shown.push_str("\\e"),
            '\t' => shown.push_str("\\t"),
            '\r' => shown.push_str("\\r"),
            c if c.is_control() => shown.push_str(&format!("\\x{:02x}", c as u32)),
            c => shown.push(c),
        }
    }
    shown
}

/// Writes one diagnostic line on standard error, `eight: ` first, in one write. A standard
/// error that cannot be written to (closed, full) loses the line, never the answers.
pub fn warn(line: &dyn std::fmt::Display) {
    use std::io::Write;
    let text = format!("eight: {line}\n");
    let _ = io::stderr().write_all(text.as_bytes());
}

/// Whether `error` is a write to a closed pipe, which ends a run quietly.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|error| error.kind() == io::ErrorKind::BrokenPipe)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_a_terminal_would_obey() {
        assert_eq!(
            escaped("\x1b[2J\x1b]0;pwned\x07\rAC", 80),
            "\\e[2J\\e]0;pwned\\x07\\rAC"
        );
        assert_eq!(escaped(&"r".repeat(100), 5), "rrrrr…");
    }
}
