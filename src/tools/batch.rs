//! Checking fixture files: every case of an `.in` answered by the canonical engine and compared
//! with the line of its `.out`. Counts must match exactly; a path is judged like the special
//! judge of POJ 1077 and HDU 1043 (legal moves, ends on the goal, minimal length), so a correct
//! path that is not the canonical one still passes.

use std::fmt::Write as _;

use crate::format::{Answer, Judge};
use crate::format::{Cases, InputError, Item, Origin};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Path;
use crate::solve::Engine;

/// The outcome of one file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Every case matched.
    Pass {
        /// How many cases the file holds.
        cases: u64,
    },
    /// The first case that did not match.
    Fail {
        /// The case's number, from 1.
        case: u64,
        /// The line of the `.in` where the case starts.
        line: u64,
        /// What differed.
        reason: String,
    },
    /// More answers than cases.
    Extra {
        /// How many cases the input holds.
        cases: u64,
        /// How many answer lines the `.out` holds.
        lines: u64,
    },
}

/// A solver's answer to one case, before formatting.
struct Solved {
    start: Board,
    goal: Board,
    path: Option<Path>,
}

/// Reads every case of `input` for `judge` and solves it, handing each to `each`.
fn solve_all(
    judge: &Judge,
    input: &[u8],
    engine: &mut Engine,
    each: &mut dyn FnMut(u64, u64, Solved) -> bool,
) -> Result<u64, InputError> {
    let mut cases = Cases::new(input, Origin::Line, judge.boards);
    let mut count = 0;
    loop {
        let case = match cases
            .next(&mut || Ok(()))
            .expect("reading from memory cannot fail")
        {
            Item::Case(case) => case,
            Item::Malformed(error) => return Err(error),
            Item::End => return Ok(count),
        };
        count += 1;
        let (start, goal) = judge.problem(case.boards);
        let path = engine.path(&start, &goal);
        if !each(count, case.place.line, Solved { start, goal, path }) {
            return Ok(count);
        }
    }
}

fn answer_line(judge: &Judge, path: &Option<Path>) -> String {
    judge.answer.text(path.as_ref())
}

/// The canonical answers to every case of `input`, one line each, as `.out` holds them.
pub fn answers(judge: &Judge, input: &[u8], engine: &mut Engine) -> Result<String, InputError> {
    let mut out = String::new();
    solve_all(judge, input, engine, &mut |_, _, solved| {
        out.push_str(&answer_line(judge, &solved.path));
        out.push('\n');
        true
    })?;
    Ok(out)
}

/// Compares the answers to `input` with `expected`, the text of its `.out`.
pub fn check(
    judge: &Judge,
    input: &[u8],
    expected: &str,
    engine: &mut Engine,
) -> Result<Verdict, InputError> {
    let mut lines = expected.lines().map(str::trim_end);
    let mut failure = None;
    let cases = solve_all(judge, input, engine, &mut |case, line, solved| {
        let reason = match lines.next() {
            None => Some(format!(
                "expected nothing (the .out ends), got {}",
                answer_line(judge, &solved.path)
            )),
            Some(recorded) if judge.answer == Answer::Path => judge_path(recorded, &solved),
            Some(recorded) => {
                let got = answer_line(judge, &solved.path);
                (recorded.trim() != got).then(|| format!("expected {}, got {got}", recorded.trim()))
            }
        };
        failure = reason.map(|reason| Verdict::Fail { case, line, reason });
        failure.is_none()
    })?;
    if let Some(failure) = failure {
        return Ok(failure);
    }
    let extra = lines.filter(|line| !line.trim().is_empty()).count() as u64;
    Ok(if extra > 0 {
        Verdict::Extra {
            cases,
            lines: cases + extra,
        }
    } else {
        Verdict::Pass { cases }
    })
}

