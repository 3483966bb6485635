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
//! Memory is the whole tree's ([`memory`]): charged by the kernel to a cgroup of the run's own
//! where one can be made, sampled from `/proc` otherwise (then the address-space limit, an
//! rlimit inherited by the program, sits well above the memory limit to stop a runaway between
//! samples).

use std::collections::{HashMap, HashSet};
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::prctl;
use nix::sys::resource::{getrlimit, setrlimit, Resource};
use nix::sys::signal::{kill, killpg, SigSet, Signal};
use nix::sys::wait::{waitpid, WaitPidFlag};
use nix::unistd::{getpid, getppid, Pid};
use serde::{Deserialize, Serialize};

mod memory;
pub mod snapshot;

use memory::Cgroup;
use snapshot::{Reader, Snapshot, Span};

/// The most of the program's standard error kept: its last bytes.
pub const STDERR_TAIL: usize = 4096;

/// A run's limits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// Wall-clock time.
    pub time: Duration,
    /// Resident memory of the whole tree, in KiB.
    pub memory_kib: u64,
    /// Standard output, in bytes; the rest is not read.
    pub output_bytes: u64,
}

impl Limits {
    /// The address-space limit, in bytes: twice the memory limit or 1 GiB above it, whichever
    /// is larger, so that a program over the memory limit is seen over it before an allocation
    /// fails; saturating, never wrapping.
    pub fn address_space(&self) -> u64 {
        let memory = self.memory_kib.saturating_mul(1024);
        memory.saturating_mul(2).max(memory.saturating_add(1 << 30))
    }
}

impl Limits {
    /// The hard limit of the run's cgroup, in bytes: an eighth above the memory limit (16 MiB
    /// at least), so that the supervisor sees the tree pass the limit and stops it, before the
    /// kernel, short of memory for the group, stalls it reclaiming.
    pub fn cgroup_limit(&self) -> u64 {
        let memory = self.memory_kib.saturating_mul(1024);
        memory.saturating_add((memory / 8).max(16 << 20))
    }
}

/// How a run ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Ended {
    /// The program exited with this code.
    Exited(i32),
    /// The program was killed by this signal.
    Signaled(i32),
    /// Over the time limit, killed.
    TimeLimit,
    /// Over the memory limit, killed.
    MemoryLimit,
    /// Over the output limit, killed.
    OutputLimit,
    /// The supervisor itself died (the program killed it): no report.
    Lost,
}

/// What the supervisor reports, as its first line.
#[derive(Serialize, Deserialize, Debug)]
struct Report {
    ended: Ended,
    elapsed_us: u64,
    peak_kib: u64,
    stdout_len: u64,
    stderr_len: u64,
    /// Why the program could not start, if it could not.
    failed_to_start: Option<String>,
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
    /// The largest sampled resident memory of the whole tree, in KiB.
    pub peak_kib: u64,
}

/// The supervisors alive now, so that [`adopt_orphans`] kills only what no run owns.
static SUPERVISORS: Mutex<Option<HashSet<u32>>> = Mutex::new(None);

/// Makes this process a subreaper, so that the descendants of a supervisor its program
/// killed come here rather than to init. Call once, before any run.
pub fn adopt_orphans() -> io::Result<()> {
    prctl::set_child_subreaper(true).map_err(io::Error::from)
}

/// Runs `program` (an executable's path and its arguments) on the `input` span of `snapshot`
/// under `limits`, through a supervisor started as `supervisor` (this executable and the hidden
/// command's name).
pub fn run(
    supervisor: &[std::ffi::OsString],
    program: &[std::ffi::OsString],
    (snapshot, input): (&Snapshot, Span),
    limits: &Limits,
) -> io::Result<Run> {
    // the report's channel: a socket, which no program can open through /proc
    let (report, reporter) = UnixStream::pair()?;
    let mut command = Command::new(&supervisor[0]);
    command
        .args(&supervisor[1..])
        .arg(limits.time.as_micros().to_string())
        .arg(limits.memory_kib.to_string())
        .arg(limits.output_bytes.to_string())
        .arg(input.start.to_string())
        .arg(input.len.to_string())
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
    // the supervisor reports within its own time limit, plus the time to tear a tree down
    let deadline = limits.time + Duration::from_secs(2);
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
    // eight's own clock: a run that outlasted the limit by more than a supervisor's start and
    // teardown is over it, whatever the report says
    if took > limits.time + SUPERVISION && !matches!(run.ended, Ended::TimeLimit) {
        run.ended = Ended::TimeLimit;
        run.elapsed = run.elapsed.max(took);
    }
    Ok(run)
}

