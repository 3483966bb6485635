//! Running someone else's program so that nothing escapes, nothing hangs and nothing lies.
//!
//! Each run has a supervisor of its own: `eight` starts itself again (the hidden `__run`
//! command, [`supervise`]), and the supervisor starts the program. The supervisor is a
//! *child subreaper* (`PR_SET_CHILD_SUBREAPER`): every descendant of the program whose parent
//! dies, however it detached (`setsid`, `setpgid`, a double fork), becomes the supervisor's
//! child, never init's. When the program exits, passes a limit, or `eight` itself dies, the
//! supervisor kills every descendant it can find under itself in `/proc`, again until none is
//! left, and only then reports; so a daemon that holds the output pipes cannot keep a run
//! open. The supervisor blocks SIGINT, SIGTERM and SIGHUP (the program starts with a clean
//! mask) and watches its parent: when `eight` is interrupted, terminated or killed, each
//! supervisor tears down its run and exits. `eight` is a subreaper too ([`adopt_orphans`]):
//! if a program kills its own supervisor, the orphans come to `eight`, which kills them.
//!
//! Nothing the program can reach decides its verdict. The report travels on a socket pair
//! that `eight` made, the supervisor's standard output: a socket cannot be opened through
//! `/proc/PID/fd`, so a program that opens its parent's descriptors finds nothing to write a
//! report into. The supervisor and `eight` are not dumpable while they judge, so a program of
//! the same user cannot read their memory, take their descriptors (`pidfd_getfd`) or write to
//! `eight`'s output through `/proc`; a program run by root loses `CAP_SYS_PTRACE`, which would
//! let it do all that anyway. The program gets standard input, output and error only: the
//! supervisor closes every other descriptor it inherited (a shell's `7>>file`) before it
//! starts the program. And `eight` times the supervisor itself: a run that took longer than
//! the limit allows is over the limit, whatever its report says.
//!
//! Memory is the whole tree's (the `memory` module): charged by the kernel to a cgroup of the run's own
//! where one can be made, sampled from `/proc` otherwise (then the address-space limit, an
//! rlimit inherited by the program, sits well above the memory limit to stop a runaway between
//! samples).

// Linux's namespaces, cgroups and /proc: elsewhere the crate is empty, and eight's judge says why
#![cfg(target_os = "linux")]

use std::collections::HashSet;
use std::ffi::OsString;
use std::fs;
use std::io::{self, Read};
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::prctl;
use nix::sys::signal::{kill, Signal};
use nix::sys::wait::{waitpid, WaitPidFlag};
use nix::unistd::{getpid, Pid};
use serde::{Deserialize, Serialize};

mod account;
mod cgroup;
mod confine;
mod ending;
mod jail;
mod loader;
mod memory;
mod mounts;
mod nobody;
mod processes;
pub mod snapshot;
mod supervisor;
mod toolchain;

use account::{parse_report, read_report, Account, Made};
pub use jail::jail;
use processes::{descendants, is_zombie, parents};
use snapshot::{Snapshot, Span};
pub use supervisor::supervise;

/// The most of the program's standard error kept: its last bytes.
pub const STDERR_TAIL: usize = 4096;

/// A run's limits.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Limits {
    /// CPU time, user and system, of the whole tree.
    pub cpu: Duration,
    /// Wall-clock time: the backstop for a program that waits rather than computes.
    pub wall: Duration,
    /// Resident memory of the whole tree, in KiB.
    pub memory_kib: u64,
    /// Standard output, in bytes; the rest is not read.
    pub output_bytes: u64,
    /// The largest file the program may write, in bytes (`RLIMIT_FSIZE`).
    pub file_bytes: u64,
    /// Processes and threads of the whole tree at once, where a `pids` cgroup can be had.
    pub processes: u64,
}

