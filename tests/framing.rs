//! The reader learns the input's layout (issue 37): one line corrupted inside itself (a number
//! more or fewer, two or three more, a letter, a repeated tile) makes its own case malformed,
//! named at one of its lines, and changes no other case's answer or number, for every judge,
//! in its statement's layout and in the others people write. Issue 58 adds a row lost or left
//! blank and a size that lies (by one, by a lot, a number more or fewer), CRLF, a byte-order
//! mark and a NUL: a judge added later is covered by being described. Seeded; a failure prints
//! the seed's round and the input.

mod common;
use common::run;

use eight::format::judge::{Goal, ALL};
use eight::format::layout::Layout;
use eight::format::{Cases, Item, Judge, Origin};
use eight::puzzle::{Board, Shape};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random board of `shape`, reachable or not.
fn board(shape: Shape, rng: &mut ChaCha8Rng) -> Board {
    let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
    cells.shuffle(rng);
    Board::new(shape, &cells).expect("a permutation")
}

/// The layouts a judge's cases are written in here: its statement's, and for the judges read
/// by lines a board a line and a row a line too.
fn layouts(judge: &Judge) -> Vec<Layout> {
    if judge.framing.sized().is_some() {
        // a case gives its size, and its rows follow: a board a line is read only when whole
        return vec![judge.layout];
    }
    match judge.layout {
        Layout::Lists | Layout::Sided | Layout::Characters(_) => vec![judge.layout],
        layout => vec![layout, Layout::Spaced, Layout::Rows],
    }
}

/// `count` random cases of `judge` written as its layout writes them: the cases, the text's
/// lines (the count of cases first, for a counted judge), and the lines each case takes.
fn written(
    judge: &Judge,
    count: usize,
    rng: &mut ChaCha8Rng,
) -> (Vec<Vec<Board>>, Vec<String>, Vec<std::ops::Range<usize>>) {
    let cases: Vec<Vec<Board>> = (0..count)
        .map(|_| (0..judge.boards).map(|_| board(judge.shape, rng)).collect())
        .collect();
    let mut lines: Vec<String> = Vec::new();
    if judge.counted() {
        lines.push(count.to_string());
    }
    let mut spans = Vec::new();
    for case in &cases {
        let goal = match judge.goal {
            Goal::EachCase => case[1],
            _ => case[0],
        };
        let mut text = Vec::new();
        judge
            .write_case(&case[0], &goal, &mut text)
            .expect("memory");
        let first = lines.len();
        lines.extend(
            String::from_utf8(text)
                .expect("ASCII")
                .lines()
                .map(String::from),
        );
        spans.push(first..lines.len());
    }
    (cases, lines, spans)
}

/// One corruption of a line, inside itself.
#[derive(Clone, Copy, Debug)]
enum Corruption {
    Fewer,
    More(usize),
    Letter,
    Repeated,
}

const CORRUPTIONS: [Corruption; 6] = [
    Corruption::Fewer,
    Corruption::More(1),
    Corruption::More(2),
    Corruption::More(3),
    Corruption::Letter,
    Corruption::Repeated,
];

/// `line` corrupted: a cell is a token, or a character of a glued one.
fn corrupt(line: &str, corruption: Corruption, rng: &mut ChaCha8Rng) -> String {
    let glued = !line.contains([' ', ',']) && line.len() > 1;
    // the cells' places in the line: (start, end) byte ranges
    let mut cells = Vec::new();
    let bytes = line.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at].is_ascii_alphanumeric() {
            let start = at;
            while at < bytes.len() && bytes[at].is_ascii_alphanumeric() && !glued {
                at += 1;
            }
            at = at.max(start + 1);
            cells.push((start, at));
        } else {
            at += 1;
        }
    }
    let pick = rng.random_range(0..cells.len());
    let (start, end) = cells[pick];
    let cell = &line[start..end];
    let separator = if glued {
        ""
    } else if line.contains(',') {
        ","
    } else {
        " "
    };
    match corruption {
        Corruption::Fewer => {
            // the cell and one separator beside it
            let before = start > 0 && matches!(bytes[start - 1], b' ' | b',');
            let after = end < bytes.len() && matches!(bytes[end], b' ' | b',');
            let (start, end) = match (glued, before, after) {
                (true, ..) => (start, end),
                (false, true, _) => (start - 1, end),
                (false, false, true) => (start, end + 1),
                (false, false, false) => (start, end),
            };
            format!("{}{}", &line[..start], &line[end..])
        }
        Corruption::More(count) => {
            let extra: String = (0..count).map(|_| format!("{separator}{cell}")).collect();
            format!("{}{extra}{}", &line[..end], &line[end..])
        }
        Corruption::Letter => format!("{}y{}", &line[..start], &line[end..]),
        Corruption::Repeated => {
            let other = cells
                .iter()
                .map(|&(s, e)| &line[s..e])
                .find(|&c| c != cell)
                .expect("two cells");
            format!("{}{other}{}", &line[..start], &line[end..])
        }
    }
}

