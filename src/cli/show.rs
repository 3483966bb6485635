//! `eight show` and `eight histogram`: the solution drawn board by board, and the distribution
//! of distances to a goal.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use eight::puzzle::{Board, Shape};
use eight::solve::Store;
use eight::solve::{Outcome, Request};
use eight::Engine;
use eight_app::histogram::Histogram;
use eight_app::show::{self, Drawing};

use super::files::{staged, Allow, Interrupts};
use super::{Color, Status};

#[derive(Args, Debug)]
pub struct ShowOptions {
    /// The board to solve, in one argument or several (`2 3 4 1 5 x 7 6 8` unquoted)
    #[arg(required = true, value_name = "BOARD")]
    board: Vec<String>,
    /// The board to reach [default: 12345678x]
    ///
    /// Of another size, the tiles in order, the blank last.
    #[arg(short, long, value_name = "BOARD")]
    goal: Option<String>,
    /// The board's size, W columns by H rows (4x4, 2x3)
    #[arg(long, value_name = "WxH", default_value = "3x3")]
    size: Shape,
    /// Colour the blank and the moved tile: auto, always or never
    #[arg(long, value_enum, default_value_t = Color::Auto, hide_possible_values = true)]
    color: Color,
    /// The boards and moves as one JSON object instead of a drawing
    #[arg(long)]
    json: bool,
    /// Any path where the shortest is out of reach (boards above 4x4)
    ///
    /// Drawn as found, said not to be known shortest, with the lower bound.
    #[arg(long)]
    fast: bool,
    /// Write the boards to FILE as an SVG strip (`-`: standard output)
    ///
    /// One board per position, the moved tile marked, instead of drawing them.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Write a web page to FILE that plays the solution (`-`: standard output)
    ///
    /// Play, pause, step, back, speed; space and arrows. Self-contained: nothing is fetched. Instead
    /// of the drawing.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct HistogramOptions {
    /// The goal [default: 12345678x]
    ///
    /// Of another size, the tiles in order, the blank last.
    #[arg(short, long, value_name = "BOARD")]
    goal: Option<String>,
    /// The boards' size, W columns by H rows, of at most 9 cells
    ///
    /// 2x2, 2x3, 3x2, 2x4, 4x2 or 3x3.
    #[arg(long, value_name = "WxH", default_value = "3x3")]
    size: Shape,
    /// The numbers as one JSON object instead of a chart
    #[arg(long)]
    json: bool,
    /// Write the chart to FILE as SVG instead of text (`-`: standard output)
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

pub fn show(options: &ShowOptions, store: &Arc<Store>) -> anyhow::Result<Status> {
    let read = |text: &str| Board::parse(text, options.size);
    let goal = match &options.goal {
        Some(goal) => read(goal).map_err(|error| format!("--goal: {error}")),
        None => Ok(Board::ordered(options.size)),
    };
    let (start, goal) = match (read(&options.board.join(" ")), goal) {
        (Ok(start), Ok(goal)) => (start, goal),
        (Err(error), _) => {
            super::report::warn(&error);
            return Ok(Status::Trouble);
        }
        (_, Err(error)) => {
            super::report::warn(&error);
            return Ok(Status::Trouble);
        }
    };
    let request = Request {
        fast: options.fast,
        ..Request::default()
    };
    let mut engine = Engine::asked(&request)
        .with_store(store.clone())
        .with_control(super::live::control(start.cells().len() > 9));
    let solution = engine.solve(&start, &goal, None);
    let quality = solution.report.quality;
    let path = match solution.outcome {
        Outcome::Found(path) => Some(path),
        Outcome::Unreachable | Outcome::Beyond(_) => None,
        Outcome::Exhausted => {
            super::report::warn(&format_args!(
                "{start}: the optimal search stopped after {} nodes: --fast draws a path that may \
                 not be shortest",
                engine.budget_for(&goal)
            ));
            return Ok(Status::Trouble);
        }
    };
    let mut out = io::stdout().lock();
    if options.json {
        let mut drawing = Drawing::new(&start, &goal, path.as_ref());
        drawing.solution = drawing.solution.with_quality(quality);
        writeln!(out, "{}", serde_json::to_string(&drawing)?)?;
        return Ok(Status::Success);
    }
    let Some(path) = path else {
        writeln!(out, "{}", show::unreachable(&start, &goal))?;
        let elsewhere = super::hints::elsewhere(&start, &goal).filter(|_| options.goal.is_none());
        if let Some((judge, reached)) = elsewhere {
            out.flush()?;
            super::report::warn(&format_args!(
                "it reaches {reached}, the goal of `eight {}` ({}): `eight show --goal {reached}`",
                judge.command,
                judge.name()
            ));
        }
        return Ok(Status::Success);
    };
    let frames = show::frames(&start, &path);
    let mut moves = if path.len() == 1 { "move" } else { "moves" }.to_string();
    if let Some(quality) = quality.filter(|quality| !quality.proved()) {
        moves += &format!(
            " (not known to be shortest: at least {})",
            quality.lower_bound
        );
    }
    let title = format!("{start} to {goal}, {} {moves}: {path}", path.len());
    let pictures = [
        (&options.svg, eight_app::picture::strip(&frames, &title)),
        (&options.html, {
            let bound = quality.filter(|q| !q.proved());
            eight_app::page::page(&frames, &path, &title, bound.map(|q| q.lower_bound))
        }),
    ];
    let mut drawn = false;
    for (file, text) in pictures {
        if let Some(file) = file {
            if write_file(file, &text)? == Status::Interrupted {
                return Ok(Status::Interrupted);
            }
            drawn = true;
        }
    }
    if drawn {
        return Ok(Status::Success);
    }
    let terminal = io::stdout().is_terminal();
    let color = options.color.wanted(terminal);
    let width = terminal_size::terminal_size()
        .filter(|_| terminal)
        .map_or(80, |(width, _)| usize::from(width.0));
    write!(out, "{}", show::render(&frames, width, color))?;
    let summary = match path.len() {
        0 => "0 moves: already solved, the board is the goal".to_string(),
        _ => format!("{} {moves}: {path}", path.len()),
    };
    if summary.len() <= width {
        writeln!(out, "\n{summary}")?;
    } else {
        // too wide for the terminal: the path on a line of its own
        writeln!(out, "\n{} {moves}:\n{path}", path.len())?;
    }
    Ok(Status::Success)
}

pub fn histogram(options: &HistogramOptions) -> anyhow::Result<Status> {
    if options.size.cells() > eight::solve::MOST_WHOLE_CELLS {
        super::report::warn(&format_args!(
            "--size {}: a histogram needs the whole space, which boards of at most 9 cells have \
             (2x2, 2x3, 3x2, 2x4, 4x2, 3x3)",
            options.size
        ));
        return Ok(Status::Trouble);
    }
    let goal = match &options.goal {
        Some(text) => match Board::parse(text, options.size) {
            Ok(goal) => goal,
            Err(error) => {
                super::report::warn(&format_args!("--goal: {error}"));
                return Ok(Status::Trouble);
            }
        },
        None => Board::ordered(options.size),
    };
    let histogram = Histogram::new(&goal);
    if let Some(file) = &options.svg {
        if write_file(file, &histogram.svg())? == Status::Interrupted {
            return Ok(Status::Interrupted);
        }
    }
    let mut out = io::stdout().lock();
    if options.json {
        writeln!(out, "{}", serde_json::to_string(&histogram)?)?;
    } else if options.svg.is_none() {
        write!(out, "{}", histogram.render(50))?;
    }
    Ok(Status::Success)
}

/// Writes `text` to `file` whole (a temporary file renamed over it) and says so on standard
/// error, or to standard output for `-`. A stop signal (while waiting for a FIFO's reader, or
/// while writing) ends it as [`Status::Interrupted`], the temporary file gone.
pub(super) fn write_file(file: &Path, text: &str) -> anyhow::Result<Status> {
    if file.as_os_str() == "-" {
        io::stdout().lock().write_all(text.as_bytes())?;
        return Ok(Status::Success);
    }
    let interrupts = Interrupts::catch()?;
    let written = staged(file, Allow::Streams, &interrupts).and_then(|mut staged| {
        staged.write_all(text.as_bytes())?;
        Ok(staged.commit()?)
    });
    match written {
        Ok(()) => {
            super::report::warn(&format_args!("wrote {}", file.display()));
            Ok(Status::Success)
        }
        Err(error) if interrupts.came() => {
            super::report::warn(&format_args!("{error:#}"));
            Ok(Status::Interrupted)
        }
        Err(error) => Err(error),
    }
}
