//! How a solving command's arguments are read as cases, beyond the reader's own rules: a count
//! of cases left out by a counted judge's arguments, and what arguments that cannot be boards
//! most likely meant.

use std::ffi::OsString;
use std::path::Path;

use eight::format::Judge;
use eight::puzzle::Shape;
use eight::Board;

/// `argument` with the other notations of a board read as blanks, as the reader reads them
/// ([`eight::format::notation`]), for the guesses below.
pub(super) fn notation(argument: &[u8]) -> Vec<u8> {
    let mut bytes = argument.to_vec();
    eight::format::notation::blank(&mut bytes, true, |_| false, false);
    bytes
}

/// Whether the arguments of a judge whose input opens with its count of cases (HDU 3567,
/// LightOJ 1121, UVa 10181) hold whole cases and no count: they are then read as cases to the
/// end, counted as they come, so that every error keeps the place of the argument it is in.
pub(super) fn uncounted(arguments: &[OsString], judge: &Judge) -> bool {
    if !judge.counted() || arguments.is_empty() {
        return false;
    }
    let text: Vec<String> = arguments
        .iter()
        .map(|a| String::from_utf8_lossy(&notation(a.as_encoded_bytes())).into_owned())
        .collect();
    let tokens: Vec<&str> = text.iter().flat_map(|t| t.split_whitespace()).collect();
    // a token is a cell, or, up to 9 cells a board, a glued row or board
    let glued = judge.shape.cells() <= 9;
    let cells: usize = tokens
        .iter()
        .map(|t| if glued { t.chars().count() } else { 1 })
        .sum();
    let case = judge.shape.cells() * judge.boards;
    let counts_itself = |count: usize| tokens.first() == Some(&count.to_string().as_str());
    cells > 0 && cells % case == 0 && !counts_itself((cells - 1) / case)
}

/// What the arguments most likely meant when they cannot be boards of `judge`: a folder or a
/// file name (boards come from arguments or standard input), or n² numbers without `--size`.
pub(super) fn misread(
    arguments: &[OsString],
    judge: &Judge,
    size: Option<Shape>,
) -> Option<String> {
    let command = judge.command;
    for argument in arguments {
        let text = argument.to_string_lossy();
        let path = Path::new(argument);
        // cells and their separators are never a name
        let glyphs = judge.reading().glyphs;
        let cells = |c: char| {
            c.is_ascii_digit()
                || c.is_whitespace()
                || "xX".contains(c)
                || u8::try_from(c).is_ok_and(|byte| glyphs.cell(byte).is_some())
        };
        let read = String::from_utf8_lossy(&notation(argument.as_encoded_bytes())).into_owned();
        if read.chars().all(cells) || text.parse::<Board>().is_ok() {
            continue;
        }
        if path.is_dir() {
            return Some(format!(
                "`{text}` is a folder, and boards are read from arguments or standard input: \
                 eight {command} < FILE (eight batch checks folders of fixtures)"
            ));
        }
        let named =
            text.contains('/') || (text.contains('.') && text.chars().any(char::is_alphabetic));
        if named && !path.exists() {
            return Some(format!(
                "`{text}`: no such file, and not a board; boards are read from arguments \
                 (eight {command} 12345678x) or standard input (eight {command} < FILE)"
            ));
        }
    }
    let joined: Vec<String> = arguments
        .iter()
        .map(|a| String::from_utf8_lossy(&notation(a.as_encoded_bytes())).into_owned())
        .collect();
    if judge.boards == 2
        && !judge.counted()
        && !judge.sided()
        && Board::parse(&joined.join(" "), judge.shape).is_ok()
    {
        return Some(format!(
            "one board: eight {command} takes a start and then its goal (eight {command} \
             283104765 123804765)"
        ));
    }
    let numbers: Vec<String> = arguments
        .iter()
        .flat_map(|a| {
            a.to_string_lossy()
                .split_whitespace()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect();
    let all_numbers = numbers.iter().all(|n| n.parse::<u16>().is_ok());
    let side = (4..=16).find(|side| side * side == numbers.len());
    match (size, side) {
        (None, Some(side)) if all_numbers && judge.shape.cells() == 9 => Some(format!(
            "{} numbers: a {side}x{side} board? give --size {side}x{side} (boards are 3x3 unless \
             --size says otherwise)",
            numbers.len()
        )),
        _ => None,
    }
}

/// `--max-nodes`: a count of nodes, at least 1, said as a user reads it.
pub(super) fn parse_nodes(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("a search needs at least 1 node: give a positive count".into()),
        Ok(nodes) => Ok(nodes),
        Err(_) => Err(format!(
            "`{text}` is not a count of nodes: a whole number from 1 up (500000000 is a few \
             seconds on 4x4)"
        )),
    }
}

/// `judge` for boards of `size` (`--size`) and with `goal` (`--goal`, read at that size).
/// A judge whose boards give their own side (algs4) takes `--size` only to write boards (`gen`,
/// where the size must be square), never to read them.
pub(super) fn sized(
    judge: &Judge,
    size: Option<Shape>,
    goal: Option<&str>,
    writing: bool,
) -> clap::error::Result<Judge> {
    let invalid =
        |message: String| clap::Error::raw(clap::error::ErrorKind::ValueValidation, message + "\n");
    let mut judge = *judge;
    if let Some(size) = size {
        if judge.sided() && !writing {
            return Err(invalid(format!(
                "{}'s boards give their own size: leave out --size",
                judge.id
            )));
        }
        if judge.square_only() && size.width != size.height {
            return Err(invalid(format!(
                "{}'s boards are square, not {size}",
                judge.id
            )));
        }
        judge = judge.with_shape(size);
    }
    let Some(goal) = goal else {
        return Ok(judge);
    };
    let goal = Board::parse(goal, judge.shape)
        .map_err(|error| invalid(format!("invalid value for '--goal <BOARD>': {error}")))?;
    Ok(judge.with_goal(goal))
}
