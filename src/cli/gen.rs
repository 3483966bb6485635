//! `eight gen`: random cases and their answers, on standard output or in `PREFIX.in` and
//! `PREFIX.out`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use eight::puzzle::{Board, Shape};
use eight::solve::Store;
use eight::Judge;
use eight_app::gen::{generate, Impossible, Request};

use super::files::{commit_pair, staged, Allow, Interrupts};
use super::spelled::judge_parser;
use super::Status;

#[derive(Args, Debug)]
pub struct Options {
    /// The judge whose input format to write, as `eight judge` takes it
    #[arg(value_parser = judge_parser(), hide_possible_values = true)]
    judge: &'static Judge,
    /// How many cases
    #[arg(short = 'n', long, default_value_t = 10)]
    count: u64,
    /// Every reachable board at the chosen distances, once each
    #[arg(long, conflicts_with = "count")]
    all: bool,
    /// The seed of the random generator
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Every reachable board exactly this many moves from its goal
    #[arg(long, value_name = "MOVES", conflicts_with_all = ["min_depth", "max_depth"])]
    depth: Option<u32>,
    /// Boards at least this many moves from their goal
    #[arg(long, value_name = "MOVES", default_value_t = 0)]
    min_depth: u32,
    /// Boards at most this many moves from their goal
    #[arg(long, value_name = "MOVES")]
    max_depth: Option<u32>,
    /// The share of unreachable cases, 0 to 1 [default: 0, or 0.1]
    ///
    /// Not for p1379, whose statement promises none; 0.1 by default for the judges with a most moves
    /// (lightoj1121, uva10181).
    #[arg(long, value_name = "FRACTION")]
    unsolvable: Option<f64>,
    /// The goal of every case, for judges whose cases share one
    ///
    /// As `path --goal`.
    #[arg(short, long, value_name = "BOARD")]
    goal: Option<String>,
    /// The boards' size, W columns by H rows (4x4, 2x3)
    ///
    /// For judges of any size.
    #[arg(long, value_name = "WxH")]
    size: Option<Shape>,
    /// Starts MOVES random moves from their goal (sizes other than 3x3)
    ///
    /// Never undoing the last, instead of drawn uniformly among the reachable boards (a uniform 4x4
    /// board lies some 50 moves deep, beyond LightOJ's 35 and slow to solve).
    #[arg(long, value_name = "MOVES", conflicts_with = "all")]
    walk: Option<u32>,
    /// The most nodes the search of a board may expand before gen gives up
    ///
    /// Boards of more than 9 cells. [default: 500000000 on 4x4, 50000000 on other sizes up to 25
    /// cells, fewer in proportion on larger ones: some seconds]
    #[arg(long, value_name = "NODES", value_parser = super::arguments::parse_nodes)]
    max_nodes: Option<u64>,
    /// Write PREFIX.in and PREFIX.out, not the input on standard output
    #[arg(short, long, value_name = "PREFIX")]
    out: Option<PathBuf>,
    /// One JSON object a line per case, with its answer, on standard output
    #[arg(long, conflicts_with = "out")]
    json: bool,
    /// Replace PREFIX.in and PREFIX.out when they exist
    ///
    /// Without it, gen refuses to.
    #[arg(long, requires = "out")]
    force: bool,
}

