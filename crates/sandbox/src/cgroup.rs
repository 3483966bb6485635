//! The run's control groups (cgroup v1), one per controller that can be had: `memory` (the
//! tree's peak and its limit, every page it touches charged, shared memory and memfds
//! included), `pids` (a cap on the tree's processes and threads) and `cpuacct` (the CPU time
//! of the whole tree, threads and exited children included, in nanoseconds). Each is a group of
//! the run's own under the supervisor's, made where this process may (root); the jail moves
//! itself in just before the program is born, so that the program is born there: then the
//! kernel counts and limits, not a sampler. Where a controller cannot be had, the supervisor samples
//! `/proc` instead (the `memory` module, [`super::processes`]).
//!
//! cgroup v2 is not handled: this kind of machine mounts its controllers as v1, and code for a
//! hierarchy that cannot be tried here would be a guess.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The controllers a run uses, by their names in `/proc/self/cgroup`.
const MEMORY: &str = "memory";
const PIDS: &str = "pids";
const CPU: &str = "cpuacct";

/// How the name of a run's group begins; the supervisor's process id follows.
const STAGE: &str = "eight-run-";

/// One controller's group of the run's own, removed when dropped.
struct Group {
    path: PathBuf,
    /// The group the supervisor came from, to go back to.
    home: PathBuf,
}

/// The run's groups: each `None` where that controller could not be had.
pub struct Groups {
    memory: Option<Group>,
    pids: Option<Group>,
    cpu: Option<Group>,
}

impl Groups {
    /// Makes a group per controller under this process's own, with the limits set (`memory`
    /// bytes, `processes`).
    pub fn make(memory: u64, processes: u64) -> Groups {
        let mounts = fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
        let own = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
        let make = |controller: &str, settings: &[(&str, String)]| {
            let group = Group::make(&mounts, &own, controller)?;
            for (name, value) in settings {
                group.write(name, value)?;
            }
            Some(group)
        };
        let memory_group = make(MEMORY, &[("memory.limit_in_bytes", memory.to_string())]);
        if let Some(group) = &memory_group {
            // where swap is counted, it counts against the same limit (absent without swap)
            let _ = group.write("memory.memsw.limit_in_bytes", &memory.to_string());
        }
        Groups {
            memory: memory_group,
            pids: make(PIDS, &[("pids.max", processes.to_string())]),
            cpu: make(CPU, &[]),
        }
    }

    /// The names of the layers in force, for the report.
    pub fn layers(&self) -> Vec<&'static str> {
        [
            (self.memory.is_some(), "cgroup-memory"),
            (self.pids.is_some(), "cgroup-pids"),
            (self.cpu.is_some(), "cgroup-cpu"),
        ]
        .into_iter()
        .filter_map(|(held, name)| held.then_some(name))
        .collect()
    }

    /// Whether memory is counted by the kernel (else it is sampled).
    pub fn counts_memory(&self) -> bool {
        self.memory.is_some()
    }

    /// Whether CPU time is counted by the kernel (else it is sampled).
    pub fn counts_cpu(&self) -> bool {
        self.cpu.is_some()
    }

    /// Each group's `cgroup.procs` and its home's: where the jail writes itself to be in the
    /// run's groups when the program is born, and to leave them after.
    pub fn doors(&self) -> Vec<(PathBuf, PathBuf)> {
        [&self.memory, &self.pids, &self.cpu]
            .into_iter()
            .flatten()
            .map(|g| (g.path.join("cgroup.procs"), g.home.join("cgroup.procs")))
            .collect()
    }

    /// Starts the peak memory and the CPU time afresh, from what the tree holds now: what the
    /// jail did before it became the program is not the program's.
    pub fn reset(&self) {
        if let Some(group) = &self.memory {
            let _ = group.write("memory.max_usage_in_bytes", "0");
        }
        if let Some(group) = &self.cpu {
            let _ = group.write("cpuacct.usage", "0");
        }
    }

    /// The memory charged to the tree now, in KiB (0 without the controller).
    pub fn memory_kib(&self) -> u64 {
        self.memory
            .as_ref()
            .map_or(0, |g| g.number("memory.usage_in_bytes") / 1024)
    }

    /// The most memory ever charged to the tree, in KiB (0 without the controller).
    pub fn peak_kib(&self) -> u64 {
        self.memory
            .as_ref()
            .map_or(0, |g| g.number("memory.max_usage_in_bytes") / 1024)
    }

    /// Whether the kernel killed a process of the tree for passing the memory limit.
    pub fn killed_for_memory(&self) -> bool {
        let control = self
            .memory
            .as_ref()
            .and_then(|g| g.read("memory.oom_control"));
        control.is_some_and(|control| field(&control, "oom_kill ") > 0)
    }

    /// The CPU time of the whole tree so far, exited processes included, if it is counted.
    pub fn cpu_time(&self) -> Option<Duration> {
        let group = self.cpu.as_ref()?;
        Some(Duration::from_nanos(group.number("cpuacct.usage")))
    }

    /// How many times the tree was refused a new process or thread for the cap.
    pub fn refused_forks(&self) -> u64 {
        let events = self.pids.as_ref().and_then(|g| g.read("pids.events"));
        events.map_or(0, |events| field(&events, "max "))
    }
}

