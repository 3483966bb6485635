//! The mounts a plan makes and reads: a folder covered by an empty file system, a place of the
//! machine's `/tmp` brought in read-only, and the machine's mount points with the flags a
//! read-only remount must keep.

use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use nix::mount::{mount, MsFlags};

/// Whether the plan gives `path` a file system of its own (or covers it), so that the
/// machine's mount there is not the program's to see.
pub(super) fn covered(path: &Path) -> bool {
    path.starts_with("/dev") || path.starts_with("/tmp")
}

/// Covers `folder` with an empty file system that cannot be written.
pub(super) fn cover(folder: &std::ffi::CStr) -> nix::Result<()> {
    let sealed = MsFlags::MS_RDONLY | MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC;
    let options = Some("size=4k,mode=0555");
    mount(Some("tmpfs"), folder, Some("tmpfs"), sealed, options)
}

/// Attaches `tree` (a detached clone of a place in the machine's `/tmp`) at `place` in the program's
/// `/tmp`, read-only: a folder, or a file alone.
pub(super) fn bring(tree: &std::os::fd::OwnedFd, place: &std::ffi::CStr) -> nix::Result<()> {
    use rustix::fs::{fstat, FileType};
    use rustix::mount::{move_mount, MoveMountFlags};
    let errno = |error: rustix::io::Errno| nix::errno::Errno::from_raw(error.raw_os_error());
    let at = Path::new(std::ffi::OsStr::from_bytes(place.to_bytes()));
    let made = match fstat(tree).map_err(errno)? {
        stat if FileType::from_raw_mode(stat.st_mode).is_dir() => fs::create_dir_all(at),
        _ => at
            .parent()
            .map_or(Ok(()), fs::create_dir_all)
            .and_then(|()| fs::File::create(at).map(drop)),
    };
    made.map_err(|_| nix::errno::Errno::EIO)?;
    let moved = move_mount(
        tree,
        c"",
        rustix::fs::CWD,
        place,
        MoveMountFlags::MOVE_MOUNT_F_EMPTY_PATH,
    );
    moved.map_err(errno)?;
    let flags = MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_RDONLY | MsFlags::MS_NOSUID;
    mount(None::<&str>, place, None::<&str>, flags, None::<&str>)?;
    seal_below(at)
}

/// Makes every mount below `at` read-only too: a clone of a tree brings the mounts inside it
/// (a tmpfs at `FOLDER/sub`), and a remount seals only the mount it names. A mount that cannot
/// be sealed fails the run rather than leave it writable.
fn seal_below(at: &Path) -> nix::Result<()> {
    let mountinfo =
        fs::read_to_string("/proc/self/mountinfo").map_err(|_| nix::errno::Errno::EIO)?;
    let remount = MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_RDONLY | MsFlags::MS_NOSUID;
    for (point, kept) in mount_points(&mountinfo) {
        if point.starts_with(at) && point != at {
            mount(
                None::<&str>,
                &point,
                None::<&str>,
                remount | kept,
                None::<&str>,
            )?;
        }
    }
    Ok(())
}

/// The mount points of `mountinfo` (`/proc/self/mountinfo`), each with the flags of its own
/// that a read-only remount must keep.
pub(super) fn mount_points(mountinfo: &str) -> Vec<(PathBuf, MsFlags)> {
    mountinfo
        .lines()
        .filter_map(|line| {
            let mut fields = line.split(' ');
            let point = fields.nth(4)?;
            let options = fields.next()?;
            let mut kept = MsFlags::empty();
            for option in options.split(',') {
                kept |= match option {
                    "nosuid" => MsFlags::MS_NOSUID,
                    "nodev" => MsFlags::MS_NODEV,
                    "noexec" => MsFlags::MS_NOEXEC,
                    "noatime" => MsFlags::MS_NOATIME,
                    "nodiratime" => MsFlags::MS_NODIRATIME,
                    "relatime" => MsFlags::MS_RELATIME,
                    _ => MsFlags::empty(),
                };
            }
            Some((PathBuf::from(unescaped(point)), kept))
        })
        .collect()
}

/// A path of `mountinfo`, whose spaces, tabs, newlines and backslashes are octal escapes.
pub(super) fn unescaped(field: &str) -> std::ffi::OsString {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let octal = bytes.get(at + 1..at + 4).filter(|digits| {
            bytes[at] == b'\\' && digits.iter().all(|d| (b'0'..=b'7').contains(d))
        });
        match octal {
            Some(digits) => {
                out.push(
                    digits
                        .iter()
                        .fold(0u8, |n, d| n.wrapping_mul(8) + (d - b'0')),
                );
                at += 4;
            }
            None => {
                out.push(bytes[at]);
                at += 1;
            }
        }
    }
    std::ffi::OsString::from(std::ffi::OsStr::from_bytes(&out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_mount_points_their_flags_and_their_escapes() {
        let info = "22 1 0:21 / / rw,relatime - ext4 /dev/sda1 rw\n\
                    23 22 0:22 / /proc rw,nosuid,nodev,noexec,relatime - proc proc rw\n\
                    24 22 0:23 / /mnt/my\\040disk ro,noatime - ext4 /dev/sdb1 ro\n";
        let points = mount_points(info);
        assert_eq!(points[0], (PathBuf::from("/"), MsFlags::MS_RELATIME));
        assert_eq!(
            points[1].1,
            MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC | MsFlags::MS_RELATIME
        );
        assert_eq!(
            points[2],
            (PathBuf::from("/mnt/my disk"), MsFlags::MS_NOATIME)
        );
        assert!(covered(Path::new("/dev/shm")) && covered(Path::new("/tmp")));
        assert!(!covered(Path::new("/devices")) && !covered(Path::new("/")));
    }
}
