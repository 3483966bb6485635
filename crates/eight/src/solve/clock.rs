//! The time a search took, where the platform has a clock to read. WebAssembly in a browser
//! (`wasm32-unknown-unknown`) has none the standard library can reach: `Instant::now` panics
//! there. So there every search reports no time, and the lab's page times its searches itself
//! (`performance.now()` around each call).

use std::time::Duration;

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
type Began = std::time::Instant;
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
type Began = ();

/// When a search began.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock(Began);

impl Clock {
    /// Now.
    pub(crate) fn start() -> Clock {
        #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
        return Clock(std::time::Instant::now());
        #[cfg(all(target_family = "wasm", target_os = "unknown"))]
        return Clock(());
    }

    /// The time since [`Clock::start`]: zero where there is no clock.
    pub(crate) fn elapsed(&self) -> Duration {
        #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
        return self.0.elapsed();
        #[cfg(all(target_family = "wasm", target_os = "unknown"))]
        return Duration::ZERO;
    }
}