/// The number after `name` at a line's start in `text` (0 if there is none).
fn field(text: &str, name: &str) -> u64 {
    text.lines()
        .find_map(|line| line.strip_prefix(name))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0)
}

impl Group {
    /// A new group for `controller` under this process's own: its hierarchy's mount point from
    /// `mounts` (`/proc/self/mountinfo`), its own place in it from `own` (`/proc/self/cgroup`).
    fn make(mounts: &str, own: &str, controller: &str) -> Option<Group> {
        let mount = mounts.lines().find_map(|line| {
            let (left, right) = line.split_once(" - ")?;
            let mut kind = right.split_whitespace();
            let (fstype, _, options) = (kind.next()?, kind.next()?, kind.next()?);
            let serves = fstype == "cgroup" && options.split(',').any(|o| o == controller);
            serves.then(|| left.split_whitespace().nth(4).map(PathBuf::from))?
        })?;
        let relative = own.lines().find_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
            controllers
                .split(',')
                .any(|c| c == controller)
                .then(|| path.trim_start_matches('/').to_string())
        })?;
        let home = mount.join(relative);
        remove_stale(&home);
        let path = home.join(format!("{STAGE}{}", std::process::id()));
        fs::create_dir(&path).ok()?;
        Some(Group { path, home })
    }

    fn write(&self, name: &str, value: &str) -> Option<()> {
        fs::write(self.path.join(name), value).ok()
    }

    fn read(&self, name: &str) -> Option<String> {
        fs::read_to_string(self.path.join(name)).ok()
    }

    fn number(&self, name: &str) -> u64 {
        self.read(name)
            .and_then(|text| text.trim().parse().ok())
            .unwrap_or(0)
    }
}

/// Removes the groups in `home` of supervisors that are gone (killed by their program, so that
/// no drop removed their group); a group still holding a process stays.
fn remove_stale(home: &Path) {
    let Ok(entries) = fs::read_dir(home) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(STAGE)) else {
            continue;
        };
        if !Path::new("/proc").join(pid).exists() {
            let _ = fs::remove_dir(entry.path());
        }
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        // the tree is dead by now: an empty group can go (its charges pass to its parent)
        let _ = fs::remove_dir(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_controller_s_hierarchy_and_reads_its_counters() {
        let mounts =
            "33 31 0:30 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct\n\
                      41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
        // no such folder here: no group, and no panic
        assert!(Group::make(mounts, "2:cpu,cpuacct:/nowhere-eight-test", CPU).is_none());
        assert!(Group::make(mounts, "4:memory:/", MEMORY).is_none());
        assert_eq!(field("oom_kill_disable 0\noom_kill 3\n", "oom_kill "), 3);
        assert_eq!(field("max 17\n", "max "), 17);
        assert_eq!(field("", "max "), 0);
    }
}
