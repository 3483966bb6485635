//! The judge commands: cases from the arguments or standard input, answers on standard output.

use std::ffi::OsString;
use std::io::{self, Write};
use std::time::Duration;

use eight::format::judge::Format;
use eight::format::{InputError, Origin};
use eight::solve::Report;
use eight::tools::stream::{self, Output};

use super::Status;

/// Answers the cases of the arguments or, when there are none, of standard input; with
/// `stats`, a line per case on standard error and a summary at the end.
pub fn answer<J: Format>(
    judge: &mut J,
    arguments: &[OsString],
    output: Output,
    stats: bool,
) -> anyhow::Result<Status> {
    // Writes of at most PIPE_BUF (4096) bytes to a pipe are atomic, and every line enters the
    // buffer whole: so a run killed mid-way (Ctrl-C) never leaves half a line.
    let mut out = io::BufWriter::with_capacity(4096, io::stdout().lock());
    let mut report = |error: &InputError| eprintln!("eight: {error}");
    let mut totals = Totals::default();
    let mut each = |case: u64, report: Report| totals.add(case, &report);
    let on_case: Option<&mut dyn FnMut(u64, Report)> = stats.then_some(&mut each as _);
    let outcome = if arguments.is_empty() {
        let input = io::stdin().lock();
        stream::run(
            judge,
            input,
            Origin::Line,
            output,
            &mut out,
            &mut report,
            on_case,
        )?
    } else {
        // NUL joins the arguments since no argument can hold one.
        let parts: Vec<&[u8]> = arguments.iter().map(|a| a.as_encoded_bytes()).collect();
        let joined = parts.join(&0u8);
        let input = &joined[..];
        stream::run(
            judge,
            input,
            Origin::Argument,
            output,
            &mut out,
            &mut report,
            on_case,
        )?
    };
    out.flush()?;
    if stats {
        totals.summary();
    }
    Ok(if outcome.malformed > 0 {
        Status::Trouble
    } else {
        Status::Success
    })
}

/// Sums of the per-case statistics.
#[derive(Default)]
struct Totals {
    cases: u64,
    expanded: u64,
    generated: u64,
    peak: u64,
    time: Duration,
}

impl Totals {
    /// Prints the case's line on standard error and adds it up.
    fn add(&mut self, case: u64, report: &Report) {
        let stats = report.stats;
        eprintln!(
            "eight: case {case:>6}  {:<7}  expanded {:>9}  generated {:>9}  peak frontier {:>7}  {:>10.3} ms",
            report.algorithm,
            stats.expanded,
            stats.generated,
            stats.peak_frontier,
            stats.time.as_secs_f64() * 1000.0
        );
        self.cases += 1;
        self.expanded += stats.expanded;
        self.generated += stats.generated;
        self.peak = self.peak.max(stats.peak_frontier);
        self.time += stats.time;
    }

    fn summary(&self) {
        eprintln!(
            "eight: {} cases  expanded {}  generated {}  largest frontier {}  {:.3} ms in searches",
            self.cases,
            self.expanded,
            self.generated,
            self.peak,
            self.time.as_secs_f64() * 1000.0
        );
    }
}