pub fn run(options: &Options, store: &Arc<Store>) -> anyhow::Result<Status> {
    let judge =
        match super::arguments::sized(options.judge, options.size, options.goal.as_deref(), true) {
            Ok(judge) => judge,
            Err(error) => {
                super::report::warn(&error.to_string().trim_end().trim_start_matches("error: "));
                return Ok(Status::Trouble);
            }
        };
    let limit = judge.spelling.limit;
    let request = Request {
        judge,
        count: options.count,
        seed: options.seed,
        min_depth: options.depth.unwrap_or(options.min_depth),
        max_depth: options.depth.or(options.max_depth),
        unsolvable: options.unsolvable.unwrap_or(match limit {
            Some(_) => 0.1,
            None => 0.0,
        }),
        // the goal of every case, even of a judge whose cases bring their own
        goal: match &options.goal {
            Some(text) => Some(Board::parse(text, judge.shape)?),
            None => None,
        },
        // a judge that answers paths up to a most moves gets boards within it: walks of that
        // many moves, unless distances were asked
        walk: options.walk.or(limit.filter(|_| {
            let depths = options.depth.is_some() || options.min_depth > 0;
            judge.shape != Shape::SQUARE3 && !depths && options.max_depth.is_none() && !options.all
        })),
        budget: options.max_nodes,
        all: options.all,
        json: options.json,
    };
    let Some(prefix) = &options.out else {
        // a case enters the buffer whole and a write to a pipe of at most PIPE_BUF (4096) bytes
        // is atomic: an interrupted run leaves whole lines
        let mut out = io::BufWriter::with_capacity(4096, io::stdout().lock());
        let control = super::live::control(false);
        let generated = generate(&request, (store, &control), &mut out, None)?;
        out.flush()?;
        if generated.is_ok() && !request.json && eight_app::gen::out_of_reach(&request) {
            super::report::warn(&format!(
                "the input alone: random {} boards are out of the optimal search's reach, so \
                 there are no answers to write (--walk MOVES draws boards near the goal, which \
                 --out and --json answer)",
                request.judge.shape
            ));
        }
        return Ok(report(generated));
    };
    let named = prefix
        .file_name()
        .is_some_and(|name| !name.is_empty() && name != "." && name != "..");
    if !named || prefix.as_os_str().to_string_lossy().ends_with('/') || prefix.is_dir() {
        anyhow::bail!(
            "--out {} names a folder: give a prefix such as {}",
            prefix.display(),
            prefix.join("set").display()
        );
    }
    let [input_path, answers_path] = ["in", "out"].map(|ext| with_extension(prefix, ext));
    for path in [&input_path, &answers_path] {
        // a link counts: its name is taken
        if !options.force && path.symlink_metadata().is_ok_and(|meta| !meta.is_dir()) {
            anyhow::bail!(
                "{} exists: --force replaces it (with {}), or choose another --out",
                path.display(),
                [&input_path, &answers_path]
                    .into_iter()
                    .find(|other| *other != path)
                    .map_or(String::new(), |other| other.display().to_string())
            );
        }
    }
    let interrupts = Interrupts::catch()?;
    let mut input = staged(&input_path, Allow::Files, &interrupts)?;
    let mut answers = staged(&answers_path, Allow::Files, &interrupts)?;
    let control = super::live::control(false);
    let generated = generate(&request, (store, &control), &mut input, Some(&mut answers));
    if interrupts.came() {
        // the temporary files go with `input` and `answers`
        anyhow::bail!(
            "interrupted: {} and {} are as they were",
            input_path.display(),
            answers_path.display()
        );
    }
    let generated = generated?;
    if generated.is_ok() {
        // both files appear whole and matching, or not at all
        commit_pair(input, answers)?;
    }
    Ok(report(generated))
}

fn report(generated: Result<(), Impossible>) -> Status {
    match generated {
        Ok(()) => Status::Success,
        Err(impossible) => {
            super::report::warn(&said(&impossible));
            Status::Trouble
        }
    }
}

/// Why a request cannot be met, in the options' words.
fn said(impossible: &Impossible) -> String {
    match impossible {
        Impossible::WalkOnSquare3 => {
            "--walk is for boards of other sizes than 3x3: give 3x3 boards --depth".into()
        }
        Impossible::Share(share) => format!("--unsolvable {share} is not a fraction from 0 to 1"),
        Impossible::ReachableOnly(number) => {
            format!("{number}'s statement promises a reachable goal: --unsolvable must be 0")
        }
        Impossible::Depths { least, most } => {
            format!("--min-depth {least} is above --max-depth {most}")
        }
        Impossible::TooDeep {
            least,
            goal,
            deepest,
        } => {
            let goal = goal
                .as_ref()
                .map_or("any goal".to_string(), |goal| goal.to_string());
            format!(
                "no board lies {least} or more moves from {goal}: the farthest lie {deepest} away"
            )
        }
        Impossible::AllWithoutGoal(id) => format!("--all needs one goal: give {id} a --goal"),
        Impossible::AllWithUnreachable => {
            "--all writes the reachable boards: leave out --unsolvable".into()
        }
        Impossible::AllOfShape(shape) => {
            format!("--all is for 3x3 boards: give {shape} boards a --count")
        }
        Impossible::SidedPairs => "a judge of sized boards has one board a case".into(),
        Impossible::WalkAndDepth => "--walk sets the moves from the goal: leave out --depth".into(),
        Impossible::DepthOfShape(shape) => format!(
            "--depth needs every distance at hand, which only boards of up to {} cells have: \
             give {shape} boards --walk MOVES",
            eight::solve::MOST_WHOLE_CELLS
        ),
        Impossible::NotFound {
            least,
            most,
            goal,
            tries,
        } => format!("no board {least} to {most} moves from {goal} turned up in {tries} draws"),
        Impossible::OutOfReach(shape) => format!(
            "--out and --json write optimal answers, and random {shape} boards are out of the \
             optimal search's reach: ask for boards near the goal with --walk MOVES (walks of up \
             to {} moves are solved in about a second on every size), or leave out --out and \
             --json for the input alone",
            eight_app::gen::REACHABLE_WALK
        ),
        Impossible::Exhausted { case, budget } => format!(
            "case {case}: the optimal search stopped after {budget} nodes: ask for boards nearer \
             the goal with --walk MOVES (up to {} moves work on every size), or raise --max-nodes",
            eight_app::gen::REACHABLE_WALK
        ),
    }
}

/// `prefix` with `.ext` added (not replacing an extension: `a.b` gives `a.b.in`).
fn with_extension(prefix: &Path, ext: &str) -> PathBuf {
    let mut name = prefix.as_os_str().to_owned();
    name.push(".");
    name.push(ext);
    PathBuf::from(name)
}
