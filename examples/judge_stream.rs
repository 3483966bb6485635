//! Reading a judge's input and answering it in the judge's format, as `eight path` does: POJ
//! 1077's cases, one of them malformed. The malformed case is told with its place and skipped;
//! the cases around it are answered.
//!
//! `cargo run --example judge_stream` (the lean library serves).

use std::io::Cursor;

use eight::format::{Judge, Origin};
use eight::Engine;
use eight_app::stream::{Output, Stream};

fn main() {
    let judge = Judge::from_id("poj1077").expect("a judge eight knows");
    // cells glued, spaced, split over lines; a duplicated tile on the third line
    let input = "2 3 4 1 5 x 7 6 8\n12345678x\n1 2 3 4 5 6 7 8 8\n1 2 3\n4 5 6\n7 x 8\n";
    let mut problems = Vec::new();
    let mut report = |error: &eight::format::InputError| problems.push(error.to_string());
    let mut stream = Stream {
        judge: *judge,
        engine: Engine::default(),
        output: Output::Answers,
        report: &mut report,
        stats: None,
        jobs: 1,
    };
    let mut answers = Vec::new();
    let tally = stream
        .run(Cursor::new(input), Origin::Line, &mut answers)
        .expect("writing to memory");
    let answers = String::from_utf8(answers).expect("answers are text");
    print!("{answers}");
    for problem in &problems {
        eprintln!("malformed: {problem}");
    }
    // the 19-move sample, an empty line for the solved board, one move for the last
    assert_eq!(answers, "dlurullddrurdllurdr\n\nr\n");
    assert_eq!((tally.answered, tally.malformed), (3, 1));
    assert!(
        problems[0].starts_with("line 3:"),
        "placed on its line: {}",
        problems[0]
    );
}
