//! How an answer is checked against what was expected: its heading, its count as the judge's
//! text, its path replayed (legal moves, reaching the goal, as short as the shortest, the
//! canonical one where the judge asks), and the farthest boards of `find`.

use super::*;

impl Answer {
    /// Checks the answer `lines` ([`Answer::lines`] of them, trailing whitespace ignored) of
    /// case `case` against `expected`. A path passes when it is legal and ends on the goal (and
    /// is no longer than the canonical one when `policy` asks for the shortest, and is the
    /// canonical one when the judge takes only that), as the online judges' checkers accept any
    /// correct path; a count, a word or a scatter must be the canonical one.
    pub fn check(
        self,
        spelling: &Spelling,
        case: u64,
        lines: &[String],
        expected: &mut Expected,
        policy: Policy,
    ) -> Result<(), Fault> {
        let lines = match spelling.separated && case > 1 {
            true if !lines[0].trim_end().is_empty() => return Err(Fault::EmptyLine),
            true => &lines[1..],
            false => lines,
        };
        if self == Answer::Farthest {
            return check_farthest(spelling, case, lines, expected, policy);
        }
        let best = expected.found.path();
        let boards = || expected.boards.ok_or(Fault::Different);
        // the judges compare lines as text, blanks at a line's end aside; a special judge of
        // paths (HDU 1043, POJ 1077, UVa 10181) reads a word, blanks before it aside
        let word = |line: &'_ str| -> Result<(), Fault> {
            let reads_a_word =
                self == Answer::Path && !spelling.canonical_only && !spelling.numbered;
            match line.starts_with(char::is_whitespace) && !reads_a_word {
                true => Err(Fault::Spacing),
                false => Ok(()),
            }
        };
        let first = lines[0].trim_end();
        let first = match spelling.numbered {
            true => {
                let heading = spelling.heading(case);
                if first == heading.trim_end() {
                    ""
                } else if let Some(rest) = first.strip_prefix(&heading) {
                    rest
                } else if first.trim_start().starts_with(heading.trim_end()) {
                    return Err(Fault::Spacing);
                } else {
                    return Err(Fault::Heading { expected: heading });
                }
            }
            false => first,
        };
        word(first)?;
        let first = first.trim_start();
        let bare = Spelling {
            numbered: false,
            separated: false,
            ..*spelling
        };
        let canonical = || self.text(&bare, case, expected.found);
        let count = |line: &str| match line == Answer::Count.text(&bare, case, expected.found) {
            true => Ok(()),
            false => Err(Fault::Count),
        };
        match self {
            Answer::Count => count(first),
            Answer::Scatter if first == canonical() => Ok(()),
            Answer::Scatter => Err(Fault::Count),
            Answer::Solvable { .. } if first == canonical() => Ok(()),
            Answer::Solvable { .. } => Err(Fault::Different),
            Answer::Path => {
                let (start, goal) = boards()?;
                check_path(first, spelling, start, goal, best, policy)
            }
            Answer::CountThenMoves => {
                let (start, goal) = boards()?;
                let Some(best) = best else {
                    return match first == spelling.no_count {
                        true => Ok(()),
                        false => Err(Fault::Unreachable),
                    };
                };
                if first == spelling.no_count {
                    return Err(Fault::Reachable {
                        shortest: best.len(),
                    });
                }
                let moves = &lines[1..];
                let digits = !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit());
                if !digits || first.parse::<usize>().ok() != Some(moves.len()) {
                    return Err(Fault::Count);
                }
                let mut letters = String::with_capacity(moves.len());
                for line in moves {
                    let line = line.trim_end();
                    let step = Move::ALL.into_iter().find(|&step| move_word(step) == line);
                    let step = step.ok_or_else(|| Fault::NotAWord(line.to_string()))?;
                    letters.push(step.letter());
                }
                let small = Spelling {
                    capitals: false,
                    ..*spelling
                };
                check_path(&letters, &small, start, goal, Some(best), policy)
            }
            Answer::CountThenPath => {
                count(first)?;
                let second = lines[1].trim_end();
                word(second)?;
                let (start, goal) = boards()?;
                match best {
                    None if second.is_empty() => Ok(()),
                    None => Err(Fault::Unreachable),
                    Some(_) => check_path(second, spelling, start, goal, best, policy),
                }
            }
            Answer::Farthest => unreachable!("checked above"),
        }
    }
}

