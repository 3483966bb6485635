//! The guide's library example, as it stands there (`tests/ecosystem.rs` checks that
//! `docs/src/library.md` shows these lines): 3×3 and 4×4 boards parsed, a path, an unreachable pair, a
//! search that spends its budget told apart from it, a solution's report, and a search stopped
//! through its engine's control.
//!
//! `cargo run --example readme` (it needs no feature: the lean library serves).

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // README begins
    use eight::{Board, Engine, Shape, Unsolved};
    let mut engine = Engine::default();
    // 3x3 boards parse as the judges write them
    let start: Board = "283104765".parse()?;
    let goal: Board = "123804765".parse()?;
    assert_eq!(engine.path(&start, &goal)?.to_string(), "uldr");
    assert_eq!(
        engine.distance(&"213804765".parse()?, &goal),
        Err(Unsolved::Unreachable)
    );
    // other sizes parse with their shape, one number a cell
    let start = Board::parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", Shape::SQUARE4)?;
    let goal = Board::ordered(Shape::new(4, 4)?);
    assert_eq!(engine.path(&start, &goal)?.to_string(), "r");
    // a search that spends its node budget says so, apart from an unreachable board
    let far = Board::parse("0 12 9 13 15 11 10 14 3 7 5 6 4 8 2 1", Shape::SQUARE4)?;
    let mut small = Engine::default().with_budget(Some(1_000));
    assert_eq!(
        small.path(&far, &Board::ordered(Shape::SQUARE4)),
        Err(Unsolved::Exhausted)
    );
    // what answered, and at what cost, comes back with the answer
    let solution = engine.solve(&start, &goal, None);
    assert_eq!(solution.report.method.name(), "conflicts");
    // a search is stopped through its engine's control, never the process's
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let control = eight::solve::Control::default().stopped_by(stop);
    let mut stopped = Engine::default().with_control(control);
    assert_eq!(
        stopped.path(&far, &Board::ordered(Shape::SQUARE4)),
        Err(Unsolved::Exhausted)
    );
    // README ends
    println!("uldr, r, unreachable, exhausted, conflicts, stopped: as the guide says");
    Ok(())
}