/// The most a supervisor's own start and teardown add to a run's time, as `eight` sees it.
const SUPERVISION: Duration = Duration::from_secs(1);

/// Reads a supervisor's report: its first line, then as many bytes as it announces (at most
/// `cap`), into one buffer of that size, so that a large output is held once.
fn read_report(stream: &mut impl Read, cap: usize) -> Vec<u8> {
    let mut report = Vec::new();
    let mut byte = [0u8];
    while report.len() < 4096 && stream.read_exact(&mut byte).is_ok() {
        report.push(byte[0]);
        if byte[0] == b'\n' {
            break;
        }
    }
    let body = serde_json::from_slice::<Report>(report.trim_ascii_end())
        .map_or(0, |head| (head.stdout_len + head.stderr_len) as usize);
    report.reserve_exact(body.min(cap));
    let _ = stream.take(body.min(cap) as u64).read_to_end(&mut report);
    report
}

/// The run described by a supervisor's report; a run without one was lost. The output is
/// kept where it was read, not copied.
fn parse_report(mut report: Vec<u8>, elapsed: Duration) -> Run {
    let lost = Run {
        ended: Ended::Lost,
        stdout: Vec::new(),
        stderr_tail: Vec::new(),
        elapsed,
        peak_kib: 0,
    };
    let Some(newline) = report.iter().position(|&b| b == b'\n') else {
        return lost;
    };
    let Ok(head) = serde_json::from_slice::<Report>(&report[..newline]) else {
        return lost;
    };
    report.drain(..=newline);
    let split = (head.stdout_len as usize).min(report.len());
    let mut stderr_tail = report.split_off(split);
    stderr_tail.truncate(head.stderr_len as usize);
    Run {
        ended: head.ended,
        stdout: report,
        stderr_tail,
        elapsed: Duration::from_micros(head.elapsed_us),
        peak_kib: head.peak_kib,
    }
}

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

fn is_zombie(pid: u32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            stat.rsplit_once(')')
                .map(|(_, rest)| rest.trim_start().starts_with('Z'))
        })
        .unwrap_or(false)
}

/// Every process's parent, from `/proc`.
fn parents() -> HashMap<u32, u32> {
    let mut parents = HashMap::new();
    let Ok(entries) = fs::read_dir("/proc") else {
        return parents;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // the command name, in parentheses, may hold spaces: the fields follow the last `)`
        let parent = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|field| field.parse().ok());
        if let Some(parent) = parent {
            parents.insert(pid, parent);
        }
    }
    parents
}

/// Every descendant of `root` in `parents`.
fn descendants(parents: &HashMap<u32, u32>, root: u32) -> Vec<u32> {
    let mut children: HashMap<u32, Vec<u32>> = HashMap::new();
    for (&pid, &parent) in parents {
        children.entry(parent).or_default().push(pid);
    }
    let mut found = Vec::new();
    let mut stack = vec![root];
    while let Some(pid) = stack.pop() {
        for &child in children.get(&pid).map_or(&[][..], Vec::as_slice) {
            found.push(child);
            stack.push(child);
        }
    }
    found
}

/// The peak resident memory of `pid`, in KiB, as the kernel counted it (0 once it is gone).
fn peak_kib(pid: u32) -> u64 {
    fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse().ok()
        })
        .unwrap_or(0)
}

