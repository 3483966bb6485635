//! `--algo`: one of two choices of the library, named as the user knows them. How 3×3 boards are
//! answered ([`Small`]) and which heuristic guides the search of larger ones ([`Guide`]) are
//! separate types; the command line offers the library's catalogue of them as one list of
//! names, and refuses a size in the catalogue's words. `--heuristic` names what guides the
//! textbook A* and IDA*.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use eight::format::Judge;
use eight::solve::catalog::{self, Choice, Component};
use eight::solve::Estimate;
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
    /// The choice of a component of the catalogue.
    fn of(component: &Component) -> Algo {
        match component.choice {
            Choice::Small(small) => Algo::Small(small),
            Choice::Guide(guide) => Algo::Guide(guide),
        }
    }

    /// Its component in the catalogue (`None` for `auto`).
    fn component(self) -> Option<&'static Component> {
        catalog::COMPONENTS
            .iter()
            .find(|&component| Algo::of(component) == self)
    }

    /// Its name on the command line.
    pub(crate) fn name(self) -> &'static str {
        self.component().map_or("auto", |component| component.name)
    }
}

/// `--algo`'s values: `auto`, `table` (the tables that `auto` answers 3x3 boards with, listed
/// beside it: earlier versions took it as a choice of its own), and every component of the
/// catalogue, each with what it is.
pub(super) fn algorithm_parser() -> impl TypedValueParser<Value = Algo> {
    let mut values = vec![
        PossibleValue::new("auto").help("Chosen for the board: the tables, or a heuristic"),
        PossibleValue::new("table").help("The same as auto"),
    ];
    values.extend(
        catalog::COMPONENTS
            .iter()
            .map(|component| PossibleValue::new(component.name).help(component.about)),
    );
    PossibleValuesParser::new(values).map(|name| catalog::named(&name).map_or(Algo::Auto, Algo::of))
}

/// `--algo`'s long help: `auto`, then each component of the catalogue, what it is and the
/// boards it serves.
pub(super) fn algorithm_help() -> String {
    let mut help = String::from(
        "What answers the boards\n\n`auto` (or `table`) looks up the whole-space tables built \
         into the binary (boards of up to 9 cells) and chooses IDA*'s heuristic (larger ones). \
         Or a component, for comparing; answers are the same:\n",
    );
    for component in catalog::COMPONENTS {
        help.push_str(&format!(
            "\n- {}: {} ({})",
            component.name,
            component.about,
            component.serves.said()
        ));
    }
    help
}

/// `--heuristic`'s values: the textbook estimates, by name.
pub(super) fn estimate_parser() -> impl TypedValueParser<Value = Estimate> {
    let values = catalog::ESTIMATES
        .iter()
        .map(|&(estimate, counts)| PossibleValue::new(estimate.name()).help(counts));
    PossibleValuesParser::new(values).map(|name| {
        let found = Estimate::ALL.into_iter().find(|&(known, _)| known == name);
        found.map_or(Estimate::Manhattan, |(_, estimate)| estimate)
    })
}

/// `--heuristic`'s long help: each estimate of the catalogue and what it counts.
pub(super) fn estimate_help() -> String {
    let mut help = String::from(
        "The estimate of the textbook astar and idastar [default: manhattan]\n\nWhat guides \
         `--algo astar` and `idastar`, added up afresh at every board:\n",
    );
    for (estimate, counts) in catalog::ESTIMATES {
        help.push_str(&format!("\n- {}: {counts}", estimate.name()));
    }
    help
}

/// Whether `--algo` (and `--heuristic`) apply to `judge`'s boards: the bidirectional BFS runs on
/// 3x3 boards only, the textbook BFS and A* on boards of at most 16 cells, `--heuristic` guides
/// the textbook A* and IDA* alone, the heuristics of the searches of boards of more than 9 cells
/// do not apply to smaller ones, and the pattern databases serve 4x4 to 7x7 only (boards that
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
    // boards that give their own size are not checked
    let Some(component) = algo.component().filter(|_| !judge.sided()) else {
        return Ok(());
    };
    match component.refusal(shape) {
        None => Ok(()),
        // a heuristic of larger boards asked of small ones: the size may be what is wrong
        Some(refusal) if shape.cells() <= 9 && matches!(component.choice, Choice::Guide(_)) => {
            invalid(format!(
                "--algo {refusal}: give --size 4x4 (or larger), or for {shape} take {}\n",
                catalog::serving(shape)
            ))
        }
        Some(refusal) => invalid(format!(
            "--algo {refusal}: take {}\n",
            catalog::serving(shape)
        )),
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
