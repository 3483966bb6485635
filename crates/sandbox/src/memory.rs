//! How much memory a run's whole tree holds where no memory cgroup can be had (the `cgroup`
//! module is the first choice, as in isolate and DOMjudge's runguard), sampled from `/proc`: each process's proportional set size (a page
//! shared by n processes counts 1/n in each, so 150 idle shells are not 150 shells' worth),
//! its shared memory aside, plus every shared-memory object (a memfd, a file of `/dev/shm`)
//! that a process of the tree holds open, counted once whether or not it is mapped: a memfd
//! of 2 GiB that no one maps is memory all the same.

use std::collections::HashSet;
use std::fs;
use std::os::unix::fs::MetadataExt;

/// The memory of the processes `pids`, in KiB, sampled from `/proc`: the sum of their
/// proportional set sizes without shared memory, plus the larger of their shared memory's
/// proportional sizes and the shared-memory objects they hold open, each counted once. Where
/// the program has a `/tmp` and a `/dev/shm` of its own (in memory), what their files hold
/// counts too, open or closed (`scratch`, from [`scratch_kib`]), in place of the open files of
/// `/dev/shm`.
pub fn sampled_kib(pids: &[u32], scratch: Option<u64>) -> u64 {
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
            let shm = text.starts_with("/dev/shm/") && scratch.is_none();
            if !(text.starts_with("/memfd:") || shm) {
                continue;
            }
            if let Ok(meta) = fs::metadata(fd.path()) {
                if objects.insert((meta.dev(), meta.ino())) {
                    held += meta.blocks() * 512 / 1024;
                }
            }
        }
    }
    private + shared_mapped.max(held + scratch.unwrap_or(0))
}

/// What the files of the program's own `/tmp` and `/dev/shm` hold, in KiB, read through the
/// first of `pids` whose root can be reached (`/proc/PID/root`, the program's view); `None`
/// where none can.
pub fn scratch_kib(pids: &[u32]) -> Option<u64> {
    pids.iter().find_map(|pid| {
        let used = |place: &str| {
            let stat =
                nix::sys::statvfs::statvfs(format!("/proc/{pid}/root{place}").as_str()).ok()?;
            Some((stat.blocks() - stat.blocks_free()) * stat.fragment_size() / 1024)
        };
        Some(used("/tmp")? + used("/dev/shm")?)
    })
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
        assert!(sampled_kib(&[std::process::id()], None) > 0);
        assert_eq!(sampled_kib(&[], None), 0);
    }

    #[test]
    fn a_memfd_no_one_maps_is_counted_once_while_it_is_held() {
        use std::io::Write;
        let me = [std::process::id()];
        let before = sampled_kib(&me, None);
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
        let held = sampled_kib(&me, None);
        assert!(
            held >= before + 60 * 1024 && held < before + 100 * 1024,
            "{before} KiB, then {held} KiB"
        );
        drop((file, again));
        // let go: its 64 MiB no longer counted (measured from the held figure, not from the
        // first one, which the other tests' processes sharing this binary's pages move by some MiB)
        let after = sampled_kib(&me, None);
        assert!(
            after + 32 * 1024 < held,
            "{held} KiB held, then {after} KiB"
        );
    }
}
