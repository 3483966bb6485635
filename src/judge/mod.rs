//! The judges' formats. Each judge reads cases of one or two boards and writes one line per
//! case; [`run`] streams any of them from a reader to a writer.

use std::io::{self, Read, Write};

use crate::board::Board;
use crate::input::{Cases, InputError, Item, Origin};

pub mod pair;
pub mod path;
pub mod steps;

pub use pair::Pair;
pub use path::PathJudge;
pub use steps::Steps;

/// A judge's format: how many boards make a case, and how a case is answered.
pub trait Judge {
    /// Boards in one case: 1, or 2 for a start and its goal.
    const BOARDS: usize;

    /// Writes the answer line of one case of [`Judge::BOARDS`] boards.
    fn answer(&mut self, boards: &[Board], out: &mut dyn Write) -> io::Result<()>;
}

/// What a run read.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Outcome {
    /// Cases answered.
    pub answered: u64,
    /// Malformed cases reported and skipped.
    pub malformed: u64,
}

/// Answers every case of `input` in order, one line each on `out`, and reports each malformed
/// case to `report`. Memory does not grow with the number of cases; `out` is flushed before
/// every read that could block, so an interactive user sees each answer at once.
pub fn run<J: Judge>(
    judge: &mut J,
    input: impl Read,
    origin: Origin,
    out: &mut impl Write,
    report: &mut dyn FnMut(&InputError),
) -> io::Result<Outcome> {
    let mut cases = Cases::new(input, origin, J::BOARDS);
    let mut outcome = Outcome::default();
    loop {
        match cases.next(&mut || out.flush())? {
            Item::Case(case) => {
                judge.answer(case.boards, out)?;
                outcome.answered += 1;
            }
            Item::Malformed(error) => {
                report(&error);
                outcome.malformed += 1;
            }
            Item::End => break,
        }
    }
    out.flush()?;
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `judge` over `input`, returning standard output and the reported errors.
    pub(crate) fn answers<J: Judge>(judge: &mut J, input: &str) -> (String, Vec<String>) {
        let mut out = Vec::new();
        let mut errors = Vec::new();
        run(judge, input.as_bytes(), Origin::Line, &mut out, &mut |e| {
            errors.push(e.to_string())
        })
        .expect("memory streams do not fail");
        (String::from_utf8(out).expect("answers are ASCII"), errors)
    }

    #[test]
    fn answers_the_cases_around_a_malformed_one() {
        let (out, errors) = answers(&mut Steps::default(), "283104765\n2831\n123804765\n");
        assert_eq!(out, "4\n0\n");
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].starts_with("line 2:1: found `2831`"),
            "{errors:?}"
        );
    }
}
