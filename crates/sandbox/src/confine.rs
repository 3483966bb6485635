//! The program's view of the machine, narrowed where the system allows: namespaces of its own
//! for the network (none but a loopback that is down), System V IPC, the host name and the
//! mounts; in the mount namespace an empty `/tmp` of its own, which is also its working
//! directory, an empty `/dev/shm`, a `/dev` of the harmless devices only (`null`, `zero`,
//! `full`, `random`, `urandom`), the fixtures (each `.in` and its answers), `eight`'s cache and
//! `/run` (the daemons' sockets) covered by emptiness, and every other mount read-only. Then every capability is dropped
//! (the bounding set too, so no exec regains one) and `no_new_privs` set, so a program run by
//! root cannot undo any of it: no remount, no unmount, no write through a device node.
//!
//! Root makes them directly; anyone else in a user namespace of the program's own (where the
//! system allows unprivileged ones), with the user's own uid and gid mapped to themselves: the
//! capabilities held there reach only the namespaces it owns, and the machine's mounts stay
//! locked under the covers put over them. Where neither works, the supervisor starts the
//! program again without namespaces and says so, and the program sees the machine as `eight`
//! does, less its inherited descriptors. Nothing the program writes outlives its run: the only
//! writable places are the two file systems in memory that die with its namespace.
//!
//! The jail (the `jail` module) applies a [`Plan`] to itself before it starts the program.

use std::ffi::{CString, OsString};
use std::fs;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use nix::mount::{mount, MsFlags};
use nix::sched::{unshare, CloneFlags};

use super::mounts::{bring, cover, covered, mount_points};
use super::nobody::{allows, NOBODY};
use super::toolchain;

/// The devices the program keeps in its `/dev`.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// What the program's process does to its view before `exec`.
pub struct Plan {
    /// Files covered by `/dev/null` (read: empty).
    hidden_files: Vec<CString>,
    /// Folders covered by an empty read-only file system.
    hidden_folders: Vec<CString>,
    /// The machine's mount points, with the flags each keeps, to remount read-only.
    read_only: Vec<(CString, MsFlags)>,
    /// Folders of the machine's `/tmp` that the command names, each brought read-only into the
    /// program's own: at the same place, or at [`MACHINE_TMP`] for the machine's `/tmp` itself.
    brought: Vec<(CString, CString)>,
    /// Options of the program's `/tmp` and `/dev/shm` (their size, their mode).
    scratch: CString,
    /// The command, its paths made absolute (its working directory is not `eight`'s).
    pub command: Vec<OsString>,
    /// Whether the namespaces are made in a user namespace of the program's own (not root).
    user: Option<(u32, u32)>,
    /// Files the command names that [`NOBODY`] (root's program) could not read even where they
    /// are brought: the program cannot start, and the user learns why.
    pub closed: Vec<PathBuf>,
    /// Folders closed to [`NOBODY`] above the program and its interpreters (a toolchain in
    /// root's home), each covered by an empty read-only file system anyone may pass, with the
    /// folders below it that lead there brought back, read-only (see `toolchain`).
    opened: Vec<(CString, Vec<CString>)>,
}

/// Where the machine's `/tmp` itself appears in the program's, read-only, when a word of the
/// command names it (`java -cp .` run from `/tmp`): the program's own `/tmp` stays its own.
pub const MACHINE_TMP: &str = "/tmp/.eight-machine-tmp";

/// Where the files of a command that nobody (root's program) could not reach are brought, in
/// the program's own `/tmp`: each word's at a folder of its own, by its place in the command.
const COMMAND_PLACE: &str = "/tmp/.eight-command";

/// The layer of a user's program capped in its count of processes (RLIMIT_NPROC in its user
/// namespace), as the report names it.
pub const PROCESS_CAP_LAYER: &str = "process-cap";

/// The layer of root's program running as [`NOBODY`], as the report names it.
pub const NOBODY_LAYER: &str = "nobody";

/// The layer a [`Plan`] adds for a user who is not root, as the report names it.
pub const USER_LAYER: &str = "ns-user";

/// The layer of a user's program kept on one CPU (its wall-clock time then bounds its CPU
/// time), as the report names it.
pub const ONE_CPU_LAYER: &str = "one-cpu";

