//! `--stats`: a line per case on standard error (the algorithm, boards expanded and generated,
//! the largest frontier and the time) and the totals at the end.

use std::io::{self, Write};
use std::time::Duration;

use eight::solve::Report;

/// Sums of the per-case statistics, and their lines on standard error, buffered: a line per
/// case written as it comes would cost a system call each. Lines enter the buffer whole, and a
/// standard error that cannot be written to loses them, never the answers.
pub(super) struct Totals {
    cases: u64,
    expanded: u64,
    generated: u64,
    peak: u64,
    time: Duration,
    lines: io::BufWriter<io::Stderr>,
    /// The line of the case being added.
    line: String,
}

impl Default for Totals {
    fn default() -> Totals {
        Totals {
            cases: 0,
            expanded: 0,
            generated: 0,
            peak: 0,
            time: Duration::ZERO,
            lines: io::BufWriter::with_capacity(4096, io::stderr()),
            line: String::new(),
        }
    }
}

impl Totals {
    /// Writes the case's line and adds it up. The line is made in a buffer kept from case to
    /// case and written whole, its numbers by `itoa` and padded a slice at a time (`format!`'s
    /// padding writes a character at a time, and its floats cost more than a 3x3 answer):
    /// `--stats` on 200,000 3x3 cases then costs a few times the answers, not ten.
    pub(super) fn add(&mut self, case: u64, report: &Report) {
        let stats = report.stats;
        let line = &mut self.line;
        line.clear();
        line.push_str("eight: case ");
        right(line, case, 6);
        line.push_str("  ");
        let method = report.method.name();
        line.push_str(&method);
        line.push_str(&"       "[method.len().min(7)..]);
        line.push_str("  expanded ");
        right(line, stats.expanded, 9);
        line.push_str("  ");
        // IDA*'s frontier is its path: its bounds say more than a frontier would
        match report.bounds.as_slice() {
            [] => {
                line.push_str("generated ");
                right(line, stats.generated, 9);
                line.push_str("  peak frontier ");
                right(line, stats.peak_frontier, 7);
            }
            bounds => {
                line.push_str("bounds");
                for bound in bounds {
                    line.push(' ');
                    right(line, u64::from(bound.bound), 0);
                    line.push(':');
                    right(line, bound.nodes, 0);
                }
            }
        }
        match report.quality {
            Some(quality) if !quality.optimal => {
                use std::fmt::Write as _;
                let _ = write!(
                    line,
                    "  {} moves, lower bound {}, {:.2}x",
                    quality.length,
                    quality.lower_bound,
                    f64::from(quality.length) / f64::from(quality.lower_bound.max(1))
                );
            }
            Some(_) => line.push_str("  optimal"),
            None => {}
        }
        line.push_str("  ");
        milliseconds(line, stats.time);
        line.push_str(" ms\n");
        let _ = self.lines.write_all(line.as_bytes());
        self.cases += 1;
        self.expanded += stats.expanded;
        self.generated += stats.generated;
        self.peak = self.peak.max(stats.peak_frontier);
        self.time += stats.time;
    }

    pub(super) fn summary(&mut self) {
        let cases = match self.cases {
            1 => "1 case".to_string(),
            cases => format!("{cases} cases"),
        };
        // IDA* counts neither boards generated nor a frontier: said only where a search did
        let frontier = match (self.generated, self.peak) {
            (0, 0) => String::new(),
            (generated, peak) => format!("  generated {generated}  largest frontier {peak}"),
        };
        let line = format!(
            "eight: {cases}  expanded {}{frontier}  {:.3} ms in searches\n",
            self.expanded,
            self.time.as_secs_f64() * 1000.0
        );
        let _ = self.lines.write_all(line.as_bytes());
        let _ = self.lines.flush();
    }
}

/// `number` right-aligned in `width` columns (as `{:>width}`).
fn right(line: &mut String, number: u64, width: usize) {
    let mut digits = itoa::Buffer::new();
    let digits = digits.format(number);
    for _ in digits.len()..width {
        line.push(' ');
    }
    line.push_str(digits);
}

/// `time` in milliseconds to the microsecond, rounded, right-aligned in 10 columns (as
/// `{:>10.3}` of its milliseconds).
fn milliseconds(line: &mut String, time: Duration) {
    let micros = (time.as_nanos() + 500) / 1000;
    let (whole, part) = ((micros / 1000) as u64, (micros % 1000) as u64);
    let mut digits = itoa::Buffer::new();
    let whole = digits.format(whole);
    for _ in whole.len() + 4..10 {
        line.push(' ');
    }
    line.push_str(whole);
    line.push('.');
    let mut digits = itoa::Buffer::new();
    let part = digits.format(part);
    line.push_str(&"000"[part.len()..]);
    line.push_str(part);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_padded_as_format_pads_them() {
        for (number, width) in [(0, 6), (7, 6), (123_456, 6), (1_234_567, 6), (42, 0)] {
            let mut line = String::new();
            right(&mut line, number, width);
            assert_eq!(line, format!("{number:>width$}"));
        }
        for nanos in [0, 499, 500, 1_234_567, 999_999_999, 12_345_678_901_234] {
            let time = Duration::from_nanos(nanos);
            let mut line = String::new();
            milliseconds(&mut line, time);
            assert_eq!(
                line,
                format!("{:>10.3}", time.as_secs_f64() * 1000.0),
                "{nanos}"
            );
        }
    }
}
