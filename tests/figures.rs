//! The guide's figures held to what the commands print, as its `$` examples are (issue 74): a
//! number the prose states is read out of the prose, beside the words that say what it is, and
//! compared with what eight prints. Times are not held here (no test times anything; they are
//! the benchmarks'), nor the measurements of the performance page, which take hours.

mod common;

use std::fs;
use std::path::Path;

/// A document of the repository, its whitespace runs made one space (a claim may span lines).
fn document(path: &str) -> String {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|error| panic!("{path}: {error}"));
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The number written right after `words` in `text` (`50,000,000`: commas left out).
fn figure(text: &str, words: &str) -> u64 {
    let at = text
        .find(words)
        .unwrap_or_else(|| panic!("the words `{words}` are gone"))
        + words.len();
    let digits: String = text[at..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no number after `{words}`"))
}

/// What `eight ARGS` prints, standard output then standard error.
fn printed(args: &[&str]) -> String {
    let output = common::eight().args(args).output().expect("runs");
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

#[test]
fn the_80_move_board_s_fast_length_is_what_fast_prints() {
    // "gets 86 moves out of the box (84 once the 7-8 databases are cached ...)": the test's
    // cache holds what the tests built (6-6-3), and 7-8 only if a run built it
    let sizes = document("docs/src/sizes.md");
    let board = "0 12 9 13 15 11 10 14 3 7 5 6 4 8 2 1";
    let claim = format!("The 80-move 4×4 board `{board}` gets ");
    let out_of_the_box = figure(&sizes, &claim);
    let with_7_8 = figure(
        &sizes,
        &format!("{claim}{out_of_the_box} moves out of the box ("),
    );
    let cached = common::test_cache().join("eight/pdb-78-v2.bin").exists()
        || common::test_cache().join("pdb-78-v2.bin").exists();
    let mut args = vec!["steps", "--size", "4x4", "--fast"];
    args.extend(board.split(' '));
    let length: u64 = printed(&args)
        .lines()
        .next()
        .and_then(|line| line.parse().ok())
        .expect("a length");
    let said = if cached { with_7_8 } else { out_of_the_box };
    assert_eq!(length, said, "sizes.md says {said}, --fast prints {length}");
}

#[test]
fn the_walks_gen_names_and_the_default_budget_are_the_guide_s() {
    // "walks of up to about 60 moves from the goal fit": gen says the same number when it
    // refuses random boards with answers
    let sizes = document("docs/src/sizes.md");
    let walk = figure(&sizes, "which walks of up to about ");
    let refusal = printed(&["gen", "steps", "--size", "5x5", "--json"]);
    assert_eq!(
        figure(&refusal, "walks of up to "),
        walk,
        "sizes.md: {walk}; gen: {refusal}"
    );
    // "50,000,000 by default up to 25 cells", as --max-nodes' help gives it
    let budget = figure(&sizes, "within `--max-nodes` (");
    let help = printed(&["steps", "--help"])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(figure(&help, "on 4x4; "), budget, "{help}");
    // the 15-puzzle's chapter: 7-8 is built once the searches spent 4 billion nodes, as --pdb's
    // help says
    let fifteen = document("docs/src/fifteen.md");
    let spent = figure(&fifteen, "once the run's 6-6-3 searches have spent ");
    assert_eq!(
        figure(&help, "then 7-8 built once the searches spent "),
        spent,
        "{help}"
    );
}
