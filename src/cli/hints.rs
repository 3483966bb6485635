//! Words for a newcomer where a run would otherwise leave them guessing: each command has a
//! goal of its own, so a board typed to the wrong command is `-1` or `unsolvable` with no word
//! of the goal it was tried against; and a command with no arguments waits on the terminal.

use std::ffi::OsString;

use eight::format::judge::{self, Goal};
use eight::format::Judge;
use eight::Board;

/// For the first board of `arguments` that cannot reach the goal of `judge` (its own, not one
/// given with `--goal`): which goal that was, and the goal of another command that the board
/// reaches. Each argument is read as a board alone, and then all of them as one board (`eight
/// steps 2 8 3 1 0 4 7 6 5`).
pub(super) fn other_goal(judge: &Judge, arguments: &[OsString]) -> Option<String> {
    let Goal::Fixed(goal) = judge.goal else {
        return None;
    };
    if judge.boards != 1 || judge.sided() {
        return None;
    }
    let words: Vec<String> = arguments
        .iter()
        .map(|argument| argument.to_string_lossy().into_owned())
        .collect();
    let whole = words.join(" ");
    let board = words
        .iter()
        .chain(std::iter::once(&whole))
        .filter_map(|word| Board::parse(word, judge.shape).ok())
        .find(|board| !board.reaches(&goal))?;
    let (other, reached) = elsewhere(&board, &goal)?;
    Some(format!(
        "{board} cannot reach {goal}, the goal of `eight {}`: the parities of their tiles' \
         inversions differ; it reaches {reached}, the goal of `eight {}` ({}): for that goal, \
         `eight {} --goal {reached}`",
        judge.command,
        other.command,
        other.name(),
        judge.command,
    ))
}

/// Says [`other_goal`]'s words on standard error, if it has any.
pub(super) fn tell_other_goal(judge: &Judge, arguments: &[OsString]) {
    if let Some(note) = other_goal(judge, arguments) {
        super::report::warn(&note);
    }
}

/// The first judge of `board`'s shape whose own goal `board` reaches, where it does not reach
/// `goal`: the command it was meant for, most likely.
pub(super) fn elsewhere(board: &Board, goal: &Board) -> Option<(&'static Judge, Board)> {
    judge::ALL.into_iter().find_map(|other| match other.goal {
        Goal::Fixed(reached)
            if other.shape == board.shape()
                && other.boards == 1
                && reached != *goal
                && board.reaches(&reached) =>
        {
            Some((other, reached))
        }
        _ => None,
    })
}

/// What a run of `command` that reads cases from a terminal says first, so that it is not taken
/// for a hang.
pub(super) fn when_typing(command: &str) {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal() {
        super::report::warn(&format_args!(
            "reading cases from the terminal: type them as the judge's input has them, then \
             Ctrl-D (`eight {command} --help` says what a case is)"
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path() -> &'static Judge {
        Judge::from_name("path").expect("a judge")
    }

    #[test]
    fn a_board_of_the_other_class_is_told_the_goal_it_reaches() {
        let note = other_goal(path(), &["283104765".into()]).expect("a note");
        assert!(
            note.starts_with("283104765 cannot reach 123456780, the goal of `eight path`"),
            "{note}"
        );
        assert!(
            note.contains("it reaches 123804765, the goal of `eight steps` (Luogu P1379)"),
            "{note}"
        );
        let cells: Vec<OsString> = "2 8 3 1 0 4 7 6 5".split(' ').map(Into::into).collect();
        assert!(other_goal(path(), &cells).is_some());
    }

    #[test]
    fn a_board_that_reaches_the_goal_has_no_note() {
        assert_eq!(other_goal(path(), &["234150768".into()]), None);
        assert_eq!(other_goal(path(), &["not a board".into()]), None);
        let pair = Judge::from_name("pair").expect("a judge");
        assert_eq!(other_goal(pair, &["283104765".into()]), None);
    }
}
