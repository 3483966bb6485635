//! What a query cost: boards expanded and generated, the largest frontier, and the time, the
//! same measure for every algorithm so that `--stats` can compare them.

use std::time::Duration;

use serde::Serialize;

/// What a search did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize)]
pub struct Stats {
    /// Boards taken from the frontier and expanded.
    pub expanded: u64,
    /// Boards generated as neighbours.
    pub generated: u64,
    /// The largest frontier (open list, queue or depth-first stack).
    pub peak_frontier: u64,
    /// Wall-clock time; in JSON `time_us`, microseconds, the unit in the name as the judge's
    /// `cpu_ms` has it.
    #[serde(rename = "time_us", serialize_with = "micros")]
    pub time: Duration,
}

pub(crate) fn micros<S: serde::Serializer>(
    time: &Duration,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_u64(time.as_micros() as u64)
}
