//! A 3×3 query: the distance and the canonical path between two boards, and a pair that does
//! not meet. Every 3×3 answer comes from the tables embedded at compile time, in microseconds.
//!
//! `cargo run --example square3` (it needs no feature: the lean library serves).

use eight::{Board, Engine, Unsolved};

fn main() {
    let mut engine = Engine::default();
    let goal: Board = "123804765".parse().expect("a board");

    // Luogu P1379's sample: 4 moves
    let start: Board = "283104765".parse().expect("a board");
    let path = engine.path(&start, &goal).expect("the pair meets");
    println!("{start} -> {goal}: {} moves, {path}", path.len());
    assert_eq!(engine.distance(&start, &goal), Ok(4));

    // POJ 1077's sample, to its own goal, in x-notation
    let start: Board = "2 3 4 1 5 x 7 6 8".parse().expect("a board");
    let goal_x: Board = "12345678x".parse().expect("a board");
    let path = engine.path(&start, &goal_x).expect("the pair meets");
    println!("{start} -> {goal_x}: {path}");
    assert_eq!(path.to_string(), "dlurullddrurdllurdr");

    // two tiles swapped: the other parity class, decided without search
    let swapped: Board = "213804765".parse().expect("a board");
    assert!(!swapped.reaches(&goal));
    assert_eq!(engine.path(&swapped, &goal), Err(Unsolved::Unreachable));
    println!("{swapped} -> {goal}: unreachable");
}
