//! The jail: `eight` started again by the supervisor as the hidden `__jail` command, between
//! the supervisor and the program. It sets the file-size limit, confines itself ([`Plan`]:
//! namespaces, covers, a read-only file system, no capabilities), moves itself into the run's
//! cgroups just before the program is born (so the program is born there, and the jail's own
//! memory is not the program's), and starts the program.
//!
//! Where the supervisor gave it a process-ID namespace of its own (root), the jail is that
//! namespace's first process: it starts the program as its child, leaves the cgroups, reaps
//! whatever is orphaned to it, and when the program ends, reports how and exits, which ends
//! every process left in the namespace. So the program sees no process but its own tree and can
//! signal no other (`kill -9 -1` reaches only its own), and, not being the namespace's first
//! process, keeps the signals every program has (`kill -SEGV $$`, `abort()`). A user's jail
//! makes the process-ID namespace itself, in the user namespace of its plan, caps the count of
//! processes there, and starts itself again as that namespace's first process (which then acts
//! as root's does), waiting for it outside. Without namespaces, the jail becomes the program
//! (`exec`; the same process).
//!
//! It tells the supervisor how things went on a pipe the program never holds (closed at its
//! `exec`): nothing, then the end of the pipe, when it became the program; [`STARTED`], then
//! how the program ended, as the namespace's first process; or why it could not confine
//! ([`NOT_CONFINED`]) or start ([`NOT_STARTED`]) the program. Nothing the program writes can
//! claim that its confinement failed.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;

use nix::sys::wait::{waitpid, WaitStatus};

use super::confine::Plan;
use super::snapshot::{Reader, Span};

/// The folders where a machine keeps its daemons' sockets, covered in the program's view.
const SOCKETS: [&str; 2] = ["/run", "/var/run"];

/// What the supervisor hands the jail, as its first argument.
#[derive(serde::Serialize, serde::Deserialize, Debug)]
pub struct Order {
    /// A descriptor of the snapshot, where the list of hidden files lies.
    pub snapshot: i32,
    /// The list's span.
    pub hidden: Span,
    /// The pipe that tells the supervisor how things went.
    pub status: i32,
    /// Room in the program's `/tmp` and `/dev/shm`, in bytes.
    pub scratch: u64,
    /// The file-size limit, in bytes.
    pub file_bytes: u64,
    /// Whether to make the namespaces (else only the limits).
    pub confine: bool,
    /// Whether the jail is the first process of a process-ID namespace of its own.
    pub own_pids: bool,
    /// Each run cgroup's `cgroup.procs`, and its home's.
    pub doors: Vec<(PathBuf, PathBuf)>,
    /// The program's whole environment.
    pub env: Vec<(OsString, OsString)>,
    /// The most processes and threads the program's tree may hold: a user's cap (root's is
    /// its cgroup's).
    pub processes: u64,
}

/// How a jail's status begins when it could not confine the program (the supervisor then
/// starts it again without namespaces, and says so).
pub const NOT_CONFINED: &str = "confine: ";
/// How a jail's status begins when the program could not start.
pub const NOT_STARTED: &str = "start: ";
/// The jail's line once the program started under it (it did not become the program).
pub const STARTED: &str = "started\n";

/// How the program ended, as the jail that started it tells: `exit CODE` or `signal NUMBER`.
pub fn ended(told: &str) -> Option<super::Ended> {
    let (kind, number) = told.trim().split_once(' ')?;
    let number = number.parse().ok()?;
    match kind {
        "exit" => Some(super::Ended::Exited(number)),
        "signal" => Some(super::Ended::Signaled(number)),
        _ => None,
    }
}

