//! The judged inputs as they were before any program ran: each `.in` copied, once, into one
//! file without a name (`O_TMPFILE`), which only `eight` and the supervisors hold, neither of
//! them dumpable. A program can rewrite a fixture through its path, or through
//! `/proc/self/fd/0` if it were given the file itself; it is given a pipe instead, fed from
//! its span of the snapshot, and the checker reads the same span after the run. So what a
//! program is judged on is what the files held when `eight judge` started, whatever any
//! program did since.

use std::fs::File;
use std::io::{self, Read, Seek, Write};
use std::os::unix::fs::FileExt;
use std::path::Path;

/// The inputs, one after the other, in a file of no name.
pub struct Snapshot {
    file: File,
}

/// Where one input lies in the snapshot.
#[derive(Clone, Copy, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Span {
    /// Its first byte.
    pub start: u64,
    /// Its length.
    pub len: u64,
}

impl Snapshot {
    /// The snapshot of `files`, each file's span or why it could not be read.
    #[cfg(test)]
    pub fn take(files: &[impl AsRef<Path>]) -> io::Result<(Snapshot, Vec<io::Result<Span>>)> {
        let mut snapshot = Snapshot::new()?;
        let spans = files
            .iter()
            .map(|file| snapshot.add_file(file.as_ref()))
            .collect::<io::Result<Vec<_>>>()?;
        Ok((snapshot, spans))
    }

    /// An empty snapshot.
    pub fn new() -> io::Result<Snapshot> {
        Ok(Snapshot {
            file: tempfile::tempfile()?,
        })
    }

    /// Adds a copy of `path` after everything else: where it lies, or why it could not be read
    /// (the outer error: the snapshot itself failed).
    pub fn add_file(&mut self, path: &Path) -> io::Result<io::Result<Span>> {
        let start = self.file.seek(io::SeekFrom::End(0))?;
        let copied = open_plain(path).and_then(|mut input| io::copy(&mut input, &mut self.file));
        self.file.flush()?;
        // a file that failed midway leaves its bytes: the next starts after them
        Ok(copied.map(|len| Span { start, len }))
    }

    /// Adds `bytes` after everything else, and returns where they lie.
    pub fn add(&mut self, bytes: &[u8]) -> io::Result<Span> {
        let start = self.file.seek(io::SeekFrom::End(0))?;
        self.file.write_all(bytes)?;
        self.file.flush()?;
        Ok(Span {
            start,
            len: bytes.len() as u64,
        })
    }

    /// The file, for a supervisor's standard input.
    pub fn file(&self) -> io::Result<File> {
        self.file.try_clone()
    }

    /// A reader of `span`.
    pub fn read(&self, span: Span) -> Reader<'_> {
        Reader {
            file: &self.file,
            at: span.start,
            end: span.start + span.len,
        }
    }
}

/// `path` opened for reading if it is a plain file; never waiting on a FIFO put in its place.
fn open_plain(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(nix::fcntl::OFlag::O_NONBLOCK.bits())
        .open(path)?;
    match file.metadata()?.is_file() {
        true => Ok(file),
        false => Err(io::Error::other("not a regular file")),
    }
}

/// Reads a span of a file by position, sharing no offset with any other reader of it.
pub struct Reader<'a> {
    file: &'a File,
    at: u64,
    end: u64,
}

impl<'a> Reader<'a> {
    /// A reader of `file` from `start`, `len` bytes.
    pub fn new(file: &'a File, span: Span) -> Reader<'a> {
        Reader {
            file,
            at: span.start,
            end: span.start + span.len,
        }
    }
}

impl Read for Reader<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let room = usize::try_from(self.end - self.at).unwrap_or(usize::MAX);
        let wanted = buffer.len().min(room);
        if wanted == 0 {
            return Ok(0);
        }
        let read = self.file.read_at(&mut buffer[..wanted], self.at)?;
        self.at += read as u64;
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_each_input_as_it_was() {
        let dir = tempfile::tempdir().expect("a folder");
        let (a, b) = (dir.path().join("a.in"), dir.path().join("b.in"));
        std::fs::write(&a, "first\n").expect("write");
        std::fs::write(&b, "second\n").expect("write");
        let missing = dir.path().join("missing.in");
        let fifo = dir.path().join("fifo.in");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).expect("a FIFO");
        let (snapshot, spans) = Snapshot::take(&[&a, &missing, &fifo, &b]).expect("a snapshot");
        std::fs::write(&a, "rewritten\n").expect("write");
        std::fs::remove_file(&b).expect("remove");
        let text = |span: &io::Result<Span>| {
            let mut text = String::new();
            let span = *span.as_ref().expect("read");
            snapshot.read(span).read_to_string(&mut text).expect("read");
            text
        };
        assert_eq!(text(&spans[0]), "first\n");
        assert!(spans[1].is_err());
        assert!(
            spans[2].is_err(),
            "a FIFO is no input, and is not waited on"
        );
        assert_eq!(text(&spans[3]), "second\n");
    }
}
