//! What a supervisor tells the judge: the layers made as soon as the program started, then its
//! account of the run (how it ended, its time and memory, the lengths of its output) and the
//! output itself, read into one buffer of the size announced.

use super::*;

/// What the supervisor says as soon as the program has started: the layers it made. A report
/// lost later (the supervisor killed) still has them.
#[derive(Serialize, Deserialize, Debug)]
pub(super) struct Made {
    pub(super) made: Vec<String>,
}

/// What the supervisor reports, as its first line (after [`Made`], once the program started).
#[derive(Serialize, Deserialize, Debug)]
pub(super) struct Account {
    pub(super) ended: Ended,
    pub(super) elapsed_us: u64,
    pub(super) cpu_us: u64,
    pub(super) peak_kib: u64,
    /// The layers in force.
    pub(super) sandbox: Vec<String>,
    /// Why the namespaces are not among them, where they were tried and failed.
    pub(super) unconfined: Option<String>,
    /// How many new processes the cap refused.
    pub(super) refused_forks: u64,
    pub(super) stdout_len: u64,
    pub(super) stderr_len: u64,
    /// Why the program could not start, if it could not.
    pub(super) failed_to_start: Option<String>,
    /// The layer that could not be had, and why, where the run was refused for it.
    pub(super) refused: Option<String>,
}

impl Account {
    /// The report of a run whose program never started: it `failed` to, or the run was
    /// `refused` for a layer that could not be had.
    pub(super) fn not_run(failed: Option<String>, refused: Option<String>) -> Account {
        Account {
            ended: Ended::Exited(127),
            elapsed_us: 0,
            cpu_us: 0,
            peak_kib: 0,
            sandbox: Vec::new(),
            unconfined: None,
            refused_forks: 0,
            stdout_len: 0,
            stderr_len: 0,
            failed_to_start: failed,
            refused,
        }
    }
}

/// Reads a supervisor's report: its first line, then as many bytes as it announces (at most
/// `cap`), into one buffer of that size, so that a large output is held once.
pub(super) fn read_report(stream: &mut impl Read, cap: usize) -> Vec<u8> {
    let mut report = Vec::new();
    let mut byte = [0u8];
    let mut line = |report: &mut Vec<u8>| {
        let from = report.len();
        while report.len() - from < 4096 && stream.read_exact(&mut byte).is_ok() {
            report.push(byte[0]);
            if byte[0] == b'\n' {
                break;
            }
        }
        from
    };
    // the layers made come first, once the program started; then the account
    let from = line(&mut report);
    let from = match serde_json::from_slice::<Made>(report[from..].trim_ascii_end()) {
        Ok(_) => line(&mut report),
        Err(_) => from,
    };
    let report_head = &report[from..];
    let body = serde_json::from_slice::<Account>(report_head.trim_ascii_end())
        .map_or(0, |head| (head.stdout_len + head.stderr_len) as usize);
    report.reserve_exact(body.min(cap));
    let _ = stream.take(body.min(cap) as u64).read_to_end(&mut report);
    report
}

/// The run described by a supervisor's report; a run without one was lost. The output is
/// kept where it was read, not copied.
pub(super) fn parse_report(mut report: Vec<u8>, elapsed: Duration) -> Run {
    // the layers said when the program started, if they were
    let mut made = None;
    if let Some(newline) = report.iter().position(|&b| b == b'\n') {
        if let Ok(said) = serde_json::from_slice::<Made>(&report[..newline]) {
            made = Some(said.made);
            report.drain(..=newline);
        }
    }
    let lost = Run {
        ended: Ended::Lost,
        stdout: Vec::new(),
        stderr_tail: Vec::new(),
        elapsed,
        cpu: Duration::ZERO,
        peak_kib: 0,
        sandbox: made.clone().unwrap_or_default(),
        made: made.is_some(),
        unconfined: None,
        refused_forks: 0,
        failed_to_start: None,
        refused: None,
    };
    let Some(newline) = report.iter().position(|&b| b == b'\n') else {
        return lost;
    };
    let Ok(head) = serde_json::from_slice::<Account>(&report[..newline]) else {
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
        cpu: Duration::from_micros(head.cpu_us),
        peak_kib: head.peak_kib,
        sandbox: head.sandbox,
        unconfined: head.unconfined,
        refused_forks: head.refused_forks,
        failed_to_start: head.failed_to_start,
        refused: head.refused,
        made: true,
    }
}
