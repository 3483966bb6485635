//! The judge on Linux: each file run in the sandbox ([`sandbox`]) and its output
//! judged like the online judge does.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};

use crate::cli::fixtures::{Fixture, OwnLimits, Source};
use eight::cache::{DiskCache, Seal};
use eight::format::answer::Side;
use eight::format::Judge;
use eight::solve::ordered_map;
use eight::solve::Store;
use eight::Engine;
use eight_app::check::{self, cases_of, Verdict};
use eight_app::record::{Judged, WrongCase};
use nix::sys::signal::Signal;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::super::quantities::{shown_size, trimmed_number};
use super::super::report::{
    columns, in_context, inputs, progress, say, shown, side_by_side, stderr_tail, summary, Fate,
    Printer, Ruling,
};
use super::super::Status;
use super::outputs::{answered, around};
use super::prepare::prepare;
use super::runner::{self, resolved, Runner};
use super::sandbox::snapshot::{Snapshot, Span};
use super::sandbox::{self, Ended, Limits};
use super::Options;

pub fn run(options: &Options, store: &Arc<Store>) -> anyhow::Result<Status> {
    let program = match resolved(&options.command) {
        Ok(program) => program,
        Err(why) => return cannot_run(options, &why),
    };
    let judge =
        match super::super::arguments::sized(options.judge, None, options.goal.as_deref(), false) {
            Ok(judge) => judge,
            Err(error) => {
                super::super::report::warn(
                    &error.to_string().trim_end().trim_start_matches("error: "),
                );
                return Ok(Status::Trouble);
            }
        };
    let judge = &judge;
    sandbox::adopt_orphans()?;
    sandbox::guard()?;
    let (fixtures, trouble) = inputs(&options.paths);
    // every input and answer as it is now, before any program could change one
    let mut snapshot = Snapshot::new()?;
    let mut taken = Vec::with_capacity(fixtures.len());
    for fixture in &fixtures {
        let input = take(&mut snapshot, &fixture.input)?;
        let answer = match &fixture.answer {
            Some((name, source)) => Some((name.clone(), take(&mut snapshot, source)?)),
            None => None,
        };
        taken.push(Taken { input, answer });
    }
    let inputs = taken.iter().filter_map(|taken| taken.input.as_ref().ok());
    prepare(
        judge,
        &snapshot,
        inputs,
        &Engine::default().with_store(store.clone()),
    );
    // what the programs must not see: every input and the answers beside it, and the cache
    let files = fixtures.iter().flat_map(|fixture| {
        let input = match &fixture.input {
            Source::File(path) => Some(path),
            Source::Inline(_) => None,
        };
        fixture.beside.iter().chain(input).map(PathBuf::as_path)
    });
    let hidden = snapshot.add(&runner::hidden(files))?;
    // programs that may run without a mount namespace of their own can reach the cache folder:
    // it is sealed for the judge's whole run (see `Seal`)
    let seal = match options.unconfined {
        true => DiskCache::folder().and_then(|folder| {
            let warn = |line: &str| super::super::report::warn(&line);
            Seal::take(&folder, &warn)
                .map_err(|error| {
                    super::super::report::warn(&format_args!(
                        "{}: cannot lock the cache folder to seal it: {error}",
                        folder.display()
                    ))
                })
                .ok()
        }),
        false => None,
    };
    let runner = Runner::new(options, program)?;
    let jobs = options.jobs.unwrap_or(1).max(1);
    let progress = progress(fixtures.len());
    let color = options.color.wanted(io::stdout().is_terminal());
    let (mut passed, mut failed, mut trouble) = (0, 0, trouble);
    let mut report = Printer::default();
    let (snapshot, taken) = (&snapshot, &taken);
    let run = |engine: &mut Engine, index: usize, fixture: &Fixture| {
        let at = Held {
            snapshot,
            taken: &taken[index],
            hidden,
            own: fixture.limits,
        };
        judge_file(&fixture.name, at, judge, options, &runner, engine)
    };
    // printed in file order as the runs finish
    let engine = || {
        let control = crate::cli::live::control(false);
        Engine::default()
            .with_store(store.clone())
            .with_control(control)
    };
    ordered_map(&fixtures, jobs, engine, run, |index, ruling| {
        let shown = shown(&fixtures[index].name, &ruling, options.json, color);
        progress.suspend(|| report.say(&shown));
        match ruling.fate {
            Fate::Accepted => passed += 1,
            Fate::Rejected => failed += 1,
            Fate::Trouble => trouble += 1,
        }
        progress.inc(1);
        true
    });
    progress.finish_and_clear();
    // a database a program wrote is never read by a later run (where the supervisor could not
    // hide the folder, a run having no mount namespace of its own); otherwise the lock is let go
    let reached = runner.reached.load(Ordering::Relaxed);
    for file in seal
        .into_iter()
        .filter(|_| reached)
        .flat_map(Seal::break_changed)
    {
        super::super::report::warn(&format_args!(
            "{}: changed while programs ran without a mount namespace of their own: removed",
            file.display()
        ));
    }
    report.say(&summary(passed, failed, trouble, options.json));
    Ok(report.status(Status::of_checks(failed, trouble)))
}

