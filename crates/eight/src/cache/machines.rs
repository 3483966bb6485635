//! The duplicate-path machines of the 15- and 24-puzzle's searches, kept in the cache folder
//! beside the databases (`detours-5x5-16-v1.bin`): built once, by `eight cache build detours` or
//! by a search that has spent enough to pay for it, and read by every later run instead of
//! built again.
//!
//! A file is [`MAGIC`], the version (u32), the board's width, height and the machine's depth (a
//! byte each), the detours it cuts (u64) and its states (u32), each state's four moves (u32
//! each), then the CRC-32 of all the bytes before it; every number little-endian. It is trusted
//! only when whole (its size and CRC), of the machine asked for (its header), and a machine
//! ([`Detours::from_parts`]: every state reached, every move in range, and on every short
//! sequence the same cuts as a machine built then). It is read and written as the databases are:
//! opened without following links or waiting on a FIFO, written under the folder's lock through
//! a staged file renamed over it, removed when damaged.

use std::fs;
use std::io::{self, Read};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::lock::{lock, set_aside, try_lock};
use super::{write, DiskCache};
use crate::puzzle::board::Shape;
use crate::solve::detours::{Detours, Keeper};

/// The first bytes of a machine's file.
pub const MAGIC: &[u8; 8] = b"eightFSM";

/// The version of the layout; a file of another is not read.
const VERSION: u32 = 1;

/// The bytes before the states' moves.
const HEADER: usize = 8 + 4 + 3 + 8 + 4;

/// The most states a file read back may hold (1.6 GB of moves): more is not a machine of ours.
const MOST_STATES: u64 = 100_000_000;

/// A machine the folder keeps: its board, its depth, and what its build takes on two cores, in
/// words said before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The boards it serves.
    pub shape: Shape,
    /// The longest detours it cuts.
    pub depth: u32,
    /// About how long its build takes, and how large it is.
    pub cost: &'static str,
}

/// The machines kept, one a shape, their depth the fastest measured (the guide's 24-puzzle
/// chapter): on 4×4, Korf's 100 with 7-8 took a median 350 ms with 14 kept, 376 with 16 and 452
/// with 18 (378 building 12 as it went); on 5×5, Korf & Felner's #44 with 6-6-6-6x7z 8.6 s with
/// 16 and 9.9 s with 18 (12.5 s building 12 as it went).
pub const KEPT: [Kept; 2] = [
    Kept {
        shape: Shape::SQUARE4,
        depth: 14,
        cost: "1 MB, a tenth of a second",
    },
    Kept {
        shape: Shape::SQUARE5,
        depth: 16,
        cost: "19 MB, some 7 s",
    },
];

impl Kept {
    /// The machine kept for `shape`, if one is.
    pub fn of(shape: Shape) -> Option<Kept> {
        KEPT.into_iter().find(|kept| kept.shape == shape)
    }

    /// Its file's name.
    pub fn name(&self) -> String {
        format!("detours-{}-{}-v{VERSION}.bin", self.shape, self.depth)
    }

    /// What it is, in words.
    pub fn describe(&self) -> String {
        format!(
            "the {} duplicate-path machine, detours of up to {} moves",
            self.shape, self.depth
        )
    }
}

/// The bytes of `machine`'s file.
pub fn encode(machine: &Detours) -> Vec<u8> {
    let shape = machine.shape();
    let mut bytes = MAGIC.to_vec();
    bytes.extend(VERSION.to_le_bytes());
    bytes.extend([shape.width, shape.height, machine.depth() as u8]);
    bytes.extend((machine.detours() as u64).to_le_bytes());
    bytes.extend((machine.states() as u32).to_le_bytes());
    for to in machine.parts().iter().flatten() {
        bytes.extend(to.to_le_bytes());
    }
    let sum = crc32fast::hash(&bytes);
    bytes.extend(sum.to_le_bytes());
    bytes
}

/// The machine of `kept` in a file's `bytes`, or what is wrong with them.
pub fn decode(kept: Kept, bytes: &[u8]) -> Result<Detours, String> {
    let Some((body, sum)) = bytes.split_last_chunk::<4>() else {
        return Err("shorter than a whole file".into());
    };
    if body.len() < HEADER {
        return Err("shorter than a whole file".into());
    }
    if crc32fast::hash(body).to_le_bytes() != *sum {
        return Err("its checksum does not match".into());
    }
    let (header, moves) = body.split_at(HEADER);
    let mut expected = MAGIC.to_vec();
    expected.extend(VERSION.to_le_bytes());
    expected.extend([kept.shape.width, kept.shape.height, kept.depth as u8]);
    if header[..expected.len()] != expected {
        return Err("a header of another machine, version or layout".into());
    }
    let number = |at: usize, len: usize| {
        (header[at..at + len].iter().rev()).fold(0u64, |n, &byte| n << 8 | u64::from(byte))
    };
    let (detours, states) = (number(15, 8), number(23, 4));
    if moves.len() as u64 != states * 16 {
        return Err(format!(
            "{} bytes of moves for {states} states",
            moves.len()
        ));
    }
    let word = |bytes: &[u8]| u32::from_le_bytes(bytes.try_into().expect("four bytes"));
    let next = (moves.chunks_exact(16))
        .map(|state| {
            let (down, rest) = state.split_at(4);
            let (left, rest) = rest.split_at(4);
            let (right, up) = rest.split_at(4);
            [word(down), word(left), word(right), word(up)]
        })
        .collect();
    Detours::from_parts(kept.shape, kept.depth, detours as usize, next)
}

