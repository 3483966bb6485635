//! Issue 73, "nothing lies": every combination of the flags that skip or bound proof is run on
//! boards whose truth is cheap (walks on 4x3, 3x4 and 4x4, measured by a plain breadth-first
//! search written here), and every claim the output makes is checked against the true distance:
//! `optimal`, `lower_bound`, `within`, a count, a path's length and canonicity, a unit's
//! `next_bound` and what `merge` makes of a wave. A combination that cannot keep its claims is
//! refused, and the test knows which are. A flag added later is covered by being listed in
//! [`FLAGS`].

mod common;
use common::run;

use std::collections::{HashMap, VecDeque};

use serde_json::Value;

/// A board of at most 16 cells, four bits a cell.
type Packed = u64;

/// The moves of the blank in the canonical order, with the change of its row and column.
const MOVES: [(char, i32, i32); 4] = [('d', 1, 0), ('l', 0, -1), ('r', 0, 1), ('u', -1, 0)];

/// A board size, W columns by H rows, and the true distance to its goal of every board within
/// `depth` moves of it.
struct Truth {
    width: usize,
    height: usize,
    distance: HashMap<Packed, u32>,
}

impl Truth {
    /// The plain breadth-first search from the goal (tiles in order, the blank last), `depth`
    /// moves deep: obviously right, and cheap at these depths.
    fn new(width: usize, height: usize, depth: u32) -> Truth {
        let mut truth = Truth {
            width,
            height,
            distance: HashMap::new(),
        };
        let goal = truth.goal();
        truth.distance.insert(pack(&goal), 0);
        let mut queue = VecDeque::from([(goal, 0)]);
        while let Some((cells, moves)) = queue.pop_front() {
            if moves == depth {
                continue;
            }
            for step in 0..4 {
                if let Some(next) = truth.play(&cells, step) {
                    if let std::collections::hash_map::Entry::Vacant(entry) =
                        truth.distance.entry(pack(&next))
                    {
                        entry.insert(moves + 1);
                        queue.push_back((next, moves + 1));
                    }
                }
            }
        }
        truth
    }

    fn goal(&self) -> Vec<u8> {
        let cells = self.width * self.height;
        (1..cells as u8).chain([0]).collect()
    }

    /// The board after the blank's move `step` (an index of [`MOVES`]), if legal.
    fn play(&self, cells: &[u8], step: usize) -> Option<Vec<u8>> {
        let blank = cells.iter().position(|&cell| cell == 0)?;
        let (row, column) = ((blank / self.width) as i32, (blank % self.width) as i32);
        let (_, down, right) = MOVES[step];
        let (row, column) = (row + down, column + right);
        if row < 0 || column < 0 || row >= self.height as i32 || column >= self.width as i32 {
            return None;
        }
        let target = row as usize * self.width + column as usize;
        let mut next = cells.to_vec();
        next.swap(blank, target);
        Some(next)
    }

    /// `cells` after `path`, or `None` at an illegal move or a letter that is no move.
    fn replay(&self, cells: &[u8], path: &str) -> Option<Vec<u8>> {
        path.chars().try_fold(cells.to_vec(), |cells, letter| {
            let step = MOVES.iter().position(|&(name, _, _)| name == letter)?;
            self.play(&cells, step)
        })
    }

    /// The canonical path (the smallest of the shortest in the order d < l < r < u): at each
    /// board, the first move that comes one move nearer.
    fn canonical(&self, cells: &[u8]) -> String {
        let mut cells = cells.to_vec();
        let mut path = String::new();
        let mut left = self.distance[&pack(&cells)];
        while left > 0 {
            let (step, next) = (0..4)
                .filter_map(|step| Some((step, self.play(&cells, step)?)))
                .find(|(_, next)| self.distance.get(&pack(next)) == Some(&(left - 1)))
                .expect("a move nearer");
            path.push(MOVES[step].0);
            cells = next;
            left -= 1;
        }
        path
    }

