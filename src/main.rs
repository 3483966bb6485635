//! The `eight` binary (the package `eight-cli`, above `eight-app` and the library `eight`):
//! parses the command line, runs it, and maps the outcome to an exit status (0 answered, 2
//! malformed input or trouble; clap's usage errors are 2 as well).

use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    match cli::run(cli::parse()) {
        Ok(status) => ExitCode::from(status as u8),
        Err(error) if cli::is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            cli::warn(&format_args!("{error:#}"));
            ExitCode::from(cli::Status::Trouble as u8)
        }
    }
}
