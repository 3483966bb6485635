//! Builds the nine whole-space tables of the 3×3 puzzle at compile time, with the bidirectional
//! search of `eight-core` (`crates/core`), the crate the library answers with too. The bytes land
//! in `OUT_DIR/tables.bin` (distances and first moves, 1.6 MB) and `OUT_DIR/paths.bin` (each
//! board's path word, 13 MB), which `src/solve/square3.rs` embeds, so that a run answers every 3×3
//! query with a lookup and builds nothing. Cargo reruns this script when `eight-core` changes.

use std::path::PathBuf;

use eight_core::state::INDICES;
use eight_core::table::PATH_BYTES;
use eight_core::{canonical_goal, Solver, Table};

fn main() {
    println!("cargo::rerun-if-changed=build/main.rs");
    let mut solver = Solver::new();
    let mut bytes = Vec::with_capacity(9 * INDICES);
    let mut paths = Vec::with_capacity(9 * INDICES * PATH_BYTES);
    for blank in 0..9 {
        let table = Table::new(&canonical_goal(blank), &mut solver);
        bytes.extend_from_slice(table.entries());
        paths.extend_from_slice(table.paths());
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("tables.bin"), bytes).expect("OUT_DIR is writable");
    std::fs::write(out.join("paths.bin"), paths).expect("OUT_DIR is writable");
}
