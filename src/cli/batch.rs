//! `eight batch`: solve fixture files and compare with their `.out`, or write them (`--bless`).

use std::collections::HashMap;
use std::fs;
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::cli::fixtures::{Fixture, Source};
use eight::puzzle::{Board, Shape};
use eight::solve::Request;
use eight::solve::Store;
use eight::{Engine, Judge};
use eight_app::batch;
use eight_app::check::{self, cases_of, Verdict};
use eight_app::record::Checked;

use super::files::{staged, Allow, Interrupts};
use super::report::{inputs, progress, summary, Printer};
use super::Status;

#[derive(clap::Args, Debug)]
pub struct Options {
    /// Test inputs (`.in`, `tests/01`, `inputN.txt`, `.cph/NAME.prob`), or folders of them
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The judge of every file, instead of the nearest folder named after one
    #[arg(long, value_name = "JUDGE", value_parser = super::spelled::judge_parser(),
          hide_possible_values = true)]
    judge: Option<&'static Judge>,
    /// The goal of every case, for judges whose cases share one
    ///
    /// As `steps --goal`, read at each judge's size.
    #[arg(short, long, value_name = "BOARD")]
    goal: Option<String>,
    /// Write each answer file from the canonical answers instead of comparing
    #[arg(long)]
    bless: bool,
    /// Recorded paths must also be of minimal length
    ///
    /// By the judge's rule, as `eight judge` and `eight check` take them, any legal path within the
    /// judge's limit is right.
    #[arg(long)]
    optimal: bool,
    /// One JSON object a line per file (file, status, detail), then the totals
    #[arg(long)]
    json: bool,
    /// Files checked at once, printed in order all the same
    #[arg(short, long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: u16,
    /// The most nodes an optimal search may expand before its case is an error
    ///
    /// The optimal search of a board of more than 9 cells. [default: as the solving commands]
    #[arg(long, value_name = "NODES", value_parser = super::arguments::parse_nodes)]
    max_nodes: Option<u64>,
    /// Colour each file's status word: auto, always or never
    #[arg(long, value_enum, default_value_t = super::Color::Auto, hide_possible_values = true)]
    color: super::Color,
}

/// What became of one file.
enum Finding {
    Passed(String),
    Failed(String),
    Trouble(String),
}

pub fn run(options: &Options, store: &Arc<Store>) -> anyhow::Result<Status> {
    let (fixtures, mut trouble) = inputs(&options.paths);
    let progress = progress(fixtures.len());
    let (mut passed, mut failed) = (0, 0);
    let color = options.color.wanted(io::stdout().is_terminal());
    let mut report = Printer::default();
    let mut stopped = None;
    // each thread its own engine and goals read, the store shared
    let state = || {
        let request = Request {
            budget: options.max_nodes,
            ..Request::default()
        };
        let engine = Engine::asked(&request)
            .with_store(store.clone())
            .with_control(super::live::control(false));
        let goals = Goals {
            text: options.goal.clone(),
            read: HashMap::new(),
        };
        (engine, goals)
    };
    let work = |(engine, goals): &mut (Engine, Goals), _: usize, fixture: &Fixture| {
        run_file(
            fixture,
            options.judge,
            goals,
            (options.bless, options.optimal),
            engine,
        )
    };
    let jobs = usize::from(options.jobs);
    // the judges' names, said for the first file that found none, not again for every other
    let mut named = false;
    eight::solve::ordered_map(&fixtures, jobs, state, work, |index, mut finding| {
        let file = &fixtures[index].name;
        if let Finding::Trouble(line) = &mut finding {
            if let Some(at) = line.find(NO_JUDGE) {
                match named {
                    true => line.replace_range(at.., "no judge (as said above), and no --judge"),
                    false => named = true,
                }
            }
        }
        progress.suspend(|| match (&finding, options.json) {
            (Finding::Passed(line) | Finding::Failed(line) | Finding::Trouble(line), false) => {
                report.say(&painted(line, color))
            }
            (finding, true) => report.say(&record(file, finding)),
        });
        match finding {
            Finding::Passed(_) => passed += 1,
            Finding::Failed(_) => failed += 1,
            Finding::Trouble(_) => trouble += 1,
        }
        progress.inc(1);
        if super::platform::stop_flag().load(std::sync::atomic::Ordering::Relaxed) {
            // --bless caught the signal: the file being written is as it was, and no other starts
            stopped = Some(
                fixtures[index]
                    .blessed
                    .clone()
                    .unwrap_or_else(|| file.clone()),
            );
            return false;
        }
        true
    });
    progress.finish_and_clear();
    if let Some(answer) = stopped {
        super::report::warn(&format_args!(
            "interrupted: {} is as it was",
            answer.display()
        ));
        return Ok(Status::Trouble);
    }
    report.say(&summary(passed, failed, trouble, options.json));
    Ok(report.status(Status::of_checks(failed, trouble)))
}

/// `line` with its status word (`ok`, `FAIL`, `ERR`, `wrote`) coloured when `color`.
fn painted(line: &str, color: bool) -> String {
    let word = line.split(' ').next().unwrap_or_default();
    let code = match word {
        "ok" | "wrote" => "1;32",
        "FAIL" => "1;31",
        "ERR" => "1;35",
        _ => return line.to_string(),
    };
    match color {
        true => format!("\x1b[{code}m{word}\x1b[0m{}", &line[word.len()..]),
        false => line.to_string(),
    }
}

