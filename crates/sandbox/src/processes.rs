//! The process tree under a process, read from `/proc`: each process's parent, a root's
//! descendants, zombies, the peak resident memory the kernel counted and the CPU time spent.

use std::collections::HashMap;
use std::fs;

/// Whether `pid` has exited and waits to be reaped.
pub(super) fn is_zombie(pid: u32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            stat.rsplit_once(')')
                .map(|(_, rest)| rest.trim_start().starts_with('Z'))
        })
        .unwrap_or(false)
}

/// Every process's parent, from `/proc`.
pub(super) fn parents() -> HashMap<u32, u32> {
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
pub(super) fn descendants(parents: &HashMap<u32, u32>, root: u32) -> Vec<u32> {
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
pub(super) fn peak_kib(pid: u32) -> u64 {
    fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse().ok()
        })
        .unwrap_or(0)
}

/// The CPU time (user and system) of `pids` and of the children each has reaped, from
/// `/proc/PID/stat`, in clock ticks (100 a second on Linux); 0 for a process gone.
pub(super) fn cpu_ticks(pids: &[u32]) -> u64 {
    pids.iter()
        .filter_map(|pid| fs::read_to_string(format!("/proc/{pid}/stat")).ok())
        .map(|stat| {
            // after the command's `)`: state is field 3; utime, stime, cutime, cstime 14 to 17
            stat.rsplit_once(')').map_or(0, |(_, rest)| {
                rest.split_whitespace()
                    .skip(11)
                    .take(4)
                    .filter_map(|field| field.parse::<u64>().ok())
                    .sum()
            })
        })
        .sum()
}
