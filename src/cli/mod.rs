//! The command line: clap's definitions and the dispatch to the library. Nothing here knows
//! the puzzle; everything here knows the terminal.

use std::io;
use std::sync::Arc;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use help::{
    BATCH_EXAMPLES, CACHE_EXAMPLES, CHECK_EXAMPLES, COMPLETIONS_EXAMPLES, GEN_EXAMPLES,
    HISTOGRAM_EXAMPLES, JUDGE_EXAMPLES, MAN_EXAMPLES, MERGE_EXAMPLES, PLAY_EXAMPLES, SHOW_EXAMPLES,
    STRESS_EXAMPLES,
};

mod algo;
mod arguments;
mod batch;
mod cache;
mod check;
mod files;
mod fixtures;
mod gen;
mod help;
mod hints;
mod judge;
mod live;
mod options;
mod platform;
mod play;
mod quantities;
mod report;
mod show;
mod solve;
mod spelled;
mod totals;
mod unit;
mod usage;

// what main.rs, above the command line, says and asks
pub use report::{is_broken_pipe, warn};

/// Solve sliding-tile puzzles of every size in the exact formats of the classic online judges.
#[derive(Parser, Debug)]
#[command(name = "eight", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve judge fixture files and compare the answers with the recorded ones
    ///
    /// Each PATH is a test input or a folder searched for them, in every layout: `NAME.in`
    /// with `NAME.out` or `NAME.ans` (also oj's `test/sample-1.in`), Polygon's `tests/01` with
    /// `tests/01.a`, `inputN.txt` with `outputN.txt` (or `input/` beside `output/`), and cph's
    /// `.cph/NAME.prob`, whose tests are inside it. A file's judge is the nearest
    /// enclosing folder named after one (an id that --judge takes), unless --judge names one.
    /// Counts must match exactly; paths are checked as the online judges check them: legal
    /// moves, ending on the goal, of minimal length. Exit status 1 when a file fails, 2 on
    /// trouble.
    #[command(after_help = BATCH_EXAMPLES, display_order = 100)]
    Batch(batch::Options),
    /// Generate random cases in a judge's format, with their canonical answers
    ///
    /// Reachable boards are drawn uniformly among those at the chosen distances from the goal;
    /// the same seed gives the same bytes on every platform.
    #[command(after_help = GEN_EXAMPLES, display_order = 101)]
    Gen(gen::Options),
    /// Run a solution on fixture inputs and judge it like the online judge
    ///
    /// Each input (found as `batch` finds them) is given to COMMAND on standard input under a
    /// CPU time, wall-clock, memory, output, file-size and process limit, in a sandbox where the
    /// system allows one (no network, a read-only file system, a private /tmp as its working
    /// folder, the fixtures hidden). The answers are judged against eight's own (counts exactly,
    /// paths checked as the online judges check them), once a recorded answer beside the input
    /// is found right. Verdicts: AC, WA (the first wrong case and why), TLE, MLE, RE, OLE. Exit
    /// status 1 when a file is not accepted, 2 on trouble.
    #[command(after_help = JUDGE_EXAMPLES, display_order = 102)]
    Judge(judge::Options),
    /// Run a solution on random cases until one fails, and shrink that file
    ///
    /// Each file holds random cases of the judge with its traps among them (an already solved
    /// board, one a move from its goal, an unreachable one where the statement allows it, the
    /// deepest), of sizes 2x2 to 4x4 where its cases give their own, run and judged as `eight
    /// judge` runs and judges a file. At the first file the program fails, cases are left out
    /// while it still fails, each case is made the simplest of a smaller size where it still
    /// fails, and each board is moved nearer its goal along its canonical path while it still
    /// fails; the simplest failing input is
    /// shown with eight's answers and the program's, written to PREFIX.in and PREFIX.out, and
    /// the command that judges it again is said. Exit status 1 when a file failed, 0 when every
    /// file passed, 2 on trouble.
    #[command(after_help = STRESS_EXAMPLES, display_order = 102)]
    Stress(judge::StressOptions),
    /// Judge one output file like `eight judge`, as a checker for other tools
    ///
    /// The arguments are a testlib checker's (input, output, answer), which is also what
    /// `oj test --judge-command` gives. The answer, when given, is checked first. The exit status
    /// is testlib's: 0 accepted, 1 wrong answer, 2 presentation error, 3 the checker's failure
    /// (a malformed input, a wrong jury answer, a file that cannot be read); why on standard
    /// error.
    #[command(after_help = CHECK_EXAMPLES, display_order = 102)]
    Check(check::Options),
    /// Draw the canonical solution board by board
    ///
    /// The boards stand side by side as far as the terminal is wide, each labelled with its
    /// step and move; on a terminal the blank is highlighted and the moved tile coloured.
    #[command(after_help = SHOW_EXAMPLES, display_order = 103)]
    Show(show::ShowOptions),
    /// Count the boards at each distance from a goal, with a bar chart
    #[command(after_help = HISTOGRAM_EXAMPLES, display_order = 104)]
    Histogram(show::HistogramOptions),
    /// The supervisor of one run of `eight judge` (internal)
    #[command(name = "__run", hide = true)]
    Supervise {
        /// The limits and the program, as `eight judge` gives them
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        arguments: Vec<std::ffi::OsString>,
    },
    /// The program's confinement in one run of `eight judge`, before it becomes the program
    /// (internal)
    #[command(name = "__jail", hide = true)]
    Jail {
        /// The order and the program, as the supervisor gives them
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        arguments: Vec<std::ffi::OsString>,
    },
    /// The pattern databases' cache folder: what it holds, clear it, build ahead of time
    ///
    /// The searches of 4x4 to 7x7 boards read pattern databases (and the machines that cut their
    /// duplicate paths) from this folder, building the 4x4 and 5x5 ones there the first time:
    /// $EIGHT_CACHE_DIR (an absolute path), else $XDG_CACHE_HOME/eight, else ~/.cache/eight.
    #[command(after_help = CACHE_EXAMPLES, display_order = 105)]
    Cache {
        #[command(subcommand)]
        action: Option<cache::Action>,
    },
    /// Play the puzzle in the terminal, with the optimal distance after each move and hints
    ///
    /// The arrow keys move the blank; `h` shows the next move of the canonical path, `n` plays
    /// it, `u` undoes the last move, `q` (or Ctrl-C) quits. Reaching the goal says so, with the
    /// moves made beside the optimum. Without a board, a random one (`--seed` for the same).
    #[command(after_help = PLAY_EXAMPLES, display_order = 105)]
    Play(play::Options),
    /// Merge one wave's records of a search spread over machines: the answer, or the next bound
    ///
    /// Each record is a unit's line (`eight path --part K/N --bound B --json BOARD`), read from
    /// the files or standard input. When a share holds a path, the canonical path is written in
    /// the command's format (exit 0); when none does, the next wave's bound (exit 1). Nothing is
    /// believed: the boards are read, `solvable` checked by parity, and the path printed is
    /// replayed from the start to the goal at the bound's length. A missing share, a record of
    /// another search or bound, a next bound at or below the wave's, slices that are not a
    /// unit's, a path that does not lead there, shares whose places do not tile
    /// the wave, or two records of one share that differ in anything but their time and host are
    /// errors that name them (exit 2).
    #[command(after_help = MERGE_EXAMPLES, display_order = 106)]
    Merge {
        /// The wave's records, one JSON object a line (standard input if none)
        #[arg(value_name = "FILE")]
        files: Vec<std::path::PathBuf>,
        /// The balance of the wave on standard error: its nodes, and its largest shares
        #[arg(long)]
        stats: bool,
        /// With the next bound, write the next wave's shares, cut evenly, to FILE
        ///
        /// Cut evenly by the nodes below their boards in this wave: a line a share, the `--part` it
        /// takes (`3/8:FROM-TO`).
        #[arg(long, value_name = "FILE")]
        even: Option<std::path::PathBuf>,
    },
    /// Print the manual page (roff, for man): eight's, or one command's (eight-steps(1))
    #[command(after_help = MAN_EXAMPLES, display_order = 107)]
    Man {
        /// The command whose page to print (steps, judge, ...); none: the top page
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
    /// Print a completion script for a shell
    #[command(after_help = COMPLETIONS_EXAMPLES, display_order = 106)]
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: Shell,
    },
}

