//! Test data: random cases in a judge's input format, with their canonical answers, the same
//! bytes for the same seed on every platform (ChaCha8, and only 32-bit ranges drawn).
//!
//! One generator for every size: the cases' order, which of them are unreachable, their goals and
//! their writing are the same everywhere; only the draw of a reachable start depends on the
//! shape. A 3×3 one is drawn uniformly among the boards at the requested distances, from the
//! whole layer of a table (`layers.rs`); any other uniformly among the reachable boards, or
//! `--walk K` moves from the goal (`shapes.rs`). An unreachable one is drawn uniformly among the
//! boards of the other half, and every answer is the engine's.

use std::io::{self, Write};
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::find::find;
use crate::record::{self, Record, Solved};
use eight::format::answer::Found;
use eight::format::judge::Judge;
use eight::puzzle::board::{Board, Shape, BLANK};
use eight::solve::{Control, Engine, Outcome, Store, Want};

mod layers;
mod shapes;

pub use shapes::walk;

/// Whether `request`'s boards are drawn where no optimal answer is in reach (uniform random
/// boards of more than 16 cells for a judge that needs the shortest): only the input can be
/// written.
pub fn out_of_reach(request: &Request) -> bool {
    let shape = request.judge.shape;
    shape != Shape::SQUARE3 && shapes::out_of_reach(request, shape)
}

use layers::Layers;
use shapes::Walks;

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

