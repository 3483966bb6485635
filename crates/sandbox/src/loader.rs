//! The folders an ELF program's loader searches for its libraries before the system's: its
//! `DT_RUNPATH` (or the older `DT_RPATH`), `$ORIGIN` its own folder. A toolchain kept in a home
//! (a compiler built with its libraries in `~/.local/lib`) needs them, and the jail opens them
//! as it opens the toolchain, or refuses the run naming them. Only the parts of the file that
//! say so are read (a header, the program headers, the dynamic segment, two strings): node's
//! binary is 90 MB, and a jail is made for every run.

use std::fs;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use goblin::container::Ctx;
use goblin::elf::dynamic::{Dynamic, DT_RPATH, DT_RUNPATH};
use goblin::elf::program_header::{ProgramHeader, PT_DYNAMIC};
use goblin::elf::Elf;

/// The most bytes of program headers or of a dynamic segment read: far past any real program.
const MOST_BYTES: u64 = 1 << 20;

/// The most bytes of one search path read.
const MOST_PATH: u64 = 4096;

/// The folders `program`'s loader searches first, absolute, `$ORIGIN` replaced; none where it
/// is no dynamic ELF program or cannot be read.
pub(super) fn library_folders(program: &Path) -> Vec<PathBuf> {
    read(program).unwrap_or_default()
}

fn read(program: &Path) -> Option<Vec<PathBuf>> {
    let mut file = fs::File::open(program).ok()?;
    let mut head = [0u8; 64];
    file.read_exact(&mut head).ok()?;
    let header = Elf::parse_header(&head).ok()?;
    let ctx = Ctx::new(header.container().ok()?, header.endianness().ok()?);
    let size = u64::from(header.e_phentsize) * u64::from(header.e_phnum);
    let table = at(&mut file, header.e_phoff, size.min(MOST_BYTES))?;
    let headers = ProgramHeader::parse(&table, 0, usize::from(header.e_phnum), ctx).ok()?;
    let dynamic = headers.iter().find(|header| header.p_type == PT_DYNAMIC)?;
    let segment = at(
        &mut file,
        dynamic.p_offset,
        dynamic.p_filesz.min(MOST_BYTES),
    )?;
    // the segment read alone: its header says it starts at the buffer's start, the others stay
    // as they are to turn the string table's address into its place in the file
    let moved: Vec<ProgramHeader> = headers
        .iter()
        .map(|header| match header.p_type == PT_DYNAMIC {
            true => ProgramHeader {
                p_offset: 0,
                ..header.clone()
            },
            false => header.clone(),
        })
        .collect();
    let dynamic = Dynamic::parse(&segment, &moved, ctx).ok()??;
    let strings = dynamic.info.strtab as u64;
    let origin = fs::canonicalize(program)
        .ok()?
        .parent()
        .map(Path::to_path_buf)?;
    let mut folders = Vec::new();
    for entry in &dynamic.dyns {
        if entry.d_tag != DT_RUNPATH && entry.d_tag != DT_RPATH {
            continue;
        }
        let text = at(&mut file, strings.checked_add(entry.d_val)?, MOST_PATH)?;
        let text = text.split(|&byte| byte == 0).next().unwrap_or_default();
        let text = String::from_utf8_lossy(text);
        for folder in text.split(':').filter(|folder| !folder.is_empty()) {
            let origin = origin.to_string_lossy();
            let folder = folder
                .replace("${ORIGIN}", &origin)
                .replace("$ORIGIN", &origin);
            // `$LIB` and `$PLATFORM` name the system's folders: not a home's
            if folder.starts_with('/') && !folder.contains('$') {
                folders.push(PathBuf::from(folder));
            }
        }
    }
    Some(folders)
}

/// At most `len` bytes of `file` from `offset`.
fn at(file: &mut fs::File, offset: u64, len: u64) -> Option<Vec<u8>> {
    file.seek(SeekFrom::Start(offset)).ok()?;
    let mut bytes = Vec::new();
    file.take(len).read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_system_program_has_no_folders_of_its_own_and_a_script_none() {
        // Debian's programs search the system's folders only
        assert_eq!(library_folders(Path::new("/bin/sh")), Vec::<PathBuf>::new());
        assert!(library_folders(Path::new("/etc/passwd")).is_empty());
        assert!(library_folders(Path::new("/no/such/program")).is_empty());
    }
}