/// The layer of a process-ID namespace of the program's own, as the report names it.
pub const PID_LAYER: &str = "ns-pid";

/// The layers a [`Plan`] puts in force, as the report names them.
pub const LAYERS: [&str; 7] = [
    "ns-net",
    "ns-ipc",
    "ns-mount",
    "read-only-root",
    "private-tmp",
    "hidden-fixtures",
    "no-keyrings",
];

/// The system calls that make System V IPC objects, denied: a segment of shared memory that no
/// process maps is charged to none, and without root no cgroup counts it (288 MiB of detached
/// segments passed `-m 64`). Solutions share memory through `/dev/shm` and memfds, which count.
const SYSV_IPC_CALLS: [i64; 3] = [
    nix::libc::SYS_shmget,
    nix::libc::SYS_msgget,
    nix::libc::SYS_semget,
];

/// The system calls of the kernel's keyrings, which no namespace but the user's separates:
/// denied, so that a program can neither read a key of the caller's (its session keyring is
/// inherited) nor leave one behind in a keyring that outlives the run.
const KEYRING_CALLS: [i64; 3] = [
    nix::libc::SYS_add_key,
    nix::libc::SYS_request_key,
    nix::libc::SYS_keyctl,
];

impl Plan {
    /// The plan for `command`, a program that must not see `files` or `folders`, with `scratch`
    /// bytes of room in its `/tmp` and in its `/dev/shm` (each also charged to its memory);
    /// `None` where the machine's mounts cannot be read.
    ///
    /// Each word of the command that names an existing file or folder (relative to `eight`'s
    /// working directory) is made absolute, and where it lies in the machine's `/tmp`, its
    /// folder (or the file alone, when that folder is `/tmp`) is brought into the program's.
    pub fn new(
        command: &[OsString],
        files: &[PathBuf],
        folders: &[PathBuf],
        scratch: u64,
    ) -> Option<Plan> {
        let uid = nix::unistd::geteuid();
        let user = (!uid.is_root()).then(|| (uid.as_raw(), nix::unistd::getegid().as_raw()));
        let text = |path: &Path| CString::new(path.as_os_str().as_bytes()).ok();
        let real = |paths: &[PathBuf]| -> Vec<CString> {
            paths
                .iter()
                .filter_map(|path| fs::canonicalize(path).ok())
                .filter_map(|path| text(&path))
                .collect()
        };
        let mounts = fs::read_to_string("/proc/self/mountinfo").ok()?;
        let mut read_only: Vec<(CString, MsFlags)> = mount_points(&mounts)
            .into_iter()
            .filter(|(path, _)| !covered(path))
            .filter_map(|(path, flags)| Some((text(&path)?, flags)))
            .collect();
        // parents first, so that a remount never hides a mount point still to come
        read_only.sort_by_key(|(path, _)| path.as_bytes().len());
        let (mut brought, mut closed) = (Vec::new(), Vec::new());
        // root's program runs as nobody: the folders closed above its toolchain are opened
        let chain: Vec<PathBuf> = match (user, command.first()) {
            (None, Some(program)) => toolchain::chain(Path::new(program))
                .into_iter()
                .filter(|path| path.exists())
                .collect(),
            _ => Vec::new(),
        };
        let opened = toolchain::openings(&chain);
        // (what lies in the machine's /tmp is brought by the rules below)
        for path in chain.iter().filter(|path| !path.starts_with("/tmp")) {
            if let Some(shut) = toolchain::closed(path, &opened) {
                closed.push(shut);
            }
        }
        let command = command
            .iter()
            .enumerate()
            .map(|(index, word)| {
                let Ok(path) = fs::canonicalize(word) else {
                    return word.clone();
                };
                if path == Path::new("/tmp") {
                    // the machine's /tmp as a whole, at a place of its own in the program's
                    brought.extend(text(&path).zip(text(Path::new(MACHINE_TMP))));
                    return MACHINE_TMP.into();
                }
                // root's program runs as nobody: what it could not reach is brought to it
                let hidden = user.is_none() && toolchain::closed(&path, &opened).is_some();
                if user.is_none() && !open(&path) {
                    closed.push(path.clone());
                }
                if !path.starts_with("/tmp") && !hidden {
                    return path.into_os_string();
                }
                // a file's folder comes with it (a script's helpers beside it), where nobody
                // may enter it; else the file alone
                let folder = match path.is_dir() {
                    true => path.clone(),
                    false => path.parent().map_or(path.clone(), Path::to_path_buf),
                };
                let whole = folder != Path::new("/tmp") && (user.is_some() || open(&folder));
                let source = if whole { &folder } else { &path };
                let place = match hidden {
                    // at the same place in the program's own /tmp
                    false => source.clone(),
                    true => {
                        let name = source.file_name().unwrap_or_default();
                        Path::new(COMMAND_PLACE).join(index.to_string()).join(name)
                    }
                };
                brought.extend(text(source).zip(text(&place)));
                match source == &path {
                    true => place.into_os_string(),
                    false => place
                        .join(path.strip_prefix(source).unwrap_or(&path))
                        .into_os_string(),
                }
            })
            .collect();
        Some(Plan {
            hidden_files: real(files),
            hidden_folders: {
                let mut folders = real(folders);
                folders.sort();
                folders.dedup();
                folders
            },
            read_only,
            brought,
            command,
            user,
            closed,
            opened: opened
                .into_iter()
                .filter_map(|(folder, children)| {
                    Some((
                        text(&folder)?,
                        children.iter().filter_map(|c| text(c)).collect(),
                    ))
                })
                .collect(),
            scratch: CString::new(format!("size={scratch},mode=1777")).expect("no NUL"),
        })
    }

