use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::puzzle::board::Shape;
use crate::puzzle::moves::Move;
use crate::solve::textbook::idastar;

/// A walk of `moves` random moves from `board` (never straight back), its moves and its end.
fn walk(board: &Board, moves: usize, rng: &mut ChaCha8Rng) -> (Vec<Move>, Board) {
    let (mut board, mut path) = (*board, Vec::new());
    while path.len() < moves {
        let step = Move::ALL[rng.random_range(0..4)];
        if path.last() != Some(&step.opposite()) && board.slide(step) {
            path.push(step);
        }
    }
    (path, board)
}

fn replay(start: &Board, path: &Path) -> Board {
    window::play(*start, &path.0)
}

/// The boards of a few 4×4 walks, each beside the walk back to the goal and its shortest length.
fn boards(count: usize, moves: usize) -> Vec<(Board, Path, u32)> {
    let goal = *Board::ordered_goal(Shape::SQUARE4);
    let mut rng = ChaCha8Rng::seed_from_u64(64);
    (0..count)
        .map(|_| {
            let (there, start) = walk(&goal, moves, &mut rng);
            let back = Path(there.iter().rev().map(|step| step.opposite()).collect());
            let (shortest, _) = idastar(&start, &goal, None);
            (
                start,
                back,
                shortest.expect("a walk comes back").len() as u32,
            )
        })
        .collect()
}

#[test]
fn a_window_as_long_as_the_path_makes_it_a_shortest_one() {
    let goal = *Board::ordered_goal(Shape::SQUARE4);
    for (start, back, shortest) in boards(12, 36) {
        let path = window::shorten(&start, back.clone(), 64, window::WINDOW_NODES, &mut || {
            false
        });
        assert_eq!(replay(&start, &path), goal, "the same ends");
        assert_eq!(
            path.len() as u32,
            shortest,
            "{start}: the walk back {back} shortened"
        );
    }
}

#[test]
fn short_windows_never_lengthen_a_path_nor_change_its_ends() {
    let goal = *Board::ordered_goal(Shape::SQUARE4);
    for (start, back, shortest) in boards(12, 60) {
        let path = window::shorten(&start, back.clone(), 8, window::WINDOW_NODES, &mut || false);
        assert_eq!(replay(&start, &path), goal);
        assert!(path.len() <= back.len() && path.len() as u32 >= shortest);
        assert_eq!(path.len() % 2, back.len() % 2, "the parity of every path");
    }
}

#[test]
fn a_weighted_run_proves_its_factor_and_a_true_lower_bound() {
    let goal = *Board::ordered_goal(Shape::SQUARE4);
    let estimate = Weighted::plain(&goal);
    for weight in [100, 110, 150, 300] {
        for (start, back, shortest) in boards(10, 50) {
            let run = astar::Run {
                weight,
                best: back.len() as u32,
                nodes: usize::MAX,
                prove: true,
            };
            let ran = astar::run(&start, &goal, &estimate, run, &mut || false);
            // a path shorter than the walk back, or the proof that the walk back is within w
            let path = ran.path.unwrap_or(back);
            assert_eq!(replay(&start, &path), goal);
            let length = path.len() as u32;
            assert!(
                ran.lower_bound <= shortest,
                "{start}: {} > {shortest}",
                ran.lower_bound
            );
            assert!(
                length * 100 <= ran.lower_bound * weight,
                "w {weight}: {length} proved"
            );
            assert!(
                length * 100 <= shortest * weight,
                "w {weight}: {length} for {shortest}"
            );
            if weight == 100 {
                assert_eq!(length, shortest, "A*");
            }
        }
    }
}

#[test]
fn a_run_stopped_early_still_gives_a_true_lower_bound() {
    let goal = *Board::ordered_goal(Shape::SQUARE4);
    let estimate = Weighted::plain(&goal);
    for (start, back, shortest) in boards(10, 60) {
        let run = astar::Run {
            weight: 100,
            best: back.len() as u32,
            nodes: 5_000,
            prove: false,
        };
        let mut asked = 0;
        let ran = astar::run(&start, &goal, &estimate, run, &mut || {
            asked += 1;
            asked > 1
        });
        assert!(ran.lower_bound <= shortest);
        if let Some(path) = ran.path {
            assert_eq!(replay(&start, &path), goal);
        }
    }
}