impl Limits {
    /// The address-space limit, in bytes: twice the memory limit or 1 GiB above it, whichever
    /// is larger, so that a program over the memory limit is seen over it before an allocation
    /// fails; saturating, never wrapping.
    pub fn address_space(&self) -> u64 {
        let memory = self.memory_kib.saturating_mul(1024);
        memory.saturating_mul(2).max(memory.saturating_add(1 << 30))
    }

    /// The hard limit of the run's cgroup, in bytes: an eighth above the memory limit (16 MiB
    /// at least), so that the supervisor sees the tree pass the limit and stops it, before the
    /// kernel, short of memory for the group, stalls it reclaiming.
    pub fn cgroup_limit(&self) -> u64 {
        let memory = self.memory_kib.saturating_mul(1024);
        memory.saturating_add((memory / 8).max(16 << 20))
    }

    /// The wall-clock limit for a CPU limit when none is given: twice it and a second more, so
    /// that a program is stopped by its CPU time unless it sleeps or waits.
    pub fn default_wall(cpu: Duration) -> Duration {
        cpu.saturating_mul(2).saturating_add(Duration::from_secs(1))
    }
}

/// A hidden command's arguments: its first, a `T` as JSON, then `--` and the program.
fn order_of<'a, T: serde::de::DeserializeOwned>(
    arguments: &'a [std::ffi::OsString],
    what: &str,
) -> io::Result<(T, &'a [std::ffi::OsString])> {
    let order = arguments
        .first()
        .and_then(|a| a.to_str())
        .and_then(|a| serde_json::from_str::<T>(a).ok())
        .ok_or_else(|| io::Error::other(format!("{what} needs its order")))?;
    Ok((order, arguments.get(2..).unwrap_or(&[])))
}

/// What a run may go without, and what the program is given besides its input.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Terms {
    /// Whether the program may run without a layer that cannot be had (`--unconfined`); else
    /// such a run is refused before the program starts.
    pub weaker: bool,
    /// The program's whole environment ([`environment`]): nothing else of `eight`'s reaches it.
    pub env: Vec<(OsString, OsString)>,
}

/// The environment a program runs with: `PATH` (eight's, else the usual one), `HOME` (its own
/// `/tmp`), `LANG` (eight's, where set), and each of `extra`: `NAME` with eight's value (left
/// out where eight has none), or `NAME=VALUE`.
pub fn environment(extra: &[OsString]) -> Vec<(OsString, OsString)> {
    let path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into());
    let mut env: Vec<(OsString, OsString)> =
        vec![("PATH".into(), path), ("HOME".into(), "/tmp".into())];
    env.extend(std::env::var_os("LANG").map(|lang| ("LANG".into(), lang)));
    for word in extra {
        let bytes = word.as_encoded_bytes();
        let (name, value) = match bytes.iter().position(|&b| b == b'=') {
            Some(at) => (
                std::ffi::OsStr::from_bytes(&bytes[..at]).to_os_string(),
                Some(OsString::from(std::ffi::OsStr::from_bytes(
                    &bytes[at + 1..],
                ))),
            ),
            None => (word.clone(), std::env::var_os(word)),
        };
        env.retain(|(known, _)| *known != name);
        env.extend(value.map(|value| (name, value)));
    }
    env
}

/// What the supervisor is given, as its first argument.
#[derive(Serialize, Deserialize, Debug)]
struct Setup {
    limits: Limits,
    /// The program's input in the snapshot.
    input: Span,
    /// The files and folders to hide from the program, each path ended by a NUL, in the
    /// snapshot.
    hidden: Span,
    terms: Terms,
}

/// How a run ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Ended {
    /// The program exited with this code.
    Exited(i32),
    /// The program was killed by this signal.
    Signaled(i32),
    /// Over the CPU time limit, killed.
    TimeLimit,
    /// Over the wall-clock limit, killed.
    WallLimit,
    /// Over the memory limit, killed.
    MemoryLimit,
    /// Over the output limit, killed.
    OutputLimit,
    /// The supervisor itself died (the program killed it): no report.
    Lost,
}

