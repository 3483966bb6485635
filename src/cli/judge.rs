//! `eight judge`: run someone's solution on fixture inputs under limits, and judge its output
//! like the online judge does.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

use clap::Args;
use eight::tools::check::{self, cases_of, Verdict};
use eight::{Engine, Judge};
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

use super::batch::{inputs, progress, say};
use super::{judge_parser, Status};

#[derive(Args, Debug)]
pub struct Options {
    /// The judge whose rules apply
    #[arg(value_parser = judge_parser())]
    judge: &'static Judge,
    /// `.in` files, or folders searched for them
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The solution to run, after `--`: it reads a file on standard input
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<OsString>,
    /// Wall-clock limit per file, in seconds
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0)]
    time_limit: f64,
    /// Memory limit per file, in MiB of resident memory (an address-space rlimit well above it
    /// stops a runaway)
    #[arg(long, value_name = "MIB", default_value_t = 256)]
    memory_limit: u64,
    /// Output limit per file, in MiB: the rest is not read
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    output_limit: u64,
    /// Paths must also be of minimal length (the real judges accept any that reach the goal)
    #[arg(long)]
    optimal: bool,
    /// Files run at once [default: the number of cores]
    #[arg(short, long, value_name = "N")]
    jobs: Option<usize>,
}

/// How a run of the solution ended.
enum Ended {
    Exited(ExitStatus),
    TimeLimit,
    MemoryLimit,
    OutputLimit,
}

/// One run: how it ended, what it printed, how long it took and its peak resident memory.
struct Run {
    ended: Ended,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    elapsed: Duration,
    peak_kib: u64,
}

