//! The byte scanner under the case reader: whitespace-separated tokens and line ends, each with
//! its place, read through a buffer of its own so that it knows when the next read could block.
//! A token keeps only its first bytes and its length, so memory is bounded whatever the input.

use std::io::{self, Read};

use super::notation;
use super::place::{Origin, Place};

/// Whether `byte` separates tokens: ASCII whitespace, and the vertical tab like the form feed.
pub(super) fn is_space(byte: u8) -> bool {
    byte.is_ascii_whitespace() || byte == 0x0b
}

/// Whether `byte` ends a line (or an argument) of an input of `origin`: a lone `\r` (old Mac
/// line ends) ends a line too; `\r\n` ends one.
fn is_break(origin: Origin, byte: u8) -> bool {
    match origin {
        Origin::Argument => byte == 0,
        Origin::Line | Origin::Text => byte == b'\n' || byte == b'\r',
    }
}

/// Whether `bytes` hold a byte of another notation of a board ([`notation`]), and, if `binary`
/// asks, whether they hold a byte no text does (a NUL, a control character other than
/// whitespace and escape): in one pass without a branch a byte, which the compiler makes a
/// vector loop (two plain `any`s cost 8 instructions a byte each, half as much again as the
/// whole run on 100,000 3x3 cases; this, some 1 to 2.5).
fn survey(bytes: &[u8], binary: bool) -> (bool, bool) {
    // `|` and `&`, not `||` and `&&`
    let other = |b: u8| (b == b',') | (b == b'/') | (b == b'[') | (b == b']') | (b == b'=');
    let control = |b: u8| (b < 0x09) | (b.wrapping_sub(0x0e) < 0x12) & (b != 0x1b);
    let mut seen = 0u8;
    for chunk in bytes.chunks(1024) {
        seen |= match binary {
            true => chunk.iter().fold(0, |seen, &b| {
                seen | u8::from(other(b)) | u8::from(control(b)) << 1
            }),
            false => chunk.iter().fold(0, |seen, &b| seen | u8::from(other(b))),
        };
        if seen == 3 {
            break;
        }
    }
    (seen & 1 != 0, seen & 2 != 0)
}

/// The most bytes of a token kept, to read a glued board of up to 16 characters (Kattis's 4×4
/// letters) and to show in an error; its length is always counted.
pub(super) const HEAD: usize = 16;

/// A token as the scanner sees it: its place, its length and its first bytes.
#[derive(Clone, Copy)]
pub(super) struct Token {
    pub(super) place: Place,
    pub(super) len: u64,
    pub(super) head: [u8; HEAD],
}

impl Token {
    pub(super) fn bytes(&self) -> &[u8] {
        &self.head[..(self.len as usize).min(HEAD)]
    }

    /// The token for an error message, escaped, cut after its first bytes.
    pub(super) fn shown(&self) -> String {
        let text = String::from_utf8_lossy(self.bytes());
        let more = if self.len as usize > HEAD { "…" } else { "" };
        format!("`{}{more}`", text.escape_debug())
    }
}

pub(super) enum Event {
    Token,
    /// The end of a line (or argument); the place is where it ended.
    Break(Place),
    End(Place),
    /// A `[` (`true`) or `]` (`false`) of LeetCode's lists, where brackets are read.
    Bracket(bool, Place),
}

/// Splits a byte stream into whitespace-separated tokens and line ends, with places, reading
/// through its own buffer so that it knows when the next read could block.
pub(super) struct Scanner<R> {
    reader: R,
    pub(super) origin: Origin,
    pub(super) buffer: Box<[u8]>,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) line: u64,
    pub(super) column: u64,
    /// Where the reads stand.
    pub(super) reads: Reads,
    /// Whether bytes that no text holds are looked for, and were found.
    survey: Survey,
    pub(super) token: Token,
    pub(super) in_token: bool,
    /// Whether `[`, `]` and `,` separate tokens too, as in LeetCode's `[[1,2,3],[4,0,5]]`.
    pub(super) brackets: bool,
}

/// What the scanner knows of the reads so far.
pub(super) struct Reads {
    /// Whether the reader has no more bytes.
    exhausted: bool,
    /// Whether nothing was read yet (a byte order mark may open the input).
    first: bool,
    /// Whether the next byte read opens a line.
    line_start: bool,
    /// Whether the last byte read was a `\r` that ended a line.
    pub(super) after_cr: bool,
}

/// The watch for bytes that no text holds (a NUL, a control character other than whitespace
/// and escape): the input is then most likely a binary file. Off until errors suggest it: it
/// costs.
#[derive(Default)]
struct Survey {
    watch: bool,
    found: bool,
}

