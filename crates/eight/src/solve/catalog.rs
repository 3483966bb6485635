//! The catalogue of what a user names to answer boards: the searches and the heuristics of
//! `--algo` and of the lab's page, one entry each, and the textbook estimates of `--heuristic`.
//! An entry says what the component is, the boards it serves, what its progress is counted in,
//! and why it does not serve a size, in the words every front end says (the command line's
//! refusal, the lab's), and makes its search ([`Component::search`]). The command line's list
//! of values, their help, the lab's list of searches and the plan read it. The searches' entries
//! are here; a heuristic's is in its own file, and the list of all is `solve::COMPONENTS`.

use std::sync::Arc;

use super::detours::Machines;
use super::heuristic::Evaluator;
use super::report::Small;
use super::search::{Bibfs, Ida, Search, Textbook};
use super::textbook::{Estimate, PACKED_CELLS};
use crate::puzzle::board::Shape;

/// The heuristic that guides IDA* on boards of more than 9 cells (`--algo
/// auto|manhattan|conflicts|pdb`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Guide {
    /// Chosen for the board and what the cache holds: linear conflicts first where databases are
    /// not ready, pattern databases where they serve.
    #[default]
    Auto,
    /// A heuristic that needs no tables, the search it guides made by its entry of the
    /// catalogue: the Manhattan distance ([`Guide::MANHATTAN`]), linear conflicts
    /// ([`Guide::CONFLICTS`]), or a program's own.
    Heuristic(Guided),
    /// Pattern databases (the family `--pdb` chooses), never linear conflicts first.
    Pdb,
}

/// An IDA* guided by a heuristic that needs no tables, as the catalogue holds it: the name its
/// answers are reported under, and how its search is made for a run.
#[derive(Clone, Copy)]
pub struct Guided {
    /// Its name, as `--algo`, `--stats` and the reports say it.
    pub name: &'static str,
    /// Its search, made with the run's threads and duplicate-path machines.
    pub search: fn(&Rig) -> Box<dyn Search>,
}

/// Two guides of one name are one: a function's address is not a name.
impl PartialEq for Guided {
    fn eq(&self, other: &Guided) -> bool {
        self.name == other.name
    }
}

impl Eq for Guided {}

impl std::fmt::Debug for Guided {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(formatter, "Guided({})", self.name)
    }
}

/// What an entry is given to make its search: the run's threads, the engine's duplicate-path
/// machines and the estimate that guides the textbook searches.
pub struct Rig<'a> {
    jobs: usize,
    machines: Option<&'a Arc<Machines>>,
    estimate: Estimate,
}

impl<'a> Rig<'a> {
    /// A search on one thread, with machines of its own (the lab's), the textbook searches
    /// guided by `estimate`.
    pub fn alone(estimate: Estimate) -> Rig<'static> {
        Rig {
            jobs: 1,
            machines: None,
            estimate,
        }
    }

    /// A search on `jobs` threads that cuts the detours of `machines`, the textbook searches
    /// guided by `estimate`.
    pub(crate) fn new(jobs: usize, machines: &'a Arc<Machines>, estimate: Estimate) -> Rig<'a> {
        Rig {
            jobs,
            machines: Some(machines),
            estimate,
        }
    }

    /// IDA* guided by `evaluator`'s heuristic.
    pub fn ida<E: Evaluator + 'static>(&self, evaluator: E) -> Box<dyn Search> {
        let ida = Ida::new(evaluator, self.jobs);
        Box::new(match self.machines {
            Some(machines) => ida.with_machines(machines),
            None => ida,
        })
    }
}

/// What a component is, and so which choice of the engine it makes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    /// How 3×3 boards are answered (and the textbook searches, on every size).
    Small(Small),
    /// The heuristic that guides IDA* on boards of more than 9 cells.
    Guide(Guide),
}

/// The boards a component serves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Serves {
    /// 3×3 boards alone.
    Square3,
    /// Boards of at most [`PACKED_CELLS`] cells: the search keeps every board it meets.
    UpTo16,
    /// Boards of every size.
    Every,
    /// Boards of more than 9 cells (smaller ones are answered from whole-space tables).
    Large,
    /// 4×4 and 5×5 boards: the pattern databases' sizes.
    Databases,
}

