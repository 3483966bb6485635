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
    /// case and written whole: `--stats` on 200,000 3x3 cases then costs a few times the
    /// answers, not ten.
    pub(super) fn add(&mut self, case: u64, report: &Report) {
        use std::fmt::Write as _;
        let stats = report.stats;
        let line = &mut self.line;
        line.clear();
        let _ = write!(
            line,
            "eight: case {case:>6}  {:<7}  expanded {:>9}  ",
            report.method.name(),
            stats.expanded
        );
        // IDA*'s frontier is its path: its bounds say more than a frontier would
        match report.bounds.as_slice() {
            [] => {
                let _ = write!(
                    line,
                    "generated {:>9}  peak frontier {:>7}",
                    stats.generated, stats.peak_frontier
                );
            }
            bounds => {
                line.push_str("bounds");
                for bound in bounds {
                    let _ = write!(line, " {}:{}", bound.bound, bound.nodes);
                }
            }
        }
        match report.quality {
            Some(quality) if !quality.optimal => {
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
        let _ = writeln!(line, "  {:>10.3} ms", stats.time.as_secs_f64() * 1000.0);
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
