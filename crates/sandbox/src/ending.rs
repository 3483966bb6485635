//! How a run ends, on the supervisor's side: the program's exit read as an [`Ended`], every
//! descendant killed and reaped, the CPU time of the reaped, and the program's output read to
//! its end within its caps.

use std::io::Read;
use std::process::ExitStatus;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use nix::sys::signal::{kill, killpg, Signal};
use nix::sys::wait::{waitpid, WaitPidFlag};
use nix::unistd::Pid;

use super::processes::{descendants, is_zombie, parents};
use super::Ended;

/// A clock tick of `/proc/PID/stat`'s times.
pub(super) const TICK: Duration = Duration::from_millis(10);

/// The CPU time of the children this process has reaped, with all they reaped.
pub(super) fn reaped_cpu() -> Duration {
    use nix::sys::resource::{getrusage, UsageWho};
    getrusage(UsageWho::RUSAGE_CHILDREN).map_or(Duration::ZERO, |usage| {
        let time = |t: nix::sys::time::TimeVal| {
            Duration::new(t.tv_sec().max(0) as u64, t.tv_usec().max(0) as u32 * 1000)
        };
        time(usage.user_time()) + time(usage.system_time())
    })
}

pub(super) fn ended_by(status: ExitStatus) -> Ended {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => Ended::Exited(code),
        (None, Some(signal)) => Ended::Signaled(signal),
        (None, None) => Ended::Exited(-1),
    }
}

/// Kills the program's process group and every descendant of `me`, reaping them, until none
/// is left: the subreaper brings every orphan back here, so the tree cannot hide.
pub(super) fn kill_tree(me: u32, program: u32) {
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
pub(super) fn read_capped(mut stream: impl Read, cap: u64, over: &AtomicBool) -> Vec<u8> {
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
pub(super) fn read_tail(mut stream: impl Read, keep: usize) -> Vec<u8> {
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