/// Searches for `improve` on boards the textbook IDA* solves: the "beam" is the walk back, the
/// optimal search the textbook's.
struct Walked {
    start: Board,
    back: Path,
    goal: Board,
    beams: usize,
}

impl Searches for Walked {
    fn beam(&mut self, _width: usize) -> Option<Path> {
        self.beams += 1;
        Some(self.back.clone())
    }

    fn width(&self) -> usize {
        1
    }

    fn beam_time(&self) -> std::time::Duration {
        std::time::Duration::ZERO
    }

    fn exact(&mut self, from: &Board, shorter: u32, _nodes: u64) -> Exact {
        match idastar(from, &self.goal, Some(shorter - 1)) {
            (Some(path), _) => Exact::Found(path),
            (None, _) => Exact::None,
        }
    }

    fn whole(&mut self, _: Want, _: u32, shorter: u32, _: Spend) -> Exact {
        let start = self.start;
        self.exact(&start, shorter, 0)
    }

    fn expanded(&self) -> u64 {
        0
    }
}

#[test]
fn improving_ends_on_a_shortest_path_once_the_last_moves_are_the_whole_path() {
    let goal = *Board::ordered_goal(Shape::SQUARE4);
    for (start, back, shortest) in boards(8, 40) {
        let mut searches = Walked {
            start,
            back: back.clone(),
            goal,
            beams: 0,
        };
        let ask = Ask {
            within: None,
            time: None,
            nodes: 1000,
        };
        let control = Control::default();
        let answer = improve(&start, &goal, back, 0, &ask, &mut searches, &control);
        assert_eq!(replay(&start, &answer.path), goal);
        assert_eq!(answer.path.len() as u32, shortest);
        assert_eq!(answer.lower_bound, shortest, "proved");
        assert_eq!(searches.beams, 0, "one pass without a time");
    }
}

#[test]
fn a_factor_asked_is_proved_by_the_weighted_run() {
    let goal = *Board::ordered_goal(Shape::SQUARE4);
    for (start, back, shortest) in boards(8, 50) {
        // an optimal search that never ends: the weighted run must prove the factor
        let ask = Ask {
            within: Some(115),
            time: None,
            nodes: usize::MAX,
        };
        let control = Control::default();
        let mut stuck = Noted::new(start, goal, |_| false);
        let answer = improve(&start, &goal, back, 0, &ask, &mut stuck, &control);
        assert_eq!(replay(&start, &answer.path), goal);
        assert!(answer.proves(115), "{start}: {:?}", answer.rounds);
        assert!(answer.lower_bound <= shortest && answer.path.len() as u32 * 100 <= shortest * 115);
        assert!(answer
            .rounds
            .iter()
            .any(|round| round.step == "weighted 115"));
    }
}

#[test]
fn with_a_time_what_the_last_beam_leaves_goes_to_longer_windows() {
    // no optimal search ends and no wider beam comes: the time left goes to windows of 64 and 96
    let goal = *Board::ordered_goal(Shape::SQUARE4);
    for (start, back, shortest) in boards(4, 80) {
        for time in [None, Some(std::time::Duration::from_secs(60))] {
            let ask = Ask {
                within: None,
                time,
                nodes: 1000,
            };
            let answer = improve(
                &start,
                &goal,
                back.clone(),
                0,
                &ask,
                &mut Noted::new(start, goal, |_| false),
                &Control::default(),
            );
            assert_eq!(replay(&start, &answer.path), goal);
            assert!(answer.path.len() <= back.len() && answer.path.len() as u32 >= shortest);
            let polished = (answer.rounds.iter())
                .filter(|round| round.step == "windows 64" || round.step == "windows 96")
                .count();
            assert_eq!(
                polished,
                if time.is_some() { 2 } else { 0 },
                "{:?}",
                answer.rounds
            );
        }
    }
}