/// A request that cannot be met, and why; the command line words it in its own terms.
#[derive(Clone, PartialEq, Debug)]
pub enum Impossible {
    /// A walk from the goal asked of 3×3 boards, whose every depth is at hand.
    WalkOnSquare3,
    /// The share of unreachable cases is not a fraction from 0 to 1.
    Share(f64),
    /// The judge (by its problem number) promises reachable goals, and unreachable cases were
    /// asked for.
    ReachableOnly(&'static str),
    /// The least distance asked is above the greatest.
    Depths {
        /// The least distance.
        least: u32,
        /// The greatest.
        most: u32,
    },
    /// No board lies `least` or more moves from the goal (`None`: from any goal).
    TooDeep {
        /// The least distance asked.
        least: u32,
        /// The goal, if the cases share one.
        goal: Option<Box<Board>>,
        /// The greatest distance there is.
        deepest: u32,
    },
    /// Every board of a distance asked without one goal, for the judge of this id.
    AllWithoutGoal(&'static str),
    /// Every board of a distance asked with unreachable cases.
    AllWithUnreachable,
    /// Every board of a distance asked of boards of this shape, which have no whole-space table.
    AllOfShape(Shape),
    /// Two boards a case asked of a judge whose boards give their own size.
    SidedPairs,
    /// Both a walk and distances asked.
    WalkAndDepth,
    /// Distances asked of boards of this shape, which have no whole-space table.
    DepthOfShape(Shape),
    /// No board at the distances asked turned up in `tries` draws.
    NotFound {
        /// The least distance asked.
        least: u32,
        /// The greatest.
        most: u32,
        /// The goal.
        goal: Box<Board>,
        /// The draws tried.
        tries: u32,
    },
    /// Random boards of a shape whose optimal search is out of reach (more than 16 cells), asked
    /// with their answers and without `--walk`.
    OutOfReach(Shape),
    /// The search gave up on the board of a case, within its node budget.
    Exhausted {
        /// The case.
        case: u64,
        /// The nodes it may expand.
        budget: u64,
    },
}

/// The longest `--walk` whose boards the optimal search of every size above 4×4 solves within
/// its default budget, in about a second for five (`eight gen steps --size 16x16 --walk 60 -n 5`:
/// 0.24 s; 5×5 0.98 s; at 100 moves 5×5 and 6×6 give up).
pub const REACHABLE_WALK: u32 = 60;

/// Generates the cases of `request`, writing the input to `input` and, when given, the
/// judge's answers to `answers`; `store` holds what the searches look up, and `control` stops
/// them. Without answers to write (neither `answers` nor JSON), the boards are drawn and
/// written unsolved: the same input, on every size.
pub fn generate(
    request: &Request,
    (store, control): (&Arc<Store>, &Control),
    input: &mut dyn Write,
    mut answers: Option<&mut dyn Write>,
) -> io::Result<Result<(), Impossible>> {
    let judge = &request.judge;
    let answering = answers.is_some() || request.json;
    let mut draw = match Draw::new(request, answering) {
        Ok(draw) => draw,
        Err(impossible) => return Ok(Err(impossible)),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(request.seed);
    let mut engine = Engine::default()
        .with_store(store.clone())
        .with_budget(request.budget)
        .with_control(control.clone());
    if request.all {
        let Draw::Layers(layers) = &draw else {
            unreachable!("Draw::new refuses every board of a distance for other shapes")
        };
        let (goal, starts) = match layers.all(request) {
            Ok(all) => all,
            Err(impossible) => return Ok(Err(impossible)),
        };
        if !request.json {
            judge.write_header(starts.len() as u64, input)?;
        }
        for (case, start) in (1..).zip(starts) {
            let (found, report) = find(judge, &mut engine, &start, &goal);
            let found = found.expect("a 3x3 board is always answered");
            let answered = (&found, report.found);
            write_case(
                request,
                case,
                (&start, &goal),
                answered,
                input,
                &mut answers,
            )?;
        }
        if !request.json {
            judge.write_footer(input)?;
        }
        return Ok(Ok(()));
    }
    if !request.json {
        judge.write_header(request.count, input)?;
    }
    let mut unsolvable_left = (request.count as f64 * request.unsolvable).round() as u64;
    for index in 0..request.count {
        let case = index + 1;
        // Exactly the unsolvable share, uniformly placed: each case is unreachable with
        // probability (unreachable left) / (cases left).
        let cases_left = request.count - index;
        let reachable = rng.random_range(0..cases_left.min(u64::from(u32::MAX)) as u32) as u64
            >= unsolvable_left.min(cases_left);
        if !reachable {
            unsolvable_left -= 1;
        }
        let (start, goal, outcome) = match draw.case(request, reachable, &mut engine, &mut rng) {
            Ok(drawn) => drawn,
            Err(impossible) => return Ok(Err(impossible)),
        };
        if !answering {
            judge.write_case(&start, &goal, input)?;
            continue;
        }
        // what the draw found already is a path a path's judge asks for
        let (found, want) = match outcome {
            Some(Outcome::Found(path)) if judge.answer.is_path() => {
                (Some(Found::Path(Some(path))), Want::Canonical)
            }
            Some(Outcome::Unreachable | Outcome::Beyond(_)) if judge.answer.is_path() => {
                (Some(Found::Path(None)), Want::Canonical)
            }
            _ => {
                let (found, report) = find(judge, &mut engine, &start, &goal);
                (found, report.found)
            }
        };
        let Some(found) = found else {
            let budget = engine.budget_for(&goal);
            return Ok(Err(Impossible::Exhausted { case, budget }));
        };
        let answered = (&found, want);
        write_case(
            request,
            case,
            (&start, &goal),
            answered,
            input,
            &mut answers,
        )?;
    }
    if !request.json {
        judge.write_footer(input)?;
    }
    Ok(Ok(()))
}

/// How reachable starts are drawn: from the 3×3 tables' layers, or for other shapes.
enum Draw {
    Layers(Box<Layers>),
    Walks(Walks),
}

impl Draw {
    /// The draw for `request`'s boards, if the request can be met.
    fn new(request: &Request, answering: bool) -> Result<Draw, Impossible> {
        let judge = &request.judge;
        let square3 = judge.shape == Shape::SQUARE3 && !judge.sided();
        if square3 && request.walk.is_some() {
            return Err(Impossible::WalkOnSquare3);
        }
        if !(0.0..=1.0).contains(&request.unsolvable) {
            return Err(Impossible::Share(request.unsolvable));
        }
        if judge.reachable_only && request.unsolvable > 0.0 {
            return Err(Impossible::ReachableOnly(judge.number));
        }
        match square3 {
            true => Layers::new(request).map(|layers| Draw::Layers(Box::new(layers))),
            false => Walks::new(request, answering).map(Draw::Walks),
        }
    }

    /// One case's start and goal, reachable or not, with the engine's outcome when the draw
    /// already asked for it.
    fn case(
        &mut self,
        request: &Request,
        reachable: bool,
        engine: &mut Engine,
        rng: &mut ChaCha8Rng,
    ) -> Result<(Board, Board, Option<Outcome>), Impossible> {
        match self {
            Draw::Layers(layers) => {
                let (start, goal) = layers.case(request, reachable, rng);
                Ok((start, goal, None))
            }
            Draw::Walks(walks) => walks.case(request, reachable, engine, rng),
        }
    }
}

/// Writes one case in `judge`'s format (or as a JSON record) and, when asked, its answer: what
/// was found, and whether its path is the canonical one.
fn write_case(
    request: &Request,
    case: u64,
    (start, goal): (&Board, &Board),
    (found, want): (&Found, Want),
    input: &mut dyn Write,
    answers: &mut Option<&mut dyn Write>,
) -> io::Result<()> {
    let judge = &request.judge;
    if request.json {
        let solution = Solved::found(start, goal, found)
            .with_found(want)
            .with_limit(judge.spelling.limit);
        return record::write(&Record::solved(case, None, solution), input);
    }
    judge.write_case(start, goal, input)?;
    let Some(out) = answers.as_mut() else {
        return Ok(());
    };
    let mut line = judge.text(case, found);
    line.push('\n');
    out.write_all(line.as_bytes())
}

/// A uniformly random board of `shape`: Fisher–Yates over the cells.
fn shuffled(shape: Shape, rng: &mut ChaCha8Rng) -> Board {
    let mut cells: Vec<u8> = (0..=shape.last_tile()).collect();
    for last in (1..cells.len()).rev() {
        let other = rng.random_range(0..=last as u32) as usize;
        cells.swap(last, other);
    }
    Board::new(shape, &cells).expect("a shuffle")
}

/// `board` with its first two tiles swapped: the other half of the boards, one to one (a swap
/// of two tiles flips the parity).
fn swapped(board: &Board) -> Board {
    let mut cells = board.cells().to_vec();
    let mut tiles = (0..cells.len()).filter(|&cell| cells[cell] != BLANK);
    let (a, b) = (tiles.next(), tiles.next());
    cells.swap(a.expect("tiles"), b.expect("tiles"));
    Board::new(board.shape(), &cells).expect("a permutation")
}

/// A board drawn uniformly among those that do not reach `goal`.
fn other_half(goal: &Board, rng: &mut ChaCha8Rng) -> Board {
    let board = shuffled(goal.shape(), rng);
    match board.reaches(goal) {
        true => swapped(&board),
        false => board,
    }
}
