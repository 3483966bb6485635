//! `eight cache`: the folder where the 15- and 24-puzzle's pattern databases are kept, what it
//! holds, clearing it, and building databases ahead of time.

use std::sync::Arc;

use clap::Subcommand;
#[cfg(unix)]
use eight::cache::machines::KEPT;
#[cfg(unix)]
use eight::cache::{listing, DiskCache, FOLDER_VARIABLE};
use eight::solve::pdb::Family;
#[cfg(unix)]
use eight::solve::pdb::Partition;
use eight::solve::Store;

use super::Status;

#[derive(Subcommand, Debug, Clone)]
pub enum Action {
    /// The folder and its files, each with what it holds and its size (the default)
    Show,
    /// Remove eight's files from the folder (anything else in it stays)
    Clear,
    /// Build a family of databases (or the duplicate-path machines) now, into the folder,
    /// rather than at the first search that needs it
    Build {
        /// The family, or `detours`
        #[arg(value_parser = built_parser(), default_value = "6-6-3",
              long_help = format!("The family, or `detours`\n\n{}\n{}",
                  super::options::families(), machines()))]
        family: Built,
    },
}

/// What `eight cache build` builds: a family of databases, or the duplicate-path machines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Built {
    Family(Family),
    Detours,
}

/// `detours` in `eight cache build`'s help: the machines, each with its size and build time.
fn machines() -> String {
    #[cfg(unix)]
    let each: Vec<String> = KEPT
        .iter()
        .map(|kept| {
            let moves = kept.depth;
            format!(
                "{}, detours of up to {moves} moves: {}",
                kept.shape, kept.cost
            )
        })
        .collect();
    #[cfg(not(unix))]
    let each = ["none kept off Unix".to_string()];
    format!(
        "- detours: the machines that cut the searches' duplicate paths; {}",
        each.join("; ")
    )
}

/// Parses a family's name, or `detours`.
fn built_parser() -> impl clap::builder::TypedValueParser<Value = Built> {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    let names = Family::ALL
        .map(Family::name)
        .into_iter()
        .chain(["detours".to_string()]);
    PossibleValuesParser::new(names).map(|name| match Family::named(&name) {
        Some(family) => Built::Family(family),
        None => Built::Detours,
    })
}

/// The store of every engine of the run, with the disk cache of the 15-puzzle's pattern
/// databases: read when a 4×4 search first needs them, built (with a progress bar on a
/// terminal, one line elsewhere) when missing.
#[cfg(unix)]
pub fn store() -> Arc<Store> {
    use indicatif::ProgressBar;
    use std::io::IsTerminal;
    use std::sync::{Mutex, PoisonError};
    let folder = DiskCache::folder();
    let shown_folder = folder.as_ref().map(|f| f.display().to_string());
    let terminal = std::io::stderr().is_terminal();
    // a bar a build: what is built, and its placements settled; off a terminal, a line a build
    let bar: Mutex<Option<(String, ProgressBar)>> = Mutex::new(None);
    let line = Mutex::new(Told::default());
    let progress = move |what: &str, done: u64, total: u64| {
        let place = match &shown_folder {
            Some(folder) => format!("built once into {folder}"),
            None => "built for this run".to_string(),
        };
        if !terminal {
            let mut line = line.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(estimate) = line.due(what, done, total) {
                super::report::warn(&format_args!("building the {what}, {place}: {estimate}"));
            }
            return;
        }
        let mut bar = bar.lock().unwrap_or_else(PoisonError::into_inner);
        if !bar.as_ref().is_some_and(|(built, _)| built == what) {
            let shown = super::report::progress_bar(
                total,
                "{bar:20} {percent:>3}% {elapsed:>4} {wide_msg}",
            );
            shown.set_message(format!("{what}, {place}"));
            *bar = Some((what.to_string(), shown));
        }
        if let Some((_, shown)) = bar.as_ref() {
            shown.set_position(done);
            if done >= total {
                shown.finish_and_clear();
            }
        }
    };
    let cache = DiskCache::new(
        folder,
        Box::new(progress),
        Box::new(|line| super::report::warn(&line)),
    );
    Arc::new(Store::new(Arc::new(cache)))
}

/// The one line said of a build off a terminal: once it has settled 2% of its placements or
/// run [`Told::AFTER`], whichever comes first, with its time in all extrapolated from the share
/// done by then.
#[cfg(unix)]
#[derive(Default)]
struct Told {
    /// The build under way, and when its first progress came.
    build: Option<(String, std::time::Instant)>,
    said: bool,
}

#[cfg(unix)]
impl Told {
    const AFTER: std::time::Duration = std::time::Duration::from_secs(1);

    /// The estimate to say now of the build of `what`, `done` of `total` settled, if it is due.
    fn due(&mut self, what: &str, done: u64, total: u64) -> Option<String> {
        let now = std::time::Instant::now();
        if !matches!(&self.build, Some((built, _)) if built == what) {
            self.build = Some((what.to_string(), now));
            self.said = false;
        }
        let (_, began) = self.build.as_ref()?;
        let spent = now - *began;
        let early = spent < Told::AFTER && done.saturating_mul(50) < total;
        if self.said || early || done == 0 || done >= total {
            return None;
        }
        self.said = true;
        let whole = spent.as_secs_f64() * total as f64 / done as f64;
        Some(format!(
            "about {} in all, {} so far; later runs read it",
            seconds(whole),
            seconds(spent.as_secs_f64())
        ))
    }
}