/// Searches that never give another path (no beam, and searches of the last moves that give
/// up) and whose searches of the whole path are the textbook's where `ends` says they end (else
/// they give up), each noted: what it was asked for, from which bound, below which length, and
/// whether within a time.
struct Noted {
    start: Board,
    goal: Board,
    ends: fn(Want) -> bool,
    calls: Vec<(Want, u32, u32, bool)>,
}

impl Noted {
    fn new(start: Board, goal: Board, ends: fn(Want) -> bool) -> Noted {
        let calls = Vec::new();
        Noted {
            start,
            goal,
            ends,
            calls,
        }
    }
}

impl Searches for Noted {
    fn beam(&mut self, _: usize) -> Option<Path> {
        None
    }
    fn width(&self) -> usize {
        1
    }
    fn beam_time(&self) -> std::time::Duration {
        std::time::Duration::ZERO
    }
    fn exact(&mut self, _: &Board, _: u32, _: u64) -> Exact {
        Exact::GaveUp(0)
    }
    fn whole(&mut self, want: Want, from: u32, shorter: u32, spend: Spend) -> Exact {
        let timed = matches!(spend, Spend::Time(_));
        self.calls.push((want, from, shorter, timed));
        if !(self.ends)(want) {
            return Exact::GaveUp(from);
        }
        match idastar(&self.start, &self.goal, Some(shorter - 1)) {
            (Some(path), _) => Exact::Found(path),
            (None, _) => Exact::None,
        }
    }
    fn expanded(&self) -> u64 {
        0
    }
}

#[test]
fn with_a_time_a_path_near_its_bound_is_proved_shortest_by_a_count_then_made_canonical() {
    let goal = *Board::ordered_goal(Shape::SQUARE4);
    for (start, _, shortest) in boards(6, 40) {
        let canonical = idastar(&start, &goal, None).0.expect("a walk comes back");
        // the canonical path and a detour at its end: two moves longer, near the bound given
        let mut first = canonical.clone();
        first.0.extend([Move::Up, Move::Down]);
        let bound = shortest - 2;
        for canonical_ends in [true, false] {
            let ends = match canonical_ends {
                true => |_| true,
                false => |want| want == Want::Shortest,
            };
            let mut searches = Noted::new(start, goal, ends);
            let ask = Ask {
                within: None,
                time: Some(std::time::Duration::from_secs(60)),
                nodes: 1000,
            };
            let control = Control::default();
            let answer = improve(
                &start,
                &goal,
                first.clone(),
                bound,
                &ask,
                &mut searches,
                &control,
            );
            assert_eq!(replay(&start, &answer.path), goal);
            assert_eq!(
                searches.calls,
                [
                    (Want::Shortest, bound - 2, shortest, true),
                    (Want::Canonical, shortest, shortest + 1, true)
                ],
                "{start}: a count from below the bound, then the canonical path at its length"
            );
            assert_eq!(
                (answer.path.len() as u32, answer.lower_bound),
                (shortest, shortest)
            );
            assert_eq!(answer.optimal, canonical_ends, "{start}");
            if canonical_ends {
                assert_eq!(answer.path, canonical, "{start}");
            }
        }
    }
}

#[test]
fn without_a_time_a_path_as_long_as_its_bound_is_made_canonical_within_a_number_of_nodes() {
    let goal = *Board::ordered_goal(Shape::SQUARE4);
    for (start, _, shortest) in boards(4, 40) {
        let canonical = idastar(&start, &goal, None).0.expect("a walk comes back");
        let mut searches = Noted::new(start, goal, |_| true);
        let ask = Ask {
            within: None,
            time: None,
            nodes: 1000,
        };
        let control = Control::default();
        let first = canonical.clone();
        let answer = improve(
            &start,
            &goal,
            first,
            shortest,
            &ask,
            &mut searches,
            &control,
        );
        assert_eq!(
            searches.calls,
            [(Want::Canonical, shortest, shortest + 1, false)]
        );
        assert!(answer.optimal && answer.path == canonical, "{start}");
    }
}
