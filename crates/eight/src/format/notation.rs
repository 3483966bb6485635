//! The other notations of a board, read as blanks wherever boards are read (arguments, standard
//! input, files): slidy's rows (`1 2 3/4 5 6/7 8 0`), commas (`1,2,3,...`), and LeetCode's
//! statement (`board = [[1,2,3],[4,0,5]]`), its brackets blanks too where the judge does not read
//! them as lists. Byte for byte, so that an error's column is the input's own.

/// Whether `byte` may belong to another notation: bytes without one are left as they are.
#[inline]
pub(crate) fn is_notation(byte: u8) -> bool {
    matches!(byte, b',' | b'/' | b'[' | b']' | b'=')
}

/// Blanks the other notations in `bytes`, a piece of the input: `line_start` says whether a line
/// begins at its first byte, `is_break` which bytes end a line, and `brackets` whether the
/// judge reads `[` and `]` as lists (then they are kept). A `board =` is blanked when it opens a
/// line within the piece.
pub fn blank(bytes: &mut [u8], line_start: bool, is_break: impl Fn(u8) -> bool, brackets: bool) {
    if bytes.iter().any(|&b| is_notation(b)) {
        rewrite(bytes, line_start, is_break, brackets);
    }
}

/// [`blank`] for a piece known to hold a byte of another notation.
pub(crate) fn rewrite(
    bytes: &mut [u8],
    line_start: bool,
    is_break: impl Fn(u8) -> bool,
    brackets: bool,
) {
    for at in 0..bytes.len() {
        match bytes[at] {
            b',' | b'/' => bytes[at] = b' ',
            b'[' | b']' if !brackets => bytes[at] = b' ',
            b'=' => {
                if let Some(from) = statement(bytes, at, line_start, &is_break) {
                    bytes[from..=at].fill(b' ');
                }
            }
            _ => {}
        }
    }
}

/// Where `board` begins, if the `=` at `equals` ends a `board =` that opens its line (blanks
/// around it allowed).
fn statement(
    bytes: &[u8],
    equals: usize,
    line_start: bool,
    is_break: &impl Fn(u8) -> bool,
) -> Option<usize> {
    let is_blank = |b: u8| b == b' ' || b == b'\t';
    let before = &bytes[..equals];
    let word_end = before.iter().rposition(|&b| !is_blank(b))? + 1;
    let word = word_end.checked_sub(5)?;
    if &before[word..word_end] != b"board" {
        return None;
    }
    match before[..word].iter().rposition(|&b| !is_blank(b)) {
        Some(at) if is_break(before[at]) => Some(word),
        Some(_) => None,
        None if line_start => Some(word),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blanked(text: &str, brackets: bool) -> String {
        let mut bytes = text.as_bytes().to_vec();
        blank(&mut bytes, true, |b| b == b'\n', brackets);
        String::from_utf8(bytes).expect("ASCII")
    }

    #[test]
    fn reads_rows_commas_and_the_statement_as_blanks_column_for_column() {
        assert_eq!(blanked("1 2 3/4 5 6/7 8 0", false), "1 2 3 4 5 6 7 8 0");
        assert_eq!(blanked("1,2,3", false), "1 2 3");
        assert_eq!(
            blanked("board = [[1,2,3],[4,0,5]]", false),
            "          1 2 3   4 0 5  "
        );
        // a judge that reads lists keeps its brackets
        assert_eq!(
            blanked("  board=[[1,2,3],[4,0,5]]", true),
            "        [[1 2 3] [4 0 5]]"
        );
        assert_eq!(blanked("x\nboard = [1]\n", false), "x\n         1 \n");
        // anything else is left for the reader to refuse, where it stands
        for text in ["boards = 1", "1 board = 2", "bard = 1", "= 1", "123"] {
            assert_eq!(blanked(text, true), text);
        }
    }
}