/// One run: how it ended, what it printed, how long it took and its peak memory.
#[derive(Debug)]
pub struct Run {
    /// How it ended.
    pub ended: Ended,
    /// Its standard output, up to the output limit.
    pub stdout: Vec<u8>,
    /// The last bytes of its standard error.
    pub stderr_tail: Vec<u8>,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// CPU time of the whole tree.
    pub cpu: Duration,
    /// The peak memory of the whole tree, in KiB.
    pub peak_kib: u64,
    /// The layers of the sandbox in force (`cgroup-memory`, `ns-net`, ...).
    pub sandbox: Vec<String>,
    /// Why the namespaces were not in force, where they were tried and failed.
    pub unconfined: Option<String>,
    /// How many new processes or threads the cap refused.
    pub refused_forks: u64,
    /// Why the program could not start, if it could not.
    pub failed_to_start: Option<String>,
    /// The layer that could not be had and why, where the run was refused for it (nothing ran).
    pub refused: Option<String>,
    /// Whether the layers in force are known: false for a report lost before the supervisor
    /// said them.
    pub made: bool,
}

/// The layers every run of this user's has unless it is refused (or `--unconfined`): as root,
/// the cgroups, the process-ID namespace and the rest; otherwise the namespaces in a user
/// namespace, with CPU time and memory sampled where no cgroup counts them.
pub fn expected_layers() -> Vec<&'static str> {
    let mut layers = match nix::unistd::geteuid().is_root() {
        true => vec![
            "cgroup-memory",
            "cgroup-pids",
            "cgroup-cpu",
            confine::PID_LAYER,
        ],
        false => vec![
            confine::USER_LAYER,
            confine::ONE_CPU_LAYER,
            confine::PROCESS_CAP_LAYER,
            confine::PID_LAYER,
        ],
    };
    layers.extend(confine::LAYERS);
    layers.push("no-capabilities");
    if nix::unistd::geteuid().is_root() {
        layers.push(confine::NOBODY_LAYER);
    }
    layers.extend(["file-limit", "three-descriptors"]);
    layers
}

/// The layers of [`expected_layers`] that a run did not have (`in_force`, its `sandbox`): what
/// an `--unconfined` run went without. A layer counted by the kernel stands in for its sampled
/// one, and a sampled one for a cgroup of a user who is not root.
pub fn missing_layers(in_force: &[String]) -> Vec<&'static str> {
    let held = |layer: &str| in_force.iter().any(|l| l == layer);
    let mut missing: Vec<&'static str> = expected_layers()
        .into_iter()
        .filter(|layer| !held(layer))
        .collect();
    if !nix::unistd::geteuid().is_root() {
        for (counted, sampled) in [
            ("cgroup-memory", "memory-sampled"),
            ("cgroup-cpu", "cpu-sampled"),
        ] {
            if !held(counted) && !held(sampled) {
                missing.push(sampled);
            }
        }
    }
    missing
}

/// The supervisors alive now, so that [`adopt_orphans`] kills only what no run owns.
static SUPERVISORS: Mutex<Option<HashSet<u32>>> = Mutex::new(None);

/// Makes this process a subreaper, so that the descendants of a supervisor its program
/// killed come here rather than to init. Call once, before any run.
pub fn adopt_orphans() -> io::Result<()> {
    prctl::set_child_subreaper(true).map_err(io::Error::from)
}

