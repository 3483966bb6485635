//! 3×3 starts drawn uniformly among the boards at the requested distances, from the whole layers
//! of the embedded tables. A random goal (HOJ 10466) is a relabelling of one of nine canonical
//! goals, so that nine tables serve every case.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{other_half, shuffled, Impossible, Request};
use eight::format::judge::Goal;
use eight::puzzle::board::{Board, Shape};
use eight::solve::Space;

pub(super) struct Layers {
    /// The 3×3 boards by distance, from the embedded tables.
    space: Space,
    /// The indices of each table's boards at the requested distances.
    drawn: [Vec<u32>; 9],
    /// The goal of every case, if they share one.
    goal: Option<Board>,
    /// The blank cells of goals that have boards at the requested distances.
    blanks: Vec<usize>,
}

impl Layers {
    /// The layers `request` draws from, if it can be met.
    pub(super) fn new(request: &Request) -> Result<Layers, Impossible> {
        let goal = match (request.goal, request.judge.goal) {
            (Some(goal), _) | (None, Goal::Fixed(goal)) => Some(goal),
            (None, Goal::EachCase | Goal::Ordered | Goal::BlankFirst) => None,
        };
        let (first, last) = (request.min_depth, request.max_depth.unwrap_or(u32::MAX));
        if first > last {
            return Err(Impossible::Depths {
                least: first,
                most: last,
            });
        }
        let mut layers = Layers {
            space: Space::default(),
            drawn: Default::default(),
            goal,
            blanks: Vec::new(),
        };
        let candidates: Vec<usize> = match goal {
            Some(goal) => vec![goal.blank()],
            None => (0..9).collect(),
        };
        let mut deepest = 0;
        for blank in candidates {
            deepest = deepest.max(layers.space.depth(blank));
            let drawn = layers.space.within(blank, first, last);
            if !drawn.is_empty() {
                layers.drawn[blank] = drawn;
                layers.blanks.push(blank);
            }
        }
        let reachable = (request.count as f64 * (1.0 - request.unsolvable)).round() > 0.0;
        if layers.blanks.is_empty() && reachable {
            return Err(Impossible::TooDeep {
                least: first,
                goal: goal.map(Box::new),
                deepest,
            });
        }
        Ok(layers)
    }

    /// `--all`: the goal, and every board at the requested distances from it, in index order.
    pub(super) fn all(&self, request: &Request) -> Result<(Board, Vec<Board>), Impossible> {
        let Some(goal) = self.goal else {
            return Err(Impossible::AllWithoutGoal(request.judge.id));
        };
        if request.unsolvable > 0.0 {
            return Err(Impossible::AllWithUnreachable);
        }
        let drawn = &self.drawn[goal.blank()];
        let starts = drawn.iter().map(|&index| self.space.board(index, &goal));
        Ok((goal, starts.collect()))
    }

    /// One case: the start and its goal.
    pub(super) fn case(
        &self,
        request: &Request,
        reachable: bool,
        rng: &mut ChaCha8Rng,
    ) -> (Board, Board) {
        let shape = request.judge.shape;
        debug_assert_eq!(shape, Shape::SQUARE3);
        let goal = match self.goal {
            Some(goal) => goal,
            None if reachable => loop {
                let goal = shuffled(shape, rng);
                if self.blanks.contains(&goal.blank()) {
                    break goal;
                }
            },
            None => shuffled(shape, rng),
        };
        if !reachable {
            return (other_half(&goal, rng), goal);
        }
        let drawn = &self.drawn[goal.blank()];
        let index = drawn[rng.random_range(0..drawn.len() as u32) as usize];
        (self.space.board(index, &goal), goal)
    }
}