/// The shells `eight completions` writes for: clap_complete's, and nushell
/// (clap_complete_nushell).
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Shell {
    Bash,
    Elvish,
    Fish,
    Nushell,
    Powershell,
    Zsh,
}

/// When to colour.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Color {
    /// When standard output is a terminal and NO_COLOR is unset
    Auto,
    /// Always, escape codes even into a file
    Always,
    /// Never: plain ASCII
    Never,
}

impl Color {
    /// Whether to colour output that goes to a terminal or not.
    fn wanted(self, terminal: bool) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            // NO_COLOR counts when it is set and not empty, as its convention says
            Color::Auto => {
                terminal
                    && !matches!(std::env::var_os("NO_COLOR"), Some(value) if !value.is_empty())
            }
        }
    }
}

/// How a run ended, as the exit status.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// Every case answered, every check passed.
    Success = 0,
    /// A check found differences (batch).
    Differences = 1,
    /// Some input was malformed (and reported); the other cases were answered. For `eight
    /// check`, testlib's presentation error: the output is not laid out as the judge's.
    Trouble = 2,
    /// `eight check` could not judge (testlib's `_fail`): the jury's answer is wrong, or a file
    /// cannot be read or holds no valid cases.
    CheckerFailure = 3,
    /// Ctrl-C (SIGINT) or SIGTERM stopped a long search: the answers before it were written.
    Interrupted = 130,
}

