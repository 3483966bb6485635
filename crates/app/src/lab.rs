//! The lab: what the page that runs the searches in a browser (`web/`, this library compiled to
//! WebAssembly) asks of the library, and what it answers, in JSON. A request solves a board with
//! one algorithm, as `eight path --algo ALGO [--heuristic H] --stats` does (the same component,
//! so the same path and the same counts), within a budget of boards; or draws a random board at
//! a distance; or reads a board and tells its estimates, or why it cannot reach the goal.
//!
//! Each search is a component called through [`Search`] alone, never the engine: the engine
//! holds the 3×3 whole-space tables, megabytes a page need not carry. Nothing here reads a clock
//! or starts a thread, so the page times each request itself.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashSet;
use serde::{Deserialize, Serialize};

use crate::gen::walk;
use crate::show::{frames, unreachable};
use eight::puzzle::board::{Board, Shape};
use eight::puzzle::moves::Path;
use eight::solve::breadth_first;
use eight::solve::catalog::{self, Rig, Serves};
use eight::solve::Estimate;
use eight::solve::{Bounds, Query, Search};
use eight::solve::{Control, Outcome};
use eight::solve::{Layer, Want};

/// The boards a search may expand unless the request says: seconds in a browser.
pub const DEFAULT_BUDGET: u64 = 5_000_000;

/// What the page asks.
#[derive(Deserialize, Debug)]
#[serde(tag = "do", rename_all = "lowercase")]
pub enum Request {
    /// Solve `board` with `algo` (`bfs`, `bibfs`, `astar`, `idastar`: the textbook searches and
    /// the bidirectional BFS; `manhattan`, `conflicts`: eight's IDA* on boards of more than 9
    /// cells), `heuristic` guiding `astar` and `idastar`.
    Solve {
        /// `WxH`.
        size: String,
        /// The board, in any layout `eight` reads.
        board: String,
        /// The goal; the tiles in order, the blank last, if not given.
        goal: Option<String>,
        /// The algorithm, by its `--algo` name.
        algo: String,
        /// The estimate, by its `--heuristic` name.
        heuristic: Option<String>,
        /// The most boards it may expand.
        budget: Option<u64>,
    },
    /// A board `distance` moves from the goal: drawn among all those at exactly that distance
    /// on boards of up to 9 cells, `distance` random moves (never undone) on larger ones.
    Random {
        /// `WxH`.
        size: String,
        /// The goal, as for `solve`.
        goal: Option<String>,
        /// The moves from the goal.
        distance: u32,
        /// The random generator's seed.
        seed: u64,
    },
    /// Read `board`: its estimates to the goal, or why it is not a board that reaches it.
    Read {
        /// `WxH`.
        size: String,
        /// The board.
        board: String,
        /// The goal, as for `solve`.
        goal: Option<String>,
    },
}

/// One board of the page's frames: its cells and its estimates to the goal.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Its cells, 0 for the blank.
    pub cells: Vec<u8>,
    /// The tiles off their goal's cell.
    pub misplaced: u32,
    /// The Manhattan distance.
    pub manhattan: u32,
    /// The Manhattan distance plus linear conflicts.
    pub conflicts: u32,
}

impl Frame {
    fn of(board: &Board, goal: &Board) -> Frame {
        Frame {
            cells: board.cells().to_vec(),
            misplaced: Estimate::Misplaced.of(board, goal),
            manhattan: Estimate::Manhattan.of(board, goal),
            conflicts: Estimate::Conflicts.of(board, goal),
        }
    }
}

/// What the lab answers: an error alone, or what the request asked for.
#[derive(Serialize, Debug, Default)]
pub struct Answer {
    /// Why there is no answer: a board that does not read (with its column), one that cannot
    /// reach the goal (the parity's reason), an algorithm that does not run on the size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The board drawn or read, in the notation `eight` prints.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Whether the search spent its budget before it found a path.
    pub spent: bool,
    /// The fewest moves, when found.
    pub distance: Option<u32>,
    /// The canonical path, when found.
    pub path: Option<String>,
    /// Boards expanded, as `--stats` counts them.
    pub expanded: u64,
    /// Boards generated.
    pub generated: u64,
    /// The largest frontier.
    pub peak_frontier: u64,
    /// What a layer's `at` is: `depth` (BFS), `f` (A*) or `bound` (IDA*).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<&'static str>,
    /// The search's progress, layer by layer.
    pub layers: Vec<Layer>,
    /// The boards along the path (the start, for `read`), each with its estimates.
    pub frames: Vec<Frame>,
}