/// Runs `program` (an executable's path and its arguments) on the `input` span of `snapshot`
/// under `limits`, hiding from it the files and folders listed in the `hidden` span (paths
/// each ended by a NUL; a folder is covered whole), through a supervisor started as `supervisor` (this executable and the hidden
/// command's name), with the environment of `terms` alone. Where a layer of
/// [`expected_layers`] cannot be had, the run is refused ([`Run::refused`]) unless the terms
/// allow a weaker run; then the program runs without it.
pub fn run(
    supervisor: &[OsString],
    program: &[OsString],
    (snapshot, input, hidden): (&Snapshot, Span, Span),
    limits: &Limits,
    terms: &Terms,
) -> io::Result<Run> {
    // the report's channel: a socket, which no program can open through /proc
    let (report, reporter) = UnixStream::pair()?;
    let mut command = Command::new(&supervisor[0]);
    let setup = Setup {
        limits: *limits,
        input,
        hidden,
        terms: terms.clone(),
    };
    command
        .args(&supervisor[1..])
        .arg(serde_json::to_string(&setup)?)
        .arg("--")
        .args(program)
        .stdin(snapshot.file()?)
        .stdout(Stdio::from(OwnedFd::from(reporter)))
        .stderr(Stdio::null());
    let mut child = {
        let mut live = SUPERVISORS.lock().unwrap_or_else(|e| e.into_inner());
        let child = command.spawn()?;
        live.get_or_insert_with(HashSet::new).insert(child.id());
        child
    };
    let started = Instant::now();
    // the command's copy of the supervisor's end goes, so the report ends when the supervisor
    drop(command);
    let mut report = report;
    // the supervisor reports within its own wall-clock limit, plus the time to tear a tree down
    let deadline = limits.wall + Duration::from_secs(2);
    let cap = limits.output_bytes as usize + STDERR_TAIL + 4096;
    let reader = thread::spawn(move || read_report(&mut report, cap));
    let mut nap = Duration::from_micros(100);
    loop {
        if child.try_wait()?.is_some() {
            break;
        }
        if started.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break;
        }
        thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(5));
    }
    {
        let mut live = SUPERVISORS.lock().unwrap_or_else(|e| e.into_inner());
        live.get_or_insert_with(HashSet::new).remove(&child.id());
        kill_orphans(live.as_ref().expect("just made"));
    }
    let took = started.elapsed();
    let report = reader.join().expect("the reader does not panic");
    let mut run = parse_report(report, took);
    // eight's own clock: a run that outlasted the wall-clock limit by more than a supervisor's
    // start and teardown is over it, whatever the report says
    let over = matches!(run.ended, Ended::TimeLimit | Ended::WallLimit);
    if took > limits.wall + SUPERVISION && !over {
        run.ended = Ended::WallLimit;
        run.elapsed = run.elapsed.max(took);
    }
    Ok(run)
}

/// The most a supervisor's own start and teardown add to a run's time, as `eight` sees it.
const SUPERVISION: Duration = Duration::from_secs(1);

/// Kills this process's children that are not live supervisors (orphans adopted from a run
/// whose supervisor died), with all their descendants.
fn kill_orphans(supervisors: &HashSet<u32>) {
    let me = getpid().as_raw() as u32;
    loop {
        let parents = parents();
        let orphans: Vec<u32> = parents
            .iter()
            .filter(|&(&pid, &parent)| parent == me && !supervisors.contains(&pid))
            .map(|(&pid, _)| pid)
            .collect();
        let mut found = false;
        for orphan in orphans {
            // a child of ours that has exited is a zombie: reaping it is all that is left
            if is_zombie(orphan) {
                let _ = waitpid(Pid::from_raw(orphan as i32), Some(WaitPidFlag::WNOHANG));
                continue;
            }
            found = true;
            for pid in descendants(&parents, orphan).into_iter().chain([orphan]) {
                let _ = kill(Pid::from_raw(pid as i32), Signal::SIGKILL);
            }
            let _ = waitpid(Pid::from_raw(orphan as i32), None);
        }
        if !found {
            return;
        }
    }
}

/// Makes `eight` itself not dumpable, for the time it judges: a judged program of the same
/// user then cannot write to its output or read its memory through `/proc`.
pub fn guard() -> io::Result<()> {
    prctl::set_dumpable(false).map_err(io::Error::from)
}

