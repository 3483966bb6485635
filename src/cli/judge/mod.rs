//! `eight judge`: run someone's solution on fixture inputs in a sandbox, and judge its output
//! like the online judge does. The sandbox is Linux's (namespaces, cgroups, `/proc`, a child
//! subreaper); on other systems `eight judge` says what it could not enforce and runs nothing.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use eight::format::Judge;

use super::quantities::{parse_memory, parse_output, parse_time};
use super::spelled::judge_parser;
use super::Color;

#[cfg(target_os = "linux")]
mod limits;
#[cfg(target_os = "linux")]
mod outputs;
#[cfg(target_os = "linux")]
mod prepare;
#[cfg(target_os = "linux")]
mod runner;
#[cfg(target_os = "linux")]
pub(super) use eight_sandbox as sandbox;
#[cfg(target_os = "linux")]
mod stress;
#[cfg(target_os = "linux")]
mod trial;

#[derive(Args, Debug)]
pub struct Options {
    /// The judge whose rules apply: its id, its problem (`P1379`) or its address
    ///
    /// `eight --help` lists the ids; a problem as a judge writes it (`P1379`, `POJ1077`, `hdu-1043`)
    /// or its address (`https://www.luogu.com.cn/problem/P1379`) is taken too.
    #[arg(value_parser = judge_parser(), hide_possible_values = true)]
    judge: &'static Judge,
    /// Test inputs (`.in`, `tests/01`, `inputN.txt`, `.cph/NAME.prob`), or folders of them
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The solution to run, after `--`: a program and its arguments
    ///
    /// Run directly (no shell); it reads a file on standard input.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<OsString>,
    /// CPU time limit per file [default: the test's, the judge's or 1s]
    ///
    /// User and system time of the whole process tree (every thread and child): `1.5`, `1.5s` or
    /// `500ms` (at most a day). Without it, the test's own limit (cph's timeLimit), else the
    /// judge's statement's (HDU 1043's 5 s), else 1s; the verdict says which.
    #[arg(short = 't', long, value_name = "TIME", value_parser = parse_time,
          allow_hyphen_values = true)]
    time_limit: Option<Duration>,
    /// Wall-clock limit per file [default: twice the time limit, plus 1 s]
    ///
    /// For a program that sleeps or waits rather than computes; written like --time-limit.
    #[arg(long, value_name = "TIME", value_parser = parse_time, allow_hyphen_values = true)]
    wall_limit: Option<Duration>,
    /// Memory limit per file [default: the test's, the judge's or 256M]
    ///
    /// The whole process tree's memory (as a cgroup counts it where one can be made, shared memory
    /// included; else sampled): `256` (MiB), `512M`, `1G`, `800K` (at most 1 TiB). Without it, the
    /// test's own limit (cph's memoryLimit), else the judge's statement's (HDU 1043's 32 MiB), else
    /// 256M; the verdict says which.
    #[arg(short = 'm', long, value_name = "SIZE", value_parser = parse_memory,
          allow_hyphen_values = true)]
    memory_limit: Option<u64>,
    /// Output limit per file (at most 1 GiB)
    ///
    /// Written like --memory-limit; the rest of the output is not read.
    #[arg(long, value_name = "SIZE", default_value = "64M", value_parser = parse_output,
          allow_hyphen_values = true)]
    output_limit: u64,
    /// The largest file the program may write
    ///
    /// Written like --memory-limit. A program that writes more is killed (SIGXFSZ).
    #[arg(long, value_name = "SIZE", default_value = "64M", value_parser = parse_memory,
          allow_hyphen_values = true)]
    file_limit: u64,
    /// Processes and threads at once
    ///
    /// The most the program's tree may hold at once, where a pids cgroup can be made (root).
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..))]
    processes: u64,
    /// The goal of every case, for judges whose cases share one
    ///
    /// As `path --goal`, read at the judge's size.
    #[arg(short, long, value_name = "BOARD")]
    goal: Option<String>,
    /// Run the program even where a layer of the sandbox cannot be had
    ///
    /// Without the layer (the namespaces, a cgroup); each verdict then names the layers it went
    /// without. Otherwise such a run is refused before the program starts.
    #[arg(long)]
    unconfined: bool,
    /// Pass a variable to the program (NAME), or set it (NAME=VALUE)
    ///
    /// Repeatable. The program gets PATH, HOME (its own /tmp) and LANG, and nothing else unless asked.
    #[arg(long, value_name = "NAME[=VALUE]")]
    env: Vec<OsString>,
    /// Paths must also be of minimal length
    ///
    /// The real judges accept any that reach the goal.
    #[arg(long)]
    optimal: bool,
    /// Files run at once [default: 1, so that the times are comparable]
    ///
    /// With more, files run side by side and each one's time is as the others let it be.
    #[arg(short, long, value_name = "N")]
    jobs: Option<usize>,
    /// Also show the end of the program's standard error on a wrong answer
    ///
    /// It is always shown on a runtime error.
    #[arg(short, long)]
    pub(super) verbose: bool,
    /// Colour the verdicts: auto, always or never
    #[arg(long, value_enum, default_value_t = Color::Auto, hide_possible_values = true)]
    color: Color,
    /// One JSON object a line per file, then the totals
    ///
    /// The verdict, the time, the memory, the first wrong case and how many are wrong.
    #[arg(long)]
    pub(super) json: bool,
}

