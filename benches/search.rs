//! Benchmarks of the search core: ranks, one bidirectional query at several depths, and the
//! whole-space table of a goal, and a whole 100,000-case run in process.
#![allow(missing_docs)] // criterion_group! defines an undocumented function

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use eight::format::judge::HDU1043;
use eight::format::Origin;
use eight::{Board, Engine};
use eight_app::gen::{generate, Request};
use eight_app::stream::{Output, Stream};
use eight_core::{rank, Packed, Solver, Table};

fn board(text: &str) -> Packed {
    let board: Board = text.parse().expect("bench boards are valid");
    Packed::from_cells(board.cells().try_into().expect("9 cells")).expect("a board")
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

/// 100,000 HDU 1043 cases, random boards of which half are unsolvable, as `eight path` runs
/// them: parsing, a lookup in the embedded tables, and formatting into a discarded buffer.
fn runs(c: &mut Criterion) {
    let request = Request {
        judge: HDU1043,
        count: 100_000,
        seed: 1,
        min_depth: 0,
        max_depth: None,
        unsolvable: 0.5,
        goal: None,
        all: false,
        json: false,
        walk: None,
        budget: None,
    };
    let mut input = Vec::new();
    generate(
        &request,
        (&Default::default(), &Default::default()),
        &mut input,
        None,
    )
    .expect("memory")
    .expect("a possible request");
    let mut group = c.benchmark_group("run");
    group.sample_size(10);
    group.bench_function("path/100k", |b| {
        b.iter(|| {
            let mut out = std::io::sink();
            let mut stream = Stream {
                judge: HDU1043,
                engine: Engine::default(),
                output: Output::Answers,
                report: &mut |_| {},
                stats: None,
                jobs: 1,
            };
            stream
                .run(&input[..], Origin::Line, &mut out)
                .expect("a sink does not fail")
        })
    });
    group.finish();
}

criterion_group!(benches, ranks, queries, tables, runs);
criterion_main!(benches);
