//! What runs a solution file after file, for `eight judge` and `eight stress`: the supervisor
//! and the program, the limits and terms of its sandbox, and what has been said once already.

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use super::sandbox::{self, Limits, Terms};
use super::Options;

/// What every file's run shares: how to start the supervisor and the program, the limits, and
/// what has been said once already.
pub(super) struct Runner {
    pub(super) supervisor: Vec<OsString>,
    pub(super) program: Vec<OsString>,
    pub(super) limits: Limits,
    pub(super) terms: Terms,
    /// Set once the command failed to start, or a run was refused: the files after it are not
    /// run.
    pub(super) unstartable: AtomicBool,
    /// Set once a run said why its namespaces could not be made.
    pub(super) said_unconfined: AtomicBool,
    /// Set once a program ran without a mount namespace of its own, so could reach the cache
    /// folder.
    pub(super) reached: AtomicBool,
}

impl Runner {
    /// The runner of `program` under `options`' limits and terms.
    pub(super) fn new(options: &Options, program: Vec<OsString>) -> io::Result<Runner> {
        let supervisor = vec![std::env::current_exe()?.into_os_string(), "__run".into()];
        let chosen = options.limits_of(&Default::default());
        let (cpu, memory) = (chosen.cpu, chosen.memory);
        let limits = Limits {
            cpu,
            wall: options
                .wall_limit
                .unwrap_or_else(|| Limits::default_wall(cpu)),
            memory_kib: memory / 1024,
            output_bytes: options.output_limit,
            file_bytes: options.file_limit,
            processes: options.processes,
        };
        Ok(Runner {
            supervisor,
            program,
            limits,
            terms: Terms {
                weaker: options.unconfined,
                env: sandbox::environment(&options.env),
            },
            unstartable: AtomicBool::new(false),
            said_unconfined: AtomicBool::new(false),
            reached: AtomicBool::new(false),
        })
    }
}

/// `program` (the command, resolved) as `eight stress` runs it: the runner `eight judge` makes,
/// after its checks of the machine (orphans adopted, the guard in place); or why it cannot run.
pub(super) fn stress_runner(options: &Options) -> anyhow::Result<Result<Runner, String>> {
    let program = match resolved(&options.command) {
        Ok(program) => program,
        Err(why) => return Ok(Err(why)),
    };
    sandbox::adopt_orphans()?;
    sandbox::guard()?;
    Ok(Ok(Runner::new(options, program)?))
}

/// `command` with its program found (in `PATH`, made absolute), or why it cannot start.
pub(super) fn resolved(command: &[OsString]) -> Result<Vec<OsString>, String> {
    let path = sandbox::resolve(&command[0])?;
    Ok(std::iter::once(path.into_os_string())
        .chain(command[1..].iter().cloned())
        .collect())
}

/// The list of what every program is kept from, each path ended by a NUL (`sandbox::run`'s
/// `hidden`): `files` (the fixtures and their answers) and eight's cache, as a whole folder
/// where it holds eight's files alone (or nothing), else those files each (`EIGHT_CACHE_DIR=/dev`,
/// a home folder), so that nothing else a program may need is hidden with them.
pub(super) fn hidden<'a>(files: impl IntoIterator<Item = &'a Path>) -> Vec<u8> {
    let mut hidden: Vec<PathBuf> = files.into_iter().map(Path::to_path_buf).collect();
    if let Some(cache) = eight::cache::DiskCache::folder().filter(|f| f.is_dir()) {
        let entries = eight::cache::listing::list(&cache).ok();
        match entries {
            Some(entries) if entries.iter().any(|entry| entry.kind.is_none()) => hidden.extend(
                entries
                    .iter()
                    .filter(|entry| entry.kind.is_some())
                    .map(|entry| cache.join(&entry.name)),
            ),
            _ => hidden.push(cache),
        }
    }
    let mut list = Vec::new();
    for path in hidden {
        list.extend_from_slice(path.as_os_str().as_encoded_bytes());
        list.push(0);
    }
    list
}
