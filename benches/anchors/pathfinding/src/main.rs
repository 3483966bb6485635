//! HDU 1043 by `pathfinding`'s A*: for each board a line (`x` the blank), a parity check and
//! then an A* search with the Manhattan distance to `12345678x`; prints the moves of the blank.

use std::io::{self, BufRead, Write};

use pathfinding::directed::astar::astar;

type Board = [u8; 9];

const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];

fn manhattan(board: &Board) -> u32 {
    let mut sum = 0;
    for (cell, &tile) in board.iter().enumerate() {
        if tile != 0 {
            let home = usize::from(tile - 1);
            sum += (cell / 3).abs_diff(home / 3) + (cell % 3).abs_diff(home % 3);
        }
    }
    sum as u32
}

fn neighbours(board: &Board) -> Vec<(Board, u32)> {
    let blank = board.iter().position(|&t| t == 0).expect("a blank");
    let (row, column) = (blank / 3, blank % 3);
    let mut next = Vec::with_capacity(4);
    let mut swap = |target: usize| {
        let mut moved = *board;
        moved.swap(blank, target);
        next.push((moved, 1));
    };
    if row < 2 {
        swap(blank + 3);
    }
    if column > 0 {
        swap(blank - 1);
    }
    if column < 2 {
        swap(blank + 1);
    }
    if row > 0 {
        swap(blank - 3);
    }
    next
}

fn letter(from: &Board, to: &Board) -> char {
    let (a, b) = (
        from.iter().position(|&t| t == 0).expect("a blank"),
        to.iter().position(|&t| t == 0).expect("a blank"),
    );
    match b as isize - a as isize {
        3 => 'd',
        -1 => 'l',
        1 => 'r',
        _ => 'u',
    }
}

fn main() {
    let stdin = io::stdin();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.expect("input");
        let cells: Vec<u8> = line
            .bytes()
            .filter_map(|b| match b {
                b'x' => Some(0),
                b'0'..=b'8' => Some(b - b'0'),
                _ => None,
            })
            .collect();
        let Ok(board) = <Board>::try_from(cells) else {
            continue;
        };
        let inversions = (0..9)
            .flat_map(|i| (i + 1..9).map(move |j| (i, j)))
            .filter(|&(i, j)| board[i] != 0 && board[j] != 0 && board[j] < board[i])
            .count();
        if inversions % 2 == 1 {
            writeln!(out, "unsolvable").expect("output");
            continue;
        }
        let (path, _) = astar(&board, neighbours, manhattan, |b| *b == GOAL).expect("solvable");
        let moves: String = path.windows(2).map(|w| letter(&w[0], &w[1])).collect();
        writeln!(out, "{moves}").expect("output");
    }
}
