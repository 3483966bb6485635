//! The answer stream of every judge on any bytes: one answer line per valid case, one JSON
//! record per case, and no panic.
#![no_main]

use eight::format::{judge, Answer, Origin};
use eight_app::stream::{Output, Stream};
use eight::Engine;
use libfuzzer_sys::fuzz_target;

fn lines(output: &[u8]) -> u64 {
    output.iter().filter(|&&byte| byte == b'\n').count() as u64
}

fuzz_target!(|data: &[u8]| {
    let which = usize::from(data.first().copied().unwrap_or(0)) % judge::ALL.len();
    for output in [Output::Answers, Output::Json] {
        let mut out = Vec::new();
        let mut errors = 0u64;
        let mut stream = Stream {
            judge: *judge::ALL[which],
            engine: Engine::default(),
            output,
            report: &mut |_| errors += 1,
            stats: None,
            jobs: 1,
        };
        let outcome = stream
            .run(data, Origin::Line, &mut out)
            .expect("memory streams do not fail");
        drop(stream);
        assert_eq!(outcome.malformed + outcome.errors, errors);
        // an answer's lines, but for the separators of the judges that put one between answers
        // and the moves a line each of those that count them first
        let judge = judge::ALL[which];
        let variable = judge.spelling.separated || judge.answer == Answer::CountThenMoves;
        let lines_per_answer = judge.lines(1) as u64;
        let expected = match output {
            Output::Answers => outcome.answered * lines_per_answer,
            Output::Json => outcome.answered + outcome.malformed,
        };
        match (output, variable) {
            (Output::Answers, true) => assert!(lines(&out) >= expected),
            _ => assert_eq!(lines(&out), expected),
        }
    }
});