    /// Whether the namespaces are made in a user namespace of the program's own (a user who is
    /// not root): then the process-ID namespace too, for this process's children.
    pub fn in_user_namespace(&self) -> bool {
        self.user.is_some()
    }

    /// Applies the plan to this process, which starts the program next. `own_pids`: this
    /// process is the first of a process-ID namespace of its own, whose `/proc` it mounts, so
    /// that the program sees no process but its own tree.
    pub fn apply(&self, own_pids: bool) -> io::Result<()> {
        let fail = |what: &str| {
            let what = what.to_string();
            move |errno: nix::errno::Errno| io::Error::other(format!("{what}: {errno}"))
        };
        let mut namespaces = CloneFlags::CLONE_NEWNS
            | CloneFlags::CLONE_NEWNET
            | CloneFlags::CLONE_NEWIPC
            | CloneFlags::CLONE_NEWUTS;
        if self.user.is_some() {
            // a user's: the process-ID namespace is its children's (see `jail::start_init`)
            namespaces |= CloneFlags::CLONE_NEWUSER | CloneFlags::CLONE_NEWPID;
        }
        unshare(namespaces).map_err(fail("unshare"))?;
        if let Some((uid, gid)) = self.user {
            // the user stays who they are inside: files they make are theirs
            fs::write("/proc/self/setgroups", "deny")?;
            fs::write("/proc/self/uid_map", format!("{uid} {uid} 1"))?;
            fs::write("/proc/self/gid_map", format!("{gid} {gid} 1"))?;
        }
        let none = None::<&str>;
        // nothing done here propagates back to the machine's mounts
        mount(none, "/", none, MsFlags::MS_REC | MsFlags::MS_PRIVATE, none)
            .map_err(fail("making / private"))?;
        for file in &self.hidden_files {
            let bound = mount(
                Some("/dev/null"),
                file.as_c_str(),
                none,
                MsFlags::MS_BIND,
                none,
            );
            match bound {
                Ok(()) | Err(nix::errno::Errno::ENOENT) => {}
                // a folder where an answer file would be (`b.out/`): covered as a folder
                Err(nix::errno::Errno::ENOTDIR) => {
                    cover(file).map_err(fail("hiding a fixture's folder"))?
                }
                Err(errno) => return Err(fail("hiding a fixture")(errno)),
            }
        }
        for folder in &self.hidden_folders {
            cover(folder).map_err(fail("hiding the cache"))?;
        }
        // each brought tree cloned before /tmp is covered (the covers over fixtures in it come
        // along) and before a toolchain's home is (a solution kept in that home), and attached
        // once the program's own /tmp and /dev are made
        let clones = self
            .brought
            .iter()
            .filter_map(|(source, place)| {
                use rustix::mount::{open_tree, OpenTreeFlags};
                let flags = OpenTreeFlags::OPEN_TREE_CLONE
                    | OpenTreeFlags::OPEN_TREE_CLOEXEC
                    | OpenTreeFlags::AT_RECURSIVE;
                // a folder covered (the cache's) or gone: nothing to bring
                let tree = open_tree(rustix::fs::CWD, source.as_c_str(), flags).ok()?;
                Some((tree, place.as_c_str()))
            })
            .collect::<Vec<_>>();
        toolchain::open(&self.opened).map_err(fail("opening the program's folder"))?;
        self.make_tmp().map_err(fail("making /tmp"))?;
        self.make_dev().map_err(fail("making /dev"))?;
        for (tree, place) in &clones {
            bring(tree, place).map_err(fail("bringing the command's folder"))?;
        }
        if own_pids {
            let flags = MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC;
            mount(Some("proc"), "/proc", Some("proc"), flags, none)
                .map_err(fail("mounting /proc"))?;
            // the descriptions of the keys the caller's keyrings hold
            for keys in ["/proc/keys", "/proc/key-users"] {
                match mount(Some("/dev/null"), keys, none, MsFlags::MS_BIND, none) {
                    Ok(()) | Err(nix::errno::Errno::ENOENT) => {}
                    Err(errno) => return Err(fail("hiding the keys")(errno)),
                }
            }
        }
        for (path, kept) in &self.read_only {
            let flags = MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_RDONLY | *kept;
            match mount(none, path.as_c_str(), none, flags, none) {
                // a mount point gone, or covered by another mount: nothing to reach there
                Ok(()) | Err(nix::errno::Errno::ENOENT | nix::errno::Errno::EINVAL) => {}
                Err(errno) => return Err(fail("making the file system read-only")(errno)),
            }
        }
        std::env::set_current_dir("/tmp")?;
        drop_capabilities(self.user.is_none())?;
        // a user's program has no cgroup to count the CPU time of children the kernel reaps:
        // on one CPU, which it cannot leave, its whole tree uses no more than the time it runs
        if self.user.is_some() {
            pin_to_one_cpu()?;
        }
        deny_calls(self.user.is_some())
    }

