//! The whole input loop of each judge command on any bytes: one answer line per valid case,
//! one JSON record per case, and no panic.
#![no_main]

use eight::format::{pair::Pair, path::PathJudge, steps::Steps, Origin};
use eight::tools::stream::{self as judge, Output};
use eight::Engine;
use eight::Board;
use libfuzzer_sys::fuzz_target;

fn lines(output: &[u8]) -> u64 {
    output.iter().filter(|&&byte| byte == b'\n').count() as u64
}

fuzz_target!(|data: &[u8]| {
    let goal = Board::parse("12345678x").expect("goal");
    for output in [Output::Judge, Output::Json] {
        let mut out = Vec::new();
        let mut errors = 0u64;
        let outcome = match data.first().map(|byte| byte % 3) {
            Some(0) => judge::run(
                &mut Steps::new(goal, Engine::default()),
                data,
                Origin::Line,
                output,
                &mut out,
                &mut |_| errors += 1,
                None,
            ),
            Some(1) => judge::run(
                &mut Pair::new(Engine::default()),
                data,
                Origin::Line,
                output,
                &mut out,
                &mut |_| errors += 1,
                None,
            ),
            _ => judge::run(
                &mut PathJudge::new(goal, Engine::default()),
                data,
                Origin::Line,
                output,
                &mut out,
                &mut |_| errors += 1,
                None,
            ),
        }
        .expect("memory streams do not fail");
        assert_eq!(outcome.malformed, errors);
        let expected = match output {
            Output::Judge => outcome.answered,
            Output::Json => outcome.answered + outcome.malformed,
        };
        assert_eq!(lines(&out), expected);
    }
});
