//! Test data: random cases in a judge's input format, with their canonical answers, the same
//! bytes for the same seed on every platform (ChaCha8, and only 32-bit ranges drawn).
//!
//! A reachable board is drawn uniformly among the boards at the requested distances, from the
//! whole layer of a table; an unreachable one uniformly among the boards of the other parity.
//! A random goal (HOJ 10466) is a relabelling of one of nine canonical goals, so that at most
//! nine tables serve every case.

use std::fmt;
use std::io::{self, Write};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::format::cases::Header;
use crate::format::judge::{Goal, Judge};
use crate::puzzle::board::{Board, Shape, BLANK};
use crate::solve::square3::Space;
use crate::tools::record::{self, Record, Solution};

mod shapes;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Request {
    /// The judge whose format the cases are in.
    pub judge: Judge,
    /// How many cases.
    pub count: u64,
    /// The seed of the random generator.
    pub seed: u64,
    /// The least distance from the goal of a reachable board.
    pub min_depth: u32,
    /// The greatest distance, or `None` for the deepest there is.
    pub max_depth: Option<u32>,
    /// The share of unreachable cases, from 0 to 1; their count is rounded to the nearest.
    pub unsolvable: f64,
    /// The goal of every case; `None` for the judge's own, or random goals for a judge whose
    /// cases carry them.
    pub goal: Option<Board>,
    /// Every reachable board at the requested distances, in index order, instead of `count`
    /// random cases.
    pub all: bool,
    /// One JSON object a line per case, with its answer, instead of the judge's format.
    pub json: bool,
    /// For boards of other shapes than 3×3: each start this many random moves from its goal
    /// (never undoing the last), instead of drawn uniformly among the reachable boards.
    pub walk: Option<u32>,
    /// The most nodes the search of a board of more than 9 cells may expand (the engine's
    /// default if not set).
    pub budget: Option<u64>,
}

/// A request that cannot be met.
#[derive(Clone, PartialEq, Debug)]
pub struct Impossible(String);

impl fmt::Display for Impossible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Impossible {}

/// Generates the cases of `request`, writing the input to `input` and, when given, the
/// judge's answers to `answers`.
pub fn generate(
    request: &Request,
    input: &mut dyn Write,
    mut answers: Option<&mut dyn Write>,
) -> io::Result<Result<(), Impossible>> {
    if request.judge.shape != Shape::SQUARE3 || request.judge.header == Header::Side {
        return shapes::generate(request, input, answers);
    }
    if request.walk.is_some() {
        return Ok(Err(Impossible(
            "--walk is for boards of other sizes than 3x3: give 3x3 boards --depth".into(),
        )));
    }
    let mut generator = match Generator::new(request) {
        Ok(generator) => generator,
        Err(impossible) => return Ok(Err(impossible)),
    };
    if request.all {
        let Some(goal) = generator.goal else {
            return Ok(Err(Impossible(format!(
                "--all needs one goal: give {} a --goal",
                request.judge.id
            ))));
        };
        if request.unsolvable > 0.0 {
            return Ok(Err(Impossible(
                "--all writes the reachable boards: leave out --unsolvable".into(),
            )));
        }
        if !request.json {
            let cases = generator.drawn[goal.blank()].len() as u64;
            request.judge.write_header(cases, input)?;
        }
        for (case, &index) in (1..).zip(&generator.drawn[goal.blank()]) {
            let start = generator.space.board(index, &goal);
            let space = Some(&generator.space);
            write_case(request, case, (&start, &goal), space, input, &mut answers)?;
        }
        return Ok(Ok(()));
    }
    if !request.json {
        request.judge.write_header(request.count, input)?;
    }
    let unsolvable = (request.count as f64 * request.unsolvable).round() as u64;
    let mut unsolvable_left = unsolvable;
    for index in 0..request.count {
        // Exactly `unsolvable` cases, uniformly placed: each is unreachable with probability
        // (unreachable left) / (cases left).
        let cases_left = request.count - index;
        let reachable = generator
            .rng
            .random_range(0..cases_left.min(u64::from(u32::MAX)) as u32)
            as u64
            >= unsolvable_left.min(cases_left);
        if !reachable {
            unsolvable_left -= 1;
        }
        let (start, goal, table) = generator.case(reachable);
        write_case(
            request,
            index + 1,
            (&start, &goal),
            table,
            input,
            &mut answers,
        )?;
    }
    Ok(Ok(()))
}

