//! Every board of two goals, solved by the bidirectional search and checked against the plain
//! BFS oracle: the distance, and the path itself, replayed and compared with the canonical one;
//! and the same for the whole-space table of each goal.

use eight::puzzle::rank;
use eight::solve::oracle::Oracle;
use eight::{Board, Solver, Table};

fn board(text: &str) -> Board {
    Board::parse(text).expect("test boards are valid")
}

/// Checks every board that reaches `goal`, and every board that does not.
fn agrees_with_the_oracle_on_every_board(goal: Board) {
    let oracle = Oracle::new(goal);
    assert_eq!(oracle.boards().count(), 181_440);
    let mut solver = Solver::new();
    let table = Table::new(&goal, &mut Solver::new());
    for (start, distance) in oracle.boards() {
        assert_eq!(
            table.distance(start),
            Some(distance),
            "table: {start} to {goal}"
        );
        let walked = table.path(start).expect("reachable");
        assert_eq!(
            solver.distance(start, &goal),
            Some(distance),
            "{start} to {goal}"
        );
        let path = solver.path(start, &goal).expect("reachable");
        assert_eq!(path.len() as u32, distance, "{start} to {goal}: {path}");
        assert_eq!(path.replay(start), Ok(goal), "{start} to {goal}: {path}");
        let canonical = oracle.path(start).expect("reachable");
        assert_eq!(path, canonical, "{start} to {goal}");
        assert_eq!(walked, canonical, "table: {start} to {goal}");
    }
    for index in 0..rank::COUNT as u32 {
        let start = rank::unrank(index);
        let reachable = oracle.distance(&start).is_some();
        assert_eq!(start.reaches(&goal), reachable, "{start} to {goal}");
        if !reachable {
            assert_eq!(table.distance(&start), None, "table: {start}");
            let before = solver.nodes_expanded();
            assert_eq!(solver.distance(&start, &goal), None);
            assert_eq!(solver.path(&start, &goal), None);
            assert_eq!(
                solver.nodes_expanded(),
                before,
                "{start}: no search when unreachable"
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
        let oracle = Oracle::new(board(goal));
        let deepest: Vec<String> = oracle
            .boards()
            .filter(|&(_, distance)| distance == hardest)
            .map(|(board, _)| board.to_string())
            .collect();
        assert_eq!(deepest.len(), boards, "{goal}: {deepest:?}");
        assert_eq!(oracle.boards().map(|(_, d)| d).max(), Some(hardest));
    }
}