/// The supervisor's side, run by the hidden `__run` command with the arguments [`run`]
/// gives it: starts the program, watches it and every descendant, kills them all when the
/// run ends, and writes the report, then the program's output, on standard output.
pub fn supervise(arguments: &[std::ffi::OsString]) -> io::Result<()> {
    let number = |index: usize| -> u64 {
        arguments
            .get(index)
            .and_then(|a| a.to_str())
            .and_then(|a| a.parse().ok())
            .unwrap_or(0)
    };
    let limits = Limits {
        time: Duration::from_micros(number(0)),
        memory_kib: number(1),
        output_bytes: number(2),
    };
    let input = Span {
        start: number(3),
        len: number(4),
    };
    let program = arguments.get(6..).unwrap_or(&[]);
    let parent = getppid();
    close_inherited();
    guard_from_the_program()?;
    hide_the_cache();
    // Ctrl-C, SIGTERM and SIGHUP reach the supervisor only through its parent's death, which
    // it watches: so it always tears its run down before it goes
    let mut blocked = SigSet::empty();
    for signal in [
        Signal::SIGINT,
        Signal::SIGTERM,
        Signal::SIGHUP,
        Signal::SIGQUIT,
    ] {
        blocked.add(signal);
    }
    blocked.thread_block().map_err(io::Error::from)?;
    prctl::set_child_subreaper(true).map_err(io::Error::from)?;
    let report = watch(program, input, &limits, parent);
    let (report, stdout, stderr) = match report {
        Ok(done) => done,
        Err(error) => (
            Report {
                ended: Ended::Exited(127),
                elapsed_us: 0,
                peak_kib: 0,
                stdout_len: 0,
                stderr_len: 0,
                failed_to_start: Some(error.to_string()),
            },
            Vec::new(),
            Vec::new(),
        ),
    };
    let mut out = io::stdout().lock();
    let mut head = serde_json::to_vec(&report)?;
    head.push(b'\n');
    out.write_all(&head)?;
    out.write_all(&stdout)?;
    out.write_all(&stderr)?;
    out.flush()
}

/// Closes every descriptor but standard input, output and error: whatever the shell that
/// started `eight` left open (`7>>file`) never reaches the program. Run first, with no other
/// thread, so that nothing opens a descriptor meanwhile.
fn close_inherited() {
    let open: Vec<i32> = match fs::read_dir("/proc/self/fd") {
        Ok(entries) => entries
            .flatten()
            .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
            .filter(|&fd| fd > 2)
            .collect(),
        Err(_) => return,
    };
    // the listing's own descriptor is among them, closed already: its close fails, harmlessly
    for fd in open {
        let _ = nix::unistd::close(fd);
    }
}

/// Keeps the program away from this process: not dumpable (a process of the same user cannot
/// open its descriptors or memory through `/proc`, nor take them with `pidfd_getfd`), and, when
/// run by root, `CAP_SYS_PTRACE` out of what the program can ever hold.
fn guard_from_the_program() -> io::Result<()> {
    prctl::set_dumpable(false).map_err(io::Error::from)?;
    use caps::{CapSet, Capability};
    let ptrace = Capability::CAP_SYS_PTRACE;
    let root = nix::unistd::geteuid().is_root();
    // what the program could get: the bounding set is what root's programs are given; the
    // other two pass on to any. A set that cannot be changed (no CAP_SETPCAP) and hands on
    // nothing is safe as it is; one that would hand it on means no run
    for (set, bounding) in [
        (CapSet::Bounding, true),
        (CapSet::Inheritable, false),
        (CapSet::Ambient, false),
    ] {
        let hands_on = (!bounding || root) && caps::has_cap(None, set, ptrace).unwrap_or(false);
        if caps::drop(None, set, ptrace).is_err() && hands_on {
            return Err(io::Error::other(
                "cannot keep CAP_SYS_PTRACE from the program (no CAP_SETPCAP)",
            ));
        }
    }
    Ok(())
}