/// `eight stress`'s options: the judge, the solution, how many files of how many cases, and
/// the limits each file runs under (as `eight judge`'s).
#[derive(Args, Debug)]
pub struct StressOptions {
    /// The judge whose format and rules apply, as `eight judge` takes it
    #[arg(value_parser = judge_parser(), hide_possible_values = true)]
    judge: &'static Judge,
    /// The solution to run, after `--`: a program and its arguments
    ///
    /// Run directly (no shell); it reads a file on standard input.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<OsString>,
    /// Cases a file
    #[arg(short = 'n', long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    cases: u64,
    /// The first file's seed, each next file the next [default: drawn]
    ///
    /// A seed drawn is said, so that the run can be made again.
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
    /// The most files to try
    #[arg(long, value_name = "N", default_value_t = 200,
          value_parser = clap::value_parser!(u64).range(1..))]
    files: u64,
    /// Stop trying new files after this long (10s, 1m)
    ///
    /// If none failed by then, the run passes.
    #[arg(long, value_name = "TIME", default_value = "10s", value_parser = parse_time)]
    time: Duration,
    /// Compare with this program's output instead of eight's answers
    ///
    /// A command line, its words apart at spaces (`--against "python3 brute.py"`), run in the same
    /// sandbox; the outputs must match line for line (blanks at a line's end aside).
    #[arg(long, value_name = "COMMAND")]
    against: Option<String>,
    /// Write the simplest failing file to PREFIX.in and .out
    ///
    /// By default `stress-SEED`, SEED the failing file's seed.
    #[arg(long, value_name = "PREFIX")]
    out: Option<PathBuf>,
    /// CPU time limit per file, as judge's -t [default: the judge's, else 1s]
    #[arg(short = 't', long, value_name = "TIME", value_parser = parse_time,
          allow_hyphen_values = true)]
    time_limit: Option<Duration>,
    /// Memory limit per file, as judge's -m [default: the judge's, else 256M]
    #[arg(short = 'm', long, value_name = "SIZE", value_parser = parse_memory,
          allow_hyphen_values = true)]
    memory_limit: Option<u64>,
    /// Paths must also be of minimal length, as judge's --optimal
    #[arg(long)]
    optimal: bool,
    /// Run where a layer of the sandbox cannot be had, as judge's --unconfined
    #[arg(long)]
    unconfined: bool,
    /// Pass or set a variable of the program's environment, as judge's --env
    #[arg(long, value_name = "NAME[=VALUE]")]
    env: Vec<OsString>,
}

impl StressOptions {
    /// The options of `eight judge` that each file is judged under.
    #[cfg(target_os = "linux")]
    fn judging(&self) -> Options {
        Options {
            judge: self.judge,
            paths: Vec::new(),
            command: self.command.clone(),
            time_limit: self.time_limit,
            wall_limit: None,
            memory_limit: self.memory_limit,
            output_limit: 64 << 20,
            file_limit: 64 << 20,
            processes: 256,
            goal: None,
            unconfined: self.unconfined,
            env: self.env.clone(),
            optimal: self.optimal,
            jobs: None,
            verbose: true,
            color: Color::Never,
            json: false,
        }
    }
}

#[cfg(target_os = "linux")]
pub use stress::run as stress;
#[cfg(target_os = "linux")]
pub use trial::run;

/// Elsewhere than on Linux: nothing is run, and the user learns why.
#[cfg(not(target_os = "linux"))]
pub fn stress(
    _: &StressOptions,
    _: &std::sync::Arc<eight::solve::Store>,
) -> anyhow::Result<super::Status> {
    super::report::warn(&ELSEWHERE);
    Ok(super::Status::Trouble)
}

/// Elsewhere than on Linux: nothing is run, and the user learns why.
#[cfg(not(target_os = "linux"))]
pub fn run(_: &Options, _: &std::sync::Arc<eight::solve::Store>) -> anyhow::Result<super::Status> {
    super::report::warn(&ELSEWHERE);
    Ok(super::Status::Trouble)
}

/// What `eight judge` cannot enforce off Linux, said instead of running a program unguarded.
#[cfg(not(target_os = "linux"))]
pub const ELSEWHERE: &str = "judge runs programs on Linux only: on this system it could not \
    limit the CPU time, memory and processes of the program's whole tree, keep it from the \
    network, the fixtures' answers and eight's cache, or make sure that nothing it starts \
    outlives its run; `eight check JUDGE INPUT OUTPUT` judges an output made elsewhere";