/// One component of the catalogue.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Component {
    /// Its name, as `--algo` and the lab take it.
    pub name: &'static str,
    /// What the lab's page calls it.
    pub label: &'static str,
    /// What it is, a line.
    pub about: &'static str,
    /// The engine's choice it makes.
    pub choice: Choice,
    /// The boards it serves.
    pub serves: Serves,
    /// Whether a textbook estimate (`--heuristic`) guides it.
    pub estimated: bool,
    /// What its progress is counted in: `depth` (BFS), `f` (A*) or `bound` (IDA*).
    pub trace: &'static str,
    /// Whether the lab's page offers it (the pattern databases take a native build).
    pub lab: bool,
}

/// The bidirectional BFS of 3×3 boards.
pub const BIBFS: Component = Component {
    name: "bibfs",
    label: "bidirectional BFS",
    about: "two breadth-first searches, from the start and the goal, that meet",
    choice: Choice::Small(Small::Bibfs),
    serves: Serves::Square3,
    estimated: false,
    trace: "depth",
    lab: true,
};

/// The textbook breadth-first search.
pub const BFS: Component = Component {
    name: "bfs",
    label: "BFS",
    about: "breadth-first search from the goal",
    choice: Choice::Small(Small::Bfs),
    serves: Serves::UpTo16,
    estimated: false,
    trace: "depth",
    lab: true,
};

/// The textbook A*.
pub const ASTAR: Component = Component {
    name: "astar",
    label: "A*",
    about: "the textbook A*, guided by an estimate",
    choice: Choice::Small(Small::Astar),
    serves: Serves::UpTo16,
    estimated: true,
    trace: "f",
    lab: true,
};

/// The textbook IDA*.
pub const IDASTAR: Component = Component {
    name: "idastar",
    label: "IDA*",
    about: "the textbook IDA*, guided by an estimate",
    choice: Choice::Small(Small::Idastar),
    serves: Serves::Every,
    estimated: true,
    trace: "bound",
    lab: true,
};

/// eight's IDA* with pattern databases, planned per board (`engine/databases.rs`).
pub const PDB: Component = Component {
    name: "pdb",
    label: "eight's IDA* pattern databases",
    about: "eight's IDA* with pattern databases",
    choice: Choice::Guide(Guide::Pdb),
    serves: Serves::Databases,
    estimated: false,
    trace: "bound",
    lab: false,
};

/// Every component, as listed where the solvers' modules are declared (`solve/mod.rs`): a
/// heuristic's entry is defined in its own file.
pub use super::COMPONENTS;

/// The textbook estimates that guide `--algo astar` and `idastar` (`--heuristic`), each with
/// what it counts: added up afresh at every board, every one admissible.
pub const ESTIMATES: [(Estimate, &str); 3] = [
    (Estimate::Misplaced, "the tiles off their goal's cell"),
    (Estimate::Manhattan, "each tile's rows and columns from it"),
    (
        Estimate::Conflicts,
        "the Manhattan distance plus linear conflicts",
    ),
];

/// The component of this name.
pub fn named(name: &str) -> Option<&'static Component> {
    COMPONENTS.iter().find(|component| component.name == name)
}

impl Serves {
    /// The boards served, in words.
    pub fn said(self) -> &'static str {
        match self {
            Serves::Square3 => "3x3 boards",
            Serves::UpTo16 => "boards of at most 16 cells",
            Serves::Every => "boards of every size",
            Serves::Large => "boards of more than 9 cells",
            Serves::Databases => "4x4 to 7x7 boards",
        }
    }

    /// Whether boards of `shape` are served.
    pub fn fits(self, shape: Shape) -> bool {
        match self {
            Serves::Square3 => shape == Shape::SQUARE3,
            Serves::UpTo16 => shape.cells() <= PACKED_CELLS,
            Serves::Every => true,
            Serves::Large => shape.cells() > 9,
            Serves::Databases => (4..=7).any(|side| shape == Shape::square(side)),
        }
    }
}