/// Seconds in words, rounded as an estimate deserves.
#[cfg(unix)]
fn seconds(seconds: f64) -> String {
    match seconds {
        s if s < 90.0 => format!("{} s", s.round().max(1.0)),
        s => format!("{} minutes", (s / 60.0).round()),
    }
}

/// Off Unix there is no disk cache (its files are locked and opened the Unix way): the
/// databases are built in memory, a run at a time.
#[cfg(not(unix))]
pub fn store() -> Arc<Store> {
    Arc::default()
}

#[cfg(unix)]
pub fn run(action: Option<Action>, store: &Arc<Store>) -> anyhow::Result<Status> {
    let Some(folder) = DiskCache::folder() else {
        if let Some(relative) = std::env::var_os(FOLDER_VARIABLE).filter(|f| !f.is_empty()) {
            super::report::warn(&format_args!(
                "no cache folder: ${FOLDER_VARIABLE} ({}) is not an absolute path, so the \
                 databases live in memory, a run at a time",
                relative.to_string_lossy()
            ));
            return Ok(Status::Trouble);
        }
        super::report::warn(&format_args!(
            "no cache folder: ${FOLDER_VARIABLE}, $XDG_CACHE_HOME and $HOME give no absolute \
             path, so the databases live in memory, a run at a time"
        ));
        return Ok(Status::Trouble);
    };
    // a standard output that cannot be written (full, closed) is an error like any other, never
    // a panic; a broken pipe ends quietly in main
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match action.unwrap_or(Action::Show) {
        Action::Show => {
            writeln!(out, "{}", folder.display())?;
            let entries = match listing::list(&folder) {
                Ok(entries) => entries,
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                    writeln!(
                        out,
                        "(not made yet: the first search that needs databases makes it)"
                    )?;
                    return Ok(Status::Success);
                }
                Err(error) => return Err(error.into()),
            };
            let width = entries.iter().map(|e| e.name.len()).max().unwrap_or(0);
            let mut total = 0;
            for entry in &entries {
                total += entry.bytes;
                let kind = entry.kind.as_deref().unwrap_or("not eight's: left alone");
                writeln!(
                    out,
                    "{:<width$}  {:>10}  {kind}",
                    entry.name,
                    size(entry.bytes)
                )?;
            }
            writeln!(out, "{}, {}", files(entries.len()), size(total))?;
        }
        Action::Clear => {
            let removed = match listing::clear(&folder) {
                Ok(removed) => removed,
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                Err(error) => return Err(error.into()),
            };
            writeln!(
                out,
                "removed {} from {}",
                files(removed.len()),
                folder.display()
            )?;
        }
        Action::Build {
            family: Built::Detours,
        } => {
            std::fs::create_dir_all(&folder)?;
            let cache = DiskCache::new(
                Some(folder.clone()),
                Box::new(|_, _, _| {}),
                Box::new(|line| super::report::warn(&line)),
            );
            for kept in KEPT {
                super::report::warn(&format_args!(
                    "building {} ({}), once into {}",
                    kept.describe(),
                    kept.cost,
                    folder.display()
                ));
                cache.build_machine(kept).map_err(|error| {
                    anyhow::anyhow!(
                        "cannot keep {} in {}: {error}",
                        kept.describe(),
                        folder.display()
                    )
                })?;
            }
            writeln!(out, "duplicate-path machines ready in {}", folder.display())?;
        }
        Action::Build {
            family: Built::Family(family),
        } => {
            std::fs::create_dir_all(&folder)?;
            let source = store.databases();
            let control = super::live::control(false);
            for partition in &Partition::family(family) {
                if source.tables(partition, &control).is_none() {
                    super::report::warn(&"interrupted: nothing half-built is left");
                    return Ok(Status::Interrupted);
                }
            }
            writeln!(
                out,
                "{} databases ready in {}",
                family.name(),
                folder.display()
            )?;
        }
    }
    Ok(Status::Success)
}

/// Off Unix: there is no disk cache to show, clear or fill.
#[cfg(not(unix))]
pub fn run(_: Option<Action>, _: &Arc<Store>) -> anyhow::Result<Status> {
    super::report::warn(
        &"no disk cache on this system (it needs Unix's file locks): the databases live in \
          memory, a run at a time",
    );
    Ok(Status::Trouble)
}

/// A size to a tenth of its unit: `33.6 MiB`, `39 bytes`.
#[cfg(unix)]
fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / (1u64 << 20) as f64),
        b if b >= 1 << 10 => format!("{:.1} KiB", b as f64 / 1024.0),
        b => format!("{b} bytes"),
    }
}

/// `count` files, in words.
#[cfg(unix)]
fn files(count: usize) -> String {
    match count {
        1 => "1 file".to_string(),
        count => format!("{count} files"),
    }
}