impl Answer {
    fn error(error: String) -> Answer {
        Answer {
            error: Some(error),
            ..Answer::default()
        }
    }
}

/// The answer to `request`, a [`Request`] in JSON, in JSON.
pub fn answer(request: &str) -> String {
    let answer = match serde_json::from_str::<Request>(request) {
        Ok(request) => respond(request).unwrap_or_else(Answer::error),
        Err(error) => Answer::error(format!("a request the lab does not read: {error}")),
    };
    serde_json::to_string(&answer).expect("an answer serializes")
}

/// The shape, start and goal a request names.
fn boards(size: &str, board: Option<&str>, goal: Option<&str>) -> Result<(Board, Board), String> {
    let shape: Shape = size.parse().map_err(|error| format!("size: {error}"))?;
    let goal = match goal {
        Some(text) => Board::parse(text, shape).map_err(|error| format!("goal: {error}"))?,
        None => Board::ordered(shape),
    };
    let board = match board {
        Some(text) => Board::parse(text, shape).map_err(|error| format!("board: {error}"))?,
        None => goal,
    };
    Ok((board, goal))
}

fn respond(request: Request) -> Result<Answer, String> {
    match request {
        Request::Solve {
            size,
            board,
            goal,
            algo,
            heuristic,
            budget,
        } => {
            let (start, goal) = boards(&size, Some(&board), goal.as_deref())?;
            let estimate = match heuristic.as_deref() {
                None => Estimate::Manhattan,
                Some(name) => Estimate::ALL
                    .into_iter()
                    .find(|&(known, _)| known == name)
                    .map(|(_, estimate)| estimate)
                    .ok_or_else(|| {
                        format!("heuristic: {name} is none of misplaced, manhattan, conflicts")
                    })?,
            };
            solve(
                &start,
                &goal,
                &algo,
                estimate,
                budget.unwrap_or(DEFAULT_BUDGET),
            )
        }
        Request::Random {
            size,
            goal,
            distance,
            seed,
        } => {
            let (_, goal) = boards(&size, None, goal.as_deref())?;
            let board = random(&goal, distance, seed)?;
            Ok(read(&board, &goal))
        }
        Request::Read { size, board, goal } => {
            let (board, goal) = boards(&size, Some(&board), goal.as_deref())?;
            match board.reaches(&goal) {
                true => Ok(read(&board, &goal)),
                false => Err(unreachable(&board, &goal)),
            }
        }
    }
}

/// A board's answer to `read`.
fn read(board: &Board, goal: &Board) -> Answer {
    Answer {
        board: Some(board.to_string()),
        frames: vec![Frame::of(board, goal)],
        ..Answer::default()
    }
}

/// The search `algo` names in the catalogue for boards like `goal`, and what its layers are;
/// refused in the catalogue's words where it does not serve them.
fn component(
    algo: &str,
    estimate: Estimate,
    goal: &Board,
) -> Result<(Box<dyn Search>, &'static str), String> {
    let Some(entry) = catalog::named(algo).filter(|entry| entry.lab) else {
        let offered: Vec<&str> = offered().map(|entry| entry.name).collect();
        return Err(format!("algo: {algo} is none of {}", offered.join(", ")));
    };
    if let Some(refusal) = entry.refusal(goal.shape()) {
        return Err(refusal);
    }
    let Some(search) = entry.search(&Rig::alone(estimate)) else {
        return Err(format!("algo: {algo} has no search in the lab"));
    };
    Ok((search, entry.trace))
}

/// The catalogue's components the page offers.
fn offered() -> impl Iterator<Item = &'static catalog::Component> {
    catalog::COMPONENTS.iter().filter(|entry| entry.lab)
}