/// The command cannot start: said once on standard error, and each file is trouble.
fn cannot_run(options: &Options, why: &str) -> anyhow::Result<Status> {
    super::super::report::warn(&format_args!("cannot run the command: {why}"));
    let (fixtures, _) = inputs(&options.paths);
    for fixture in &fixtures {
        if say(&format!(
            "ERR  {}  command not found",
            fixture.name.display()
        ))
        .is_err()
        {
            break;
        }
    }
    Ok(Status::Trouble)
}

/// The ruling on `input`, run by `runner` and judged by `judge`'s rule as `eight judge` judges a
/// file named `name`.
pub(super) fn judge_input(
    name: &Path,
    input: &[u8],
    judge: &Judge,
    options: &Options,
    runner: &Runner,
    engine: &mut Engine,
) -> io::Result<Ruling> {
    let mut snapshot = Snapshot::new()?;
    let span = snapshot.add(input)?;
    let hidden = snapshot.add(&runner::hidden([]))?;
    let taken = Taken {
        input: Ok(span),
        answer: None,
    };
    let held = Held {
        snapshot: &snapshot,
        taken: &taken,
        hidden,
        own: OwnLimits::default(),
    };
    Ok(judge_file(name, held, judge, options, runner, engine))
}

/// One fixture's part of the snapshot, with the list of files hidden from every program.
struct Held<'a> {
    snapshot: &'a Snapshot,
    taken: &'a Taken,
    hidden: Span,
    /// The limits the test gives itself.
    own: OwnLimits,
}

/// Where a fixture's input and answer lie in the snapshot, or why they could not be read.
struct Taken {
    input: io::Result<Span>,
    answer: Option<(PathBuf, io::Result<Span>)>,
}

/// `source` copied into `snapshot`: where it lies, or why it could not be read.
fn take(snapshot: &mut Snapshot, source: &Source) -> io::Result<io::Result<Span>> {
    match source {
        Source::File(path) => snapshot.add_file(path),
        Source::Inline(bytes) => snapshot.add(bytes).map(Ok),
    }
}