/// What reading `text` as `judge`'s gave: each case's number and boards, or `None` with the
/// line of its error.
fn read(judge: &Judge, text: &str) -> Vec<Read> {
    let (read, header) = read_headed(judge, text);
    assert_eq!(header, None, "the count is whole");
    read
}

#[test]
fn one_corrupted_line_changes_no_other_case() {
    let seed = std::env::var("EIGHT_TEST_SEED").map_or(37, |seed| seed.parse().expect("a seed"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tried = 0;
    for judge in ALL {
        for layout in layouts(judge) {
            let judge = Judge { layout, ..*judge };
            for round in 0..200 {
                let count = rng.random_range(2..7usize);
                // the text, and the lines each case takes
                let (cases, mut lines, spans) = written(&judge, count, &mut rng);
                // one line of one case, not a blank one nor a side, corrupted inside itself
                let victim = rng.random_range(0..count);
                let candidates: Vec<usize> = spans[victim]
                    .clone()
                    .filter(|&l| !lines[l].trim().is_empty())
                    .filter(|&l| !(judge.sided() && l == spans[victim].start))
                    .collect();
                let line = candidates[rng.random_range(0..candidates.len())];
                let mut corruption = CORRUPTIONS[rng.random_range(0..CORRUPTIONS.len())];
                // what the layout cannot tell: the first row of 3 cells of an input laid out a
                // row a line, where the statement shows a board a line, with three more cells
                // reads as two rows (the README says so)
                let first_row = victim == 0 && line == candidates[0];
                let rows = layout == Layout::Rows && judge.layout != Layout::Rows;
                if first_row && rows && judge.shape.width == 3 {
                    if let Corruption::More(3) = corruption {
                        corruption = Corruption::More(1);
                    }
                }
                // a cell a line with its cell taken out is a blank line, which every framing reads
                // as no line at all: the line is lost, not corrupted; and it holds no second cell
                // to repeat
                if layout == Layout::Column {
                    if let Corruption::Fewer | Corruption::Repeated = corruption {
                        corruption = Corruption::Letter;
                    }
                }
                let original = lines[line].clone();
                lines[line] = corrupt(&original, corruption, &mut rng);
                assert_ne!(lines[line], original, "{corruption:?}");
                let text = lines.join("\n") + "\n";
                let read = read(&judge, &text);
                let context = format!(
                    "seed {seed}, {} in {layout:?}, round {round}: line {} {original:?} -> {:?} ({corruption:?})\n{text}\n{read:?}",
                    judge.id,
                    line + 1,
                    lines[line]
                );
                check(
                    &read,
                    &cases,
                    Some((victim, spans[victim].clone())),
                    &context,
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 4_000, "{tried}");
}

#[test]
fn uva10181_a_row_of_six_numbers_loses_no_board_after_it() {
    let input = "2\n1 2 3 4 5 6\n5 6 7 8\n9 10 11 12\n13 14 15 0\n\
                 1 2 3 4\n5 6 7 8\n9 10 11 12\n13 0 14 15\n";
    let (stdout, stderr, code) = run(&["uva10181"], input);
    assert_eq!(stdout, "RR\n", "{stderr}");
    assert_eq!(
        stderr,
        "eight: line 2:12: found the end of the line after 6 cells, expected 4 cells on this \
         line, as the statement lays a case out\n"
    );
    assert_eq!(code, Some(2));
}

#[test]
fn lightoj1121_numbers_the_board_after_a_broken_one_by_its_place() {
    let input = "3\n\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n\n1 2 3 4 5 6\n5 6 7 8\n\
                 9 10 11 12\n13 14 15 0\n\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 0 14 15\n";
    let (stdout, stderr, _) = run(&["lightoj1121"], input);
    assert_eq!(stdout, "Case 1: \nCase 3: RR\n", "{stderr}");
    assert!(stderr.starts_with("eight: line 8:12: "), "{stderr}");
}

#[test]
fn pair_with_a_cell_missing_invents_no_answer() {
    // the README's own example of a malformed case, then a real one
    let input = "2 8 3 1 0 4 7 6\n1 2 3 8 0 4 7 6 5\n1 2 3 8 0 4 7 6 5\n1 2 3 8 4 0 7 6 5\n";
    let (stdout, stderr, code) = run(&["pair"], input);
    assert_eq!(stdout, "1\n", "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("line 1:16:"), "{stderr}");
    assert_eq!(code, Some(2));
}

#[test]
fn hdu3567_with_an_eight_character_start_invents_no_answer() {
    let input = "2\n12X45378\n12345678X\n12X453786\n12345678X\n";
    let (stdout, stderr, _) = run(&["hdu3567"], input);
    assert_eq!(stdout, "Case 2: 2\ndd\n", "{stderr}");
    assert_eq!(
        stderr,
        "eight: line 2:1: found `12X45378` (8 characters), expected a cell, a row of 3 cells or \
         a board of 9\n"
    );
}

#[test]
fn rows_a_line_with_a_row_of_four_cells_lose_and_invent_nothing() {
    let input = "2 8 3\n1 0 4\n7 6 5\n1 2 3 4\n8 0 4\n7 6 5\n1 2 3\n8 0 4\n7 6 5\n\
                 2 8 3\n1 0 4\n7 6 5\n";
    let (stdout, stderr, _) = run(&["steps", "--json"], input);
    let numbers: Vec<(u64, Option<u64>)> = stdout
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("a record");
            (
                record["case"].as_u64().expect("a number"),
                record["distance"].as_u64(),
            )
        })
        .collect();
    assert_eq!(
        numbers,
        [(1, Some(4)), (2, None), (3, Some(0)), (4, Some(4))],
        "{stdout}{stderr}"
    );
}

#[test]
fn leetcode773_a_missing_bracket_loses_no_board_after_it() {
    let input = "[[1,2,3],[4,0,5]\n[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n";
    let (stdout, stderr, code) = run(&["leetcode773"], input);
    assert_eq!(stdout, "1\n-1\n", "{stderr}");
    assert_eq!(
        stderr,
        "eight: line 1:17: found the end of the line inside a board's list, expected `]` \
         closing it on its line\n"
    );
    assert_eq!(code, Some(2));
}

#[test]
fn arguments_are_read_as_standard_input_is() {
    // shapes checked alike, and a corrupted board among arguments takes only its own
    let (stdout, stderr, code) = run(&["leetcode773", "[[1,2],[3,4],[0,5]]"], "");
    assert_eq!((stdout.as_str(), code), ("", Some(2)), "{stderr}");
    assert!(stderr.contains("expected lists of 3 cells"), "{stderr}");
    let (stdout, stderr, _) = run(&["steps", "283104765", "28310476", "123804765"], "");
    assert_eq!(stdout, "4\n0\n", "{stderr}");
    let (stdin, _, _) = run(&["steps"], "283104765\n28310476\n123804765\n");
    assert_eq!(stdin, stdout);
}

/// A line lost or lying: a row deleted or blanked, or a case's size that says another size.
#[derive(Clone, Copy, Debug)]
enum Loss {
    /// A row taken out.
    Deleted,
    /// A row left blank.
    Blanked,
    /// The size's numbers, each made this much larger (a side that lies by one, or by a lot).
    Larger(u32),
    /// The size's numbers each one smaller.
    Smaller,
    /// The size's first number written twice.
    Repeated,
    /// The size's last number taken out (a `M N` size only).
    Fewer,
}

const LOSSES: [Loss; 7] = [
    Loss::Deleted,
    Loss::Blanked,
    Loss::Larger(1),
    Loss::Larger(500),
    Loss::Smaller,
    Loss::Repeated,
    Loss::Fewer,
];

/// `line`, a size line, corrupted as `loss` says.
fn lie(line: &str, loss: Loss) -> String {
    let numbers: Vec<u32> = line
        .split_whitespace()
        .map(|number| number.parse().expect("a size"))
        .collect();
    let numbers: Vec<u32> = match loss {
        Loss::Larger(by) => numbers.iter().map(|&n| n + by).collect(),
        Loss::Smaller => numbers.iter().map(|&n| n - 1).collect(),
        Loss::Repeated => [&numbers[..1], &numbers[..]].concat(),
        Loss::Fewer => numbers[..numbers.len() - 1].to_vec(),
        Loss::Deleted | Loss::Blanked => unreachable!("rows, not sizes"),
    };
    numbers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn one_lost_row_or_lying_size_changes_no_other_case() {
    // a case after the first (whose layout is learnt) loses a row, or has one blank, or its
    // size (the judges that give each case's size) lies: that case alone is malformed, named at
    // one of its lines, and each other case is read whole at its true number
    let seed = std::env::var("EIGHT_TEST_SEED").map_or(58, |seed| seed.parse().expect("a seed"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tried = 0;
    for judge in ALL {
        for layout in layouts(judge) {
            let judge = Judge { layout, ..*judge };
            for round in 0..100 {
                let count = rng.random_range(3..7usize);
                // the text, and the lines each case takes
                let (cases, mut lines, spans) = written(&judge, count, &mut rng);
                let victim = rng.random_range(1..count);
                let span = spans[victim].clone();
                let rows: Vec<usize> = span
                    .clone()
                    .filter(|&l| !lines[l].trim().is_empty())
                    .filter(|&l| !(judge.sided() && l == span.start))
                    .collect();
                let loss = LOSSES[rng.random_range(0..LOSSES.len())];
                let sized = judge.sided();
                let both = judge.framing.sized() == Some(true);
                let row_a_line = matches!(
                    layout,
                    Layout::Rows | Layout::Characters(_) | Layout::Sided | Layout::Column
                );
                let line = match loss {
                    // HackerRank's cell a line: a side and a cell are lines of one number alike,
                    // so a side that lies, or a cell lost, is read as the side says (the note of
                    // issue 58)
                    _ if layout == Layout::Column => continue,
                    // a case of one line lost is no case at all, and a board a line lost in a
                    // case of two is a case of two other boards: nothing to tell
                    Loss::Deleted | Loss::Blanked if rows.len() < 2 || !row_a_line => continue,
                    // a row lost from a case of two boards reads, row for row, as boards shifted
                    // by one: whole boards every one, until the input's end (the note of issue
                    // 58 says so)
                    Loss::Deleted if judge.boards == 2 => continue,
                    // a blank first row is a blank line between cases, which every framing
                    // allows: then the same holds
                    Loss::Deleted | Loss::Blanked => {
                        let line = rows[rng.random_range(0..rows.len())];
                        if judge.boards == 2 && line == rows[0] {
                            continue;
                        }
                        line
                    }
                    Loss::Fewer if !both => continue,
                    _ if !sized => continue,
                    _ => span.start,
                };
                let original = lines[line].clone();
                // a row lost (or a first row blank) whose cells the next case's first row holds
                // too reads as a whole board: nothing but the input's end tells it
                let sorted = |text: &str| {
                    let mut cells: Vec<char> =
                        text.chars().filter(|c| !c.is_whitespace()).collect();
                    cells.sort_unstable();
                    cells
                };
                let next_first = spans.get(victim + 1).map(|span| lines[span.start].clone());
                if matches!(loss, Loss::Deleted | Loss::Blanked)
                    && next_first.is_some_and(|next| sorted(&next) == sorted(&original))
                {
                    continue;
                }
                match loss {
                    Loss::Deleted => {
                        lines.remove(line);
                    }
                    Loss::Blanked => lines[line] = String::new(),
                    loss => lines[line] = lie(&original, loss),
                }
                let text = lines.join("\n") + "\n";
                let read = read(&judge, &text);
                let context = format!(
                    "seed {seed}, {} in {layout:?}, round {round}: line {} {original:?} ({loss:?})\n{text}\n{read:?}",
                    judge.id,
                    line + 1,
                );
                check(
                    &read,
                    &cases,
                    Some((victim, spans[victim].clone())),
                    &context,
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 1_000, "{tried}");
}

/// Checks what reading gave against the cases written: each case answered whole at its true
/// number, but `victim`, which is malformed and named at a line of `span`.
fn check(
    read: &[(u64, Result<Vec<Board>, u64>)],
    cases: &[Vec<Board>],
    victim: Option<(usize, std::ops::Range<usize>)>,
    context: &str,
) {
    assert_eq!(read.len(), cases.len(), "{context}");
    for (index, (number, result)) in read.iter().enumerate() {
        assert_eq!(*number, index as u64 + 1, "{context}");
        match (result, &victim) {
            (Ok(boards), _) => {
                assert!(
                    victim.as_ref().map_or(true, |(v, _)| *v != index),
                    "{context}"
                );
                assert_eq!(boards, &cases[index], "{context}");
            }
            (Err(at), Some((victim, span))) => {
                assert_eq!(index, *victim, "{context}");
                let at = *at as usize - 1;
                assert!(at + 1 >= span.start && at <= span.end, "{context}");
            }
            (Err(_), None) => panic!("no case is malformed: {context}"),
        }
    }
}

#[test]
fn bytes_no_text_holds_change_only_their_case() {
    // CRLF line ends and a byte-order mark opening the input change nothing; a NUL inside a
    // line makes that line's case malformed and no other
    let seed = std::env::var("EIGHT_TEST_SEED").map_or(59, |seed| seed.parse().expect("a seed"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tried = 0;
    for judge in ALL {
        for layout in layouts(judge) {
            let judge = Judge { layout, ..*judge };
            for round in 0..20 {
                let count = rng.random_range(2..6usize);
                // the text, and the lines each case takes
                let (cases, lines, spans) = written(&judge, count, &mut rng);
                let context = |what: &str, text: &str, read| {
                    format!(
                        "seed {seed}, {} in {layout:?}, round {round}, {what}:\n{text:?}\n{read:?}",
                        judge.id
                    )
                };
                // the whole input with CRLF line ends, and opened by a byte-order mark
                let crlf = lines.join("\r\n") + "\r\n";
                let read_crlf = read(&judge, &crlf);
                check(
                    &read_crlf,
                    &cases,
                    None,
                    &context("CRLF", &crlf, &read_crlf),
                );
                let bom = format!("\u{feff}{}\n", lines.join("\n"));
                let read_bom = read(&judge, &bom);
                check(&read_bom, &cases, None, &context("a BOM", &bom, &read_bom));
                // a NUL inside a line of a case after the first, not its side
                let victim = rng.random_range(1..count);
                let span = spans[victim].clone();
                let candidates: Vec<usize> = span
                    .clone()
                    .filter(|&l| !lines[l].trim().is_empty())
                    .filter(|&l| !(judge.sided() && l == span.start))
                    .collect();
                let line = candidates[rng.random_range(0..candidates.len())];
                let mut nul = lines.clone();
                let at = rng.random_range(1..nul[line].len().max(2));
                let at = (0..=at)
                    .rev()
                    .find(|&at| nul[line].is_char_boundary(at))
                    .unwrap_or(0);
                nul[line].insert(at, '\0');
                let text = nul.join("\n") + "\n";
                let got = read(&judge, &text);
                check(
                    &got,
                    &cases,
                    Some((victim, span.clone())),
                    &context("a NUL", &text, &got),
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 300, "{tried}");
}

/// A case as reading gave it: its number, and its boards or the line of its error.
type Read = (u64, Result<Vec<Board>, u64>);

/// [`read`], with the error of a count that is no number (`Item::Header`) kept apart: what
/// reading gave, and the line of the header's error, if any.
fn read_headed(judge: &Judge, text: &str) -> (Vec<Read>, Option<u64>) {
    let mut cases = Cases::with(text.as_bytes(), Origin::Line, judge.reading());
    let (mut read, mut header) = (Vec::new(), None);
    loop {
        match cases.next(&mut || Ok(())).expect("memory reads") {
            Item::Case(case) => read.push((case.number, Ok(case.boards.to_vec()))),
            Item::Grid(case) => {
                let grid = case.grid;
                let shape = Shape {
                    width: grid.width as u8,
                    height: grid.height as u8,
                };
                let cells: Vec<u8> = grid.cells.iter().map(|&c| c as u8).collect();
                let board = Board::new(shape, &cells).expect("a small grid is a board");
                read.push((case.number, Ok(vec![board])));
            }
            Item::Malformed(error) => read.push((cases.read(), Err(error.place.line))),
            Item::Header(error) => header = Some(error.place.line),
            Item::End => return (read, header),
        }
    }
}

#[test]
fn a_count_or_size_that_is_a_cell_changes_no_other_case() {
    // the count of a counted judge, or one case's size of a judge that gives sizes, replaced by
    // a token that could be a cell (the blank's letters, a zero, a tile, a letter): a count is
    // reported, never read as a case's first cell, and every case is read whole at its number;
    // a size makes its own case malformed and no other
    let seed = std::env::var("EIGHT_TEST_SEED").map_or(73, |seed| seed.parse().expect("a seed"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tried = 0;
    for judge in ALL {
        if !judge.counted() && !judge.sided() {
            continue;
        }
        for layout in layouts(judge) {
            let judge = Judge { layout, ..*judge };
            for token in ["x", "X", "0", "1", "5", "y", "A", "."] {
                let count = rng.random_range(2..6usize);
                let (cases, mut lines, spans) = written(&judge, count, &mut rng);
                let victim = rng.random_range(0..count);
                let line = match judge.counted() {
                    true => 0,
                    false => spans[victim].start,
                };
                // a size of zeros is the judge's own end of the input
                if token == "0" && judge.framing.sized().is_some() {
                    continue;
                }
                let original = std::mem::replace(&mut lines[line], token.to_string());
                let text = lines.join("\n") + "\n";
                let (read, header) = read_headed(&judge, &text);
                let context = format!(
                    "seed {seed}, {} in {layout:?}: line {} {original:?} -> {token:?}\n{text}\n{read:?}",
                    judge.id,
                    line + 1,
                );
                if judge.counted() {
                    // a number is a count, however wrong: the stream says so, case by case
                    assert!(header.is_none_or(|at| at == 1), "{context}");
                    check(&read, &cases, None, &context);
                } else {
                    // a side of HackerRank's cell a line is a line of one number like a cell
                    if layout == Layout::Column {
                        continue;
                    }
                    check(
                        &read,
                        &cases,
                        Some((victim, spans[victim].clone())),
                        &context,
                    );
                }
                tried += 1;
            }
        }
    }
    assert!(tried > 50, "{tried}");
}

#[test]
fn a_blank_line_at_any_row_of_any_case_changes_no_other_case() {
    // every row of every case, in turn, left blank: that case alone is malformed, named at one
    // of its lines, and every other case is read whole at its number, wherever the row is (the
    // first row of a case too, where the blank could be a gap between cases: the input's end
    // tells, and these inputs end within the reader's look ahead)
    let seed = std::env::var("EIGHT_TEST_SEED").map_or(74, |seed| seed.parse().expect("a seed"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tried = 0;
    for judge in ALL {
        for layout in layouts(judge) {
            let judge = Judge { layout, ..*judge };
            // a case of one line left blank is no case at all: nothing tells it was there; a
            // cell a line's blank is a lost cell (the note of issue 58)
            if layout == Layout::Column || judge.framing.blank_lines() {
                continue;
            }
            for round in 0..3 {
                let count = rng.random_range(2..6usize);
                let (cases, lines, spans) = written(&judge, count, &mut rng);
                for (victim, span) in spans.iter().enumerate() {
                    let rows: Vec<usize> = span
                        .clone()
                        .filter(|&l| !lines[l].trim().is_empty())
                        .filter(|&l| !(judge.sided() && l == span.start))
                        .collect();
                    if rows.len() < 2 {
                        continue;
                    }
                    for &row in &rows {
                        let mut lines = lines.clone();
                        let original = std::mem::take(&mut lines[row]);
                        let text = lines.join("\n") + "\n";
                        let read = read(&judge, &text);
                        let context = format!(
                            "seed {seed}, {} in {layout:?}, round {round}: line {} {original:?} blank\n{text}\n{read:?}",
                            judge.id,
                            row + 1,
                        );
                        check(&read, &cases, Some((victim, span.clone())), &context);
                        tried += 1;
                    }
                }
            }
        }
    }
    assert!(tried > 500, "{tried}");
}
