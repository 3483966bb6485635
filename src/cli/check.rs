//! `eight check JUDGE INPUT OUTPUT [ANSWER]`: one output judged as `eight judge` judges a
//! program's, callable as a checker by other tools: testlib's argument order (input, the
//! contestant's output, the jury's answer) and `oj test --judge-command`'s (the same, with an
//! empty answer where there is none). The exit status is testlib's: 0 accepted, 1 wrong answer,
//! 2 presentation error (the answers laid out otherwise than the judge's), 3 checker failure (a
//! malformed input, a jury's answer that is itself wrong, a file that cannot be read); why on
//! standard error. `-` as the output reads it from standard input.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use eight::format::Judge;
use eight::solve::Store;
use eight::Engine;
use eight_app::batch;
use eight_app::check::{self, cases_of, Verdict};

use super::report::wrong_said;
use super::spelled::judge_parser;
use super::Status;

#[derive(Args, Debug)]
pub struct Options {
    /// The judge whose rules apply, as `eight judge` takes it
    #[arg(value_parser = judge_parser(), hide_possible_values = true)]
    judge: &'static Judge,
    /// The cases, as the judge gives them
    input: PathBuf,
    /// The answers to judge (a program's output); `-` reads them from standard input
    output: PathBuf,
    /// The jury's answers, checked first: a wrong one is trouble, not a verdict
    ///
    /// An empty argument, as `oj test` gives when it has none, is no answer.
    #[arg(value_parser = clap::builder::OsStringValueParser::new())]
    answer: Option<std::ffi::OsString>,
    /// The goal of every case, for judges whose cases share one
    ///
    /// As `path --goal`, read at the judge's size.
    #[arg(short, long, value_name = "BOARD")]
    goal: Option<String>,
    /// Paths must also be of minimal length
    ///
    /// The real judges accept any that reach the goal.
    #[arg(long)]
    optimal: bool,
}

pub fn run(options: &Options, store: &Arc<Store>) -> anyhow::Result<Status> {
    match judged(options, store) {
        Ok(status) => Ok(status),
        Err(error) if super::report::is_broken_pipe(&error) => Err(error),
        // whatever keeps the checker from judging is its failure, not the program's
        Err(error) => Ok(said(format!("{error:#}"))),
    }
}

fn judged(options: &Options, store: &Arc<Store>) -> anyhow::Result<Status> {
    let judge = match super::arguments::sized(options.judge, None, options.goal.as_deref(), false) {
        Ok(judge) => judge,
        Err(error) => {
            super::report::warn(&error.to_string().trim_end().trim_start_matches("error: "));
            return Ok(Status::CheckerFailure);
        }
    };
    let mut engine = Engine::default()
        .with_store(store.clone())
        .with_control(super::live::control(false));
    let answer = options
        .answer
        .as_ref()
        .filter(|answer| !answer.is_empty())
        .map(Path::new)
        // a harness's way to say there is no jury answer, as an empty name is
        .filter(|answer| !null(answer));
    if let Some(answer) = answer {
        match checked(
            &judge,
            &options.input,
            answer,
            check::rule(options.optimal),
            &mut engine,
        )? {
            Ok(Verdict::Accepted { .. }) => {}
            Ok(Verdict::Wrong(wrong)) => {
                super::report::warn(&format_args!(
                    "{}: not a right answer to {}: {}",
                    answer.display(),
                    options.input.display(),
                    batch::describe(&wrong)
                ));
                return Ok(Status::CheckerFailure);
            }
            Err(trouble) => return Ok(said(trouble)),
        }
    }
    let policy = check::rule(options.optimal);
    match checked(&judge, &options.input, &options.output, policy, &mut engine)? {
        Ok(Verdict::Accepted { cases }) => {
            super::report::warn(&format_args!("ok: {} accepted", cases_of(cases)));
            Ok(Status::Success)
        }
        Ok(Verdict::Wrong(wrong)) if wrong.fault.is_presentation() => {
            super::report::warn(&format_args!("presentation error: {}", wrong_said(&wrong)));
            Ok(Status::Trouble)
        }
        Ok(Verdict::Wrong(wrong)) => {
            super::report::warn(&format_args!("wrong answer: {}", wrong_said(&wrong)));
            // more than one case wrong, or an output of another length: where the output can
            // be read again (a file), both outputs around the first wrong line
            let context = match std::fs::metadata(&options.output) {
                Ok(meta) if meta.is_file() => {
                    around(&judge, &options.input, &options.output, &wrong, &mut engine)
                }
                _ => None,
            };
            if let Some(rows) = context {
                let room = super::report::columns(true).map(|columns| columns.saturating_sub(2));
                for line in super::report::in_context(wrong.output_line, &rows, room) {
                    eprintln!("  {line}");
                }
            }
            Ok(Status::Differences)
        }
        Err(trouble) => Ok(said(trouble)),
    }
}

