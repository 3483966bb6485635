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

/// `--algo`'s values: each choice's name, and `table`, the tables that `auto` answers 3x3 boards
/// with, listed beside it (earlier versions took it as a choice of its own).
pub(super) fn algorithm_parser() -> impl TypedValueParser<Value = Algo> {
    let mut values: Vec<PossibleValue> = Algo::ALL
        .iter()
        .map(|&(name, _)| PossibleValue::new(name))
        .collect();
    values.insert(1, PossibleValue::new("table").help("The same as auto"));
    PossibleValuesParser::new(values).map(|name| {
        let found = Algo::ALL.into_iter().find(|&(known, _)| known == name);
        found.map_or(Algo::Auto, |(_, algo)| algo)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_listed_and_answers_as_auto() {
        let parser = algorithm_parser();
        let names: Vec<String> = parser
            .possible_values()
            .expect("a list")
            .map(|value| value.get_name().to_string())
            .collect();
        assert_eq!(names[..3], ["auto", "table", "bibfs"]);
        let command = clap::Command::new("t");
        let parsed = parser.parse_ref(&command, None, std::ffi::OsStr::new("table"));
        assert_eq!(parsed.expect("a value"), Algo::Auto);
    }
}
