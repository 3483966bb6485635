//! The guide (`docs/`, an mdBook) holds together: every chapter is in its table of contents and
//! every entry there is a chapter; every link of the README and the guide leads to a file that
//! exists, and an anchor to a heading of it; the guide's links stay inside the book; and the
//! help of every command says what the guide says, in the same words. (`tests/readme.rs` runs
//! their examples.)

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The chapters of the guide, by file name.
fn chapters() -> BTreeSet<String> {
    fs::read_dir(root().join("docs/src"))
        .expect("the guide's folder")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".md"))
        .collect()
}

/// `text` without its fenced blocks and code spans, where a `](` is not a link.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            // code spans: every other piece between backticks
            let spans: Vec<&str> = line.split('`').collect();
            for (index, piece) in spans.iter().enumerate() {
                if index % 2 == 0 {
                    out.push_str(piece);
                }
            }
            out.push('\n');
        }
    }
    out
}

/// The targets of the Markdown links of `text`: `[words](target)`.
fn links(text: &str) -> Vec<String> {
    let text = prose(text);
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        found.push(after[..end].to_string());
        rest = &after[end..];
    }
    found
}

/// A heading's anchor, as mdBook makes it: letters, digits, `-` and `_` kept (lower case),
/// whitespace made `-`, the rest dropped.
fn anchor(heading: &str) -> String {
    heading
        .chars()
        .filter(|&c| c != '`' && c != '*')
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_ascii_lowercase())
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// The anchors of the headings of a Markdown file.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fenced = false;
    let mut found = BTreeSet::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            found.insert(anchor(line.trim_start_matches('#').trim()));
        }
    }
    found
}

/// `path` with its `.` and `..` resolved, without asking the file system.
fn tidy(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[test]
fn every_chapter_is_in_the_table_of_contents_and_every_entry_is_a_chapter() {
    let summary = fs::read_to_string(root().join("docs/src/SUMMARY.md")).expect("SUMMARY.md");
    let listed: BTreeSet<String> = links(&summary).into_iter().collect();
    let mut chapters = chapters();
    chapters.remove("SUMMARY.md");
    assert_eq!(listed, chapters);
    let book = fs::read_to_string(root().join("docs/book.toml")).expect("book.toml");
    assert!(book.contains("src = \"src\""), "{book}");
}

/// The page the guide's build writes beside its chapters.
const LAB: &str = "lab.html";

#[test]
fn every_link_of_the_readme_and_the_guide_leads_somewhere() {
    let mut documents = vec![
        root().join("README.md"),
        root().join("scripts/cluster/README.md"),
    ];
    documents.extend(
        chapters()
            .iter()
            .map(|name| root().join("docs/src").join(name)),
    );
    let guide = root().join("docs/src");
    let mut broken = Vec::new();
    for document in documents {
        let text = fs::read_to_string(&document).expect("a document");
        let folder = document.parent().expect("a folder");
        for target in links(&text) {
            if target.starts_with("https://") || target.starts_with("http://") {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let path = match file {
                "" => document.clone(),
                file => tidy(&folder.join(file)),
            };
            let name = document.strip_prefix(root()).expect("inside").display();
            // the lab's page, which every build of the guide makes (its preprocessor runs
            // `scripts/lab.sh --book`, which writes it into docs/src) and CI checks is there
            if path == guide.join(LAB) {
                let book = fs::read_to_string(root().join("docs/book.toml")).expect("book.toml");
                assert!(
                    book.contains("command = \"../scripts/lab.sh --book\""),
                    "{book}"
                );
                let script = fs::read_to_string(root().join("scripts/lab.sh")).expect("lab.sh");
                assert!(script.contains(&format!("page=\"$root/docs/src/{LAB}\"")));
                let ci = fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
                assert!(
                    ci.contains(&format!("test -s \"$cold/book/{LAB}\"")),
                    "{ci}"
                );
                continue;
            }
            if !path.exists() {
                broken.push(format!("{name}: `{target}`: no such file"));
                continue;
            }
            // the book is built from docs/src alone: a link out of it breaks in the book
            if document.starts_with(&guide) && !path.starts_with(&guide) {
                broken.push(format!("{name}: `{target}` leaves the book"));
            }
            if !fragment.is_empty() {
                let heads = anchors(&fs::read_to_string(&path).expect("the target"));
                if !heads.contains(fragment) {
                    broken.push(format!(
                        "{name}: `{target}`: no heading `#{fragment}` there"
                    ));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn an_anchor_is_made_as_mdbook_makes_it() {
    assert_eq!(anchor("3×3: whole commands"), "33-whole-commands");
    assert_eq!(anchor("`--fast`"), "--fast");
    assert_eq!(
        anchor("The cache folder: `eight cache`"),
        "the-cache-folder-eight-cache"
    );
}

/// `text` with every run of whitespace one space.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The top-level help's commands, by name.
fn commands() -> Vec<String> {
    let help = common::eight().arg("--help").output().expect("eight runs");
    let help = String::from_utf8(help.stdout).expect("text");
    help.lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| !name.starts_with('-') && *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_command_s_help_says_what_the_guide_says() {
    let mut guide = String::new();
    for name in chapters() {
        guide += &fs::read_to_string(root().join("docs/src").join(name)).expect("a chapter");
    }
    let guide = flat(&guide);
    let judges = flat(&fs::read_to_string(root().join("docs/src/judges.md")).expect("judges"));
    let names = commands();
    assert!(names.len() >= 30, "{names:?}");
    let mut missing = Vec::new();
    for name in names {
        let help = common::eight()
            .args([&name, "--help"])
            .output()
            .expect("runs");
        let help = String::from_utf8(help.stdout).expect("text");
        let head = help.split("\nUsage:").next().unwrap_or_default();
        let mut paragraphs = head.split("\n\n").map(flat);
        let summary = paragraphs.next().unwrap_or_default();
        // a judge's summary names its judges after it: `... (Luogu P1379)`
        let summary = match summary.rsplit_once(" (") {
            Some((words, _)) if judges.contains(&format!("## `eight {name}`")) => words.to_string(),
            _ => summary,
        };
        if !guide.contains(&summary) {
            missing.push(format!("{name}: {summary}"));
        }
        // the rest of the help's words (for a judge, what a case is), word for word
        for paragraph in paragraphs.filter(|paragraph| !paragraph.is_empty()) {
            if !guide.contains(&paragraph) {
                missing.push(format!("{name}: {paragraph}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the guide does not say:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_judge_s_sample_is_in_its_section_in_and_out() {
    let judges = fs::read_to_string(root().join("docs/src/judges.md")).expect("judges");
    let mut missing = Vec::new();
    for entry in fs::read_dir(root().join("fixtures")).expect("fixtures") {
        let folder = entry.expect("an entry").path();
        let id = folder
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let Ok(input) = fs::read_to_string(folder.join("sample.in")) else {
            continue;
        };
        let shown = format!("```text\n{input}```");
        let run = format!("$ eight {id} < fixtures/{id}/sample.in\n");
        if !judges.contains(&shown) || !judges.contains(&run) {
            missing.push(id);
        }
    }
    assert!(missing.is_empty(), "no sample in and out for {missing:?}");
}
