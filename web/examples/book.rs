//! The guide's mdbook preprocessor, after `scripts/lab.sh --book` wrote the lab's page beside
//! the chapters: mdbook's `[context, book]` read from standard input, the book written back
//! unchanged.

use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("book: {error}");
        return ExitCode::FAILURE;
    }
    match serde_json::from_str::<serde_json::Value>(&input) {
        Ok(serde_json::Value::Array(mut parts)) if parts.len() == 2 => {
            println!("{}", parts.remove(1));
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("book: expected mdbook's [context, book] on standard input");
            ExitCode::FAILURE
        }
    }
}