impl<R: Read> Scanner<R> {
    pub(super) fn new(reader: R, origin: Origin) -> Scanner<R> {
        let place = Place {
            origin,
            line: 1,
            column: 1,
        };
        Scanner {
            reader,
            origin,
            buffer: vec![0; 1 << 16].into_boxed_slice(),
            start: 0,
            end: 0,
            line: 1,
            column: 1,
            reads: Reads {
                exhausted: false,
                first: true,
                line_start: true,
                after_cr: false,
            },
            survey: Survey::default(),
            token: Token {
                place,
                len: 0,
                head: [0; HEAD],
            },
            in_token: false,
            brackets: false,
        }
    }

    fn place(&self) -> Place {
        Place {
            origin: self.origin,
            line: self.line,
            column: self.column,
        }
    }

    /// Surveys the reads from now on, and what is read but not yet scanned, for bytes that no
    /// text holds.
    pub(super) fn watch_binary(&mut self) {
        if !self.survey.watch {
            self.survey.watch = true;
            let unread = &self.buffer[self.start..self.end];
            self.survey.found |= survey(unread, true).1;
        }
    }

    /// Whether a byte that no text holds was read since [`Scanner::watch_binary`].
    pub(super) fn binary(&self) -> bool {
        self.survey.found
    }

    fn is_break(&self, byte: u8) -> bool {
        is_break(self.origin, byte)
    }

    /// Refills the buffer, calling `before_wait` first since the read may block.
    fn refill(&mut self, before_wait: &mut dyn FnMut() -> io::Result<()>) -> io::Result<()> {
        before_wait()?;
        let read = loop {
            match self.reader.read(&mut self.buffer) {
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                result => break result?,
            }
        };
        self.start = 0;
        self.end = read;
        self.reads.exhausted = read == 0;
        if self.reads.first && self.buffer[..read].starts_with(b"\xEF\xBB\xBF") {
            // A UTF-8 byte order mark, as some editors write, is no cell.
            self.start = 3;
        }
        self.reads.first = self.reads.first && read == 0;
        let origin = self.origin;
        let piece = &mut self.buffer[self.start..read];
        let (notation, binary) = survey(piece, self.survey.watch);
        if notation {
            notation::rewrite(
                piece,
                self.reads.line_start,
                |b| is_break(origin, b),
                self.brackets,
            );
        }
        self.survey.found |= binary;
        self.reads.line_start = piece
            .last()
            .map_or(self.reads.line_start, |&b| is_break(origin, b));
        Ok(())
    }

    /// Whether the token just scanned ends its line (only spaces after it before the line's end
    /// or the input's), as far as the buffer shows: `None` when it ends first.
    pub(super) fn token_ends_line(&self) -> Option<bool> {
        for &byte in &self.buffer[self.start..self.end] {
            if self.is_break(byte) {
                return Some(true);
            }
            if !is_space(byte) {
                return Some(false);
            }
        }
        self.reads.exhausted.then_some(true)
    }

    pub(super) fn next(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Event> {
        loop {
            if self.start == self.end {
                if !self.reads.exhausted {
                    // a refill may bring nothing to read yet (a byte order mark alone)
                    self.refill(before_wait)?;
                    continue;
                }
                return Ok(if std::mem::take(&mut self.in_token) {
                    Event::Token
                } else {
                    Event::End(self.place())
                });
            }
            let byte = self.buffer[self.start];
            if byte == b'\n' && std::mem::take(&mut self.reads.after_cr) {
                // the second half of a `\r\n` line end
                self.start += 1;
                continue;
            }
            let is_break = self.is_break(byte);
            let brackets = self.brackets;
            let separates = |b: u8| is_space(b) || (brackets && matches!(b, b'[' | b']' | b','));
            if is_break || separates(byte) {
                if std::mem::take(&mut self.in_token) {
                    return Ok(Event::Token);
                }
                self.start += 1;
                self.reads.after_cr = byte == b'\r' && self.origin != Origin::Argument;
                if is_break {
                    let place = self.place();
                    self.line += 1;
                    self.column = 1;
                    return Ok(Event::Break(place));
                }
                if brackets && matches!(byte, b'[' | b']') {
                    let place = self.place();
                    self.column += 1;
                    return Ok(Event::Bracket(byte == b'[', place));
                }
                self.column += 1;
            } else {
                self.reads.after_cr = false;
                if !self.in_token {
                    self.in_token = true;
                    self.token.place = self.place();
                    self.token.len = 0;
                }
                // the whole run of token bytes in the buffer at once
                let arguments = self.origin == Origin::Argument;
                let rest = &self.buffer[self.start..self.end];
                let run = rest
                    .iter()
                    .position(|&b| separates(b) || (arguments && b == 0))
                    .unwrap_or(rest.len());
                let kept = self.token.len.min(HEAD as u64) as usize;
                let taken = (HEAD - kept).min(run);
                self.token.head[kept..kept + taken].copy_from_slice(&rest[..taken]);
                self.token.len += run as u64;
                self.column += run as u64;
                self.start += run;
            }
        }
    }
}
