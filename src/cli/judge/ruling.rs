//! How `eight judge` shows a ruling: the verdict line, plain or coloured, or its JSON record;
//! a wrong answer beside the expected one; the end of the program's standard error; and
//! everything of the program's escaped, so that its output cannot drive a terminal.

use std::path::Path;

use eight::tools::record::Judged;

use super::super::check::escaped;
use super::sandbox::Run;
use super::sandboxed::Ruling;
use super::Options;

/// The lines of one file's ruling as the user sees them: plain, coloured, or JSON.
pub(super) fn show(file: &Path, ruling: &Ruling, options: &Options, color: bool) -> String {
    if options.json {
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

/// The expected answer and the program's beside it, a line each, as `oj --diff` shows them.
pub(super) fn side_by_side(expected: &str, got: &str) -> Vec<String> {
    let cell = |line: &str| escaped(line, 40);
    let left: Vec<String> = expected.lines().map(cell).collect();
    let right: Vec<String> = got.lines().map(cell).collect();
    let width = left
        .iter()
        .map(|line| line.chars().count())
        .max()
        .unwrap_or(0)
        .max("expected".len());
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

/// The last lines of the program's standard error, escaped and cut.
pub(super) fn stderr_tail(run: &Run) -> Vec<String> {
    let text = String::from_utf8_lossy(&run.stderr_tail);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let start = lines.len().saturating_sub(5);
    lines[start..]
        .iter()
        .map(|line| escaped(line, 100))
        .collect()
}