/// One search the page lists: a component of the catalogue, with an estimate where one guides
/// it.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Offered {
    /// The component's name.
    pub algo: &'static str,
    /// The estimate's name, for a component an estimate guides.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<&'static str>,
    /// What the page calls it.
    pub label: String,
    /// What it is.
    pub about: &'static str,
    /// The sizes it runs on, as the page groups them: `3x3`, `small` (at most 16 cells), `all`
    /// or `large` (more than 9 cells).
    pub sizes: &'static str,
}

/// The searches the page lists, from the catalogue: each component it offers, once an estimate
/// where estimates guide it.
pub fn searches() -> Vec<Offered> {
    let mut list = Vec::new();
    for entry in offered() {
        let sizes = match entry.serves {
            Serves::Square3 => "3x3",
            Serves::UpTo16 => "small",
            Serves::Large => "large",
            Serves::Every | Serves::Databases => "all",
        };
        let estimates: Vec<Option<(&'static str, Estimate)>> = match entry.estimated {
            true => Estimate::ALL.into_iter().map(Some).collect(),
            false => vec![None],
        };
        for estimate in estimates {
            list.push(Offered {
                algo: entry.name,
                heuristic: estimate.map(|(name, _)| name),
                label: match estimate {
                    Some((_, estimate)) => format!("{} {}", entry.label, estimate.label()),
                    None => entry.label.to_string(),
                },
                about: entry.about,
                sizes,
            });
        }
    }
    list
}

/// `algo`'s answer from `start` to `goal`.
fn solve(
    start: &Board,
    goal: &Board,
    algo: &str,
    estimate: Estimate,
    budget: u64,
) -> Result<Answer, String> {
    let (mut search, trace) = component(algo, estimate, goal)?;
    if !start.reaches(goal) {
        return Err(unreachable(start, goal));
    }
    let query = Query {
        start,
        goal,
        limit: None,
        budget,
        bounds: Bounds::All,
        want: Want::Canonical,
    };
    let solution = search.search(&query, &Control::default());
    let report = solution.report;
    let layers = match report.layers.is_empty() {
        true => (report.bounds.iter())
            .map(|bound| Layer::new(bound.bound, bound.nodes))
            .collect(),
        false => report.layers,
    };
    let mut answer = Answer {
        expanded: report.stats.expanded,
        generated: report.stats.generated,
        peak_frontier: report.stats.peak_frontier,
        trace: Some(trace),
        layers,
        ..Answer::default()
    };
    match solution.outcome {
        Outcome::Found(path) => {
            answer.distance = Some(path.len() as u32);
            answer.frames = along(start, goal, &path);
            answer.path = Some(path.to_string());
        }
        _ => answer.spent = true,
    }
    Ok(answer)
}

/// The boards of `path` from `start`, with their estimates.
fn along(start: &Board, goal: &Board, path: &Path) -> Vec<Frame> {
    frames(start, path)
        .iter()
        .map(|(_, board)| Frame::of(board, goal))
        .collect()
}

/// The longest random walk the lab takes: far past every 4×4 board's distance (80 at most).
pub const MOST_WALKED: u32 = 1000;