/// The jail's side, run by the hidden `__jail` command. Returns only when something failed,
/// after telling the supervisor.
pub fn jail(arguments: &[OsString]) -> io::Result<()> {
    let (order, program) = super::order_of::<Order>(arguments, "a jail")?;
    // the inherited descriptors opened again as files of our own (closed at exec), and closed
    let reopen = |fd: i32, write: bool| {
        let file = fs::OpenOptions::new()
            .read(!write)
            .write(write)
            .open(format!("/proc/self/fd/{fd}"));
        let _ = nix::unistd::close(fd);
        file
    };
    let mut status = reopen(order.status, true)?;
    let mut hidden = Vec::new();
    if let Ok(snapshot) = reopen(order.snapshot, false) {
        Reader::new(&snapshot, order.hidden).read_to_end(&mut hidden)?;
    }
    // the list's folders are covered whole, its files each alone
    let (folders, files): (Vec<PathBuf>, Vec<PathBuf>) = hidden
        .split(|&b| b == 0)
        .filter(|path| !path.is_empty())
        .map(|path| PathBuf::from(std::ffi::OsStr::from_bytes(path)))
        .partition(|path| path.is_dir());
    // opened before the file system turns read-only in the jail's own mount namespace: these
    // descriptors are of the machine's mounts, which stay writable
    let doors: io::Result<Vec<(fs::File, fs::File)>> = order
        .doors
        .iter()
        .map(|(run, home)| Ok((open_door(run)?, open_door(home)?)))
        .collect();
    let doors = match doors {
        Ok(doors) => doors,
        Err(error) => told(&mut status, NOT_STARTED, &error),
    };
    let limits = || -> nix::Result<()> {
        use nix::sys::resource::{setrlimit, Resource};
        setrlimit(Resource::RLIMIT_FSIZE, order.file_bytes, order.file_bytes)?;
        setrlimit(Resource::RLIMIT_CORE, 0, 0)
    };
    if let Err(error) = limits() {
        told(&mut status, NOT_STARTED, &error);
    }
    let mut command = program.to_vec();
    if order.confine {
        // the machine's sockets (systemd's, D-Bus's, a container engine's) besides the list's:
        // a read-only file system still lets a program connect to a socket it can see
        let mut folders = folders;
        folders.extend(SOCKETS.iter().map(PathBuf::from).filter(|f| f.is_dir()));
        match Plan::new(program, &files, &folders, order.scratch) {
            None => told(&mut status, NOT_CONFINED, &"the mounts cannot be read"),
            Some(plan) if !plan.closed.is_empty() => {
                use std::os::unix::fs::PermissionsExt;
                let file = &plan.closed[0];
                let mode = fs::metadata(file).map_or(0, |meta| meta.permissions().mode());
                let how = match file.is_dir() {
                    true => "passable by others (chmod o+x)",
                    false => "readable by others (chmod o+r)",
                };
                let why = format_args!(
                    "{}: nobody, whom root's program runs as, cannot read it (mode {:04o}): make \
                     it {how}, or judge as another user",
                    file.display(),
                    mode & 0o7777
                );
                told(&mut status, NOT_STARTED, &why)
            }
            Some(plan) => match plan.apply(order.own_pids) {
                Ok(()) if plan.in_user_namespace() => {
                    // a user's program: a process cap of its own, and the namespace's first
                    // process between it and this jail, which it can then neither signal nor see
                    if let Err(error) = cap_processes(order.processes) {
                        told(&mut status, NOT_CONFINED, &error)
                    }
                    start_init(&order, &plan.command, status)
                }
                Ok(()) => command = plan.command,
                Err(error) => told(&mut status, NOT_CONFINED, &error),
            },
        }
    }
    let Some((name, args)) = command.split_first() else {
        told(&mut status, NOT_STARTED, &"no command");
    };
    // into the run's groups: the program is born there ("0" is the writer itself)
    for (run, _) in &doors {
        if let Err(error) = (&*run).write_all(b"0") {
            told(
                &mut status,
                NOT_STARTED,
                &format_args!("cannot enter the run's cgroup: {error}"),
            );
        }
    }
    // nothing of eight's environment but what the order says
    let mut program = std::process::Command::new(name);
    program
        .args(args)
        .env_clear()
        .envs(order.env.iter().cloned());
    if !order.own_pids {
        let error = program.exec();
        told(&mut status, NOT_STARTED, &error);
    }
    // not dumpable: the program cannot open this process's descriptors through /proc
    let _ = nix::sys::prctl::set_dumpable(false);
    let child = match program.spawn() {
        Ok(child) => child,
        Err(error) => told(&mut status, NOT_STARTED, &error),
    };
    for (_, home) in &doors {
        let _ = (&*home).write_all(b"0");
    }
    drop(doors);
    let _ = status.write_all(STARTED.as_bytes());
    let program = nix::unistd::Pid::from_raw(child.id() as i32);
    loop {
        // every orphan of the namespace comes here: reaped as it dies
        match waitpid(None, None) {
            Ok(WaitStatus::Exited(pid, code)) if pid == program => {
                let _ = write!(status, "exit {code}");
                std::process::exit(code)
            }
            Ok(WaitStatus::Signaled(pid, signal, _)) if pid == program => {
                let _ = write!(status, "signal {}", signal as i32);
                std::process::exit(128 + signal as i32)
            }
            Ok(_) | Err(nix::errno::Errno::EINTR) => {}
            Err(error) => told(
                &mut status,
                NOT_STARTED,
                &format_args!("lost the program: {error}"),
            ),
        }
    }
}

