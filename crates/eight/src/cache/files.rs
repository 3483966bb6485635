//! The cache files' bytes. A file holds one table or several (a class's 6-6-3 tables, which are
//! built and read together): [`MAGIC`], the format version (u32, little-endian), then each
//! table's header (`T` for a table indexed by rank, `A` by address, `Z` zero-aware; the square's side; the
//! canonical goal's blank cell; the pattern's size and its tiles' homes), then each table's
//! nibbles in the same order, then the CRC-32 of all the bytes before it (u32, little-endian).
//! A file of one ranked table (the 7-8 and 6-6-6-6 families) is laid out as before the 6-6-3
//! tables were nibbles, so those caches stay valid.

use std::io::{self, Read};

use crate::solve::pdb::{Class, Family, Nibbles, Pdb, Spec};

/// The first bytes of a cache file.
pub const MAGIC: &[u8; 8] = b"eightPDB";

/// The version of the layout; a file of another version is rebuilt.
pub(super) const VERSION: u32 = 2;

/// The header of the file of `specs`' tables: everything before the nibbles.
pub(super) fn header(specs: &[Spec]) -> Vec<u8> {
    let mut header = MAGIC.to_vec();
    header.extend(VERSION.to_le_bytes());
    for spec in specs {
        let pattern = &spec.pattern;
        header.push(match (pattern.is_addressed(), pattern.is_zero_aware()) {
            (true, _) => b'A',
            (_, true) => b'Z',
            _ => b'T',
        });
        header.push(pattern.side() as u8);
        header.push(spec.blank as u8);
        header.push(pattern.homes().len() as u8);
        header.extend(pattern.homes());
    }
    header
}

/// The bytes of one table's nibbles.
fn nibbles(spec: &Spec) -> usize {
    spec.pattern.entries().div_ceil(2)
}

/// The size of the file of `specs`' tables.
pub(super) fn size(specs: &[Spec]) -> u64 {
    let nibbles: usize = specs.iter().map(nibbles).sum();
    (header(specs).len() + nibbles + 4) as u64
}

/// The bytes of the cache file of `specs`' `tables` (one for each, in order): the header, the
/// nibbles, the CRC-32.
pub fn encode(specs: &[Spec], tables: &[&Pdb]) -> Vec<u8> {
    assert_eq!(specs.len(), tables.len(), "a table for each");
    let mut bytes = header(specs);
    for table in tables {
        bytes.extend(table.nibbles());
    }
    let sum = crc32fast::hash(&bytes);
    bytes.extend(sum.to_le_bytes());
    bytes
}

/// The tables of `specs` in a cache file's bytes, read from `input` straight into their
/// memory, or what is wrong with them.
pub fn decode(specs: &[Spec], input: &mut impl Read) -> Result<Vec<Pdb>, String> {
    let expected = header(specs);
    let mut found = vec![0; expected.len()];
    let mut sum = crc32fast::Hasher::new();
    fill(input, &mut found)?;
    sum.update(&found);
    let mut read = Vec::new();
    for spec in specs {
        let mut table = Nibbles::zeroed(nibbles(spec));
        fill(input, &mut table)?;
        sum.update(&table);
        read.push(table);
    }
    let mut trailer = [0; 4];
    fill(input, &mut trailer)?;
    if input.read(&mut [0]).map_err(|error| error.to_string())? != 0 {
        return Err("longer than a whole file".into());
    }
    if sum.finalize().to_le_bytes() != trailer {
        return Err("its checksum does not match".into());
    }
    if found != expected {
        return Err("a header of another version or layout".into());
    }
    specs
        .iter()
        .zip(read)
        .map(|(spec, nibbles)| {
            Pdb::from_nibbles(spec.pattern.clone(), nibbles).ok_or_else(|| "the wrong size".into())
        })
        .collect()
}

/// The size of a class's 6-6-3 file in the layout of versions before the tables were nibbles:
/// a byte an address.
const EARLIER_SIZE: u64 = 33_558_564;

/// Whether a file of `size` bytes, read from `input`, is a class's 6-6-3 file of the earlier
/// layout, for the class of `specs` (a 6-6-3 partition's): its size, and its first bytes
/// (the magic, version 2, the class), which this layout's header never has.
pub(super) fn is_earlier(specs: &[Spec], size: u64, input: &mut impl Read) -> bool {
    let Some(first) = specs.first() else {
        return false;
    };
    if size != EARLIER_SIZE || first.family != Family::SIX_SIX_THREE {
        return false;
    }
    let mut expected = MAGIC.to_vec();
    expected.extend(VERSION.to_le_bytes());
    expected.push(Class::of(first.blank) as u8);
    let mut found = vec![0; expected.len()];
    input.read_exact(&mut found).is_ok() && found == expected
}

/// Fills `buffer` from `input`, or says what is wrong.
fn fill(input: &mut impl Read, buffer: &mut [u8]) -> Result<(), String> {
    input
        .read_exact(buffer)
        .map_err(|error| match error.kind() {
            io::ErrorKind::UnexpectedEof => "shorter than a whole file".to_string(),
            _ => error.to_string(),
        })
}