/// Where `name` runs from: itself when it holds a `/`, else the first executable file of that
/// name in `PATH`; or why it cannot run, in a sentence.
pub fn resolve(name: &std::ffi::OsStr) -> Result<PathBuf, String> {
    use std::os::unix::fs::PermissionsExt;
    let shown = name.to_string_lossy();
    let executable = |path: &Path| {
        fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if shown.is_empty() {
        return Err("the command is empty".into());
    }
    if shown.contains('/') {
        let path = PathBuf::from(name);
        return match fs::metadata(&path) {
            Err(_) => Err(format!("`{shown}`: no such file")),
            Ok(meta) if meta.is_dir() => Err(format!("`{shown}` is a folder, not a program")),
            Ok(meta) if !meta.is_file() => Err(format!("`{shown}` is not a file")),
            Ok(_) if !executable(&path) => Err(format!(
                "`{shown}` is not executable (chmod +x, or name its interpreter)"
            )),
            Ok(_) => Ok(path),
        };
    }
    let found = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|folder| !folder.as_os_str().is_empty())
        .map(|folder| folder.join(name))
        .find(|path| executable(path));
    found.ok_or_else(|| {
        let hint = if shown.contains(' ') {
            let words: Vec<&str> = shown.split_whitespace().collect();
            format!(
                " (a command and its arguments are separate words: -- {})",
                words.join(" ")
            )
        } else {
            String::new()
        };
        format!("command not found: `{shown}` is not in PATH{hint}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_space_limit_never_wraps() {
        let limits = |memory_kib| Limits {
            cpu: Duration::from_secs(1),
            wall: Duration::from_secs(3),
            memory_kib,
            output_bytes: 1,
            file_bytes: 1,
            processes: 1,
        };
        assert_eq!(limits(256 * 1024).address_space(), (256 + 1024) << 20);
        assert_eq!(limits(4 << 20).address_space(), 8 << 30);
        assert_eq!(limits(u64::MAX / 1024).address_space(), u64::MAX);
        // 17592186044416 MiB, as once given to --memory-limit, in KiB
        assert_eq!(limits(17_592_186_044_416 * 1024).address_space(), u64::MAX);
        assert_eq!(limits(17_592_186_044_416 * 1024).cgroup_limit(), u64::MAX);
        assert_eq!(limits(64 * 1024).cgroup_limit(), 80 << 20);
        assert_eq!(limits(1 << 20).cgroup_limit(), (1024 + 128) << 20);
    }

    #[test]
    fn resolves_commands_or_says_why_not() {
        assert!(resolve("sh".as_ref()).is_ok());
        assert_eq!(
            resolve("./no-such-program".as_ref()),
            Err("`./no-such-program`: no such file".into())
        );
        assert_eq!(
            resolve("/".as_ref()),
            Err("`/` is a folder, not a program".into())
        );
        let quoted = resolve("python3 a.py".as_ref()).expect_err("not a command");
        assert!(quoted.ends_with("-- python3 a.py)"), "{quoted}");
    }

    #[test]
    fn reads_a_report_or_calls_the_run_lost() {
        assert_eq!(parse_report(Vec::new(), Duration::ZERO).ended, Ended::Lost);
        let garbage = b"garbage\n".to_vec();
        assert_eq!(parse_report(garbage, Duration::ZERO).ended, Ended::Lost);
        let head = Account {
            ended: Ended::Exited(0),
            elapsed_us: 5,
            cpu_us: 3,
            peak_kib: 7,
            sandbox: vec!["ns-net".into()],
            unconfined: None,
            refused_forks: 0,
            stdout_len: 2,
            stderr_len: 4,
            failed_to_start: None,
            refused: None,
        };
        let mut whole = serde_json::to_vec(&head).expect("JSON");
        whole.extend_from_slice(b"\nr\noops");
        let run = parse_report(whole, Duration::ZERO);
        assert_eq!(run.stdout, b"r\n");
        assert_eq!(run.stderr_tail, b"oops");
        assert_eq!((run.ended, run.peak_kib), (Ended::Exited(0), 7));
        assert_eq!(
            (run.cpu, &run.sandbox[..]),
            (Duration::from_micros(3), &["ns-net".to_string()][..])
        );
    }
}
