//! How a judge's input splits into cases: the framings. A judge's description names one; the
//! reader is the only one that looks inside it, and the rest of `eight` asks a judge's
//! capabilities ([`Framing::counted`], [`Framing::sided`]).

/// How an input splits into cases.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Framing {
    /// Cases one after another, each in as many lines as the statement lays it out in (a board
    /// a line, a row a line, a start and a goal on lines of their own); the input's own layout
    /// is learnt from its first cases and then kept.
    Lines,
    /// The number of cases first (HDU 3567's T, UVa 10181's N), then cases as in `Lines`.
    Counted,
    /// The number of cases first, then cases each opened by a blank line (LightOJ 1121): a blank
    /// line inside a case ends it, malformed.
    CountedBlank,
    /// Each board a list of rows, `[[1,2,3],[4,0,5]]` (LeetCode), read by its brackets.
    Lists,
    /// Each case opens with its side n on a line of its own, and its board is n×n (algs4).
    Sided,
    /// Each case opens with its size on a line of its own, `M N` for M rows of N (POJ 2893,
    /// `both`) or `N` for N×N (HDU 3600), then a row a line; a size of zeros ends the input.
    /// Boards up to 1000×1000, read as grids.
    Sized {
        /// Whether the size gives rows and columns, not one side.
        both: bool,
    },
}

impl Framing {
    /// Whether the input opens with its number of cases.
    pub fn counted(self) -> bool {
        matches!(self, Framing::Counted | Framing::CountedBlank)
    }

    /// Whether each case gives its own side, so that boards of several sizes share an input.
    pub fn sided(self) -> bool {
        matches!(self, Framing::Sided | Framing::Sized { .. })
    }

    /// Whether each case gives one side, so that its board is square (algs4, HDU 3600).
    pub fn square_only(self) -> bool {
        matches!(self, Framing::Sided | Framing::Sized { both: false })
    }

    /// With [`Framing::Sized`], whether a size gives rows and columns; `None` otherwise.
    pub fn sized(self) -> Option<bool> {
        match self {
            Framing::Sized { both } => Some(both),
            _ => None,
        }
    }

    /// Whether `[`, `]` and `,` are part of a board rather than separators.
    pub fn brackets(self) -> bool {
        self == Framing::Lists
    }

    /// Whether a blank line opens each case, so that one inside a case ends it.
    pub fn blank_lines(self) -> bool {
        self == Framing::CountedBlank
    }

    /// The same framing without the number of cases first: for cases given one by one (as
    /// arguments) that hold no count.
    pub fn uncounted(self) -> Framing {
        match self {
            Framing::Counted | Framing::CountedBlank => Framing::Lines,
            framing => framing,
        }
    }
}
