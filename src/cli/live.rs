//! The live line of a long search, on a terminal only: the IDA* bound, the nodes so far and the
//! time (or `--fast`'s lines placed), redrawn at most ten times a second once the search has run
//! half a second, and wiped when it ends, before its answer is written (a pipe gets nothing).

use std::io::{self, IsTerminal, Write};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use eight::solve::{Control, Watcher};

/// How long a search runs before its line shows, and how often the line is redrawn.
const QUIET: Duration = Duration::from_millis(500);
const REDRAW: Duration = Duration::from_millis(100);

#[derive(Default)]
struct Live(Mutex<State>);

#[derive(Default)]
struct State {
    began: Option<Instant>,
    drawn: Option<Instant>,
}

impl Live {
    fn state(&self) -> MutexGuard<'_, State> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Draws the line that `text` makes of the seconds so far, if the search has run long
    /// enough and the line was not drawn just now.
    fn draw(&self, text: impl FnOnce(f64) -> String) {
        let mut state = self.state();
        let Some(began) = state.began else {
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

    fn ended(&self) {
        let mut state = self.state();
        if state.drawn.take().is_some() {
            let _ = io::stderr().write_all(b"\r\x1b[2K");
        }
        state.began = None;
    }
}

/// The control of a run's searches: stopped by the run's stop flag, and, when `live` and
/// standard error is a terminal, drawing their progress there.
pub fn control(live: bool) -> Control {
    let control = Control::default().stopped_by(super::files::stop_flag());
    match live && io::stderr().is_terminal() {
        true => control.watched_by(Arc::new(Live::default())),
        false => control,
    }
}