/// Hides `eight`'s cache folder from the program, where this process may (root): in a mount
/// namespace of its own, an empty read-only file system over the folder, so that no program
/// can plant databases for the next run to trust. Elsewhere the program can reach the folder,
/// and what guards the next run is that a loaded database must keep the rules of true ones.
fn hide_the_cache() {
    use nix::mount::{mount, MsFlags};
    use nix::sched::{unshare, CloneFlags};
    let Some(folder) = crate::tools::cache::DiskCache::folder().filter(|f| f.is_dir()) else {
        return;
    };
    if !nix::unistd::geteuid().is_root() || unshare(CloneFlags::CLONE_NEWNS).is_err() {
        return;
    }
    // nothing done in this namespace propagates back to the machine's
    let private = mount(
        None::<&str>,
        "/",
        None::<&str>,
        MsFlags::MS_REC | MsFlags::MS_PRIVATE,
        None::<&str>,
    );
    if private.is_ok() {
        let _ = mount(
            Some("tmpfs"),
            &folder,
            Some("tmpfs"),
            MsFlags::MS_RDONLY | MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC,
            Some("size=4k,mode=0555"),
        );
    }
}

/// Makes `eight` itself not dumpable, for the time it judges: a judged program of the same
/// user then cannot write to its output or read its memory through `/proc`.
pub fn guard() -> io::Result<()> {
    prctl::set_dumpable(false).map_err(io::Error::from)
}

/// Starts the program and watches it until its run ends; then kills every descendant.
fn watch(
    program: &[std::ffi::OsString],
    input: Span,
    limits: &Limits,
    parent: Pid,
) -> io::Result<(Report, Vec<u8>, Vec<u8>)> {
    let Some((name, args)) = program.split_first() else {
        return Err(io::Error::new(io::ErrorKind::NotFound, "no command"));
    };
    // the program is born in a memory cgroup of its own where one can be made; then the kernel
    // counts and limits, and no address-space limit stands in the way of programs that reserve
    // much and use little (Java, Go)
    let cgroup = Cgroup::enter(limits.cgroup_limit());
    // otherwise the address-space limit is lowered for the program's start only, and this
    // process's own restored: only the soft limit moves, which it may raise again
    let (soft, hard) = getrlimit(Resource::RLIMIT_AS).map_err(io::Error::from)?;
    if cgroup.is_none() {
        setrlimit(Resource::RLIMIT_AS, limits.address_space().min(hard), hard)
            .map_err(io::Error::from)?;
    }
    let spawned = Command::new(name)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn();
    setrlimit(Resource::RLIMIT_AS, soft, hard).map_err(io::Error::from)?;
    // the supervisor's own memory (the output it keeps) is not the program's
    let cgroup = cgroup.filter(Cgroup::leave);
    let mut child = spawned?;
    let started = Instant::now();
    // the input through a pipe: the program holds no descriptor of the snapshot, which it could
    // reopen for writing through /proc/self/fd/0; a program that stops reading ends the feeding
    // when it exits (the pipe then breaks)
    let snapshot = File::from(io::stdin().as_fd().try_clone_to_owned()?);
    let mut feed = child.stdin.take().expect("piped");
    thread::spawn(move || io::copy(&mut Reader::new(&snapshot, input), &mut feed));
    let over = Arc::new(AtomicBool::new(false));
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let cap = limits.output_bytes;
    let reader = {
        let over = Arc::clone(&over);
        thread::spawn(move || read_capped(stdout, cap, &over))
    };
    let errors = thread::spawn(move || read_tail(stderr, STDERR_TAIL));
    let me = getpid().as_raw() as u32;
    let mut peak = 0;
    let mut nap = Duration::from_micros(50);
    let mut last_scan = Instant::now();
    let ended = loop {
        if let Some(status) = child.try_wait()? {
            break ended_by(status);
        }
        if getppid() != parent {
            // eight is gone: so is the run, and no one waits for a report
            kill_tree(me, child.id());
            std::process::exit(0);
        }
        let mut sample = match &cgroup {
            Some(cgroup) => cgroup.usage_kib(),
            None => peak_kib(child.id()),
        };
        if cgroup.is_none() && last_scan.elapsed() >= Duration::from_millis(5) {
            last_scan = Instant::now();
            sample = sample.max(memory::sampled_kib(&descendants(&parents(), me)));
        }
        peak = peak.max(sample);
        if started.elapsed() > limits.time {
            break Ended::TimeLimit;
        }
        if peak > limits.memory_kib {
            break Ended::MemoryLimit;
        }
        if over.load(Ordering::Relaxed) {
            break Ended::OutputLimit;
        }
        thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(2));
    };
    let elapsed = started.elapsed();
    kill_tree(me, child.id());
    let _ = child.wait();
    let ended = match &cgroup {
        Some(cgroup) => {
            peak = peak.max(cgroup.peak_kib());
            let over = peak > limits.memory_kib || cgroup.killed_for_memory();
            if over && !matches!(ended, Ended::TimeLimit) {
                Ended::MemoryLimit
            } else {
                ended
            }
        }
        None => ended,
    };
    drop(cgroup);
    let stdout = reader.join().expect("the reader does not panic");
    let stderr = errors.join().expect("the reader does not panic");
    // a program cut off for its output may die of the closed pipe before the loop sees why
    let ended = if over.load(Ordering::Relaxed) {
        Ended::OutputLimit
    } else {
        ended
    };
    let report = Report {
        ended,
        elapsed_us: elapsed.as_micros() as u64,
        peak_kib: peak,
        stdout_len: stdout.len() as u64,
        stderr_len: stderr.len() as u64,
        failed_to_start: None,
    };
    Ok((report, stdout, stderr))
}

