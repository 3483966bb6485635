//! Every board of two goals, solved by the engine (the embedded tables), by `eight-core`'s
//! bidirectional search and by a freshly built whole-space table, and checked against the plain
//! BFS oracle: the distance, and the path itself, replayed and compared with the canonical one.

use eight::solve::Oracle;
use eight::{Board, Engine, Shape, Unsolved};
use eight_core::{rank, Packed, Solver, Table};

fn board(text: &str) -> Board {
    text.parse().expect("test boards are valid")
}

fn packed(board: &Board) -> Packed {
    Packed::from_cells(board.cells().try_into().expect("9 cells")).expect("a board")
}

/// The board of a packed one.
fn unpacked(packed: &Packed) -> Board {
    Board::new(Shape::SQUARE3, &packed.cells()).expect("a packed board is a board")
}

/// Checks every board that reaches `goal`, and every board that does not.
fn agrees_with_the_oracle_on_every_board(goal: Board) {
    let oracle = Oracle::new(&goal);
    assert_eq!(oracle.boards().count(), 181_440);
    let mut engine = Engine::default();
    let mut solver = Solver::new();
    let packed_goal = packed(&goal);
    let table = Table::new(&packed_goal, &mut Solver::new());
    for (ref board, distance) in oracle.boards() {
        let canonical = oracle.path(board).expect("reachable");
        // the engine, as every command asks it: the embedded tables
        assert_eq!(engine.distance(board, &goal), Ok(distance), "{board}");
        let path = engine.path(board, &goal).expect("reachable");
        assert_eq!(board.replay(&path), Ok(goal), "{board} to {goal}: {path}");
        assert_eq!(path, canonical, "engine: {board} to {goal}");
        // the core's search and a fresh table, on the packed form
        let start = packed(board);
        assert_eq!(table.distance(&start), Some(distance), "table: {board}");
        assert_eq!(
            table.path(&start),
            Some(canonical.clone()),
            "table: {board}"
        );
        assert_eq!(
            solver.distance(&start, &packed_goal),
            Some(distance),
            "{board}"
        );
        assert_eq!(
            solver.path(&start, &packed_goal),
            Some(canonical),
            "{board}"
        );
    }
    for index in 0..rank::COUNT as u32 {
        let start = rank::unrank(index);
        let board = unpacked(&start);
        let reachable = oracle.distance(&board).is_some();
        assert_eq!(start.reaches(&packed_goal), reachable, "{board}");
        assert_eq!(board.reaches(&goal), reachable, "{board}");
        if !reachable {
            assert_eq!(
                engine.distance(&board, &goal),
                Err(Unsolved::Unreachable),
                "engine: {board}"
            );
            assert_eq!(
                engine.path(&board, &goal),
                Err(Unsolved::Unreachable),
                "engine: {board}"
            );
            assert_eq!(table.distance(&start), None, "table: {board}");
            let before = solver.nodes_expanded();
            assert_eq!(solver.distance(&start, &packed_goal), None);
            assert_eq!(solver.path(&start, &packed_goal), None);
            assert_eq!(
                solver.nodes_expanded(),
                before,
                "{board}: no search when unreachable"
            );
        }
    }
}

#[test]
fn solves_every_board_that_reaches_12345678x() {
    agrees_with_the_oracle_on_every_board(board("12345678x"));
}

#[test]
fn solves_every_board_that_reaches_123804765() {
    agrees_with_the_oracle_on_every_board(board("123804765"));
}

#[test]
fn finds_the_hardest_boards() {
    for (goal, hardest, boards) in [("12345678x", 31, 2), ("123804765", 30, 148)] {
        let oracle = Oracle::new(&board(goal));
        let deepest: Vec<String> = oracle
            .boards()
            .filter(|&(_, distance)| distance == hardest)
            .map(|(board, _)| board.to_string())
            .collect();
        assert_eq!(deepest.len(), boards, "{goal}: {deepest:?}");
        assert_eq!(oracle.boards().map(|(_, d)| d).max(), Some(hardest));
    }
}
