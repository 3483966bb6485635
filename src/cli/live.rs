//! The live line of a long search, on a terminal only: the IDA* bound, the nodes so far and the
//! time (or `--fast`'s lines placed), redrawn at most ten times a second once the search has run
//! half a second, and wiped when it ends, before its answer is written (a pipe gets nothing).
//! Once a search has run [`RESUMABLE`], each IDA* bound it finishes is said on a line of its own,
//! terminal or not (a cluster job's log), with the `--bound` that resumes it.

use std::io::{self, IsTerminal, Write};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use eight::solve::{Control, Watcher};

/// How long a search runs before its line shows, and how often the line is redrawn.
const QUIET: Duration = Duration::from_millis(500);
const REDRAW: Duration = Duration::from_millis(100);

/// How long a search runs before the bounds it finishes are said.
const RESUMABLE: Duration = Duration::from_secs(10);

#[derive(Default)]
struct Live {
    state: Mutex<State>,
    /// Whether standard error is a terminal, where the live line is drawn.
    terminal: bool,
}

#[derive(Default)]
struct State {
    began: Option<Instant>,
    drawn: Option<Instant>,
}

impl Live {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Draws the line that `text` makes of the seconds so far, if the search has run long
    /// enough and the line was not drawn just now.
    fn draw(&self, text: impl FnOnce(f64) -> String) {
        let mut state = self.state();
        let Some(began) = state.began.filter(|_| self.terminal) else {
            return;
        };
        let now = Instant::now();
        let due = !state.drawn.is_some_and(|drawn| now - drawn < REDRAW);
        if now - began < QUIET || !due {
            return;
        }
        let line = format!("\r\x1b[2Keight: {}", text((now - began).as_secs_f64()));
        let _ = io::stderr().write_all(line.as_bytes());
        state.drawn = Some(now);
    }
}

impl Watcher for Live {
    fn began(&self) {
        self.state().began = Some(Instant::now());
    }

    fn searching(&self, bound: u32, nodes: u64) {
        self.draw(|seconds| format!("searching: bound {bound}, {nodes} nodes, {seconds:.1} s"));
    }

    fn placing(&self, done: usize, lines: usize, moves: usize) {
        self.draw(|seconds| {
            format!("--fast: {done} of {lines} lines placed, {moves} moves, {seconds:.1} s")
        });
    }

    fn searched(&self, bound: u32, nodes: u64, next: u32) {
        let mut state = self.state();
        let Some(seconds) = state.began.map(|began| began.elapsed()) else {
            return;
        };
        if seconds < RESUMABLE {
            return;
        }
        // over the live line, which the next redraw puts back below
        let wipe = match state.drawn.take() {
            Some(_) => "\r\x1b[2K",
            None => "",
        };
        let line = format!("{wipe}eight: {}\n", finished(bound, nodes, next, seconds));
        let _ = io::stderr().write_all(line.as_bytes());
    }

    fn switched(&self, weak: &str, strong: &str, nodes: u64, bound: u32) {
        let mut state = self.state();
        let wipe = match state.drawn.take() {
            Some(_) => "\r\x1b[2K",
            None => "",
        };
        let line = format!("{wipe}eight: {}\n", switch(weak, strong, nodes, bound));
        let _ = io::stderr().write_all(line.as_bytes());
    }

    fn ended(&self) {
        let mut state = self.state();
        if state.drawn.take().is_some() {
            let _ = io::stderr().write_all(b"\r\x1b[2K");
        }
        state.began = None;
    }
}

/// The line that says a bound was searched in `seconds` since the search began.
fn finished(bound: u32, nodes: u64, next: u32, seconds: Duration) -> String {
    format!(
        "bound {bound} searched, {nodes} nodes, {:.1} s in all; to resume: --bound {next}",
        seconds.as_secs_f64()
    )
}

/// The line that says the run's searches switched from `weak` to `strong` at `bound`.
fn switch(weak: &str, strong: &str, nodes: u64, bound: u32) -> String {
    format!(
        "the run's {weak} searches have spent {nodes} nodes, what {strong}'s databases cost: \
         {strong} takes over at bound {bound}, the bounds below proved empty"
    )
}

/// The control of a run's searches: stopped by the run's stop flag, and, when `live`, telling
/// their progress on standard error (the live line on a terminal only).
pub fn control(live: bool) -> Control {
    let control = Control::default().stopped_by(super::platform::stop_flag());
    match live {
        true => control.watched_by(Arc::new(Live {
            terminal: io::stderr().is_terminal(),
            ..Live::default()
        })),
        false => control,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_bound_says_how_to_resume() {
        let line = finished(80, 1_234, 82, Duration::from_millis(12_345));
        assert_eq!(
            line,
            "bound 80 searched, 1234 nodes, 12.3 s in all; to resume: --bound 82"
        );
    }
}
