//! The cache files' bytes. A class's 6-6-3 databases: [`MAGIC`], the format version (u32,
//! little-endian), the class, the number of patterns and each pattern (its size, then its
//! tiles), every entry of every pattern in order, then the CRC-32 of all the bytes before it
//! (u32, little-endian). A compact table: [`MAGIC`], the version, `T`, the square's side, the
//! canonical goal's blank cell, the pattern's size and its tiles' homes, the nibbles, the CRC-32.

use std::io::{self, Read};

use crate::solve::pdb::compact::{Nibbles, Pdb, Spec};
use crate::solve::pdb::{addresses, Class, Databases};

/// The first bytes of a cache file.
pub const MAGIC: &[u8; 8] = b"eightPDB";

/// The version of the layout; a file of another version is rebuilt.
pub(super) const VERSION: u32 = 2;

/// The header of `class`'s file: everything before the entries.
pub(super) fn header(class: Class) -> Vec<u8> {
    let mut header = MAGIC.to_vec();
    header.extend(VERSION.to_le_bytes());
    header.push(class as u8);
    let patterns = class.patterns();
    header.push(patterns.len() as u8);
    for pattern in &patterns {
        header.push(pattern.len() as u8);
        header.extend(pattern);
    }
    header
}

/// The size of `class`'s file.
pub(super) fn expected_size(class: Class) -> usize {
    let entries: usize = class.patterns().iter().map(|p| addresses(p.len())).sum();
    header(class).len() + entries + 4
}

/// The databases in a cache file's bytes, read from `input` straight into their tables, or what
/// is wrong with them.
pub fn decode(class: Class, input: &mut impl Read) -> Result<Databases, String> {
    let mut sum = crc32fast::Hasher::new();
    let mut take = |buffer: &mut [u8], sum: &mut crc32fast::Hasher| {
        fill(input, buffer)?;
        sum.update(buffer);
        Ok::<(), String>(())
    };
    let expected = header(class);
    let mut found = vec![0; expected.len()];
    take(&mut found, &mut sum)?;
    let mut entries = Vec::new();
    for pattern in class.patterns() {
        let mut table = vec![0; addresses(pattern.len())];
        take(&mut table, &mut sum)?;
        entries.push(table);
    }
    let mut trailer = [0; 4];
    take(&mut trailer, &mut crc32fast::Hasher::new())?;
    if input.read(&mut [0]).map_err(|error| error.to_string())? != 0 {
        return Err("longer than a whole file".into());
    }
    if sum.finalize().to_le_bytes() != trailer {
        return Err("its checksum does not match".into());
    }
    if found != expected {
        return Err("a header of another version or layout".into());
    }
    Databases::from_entries(class, entries).ok_or_else(|| "entries of the wrong sizes".into())
}

/// The bytes of the cache file of `databases`.
pub fn encode(databases: &Databases) -> Vec<u8> {
    let mut bytes = header(databases.class());
    for entries in databases.entries() {
        bytes.extend(entries);
    }
    let sum = crc32fast::hash(&bytes);
    bytes.extend(sum.to_le_bytes());
    bytes
}

/// The header of the file of `spec`'s table: everything before the nibbles.
pub(super) fn table_header(spec: &Spec) -> Vec<u8> {
    let mut header = MAGIC.to_vec();
    header.extend(VERSION.to_le_bytes());
    header.push(b'T');
    header.push(spec.pattern.side() as u8);
    header.push(spec.blank as u8);
    header.push(spec.pattern.homes().len() as u8);
    header.extend(spec.pattern.homes());
    header
}

/// The bytes of the cache file of `spec`'s `table`: the header, the nibbles, the CRC-32.
pub fn encode_table(spec: &Spec, table: &Pdb) -> Vec<u8> {
    let mut bytes = table_header(spec);
    bytes.extend(table.nibbles());
    let sum = crc32fast::hash(&bytes);
    bytes.extend(sum.to_le_bytes());
    bytes
}

/// The table of `spec` in a cache file's bytes, read from `input`, or what is wrong with them.
pub fn decode_table(spec: &Spec, input: &mut impl Read) -> Result<Pdb, String> {
    let expected = table_header(spec);
    let mut found = vec![0; expected.len()];
    let mut nibbles = Nibbles::zeroed(spec.pattern.placements().div_ceil(2));
    let mut trailer = [0; 4];
    for buffer in [&mut found[..], &mut nibbles[..], &mut trailer[..]] {
        fill(input, buffer)?;
    }
    if input.read(&mut [0]).map_err(|error| error.to_string())? != 0 {
        return Err("longer than a whole file".into());
    }
    let mut sum = crc32fast::Hasher::new();
    sum.update(&found);
    sum.update(&nibbles);
    if sum.finalize().to_le_bytes() != trailer {
        return Err("its checksum does not match".into());
    }
    if found != expected {
        return Err("a header of another version or layout".into());
    }
    Pdb::from_nibbles(spec.pattern.clone(), nibbles).ok_or_else(|| "the wrong size".into())
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