/// Writes one case in `judge`'s format and, when asked, its answer from `space` (`None` when the
/// case is unreachable).
fn write_case(
    request: &Request,
    case: u64,
    (start, goal): (&Board, &Board),
    space: Option<&Space>,
    input: &mut dyn Write,
    answers: &mut Option<&mut dyn Write>,
) -> io::Result<()> {
    let judge = &request.judge;
    let path = space.and_then(|space| space.path(start, goal));
    if request.json {
        let solution = Solution::new(start, goal, path.as_ref());
        return record::write(&Record::solved(case, None, solution), input);
    }
    judge.write_case(start, goal, input)?;
    let Some(out) = answers.as_mut() else {
        return Ok(());
    };
    let mut line = judge.text(case, path.as_ref());
    line.push('\n');
    out.write_all(line.as_bytes())
}

struct Generator {
    rng: ChaCha8Rng,
    /// The 3×3 boards by distance, from the embedded tables.
    space: Space,
    /// The indices of each table's boards at the requested distances.
    drawn: [Vec<u32>; 9],
    goal: Option<Board>,
    min_depth: u32,
    max_depth: u32,
    /// The blank cells of goals that have boards at the requested distances.
    blanks: Vec<usize>,
}

impl Generator {
    fn new(request: &Request) -> Result<Generator, Impossible> {
        if !(0.0..=1.0).contains(&request.unsolvable) {
            return Err(Impossible(format!(
                "--unsolvable {} is not a fraction from 0 to 1",
                request.unsolvable
            )));
        }
        let judge = &request.judge;
        if judge.reachable_only && request.unsolvable > 0.0 {
            return Err(Impossible(format!(
                "{}'s statement promises a reachable goal: --unsolvable must be 0",
                judge.number
            )));
        }
        let goal = match (request.goal, judge.goal) {
            (Some(goal), _) | (None, Goal::Fixed(goal)) => Some(goal),
            (None, Goal::EachCase | Goal::Ordered) => None,
        };
        let mut generator = Generator {
            rng: ChaCha8Rng::seed_from_u64(request.seed),
            space: Space::default(),
            drawn: Default::default(),
            goal,
            min_depth: request.min_depth,
            max_depth: request.max_depth.unwrap_or(u32::MAX),
            blanks: Vec::new(),
        };
        if generator.min_depth > generator.max_depth {
            return Err(Impossible(format!(
                "--min-depth {} is above --max-depth {}",
                generator.min_depth, generator.max_depth
            )));
        }
        let candidates: Vec<usize> = match goal {
            Some(goal) => vec![goal.blank()],
            None => (0..9).collect(),
        };
        let (first, last) = (generator.min_depth, generator.max_depth);
        let mut deepest = 0;
        for blank in candidates {
            deepest = deepest.max(generator.space.depth(blank));
            let drawn = generator.space.within(blank, first, last);
            if !drawn.is_empty() {
                generator.drawn[blank] = drawn;
                generator.blanks.push(blank);
            }
        }
        let reachable = (request.count as f64 * (1.0 - request.unsolvable)).round() > 0.0;
        if generator.blanks.is_empty() && reachable {
            let goal = goal.map_or("any goal".to_string(), |goal| goal.to_string());
            return Err(Impossible(format!(
                "no board lies {} or more moves from {goal}: the farthest lie {deepest} away",
                request.min_depth
            )));
        }
        Ok(generator)
    }

    /// A uniformly random board: Fisher–Yates over the cells.
    fn shuffled(&mut self) -> Board {
        let mut cells = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        for last in (1..9).rev() {
            let other = self.rng.random_range(0..=last as u32) as usize;
            cells.swap(last, other);
        }
        Board::new(Shape::SQUARE3, &cells).expect("a shuffle of 0-8")
    }

    /// One case: the start, its goal, and the boards by distance when it is reachable.
    fn case(&mut self, reachable: bool) -> (Board, Board, Option<&Space>) {
        let goal = match self.goal {
            Some(goal) => goal,
            None if reachable => loop {
                let goal = self.shuffled();
                if self.blanks.contains(&goal.blank()) {
                    break goal;
                }
            },
            None => self.shuffled(),
        };
        if !reachable {
            let shuffled = self.shuffled();
            let mut cells: [u8; 9] = shuffled.cells().try_into().expect("nine cells");
            if shuffled.reaches(&goal) {
                // Swapping two tiles flips the parity: a bijection between the two halves.
                let mut tiles = (0..9).filter(|&cell| cells[cell] != BLANK);
                let (a, b) = (tiles.next(), tiles.next());
                cells.swap(a.expect("eight tiles"), b.expect("eight tiles"));
            }
            let start = Board::new(Shape::SQUARE3, &cells).expect("a permutation");
            return (start, goal, None);
        }
        let drawn = &self.drawn[goal.blank()];
        let index = drawn[self.rng.random_range(0..drawn.len() as u32) as usize];
        let start = self.space.board(index, &goal);
        (start, goal, Some(&self.space))
    }
}