/// Says `trouble` and gives its status: the checker's failure.
fn said(trouble: String) -> Status {
    super::report::warn(&trouble);
    Status::CheckerFailure
}

/// `answers` checked against the cases of `input` under `policy`; trouble as a sentence.
fn checked(
    judge: &Judge,
    input: &Path,
    answers: &Path,
    policy: eight::format::answer::Policy,
    engine: &mut Engine,
) -> anyhow::Result<Result<Verdict, String>> {
    let (cases, lines) = match (opened(input, false), opened(answers, true)) {
        (Ok(cases), Ok(lines)) => (cases, lines),
        (Err(trouble), _) | (_, Err(trouble)) => return Ok(Err(trouble)),
    };
    Ok(match check::check(judge, cases, lines, policy, engine)? {
        Ok(verdict) => Ok(verdict),
        Err(malformed) => Err(format!("{}: {malformed}", input.display())),
    })
}

/// eight's answers to `input` and the output file `output` around `wrong`'s first wrong line,
/// where [`check::context`] finds them worth showing.
fn around(
    judge: &Judge,
    input: &Path,
    output: &Path,
    wrong: &check::Wrong,
    engine: &mut Engine,
) -> Option<Vec<eight_app::record::Around>> {
    let cases = opened(input, false).ok()?;
    let mut expected = Vec::new();
    check::write_answers(judge, cases, engine, &mut expected)
        .ok()?
        .ok()?;
    let got = std::fs::read(output).ok()?;
    let (expected, got) = (
        String::from_utf8_lossy(&expected),
        String::from_utf8_lossy(&got),
    );
    check::context(&expected, &got, wrong)
}

/// Whether `path` is the null device, which reads as nothing.
fn null(path: &Path) -> bool {
    std::fs::canonicalize(path).is_ok_and(|path| path == Path::new("/dev/null"))
}

/// `path` opened for reading: a regular file, or where `stream` (the program's output) also
/// `-` for standard input and a pipe (`/dev/stdin`, `<(command)`). Never waiting on a FIFO put
/// in a file's place: one with no writer reads as empty.
fn opened(path: &Path, stream: bool) -> Result<Box<dyn io::BufRead>, String> {
    if stream && path.as_os_str() == "-" {
        return Ok(Box::new(io::stdin().lock()));
    }
    let file = super::platform::open_without_waiting(path)
        .map_err(|error| format!("{}: {error}", path.display()))?;
    let kind = file.metadata().map(|meta| meta.file_type());
    let readable = match kind {
        Ok(kind) if kind.is_file() => true,
        // an output of nothing, as a harness may give it
        Ok(_) if null(path) => true,
        #[cfg(unix)]
        Ok(kind) if stream => std::os::unix::fs::FileTypeExt::is_fifo(&kind),
        _ => false,
    };
    if !readable {
        let expected = if stream {
            "a regular file, a pipe or -"
        } else {
            "a regular file"
        };
        return Err(format!("{}: not {expected}", path.display()));
    }
    Ok(Box::new(io::BufReader::with_capacity(1 << 16, file)))
}