/// The most processes this user's namespace may hold from here on: the program's cap, the
/// jail and the namespace's first process (RLIMIT_NPROC counts a user's processes in their
/// own user namespace, which held only this one).
fn cap_processes(processes: u64) -> nix::Result<()> {
    use nix::sys::resource::{setrlimit, Resource};
    let most = processes.saturating_add(2);
    setrlimit(Resource::RLIMIT_NPROC, most, most)
}

/// Starts this executable again as the first process of the process-ID namespace the plan
/// made (this process stays outside it): a jail with its own process-ID namespace, which
/// starts `command` and tells `status` how it ended; then this one waits for it and ends as it
/// did. Nothing in that namespace can signal this process or the supervisor.
fn start_init(order: &Order, command: &[OsString], mut status: fs::File) -> ! {
    use nix::fcntl::{fcntl, FcntlArg, FdFlag};
    use std::os::fd::AsRawFd;
    if let Err(error) = fcntl(&status, FcntlArg::F_SETFD(FdFlag::empty())) {
        told(&mut status, NOT_CONFINED, &error)
    }
    let init = Order {
        snapshot: -1,
        hidden: order.hidden,
        status: status.as_raw_fd(),
        scratch: order.scratch,
        file_bytes: order.file_bytes,
        confine: false,
        own_pids: true,
        doors: Vec::new(),
        env: order.env.clone(),
        processes: order.processes,
    };
    let init = match serde_json::to_string(&init) {
        Ok(init) => init,
        Err(error) => told(&mut status, NOT_STARTED, &error),
    };
    // the executable by its link: its path may lie under a folder the plan covered (/tmp)
    let spawned = std::process::Command::new("/proc/self/exe")
        .arg("__jail")
        .arg(init)
        .arg("--")
        .args(command)
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => told(
            &mut status,
            NOT_CONFINED,
            &format_args!("a process-ID namespace's first process: {error}"),
        ),
    };
    drop(status);
    let code = match child.wait() {
        Ok(ended) => ended.code().unwrap_or(128),
        Err(_) => 127,
    };
    std::process::exit(code)
}

/// Tells the supervisor why the jail gives up, and gives up.
fn told(status: &mut fs::File, prefix: &str, error: &dyn std::fmt::Display) -> ! {
    let _ = write!(status, "{prefix}{error}");
    std::process::exit(127)
}

/// A cgroup's `cgroup.procs`, open for writing.
fn open_door(path: &PathBuf) -> io::Result<fs::File> {
    fs::OpenOptions::new().write(true).open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_how_the_program_ended() {
        assert_eq!(ended("exit 3"), Some(crate::Ended::Exited(3)));
        assert_eq!(ended("signal 11\n"), Some(crate::Ended::Signaled(11)));
        assert_eq!(ended("started\n"), None);
        assert_eq!(ended(""), None);
    }
}