/// A file's finding as a JSON record: its status (`ok`, `wrote`, `fail` or `error`) and the
/// detail that its text line gives after the file's name.
fn record(file: &Path, finding: &Finding) -> String {
    let (status, line) = match finding {
        Finding::Passed(line) if line.starts_with("wrote") => ("wrote", line),
        Finding::Passed(line) => ("ok", line),
        Finding::Failed(line) => ("fail", line),
        Finding::Trouble(line) => ("error", line),
    };
    let named = format!("{}  ", file.display());
    let detail = line
        .split_once(&named)
        .map_or(line.as_str(), |(_, detail)| detail);
    let record = Checked {
        detail: detail.to_string(),
        file: file.display().to_string(),
        status,
    };
    serde_json::to_string(&record).expect("a record serializes")
}

/// The judge named by the nearest enclosing folder of `file`.
fn judge_of(file: &Path) -> Option<&'static Judge> {
    let absolute = fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
    absolute
        .ancestors()
        .skip(1)
        .find_map(|folder| Judge::from_id(folder.file_name()?.to_str()?))
}

/// `--goal`, read at the size of each judge that needs it, once per size.
struct Goals {
    text: Option<String>,
    read: HashMap<Shape, Result<Board, String>>,
}

impl Goals {
    /// `judge` with the goal, if one was given and it reads as a board of the judge's size.
    fn apply(&mut self, judge: &Judge) -> Result<Judge, String> {
        let Some(text) = &self.text else {
            return Ok(*judge);
        };
        let read = self
            .read
            .entry(judge.shape)
            .or_insert_with(|| Board::parse(text, judge.shape).map_err(|error| error.to_string()));
        match read {
            Ok(goal) => Ok(judge.with_goal(*goal)),
            Err(error) => Err(error.clone()),
        }
    }
}

/// How a file with no judge is said, before the judges' names.
const NO_JUDGE: &str = "no judge: not in a folder named";

/// One fixture blessed or checked (`(bless, optimal)`).
fn run_file(
    fixture: &Fixture,
    judge: Option<&Judge>,
    goals: &mut Goals,
    (bless, optimal): (bool, bool),
    engine: &mut Engine,
) -> Finding {
    let file = &fixture.name;
    let shown = file.display();
    let Some(judge) = judge.or_else(|| judge_of(file)) else {
        let ids: Vec<&str> = eight::format::judge::ALL.map(|judge| judge.id).into();
        let (last, others) = ids.split_last().expect("there are judges");
        return Finding::Trouble(format!(
            "ERR  {shown}  {NO_JUDGE} {} or {last}, and no --judge",
            others.join(", ")
        ));
    };
    let judge = &match goals.apply(judge) {
        Ok(judge) => judge,
        Err(error) => {
            return Finding::Trouble(format!("ERR  {shown}  --goal {error}, for {}", judge.id))
        }
    };
    // the input and the answer are read as streams: memory holds a case and a line at a time
    let input = match open(&fixture.input) {
        Ok(input) => input,
        Err(error) => return Finding::Trouble(format!("ERR  {shown}  {error}")),
    };
    if bless {
        let Some(out_path) = &fixture.blessed else {
            return Finding::Trouble(format!(
                "ERR  {shown}  its answers are inside it (cph): --bless writes files of their own"
            ));
        };
        // a fresh temporary file renamed over the old one, which keeps its mode: never a
        // half-written answer, never a write through a planted link
        let mut malformed = None;
        let written = Interrupts::catch()
            .map_err(anyhow::Error::from)
            .and_then(|interrupts| {
                let mut staged = staged(out_path, Allow::Files, &interrupts)?;
                match check::write_answers(judge, input, engine, &mut staged)? {
                    Ok(cases) => Ok(staged.commit().map(|()| cases)?),
                    Err(error) => {
                        malformed = Some(error);
                        Ok(0)
                    }
                }
            });
        return match (written, malformed) {
            (_, Some(error)) => Finding::Trouble(format!("ERR  {shown}  {error}")),
            (Ok(cases), None) => {
                Finding::Passed(format!("wrote {}  {}", out_path.display(), cases_of(cases)))
            }
            (Err(error), None) => {
                Finding::Trouble(format!("ERR  {}  {error:#}", out_path.display()))
            }
        };
    }
    let Some((answer_name, answer)) = &fixture.answer else {
        let missing = fixture.blessed.as_ref().map_or_else(
            || "no answer recorded".to_string(),
            |path| format!("{}: no answer file", path.display()),
        );
        return Finding::Trouble(format!(
            "ERR  {shown}  {missing} (write the answers with --bless)"
        ));
    };
    if let Source::File(path) = answer {
        if !path.is_file() {
            return Finding::Trouble(format!(
                "ERR  {shown}  {}: not a regular file",
                answer_name.display()
            ));
        }
    }
    let expected = match open(answer) {
        Ok(expected) => expected,
        Err(error) => {
            return Finding::Trouble(format!("ERR  {shown}  {}: {error}", answer_name.display()))
        }
    };
    match check::check(judge, input, expected, check::rule(optimal), engine) {
        Ok(Ok(Verdict::Accepted { cases })) => {
            Finding::Passed(format!("ok   {shown}  {}", cases_of(cases)))
        }
        Ok(Ok(Verdict::Wrong(wrong))) => {
            Finding::Failed(format!("FAIL {shown}  {}", batch::describe(&wrong)))
        }
        Ok(Err(error)) => Finding::Trouble(format!("ERR  {shown}  {error}")),
        Err(error) => Finding::Trouble(format!("ERR  {shown}  {error}")),
    }
}

/// A reader of `source`'s bytes, buffered.
pub(super) fn open(source: &Source) -> io::Result<Box<dyn io::BufRead + '_>> {
    Ok(match source {
        Source::File(path) => {
            Box::new(io::BufReader::with_capacity(1 << 16, fs::File::open(path)?))
        }
        Source::Inline(bytes) => Box::new(&bytes[..]),
    })
}
