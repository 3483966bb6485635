//! The solving commands, `steps`, `pair` and `path`: made from the judges' descriptions, one
//! command per format with the judges' ids as aliases; cases from the arguments or standard
//! input, answers on standard output.

use std::cell::RefCell;
use std::ffi::OsString;
use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;

use clap::{value_parser, Arg, ArgAction, ArgMatches, Args, FromArgMatches};
use eight::format::judge::Goal;
use eight::format::{judge, InputError, Judge, Origin};
use eight::solve::Report;
use eight::solve::Store;
use eight::{Board, Engine};
use eight_app::stream::{Output, Stream};
use itertools::Itertools;

use super::options::{databases_fit, EngineArgs};
use super::totals::Totals;
use super::Status;

/// The solving commands, one per format, in the order of the judges.
pub fn commands() -> Vec<clap::Command> {
    judge::ALL
        .iter()
        .map(|judge| judge.command)
        .unique()
        .map(|name| command(&judges_of(name)))
        .collect()
}

/// The judges a command answers.
fn judges_of(command: &str) -> Vec<&'static Judge> {
    judge::ALL
        .into_iter()
        .filter(|judge| judge.command == command)
        .collect()
}

/// The command of judges that share a format: named for what it prints, their ids as aliases.
/// Its arguments are made only when it is the one invoked (or asked for whole, by `--help`,
/// completions and the manual): a run makes one command's of the 23, not all of them.
fn command(judges: &[&'static Judge]) -> clap::Command {
    let judge = judges[0];
    let (summary, long_about, examples) = words(judges);
    clap::Command::new(judge.command)
        .about(summary)
        .long_about(long_about)
        .visible_aliases(
            judges
                .iter()
                .map(|judge| judge.id)
                .filter(|&id| id != judge.command),
        )
        .after_help(examples)
        .defer(arguments)
}

/// The summary, the long description and the examples of the command of `judges`.
fn words(judges: &[&'static Judge]) -> (String, String, &'static str) {
    let help = judges[0].help;
    let names = judges.iter().map(|judge| judge.name()).join(", ");
    let summary = format!("{} ({names})", help.summary);
    let long_about = format!("{summary}\n\n{}", help.cases);
    (summary, long_about, help.examples)
}

/// The arguments of the solving command `command`, made when it is built.
fn arguments(command: clap::Command) -> clap::Command {
    let judges = judges_of(command.get_name());
    let judge = judges[0];
    let (value_name, short, long) = match judge.boards {
        _ if judge.files => (
            "FILE",
            "Files of cases, each answered as `FILE: answer`; with none, standard input",
            "",
        ),
        _ if judge.counted() => (
            "CASES",
            "Cases as the judge's input gives them; with none, standard input",
            "Cases as the judge's input gives them (its count first), or boards alone, the count \
             left out (`12X453786 12345678X`, or 16 numbers for a 4x4 board); with none, cases \
             are read from standard input. Rows may be split by `/`, cells by commas",
        ),
        2 => (
            "START GOAL",
            "A start and its goal, and more pairs; with none, standard input",
            "A start and its goal, and more pairs; with none, cases are read from standard input. \
             Rows may be split by `/` (slidy's `1 2 3/4 5 6/7 8 0`), cells by commas",
        ),
        _ => (
            "BOARD",
            "Boards to solve; with none, standard input",
            "Boards to solve; with none, cases are read from standard input until its end. Rows \
             may be split by `/` (slidy's `1 2 3/4 5 6/7 8 0`), cells by commas, and LeetCode's \
             `board = [[1,2,3],[4,0,5]]` is read as it is written",
        ),
    };
    let mut boards = Arg::new("boards")
        .value_name(value_name)
        .help(short)
        .action(ArgAction::Append)
        .value_parser(value_parser!(OsString));
    if !long.is_empty() {
        boards = boards.long_help(long);
    }
    let mut command = command.arg(boards);
    if judge.boards == 1 {
        let mut goal = Arg::new("goal")
            .short('g')
            .long("goal")
            .value_name("BOARD")
            .help("The board to reach")
            .long_help(
                "The board to reach (of another size than 3x3: the tiles in order, the blank last)",
            );
        if let Goal::Fixed(board) = judge.goal {
            goal = goal.default_value(board.to_string());
        }
        command = command.arg(goal);
    }
    // the shared options bring their own documentation, which the command's own words replace
    let (summary, long_about, _) = words(&judges);
    EngineArgs::augment_args(command)
        .about(summary)
        .long_about(long_about)
}

/// A solving command as parsed: the judge (with the goal of the run), the boards given as
/// arguments, and the engine's options.
#[derive(Debug)]
pub struct Invocation {
    judge: Judge,
    boards: Vec<OsString>,
    engine: EngineArgs,
    /// Whether `--goal` was given, rather than the judge's own goal taken.
    goal_given: bool,
}

impl Invocation {
    /// The invocation of the solving command `name`, if it is one.
    pub fn from_matches(name: &str, matches: &ArgMatches) -> Option<clap::error::Result<Self>> {
        let judge = *judges_of(name).into_iter().next()?;
        let boards = matches
            .get_many::<OsString>("boards")
            .map_or_else(Vec::new, |boards| boards.cloned().collect());
        let engine = match EngineArgs::from_arg_matches(matches) {
            Ok(engine) => engine,
            Err(error) => return Some(Err(error)),
        };
        // the judge's own goal stands unless one is given, whatever the size
        let given = judge.boards == 1
            && matches.value_source("goal") == Some(clap::parser::ValueSource::CommandLine);
        let goal = matches
            .try_get_one::<String>("goal")
            .ok()
            .flatten()
            .filter(|_| given);
        let sized = super::arguments::sized(&judge, engine.size, goal.map(String::as_str), false)
            .and_then(|judge| databases_fit(&judge, engine.pdb).map(|()| judge))
            .and_then(|judge| {
                super::algo::algorithm_fits(&judge, engine.algo, engine.heuristic).map(|()| judge)
            })
            .and_then(|judge| engine.claims_fit().map(|()| judge));
        Some(sized.map(|judge| Invocation {
            judge,
            boards,
            engine,
            goal_given: given,
        }))
    }
}

/// Answers the cases of the arguments or, when there are none, of standard input; with
/// `--stats`, a line per case on standard error and a summary at the end.
pub fn answer(invocation: Invocation, store: &Arc<Store>) -> anyhow::Result<Status> {
    // Writes of at most PIPE_BUF (4096) bytes to a pipe are atomic, and every line enters the
    // buffer whole: so a run killed mid-way (Ctrl-C) never leaves half a line.
    let mut out = io::BufWriter::with_capacity(4096, io::stdout().lock());
    // the file being read, when the arguments name files: it names the place of an error
    let file = RefCell::new(String::new());
    let mut report = |error: &InputError| match file.borrow().as_str() {
        "" => super::report::warn(error),
        name => super::report::warn(&format_args!("{name}: {error}")),
    };
    let mut totals = Totals::default();
    let mut each = |case: u64, report: Report| totals.add(case, &report);
    let options = &invocation.engine;
    let judge = &invocation.judge;
    // searches that may take seconds: a live line on a terminal, and Ctrl-C stops the one
    // under way (the answers before it written whole) instead of killing the process
    let long = judge.shape.cells() > 9 || judge.sided();
    if long {
        super::platform::Interrupts::catch()?;
    }
    let engine = Engine::asked(&options.request())
        .with_store(store.clone())
        .with_control(super::live::control(long));
    // boards of up to 9 cells are answered from whole-space tables, which take no bound
    let searched = judge.shape.cells() > 9 || judge.framing.sided();
    if let (None, Some(bound), true) = (options.part, options.bound, searched) {
        // a resumed search proves nothing below its bound: the user who gives one is told
        super::report::warn(&format_args!(
            "--bound {bound}: no bound below {bound} is searched, so an answer is the shortest \
             only if an earlier run of this board searched each of them (where {bound} is above \
             a board's estimate, --json says \"optimal\": false)"
        ));
    }
    if let (Some(part), Some(bound)) = (options.part, options.bound) {
        return super::unit::run(
            engine,
            judge,
            &invocation.boards,
            (part, bound),
            options.stats,
        );
    }
    let mut stream = Stream {
        judge: invocation.judge,
        engine,
        output: if options.json {
            Output::Json
        } else {
            Output::Answers
        },
        report: &mut report,
        stats: options.stats.then_some(&mut each as _),
        jobs: usize::from(options.jobs),
    };
    let arguments = &invocation.boards;
    let command = invocation.judge.command;
    if invocation.judge.files && !arguments.is_empty() {
        let status = answer_files(&mut stream, arguments, &file, &mut out)?;
        drop(stream);
        if options.stats {
            totals.summary();
        }
        return Ok(status);
    }
    if let Some(file) = arguments.iter().find(|argument| {
        Path::new(argument).is_file() && argument.to_string_lossy().parse::<Board>().is_err()
    }) {
        let file = file.to_string_lossy();
        super::report::warn(&format_args!(
            "`{file}` is a file, and boards are read from arguments or standard input: \
             eight {command} < {file}"
        ));
        return Ok(Status::Trouble);
    }
    if let Some(hint) = super::arguments::misread(arguments, &invocation.judge, options.size) {
        super::report::warn(&hint);
        return Ok(Status::Trouble);
    }
    // `-` alone is standard input, as for most tools
    let stdin = arguments.is_empty() || (arguments.len() == 1 && arguments[0] == "-");
    let outcome = if stdin {
        super::hints::when_typing(command);
        stream.run(io::stdin().lock(), Origin::Line, &mut out)?
    } else {
        // NUL joins the arguments since no argument can hold one.
        if super::arguments::uncounted(arguments, &invocation.judge) {
            stream.judge = stream.judge.uncounted();
        }
        let parts: Vec<&[u8]> = arguments.iter().map(|a| a.as_encoded_bytes()).collect();
        let joined = parts.join(&0u8);
        stream.run(&joined[..], Origin::Argument, &mut out)?
    };
    out.flush()?;
    drop(stream);
    if !stdin && !invocation.goal_given && !options.json {
        super::hints::tell_other_goal(&invocation.judge, arguments);
    }
    if options.stats {
        totals.summary();
    }
    // (a judge whose special judge takes any path gets `--fast`'s unasked, and no note)
    if outcome.unproved > 0 && !options.json && options.request().bounded().is_some() {
        super::report::warn(&unproved(outcome.unproved));
    }
    if outcome.interrupted {
        super::report::warn(&"interrupted: the cases before the one under way are answered");
        return Ok(Status::Interrupted);
    }
    Ok(if outcome.malformed + outcome.errors > 0 {
        Status::Trouble
    } else {
        Status::Success
    })
}

/// Answers each file of cases, every answer line as `FILE: answer` (algs4's checker's lines;
/// JSON records stay whole), errors named by their file; a file that cannot be read is said, and
/// the others are answered.
fn answer_files(
    stream: &mut Stream,
    files: &[OsString],
    current: &RefCell<String>,
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    let mut status = Status::Success;
    for file in files {
        let name = Path::new(file).display().to_string();
        let unreadable = |error: io::Error| {
            super::report::warn(&format_args!("{name}: {error}"));
        };
        let input = match super::platform::open_without_waiting(std::path::Path::new(file)) {
            Ok(input) => input,
            Err(error) => {
                unreadable(error);
                status = Status::Trouble;
                continue;
            }
        };
        *current.borrow_mut() = name.clone();
        // answers go out line by line as they come; an error of the stream is the file's (a
        // folder, a read failing) unless it was the output's
        let prefix = match stream.output {
            Output::Answers => format!("{name}: "),
            Output::Json => String::new(),
        };
        let mut lines = Prefixed::new(&mut *out, prefix);
        let read = stream.run(io::BufReader::new(input), Origin::Line, &mut lines);
        if let Some(error) = lines.failed.take() {
            return Err(error.into());
        }
        let outcome = match read {
            Ok(outcome) => outcome,
            Err(error) => {
                unreadable(error);
                status = Status::Trouble;
                continue;
            }
        };
        out.flush()?;
        if outcome.interrupted {
            super::report::warn(&"interrupted: the cases before the one under way are answered");
            return Ok(Status::Interrupted);
        }
        if outcome.malformed + outcome.errors > 0 {
            status = Status::Trouble;
        }
    }
    Ok(status)
}

/// What the judge's plain format cannot say: `count` answers of `--fast` are paths not proved
/// shortest.
fn unproved(count: u64) -> String {
    let answers = match count {
        1 => "1 answer is a path".to_string(),
        count => format!("{count} answers are paths"),
    };
    format!(
        "{answers} not proved shortest: --json or --stats say how far from the shortest \
         each can be"
    )
}

/// A writer that puts `prefix` before every line it passes on, and keeps the error of the
/// writer behind it, to tell it from the reader's.
struct Prefixed<W> {
    out: W,
    prefix: String,
    at_line_start: bool,
    failed: Option<io::Error>,
}

impl<W: Write> Prefixed<W> {
    fn new(out: W, prefix: String) -> Prefixed<W> {
        Prefixed {
            out,
            prefix,
            at_line_start: true,
            failed: None,
        }
    }

    fn pass(&mut self, bytes: &[u8]) -> io::Result<()> {
        for line in bytes.split_inclusive(|&b| b == b'\n') {
            if std::mem::take(&mut self.at_line_start) {
                self.out.write_all(self.prefix.as_bytes())?;
            }
            self.out.write_all(line)?;
            self.at_line_start = line.ends_with(b"\n");
        }
        Ok(())
    }
}

impl<W: Write> Write for Prefixed<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pass(bytes)
            .map(|()| bytes.len())
            .map_err(|error| self.keep(error))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush().map_err(|error| self.keep(error))
    }
}

impl<W> Prefixed<W> {
    /// Keeps `error` as the output's, and gives one like it back to the stream.
    fn keep(&mut self, error: io::Error) -> io::Error {
        let kind = error.kind();
        let shown = error.to_string();
        self.failed.get_or_insert(error);
        io::Error::new(kind, shown)
    }
}
