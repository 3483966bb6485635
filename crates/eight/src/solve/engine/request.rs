//! What a run asks of the engine, in one value: the choices a user makes (which component, how
//! much work, on how many threads, whether any path will do and how good it must be), each left
//! to the plan where it is not made. A front end fills one from its flags and makes its engine
//! with [`Engine::asked`]; what follows from the choices is decided here and in the plan, never
//! by the front end: that a factor or a time asks for any path, how many boards the weighted
//! search keeps, which databases `pdb` means on a 5×5 board (`databases.rs`).

use std::time::Duration;

use super::{Engine, Guide, Small};
use crate::solve::pdb::Family;
use crate::solve::search::bounded::Ask;
use crate::solve::search::Bounds;
use crate::solve::textbook::Estimate;

/// What a run asks of the engine; [`Request::default`] asks nothing, and the plan chooses.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// How 3×3 boards are answered, or that a textbook search answers every board.
    pub small: Small,
    /// What guides the textbook A* and IDA*.
    pub estimate: Estimate,
    /// The heuristic of the searches of boards of more than 9 cells.
    pub guide: Guide,
    /// The pattern databases asked for; `None`: chosen for the board and the run.
    pub databases: Option<Family>,
    /// Whether 4×4 databases look each board up in its dual too.
    pub dual: bool,
    /// The most nodes a search of a board of more than 9 cells may expand; `None`: the
    /// engine's budget for the size ([`Engine::budget`]).
    pub budget: Option<u64>,
    /// The threads a search of a board of more than 9 cells may use (one if 0).
    pub jobs: usize,
    /// Whether any path will do where the shortest is out of reach.
    pub fast: bool,
    /// The factor of the shortest, in hundredths, that a path must be proved within: asks for
    /// any path, shortened until it is proved so.
    pub within: Option<u32>,
    /// The time a path may be shortened for: asks for any path, shortened again and again.
    pub time: Option<Duration>,
    /// Which of IDA*'s iterations the searches of boards of more than 9 cells run.
    pub bounds: Bounds,
    /// Whether each query is timed: reading the clock costs more than a lookup.
    pub timed: bool,
}

/// The most boards the bounded search's weighted run keeps where no budget is asked: some 3 GB
/// (2.75 GB measured on 6×6).
pub const KEPT_BOARDS: usize = 20_000_000;

impl Request {
    /// What the bounded search is asked, where any path will do: a factor, a time, and as many
    /// boards kept as the budget allows.
    pub fn bounded(&self) -> Option<Ask> {
        (self.fast || self.time.is_some() || self.within.is_some()).then_some(Ask {
            within: self.within,
            time: self.time,
            nodes: self.budget.map_or(KEPT_BOARDS, |nodes| {
                usize::try_from(nodes).unwrap_or(usize::MAX)
            }),
        })
    }
}

impl Engine {
    /// An engine that answers as `request` asks, with a store of its own
    /// ([`Engine::with_store`] shares one) and a control that never stops it
    /// ([`Engine::with_control`]).
    pub fn asked(request: &Request) -> Engine {
        let mut engine = Engine::default();
        let bounded = request.bounded();
        let settings = &mut engine.settings;
        settings.small = request.small;
        settings.estimate = request.estimate;
        settings.guide = request.guide;
        settings.databases = request.databases;
        settings.dual = request.dual;
        settings.budget = request.budget;
        settings.jobs = Some(request.jobs.max(1));
        settings.fast = bounded.is_some();
        settings.bounded = bounded;
        settings.bounds = request.bounds;
        settings.timed = request.timed;
        engine
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::{Board, Shape};

    #[test]
    fn what_follows_from_a_request_is_the_library_s() {
        // a factor or a time asks for any path; plain `fast` keeps the default boards
        let plain = Request::default();
        assert!(plain.bounded().is_none());
        assert!(!Engine::asked(&plain).is_fast());
        for request in [
            Request {
                fast: true,
                ..Request::default()
            },
            Request {
                within: Some(120),
                ..Request::default()
            },
            Request {
                time: Some(Duration::from_secs(1)),
                ..Request::default()
            },
        ] {
            let ask = request.bounded().expect("any path");
            assert_eq!((ask.within, ask.time), (request.within, request.time));
            assert_eq!(ask.nodes, KEPT_BOARDS);
            let engine = Engine::asked(&request);
            assert!(engine.is_fast());
            assert_eq!(engine.within(), request.within);
        }
        // a budget bounds the boards the weighted search keeps too
        let budgeted = Request {
            fast: true,
            budget: Some(1_000),
            jobs: 2,
            ..Request::default()
        };
        assert_eq!(budgeted.bounded().map(|ask| ask.nodes), Some(1_000));
        let engine = Engine::asked(&budgeted);
        assert_eq!(engine.budget(Shape::SQUARE4), 1_000);
        assert_eq!(engine.jobs(), 2);
        // pattern databases asked for without a family: on 5x5 the 24-puzzle's, elsewhere the
        // plan's choice
        let pdb = Engine::asked(&Request {
            guide: Guide::Pdb,
            ..Request::default()
        });
        let five = Board::ordered(Shape::SQUARE5);
        let four = Board::ordered(Shape::SQUARE4);
        assert_eq!(
            pdb.settings.databases_asked(&five),
            Some(Family::TWENTY_FOUR)
        );
        assert_eq!(pdb.settings.databases_asked(&four), None);
        let auto = Engine::asked(&Request::default());
        assert_eq!(auto.settings.databases_asked(&five), None);
    }
}
