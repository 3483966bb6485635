//! The judge commands: cases from the arguments or standard input, answers on standard output.

use std::ffi::OsString;
use std::io::{self, Write};

use eight::judge::{self, Format, Output};
use eight::Origin;

use super::Status;

/// Answers the cases of the arguments or, when there are none, of standard input.
pub fn answer<J: Format>(
    judge: &mut J,
    arguments: &[OsString],
    output: Output,
) -> anyhow::Result<Status> {
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut report = |error: &eight::InputError| eprintln!("eight: {error}");
    let outcome = if arguments.is_empty() {
        judge::run(
            judge,
            io::stdin().lock(),
            Origin::Line,
            output,
            &mut out,
            &mut report,
        )?
    } else {
        // NUL joins the arguments since no argument can hold one.
        let parts: Vec<&[u8]> = arguments.iter().map(|a| a.as_encoded_bytes()).collect();
        let joined = parts.join(&0u8);
        judge::run(
            judge,
            &joined[..],
            Origin::Argument,
            output,
            &mut out,
            &mut report,
        )?
    };
    out.flush()?;
    Ok(if outcome.malformed > 0 {
        Status::Trouble
    } else {
        Status::Success
    })
}
