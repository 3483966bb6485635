//! Korf's 100 random 15-puzzle instances (Korf 1985, with their optimal lengths) in
//! `benches/korf100.txt`: every line is read and is solvable; the engine (IDA* with the pattern
//! databases) solves all hundred with exactly the paper's lengths, and IDA* with linear
//! conflicts alone a sample that it solves within CI's time.

use eight::puzzle::{Board, Shape};
use eight::solve::LinearConflicts;
use eight::solve::{Bounds, Ida};
use eight::solve::{Control, Outcome, Query, Search, Want};
use eight::Engine;

/// Korf's goal: the blank top-left, tile i in cell i.
fn korf_goal() -> Board {
    Board::new(Shape::SQUARE4, &(0..16).collect::<Vec<u8>>()).expect("a board")
}

/// The instances: the paper's optimal length and the board, in the file's order.
fn instances() -> Vec<(usize, Board)> {
    let text = include_str!("../benches/korf100.txt");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let numbers: Vec<u8> = line
                .split_whitespace()
                .map(|n| n.parse().expect("a number"))
                .collect();
            let board = Board::new(Shape::SQUARE4, &numbers[1..]).expect("16 cells");
            (usize::from(numbers[0]), board)
        })
        .collect()
}

#[test]
fn the_file_holds_korf_s_hundred_instances_all_solvable() {
    let instances = instances();
    assert_eq!(instances.len(), 100);
    let goal = korf_goal();
    for (number, (length, board)) in instances.iter().enumerate() {
        assert!(board.reaches(&goal), "instance {}", number + 1);
        assert!((41..=66).contains(length), "instance {}", number + 1);
    }
    let mean = instances
        .iter()
        .map(|(length, _)| *length as f64)
        .sum::<f64>()
        / 100.0;
    assert!(
        (mean - 53.05).abs() < 1e-9,
        "the paper's mean is 53.05, not {mean}"
    );
}

#[test]
fn linear_conflicts_alone_solve_a_sample_with_the_paper_s_lengths() {
    let instances = instances();
    let goal = korf_goal();
    // the instances that IDA* with linear conflicts solves in well under a second each
    for number in [5, 6, 9] {
        let (length, board) = &instances[number - 1];
        for want in [Want::Canonical, Want::Shortest] {
            let query = Query {
                start: board,
                goal: &goal,
                limit: None,
                budget: u64::MAX,
                bounds: Bounds::All,
                want,
            };
            let solution = Ida::new(LinearConflicts, 1).search(&query, &Control::default());
            let Outcome::Found(path) = solution.outcome else {
                panic!("instance {number} unsolved");
            };
            assert_eq!(path.len(), *length, "instance {number}, {want:?}");
            assert_eq!(board.replay(&path).ok(), Some(goal), "instance {number}");
            assert_eq!(solution.report.found, want);
        }
    }
}

#[test]
fn all_hundred_are_solved_with_the_paper_s_lengths_by_the_pattern_databases() {
    let goal = korf_goal();
    let mut engine = Engine::default();
    for (number, (length, board)) in instances().iter().enumerate() {
        let Outcome::Found(path) = engine.solve(board, &goal, None).outcome else {
            panic!("instance {} unsolved", number + 1);
        };
        assert_eq!(path.len(), *length, "instance {}", number + 1);
        assert_eq!(
            board.replay(&path).ok(),
            Some(goal),
            "instance {}",
            number + 1
        );
        // the databases are ready: the bound is theirs, never above the optimum
        let bound = engine.lower_bound(board, &goal) as usize;
        assert!(bound <= *length, "instance {}: bound {bound}", number + 1);
        assert!(bound >= manhattan(board, &goal), "instance {}", number + 1);
    }
}

/// The Manhattan distance from `board` to `goal`.
fn manhattan(board: &Board, goal: &Board) -> usize {
    let cell_of = |tile: u8| {
        goal.cells()
            .iter()
            .position(|&t| t == tile)
            .expect("a tile")
    };
    let distance = |a: usize, b: usize| (a / 4).abs_diff(b / 4) + (a % 4).abs_diff(b % 4);
    let tiles = board
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, &tile)| tile != 0);
    tiles
        .map(|(cell, &tile)| distance(cell, cell_of(tile)))
        .sum()
}

#[test]
fn fast_paths_of_the_hundred_are_legal_within_a_tenth_of_their_optimal_total() {
    let goal = korf_goal();
    let mut engine = Engine::default().with_fast(true);
    let (mut optimal, mut total) = (0, 0);
    for (number, (length, board)) in instances().iter().enumerate() {
        let solution = engine.solve(board, &goal, None);
        let Outcome::Found(path) = solution.outcome else {
            panic!("instance {} unsolved", number + 1);
        };
        assert_eq!(
            board.replay(&path).ok(),
            Some(goal),
            "instance {}",
            number + 1
        );
        let quality = solution
            .report
            .quality
            .expect("a fast engine says how good");
        assert_eq!(quality.length as usize, path.len());
        assert!(
            quality.lower_bound as usize <= *length,
            "instance {}",
            number + 1
        );
        if quality.optimal {
            assert_eq!(path.len(), *length, "instance {}: said optimal", number + 1);
        }
        optimal += length;
        total += path.len();
    }
    assert!(total * 10 <= optimal * 11, "{total} moves for {optimal}");
}
