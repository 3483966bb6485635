//! The layout of a case in lines, learnt from the input: how many lines a case takes and how many
//! cells each holds. Until the input shows its own, the statement's layout stands; the first
//! well-formed case fixes it. From then on a line of another count is a corrupted line of the
//! case it falls in (when the line after it is where the layout says), so that the cases after
//! it start where the layout says; a layout that changes is said and learnt again.

/// How the cases of an input lie in its lines.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(super) struct Frame {
    /// The cells of each line of a case; empty while it is being learnt.
    pub(super) lines: Vec<usize>,
    /// The line of the case it was learnt from, or `None` for the statement's own layout.
    pub(super) from: Option<u64>,
    /// Whether cases share lines: each line holds whole cases, any number of them.
    pub(super) shared: bool,
    /// Whether the case it was learnt from had blank lines between its lines (then a blank
    /// line inside a case is no sign that a row is missing).
    pub(super) blank_inside: bool,
}

impl Frame {
    /// The layout a statement shows: each of `boards` boards of `width`×`height` cells on a line
    /// of its own, or (`rows`) a row a line.
    pub(super) fn statement(boards: usize, width: usize, height: usize, rows: bool) -> Frame {
        let lines = match rows {
            true => vec![width; height * boards],
            false => vec![width * height; boards],
        };
        Frame {
            lines,
            from: None,
            shared: false,
            blank_inside: false,
        }
    }

    /// Learns the layout of a case that started on line `from` and took lines of `counts`.
    pub(super) fn learn(&mut self, counts: &[usize], from: u64) {
        self.lines.clear();
        self.lines.extend_from_slice(counts);
        self.from = Some(from);
        self.shared = false;
    }

    /// Learns that cases share lines, from line `from`.
    pub(super) fn share(&mut self, from: u64) {
        self.lines.clear();
        self.from = Some(from);
        self.shared = true;
    }

    /// Forgets the layout, to learn it again.
    pub(super) fn forget(&mut self) {
        self.lines.clear();
        self.shared = false;
    }

    /// Where the layout comes from, for errors: `as the case at line 4 is laid out`.
    pub(super) fn source(&self) -> String {
        match self.from {
            Some(line) => format!("as the case at line {line} is laid out"),
            None => "as the statement lays a case out".into(),
        }
    }

    /// The rows a line of `count` cells most likely holds, when the case's rows are all alike
    /// of `row` cells and it takes `wanted` cells in all: a guess of a case's lines from the line
    /// after a broken one.
    pub(super) fn rows_like(count: usize, width: usize, wanted: usize) -> Option<usize> {
        let whole = count > 0 && count < wanted && count % width == 0 && wanted % count == 0;
        whole.then_some(wanted / count)
    }
}
