//! How much memory a run's whole tree holds, counted two ways.
//!
//! Where a memory cgroup can be made (cgroup v1's `memory` controller, as root here), the
//! program is born in a group of its own under the supervisor's, with the limit set on it: the
//! kernel charges every page the tree touches to it (anonymous memory, shared memory, memfds
//! and tmpfs files alike, mapped or not), reports the peak, and kills the tree past the limit.
//! That is what the trusted judges do (isolate, DOMjudge's runguard).
//!
//! Elsewhere the tree is sampled from `/proc`: each process's proportional set size (a page
//! shared by n processes counts 1/n in each, so 150 idle shells are not 150 shells' worth),
//! its shared memory aside, plus every shared-memory object (a memfd, a file of `/dev/shm`)
//! that a process of the tree holds open, counted once whether or not it is mapped: a memfd
//! of 2 GiB that no one maps is memory all the same.

use std::collections::HashSet;
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;

/// A memory cgroup of the run's own, removed when dropped.
pub struct Cgroup {
    path: PathBuf,
    /// The group the supervisor came from, to go back to.
    home: PathBuf,
}

impl Cgroup {
    /// A new group under this process's own memory cgroup, limited to `limit` bytes, with this
    /// process moved into it (so that what it starts next is born there); `None` where no group
    /// can be made (not root, no cgroup v1 memory controller).
    pub fn enter(limit: u64) -> Option<Cgroup> {
        let own = fs::read_to_string("/proc/self/cgroup").ok()?;
        let relative = own.lines().find_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
            controllers
                .split(',')
                .any(|c| c == "memory")
                .then(|| path.trim_start_matches('/').to_string())
        })?;
        let home = PathBuf::from("/sys/fs/cgroup/memory").join(relative);
        remove_stale(&home);
        let path = home.join(format!("{STAGE}{}", std::process::id()));
        fs::create_dir(&path).ok()?;
        let group = Cgroup { path, home };
        let limit = limit.to_string();
        group.write("memory.limit_in_bytes", &limit)?;
        // where swap is counted, it counts against the same limit (absent without swap)
        let _ = group.write("memory.memsw.limit_in_bytes", &limit);
        group.write("cgroup.procs", &std::process::id().to_string())?;
        Some(group)
    }

    fn write(&self, name: &str, value: &str) -> Option<()> {
        fs::write(self.path.join(name), value).ok()
    }

    fn read(&self, name: &str) -> Option<String> {
        fs::read_to_string(self.path.join(name)).ok()
    }

    /// Moves this process back to the group it came from, leaving what it started in this one.
    pub fn leave(&self) -> bool {
        let me = std::process::id().to_string();
        fs::write(self.home.join("cgroup.procs"), me).is_ok()
    }

    /// The memory charged to the group now, in KiB.
    pub fn usage_kib(&self) -> u64 {
        self.number("memory.usage_in_bytes") / 1024
    }

    /// The most memory ever charged to the group, in KiB.
    pub fn peak_kib(&self) -> u64 {
        self.number("memory.max_usage_in_bytes") / 1024
    }

    /// Whether the kernel killed a process of the group for passing the limit.
    pub fn killed_for_memory(&self) -> bool {
        self.read("memory.oom_control").is_some_and(|control| {
            control.lines().any(|line| {
                line.strip_prefix("oom_kill ")
                    .and_then(|n| n.trim().parse::<u64>().ok())
                    .is_some_and(|kills| kills > 0)
            })
        })
    }

    fn number(&self, name: &str) -> u64 {
        self.read(name)
            .and_then(|text| text.trim().parse().ok())
            .unwrap_or(0)
    }
}

/// How the name of a run's group begins; the supervisor's process id follows.
const STAGE: &str = "eight-run-";

/// Removes the groups in `home` of supervisors that are gone (killed by their program, so that
/// no drop removed their group); a group still holding a process stays.
fn remove_stale(home: &std::path::Path) {
    let Ok(entries) = fs::read_dir(home) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(STAGE)) else {
            continue;
        };
        if !std::path::Path::new("/proc").join(pid).exists() {
            let _ = fs::remove_dir(entry.path());
        }
    }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        // the tree is dead by now: an empty group can go (its charges pass to its parent)
        let _ = fs::remove_dir(&self.path);
    }
}

/// The memory of the processes `pids`, in KiB, sampled from `/proc`: the sum of their
/// proportional set sizes without shared memory, plus the larger of their shared memory's
/// proportional sizes and the shared-memory objects they hold open, each counted once.
pub fn sampled_kib(pids: &[u32]) -> u64 {
    let mut private = 0;
    let mut shared_mapped = 0;
    let mut objects = HashSet::new();
    let mut held = 0;
    for &pid in pids {
        let (pss, shmem) = proportional_kib(pid);
        private += pss.saturating_sub(shmem);
        shared_mapped += shmem;
        let Ok(fds) = fs::read_dir(format!("/proc/{pid}/fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            let Ok(target) = fs::read_link(fd.path()) else {
                continue;
            };
            let text = target.to_string_lossy();
            if !(text.starts_with("/memfd:") || text.starts_with("/dev/shm/")) {
                continue;
            }
            if let Ok(meta) = fs::metadata(fd.path()) {
                if objects.insert((meta.dev(), meta.ino())) {
                    held += meta.blocks() * 512 / 1024;
                }
            }
        }
    }
    private + shared_mapped.max(held)
}

/// The proportional set size of `pid` and its shared-memory part, in KiB (`smaps_rollup`;
/// the resident size, none shared, where that file is missing; 0 once it is gone).
fn proportional_kib(pid: u32) -> (u64, u64) {
    let field = |text: &str, name: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
    };
    if let Ok(rollup) = fs::read_to_string(format!("/proc/{pid}/smaps_rollup")) {
        if let Some(pss) = field(&rollup, "Pss:") {
            return (pss, field(&rollup, "Pss_Shmem:").unwrap_or(0));
        }
    }
    let resident = fs::read_to_string(format!("/proc/{pid}/statm"))
        .ok()
        .and_then(|statm| statm.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4);
    (resident, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_is_sampled_above_nothing() {
        assert!(sampled_kib(&[std::process::id()]) > 0);
        assert_eq!(sampled_kib(&[]), 0);
    }

    #[test]
    fn a_memfd_no_one_maps_is_counted_once_while_it_is_held() {
        use std::io::Write;
        let me = [std::process::id()];
        let before = sampled_kib(&me);
        let name = c"eight-test";
        let fd = nix::sys::memfd::memfd_create(name, nix::sys::memfd::MFdFlags::empty())
            .expect("a memfd");
        let mut file = fs::File::from(fd);
        let chunk = vec![7u8; 1 << 20];
        for _ in 0..64 {
            file.write_all(&chunk).expect("write");
        }
        // held twice: counted once
        let again = file.try_clone().expect("dup");
        let held = sampled_kib(&me);
        assert!(
            held >= before + 60 * 1024 && held < before + 100 * 1024,
            "{before} KiB, then {held} KiB"
        );
        drop((file, again));
        assert!(sampled_kib(&me) < before + 32 * 1024);
    }
}
