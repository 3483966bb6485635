//! Writes the lab's page: `cargo run -p eight-lab --example page -- MODULE PAGE`, MODULE the lab's
//! WebAssembly module (`scripts/lab.sh` builds it and runs this).

use std::process::ExitCode;

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let [module, page] = arguments.as_slice() else {
        eprintln!("usage: page MODULE PAGE");
        return ExitCode::from(2);
    };
    let written = std::fs::read(module)
        .and_then(|module| std::fs::write(page, eight_lab::page::page(&module)));
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("page: {error}");
            ExitCode::FAILURE
        }
    }
}
