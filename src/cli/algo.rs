//! `--algo`: one of two choices of the library, named as the user knows them. How 3×3 boards are
//! answered ([`Small`]) and which heuristic guides the search of larger ones ([`Guide`]) are
//! separate types; the command line offers them as one list of names.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use eight::{Guide, Small};

/// What `--algo` asks for: one of two choices, how 3×3 boards are answered or which heuristic
/// guides the search of larger ones, or neither (`auto`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Algo {
    /// Both chosen for the board.
    Auto,
    /// How 3×3 boards are answered.
    Small(Small),
    /// The heuristic of boards of more than 9 cells.
    Guide(Guide),
}

impl Algo {
    /// Every value, by its name on the command line.
    const ALL: [(&'static str, Algo); 8] = [
        ("auto", Algo::Auto),
        ("bibfs", Algo::Small(Small::Bibfs)),
        ("bfs", Algo::Small(Small::Bfs)),
        ("astar", Algo::Small(Small::Astar)),
        ("idastar", Algo::Small(Small::Idastar)),
        ("manhattan", Algo::Guide(Guide::Manhattan)),
        ("conflicts", Algo::Guide(Guide::Conflicts)),
        ("pdb", Algo::Guide(Guide::Pdb)),
    ];

    /// Its name on the command line.
    pub(crate) fn name(self) -> &'static str {
        Algo::ALL
            .into_iter()
            .find(|&(_, algo)| algo == self)
            .map_or("auto", |(name, _)| name)
    }
}

/// `--algo`'s values: each choice's name, and `table`, which earlier versions took for the
/// tables that `auto` answers 3x3 boards with.
pub(super) fn algorithm_parser() -> impl TypedValueParser<Value = Algo> {
    let values = Algo::ALL.map(|(name, _)| match name {
        "auto" => PossibleValue::new("auto").alias("table"),
        name => PossibleValue::new(name),
    });
    PossibleValuesParser::new(values).map(|name| {
        let found = Algo::ALL.into_iter().find(|&(known, _)| known == name);
        found.map_or(Algo::Auto, |(_, algo)| algo)
    })
}