    /// A fresh `/tmp`, in memory.
    fn make_tmp(&self) -> nix::Result<()> {
        let scratch = Some(self.scratch.as_c_str());
        let free = MsFlags::MS_NOSUID | MsFlags::MS_NODEV;
        mount(Some("tmpfs"), "/tmp", Some("tmpfs"), free, scratch)
    }

    /// The devices bound in `/tmp` for a moment, then moved into a fresh `/dev` with the usual
    /// links and a fresh `/dev/shm`.
    fn make_dev(&self) -> nix::Result<()> {
        let scratch = Some(self.scratch.as_c_str());
        let free = MsFlags::MS_NOSUID | MsFlags::MS_NODEV;
        let none = None::<&str>;
        for device in DEVICES {
            let staged = format!("/tmp/.eight-{device}");
            fs::File::create(&staged).map_err(|_| nix::errno::Errno::EIO)?;
            mount(
                Some(format!("/dev/{device}").as_str()),
                staged.as_str(),
                none,
                MsFlags::MS_BIND,
                none,
            )?;
        }
        let dev_options = Some("size=64k,mode=0755");
        mount(
            Some("tmpfs"),
            "/dev",
            Some("tmpfs"),
            MsFlags::MS_NOSUID | MsFlags::MS_NOEXEC,
            dev_options,
        )?;
        for device in DEVICES {
            let (staged, placed) = (format!("/tmp/.eight-{device}"), format!("/dev/{device}"));
            fs::File::create(&placed).map_err(|_| nix::errno::Errno::EIO)?;
            mount(
                Some(staged.as_str()),
                placed.as_str(),
                none,
                MsFlags::MS_MOVE,
                none,
            )?;
            let _ = fs::remove_file(&staged);
        }
        for (link, target) in [
            ("fd", "/proc/self/fd"),
            ("stdin", "/proc/self/fd/0"),
            ("stdout", "/proc/self/fd/1"),
            ("stderr", "/proc/self/fd/2"),
        ] {
            std::os::unix::fs::symlink(target, format!("/dev/{link}"))
                .map_err(|_| nix::errno::Errno::EIO)?;
        }
        fs::create_dir("/dev/shm").map_err(|_| nix::errno::Errno::EIO)?;
        mount(Some("tmpfs"), "/dev/shm", Some("tmpfs"), free, scratch)?;
        let flags = MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_RDONLY;
        mount(
            none,
            "/dev",
            none,
            flags | MsFlags::MS_NOSUID | MsFlags::MS_NOEXEC,
            none,
        )
    }
}