impl Status {
    /// The status of a run of checks: trouble over failures over success.
    fn of_checks(failed: u64, trouble: u64) -> Status {
        if trouble > 0 {
            Status::Trouble
        } else if failed > 0 {
            Status::Differences
        } else {
            Status::Success
        }
    }
}

/// The whole command line: the solving commands, made from the judges' descriptions, first;
/// then the others.
pub fn command() -> clap::Command {
    let solving = solve::commands().into_iter().enumerate();
    let command = solving.fold(Cli::command(), |command, (order, solving)| {
        command.subcommand(solving.display_order(order))
    });
    let listed = usage::listed(&command);
    command
        .help_template(usage::TEMPLATE)
        .after_long_help(listed)
        .after_help(usage::named())
}

/// A parsed command line.
#[derive(Debug)]
pub enum Invocation {
    /// A solving command.
    Solve(Box<solve::Invocation>),
    /// Any other.
    Other(Box<Cli>),
}

/// Parses the command line, exiting as clap does on an error, `--help` or `--version`; but
/// help and version that cannot be written (a full disk) fail like every other write.
pub fn parse() -> Invocation {
    let matches = command()
        .try_get_matches()
        .unwrap_or_else(|error| exit(error));
    let solving = matches
        .subcommand()
        .and_then(|(name, matches)| solve::Invocation::from_matches(name, matches));
    let parsed = match solving {
        Some(invocation) => invocation.map(|invocation| Invocation::Solve(Box::new(invocation))),
        None => Cli::from_arg_matches(&matches).map(|cli| Invocation::Other(Box::new(cli))),
    };
    // a usage error of a command shows that command's usage line, not the root's
    parsed.unwrap_or_else(|error| {
        let mut root = command();
        root.build();
        let name = matches.subcommand_name().unwrap_or_default().to_string();
        match root.find_subcommand_mut(&name) {
            Some(command) => exit(error.format(command)),
            None => exit(error.format(&mut root)),
        }
    })
}

/// Prints clap's message (help, version or a usage error) and exits with its status, or with
/// status 2 when help or version cannot be written; a closed pipe is a quiet end, as anywhere.
fn exit(error: clap::Error) -> ! {
    // help shown for a command given nothing (`eight`, `eight cache build`) stays help
    let help = error.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;
    if error.use_stderr() && help {
        error.exit();
    }
    if error.use_stderr() {
        use std::io::Write;
        // the command named on the command line, for `eight COMMAND --help`
        let root = command();
        let invoked = std::env::args().nth(1).and_then(|word| {
            root.find_subcommand(&word)
                .map(|found| found.get_name().to_string())
        });
        let text = usage::restyle(&error, invoked.as_deref());
        let _ = io::stderr().write_all(text.as_bytes());
        std::process::exit(error.exit_code());
    }
    let written = error.print().and_then(|()| {
        use std::io::Write;
        io::stdout().flush()
    });
    match written {
        Err(failure) if failure.kind() != io::ErrorKind::BrokenPipe => {
            report::warn(&format_args!("cannot write to standard output: {failure}"));
            std::process::exit(Status::Trouble as i32)
        }
        _ => std::process::exit(0),
    }
}