fn judge_file(
    file: &Path,
    held: Held,
    judge: &Judge,
    options: &Options,
    runner: &Runner,
    engine: &mut Engine,
) -> Ruling {
    // -t and -m where given, else the test's own, else the judge's: said where not the user's
    let chosen = options.limits_of(&held.own);
    let (cpu, told) = (chosen.cpu, chosen.said);
    let limits = &Limits {
        cpu,
        wall: options
            .wall_limit
            .unwrap_or_else(|| Limits::default_wall(cpu)),
        memory_kib: chosen.memory / 1024,
        ..runner.limits
    };
    let shown = file.display();
    let trouble = |why: String| Ruling {
        fate: Fate::Trouble,
        line: format!("ERR  {shown}  {why}"),
        below: Vec::new(),
        record: Judged {
            verdict: "ERR",
            detail: why,
            ..Judged::default()
        },
    };
    let input = match &held.taken.input {
        Ok(span) => (held.snapshot, *span, held.hidden),
        Err(error) => return trouble(error.to_string()),
    };
    // the recorded answer must be right itself; then the program is judged by the judge's rule,
    // against eight's own answers, which the recorded one agrees with
    if let Some((name, span)) = &held.taken.answer {
        let span = match span {
            Ok(span) => *span,
            Err(error) => return trouble(format!("{}: {error}", name.display())),
        };
        let cases = io::BufReader::with_capacity(1 << 16, held.snapshot.read(input.1));
        let recorded = io::BufReader::with_capacity(1 << 16, held.snapshot.read(span));
        match check::check(judge, cases, recorded, check::rule(options.optimal), engine) {
            Ok(Ok(Verdict::Accepted { .. })) => {}
            Ok(Ok(Verdict::Wrong(wrong))) => {
                return trouble(format!(
                    "{}: not a right answer: {}",
                    name.display(),
                    eight_app::batch::describe(&wrong)
                ))
            }
            Ok(Err(error)) => return trouble(format!("malformed input: {error}")),
            Err(error) => return trouble(error.to_string()),
        }
    }
    if runner.unstartable.load(Ordering::Relaxed) {
        return trouble("not run (said above)".into());
    }
    let run = match sandbox::run(
        &runner.supervisor,
        &runner.program,
        input,
        limits,
        &runner.terms,
    ) {
        Ok(run) => run,
        Err(error) => return trouble(format!("cannot run the command: {error}")),
    };
    if let Some(why) = &run.failed_to_start {
        if !runner.unstartable.swap(true, Ordering::Relaxed) {
            super::super::report::warn(&format_args!("cannot run the command: {why}"));
        }
        return trouble("the command cannot start (said above)".into());
    }
    if let Some(why) = &run.refused {
        if !runner.unstartable.swap(true, Ordering::Relaxed) {
            super::super::report::warn(&format_args!(
                "the sandbox cannot hold, so no program was run: {why}; run as root, or where \
                 user namespaces are allowed, or pass --unconfined to run programs without the \
                 layers that cannot be had (each verdict then names them)"
            ));
        }
        return trouble("not run: the sandbox cannot hold (said above)".into());
    }
    if let Some(why) = &run.unconfined {
        if !runner.said_unconfined.swap(true, Ordering::Relaxed) {
            super::super::report::warn(&format_args!(
                "{why}: programs run without them, as --unconfined asks"
            ));
        }
    }
    if !run.sandbox.iter().any(|layer| layer == "ns-mount") {
        runner.reached.store(true, Ordering::Relaxed);
    }
    // a report lost before the supervisor said its layers tells nothing of them: said so,
    // never as a run without them
    let missing: Vec<String> = match run.made {
        true => sandbox::missing_layers(&run.sandbox)
            .into_iter()
            .map(String::from)
            .collect(),
        false => Vec::new(),
    };
    let lost = match (run.ended == Ended::Lost, run.made) {
        (false, _) => String::new(),
        (true, true) => format!(
            "  report lost: the supervisor died; the layers it had made: {}",
            run.sandbox.join(", ")
        ),
        (true, false) => {
            "  report lost: the supervisor died before it said the layers it made".into()
        }
    };
    let usage = format!(
        "cpu {} ms  wall {} ms  {:.1} MiB{}{told}{lost}",
        run.cpu.as_millis(),
        run.elapsed.as_millis(),
        run.peak_kib as f64 / 1024.0,
        match missing.is_empty() {
            true => String::new(),
            false => format!("  unconfined: without {}", missing.join(", ")),
        }
    );
    let record = |verdict: &'static str, detail: &str| Judged {
        verdict,
        detail: detail.to_string(),
        cpu_ms: Some(run.cpu.as_millis() as u64),
        wall_ms: Some(run.elapsed.as_millis() as u64),
        memory_mib: Some((run.peak_kib as f64 / 1024.0 * 10.0).round() / 10.0),
        sandbox: run.sandbox.clone(),
        unconfined: missing.clone(),
        limits: Some(chosen.record),
        ..Judged::default()
    };
    let tail = |wanted: bool| {
        if wanted {
            stderr_tail(&run.stderr_tail)
        } else {
            Vec::new()
        }
    };
    let rejected = |verdict: &'static str, why: String, below: Vec<String>| Ruling {
        fate: Fate::Rejected,
        line: format!("{verdict:<4} {shown}  {why}  ({usage})"),
        below,
        record: record(verdict, &why),
    };
    let time = trimmed_number(cpu.as_secs_f64());
    let wall = trimmed_number(limits.wall.as_secs_f64());
    match run.ended {
        Ended::TimeLimit | Ended::WallLimit => {
            let over = match run.ended {
                Ended::TimeLimit => format!("over {time} s of CPU time, killed"),
                // little CPU in much wall time: a program that waits, or a machine that is busy
                _ if run.cpu * 2 < limits.wall => format!(
                    "over the {wall} s wall-clock limit with {} ms of CPU time: it waited (input, \
                     a sleep, a lock) or the machine was busy; killed",
                    run.cpu.as_millis()
                ),
                _ => format!("over the {wall} s wall-clock limit, killed"),
            };
            let policy = check::rule(options.optimal);
            let answered = answered(judge, input, &run.stdout, policy, engine);
            return rejected("TLE", format!("{over}{answered}"), Vec::new());
        }
        Ended::MemoryLimit => {
            let memory = shown_size(chosen.memory);
            return rejected("MLE", format!("over {memory}, killed"), Vec::new());
        }
        Ended::OutputLimit => {
            let output = shown_size(options.output_limit);
            return rejected("OLE", format!("over {output} of output"), Vec::new());
        }
        Ended::Lost => {
            let why = "the run's supervisor was killed (by the program?)".to_string();
            return rejected("RE", why, Vec::new());
        }
        Ended::Signaled(signal) => {
            let name =
                Signal::try_from(signal).map_or(format!("signal {signal}"), |s| s.to_string());
            let why = match Signal::try_from(signal) {
                Ok(Signal::SIGXFSZ) => format!(
                    "killed by {name}: a file over --file-limit {}",
                    shown_size(options.file_limit)
                ),
                _ => format!("killed by {name}"),
            };
            return rejected("RE", why, tail(true));
        }
        Ended::Exited(code) if code != 0 => {
            let why = match run.refused_forks {
                0 => format!("exit code {code}"),
                1 => format!(
                    "exit code {code} (a new process refused: over --processes {})",
                    options.processes
                ),
                refused => format!(
                    "exit code {code} ({refused} new processes refused: over --processes {})",
                    options.processes
                ),
            };
            return rejected("RE", why, tail(true));
        }
        Ended::Exited(_) => {}
    }
    let policy = check::rule(options.optimal);
    match check::check(
        judge,
        io::BufReader::with_capacity(1 << 16, input.0.read(input.1)),
        &run.stdout[..],
        policy,
        engine,
    ) {
        Ok(Ok(Verdict::Accepted { cases })) => {
            let mut record = record("AC", "");
            record.cases = Some(cases);
            Ruling {
                fate: Fate::Accepted,
                line: format!("AC   {shown}  {}  ({usage})", cases_of(cases)),
                below: Vec::new(),
                record,
            }
        }
        Ok(Ok(Verdict::Wrong(wrong))) => {
            let fault = wrong.fault.told(
                Side::Program,
                wrong.got.as_deref().unwrap_or(""),
                &wrong.expected,
            );
            let why = super::super::report::wrong_said(&wrong);
            // the columns a verdict's lines have after their `     | `
            let room = columns(false).map(|columns| columns.saturating_sub(7));
            let got = wrong.got.as_deref().unwrap_or("");
            let mut below = side_by_side(&wrong.expected, got, room);
            // more than one case wrong, or an output of another length: the outputs around the
            // first wrong line, where a shift shows
            let context = around(judge, input, &run.stdout, &wrong, engine);
            if let Some(rows) = &context {
                below.extend(in_context(wrong.output_line, rows, room));
            }
            below.extend(tail(options.verbose));
            let mut ruling = rejected("WA", why, below);
            ruling.record.cases = Some(wrong.cases);
            ruling.record.wrong_cases = Some(wrong.wrong_cases);
            ruling.record.wrong = Some(WrongCase {
                case: wrong.case,
                line: wrong.line,
                input: wrong.input.clone(),
                expected: wrong.expected.clone(),
                got: wrong.got.clone(),
                why: fault,
                context,
            });
            ruling
        }
        Ok(Err(error)) => trouble(format!("malformed input: {error}")),
        Err(error) => trouble(error.to_string()),
    }
}
