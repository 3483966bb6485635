//! eight among the tools around it: a manual page, a licence that says what Cargo.toml says,
//! a README that says how to put `eight` on the PATH, and a library that needs none of the
//! command line's crates without its default features.

mod common;
use common::eight;

use std::fs;
use std::path::Path;
use std::process::Command;

#[test]
fn the_manual_page_is_roff_and_names_every_command_but_the_hidden_ones() {
    let output = eight().arg("man").output().expect("runs");
    assert!(output.status.success());
    let page = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(page.contains(".TH eight 1"), "{page}");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION"] {
        assert!(page.contains(section), "{section}");
    }
    for command in ["steps", "judge", "check", "cache", "play", "histogram"] {
        assert!(page.contains(&format!("eight\\-{command}")) || page.contains(command));
    }
    assert!(!page.contains("__run") && !page.contains("__jail"));
}

#[test]
fn each_command_has_the_manual_page_the_top_page_names() {
    let top = eight().arg("man").output().expect("runs");
    assert!(String::from_utf8_lossy(&top.stdout).contains("eight\\-steps(1)"));
    for command in ["steps", "judge", "check", "cache"] {
        let output = eight().args(["man", command]).output().expect("runs");
        assert!(output.status.success(), "{command}");
        let page = String::from_utf8(output.stdout).expect("UTF-8");
        assert!(page.contains(&format!(".TH eight-{command} 1")), "{page}");
        assert!(page.contains(".SH OPTIONS"), "{command}");
    }
    eight()
        .args(["man", "__jail"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "no manual page for `__jail`: the commands are",
        ));
}

#[test]
fn the_guide_shows_the_library_example_that_ci_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("docs/src/library.md")).expect("the chapter");
    let example = fs::read_to_string(root.join("examples/readme.rs")).expect("the example");
    let shown = readme
        .split("```rust\n")
        .find(|block| block.starts_with("use eight::{Board, Engine"))
        .and_then(|rest| rest.split("```").next())
        .expect("the library's rust block in the guide");
    let body = example
        .split("// README begins\n")
        .nth(1)
        .and_then(|rest| rest.split("    // README ends").next())
        .expect("the marked lines");
    let dedented: String = body
        .lines()
        .map(|line| format!("{}\n", line.strip_prefix("    ").unwrap_or(line)))
        .collect();
    assert_eq!(shown, dedented);
}

#[test]
fn the_licence_is_the_one_cargo_toml_names_and_the_readme_says_how_to_install() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    assert!(manifest.contains("license = \"MIT\""));
    let licence = fs::read_to_string(root.join("LICENSE")).expect("a LICENSE file");
    assert!(licence.starts_with("MIT License"));
    let readme = fs::read_to_string(root.join("README.md")).expect("the README");
    assert!(readme.contains("cargo install --path ."));
}

/// The crates `cargo tree` lists for the crate `package` as built for this machine, without dev-
/// and build-dependencies, with `features` (`None`: the default ones). Not offline and not for
/// every target: a fresh cargo home holds only the crates this machine's build downloaded, and
/// cargo fetches whatever else the tree needs.
fn crates_with(package: &str, features: Option<&str>) -> Vec<String> {
    let mut tree = Command::new(env!("CARGO"));
    tree.current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "tree",
            "--package",
            package,
            "--edges",
            "normal",
            "--prefix",
            "none",
        ])
        .args(["--format", "{p}", "--locked"]);
    if let Some(features) = features {
        tree.args(["--no-default-features", "--features", features]);
    }
    let output = tree.output().expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let listed = String::from_utf8(output.stdout).expect("UTF-8");
    listed
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_library_and_the_use_cases_need_none_of_the_command_lines_crates() {
    let command_line = [
        "anyhow",
        "caps",
        "clap",
        "clap_complete",
        "clap_complete_nushell",
        "clap_mangen",
        "indicatif",
        "nix",
        "signal-hook",
        "terminal_size",
        "walkdir",
        "tempfile",
        "dirs",
    ];
    let everything = crates_with("eight-cli", None);
    for name in command_line {
        assert!(
            everything.iter().any(|c| c == name),
            "the binary uses {name}"
        );
    }
    // the library without its disk cache, and the use-cases above it, which take it so
    for (package, lean) in [
        ("eight", crates_with("eight", Some(""))),
        ("eight-app", crates_with("eight-app", None)),
    ] {
        for name in command_line {
            assert!(
                !lean.iter().any(|c| c == name),
                "{name} in {package}: {lean:?}"
            );
        }
        assert!(lean.iter().any(|c| c == "eight-core"), "{package}");
    }
    // the cache feature (the library's default) adds the cache's own crates, and still no
    // command line
    let cached = crates_with("eight", None);
    assert!(cached.iter().any(|c| c == "nix") && cached.iter().any(|c| c == "dirs"));
    for name in ["clap", "indicatif", "walkdir", "caps", "anyhow"] {
        assert!(
            !cached.iter().any(|c| c == name),
            "{name} with the cache alone"
        );
    }
}
