//! `--algo`: one of two choices of the library, named as the user knows them. How 3×3 boards are
//! answered ([`Small`]) and which heuristic guides the search of larger ones ([`Guide`]) are
//! separate types; the command line offers them as one list of names. `--heuristic` names what
//! guides the textbook A* and IDA*, and the two are checked against the boards' size here.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use eight::format::Judge;
use eight::puzzle::Shape;
use eight::solve::{Estimate, MOST_PACKED_CELLS};
use eight::{Engine, Guide, Small};

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

/// `--heuristic`'s values: the textbook estimates, by name.
pub(super) fn estimate_parser() -> impl TypedValueParser<Value = Estimate> {
    let names: Vec<&str> = Estimate::ALL.iter().map(|&(name, _)| name).collect();
    PossibleValuesParser::new(names).map(|name| {
        let found = Estimate::ALL.into_iter().find(|&(known, _)| known == name);
        found.map_or(Estimate::Manhattan, |(_, estimate)| estimate)
    })
}

/// Whether `--algo` (and `--heuristic`) apply to `judge`'s boards: the bidirectional BFS runs on
/// 3x3 boards only, the textbook BFS and A* on boards of at most 16 cells, `--heuristic` guides
/// the textbook A* and IDA* alone, the heuristics of the searches of boards of more than 9 cells
/// do not apply to smaller ones, and the pattern databases serve 4x4 and 5x5 only (boards that
/// give their own size are not checked).
pub(super) fn algorithm_fits(
    judge: &Judge,
    algo: Algo,
    estimate: Option<Estimate>,
) -> clap::error::Result<()> {
    let invalid = |message: String| {
        Err(clap::Error::raw(
            clap::error::ErrorKind::ValueValidation,
            message,
        ))
    };
    let name = algo.name();
    let shape = judge.shape;
    if let (Some(estimate), false) = (
        estimate,
        matches!(algo, Algo::Small(Small::Astar | Small::Idastar)),
    ) {
        return invalid(format!(
            "--heuristic {} guides the textbook searches --algo astar and idastar, not --algo \
             {name}: give one of them, or leave --heuristic out\n",
            estimate.name()
        ));
    }
    let smaller = match shape {
        Shape::SQUARE3 => "auto, bibfs, bfs, astar or idastar",
        _ => "auto, bfs, astar or idastar",
    };
    match algo {
        _ if judge.sided() => Ok(()),
        Algo::Auto => Ok(()),
        Algo::Small(Small::Bibfs | Small::Table) if shape != Shape::SQUARE3 => {
            let instead = match shape.cells() {
                ..=9 => "take auto (the whole-space tables), bfs, astar or idastar",
                10..=16 => {
                    "take auto, manhattan, conflicts, pdb, or the textbook bfs, astar or idastar"
                }
                _ => "take auto, manhattan, conflicts, pdb, or the textbook idastar",
            };
            invalid(format!(
                "--algo {name} runs on 3x3 boards, not {shape}: {instead}\n"
            ))
        }
        Algo::Small(Small::Bfs | Small::Astar) if shape.cells() > MOST_PACKED_CELLS => {
            invalid(format!(
                "--algo {name} keeps every board it meets, packed in a word: boards of at most 16 \
                 cells, not {shape}: take auto, manhattan, conflicts, or the textbook idastar\n"
            ))
        }
        Algo::Small(_) => Ok(()),
        Algo::Guide(_) if shape.cells() <= 9 => invalid(format!(
            "--algo {name} chooses the heuristic of boards of more than 9 cells, and {shape} \
             boards are answered from whole-space tables: give --size 4x4 (or larger), or for \
             {shape} take {smaller}\n"
        )),
        Algo::Guide(Guide::Pdb) if ![Shape::SQUARE4, Shape::SQUARE5].contains(&shape) => {
            invalid(format!(
                "--algo pdb: pattern databases serve 4x4 and 5x5 boards, not {shape}: take \
                 manhattan or conflicts\n"
            ))
        }
        Algo::Guide(_) => Ok(()),
    }
}

/// `engine` with the choice `--algo` made, if it made one.
pub(super) fn with_algo(engine: Engine, algo: Algo) -> Engine {
    match algo {
        Algo::Auto => engine,
        Algo::Small(small) => engine.with_small(small),
        Algo::Guide(guide) => engine.with_guide(guide),
    }
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
