//! What runs a solution file after file, for `eight judge` and `eight stress`: the supervisor
//! and the program, the limits and terms of its sandbox, and what has been said once already.

use std::ffi::OsString;
use std::io;
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