impl DiskCache {
    /// The file of `kept` in `folder`.
    fn machine_file(folder: &Path, kept: Kept) -> PathBuf {
        folder.join(kept.name())
    }

    /// Builds the machine of `kept` now and keeps it in the folder, under its lock (waited for a
    /// few seconds), replacing any there; what went wrong, if anything did.
    pub fn build_machine(&self, kept: Kept) -> io::Result<()> {
        let Some(folder) = &self.folder else {
            return Err(io::Error::other("no cache folder"));
        };
        let Some(_lock) = lock(folder, &*self.warn)? else {
            return Err(io::Error::other(format!(
                "another run holds the lock on {}",
                folder.display()
            )));
        };
        let machine = Detours::new(kept.shape, kept.depth);
        write(&DiskCache::machine_file(folder, kept), &encode(&machine))
    }
}

impl Keeper for DiskCache {
    /// The machine kept for `shape` in the folder, if there is a whole and true one; a damaged
    /// file is said and removed.
    fn kept_machine(&self, shape: Shape) -> Option<Arc<Detours>> {
        let (folder, kept) = (self.folder.as_ref()?, Kept::of(shape)?);
        let file = DiskCache::machine_file(folder, kept);
        let damaged = |why: &str, seen: Option<(u64, u64)>| {
            let removed = set_aside(&file, seen);
            let what = match removed {
                true => "removed; it is built again when a search pays for it",
                false => "not used",
            };
            (self.warn)(&format!("{}: {why}; {what}", file.display()));
            None
        };
        let (opened, metadata) = match super::open(&file) {
            Ok(Some(opened)) => opened,
            Ok(None) => return None,
            Err(why) => return damaged(&why, None),
        };
        let seen = Some((metadata.dev(), metadata.ino()));
        let most = HEADER as u64 + 16 * MOST_STATES + 4;
        if !metadata.is_file() || metadata.len() > most {
            return damaged("not a plain file of a machine's size", seen);
        }
        let mut bytes = Vec::with_capacity(metadata.len() as usize);
        if let Err(error) = opened.take(most).read_to_end(&mut bytes) {
            return damaged(&error.to_string(), seen);
        }
        match decode(kept, &bytes) {
            Ok(machine) => Some(Arc::new(machine)),
            Err(why) => damaged(&format!("not a true machine ({why})"), seen),
        }
    }

    /// Keeps `machine` in the folder if it is the one kept for its shape and not there yet,
    /// when no other run holds the folder's lock (a run that cannot keep it builds it again).
    fn keep_machine(&self, machine: &Detours) {
        let Some(folder) = &self.folder else {
            return;
        };
        let kept = Kept::of(machine.shape());
        let Some(kept) = kept.filter(|kept| kept.depth == machine.depth()) else {
            return;
        };
        let file = DiskCache::machine_file(folder, kept);
        let Some(_lock) = fs::create_dir_all(folder)
            .ok()
            .and_then(|()| try_lock(folder))
        else {
            return;
        };
        if fs::symlink_metadata(&file).is_err() {
            if let Err(error) = write(&file, &encode(machine)) {
                (self.warn)(&format!(
                    "cannot keep {} in {}: {error}",
                    kept.describe(),
                    folder.display()
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_machine_s_file_is_read_back_only_when_whole_and_its_own() {
        let kept = Kept {
            shape: Shape::new(4, 3).expect("a shape"),
            depth: 10,
            cost: "",
        };
        let machine = Detours::new(kept.shape, kept.depth);
        let bytes = encode(&machine);
        let read = decode(kept, &bytes).expect("read back");
        assert_eq!(read.parts(), machine.parts());
        assert_eq!(read.detours(), machine.detours());
        assert_eq!(read.depth(), 10);
        // cut short, a byte changed, another depth's
        assert!(decode(kept, &bytes[..bytes.len() - 1]).is_err());
        let mut changed = bytes.clone();
        changed[HEADER + 5] ^= 1;
        assert!(decode(kept, &changed)
            .expect_err("changed")
            .contains("checksum"));
        let deeper = Kept { depth: 11, ..kept };
        assert!(decode(deeper, &bytes)
            .expect_err("deeper")
            .contains("header"));
        // a machine that is not one, with a right checksum
        let mut lying = bytes[..bytes.len() - 4].to_vec();
        lying[HEADER..HEADER + 4].copy_from_slice(&7u32.to_le_bytes());
        let sum = crc32fast::hash(&lying);
        lying.extend(sum.to_le_bytes());
        assert!(decode(kept, &lying).is_err());
    }
}