pub fn run(options: &Options) -> anyhow::Result<Status> {
    let (files, trouble) = inputs(&options.paths)?;
    let jobs = options
        .jobs
        .unwrap_or_else(|| thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let progress = progress(files.len());
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    let (mut passed, mut failed, mut trouble) = (0, 0, trouble);
    thread::scope(|scope| {
        for _ in 0..jobs.min(files.len()) {
            let (sender, next, files) = (sender.clone(), &next, &files);
            scope.spawn(move || {
                let mut engine = Engine::default();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(file) = files.get(index) else { break };
                    let outcome = judge_file(file, options, &mut engine);
                    if sender.send((index, outcome)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // print in file order as the runs finish
        let mut ready: Vec<Option<Outcome>> = (0..files.len()).map(|_| None).collect();
        let mut printed = 0;
        for (index, outcome) in receiver {
            ready[index] = Some(outcome);
            while let Some(outcome) = ready.get_mut(printed).and_then(Option::take) {
                if progress.suspend(|| say(&outcome.line)).is_err() {
                    // standard output closed: the rest would go nowhere
                    return;
                }
                match outcome.kind {
                    Kind::Accepted => passed += 1,
                    Kind::Rejected => failed += 1,
                    Kind::Trouble => trouble += 1,
                }
                printed += 1;
                progress.inc(1);
            }
        }
    });
    progress.finish_and_clear();
    say(&format!("{passed} passed, {} failed", failed + trouble))?;
    Ok(Status::of_checks(failed, trouble))
}

enum Kind {
    Accepted,
    Rejected,
    Trouble,
}

struct Outcome {
    kind: Kind,
    line: String,
}

fn judge_file(file: &Path, options: &Options, engine: &mut Engine) -> Outcome {
    let shown = file.display();
    let trouble = |why: String| Outcome {
        kind: Kind::Trouble,
        line: format!("ERR  {shown}  {why}"),
    };
    let input = match fs::read(file) {
        Ok(input) => input,
        Err(error) => return trouble(error.to_string()),
    };
    let run = match execute(file, options) {
        Ok(run) => run,
        Err(error) => return trouble(format!("cannot run the command: {error}")),
    };
    let usage = format!(
        "{} ms  {:.1} MiB",
        run.elapsed.as_millis(),
        run.peak_kib as f64 / 1024.0
    );
    let rejected = |verdict: &str, why: String| Outcome {
        kind: Kind::Rejected,
        line: format!("{verdict:<4} {shown}  {why}  ({usage})"),
    };
    let status = match run.ended {
        Ended::TimeLimit => {
            return rejected("TLE", format!("over {} s, killed", options.time_limit))
        }
        Ended::MemoryLimit => {
            return rejected("MLE", format!("over {} MiB, killed", options.memory_limit))
        }
        Ended::OutputLimit => {
            return rejected(
                "OLE",
                format!("over {} MiB of output", options.output_limit),
            )
        }
        Ended::Exited(status) => status,
    };
    if status.code() == Some(127) && run.stdout.is_empty() {
        let said = String::from_utf8_lossy(&run.stderr);
        if said.contains("not found") {
            return trouble(format!("command not found: {}", said.trim()));
        }
    }
    if let Some(signal) = status.signal() {
        let name = Signal::try_from(signal).map_or(format!("signal {signal}"), |s| s.to_string());
        return rejected("RE", format!("killed by {name}"));
    }
    if let Some(code) = status.code().filter(|&code| code != 0) {
        return rejected("RE", format!("exit code {code}"));
    }
    let output = String::from_utf8_lossy(&run.stdout);
    let policy = check::program(options.optimal);
    match check::check(options.judge, &input, &output, policy, engine) {
        Ok(Verdict::Accepted { cases }) => Outcome {
            kind: Kind::Accepted,
            line: format!("AC   {shown}  {}  ({usage})", cases_of(cases)),
        },
        Ok(Verdict::Wrong(wrong)) => {
            let got = wrong
                .got
                .map_or("nothing".to_string(), |got| format!("`{got}`"));
            let at = if wrong.line > 0 {
                format!("case {} (line {}) {}", wrong.case, wrong.line, wrong.input)
            } else {
                format!("case {}", wrong.case)
            };
            rejected(
                "WA",
                format!(
                    "{at}: expected `{}`, got {got}: {}",
                    wrong.expected, wrong.fault
                ),
            )
        }
        Err(error) => trouble(format!("malformed input: {error}")),
    }
}

/// Runs the command on `file` in a process group of its own, under the limits.
fn execute(file: &Path, options: &Options) -> io::Result<Run> {
    let memory_kib = options.memory_limit * 1024;
    // The limit is on resident memory, watched from /proc; an address-space rlimit, set by the
    // shell that then becomes the command, stops a runaway before the machine suffers. It sits
    // well above the limit, so that a program over it is seen over it before it fails.
    let address_space_kib = (memory_kib * 2).max(memory_kib + 1024 * 1024);
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v "$0" 2>/dev/null; exec "$@""#)
        .arg(address_space_kib.to_string())
        .args(&options.command)
        .stdin(File::open(file)?)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let group = Pid::from_raw(child.id() as i32);
    let cap = options.output_limit * 1024 * 1024;
    let over = Arc::new(AtomicBool::new(false));
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let reader = {
        let over = Arc::clone(&over);
        thread::spawn(move || read_capped(stdout, cap, &over))
    };
    // standard error is drained to its end, the first 64 KiB kept, so that a program that
    // writes there without end runs into the time limit rather than a full pipe
    let errors = thread::spawn(move || drain(stderr, 64 * 1024));
    let started = Instant::now();
    let limit = Duration::from_secs_f64(options.time_limit.max(0.0));
    let mut peak_kib = 0;
    // short naps first, so that quick runs are not kept waiting; then every 2 ms
    let mut nap = Duration::from_micros(50);
    let ended = loop {
        if let Some(status) = child.try_wait()? {
            break Ended::Exited(status);
        }
        let (_, peak) = memory_of(&child);
        peak_kib = peak_kib.max(peak);
        if started.elapsed() > limit {
            break Ended::TimeLimit;
        }
        if peak_kib > memory_kib {
            break Ended::MemoryLimit;
        }
        if over.load(Ordering::Relaxed) {
            break Ended::OutputLimit;
        }
        thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(2));
    };
    let elapsed = started.elapsed();
    // the whole group goes, whatever the leader did: no process outlives its run
    let _ = killpg(group, Signal::SIGKILL);
    let _ = child.wait();
    let stdout = reader.join().expect("the reader does not panic");
    let stderr = errors.join().expect("the reader does not panic");
    // a program cut off for its output may die of the closed pipe before the loop sees why
    let ended = if over.load(Ordering::Relaxed) {
        Ended::OutputLimit
    } else {
        ended
    };
    Ok(Run {
        ended,
        stdout,
        stderr,
        elapsed,
        peak_kib,
    })
}

/// Reads `stream` to its end, keeping at most `cap` bytes; past that, sets `over` and stops
/// reading (the writer then meets a closed pipe).
fn read_capped(mut stream: impl Read, cap: u64, over: &AtomicBool) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut chunk = vec![0; 1 << 16];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return kept,
            Ok(read) => {
                let room = (cap as usize).saturating_sub(kept.len());
                kept.extend_from_slice(&chunk[..read.min(room)]);
                if read > room {
                    over.store(true, Ordering::Relaxed);
                    return kept;
                }
            }
        }
    }
}

/// Reads `stream` to its end, keeping its first `keep` bytes.
fn drain(mut stream: impl Read, keep: usize) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut chunk = vec![0; 1 << 16];
    while let Ok(read @ 1..) = stream.read(&mut chunk) {
        let room = keep.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..read.min(room)]);
    }
    kept
}

/// The resident and peak resident memory of the running child, in KiB, from `/proc`: sampled,
/// so a run shorter than a sample shows less than it used.
fn memory_of(child: &Child) -> (u64, u64) {
    let status = fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}
