//! Benchmarks of the search core: ranks, one bidirectional query at several depths, and the
//! whole-space table of a goal.
#![allow(missing_docs)] // criterion_group! defines an undocumented function

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use eight::{rank, Board, Solver, Table};

fn board(text: &str) -> Board {
    Board::parse(text).expect("bench boards are valid")
}

fn ranks(c: &mut Criterion) {
    let start = board("867254301");
    c.bench_function("rank", |b| b.iter(|| rank::rank(black_box(&start))));
    c.bench_function("unrank", |b| b.iter(|| rank::unrank(black_box(271_828))));
}

fn queries(c: &mut Criterion) {
    let goal = board("12345678x");
    let mut solver = Solver::new();
    // 0 moves, 19 moves (the POJ 1077 sample), 22 (the median depth), 31 (the hardest)
    for (name, start) in [
        ("solved", "12345678x"),
        ("sample", "234150768"),
        ("median", "x56718324"),
        ("hardest", "867254301"),
    ] {
        let start = board(start);
        c.bench_function(&format!("bibfs/path/{name}"), |b| {
            b.iter(|| solver.path(black_box(&start), &goal))
        });
        c.bench_function(&format!("bibfs/distance/{name}"), |b| {
            b.iter(|| solver.distance(black_box(&start), &goal))
        });
    }
}

fn tables(c: &mut Criterion) {
    let goal = board("12345678x");
    let mut solver = Solver::new();
    c.bench_function("table/build", |b| {
        b.iter(|| Table::new(black_box(&goal), &mut solver))
    });
}

criterion_group!(benches, ranks, queries, tables);
criterion_main!(benches);