/// UVa 10085's check: the heading, a board whose rows are numbers, a path from the start in
/// capitals that ends on it, the board as far from the start as the canonical one, and the
/// empty line after.
fn check_farthest(
    spelling: &Spelling,
    case: u64,
    lines: &[String],
    expected: &mut Expected,
    policy: Policy,
) -> Result<(), Fault> {
    let heading = format!("Puzzle #{case}");
    match lines[0].trim_end() {
        line if line == heading => {}
        line if line.trim_start() == heading => return Err(Fault::Spacing),
        _ => return Err(Fault::Heading { expected: heading }),
    }
    let farthest = expected.found.path().map_or(0, Path::len);
    let cells: Option<Vec<u8>> = lines[1..4]
        .iter()
        .flat_map(|line| line.split_whitespace())
        .map(|token| token.parse().ok())
        .collect();
    let Some((start, _)) = expected.boards else {
        return Err(Fault::Different);
    };
    let shape = start.shape();
    let board = cells
        .and_then(|cells| Board::new(shape, &cells))
        .ok_or(Fault::NotABoard)?;
    let line = lines[4].trim_end();
    if line.starts_with(char::is_whitespace) {
        return Err(Fault::Spacing);
    }
    let (end, moves) = replay(line, spelling, start)?;
    if end != board {
        return Err(Fault::EndsElsewhere {
            end: end.to_string(),
            goal: board.to_string(),
        });
    }
    let distance = (expected.distance)(&board).unwrap_or(0);
    if distance != farthest {
        return Err(Fault::NotFarthest { distance, farthest });
    }
    if policy.minimal && moves > farthest {
        return Err(Fault::Longer {
            moves,
            shortest: farthest,
        });
    }
    match lines[5].trim_end().is_empty() {
        true => Ok(()),
        false => Err(Fault::EmptyLine),
    }
}

/// Replays the moves spelled by `line` from `start`: the board they end on and how many they
/// are, or the first letter that is no move or leaves the board. Every letter is read first,
/// and no path is built: an answer line can be as long as the output limit.
fn replay(line: &str, spelling: &Spelling, start: &Board) -> Result<(Board, usize), Fault> {
    for letter in line.chars() {
        spelling.read_letter(letter)?;
    }
    let mut board = *start;
    let mut moves = 0;
    for (step, letter) in line.chars().enumerate() {
        let next = spelling.read_letter(letter)?;
        if !board.slide(next) {
            return Err(Fault::LeavesBoard {
                step: step + 1,
                letter,
            });
        }
        moves += 1;
    }
    Ok((board, moves))
}

/// The path check: the line must spell a legal path from `start` that ends on `goal`, or the
/// spelling's `no_path` exactly when there is none.
fn check_path(
    line: &str,
    spelling: &Spelling,
    start: &Board,
    goal: &Board,
    best: Option<&Path>,
    policy: Policy,
) -> Result<(), Fault> {
    let no_path = spelling.no_path;
    let Some(best) = best else {
        return if line == no_path {
            Ok(())
        } else {
            Err(Fault::Unreachable)
        };
    };
    if line == no_path {
        return Err(Fault::Reachable {
            shortest: best.len(),
        });
    }
    let (board, moves) = replay(line, spelling, start)?;
    if board != *goal {
        return Err(Fault::EndsElsewhere {
            end: board.to_string(),
            goal: goal.to_string(),
        });
    }
    if let Some(limit) = spelling.limit.filter(|&limit| moves > limit as usize) {
        return Err(Fault::TooLong { moves, limit });
    }
    if (policy.minimal || spelling.canonical_only || spelling.shortest) && moves > best.len() {
        return Err(Fault::Longer {
            moves,
            shortest: best.len(),
        });
    }
    let canonical = || {
        line.chars()
            .zip(&best.0)
            .all(|(c, &step)| spelling.letter(step) == c)
    };
    if spelling.canonical_only && !canonical() {
        return Err(Fault::NotCanonical);
    }
    Ok(())
}
