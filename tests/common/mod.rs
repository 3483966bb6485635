//! What the CLI tests share: the built binary, ready to run.

use assert_cmd::Command;

/// The `eight` binary that cargo built for the tests.
pub fn eight() -> Command {
    Command::cargo_bin("eight").expect("the binary is built")
}
