//! The supervisor's side of a run: `eight` started again as the hidden `__run` command, which
//! keeps what it inherited away from the program, starts it, watches it and every descendant,
//! kills them all when the run ends, and reports on the socket `eight` gave it.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::fd::AsFd;
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::prctl;
use nix::sys::resource::{getrlimit, setrlimit, Resource};
use nix::sys::signal::{kill, killpg, SigSet, Signal};
use nix::sys::wait::{waitpid, WaitPidFlag};
use nix::unistd::{getpid, getppid, Pid};

use super::memory::{self, Cgroup};
use super::processes::{descendants, is_zombie, parents, peak_kib};
use super::snapshot::{Reader, Span};
use super::{Ended, Limits, Report, STDERR_TAIL};

/// The supervisor's side, run by the hidden `__run` command with the arguments [`super::run`]
/// gives it: starts the program, watches it and every descendant, kills them all when the
/// run ends, and writes the report, then the program's output, on standard output.
pub fn supervise(arguments: &[OsString]) -> io::Result<()> {
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

/// Starts the program and watches it until its run ends; then kills every descendant.
fn watch(
    program: &[OsString],
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_bytes_of_standard_error() {
        let text: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        assert_eq!(read_tail(&text[..], 10), &text[text.len() - 10..]);
        assert_eq!(read_tail(&b"short"[..], 10), b"short");
    }
}
