//! The supervisor's side of a run: `eight` started again as the hidden `__run` command, which
//! keeps what it inherited away from the program, starts it, watches it and every descendant,
//! kills them all when the run ends, and reports on the socket `eight` gave it.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::fd::AsFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::prctl;
use nix::sys::resource::{getrlimit, setrlimit, Resource};
use nix::sys::signal::{SigSet, Signal};
use nix::unistd::{getpid, getppid, Pid};

use super::cgroup::Groups;
use super::confine;
use super::ending::{ended_by, kill_tree, read_capped, read_tail, reaped_cpu, TICK};
use super::jail::{self, Order, NOT_CONFINED, NOT_STARTED, STARTED};
use super::memory;
use super::processes::{cpu_ticks, descendants, parents, peak_kib};
use super::snapshot::Reader;
use super::{Account, Ended, Made, Setup, STDERR_TAIL};

/// The supervisor's side, run by the hidden `__run` command with the arguments [`super::run`]
/// gives it: starts the program, watches it and every descendant, kills them all when the
/// run ends, and writes the report, then the program's output, on standard output.
pub fn supervise(arguments: &[OsString]) -> io::Result<()> {
    let (setup, program) = super::order_of::<Setup>(arguments, "a supervisor")?;
    let parent = getppid();
    close_inherited();
    guard_from_the_program()?;
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
    let report = watch(program, &setup, parent);
    let (report, stdout, stderr) = match report {
        Ok(done) => done,
        Err(Stop::Failed(error)) => (
            Account::not_run(Some(error.to_string()), None),
            Vec::new(),
            Vec::new(),
        ),
        Err(Stop::Refused(why)) => (Account::not_run(None, Some(why)), Vec::new(), Vec::new()),
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

/// Why a run ended before its program started.
enum Stop {
    /// Something failed: the program could not start.
    Failed(io::Error),
    /// A layer of the sandbox could not be had, and no weaker run was asked for: the layer and
    /// why, in a sentence.
    Refused(String),
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Stop {
        Stop::Failed(error)
    }
}

/// Starts the program and watches it until its run ends; then kills every descendant.
fn watch(
    program: &[OsString],
    setup: &Setup,
    parent: Pid,
) -> Result<(Account, Vec<u8>, Vec<u8>), Stop> {
    let limits = &setup.limits;
    if program.is_empty() {
        return Err(io::Error::new(io::ErrorKind::NotFound, "no command").into());
    }
    let root = nix::unistd::geteuid().is_root();
    // the program is born in cgroups of its own where they can be made; then the kernel
    // counts and limits, and no address-space limit stands in the way of programs that reserve
    // much and use little (Java, Go)
    let groups = Groups::make(limits.cgroup_limit(), limits.processes);
    if root && !setup.terms.weaker {
        let held = groups.layers();
        let missing = ["cgroup-memory", "cgroup-pids", "cgroup-cpu"]
            .into_iter()
            .find(|layer| !held.contains(layer));
        if let Some(layer) = missing {
            return Err(Stop::Refused(format!(
                "{layer}: the run's cgroup could not be made (is its controller mounted, as \
                 cgroup v1, and writable here?)"
            )));
        }
    }
    // otherwise the address-space limit is lowered for the program's start only, and this
    // process's own restored: only the soft limit moves, which it may raise again
    let (soft, hard) = getrlimit(Resource::RLIMIT_AS).map_err(io::Error::from)?;
    if !groups.counts_memory() {
        setrlimit(Resource::RLIMIT_AS, limits.address_space().min(hard), hard)
            .map_err(io::Error::from)?;
    }
    let doors = groups.doors();
    let (spawned, unconfined) = match jail(program, setup, &doors, true) {
        Err(Refused::Confinement(why)) if !setup.terms.weaker => {
            setrlimit(Resource::RLIMIT_AS, soft, hard).map_err(io::Error::from)?;
            return Err(Stop::Refused(why));
        }
        Err(Refused::Confinement(why)) => match jail(program, setup, &doors, false) {
            // the program starts, but not in its namespaces: asked for, and said
            Ok(child) => (Ok(child), Some(why)),
            Err(refused) => (Err(refused.into()), None),
        },
        other => (other.map_err(io::Error::from), None),
    };
    let confined = unconfined.is_none();
    // a user's confined program is kept on one CPU (see `confine`)
    let pinned = confined && !root;
    setrlimit(Resource::RLIMIT_AS, soft, hard).map_err(io::Error::from)?;
    // what the jail did before the program started is not the program's
    groups.reset();
    let (mut child, mut started_under) = spawned?;
    let started = Instant::now();
    // the layers in force, said at once: a report lost later (the supervisor killed) still
    // tells what was made
    let made = layers(&groups, (confined, root, started_under.is_some()));
    let mut said = serde_json::to_vec(&Made { made: made.clone() }).map_err(io::Error::from)?;
    said.push(b'\n');
    let mut out = io::stdout().lock();
    out.write_all(&said)?;
    out.flush()?;
    drop(out);
    // the input through a pipe: the program holds no descriptor of the snapshot, which it could
    // reopen for writing through /proc/self/fd/0; a program that stops reading ends the feeding
    // when it exits (the pipe then breaks)
    let snapshot = File::from(io::stdin().as_fd().try_clone_to_owned()?);
    let mut feed = child.stdin.take().expect("piped");
    let input = setup.input;
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
    let (mut peak, mut cpu) = (0, Duration::ZERO);
    let mut nap = Duration::from_micros(50);
    let mut last_scan: Option<Instant> = None;
    let ended = loop {
        if let Some(status) = child.try_wait()? {
            // the jail that started the program says how it ended
            let mut told = String::new();
            if let Some(pipe) = started_under.as_mut() {
                let _ = pipe.read_to_string(&mut told);
            }
            break jail::ended(&told).unwrap_or_else(|| ended_by(status));
        }
        if getppid() != parent {
            // eight is gone: so is the run (its groups too), and no one waits for a report
            kill_tree(me, child.id());
            drop(groups);
            std::process::exit(0);
        }
        let mut sample = match (groups.counts_memory(), &started_under) {
            (true, _) => groups.memory_kib(),
            // the jail itself is not the program: its tree is sampled below
            (false, Some(_)) => 0,
            (false, None) => peak_kib(child.id()),
        };
        cpu = cpu.max(groups.cpu_time().unwrap_or_default());
        // the tree read from /proc for what no cgroup counts, every 5 ms
        let scan = !groups.counts_memory() || !groups.counts_cpu();
        if scan && !last_scan.is_some_and(|at| at.elapsed() < Duration::from_millis(5)) {
            last_scan = Some(Instant::now());
            let map = parents();
            let tree = descendants(&map, me);
            if !groups.counts_memory() {
                // a jail still there is not the program, nor (a user's) the first process of its
                // namespace, the jail's child
                let jail = started_under.as_ref().map(|_| child.id());
                let init = |p: u32| !root && jail.is_some() && map.get(&p).copied() == jail;
                let program: Vec<u32> = tree
                    .iter()
                    .copied()
                    .filter(|&p| Some(p) != jail && !init(p))
                    .collect();
                // the program's own /tmp and /dev/shm are memory it holds (a user's namespaces:
                // no cgroup charges them)
                let scratch = match confined {
                    true => memory::scratch_kib(&program),
                    false => None,
                };
                sample = sample.max(memory::sampled_kib(&program, scratch));
            }
            if !groups.counts_cpu() {
                cpu = cpu.max(reaped_cpu() + TICK * cpu_ticks(&tree) as u32);
            }
        }
        peak = peak.max(sample);
        // on one CPU the tree cannot have used more than the time it ran: the bound that holds
        // where children the kernel reaps are counted by no one
        if cpu > limits.cpu || (pinned && started.elapsed() > limits.cpu) {
            break Ended::TimeLimit;
        }
        if started.elapsed() > limits.wall {
            break Ended::WallLimit;
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
    // every process of the tree is reaped now: its whole CPU time is known
    cpu = cpu.max(groups.cpu_time().unwrap_or_else(reaped_cpu));
    let ended = match groups.counts_memory() {
        true => {
            peak = peak.max(groups.peak_kib());
            let over = peak > limits.memory_kib || groups.killed_for_memory();
            let timed = matches!(ended, Ended::TimeLimit | Ended::WallLimit);
            if over && !timed {
                Ended::MemoryLimit
            } else {
                ended
            }
        }
        false => ended,
    };
    let ended = match ended {
        // a last burst between two samples still counts
        Ended::Exited(_) | Ended::Signaled(_) if cpu > limits.cpu => Ended::TimeLimit,
        Ended::Exited(_) | Ended::Signaled(_) if pinned && elapsed > limits.cpu => Ended::TimeLimit,
        ended => ended,
    };
    if pinned && ended == Ended::TimeLimit {
        // what the tree may have used, on its one CPU: the sample misses reaped children
        cpu = cpu.max(elapsed.min(limits.cpu + TICK));
    }
    let sandbox = made;
    let refused_forks = groups.refused_forks();
    drop(groups);
    let stdout = reader.join().expect("the reader does not panic");
    let stderr = errors.join().expect("the reader does not panic");
    // a program cut off for its output may die of the closed pipe before the loop sees why
    let ended = if over.load(Ordering::Relaxed) {
        Ended::OutputLimit
    } else {
        ended
    };
    let report = Account {
        ended,
        elapsed_us: elapsed.as_micros() as u64,
        cpu_us: cpu.as_micros() as u64,
        peak_kib: peak,
        sandbox,
        unconfined,
        refused_forks,
        stdout_len: stdout.len() as u64,
        stderr_len: stderr.len() as u64,
        failed_to_start: None,
        refused: None,
    };
    Ok((report, stdout, stderr))
}

/// The layers in force for a program started `(confined, root, pid)` (in its namespaces, by
/// root, under a jail of its own PID namespace) in `groups`.
fn layers(groups: &Groups, (confined, root, pid): (bool, bool, bool)) -> Vec<String> {
    let mut sandbox: Vec<String> = groups.layers().into_iter().map(String::from).collect();
    if !groups.counts_memory() {
        sandbox.push("memory-sampled".into());
    }
    if !groups.counts_cpu() {
        sandbox.push("cpu-sampled".into());
    }
    if confined {
        if !root {
            sandbox.push(confine::USER_LAYER.into());
            sandbox.push(confine::ONE_CPU_LAYER.into());
            sandbox.push(confine::PROCESS_CAP_LAYER.into());
        }
        if pid {
            sandbox.push(confine::PID_LAYER.into());
        }
        sandbox.extend(confine::LAYERS.map(String::from));
        sandbox.push("no-capabilities".into());
        if root {
            sandbox.push(confine::NOBODY_LAYER.into());
        }
    }
    sandbox.extend(["file-limit", "three-descriptors"].map(String::from));
    sandbox
}

/// Why a jail did not become the program.
enum Refused {
    /// It could not make the namespaces.
    Confinement(String),
    /// The program could not start (or the jail itself).
    Start(io::Error),
}

impl From<Refused> for io::Error {
    fn from(refused: Refused) -> io::Error {
        match refused {
            Refused::Confinement(why) => io::Error::other(why),
            Refused::Start(error) => error,
        }
    }
}

/// Starts the program through the jail (this executable's hidden `__jail` command), confined
/// when `confine`, in a process-ID namespace of its own where this process may make one (root);
/// returns once the program started: the jail, which became the program or which is the
/// namespace's first process and the program's parent (then with the pipe on which it will say
/// how the program ended); or why it did not.
fn jail(
    program: &[OsString],
    setup: &Setup,
    doors: &[(std::path::PathBuf, std::path::PathBuf)],
    confine: bool,
) -> Result<(Child, Option<File>), Refused> {
    use nix::fcntl::{fcntl, FcntlArg, FdFlag, OFlag};
    use nix::sched::{unshare, CloneFlags};
    use std::os::fd::AsRawFd;
    let start = |error: nix::errno::Errno| Refused::Start(io::Error::from(error));
    // both ends closed at exec, but the one the jail writes: inherited by the jail alone (this
    // process starts nothing else meanwhile), which closes it at its own exec
    let (status, writer) = nix::unistd::pipe2(OFlag::O_CLOEXEC).map_err(start)?;
    fcntl(&writer, FcntlArg::F_SETFD(FdFlag::empty())).map_err(start)?;
    let snapshot = nix::unistd::dup(io::stdin()).map_err(start)?;
    let me = std::env::current_exe().map_err(Refused::Start)?;
    let root = nix::unistd::geteuid().is_root();
    let spawn = |own_pids: bool| -> Result<io::Result<Child>, Refused> {
        let order = Order {
            snapshot: snapshot.as_raw_fd(),
            hidden: setup.hidden,
            status: writer.as_raw_fd(),
            scratch: setup.limits.memory_kib.saturating_mul(1024),
            file_bytes: setup.limits.file_bytes,
            confine,
            own_pids,
            doors: doors.to_vec(),
            env: setup.terms.env.clone(),
            processes: setup.limits.processes,
        };
        let order = serde_json::to_string(&order).map_err(|e| Refused::Start(e.into()))?;
        Ok(Command::new(&me)
            .arg("__jail")
            .arg(order)
            .arg("--")
            .args(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn())
    };
    // the jail is born first in a new process-ID namespace, made by a thread of its own for
    // its children alone: this process's other children stay in its own, with no way back
    // to make (which a root of a user namespace could not take)
    let spawned = match confine && root {
        false => spawn(false)?,
        true => {
            let made = thread::scope(|scope| {
                scope
                    .spawn(|| match unshare(CloneFlags::CLONE_NEWPID) {
                        Ok(()) => spawn(true),
                        Err(errno) if !setup.terms.weaker => Err(Refused::Confinement(format!(
                            "{}: a process-ID namespace could not be made: {errno}",
                            confine::PID_LAYER
                        ))),
                        Err(_) => spawn(false),
                    })
                    .join()
            });
            made.map_err(|_| Refused::Start(io::Error::other("the spawning thread panicked")))??
        }
    };
    drop((snapshot, writer));
    let mut child = spawned.map_err(Refused::Start)?;
    let mut status = File::from(status);
    let mut told = Vec::new();
    let mut byte = [0u8];
    // the jail's first words: none (it became the program), STARTED, or why not
    while status.read(&mut byte).is_ok_and(|read| read == 1) {
        told.push(byte[0]);
        if told == STARTED.as_bytes() {
            return Ok((child, Some(status)));
        }
    }
    if told.is_empty() {
        return Ok((child, None));
    }
    let told = String::from_utf8_lossy(&told).into_owned();
    let _ = child.kill();
    let _ = child.wait();
    match told.strip_prefix(NOT_CONFINED) {
        Some(why) => Err(Refused::Confinement(format!(
            "the namespaces could not be made: {why}"
        ))),
        None => Err(Refused::Start(io::Error::other(
            told.trim_start_matches(NOT_STARTED).to_string(),
        ))),
    }
}
