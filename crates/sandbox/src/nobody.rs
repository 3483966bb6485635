//! Whom root's program runs as, and what it may read: the jail's plan (`confine.rs`) and
//! the toolchain it follows (`toolchain.rs`) both ask, neither of the other.

use std::fs;
use std::path::Path;

/// Whom root's program runs as: the overflow user and group, which own nothing of the machine's.
pub const NOBODY: u32 = 65534;

/// Whether [`NOBODY`] has every permission of `wanted` (others' bits: `0o4` read, `0o1`
/// search) on `path`, as its owner, its group or anyone.
pub fn allows(path: &Path, wanted: u32) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = fs::metadata(path) else {
        return false;
    };
    let shift = match (meta.uid() == NOBODY, meta.gid() == NOBODY) {
        (true, _) => 6,
        (false, true) => 3,
        (false, false) => 0,
    };
    (meta.mode() >> shift) & wanted == wanted
}
