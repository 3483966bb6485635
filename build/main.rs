//! Builds the nine whole-space tables of the 3×3 puzzle at compile time, with the project's own
//! breadth-first search: the same source files as the library's, compiled here as modules of
//! this script. The bytes land in `OUT_DIR/tables.bin`, which `src/solve/embedded.rs` embeds, so
//! a run answers every 3×3 query with a lookup and builds nothing.

#![allow(dead_code, missing_docs, unused_imports, clippy::all)]

// the library's own files, under the same module paths (`build/puzzle.rs`, `build/solve.rs`)
mod puzzle;
mod solve;

use std::path::PathBuf;

fn main() {
    for source in ["board.rs", "moves.rs", "rank.rs"] {
        println!("cargo::rerun-if-changed=src/puzzle/{source}");
    }
    for source in ["bibfs.rs", "state.rs", "table.rs"] {
        println!("cargo::rerun-if-changed=src/solve/{source}");
    }
    let mut solver = solve::bibfs::Solver::new();
    let mut bytes = Vec::with_capacity(9 * solve::state::INDICES);
    for blank in 0..9 {
        let goal = solve::table::canonical_goal(blank);
        let table = solve::table::Table::new(&goal, &mut solver);
        bytes.extend_from_slice(table.entries());
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("tables.bin"), bytes).expect("OUT_DIR is writable");
}