impl Component {
    /// Its search, made for a query with `rig`; `None` for the components the engine keeps or
    /// plans itself (the pattern databases, chosen and fetched per board).
    pub fn search(&self, rig: &Rig) -> Option<Box<dyn Search>> {
        Some(match self.choice {
            Choice::Small(Small::Bibfs) => Box::new(Bibfs::default()),
            Choice::Small(Small::Bfs) => Box::new(Textbook::Bfs),
            Choice::Small(Small::Astar) => Box::new(Textbook::Astar(rig.estimate)),
            Choice::Small(Small::Idastar) => Box::new(Textbook::Idastar(rig.estimate)),
            Choice::Guide(Guide::Heuristic(guided)) => (guided.search)(rig),
            Choice::Small(Small::Table) | Choice::Guide(Guide::Auto | Guide::Pdb) => return None,
        })
    }

    /// Why it does not serve boards of `shape`, the same words everywhere; `None` where it
    /// serves them.
    pub fn refusal(&self, shape: Shape) -> Option<String> {
        let name = self.name;
        // a heuristic of larger boards is refused on small ones first for what it is
        let small = matches!(self.choice, Choice::Guide(_)) && shape.cells() <= 9;
        let serves = if small { Serves::Large } else { self.serves };
        (!self.serves.fits(shape)).then(|| match serves {
            Serves::Square3 => format!("{name} runs on 3x3 boards, not {shape}"),
            Serves::UpTo16 => format!(
                "{name} keeps every board it meets, packed in a word: boards of at most \
                 {PACKED_CELLS} cells, not {shape}"
            ),
            Serves::Large => format!(
                "{name} chooses the heuristic of boards of more than 9 cells, and {shape} boards \
                 are answered from whole-space tables"
            ),
            Serves::Databases => {
                format!("{name}: pattern databases serve 4x4 to 7x7 boards, not {shape}")
            }
            Serves::Every => unreachable!("every size is served"),
        })
    }
}

/// What serves boards of `shape`, in words: `auto` first (the whole-space tables on boards of
/// up to 9 cells), then the heuristics of larger boards, then the textbook searches.
pub fn serving(shape: Shape) -> String {
    let serves = |small: bool| -> Vec<&'static str> {
        COMPONENTS
            .iter()
            .filter(|component| matches!(component.choice, Choice::Small(_)) == small)
            .filter(|component| component.serves.fits(shape))
            .map(|component| component.name)
            .collect()
    };
    let either = |names: &[&str]| match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    };
    let (heuristics, searches) = (serves(false), serves(true));
    match heuristics.is_empty() {
        true => format!("auto (the whole-space tables), {}", either(&searches)),
        false => format!(
            "auto, {}, or the textbook {}",
            heuristics.join(", "),
            either(&searches)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_size_is_served_and_refused_in_one_set_of_words() {
        let shape = |w, h| Shape::new(w, h).expect("a shape");
        assert_eq!(
            serving(Shape::SQUARE3),
            "auto (the whole-space tables), bibfs, bfs, astar or idastar"
        );
        assert_eq!(
            serving(Shape::SQUARE4),
            "auto, manhattan, conflicts, pdb, or the textbook bfs, astar or idastar"
        );
        assert_eq!(
            serving(shape(6, 6)),
            "auto, manhattan, conflicts, pdb, or the textbook idastar"
        );
        assert_eq!(
            serving(shape(8, 8)),
            "auto, manhattan, conflicts, or the textbook idastar"
        );
        let bibfs = named("bibfs").expect("bibfs");
        assert_eq!(bibfs.refusal(Shape::SQUARE3), None);
        assert_eq!(
            bibfs.refusal(shape(3, 2)).as_deref(),
            Some("bibfs runs on 3x3 boards, not 3x2")
        );
        let pdb = named("pdb").expect("pdb");
        assert!(pdb.refusal(Shape::SQUARE5).is_none());
        let refused = |component: &Component, shape| component.refusal(shape).unwrap_or_default();
        assert!(refused(pdb, shape(4, 3)).starts_with("pdb: pattern databases serve 4x4 to 7x7"));
        assert!(refused(pdb, Shape::SQUARE3).contains("more than 9 cells"));
        // every component serves some size, and each name is one component's
        for component in COMPONENTS {
            assert!([Shape::SQUARE3, Shape::SQUARE4]
                .iter()
                .any(|&s| component.serves.fits(s)));
            assert_eq!(named(component.name), Some(&component));
        }
    }
}