    /// A walk of `moves` random moves from the goal (never undoing the last), seeded.
    fn walk(&self, moves: usize, seed: u64) -> Vec<u8> {
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut cells = self.goal();
        let mut last: Option<usize> = None;
        let mut made = 0;
        while made < moves {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let step = (state >> 33) as usize % 4;
            // d and u undo each other, as l and r do
            if last == Some(3 - step) {
                continue;
            }
            if let Some(next) = self.play(&cells, step) {
                cells = next;
                last = Some(step);
                made += 1;
            }
        }
        cells
    }

    fn size(&self) -> String {
        format!("{}x{}", self.width, self.height)
    }
}

fn pack(cells: &[u8]) -> Packed {
    cells
        .iter()
        .fold(0, |packed, &cell| packed << 4 | Packed::from(cell))
}

fn spelled(cells: &[u8]) -> String {
    cells
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A case: its cells, and its true distance (`None`: it does not reach the goal).
struct Case {
    cells: Vec<u8>,
    distance: Option<u32>,
}

/// The boards a shape is tried on: the goal itself, walks of several lengths, and one that does
/// not reach the goal (two tiles swapped).
fn cases(truth: &Truth, walks: &[usize]) -> Vec<Case> {
    // a walk longer than the search's depth may end past it: the first seed whose walk ends
    // within it is taken
    let mut cases: Vec<Case> = walks
        .iter()
        .map(|&moves| {
            (0..10_000)
                .find_map(|seed| {
                    let cells = truth.walk(moves, seed);
                    let distance = *truth.distance.get(&pack(&cells))?;
                    Some(Case {
                        cells,
                        distance: Some(distance),
                    })
                })
                .expect("a walk that ends within the search's depth")
        })
        .collect();
    let mut swapped = truth.goal();
    swapped.swap(0, 1);
    cases.push(Case {
        cells: swapped,
        distance: None,
    });
    cases
}

/// Each flag that skips or bounds proof, with the values the sweep gives it (`None`: left out;
/// an empty value: the flag alone). A flag added to the engine is covered by a line here.
const FLAGS: [(&str, &[Option<&str>]); 7] = [
    ("--bound", &[None, Some("0"), Some("9"), Some("40")]),
    ("--fast", &[None, Some("")]),
    ("--within", &[None, Some("1.5")]),
    ("--time", &[None, Some("30ms")]),
    ("--max-nodes", &[None, Some("300"), Some("30000")]),
    (
        "--algo",
        &[
            None,
            Some("manhattan"),
            Some("conflicts"),
            Some("pdb"),
            Some("idastar"),
            Some("astar"),
            Some("bfs"),
        ],
    ),
    ("--pdb", &[None, Some("6-6-3")]),
];

/// Whether eight must refuse the flags `given` on boards of `size`: the combinations that
/// could not keep their claims (and the usage errors of a family or a heuristic of another
/// size). Every other combination must answer.
fn refused(given: &HashMap<&str, &str>, size: &str) -> bool {
    let has = |flag: &str| given.contains_key(flag);
    let bounded = has("--fast") || has("--within") || has("--time");
    let textbook = matches!(given.get("--algo"), Some(&("idastar" | "astar" | "bfs")));
    let square4 = size == "4x4";
    (has("--bound") && bounded)
        || (textbook && (bounded || has("--bound")))
        || (has("--pdb") && !square4)
        || (given.get("--algo") == Some(&"pdb") && !square4)
}

/// Every combination of [`FLAGS`]' values.
fn combinations() -> Vec<Vec<(&'static str, &'static str)>> {
    let mut all: Vec<Vec<(&str, &str)>> = vec![Vec::new()];
    for (flag, values) in FLAGS {
        all = all
            .into_iter()
            .flat_map(|given| {
                values.iter().map(move |value| {
                    let mut given = given.clone();
                    if let Some(value) = value {
                        given.push((flag, *value));
                    }
                    given
                })
            })
            .collect();
    }
    all
}

/// Checks every claim of `record` (a `--json` line of `command` for `case`) against the truth;
/// `within`, the factor asked, if any.
fn check_record(
    truth: &Truth,
    case: &Case,
    record: &Value,
    (command, within): (&str, Option<f64>),
    said: &str,
) {
    if record.get("error").is_some() {
        // an error claims nothing: a budget spent, a factor not proved
        return;
    }
    let solvable = record["solvable"].as_bool().expect("solvable");
    assert_eq!(solvable, case.distance.is_some(), "{said}: {record}");
    let Some(distance) = case.distance else {
        assert!(record["path"].is_null(), "{said}: {record}");
        assert!(record["distance"].is_null(), "{said}: {record}");
        return;
    };
    let proved_optimal = record["optimal"].as_bool() != Some(false);
    let claimed = record["distance"].as_u64().expect("a distance") as u32;
    if let Some(lower) = record["lower_bound"].as_u64() {
        assert!(
            lower as u32 <= distance,
            "{said}: a lower bound above {distance}: {record}"
        );
    }
    if let Some(factor) = record["within"].as_f64() {
        assert!(
            factor * f64::from(distance) + 1e-9 >= f64::from(claimed) && factor >= 1.0,
            "{said}: within {factor} of {distance}: {record}"
        );
    }
    if let Some(asked) = within {
        assert!(
            f64::from(claimed) <= asked * f64::from(distance) + 1e-9,
            "{said}: --within {asked} of {distance}: {record}"
        );
    }
    match record["path"].as_str() {
        Some(path) => {
            assert_eq!(path.len() as u32, claimed, "{said}: {record}");
            assert_eq!(
                truth.replay(&case.cells, path),
                Some(truth.goal()),
                "{said}: a path that does not reach the goal: {record}"
            );
            if proved_optimal {
                assert_eq!(path, truth.canonical(&case.cells), "{said}: {record}");
            }
        }
        None => assert_eq!(command, "steps", "{said}: no path: {record}"),
    }
    if proved_optimal {
        assert_eq!(claimed, distance, "{said}: {record}");
    }
}

/// The sweep on one shape: every combination, `path` and `steps`, on `walks`' boards.
fn sweep(truth: &Truth, walks: &[usize]) {
    let cases = cases(truth, walks);
    let boards: Vec<String> = cases.iter().map(|case| spelled(&case.cells)).collect();
    let size = truth.size();
    let mut answered = 0;
    for combination in combinations() {
        let given: HashMap<&str, &str> = combination.iter().copied().collect();
        // a 4x4 search resumed at a bound takes the 7-8 databases at once, minutes to build on
        // a new machine: it is swept with the 6-6-3 databases, manhattan and conflicts
        let strong = matches!(given.get("--algo"), None | Some(&"pdb"));
        if size == "4x4" && given.contains_key("--bound") && !given.contains_key("--pdb") && strong
        {
            continue;
        }
        let within = given.get("--within").map(|w| w.parse().expect("a factor"));
        for command in ["path", "steps"] {
            let mut args = vec![command, "--size", &size, "--json"];
            for (flag, value) in &combination {
                args.push(flag);
                if !value.is_empty() {
                    args.push(value);
                }
            }
            args.extend(boards.iter().map(String::as_str));
            let said = args[..args.len() - boards.len()].join(" ");
            let (out, err, code) = run(&args, "");
            if refused(&given, &size) {
                assert_eq!(
                    (out.as_str(), code),
                    ("", Some(2)),
                    "{said}: not refused: {err}"
                );
                assert!(err.starts_with("eight: "), "{said}: {err}");
                continue;
            }
            assert!(!out.is_empty(), "{said}: refused: {err}");
            let records: Vec<Value> = out
                .lines()
                .map(|line| serde_json::from_str(line).expect("a record"))
                .collect();
            assert_eq!(records.len(), cases.len(), "{said}: {out}");
            for (index, (record, case)) in records.iter().zip(&cases).enumerate() {
                assert_eq!(record["case"], index as u64 + 1, "{said}: {out}");
                check_record(truth, case, record, (command, within), &said);
            }
            answered += 1;
        }
    }
    // the sweep is no sweep if nearly everything is refused
    assert!(answered > 100, "{size}: {answered} combinations answered");
}

#[test]
fn every_proof_skipping_flag_keeps_its_claims_on_4x3_or_is_refused() {
    let truth = Truth::new(4, 3, 16);
    sweep(&truth, &[1, 2, 9, 16, 30]);
}

#[test]
fn every_proof_skipping_flag_keeps_its_claims_on_3x4_or_is_refused() {
    let truth = Truth::new(3, 4, 16);
    sweep(&truth, &[1, 3, 11, 40]);
}

#[test]
fn every_proof_skipping_flag_keeps_its_claims_on_4x4_or_is_refused() {
    let truth = Truth::new(4, 4, 14);
    sweep(&truth, &[1, 12, 40]);
}

/// The records of one wave of `command`'s units for `board` at `bound` in `parts` shares, with
/// `flags`; `None` where a unit wrote none (its budget spent).
fn wave(
    size: &str,
    command: &str,
    board: &str,
    (bound, parts): (u32, u32),
    flags: &[&str],
) -> Option<Vec<Value>> {
    (1..=parts)
        .map(|part| {
            let (bound, share) = (bound.to_string(), format!("{part}/{parts}"));
            let mut args = vec![command, "--size", size, "--json", "--bound", &bound];
            args.extend(["--part", &share]);
            args.extend(flags);
            args.push(board);
            let (out, _, code) = run(&args, "");
            (code == Some(0)).then(|| serde_json::from_str(out.trim()).expect("a record"))
        })
        .collect()
}

/// `eight merge` of `records`, with `flags`: its output, standard error and status.
fn merge(records: &[Value], flags: &[&str]) -> (String, String, Option<i32>) {
    let lines: String = records.iter().map(|record| format!("{record}\n")).collect();
    let mut args = vec!["merge"];
    args.extend(flags);
    run(&args, &lines)
}

#[test]
fn a_unit_and_its_wave_claim_only_what_the_truth_holds() {
    for (width, height, depth, walk) in [(4, 3, 12, 10), (3, 4, 12, 9), (4, 4, 10, 8)] {
        let truth = Truth::new(width, height, depth);
        let size = truth.size();
        for (seed, case) in cases(&truth, &[walk, 3]).iter().enumerate() {
            let board = spelled(&case.cells);
            let mut guides = vec![vec!["--algo", "manhattan"], vec!["--algo", "conflicts"]];
            guides.push(vec!["--max-nodes", "40"]);
            if size == "4x4" {
                guides.push(vec!["--pdb", "6-6-3"]);
            }
            let last = case.distance.unwrap_or(2) + 2;
            for bound in 0..=last {
                for (command, flags) in ["path", "steps"].iter().zip(guides.iter().cycle()) {
                    let said = format!("{size} {seed} {command} {flags:?} at {bound}");
                    let Some(records) = wave(&size, command, &board, (bound, 2), flags) else {
                        continue;
                    };
                    for record in &records {
                        if let Some(next) = record["next_bound"].as_u64() {
                            assert!(next as u32 > bound, "{said}: {record}");
                            let distance = case.distance.expect("solvable");
                            assert!(next as u32 <= distance, "{said}: {record}");
                        }
                        if let Some(path) = record["path"].as_str() {
                            // shorter where the wave's bound is past the distance: merge
                            // then refuses, as checked below
                            assert!(path.len() as u32 <= bound, "{said}: {record}");
                            let end = truth.replay(&case.cells, path);
                            assert_eq!(end, Some(truth.goal()), "{said}: {record}");
                        }
                    }
                    let (out, err, code) = merge(&records, &[]);
                    match (case.distance, code) {
                        (None, Some(0)) => {
                            let unsolvable = match *command {
                                "path" => "unsolvable\n",
                                _ => "-1\n",
                            };
                            assert_eq!(out, unsolvable, "{said}: {err}");
                        }
                        (Some(distance), Some(0)) => {
                            let answer = match *command {
                                "path" => truth.canonical(&case.cells),
                                _ => distance.to_string(),
                            };
                            assert_eq!(bound, distance, "{said}: {out}");
                            assert_eq!(out, format!("{answer}\n"), "{said}: {err}");
                        }
                        (Some(distance), Some(1)) => {
                            let next: u32 = out.trim().parse().expect("a bound");
                            assert!(bound < next && next <= distance, "{said}: {out}");
                        }
                        (_, Some(2)) => {
                            assert!(bound > case.distance.unwrap_or(0), "{said}: {err}")
                        }
                        _ => panic!("{said}: {out} {err} {code:?}"),
                    }
                }
            }
        }
    }
}

#[test]
fn a_wave_s_next_bound_is_true_whatever_a_record_is_changed_to() {
    // a wave that holds no path: merge gives the true next bound (exit 1), a bound it may
    // lower but never raise past the truth nor put at or below the wave's, or refuses; and two
    // records of one share that differ in anything but time and host are refused, whichever
    // comes first
    let truth = Truth::new(4, 4, 0);
    let board = "1 2 7 4 14 3 10 8 5 11 0 12 15 6 9 13";
    let (distance, bound) = (32, 30);
    let flags = ["--algo", "manhattan"];
    let wave = wave(&truth.size(), "path", board, (bound, 2), &flags).expect("a wave");
    assert!(
        wave.iter()
            .all(|record| !record["slices"].as_array().expect("slices").is_empty()),
        "the wave's units tell their slices"
    );
    let (out, err, code) = merge(&wave, &[]);
    assert_eq!((out.as_str(), code), ("32\n", Some(1)), "{err}");
    let folder = tempfile_folder();
    let even = folder.join("even");
    let even_flag = ["--even", even.to_str().expect("a path")];
    let (_, err, code) = merge(&wave, &even_flag);
    assert_eq!(code, Some(1), "{err}");
    let cut = std::fs::read_to_string(&even).expect("the cut");
    let slices = wave[0]["slices"].as_array().expect("slices").clone();
    let mut fewer = slices.clone();
    fewer.pop();
    let mut doubled = slices.clone();
    for slice in &mut doubled {
        slice["nodes"] = (slice["nodes"].as_u64().expect("nodes") * 2).into();
    }
    let mut reversed = slices.clone();
    reversed.reverse();
    let changes: Vec<(&str, Value)> = vec![
        ("next_bound", bound.into()),
        ("next_bound", (bound - 1).into()),
        ("next_bound", 0.into()),
        ("next_bound", 31.into()),
        ("next_bound", 33.into()),
        ("next_bound", 1000.into()),
        ("next_bound", Value::Null),
        ("path", "r".into()),
        ("slices", fewer.into()),
        ("slices", doubled.into()),
        ("slices", reversed.into()),
        ("slices", serde_json::json!([])),
        ("slices", wave[1]["slices"].clone()),
        ("start", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15".into()),
        ("goal", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15".into()),
        ("expanded", 0.into()),
        ("bound", 31.into()),
        ("bound", 40.into()),
    ];
    for index in 0..wave.len() {
        for (field, value) in &changes {
            let mut changed = wave.clone();
            changed[index][*field] = value.clone();
            let said = format!("record {index}, {field} = {value}");
            let beside = [changed.clone(), wave.clone()].concat();
            let before = [wave.clone(), changed.clone()].concat();
            for records in [changed, beside, before] {
                let (out, err, code) = merge(&records, &even_flag);
                match code {
                    Some(1) => {
                        let next: u32 = out.trim().parse().expect("a bound");
                        assert!(bound < next && next <= distance, "{said}: {out}");
                        // the next wave's cut is the one the wave's own records make
                        let now = std::fs::read_to_string(&even).expect("the cut");
                        let shared = records.len() > 2;
                        assert!(!shared || now == cut, "{said}: {now} against {cut}");
                    }
                    Some(2) => {}
                    _ => panic!("{said}: {out} {err} {code:?}"),
                }
            }
        }
    }
}

/// A folder of this test's own in the build's temporary folder.
fn tempfile_folder() -> std::path::PathBuf {
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("claims-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder");
    folder
}
