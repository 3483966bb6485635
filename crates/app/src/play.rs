//! A game of the puzzle: a board moved by the player, the optimal distance to the goal after
//! each move, the next move of the canonical path as a hint, undo, and the end said with the
//! moves made beside the optimum. The terminal is the command line's business; this is the
//! game itself, drawn as text.

use eight::puzzle::{Board, Move};
use eight::solve::{Engine, Outcome};

/// One game.
pub struct Game {
    board: Board,
    goal: Board,
    /// The moves made (undo takes the last back).
    made: Vec<Move>,
    /// The start's distance to the goal.
    optimum: u32,
    /// The current board's distance, and its canonical path's first move.
    distance: u32,
    next: Option<Move>,
    /// The hint asked for and not yet followed.
    hinted: bool,
    /// Whether the last move took the board further from the goal.
    astray: bool,
}

/// Why a game cannot start.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The goal cannot be reached from the board.
    Unreachable,
    /// The optimal search gave up (a board too far for it).
    OutOfReach,
}

impl Game {
    /// A game from `start` to `goal`, with `engine` for the distances.
    pub fn new(start: Board, goal: Board, engine: &mut Engine) -> Result<Game, Refusal> {
        let mut game = Game {
            board: start,
            goal,
            made: Vec::new(),
            optimum: 0,
            distance: 0,
            next: None,
            hinted: false,
            astray: false,
        };
        game.measure(engine)?;
        game.optimum = game.distance;
        Ok(game)
    }

    /// The distance and the next canonical move of the current board.
    fn measure(&mut self, engine: &mut Engine) -> Result<(), Refusal> {
        match engine.solve(&self.board, &self.goal, None).outcome {
            Outcome::Found(path) => {
                self.distance = path.len() as u32;
                self.next = path.0.first().copied();
                Ok(())
            }
            Outcome::Unreachable | Outcome::Beyond(_) => Err(Refusal::Unreachable),
            Outcome::Exhausted => Err(Refusal::OutOfReach),
        }
    }

    /// Moves the blank `step`, if it can go there.
    pub fn play(&mut self, step: Move, engine: &mut Engine) -> Result<bool, Refusal> {
        if !self.board.slide(step) {
            return Ok(false);
        }
        self.made.push(step);
        self.hinted = false;
        let before = self.distance;
        self.measure(engine)?;
        self.astray = self.distance > before;
        Ok(true)
    }

    /// Takes the last move back, if there is one.
    pub fn undo(&mut self, engine: &mut Engine) -> Result<bool, Refusal> {
        let Some(step) = self.made.pop() else {
            return Ok(false);
        };
        assert!(
            self.board.slide(step.opposite()),
            "a move made can be unmade"
        );
        self.hinted = false;
        self.astray = false;
        self.measure(engine)?;
        Ok(true)
    }

    /// Shows the next move of the canonical path from here.
    pub fn hint(&mut self) {
        self.hinted = true;
    }

    /// The next move of the canonical path from here (`None` at the goal).
    pub fn next(&self) -> Option<Move> {
        self.next
    }

    /// Whether the board is the goal.
    pub fn solved(&self) -> bool {
        self.board == self.goal
    }

    /// The game as text: the board, the distance, the moves made, the hint if asked for, and
    /// the end when the goal is reached. Lines end in `\r\n`, for a terminal in raw mode.
    pub fn render(&self) -> String {
        let mut lines = Vec::new();
        let shape = self.board.shape();
        let width = (self.board.cells().len() - 1).to_string().len();
        for row in self.board.cells().chunks(usize::from(shape.width)) {
            let cells: Vec<String> = row
                .iter()
                .map(|&value| match value {
                    0 => format!("{:>width$}", "_"),
                    value => format!("{value:>width$}"),
                })
                .collect();
            lines.push(format!("  {}", cells.join(" ")));
        }
        lines.push(String::new());
        let made = self.made.iter().map(|m| m.letter()).collect::<String>();
        lines.push(format!("moves made: {} {made}", self.made.len()));
        if self.solved() {
            let verdict = match self.made.len() as u32 {
                made if made == self.optimum => "the optimum".to_string(),
                made => format!("{} more than the optimum", made - self.optimum),
            };
            lines.push(format!(
                "solved in {}: {verdict} ({})",
                moves(self.made.len() as u32),
                moves(self.optimum)
            ));
        } else {
            let said = match self.astray {
                true => "that move went away from it",
                false => "the fewest moves from here",
            };
            lines.push(format!("distance to the goal: {} ({said})", self.distance));
            if let Some(next) = self.next.filter(|_| self.hinted) {
                lines.push(format!("hint: {} ({})", next.letter(), name(next)));
            }
            lines.push(String::new());
            lines.push("arrows move the blank; h hint, n play it, u undo, q quit".to_string());
        }
        lines.join("\r\n") + "\r\n"
    }
}

/// `count` moves, in words.
fn moves(count: u32) -> String {
    match count {
        1 => "1 move".to_string(),
        count => format!("{count} moves"),
    }
}

/// The direction of a move of the blank, in words.
fn name(step: Move) -> &'static str {
    match step {
        Move::Down => "the blank down",
        Move::Left => "the blank left",
        Move::Right => "the blank right",
        Move::Up => "the blank up",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_hints_undoes_and_says_the_end() {
        let mut engine = Engine::default();
        let start: Board = "1234567x8".parse().expect("a board");
        let goal: Board = "12345678x".parse().expect("a board");
        let mut game = Game::new(start, goal, &mut engine).expect("reachable");
        assert!(game
            .render()
            .contains("distance to the goal: 1 (the fewest moves from here)"));
        game.hint();
        assert!(game.render().contains("hint: r (the blank right)"));
        // a wrong way, then back
        assert!(game.play(Move::Up, &mut engine).expect("measured"));
        assert!(game
            .render()
            .contains("distance to the goal: 2 (that move went away from it)"));
        assert!(game.play(Move::Down, &mut engine).expect("measured"));
        assert!(game
            .render()
            .contains("distance to the goal: 1 (the fewest moves from here)"));
        assert!(game.undo(&mut engine).expect("measured"));
        assert!(game.undo(&mut engine).expect("measured"));
        assert!(!game.undo(&mut engine).expect("nothing to undo"));
        assert!(!game.play(Move::Down, &mut engine).expect("off the board"));
        assert!(game.play(Move::Right, &mut engine).expect("measured"));
        assert!(game.solved());
        assert!(game
            .render()
            .contains("solved in 1 move: the optimum (1 move)"));
        let far = Board::parse("2 1 3 4 5 6 7 8 0", start.shape()).expect("a board");
        assert_eq!(
            Game::new(far, goal, &mut engine).err(),
            Some(Refusal::Unreachable)
        );
    }
}