/// Runs the command: answers on standard output, one diagnostic line each on standard error.
pub fn run(invocation: Invocation) -> anyhow::Result<Status> {
    platform::survive_file_size_limit(&Arc::default())?;
    let store = cache::store();
    if platform::stdout_was_closed() {
        report::warn(&"standard output is closed: the answers have nowhere to go");
        return Ok(Status::Trouble);
    }
    let cli = match invocation {
        Invocation::Solve(invocation) => return solve::answer(*invocation, &store),
        Invocation::Other(cli) => *cli,
    };
    match cli.command {
        Command::Batch(options) => batch::run(&options, &store),
        Command::Gen(options) => gen::run(&options, &store),
        Command::Judge(options) => judge::run(&options, &store),
        Command::Stress(options) => judge::stress(&options, &store),
        Command::Check(options) => check::run(&options, &store),
        Command::Show(options) => show::show(&options, &store),
        Command::Histogram(options) => show::histogram(&options),
        Command::Play(options) => play::run(&options, &store),
        Command::Merge { files, stats, even } => unit::merge(&files, stats, even.as_deref()),
        Command::Cache { action } => cache::run(action, &store),
        #[cfg(target_os = "linux")]
        Command::Supervise { arguments } => {
            judge::sandbox::supervise(&arguments)?;
            Ok(Status::Success)
        }
        #[cfg(target_os = "linux")]
        Command::Jail { arguments } => {
            judge::sandbox::jail(&arguments)?;
            Ok(Status::Trouble)
        }
        #[cfg(not(target_os = "linux"))]
        Command::Supervise { .. } | Command::Jail { .. } => {
            report::warn(&judge::ELSEWHERE);
            Ok(Status::Trouble)
        }
        Command::Completions { shell } => {
            // made in memory and written at once, so that a failed write is an error, not a panic
            let mut script = Vec::new();
            let mut cli = command();
            use clap_complete::Shell as Known;
            let known = match shell {
                Shell::Bash => Some(Known::Bash),
                Shell::Elvish => Some(Known::Elvish),
                Shell::Fish => Some(Known::Fish),
                Shell::Powershell => Some(Known::PowerShell),
                Shell::Zsh => Some(Known::Zsh),
                Shell::Nushell => None,
            };
            match known {
                Some(known) => clap_complete::generate(known, &mut cli, "eight", &mut script),
                None => clap_complete::generate(
                    clap_complete_nushell::Nushell,
                    &mut cli,
                    "eight",
                    &mut script,
                ),
            }
            use std::io::Write;
            let mut out = io::stdout().lock();
            out.write_all(&script)?;
            out.flush()?;
            Ok(Status::Success)
        }
        Command::Man { command: name } => {
            // built, so that each command is named as the top page names it: eight-steps
            let mut cli = command().disable_help_subcommand(true);
            cli.build();
            let shown = match &name {
                None => cli,
                Some(name) => match cli.find_subcommand(name).filter(|c| !c.is_hide_set()) {
                    Some(found) => found.clone().version(env!("CARGO_PKG_VERSION")),
                    None => {
                        let names = cli.get_subcommands().filter(|c| !c.is_hide_set());
                        report::warn(&format_args!(
                            "no manual page for `{name}`: the commands are {}",
                            itertools::Itertools::join(
                                &mut names.map(clap::Command::get_name),
                                ", "
                            )
                        ));
                        return Ok(Status::Trouble);
                    }
                },
            };
            // the whole page in memory, then written at once, as the completions are
            let mut page = Vec::new();
            clap_mangen::Man::new(shown).render(&mut page)?;
            use std::io::Write;
            let mut out = io::stdout().lock();
            out.write_all(&page)?;
            out.flush()?;
            Ok(Status::Success)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_definition_is_consistent() {
        command().debug_assert();
    }
}
