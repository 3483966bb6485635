//! The layers point one way. Between crates the compiler holds it: eight-core, then the library
//! `eight` (the puzzle, the solvers, the formats, the disk cache), then `eight-app` (the
//! use-cases), then the binary `eight-cli`; the sandbox knows none of them. Inside the library,
//! every `crate::` path in a layer's files must name that layer or one below it: the puzzle at
//! the bottom, the solvers and the formats above it (neither knowing the other), the cache above
//! the solvers. No crate below the binary names clap.

use std::fs;
use std::path::{Path, PathBuf};

/// Each of the library's layers, a folder or file under `crates/eight/src/`, and the layers its
/// files may name.
const LAYERS: [(&str, &[&str]); 5] = [
    ("puzzle", &["puzzle"]),
    ("solve", &["puzzle", "solve"]),
    ("format", &["puzzle", "format"]),
    ("staged.rs", &[]),
    ("cache", &["puzzle", "solve", "staged", "cache"]),
];

/// A folder of the workspace.
fn folder(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

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
    let src = folder("crates/eight/src");
    let mut checked = 0;
    for (layer, allowed) in LAYERS {
        // subfolders too (`solve/pdb/`)
        for entry in walkdir::WalkDir::new(src.join(layer)) {
            let path = entry.expect("an entry").into_path();
            if !path.is_file() {
                continue;
            }
            let text = fs::read_to_string(&path).expect("a source file");
            let own = layer.trim_end_matches(".rs");
            for (line, name) in crate_paths(&text) {
                assert!(
                    allowed.contains(&name.as_str()) || name == own,
                    "{}:{line}: the {layer} layer names crate::{name}",
                    path.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} files checked");
}

#[test]
fn no_crate_below_the_binary_names_clap() {
    let mut checked = 0;
    for crate_src in [
        "crates/core/src",
        "crates/eight/src",
        "crates/app/src",
        "web/src",
    ] {
        for entry in walkdir::WalkDir::new(folder(crate_src)) {
            let path = entry.expect("an entry").into_path();
            if path.is_file() {
                let text = fs::read_to_string(&path).expect("a source file");
                assert!(!text.contains("clap"), "{} names clap", path.display());
                checked += 1;
            }
        }
    }
    assert!(checked >= 60, "only {checked} files checked");
}

/// The crates of eight's that the manifest in `folder` depends on, for building or testing.
fn eight_dependencies(folder_path: &str) -> Vec<String> {
    let manifest = fs::read_to_string(folder(folder_path).join("Cargo.toml")).expect("a manifest");
    let mut found: Vec<String> = manifest
        .lines()
        .skip_while(|line| !line.contains("dependencies]"))
        .filter(|line| !line.starts_with('[') && !line.starts_with('#'))
        .filter_map(|line| {
            line.split_once(" = ")
                .map(|(name, _)| name.trim().to_string())
        })
        .filter(|name| name == "eight" || name.starts_with("eight-"))
        .collect();
    found.sort();
    found.dedup();
    found
}

#[test]
fn each_crate_depends_only_on_the_layers_below_it() {
    // the compiler refuses a circle; this holds the order of the picture in how-it-works.md
    for (crate_folder, below) in [
        ("crates/core", &[][..]),
        ("crates/sandbox", &[][..]),
        ("crates/eight", &["eight-core"][..]),
        ("crates/app", &["eight", "eight-core"][..]),
        ("web", &["eight", "eight-app"][..]),
        (
            ".",
            &["eight", "eight-app", "eight-core", "eight-sandbox"][..],
        ),
    ] {
        let found = eight_dependencies(crate_folder);
        assert!(
            found.iter().all(|name| below.contains(&name.as_str())),
            "{crate_folder} depends on {found:?}, not only on {below:?}"
        );
    }
    assert_eq!(eight_dependencies("crates/app"), ["eight", "eight-core"]);
}

#[test]
fn the_sandbox_knows_nothing_of_eight() {
    // crates/sandbox runs programs: what it hides and what it allows is passed in its order,
    // and neither its manifest nor its code names another crate of eight's
    let root = folder("crates/sandbox");
    assert_eq!(eight_dependencies("crates/sandbox"), Vec::<String>::new());
    let mut checked = 0;
    for entry in walkdir::WalkDir::new(root.join("src")) {
        let path = entry.expect("an entry").into_path();
        if path.is_file() {
            let text = fs::read_to_string(&path).expect("a source file");
            assert!(!text.contains("eight::"), "{} names eight", path.display());
            assert!(
                !text.contains("eight_"),
                "{} names a crate of eight's",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} files checked");
}

#[test]
fn the_check_sees_an_upward_import() {
    let text = "use crate::puzzle::Packed;\nuse crate::cache::DiskCache; // crate::solve";
    let names: Vec<String> = crate_paths(text).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["puzzle", "cache", "solve"]);
}

/// The modules of the crate whose sources are in `crate_src`, each by its path
/// (`solve::pdb::lookup`), with its file's text; the binary's are under `cli`.
fn modules_of(crate_src: &str) -> Vec<(String, String)> {
    let src = folder(crate_src);
    let mut modules = Vec::new();
    for entry in walkdir::WalkDir::new(&src) {
        let path = entry.expect("an entry").into_path();
        let relative = path.strip_prefix(&src).expect("under src");
        let Some(name) = relative.to_str().and_then(|name| name.strip_suffix(".rs")) else {
            continue;
        };
        let name = name.trim_end_matches("/mod").replace('/', "::");
        let text = fs::read_to_string(&path).expect("a source file");
        let root = name == "lib" || name == "main";
        modules.push((if root { String::new() } else { name }, text));
    }
    modules
}

/// The modules of the library and of the use-cases above it, each crate's by its own paths.
fn modules() -> Vec<(String, String)> {
    let mut modules = modules_of("crates/eight/src");
    modules.extend(modules_of("crates/app/src"));
    modules
}

/// The modules `text`, the file of module `module`, names by `crate::` and `super::` paths
/// (each path's longest prefix that is a module of `known`), its own descendants left out: a
/// folder's `mod.rs` declares and re-exports its children.
fn imports(module: &str, text: &str, known: &[String]) -> Vec<String> {
    let parent = module.rsplit_once("::").map_or("", |(parent, _)| parent);
    let mut found = Vec::new();
    for (root, base) in [("crate::", String::new()), ("super::", parent.to_string())] {
        let mut rest = text;
        while let Some(at) = rest.find(root) {
            rest = &rest[at + root.len()..];
            // `a::b::c` or the first names of a group, `{a::b, c}`
            let group = match rest.strip_prefix('{') {
                Some(inner) => &inner[..inner.find('}').unwrap_or(inner.len())],
                None => rest,
            };
            for item in group
                .split(',')
                .take(if rest.starts_with('{') { 64 } else { 1 })
            {
                let path: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                let mut segments: Vec<&str> = if base.is_empty() { vec![] } else { vec![&base] };
                segments.extend(path.split("::").filter(|s| !s.is_empty()));
                let target = (1..=segments.len())
                    .rev()
                    .map(|n| segments[..n].join("::"))
                    .find(|candidate| known.contains(candidate));
                if let Some(target) = target {
                    let descendant =
                        target.starts_with(&format!("{module}::")) || module.is_empty();
                    if target != module && !descendant {
                        found.push(target);
                    }
                }
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// A cycle among `edges`, as the modules along it, if there is one.
fn cycle(edges: &[(String, Vec<String>)]) -> Option<Vec<String>> {
    fn visit(
        at: &str,
        edges: &[(String, Vec<String>)],
        path: &mut Vec<String>,
        done: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == at) {
            let mut found = path[start..].to_vec();
            found.push(at.to_string());
            return Some(found);
        }
        if done.iter().any(|m| m == at) {
            return None;
        }
        path.push(at.to_string());
        let next = edges.iter().find(|(m, _)| m == at).map(|(_, n)| n.clone());
        for target in next.unwrap_or_default() {
            if let Some(found) = visit(&target, edges, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.push(at.to_string());
        None
    }
    let mut done = Vec::new();
    for (module, _) in edges {
        if let Some(found) = visit(module, edges, &mut Vec::new(), &mut done) {
            return Some(found);
        }
    }
    None
}

#[test]
fn no_file_imports_in_a_circle() {
    for (crate_src, least) in [
        ("crates/eight/src", 40),
        ("crates/app/src", 10),
        ("src", 20),
        ("crates/sandbox/src", 10),
    ] {
        let modules = modules_of(crate_src);
        let known: Vec<String> = modules.iter().map(|(name, _)| name.clone()).collect();
        let edges: Vec<(String, Vec<String>)> = modules
            .iter()
            .map(|(name, text)| (name.clone(), imports(name, text, &known)))
            .collect();
        assert!(
            edges.len() > least,
            "{crate_src}: only {} modules",
            edges.len()
        );
        assert_eq!(
            cycle(&edges),
            None,
            "{crate_src}: modules that import each other"
        );
    }
}

#[test]
fn the_cycle_check_sees_a_circle() {
    let known = ["solve::ida", "solve::conflicts", "puzzle::board"].map(String::from);
    let ida = imports("solve::ida", "use super::conflicts::Conflicts;", &known);
    let conflicts = imports(
        "solve::conflicts",
        "use super::{ida::Heuristic, x};",
        &known,
    );
    assert_eq!(ida, ["solve::conflicts"]);
    assert_eq!(conflicts, ["solve::ida"]);
    let edges = [
        ("solve::ida".into(), ida),
        ("solve::conflicts".into(), conflicts),
    ];
    assert!(cycle(&edges).is_some());
}

#[test]
fn only_the_solvers_see_the_packed_board() {
    let packed = [
        "eight_core::packed",
        "eight_core::state",
        "eight_core::bibfs",
    ];
    for (module, text) in modules() {
        let named = packed.iter().any(|name| text.contains(name)) || text.contains("Packed");
        assert!(
            !named || module.starts_with("solve"),
            "{module} names the packed 3x3 board"
        );
    }
}

#[test]
fn every_file_reads_in_one_sitting() {
    // the lines before a file's module of tests (a file of tests, `tests.rs` or under `tests/`,
    // is one), the core crate's, the sandbox's and the lab's too
    for crate_src in [
        "src",
        "crates/core/src",
        "crates/eight/src",
        "crates/eight/build",
        "crates/app/src",
        "crates/sandbox/src",
        "web/src",
    ] {
        for entry in walkdir::WalkDir::new(folder(crate_src)) {
            let path = entry.expect("an entry").into_path();
            if path.extension().and_then(|extension| extension.to_str()) != Some("rs") {
                continue;
            }
            let tests = path.file_name().is_some_and(|name| name == "tests.rs")
                || path.components().any(|part| part.as_os_str() == "tests");
            if tests {
                continue;
            }
            let text = fs::read_to_string(&path).expect("a source file");
            let lines = code_lines(&text);
            assert!(
                lines <= 500,
                "{}: {lines} lines before its tests",
                path.display()
            );
        }
    }
}

/// The lines of `text` before its inline module of tests (`#[cfg(test)]` then `mod tests {`),
/// all of them if it has none: a `#[cfg(test)] mod tests;` that names a file of tests, or a
/// test-only item, is code like any other.
fn code_lines(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    let opens = |line: &str| line.ends_with("mod tests {");
    (0..lines.len())
        .find(|&i| lines[i] == "#[cfg(test)]" && lines.get(i + 1).is_some_and(|l| opens(l)))
        .unwrap_or(lines.len())
}

#[test]
fn the_count_of_code_lines_stops_at_the_inline_tests_only() {
    let code = "fn a() {}\n#[cfg(test)]\nmod tests;\nfn b() {}\n";
    assert_eq!(code_lines(code), 4);
    let inline = "fn a() {}\n#[cfg(test)]\nmod tests {\n    fn t() {}\n}\n";
    assert_eq!(code_lines(inline), 1);
    let shared = "fn a() {}\n#[cfg(test)]\npub(crate) mod tests {\n}\n";
    assert_eq!(code_lines(shared), 1);
}

/// The lines of `text` before its tests that are code, not comments, and hold a command-line
/// flag (`--max-nodes`); but for a judge's help (`help: Help { … }`), the words of its command,
/// whose examples show the command's flags.
fn flag_words(text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    let mut in_help = false;
    code.lines()
        .filter(|line| {
            let opens = line.trim_start() == "help: Help {";
            in_help = (in_help || opens) && line.trim_start() != "},";
            !in_help && !opens
        })
        .filter(|line| !line.trim_start().starts_with("//"))
        .filter(|line| {
            line.match_indices("--")
                .any(|(at, _)| line[at + 2..].starts_with(|c: char| c.is_ascii_lowercase()))
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn the_library_speaks_of_boards_not_of_the_command_line_s_flags() {
    // The one exception: a search that ran out of nodes names the flag that raises them, in the
    // message the answer stream also writes into its JSON record (and a README session shows).
    // It names --fast too, which gives a path at once.
    let allowed = [
        "a board solved within --max-nodes (--fast gives",
        "necessarily the shortest; or raise --max-nodes)",
    ];
    for (module, text) in modules() {
        for line in flag_words(&text) {
            assert!(
                allowed.iter().any(|words| line.contains(words)),
                "{module} names a command-line flag: {line}"
            );
        }
    }
    assert_eq!(
        flag_words("// --walk\nlet x = \"--walk\";\n"),
        ["let x = \"--walk\";"]
    );
    let judge =
        "    help: Help {\n        examples: \"eight steps --goal 1\",\n    },\n    x: \"--y\",\n";
    assert_eq!(flag_words(judge), ["    x: \"--y\","]);
}