/// A board `distance` moves from `goal`; see [`Request::Random`].
fn random(goal: &Board, distance: u32, seed: u64) -> Result<Board, String> {
    if distance > MOST_WALKED {
        return Err(format!(
            "distance: at most {MOST_WALKED} moves, not {distance}"
        ));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if goal.cells().len() > 9 {
        return Ok(walk(goal, distance, &mut rng));
    }
    // every board at the distance, by a breadth-first search no deeper
    let mut seen = FxHashSet::default();
    let mut at = Vec::new();
    breadth_first(goal, |board, depth| {
        if depth > distance || !seen.insert(*board) {
            return false;
        }
        if depth == distance {
            at.push(*board);
        }
        depth < distance
    });
    match at.len() {
        0 => Err(format!(
            "no {} board lies {distance} moves from {goal}: take fewer",
            goal.shape()
        )),
        count => Ok(at[rng.random_range(0..count)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eight::solve::Engine;
    use serde_json::{json, Value};

    fn ask(request: Value) -> Value {
        serde_json::from_str(&answer(&request.to_string())).expect("an answer in JSON")
    }

    #[test]
    fn every_algorithm_gives_the_canonical_path_and_its_layers() {
        let board = "8 6 7 2 5 4 3 0 1";
        let expected = "lurdrulurdlldrrululddruulddrurd";
        for (algo, heuristic, trace) in [
            ("bfs", None, "depth"),
            ("bibfs", None, "depth"),
            ("astar", Some("misplaced"), "f"),
            ("astar", Some("conflicts"), "f"),
            ("idastar", Some("manhattan"), "bound"),
            ("idastar", None, "bound"),
        ] {
            let answer = ask(
                json!({"do": "solve", "size": "3x3", "board": board, "algo": algo,
                "heuristic": heuristic}),
            );
            assert_eq!(answer["path"], expected, "{algo} {answer}");
            assert_eq!(answer["distance"], 31);
            assert_eq!(answer["trace"], trace);
            let frames = answer["frames"].as_array().expect("frames");
            assert_eq!(frames.len(), 32);
            assert_eq!(frames[31]["manhattan"], 0);
            let layers = answer["layers"].as_array().expect("layers");
            assert!(!layers.is_empty(), "{algo}");
        }
        // the counts of `--algo idastar --stats`
        let answer = ask(json!({"do": "solve", "size": "3x3", "board": board, "algo": "idastar"}));
        assert_eq!(
            (&answer["expanded"], &answer["generated"]),
            (&json!(14635), &json!(23504))
        );
    }

    #[test]
    fn eight_s_ida_answers_4x4_boards_as_the_engine_does() {
        let board = "5 1 2 3 9 6 7 4 13 10 11 8 14 15 0 12";
        let start = Board::parse(board, Shape::SQUARE4).expect("a board");
        let goal = Board::ordered(Shape::SQUARE4);
        let expected = Engine::default().path(&start, &goal).expect("a path");
        for algo in ["manhattan", "conflicts", "idastar", "astar", "bfs"] {
            let answer = ask(json!({"do": "solve", "size": "4x4", "board": board, "algo": algo}));
            assert_eq!(answer["path"], expected.to_string(), "{algo} {answer}");
        }
    }

    #[test]
    fn a_request_that_cannot_be_answered_says_why() {
        let error = |request: Value| ask(request)["error"].as_str().unwrap_or("").to_string();
        let solve = |size: &str, board: &str, algo: &str| {
            error(json!({"do": "solve", "size": size, "board": board, "algo": algo}))
        };
        assert!(solve("3x3", "1 2 3 4 5 6 8 7 0", "bfs").contains("no move changes that parity"));
        assert!(solve("3x3", "1 2 3 4 5 6 7 8 8", "bfs").starts_with("board: "));
        assert!(
            solve("4x4", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", "bibfs").contains("3x3 boards")
        );
        assert!(solve("3x3", "123456780", "manhattan").contains("more than 9 cells"));
        assert!(solve("3x3", "123456780", "dfs").contains("none of"));
        assert!(error(json!({"do": "fly"})).contains("does not read"));
        let spent = ask(json!({"do": "solve", "size": "3x3", "board": "867254301",
            "algo": "bfs", "budget": 100}));
        assert_eq!(
            (&spent["spent"], &spent["expanded"]),
            (&json!(true), &json!(100))
        );
    }

    #[test]
    fn a_random_board_lies_at_the_distance_asked() {
        let mut engine = Engine::default();
        let goal = Board::ordered(Shape::SQUARE3);
        for (distance, seed) in [(0, 1), (1, 2), (12, 3), (31, 4)] {
            let answer = ask(json!({"do": "random", "size": "3x3", "distance": distance,
                "seed": seed}));
            let board = Board::parse(answer["board"].as_str().expect("a board"), Shape::SQUARE3)
                .expect("a board");
            assert_eq!(engine.distance(&board, &goal), Ok(distance));
        }
        let too_far = ask(json!({"do": "random", "size": "2x3", "distance": 40, "seed": 1}));
        assert!(too_far["error"]
            .as_str()
            .is_some_and(|e| e.contains("take fewer")));
        let walked = ask(json!({"do": "random", "size": "4x4", "distance": 20, "seed": 1}));
        assert!(walked["board"].is_string());
        let far = ask(
            json!({"do": "random", "size": "4x4", "distance": 4_000_000_000u32,
            "seed": 1}),
        );
        assert!(
            far["error"]
                .as_str()
                .is_some_and(|e| e.contains("at most 1000")),
            "{far}"
        );
    }
}