fn ended_by(status: ExitStatus) -> Ended {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => Ended::Exited(code),
        (None, Some(signal)) => Ended::Signaled(signal),
        (None, None) => Ended::Exited(-1),
    }
}

/// Kills the program's process group and every descendant of `me`, reaping them, until none
/// is left: the subreaper brings every orphan back here, so the tree cannot hide.
fn kill_tree(me: u32, program: u32) {
    let _ = killpg(Pid::from_raw(program as i32), Signal::SIGKILL);
    for _ in 0..1000 {
        let alive: Vec<u32> = descendants(&parents(), me)
            .into_iter()
            .filter(|&pid| !is_zombie(pid))
            .collect();
        for &pid in &alive {
            let _ = kill(Pid::from_raw(pid as i32), Signal::SIGKILL);
        }
        // reap whatever has died, ours by birth or by adoption
        while let Ok(status) = waitpid(None, Some(WaitPidFlag::WNOHANG)) {
            if status == nix::sys::wait::WaitStatus::StillAlive {
                break;
            }
        }
        if alive.is_empty() {
            return;
        }
        thread::sleep(Duration::from_micros(200));
    }
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

/// Reads `stream` to its end, keeping its last `keep` bytes.
fn read_tail(mut stream: impl Read, keep: usize) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut chunk = vec![0; 1 << 16];
    while let Ok(read @ 1..) = stream.read(&mut chunk) {
        kept.extend_from_slice(&chunk[..read]);
        if kept.len() > 2 * keep {
            kept.drain(..kept.len() - keep);
        }
    }
    if kept.len() > keep {
        kept.drain(..kept.len() - keep);
    }
    kept
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
            time: Duration::from_secs(1),
            memory_kib,
            output_bytes: 1,
        };
        assert_eq!(limits(256 * 1024).address_space(), (256 + 1024) << 20);
        assert_eq!(limits(4 << 20).address_space(), 8 << 30);
        assert_eq!(limits(u64::MAX / 1024).address_space(), u64::MAX);
        // 17592186044416 MiB, as once given to --memory-limit, in KiB
        assert_eq!(limits(17_592_186_044_416 * 1024).address_space(), u64::MAX);
    }

    #[test]
    fn keeps_the_last_bytes_of_standard_error() {
        let text: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        assert_eq!(read_tail(&text[..], 10), &text[text.len() - 10..]);
        assert_eq!(read_tail(&b"short"[..], 10), b"short");
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
        let head = Report {
            ended: Ended::Exited(0),
            elapsed_us: 5,
            peak_kib: 7,
            stdout_len: 2,
            stderr_len: 4,
            failed_to_start: None,
        };
        let mut whole = serde_json::to_vec(&head).expect("JSON");
        whole.extend_from_slice(b"\nr\noops");
        let run = parse_report(whole, Duration::ZERO);
        assert_eq!(run.stdout, b"r\n");
        assert_eq!(run.stderr_tail, b"oops");
        assert_eq!((run.ended, run.peak_kib), (Ended::Exited(0), 7));
    }
}
