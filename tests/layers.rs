//! The library's layers point one way: the puzzle at the bottom, the solvers and the formats
//! above it (neither knowing the other), the tools above those. Every `crate::` path in a
//! layer's files must name that layer or one below it, and the library never names clap.

use std::fs;
use std::path::Path;

/// Each layer's folder under `src/`, and the layers its files may name.
const LAYERS: [(&str, &[&str]); 4] = [
    ("puzzle", &["puzzle"]),
    ("solve", &["puzzle", "solve"]),
    ("format", &["puzzle", "format"]),
    ("tools", &["puzzle", "solve", "format", "tools"]),
];

/// Every `crate::NAME` in `text`, with its line number.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            found.push((number + 1, name));
        }
    }
    found
}

#[test]
fn no_layer_imports_from_one_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut checked = 0;
    for (layer, allowed) in LAYERS {
        // subfolders too (`tools/gen/`)
        for entry in walkdir::WalkDir::new(src.join(layer)) {
            let path = entry.expect("an entry").into_path();
            if !path.is_file() {
                continue;
            }
            let text = fs::read_to_string(&path).expect("a source file");
            for (line, name) in crate_paths(&text) {
                assert!(
                    allowed.contains(&name.as_str()),
                    "{}:{line}: the {layer} layer names crate::{name}",
                    path.display()
                );
            }
            assert!(!text.contains("clap"), "{} names clap", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} files checked");
}

#[test]
fn the_check_sees_an_upward_import() {
    let text = "use crate::puzzle::Board;\nuse crate::tools::stream::Stream; // crate::solve";
    let names: Vec<String> = crate_paths(text).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["puzzle", "tools", "solve"]);
}