/// The special judge: why the recorded path is wrong, if it is.
fn judge_path(recorded: &str, solved: &Solved) -> Option<String> {
    let recorded = recorded.trim();
    let Some(best) = &solved.path else {
        return (recorded != "unsolvable")
            .then(|| format!("expected `{recorded}`, got unsolvable"));
    };
    if recorded == "unsolvable" {
        return Some(format!(
            "expected unsolvable, got {best} ({} moves)",
            best.len()
        ));
    }
    let path: Path = match recorded.parse() {
        Ok(path) => path,
        Err(letter) => {
            return Some(format!(
                "expected `{recorded}`, which holds `{letter}`, not a move (d, l, r, u)"
            ))
        }
    };
    let mut reason = String::new();
    match path.replay(&solved.start) {
        Err(illegal) => {
            let step = path.0[illegal.step].letter();
            let _ = write!(
                reason,
                "expected `{recorded}`, whose move {} (`{step}`) leaves the board",
                illegal.step + 1
            );
        }
        Ok(end) if end != solved.goal => {
            let _ = write!(
                reason,
                "expected `{recorded}`, which ends on {end}, not on the goal {}",
                solved.goal
            );
        }
        Ok(_) if path.len() > best.len() => {
            let _ = write!(
                reason,
                "expected `{recorded}`, {} moves, but the shortest has {}: {best}",
                path.len(),
                best.len()
            );
        }
        Ok(_) => return None,
    }
    Some(reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judge::{HDU1043, HOJ10466, P1379};

    fn verdict(judge: &Judge, input: &str, expected: &str) -> Verdict {
        check(judge, input.as_bytes(), expected, &mut Engine::default()).expect("well-formed")
    }

    fn fail(case: u64, line: u64, reason: &str) -> Verdict {
        Verdict::Fail {
            case,
            line,
            reason: reason.into(),
        }
    }

    #[test]
    fn passes_exact_counts_and_any_shortest_legal_path() {
        assert_eq!(
            verdict(&P1379, "283104765\n", "4\r\n"),
            Verdict::Pass { cases: 1 }
        );
        let input = "2 3 4 1 5 x 7 6 8\n12345678x\n";
        assert_eq!(
            verdict(&HDU1043, input, "dlurullddrurdllurdr\n\n"),
            Verdict::Pass { cases: 2 }
        );
        // a board 6 moves from the goal by two paths: the larger one passes too
        let goal = HDU1043.goal.expect("a fixed goal");
        let (start, other) = two_shortest_paths(&goal);
        assert_eq!(
            verdict(&HDU1043, &start.to_string(), &format!("{other}\n")),
            Verdict::Pass { cases: 1 }
        );
    }

    /// A board 6 moves from `goal` (the shortest cycle has 12) with a shortest path that is not its canonical one.
    fn two_shortest_paths(goal: &Board) -> (Board, Path) {
        let oracle = crate::solve::oracle::Oracle::new(*goal);
        let all = itertools::Itertools::multi_cartesian_product(
            (0..6).map(|_| crate::puzzle::moves::Move::ALL.into_iter()),
        );
        for moves in all {
            let path = Path(moves);
            // reversing the moves from the goal gives a board and a path back to the goal
            let back: Path = path
                .0
                .iter()
                .rev()
                .map(|&m| m.opposite())
                .collect::<Vec<_>>()
                .into();
            let Ok(start) = back.replay(goal) else {
                continue;
            };
            let canonical = oracle.path(&start).expect("reachable");
            if canonical.len() == 6 && path != canonical && path.replay(&start) == Ok(*goal) {
                return (start, path);
            }
        }
        panic!("no board of {goal} has two shortest paths of 6 moves");
    }

    #[test]
    fn names_the_first_wrong_case() {
        let input = "283104765\n123804765\n283104765\n";
        assert_eq!(
            verdict(&P1379, input, "4\n1\n5\n"),
            fail(2, 2, "expected 1, got 0")
        );
        assert_eq!(
            verdict(&P1379, input, "4\n0\n"),
            fail(3, 3, "expected nothing (the .out ends), got 4")
        );
        assert_eq!(
            verdict(&P1379, input, "4\n0\n4\n9\n"),
            Verdict::Extra { cases: 3, lines: 4 }
        );
    }

    #[test]
    fn judges_paths_like_the_special_judge() {
        let input = "1 2 3 4 5 6 7 x 8\n";
        assert_eq!(
            verdict(&HDU1043, input, "d\n"),
            fail(1, 1, "expected `d`, whose move 1 (`d`) leaves the board")
        );
        assert_eq!(
            verdict(&HDU1043, input, "u\n"),
            fail(
                1,
                1,
                "expected `u`, which ends on 123406758, not on the goal 123456780"
            )
        );
        assert_eq!(
            verdict(&HDU1043, input, "rlr\n"),
            fail(1, 1, "expected `rlr`, 3 moves, but the shortest has 1: r")
        );
        assert_eq!(
            verdict(&HDU1043, input, "unsolvable\n"),
            fail(1, 1, "expected unsolvable, got r (1 moves)")
        );
        assert_eq!(
            verdict(&HDU1043, "2 1 3 4 5 6 7 8 x", "r\n"),
            fail(1, 1, "expected `r`, got unsolvable")
        );
        assert_eq!(
            verdict(&HDU1043, input, "rx\n"),
            fail(
                1,
                1,
                "expected `rx`, which holds `x`, not a move (d, l, r, u)"
            )
        );
    }

    #[test]
    fn answers_pairs_with_their_own_goals() {
        let input = "2 8 3 1 0 4 7 6 5\n1 2 3 8 0 4 7 6 5\n";
        let answers = answers(&HOJ10466, input.as_bytes(), &mut Engine::default());
        assert_eq!(answers, Ok("4\n".to_string()));
    }
}
