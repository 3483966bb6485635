//! The CPU time and memory a file runs under: `-t` and `-m` where given, else the test's own
//! (cph's `timeLimit` and `memoryLimit`), else the judge's statement's, else eight's defaults;
//! and the words that say, in the verdict, which were not the user's own.

use std::time::Duration;

use crate::cli::fixtures::OwnLimits;
use eight_app::record::RunLimits;

use super::super::quantities::{shown_size, trimmed_number};
use super::Options;

/// The CPU time limit of a file when neither `-t`, its test nor its judge gives one.
pub(super) const TIME_LIMIT: Duration = Duration::from_secs(1);

/// The memory limit of a file when neither `-m`, its test nor its judge gives one.
pub(super) const MEMORY_LIMIT: u64 = 256 << 20;

/// The limits a file runs under, and where they came from.
pub(super) struct Chosen {
    /// CPU time.
    pub(super) cpu: Duration,
    /// Memory, in bytes.
    pub(super) memory: u64,
    /// What the verdict says of them (`  the test's limits: 5 s, 512 MiB`), or nothing when
    /// every one is the user's or eight's default.
    pub(super) said: String,
    /// Them and their sources, for `--json`.
    pub(super) record: RunLimits,
}

/// Where a limit came from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    /// `-t` or `-m`: not said.
    Flag,
    /// The test file's own.
    Test,
    /// The judge's statement.
    Judge,
    /// eight's own: not said.
    Default,
}

impl Source {
    /// Its name in `--json`.
    fn name(self) -> &'static str {
        match self {
            Source::Flag => "option",
            Source::Test => "test",
            Source::Judge => "judge",
            Source::Default => "default",
        }
    }
}

impl Options {
    /// The limits of a file whose test gives itself `own`.
    pub(super) fn limits_of(&self, own: &OwnLimits) -> Chosen {
        let stated = self.judge.limits;
        let (cpu, cpu_from) = match (self.time_limit, own.time_ms, stated) {
            (Some(time), ..) => (time, Source::Flag),
            (None, Some(ms), _) => (Duration::from_millis(ms), Source::Test),
            (None, None, Some(stated)) => (Duration::from_millis(stated.cpu_ms), Source::Judge),
            (None, None, None) => (TIME_LIMIT, Source::Default),
        };
        let (memory, memory_from) = match (self.memory_limit, own.memory_mib, stated) {
            (Some(bytes), ..) => (bytes, Source::Flag),
            (None, Some(mib), _) => (mib << 20, Source::Test),
            (None, None, Some(stated)) => (stated.memory_mib << 20, Source::Judge),
            (None, None, None) => (MEMORY_LIMIT, Source::Default),
        };
        let time = format!("{} s", trimmed_number(cpu.as_secs_f64()));
        let mut parts: Vec<String> = Vec::new();
        for source in [Source::Test, Source::Judge] {
            let held: Vec<String> = [(cpu_from, time.clone()), (memory_from, shown_size(memory))]
                .into_iter()
                .filter(|(from, _)| *from == source)
                .map(|(_, shown)| shown)
                .collect();
            if held.is_empty() {
                continue;
            }
            let whose = match (source, parts.is_empty()) {
                (Source::Test, _) => "the test's limits".to_string(),
                (_, true) => format!("{} {}'s limits", self.judge.site, self.judge.number),
                (_, false) => format!("{} {}'s", self.judge.site, self.judge.number),
            };
            parts.push(format!("{whose}: {}", held.join(", ")));
        }
        Chosen {
            cpu,
            memory,
            said: match parts.is_empty() {
                true => String::new(),
                false => format!("  {}", parts.join("; ")),
            },
            record: RunLimits {
                cpu_ms: cpu.as_millis() as u64,
                cpu_from: cpu_from.name(),
                memory_mib: memory >> 20,
                memory_from: memory_from.name(),
            },
        }
    }
}