/// Every capability out of every set, and no exec that grants any: root's program is then an
/// ordinary process that can neither mount nor pass a permission check by privilege; and, where
/// `become_nobody`, of uid and gid [`NOBODY`] with no supplementary group, so that root's own
/// files (`/etc/shadow`, a home folder) are as closed to it as to any user.
fn drop_capabilities(become_nobody: bool) -> io::Result<()> {
    use caps::CapSet;
    use nix::unistd::{setgroups, setresgid, setresuid, Gid, Uid};
    let lost = |error: caps::errors::CapsError| io::Error::other(error.to_string());
    // the bounding set first, while CAP_SETPCAP is still held
    for capability in caps::all() {
        caps::drop(None, CapSet::Bounding, capability).map_err(lost)?;
    }
    if become_nobody {
        let (uid, gid) = (Uid::from_raw(NOBODY), Gid::from_raw(NOBODY));
        let fail = |what: &'static str| move |errno| io::Error::other(format!("{what}: {errno}"));
        setgroups(&[]).map_err(fail("nobody: dropping the groups"))?;
        setresgid(gid, gid, gid).map_err(fail("nobody: its group"))?;
        setresuid(uid, uid, uid).map_err(fail("nobody: its user"))?;
    }
    for set in [
        CapSet::Ambient,
        CapSet::Inheritable,
        CapSet::Effective,
        CapSet::Permitted,
    ] {
        caps::clear(None, set).map_err(lost)?;
    }
    nix::sys::prctl::set_no_new_privs().map_err(io::Error::from)
}

/// Whether [`NOBODY`] can read `path` (and search it, a folder).
fn open(path: &Path) -> bool {
    match path.is_dir() {
        true => allows(path, 0o5),
        false => allows(path, 0o4),
    }
}

/// This process, and all it starts, on one CPU of those it may use (the first).
fn pin_to_one_cpu() -> io::Result<()> {
    use nix::sched::{sched_getaffinity, sched_setaffinity, CpuSet};
    use nix::unistd::Pid;
    let fail = |errno| io::Error::other(format!("{ONE_CPU_LAYER}: {errno}"));
    let allowed = sched_getaffinity(Pid::from_raw(0)).map_err(fail)?;
    let first = (0..CpuSet::count())
        .find(|&cpu| allowed.is_set(cpu).unwrap_or(false))
        .ok_or_else(|| io::Error::other(format!("{ONE_CPU_LAYER}: no CPU")))?;
    let mut one = CpuSet::new();
    one.set(first).map_err(fail)?;
    sched_setaffinity(Pid::from_raw(0), &one).map_err(fail)
}

/// A system-call filter on this process and all it starts (`no_new_privs` is set): the
/// keyrings' calls and those that make System V IPC objects fail with `EPERM`, and where
/// `pinned`, the call that would leave one CPU; every other call is let through.
fn deny_calls(pinned: bool) -> io::Result<()> {
    use seccompiler::{SeccompAction, SeccompFilter};
    fn failed(error: impl std::fmt::Display) -> io::Error {
        io::Error::other(format!("no-keyrings: {error}"))
    }
    let arch = std::env::consts::ARCH.try_into().map_err(failed)?;
    let pinning = [nix::libc::SYS_sched_setaffinity];
    let rules = KEYRING_CALLS
        .iter()
        .chain(&SYSV_IPC_CALLS)
        .chain(pinning.iter().filter(|_| pinned))
        .map(|&call| (call, Vec::new()))
        .collect();
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(nix::errno::Errno::EPERM as u32),
        arch,
    )
    .map_err(failed)?;
    let program: seccompiler::BpfProgram = filter.try_into().map_err(failed)?;
    seccompiler::apply_filter(&program).map_err(failed)
}
