//! `eight stress`: random files of a judge's cases, traps among them, each run in the judge's
//! sandbox and judged by its rule, until one fails or the files or the time run out; a failing
//! file is shrunk to the simplest that still fails, shown with its expected answers and the
//! program's, and written beside a command that judges it again.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use eight::format::Judge;
use eight::solve::Store;
use eight::Engine;
use eight_app::check;
use eight_app::stress::{draw, render, shrink, Case};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::files::{commit_pair, staged, Allow, Interrupts};
use super::super::report::{Fate, Ruling};
use super::super::Status;
use super::runner::{resolved, stress_runner, Runner};
use super::sandbox::snapshot::Snapshot;
use super::sandbox::{self, Ended};
use super::trial::judge_input;
use super::{Options, StressOptions};

/// Runs `options`' files until one fails (exit 1, shrunk and shown), the files or the time run
/// out (exit 0), or a file cannot be judged (exit 2).
pub fn run(options: &StressOptions, store: &Arc<Store>) -> anyhow::Result<Status> {
    let judge = options.judge;
    if judge.files {
        super::super::report::warn(&format_args!(
            "{}'s cases are files named on the command line: stress a judge whose cases are \
             read from standard input",
            judge.id
        ));
        return Ok(Status::Trouble);
    }
    let judging = options.judging();
    let runner = match stress_runner(&judging)? {
        Ok(runner) => runner,
        Err(why) => {
            super::super::report::warn(&format_args!("cannot run the command: {why}"));
            return Ok(Status::Trouble);
        }
    };
    // the reference, where one is given: its own runner, under the same limits
    let against = match options.against.as_deref().map(str::split_whitespace) {
        None => None,
        Some(words) => {
            let mut reference = options.judging();
            reference.command = words.map(OsString::from).collect();
            if reference.command.is_empty() {
                super::super::report::warn(&"--against names no command");
                return Ok(Status::Trouble);
            }
            match resolved(&reference.command) {
                Ok(program) => Some(Runner::new(&reference, program)?),
                Err(why) => {
                    super::super::report::warn(&format_args!("cannot run --against: {why}"));
                    return Ok(Status::Trouble);
                }
            }
        }
    };
    let seed = options.seed.unwrap_or_else(drawn_seed);
    let mut engine = Engine::default().with_store(store.clone());
    let mut tried = Tried {
        judge,
        options: &judging,
        runner: &runner,
        against: against.as_ref(),
        engine: Engine::default().with_store(store.clone()),
        runs: 0,
    };
    let began = Instant::now();
    let mut files = 0;
    while files < options.files && (files == 0 || began.elapsed() < options.time) {
        let file_seed = seed.wrapping_add(files);
        files += 1;
        let mut rng = ChaCha8Rng::seed_from_u64(file_seed);
        let cases = draw(judge, options.cases as usize, &mut rng);
        let ruling = tried.ruling(&cases)?;
        match ruling.fate {
            Fate::Accepted => continue,
            Fate::Trouble => {
                println!("{}", ruling.line);
                return Ok(Status::Trouble);
            }
            Fate::Rejected => {}
        }
        println!("file {files} (--seed {file_seed}): {}", ruling.line);
        let (before, runs) = (cases.len(), tried.runs);
        let mut fails = |cases: &[Case]| {
            tried
                .ruling(cases)
                .is_ok_and(|ruling| ruling.fate == Fate::Rejected)
        };
        let shrunk = shrink(judge, cases, &mut engine, &mut fails);
        let ruling = tried.ruling(&shrunk)?;
        println!(
            "shrunk from {before} cases to {} in {} runs:",
            shrunk.len(),
            tried.runs - runs
        );
        let expected = tried.expected(&shrunk)?;
        return show(options, file_seed, &shrunk, &expected, &ruling);
    }
    println!(
        "{files} files of {} cases passed (--seed {seed})",
        options.cases
    );
    Ok(Status::Success)
}

/// What judging a file needs, and how many runs it made.
struct Tried<'a> {
    judge: &'a Judge,
    options: &'a Options,
    runner: &'a Runner,
    /// The program whose output is the expected one (`--against`), instead of eight's answers.
    against: Option<&'a Runner>,
    engine: Engine,
    runs: u64,
}

