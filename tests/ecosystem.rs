//! eight among the tools around it: a manual page, a licence that says what Cargo.toml says,
//! and a README that says how to put `eight` on the PATH.

mod common;
use common::eight;

use std::fs;
use std::path::Path;

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
fn the_licence_is_the_one_cargo_toml_names_and_the_readme_says_how_to_install() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    assert!(manifest.contains("license = \"MIT\""));
    let licence = fs::read_to_string(root.join("LICENSE")).expect("a LICENSE file");
    assert!(licence.starts_with("MIT License"));
    let readme = fs::read_to_string(root.join("README.md")).expect("the README");
    assert!(readme.contains("cargo install --path ."));
}
