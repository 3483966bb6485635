//! Judging a program's output like the online judge: one answer line per case, counts compared
//! as integers, paths by the special judge (legal moves that end on the goal, and with
//! `optimal`, no longer than the shortest). Trailing spaces and a final newline do not matter;
//! a missing or extra line does.

use crate::format::{Answer, Judge};
use crate::format::{Cases, InputError, Item, Origin};
use crate::puzzle::moves::Path;
use crate::solve::Engine;

/// What the output earned.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Every case answered right.
    Accepted {
        /// How many cases.
        cases: u64,
    },
    /// The first wrong case.
    Wrong(Wrong),
}

/// The first wrong case of an output.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Wrong {
    /// The case's number, from 1; one past the last case for extra output.
    pub case: u64,
    /// The line of the input where the case starts.
    pub line: u64,
    /// The case's boards, as read.
    pub input: String,
    /// The right answer (the canonical one, for paths).
    pub expected: String,
    /// The program's line, or `None` where it had none.
    pub got: Option<String>,
    /// What is wrong with it.
    pub why: String,
}

/// Judges `output`, a program's answers to `input`, for `judge`.
pub fn judge(
    judge: &Judge,
    input: &[u8],
    output: &[u8],
    optimal: bool,
    engine: &mut Engine,
) -> Result<Verdict, InputError> {
    let text = String::from_utf8_lossy(output);
    let mut lines = text.lines().map(str::trim_end);
    let mut cases = Cases::new(input, Origin::Line, judge.boards);
    let mut count = 0;
    loop {
        let case = match cases
            .next(&mut || Ok(()))
            .expect("reading from memory cannot fail")
        {
            Item::Case(case) => case,
            Item::Malformed(error) => return Err(error),
            Item::End => break,
        };
        count += 1;
        let (start, goal) = judge.problem(case.boards);
        let best = engine.path(&start, &goal);
        let expected = judge.answer.text(best.as_ref());
        let got = lines.next();
        let why = match got {
            None => Some("no answer: the output ended".to_string()),
            Some(got) if judge.answer == Answer::Path => {
                special_judge(got.trim(), &best, &start, &goal, optimal)
            }
            Some(got) => {
                let same = got.trim().parse::<i64>().ok() == expected.parse::<i64>().ok();
                (!same).then(|| "a different count".to_string())
            }
        };
        if let Some(why) = why {
            let boards: Vec<String> = case.boards.iter().map(|board| board.to_string()).collect();
            return Ok(Verdict::Wrong(Wrong {
                case: count,
                line: case.place.line,
                input: boards.join(" "),
                expected,
                got: got.map(str::to_string),
                why,
            }));
        }
    }
    if let Some(extra) = lines.find(|line| !line.trim().is_empty()) {
        return Ok(Verdict::Wrong(Wrong {
            case: count + 1,
            line: 0,
            input: String::new(),
            expected: String::new(),
            got: Some(extra.to_string()),
            why: format!("output after the last of {count} cases"),
        }));
    }
    Ok(Verdict::Accepted { cases: count })
}

/// Why a path line is wrong, if it is.
fn special_judge(
    got: &str,
    best: &Option<Path>,
    start: &crate::Board,
    goal: &crate::Board,
    optimal: bool,
) -> Option<String> {
    let Some(best) = best else {
        return (got != "unsolvable").then(|| "the board cannot reach the goal".to_string());
    };
    if got == "unsolvable" {
        return Some(format!(
            "the board reaches the goal in {} moves",
            best.len()
        ));
    }
    let path: Path = match got.parse() {
        Ok(path) => path,
        Err(letter) => return Some(format!("`{letter}` is not a move (d, l, r, u)")),
    };
    match path.replay(start) {
        Err(illegal) => Some(format!(
            "move {} (`{}`) leaves the board",
            illegal.step + 1,
            path.0[illegal.step].letter()
        )),
        Ok(end) if end != *goal => Some(format!("it ends on {end}, not on the goal {goal}")),
        Ok(_) if optimal && path.len() > best.len() => Some(format!(
            "{} moves, but the shortest has {}",
            path.len(),
            best.len()
        )),
        Ok(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judge::{HDU1043, P1379};

    fn verdict(judge: &Judge, input: &str, output: &str, optimal: bool) -> Verdict {
        let mut engine = Engine::default();
        super::judge(
            judge,
            input.as_bytes(),
            output.as_bytes(),
            optimal,
            &mut engine,
        )
        .expect("well-formed input")
    }

    fn why(verdict: Verdict) -> String {
        match verdict {
            Verdict::Wrong(wrong) => wrong.why,
            Verdict::Accepted { .. } => "accepted".into(),
        }
    }

    #[test]
    fn accepts_counts_with_trailing_spaces_and_no_final_newline() {
        let input = "283104765\n123804765\n";
        assert_eq!(
            verdict(&P1379, input, "4  \n0", false),
            Verdict::Accepted { cases: 2 }
        );
        // compared as integers, as the judges read them
        let as_integers = verdict(&P1379, input, "+4\n00\n", false);
        assert_eq!(as_integers, Verdict::Accepted { cases: 2 });
        let word = verdict(&P1379, input, "4\nzero\n", false);
        assert_eq!(why(word), "a different count");
        assert_eq!(
            why(verdict(&P1379, input, "4\n1\n", false)),
            "a different count"
        );
        assert_eq!(
            why(verdict(&P1379, input, "4\n", false)),
            "no answer: the output ended"
        );
        assert_eq!(
            why(verdict(&P1379, input, "4\n0\n7\n", false)),
            "output after the last of 2 cases"
        );
    }

    #[test]
    fn judges_paths_like_the_special_judge() {
        let one = "1 2 3 4 5 6 7 x 8\n";
        assert_eq!(
            verdict(&HDU1043, one, "r\n", true),
            Verdict::Accepted { cases: 1 }
        );
        assert_eq!(
            verdict(&HDU1043, one, "rlr\n", false),
            Verdict::Accepted { cases: 1 }
        );
        assert_eq!(
            why(verdict(&HDU1043, one, "rlr\n", true)),
            "3 moves, but the shortest has 1"
        );
        assert_eq!(
            why(verdict(&HDU1043, one, "d\n", false)),
            "move 1 (`d`) leaves the board"
        );
        assert_eq!(
            why(verdict(&HDU1043, one, "u\n", false)),
            "it ends on 123406758, not on the goal 123456780"
        );
        assert_eq!(
            why(verdict(&HDU1043, one, "unsolvable\n", false)),
            "the board reaches the goal in 1 moves"
        );
        let solved = "12345678x\n";
        assert_eq!(
            verdict(&HDU1043, solved, "ud\n", false),
            Verdict::Accepted { cases: 1 }
        );
        assert_eq!(
            why(verdict(&HDU1043, solved, "ud\n", true)),
            "2 moves, but the shortest has 0"
        );
        assert_eq!(
            why(verdict(&HDU1043, "21345678x\n", "r\n", false)),
            "the board cannot reach the goal"
        );
    }
}