impl Tried<'_> {
    /// The ruling on the file of `cases`: by the judge's rule against eight's answers, or
    /// against the reference's output line for line.
    fn ruling(&mut self, cases: &[Case]) -> io::Result<Ruling> {
        let mut input = Vec::new();
        render(self.judge, cases, &mut input)?;
        self.runs += 1;
        let Some(reference) = self.against else {
            return judge_input(
                Path::new("stress.in"),
                &input,
                self.judge,
                self.options,
                self.runner,
                &mut self.engine,
            );
        };
        let expected = match output(reference, &input)? {
            Ok(expected) => expected,
            Err(why) => {
                return Ok(ruled(
                    Fate::Trouble,
                    format!("ERR  the --against program: {why}"),
                ))
            }
        };
        let got = match output(self.runner, &input)? {
            Ok(got) => got,
            Err(why) => return Ok(ruled(Fate::Rejected, format!("RE   stress.in  {why}"))),
        };
        let lines = |text: &[u8]| -> Vec<String> {
            let text = String::from_utf8_lossy(text);
            text.lines()
                .map(|line| line.trim_end().to_string())
                .collect()
        };
        let (expected, got) = (lines(&expected), lines(&got));
        let differs =
            (0..expected.len().max(got.len())).find(|&at| expected.get(at) != got.get(at));
        Ok(match differs {
            None => ruled(Fate::Accepted, "AC   stress.in".into()),
            Some(at) => {
                let shown = |line: Option<&String>| {
                    line.map_or("nothing".into(), |line| {
                        format!("`{}`", line.escape_debug())
                    })
                };
                let why = format!(
                    "WA   stress.in  line {}: expected {}, got {}",
                    at + 1,
                    shown(expected.get(at)),
                    shown(got.get(at))
                );
                ruled(Fate::Rejected, why)
            }
        })
    }

    /// The expected output of the file of `cases`: eight's answers, or the reference's.
    fn expected(&mut self, cases: &[Case]) -> anyhow::Result<Vec<u8>> {
        let mut input = Vec::new();
        render(self.judge, cases, &mut input)?;
        if let Some(reference) = self.against {
            return output(reference, &input)?.map_err(|why| anyhow::anyhow!("--against: {why}"));
        }
        let mut answers = Vec::new();
        check::write_answers(self.judge, &input[..], &mut self.engine, &mut answers)?
            .map_err(|error| anyhow::anyhow!("the shrunk input: {error}"))?;
        Ok(answers)
    }
}

/// A ruling of `fate` said by `line` alone.
fn ruled(fate: Fate, line: String) -> Ruling {
    Ruling {
        fate,
        line,
        below: Vec::new(),
        record: Default::default(),
    }
}

/// What `runner`'s program writes for `input` in its sandbox, or how it ended otherwise.
fn output(runner: &Runner, input: &[u8]) -> io::Result<Result<Vec<u8>, String>> {
    let mut snapshot = Snapshot::new()?;
    let span = snapshot.add(input)?;
    let hidden = snapshot.add(&super::runner::hidden([]))?;
    let run = sandbox::run(
        &runner.supervisor,
        &runner.program,
        (&snapshot, span, hidden),
        &runner.limits,
        &runner.terms,
    )?;
    if let Some(why) = run.failed_to_start.or(run.refused) {
        return Ok(Err(why));
    }
    Ok(match run.ended {
        Ended::Exited(0) => Ok(run.stdout),
        Ended::Exited(code) => Err(format!("exit code {code}")),
        ended => Err(format!("{ended:?}")),
    })
}

/// Shows the shrunk file: its input, eight's answers, the ruling on the program's output; and
/// writes the input and answers to PREFIX.in and PREFIX.out with the command that judges them.
fn show(
    options: &StressOptions,
    seed: u64,
    cases: &[Case],
    answers: &[u8],
    ruling: &Ruling,
) -> anyhow::Result<Status> {
    let judge = options.judge;
    let mut input = Vec::new();
    render(judge, cases, &mut input)?;
    let mut out = io::stdout().lock();
    writeln!(out, "--- input")?;
    out.write_all(&input)?;
    match &options.against {
        Some(against) => writeln!(out, "--- expected (by {against})")?,
        None => writeln!(out, "--- expected")?,
    }
    out.write_all(answers)?;
    writeln!(out, "--- the program")?;
    writeln!(out, "{}", ruling.line)?;
    for line in &ruling.below {
        writeln!(out, "     | {line}")?;
    }
    let prefix = options
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("stress-{seed}")));
    let [input_path, answers_path] = ["in", "out"].map(|ext| {
        let mut path = prefix.clone().into_os_string();
        path.push(format!(".{ext}"));
        PathBuf::from(path)
    });
    let taken = [&input_path, &answers_path]
        .into_iter()
        .find(|path| path.symlink_metadata().is_ok());
    if let Some(taken) = taken {
        writeln!(
            out,
            "{} exists: the files are not written (--out PREFIX names others)",
            taken.display()
        )?;
        return Ok(Status::Differences);
    }
    let interrupts = Interrupts::catch()?;
    let mut first = staged(&input_path, Allow::Files, &interrupts)?;
    let mut second = staged(&answers_path, Allow::Files, &interrupts)?;
    first.write_all(&input)?;
    second.write_all(answers)?;
    commit_pair(first, second)?;
    let command: Vec<String> = options
        .command
        .iter()
        .map(|word| shell_word(&word.to_string_lossy()))
        .collect();
    writeln!(
        out,
        "--- again: eight judge {} {} -- {}",
        judge.id,
        shell_word(&input_path.to_string_lossy()),
        command.join(" ")
    )?;
    Ok(Status::Differences)
}

/// `word` as a shell reads it back: quoted where it holds anything but plain characters.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:@+,%".contains(c);
    match !word.is_empty() && word.chars().all(plain) {
        true => word.to_string(),
        false => format!("'{}'", word.replace('\'', r"'\''")),
    }
}

/// A seed of the clock's, said in every line that tells a file, so that a run is repeated.
fn drawn_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    (now.as_nanos() % 1_000_000_000) as u64
}
