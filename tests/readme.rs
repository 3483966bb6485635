//! Every shell session in the README and the guide (`docs/src/*.md`), run as written: each fenced
//! block whose lines start with `$ ` is a script, and what follows each command is its output
//! (standard error merged, as a terminal shows it). `$ cat FILE` writes the file it shows. Times
//! and memory, which differ from run to run, are compared as placeholders. So neither the README
//! nor the guide can drift from the tool.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;

/// A command of a session and the output the README shows for it.
struct Step {
    command: String,
    output: String,
}

/// The sessions of `text`: its fenced blocks that hold `$ ` commands.
fn sessions(text: &str) -> Vec<Vec<Step>> {
    let mut sessions = Vec::new();
    let mut block: Option<Vec<Step>> = None;
    for line in text.lines() {
        if line.starts_with("```") {
            match block.take() {
                Some(steps) if !steps.is_empty() => sessions.push(steps),
                Some(_) => {}
                None => block = Some(Vec::new()),
            }
            continue;
        }
        let Some(steps) = block.as_mut() else {
            continue;
        };
        match line.strip_prefix("$ ") {
            Some(command) => steps.push(Step {
                command: command.to_string(),
                output: String::new(),
            }),
            None => {
                if let Some(step) = steps.last_mut() {
                    step.output.push_str(line);
                    step.output.push('\n');
                }
            }
        }
    }
    sessions
}

/// `text` with what varies from run to run replaced: the `(12 ms  3.4 MiB)` of a verdict and
/// the milliseconds of a statistics line.
fn steady(text: &str) -> String {
    let mut lines = Vec::new();
    for line in text.lines() {
        let mut line = line.to_string();
        if line.ends_with(" MiB)") {
            if let Some(at) = line.rfind("  (") {
                line.replace_range(at.., "  (…)");
            }
        }
        for suffix in [" ms in searches", " ms"] {
            if let Some(head) = line.strip_suffix(suffix) {
                if let Some(at) = head.rfind(' ') {
                    if head[at + 1..].parse::<f64>().is_ok() {
                        line = format!("{} … {suffix}", head[..at].trim_end());
                    }
                }
                break;
            }
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// The README and every chapter of the guide, by their paths from the repository's root.
fn documents(root: &Path) -> Vec<(String, String)> {
    let mut paths = vec![root.join("README.md")];
    let mut chapters: Vec<_> = fs::read_dir(root.join("docs/src"))
        .expect("the guide's folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "md"))
        .collect();
    chapters.sort();
    paths.extend(chapters);
    paths
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(&path).expect("a document");
            let name = path
                .strip_prefix(root)
                .expect("inside")
                .display()
                .to_string();
            (name, text)
        })
        .collect()
}

#[test]
fn every_session_of_the_readme_and_the_guide_prints_what_it_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let binary = assert_cmd::cargo::cargo_bin("eight");
    let folder = binary.parent().expect("the binary's folder").to_path_buf();
    let path = format!(
        "{}:{}",
        folder.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let all: Vec<(String, Vec<Step>)> = documents(root)
        .into_iter()
        .flat_map(|(name, text)| {
            let found = sessions(&text);
            found.into_iter().map(move |steps| (name.clone(), steps))
        })
        .collect();
    assert!(all.len() >= 45, "only {} sessions found", all.len());
    // the 15-puzzle's small databases, built before any session, so that no 4×4 example's output
    // depends on whether a session before it (or another test) built them
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache");
    let built = Command::new(&binary)
        .args(["cache", "build", "6-6-3"])
        .env("XDG_CACHE_HOME", &cache)
        .env_remove("EIGHT_CACHE_DIR")
        .output()
        .expect("eight runs");
    assert!(built.status.success(), "{built:?}");
    let mut drift = Vec::new();
    for (document, steps) in all {
        let dir = tempfile::tempdir().expect("a temporary folder");
        // the examples read eight's fixtures, and compile a benchmark anchor as a solution
        for folder in ["fixtures", "benches"] {
            std::os::unix::fs::symlink(root.join(folder), dir.path().join(folder)).expect("link");
        }
        // one shell for the whole session, so that `$?` and files carry from one command to
        // the next; a marker line after each command splits the outputs
        let mut script = String::from("exec 2>&1\n");
        let mut shown = Vec::new();
        for step in &steps {
            if let Some(file) = step.command.strip_prefix("cat ") {
                // the session shows a file: write it, runnable; never through the links to the
                // repository's folders
                assert!(
                    !file.contains('/'),
                    "{document}: `$ cat {file}` would write {file}"
                );
                let file = dir.path().join(file);
                fs::write(&file, &step.output).expect("write");
                Command::new("chmod")
                    .arg("+x")
                    .arg(&file)
                    .status()
                    .expect("chmod");
                continue;
            }
            script.push_str(&step.command);
            script.push_str("\n__status=$?; printf '@@step@@\\n'; (exit $__status)\n");
            shown.push(step);
        }
        let output = common::process("bash")
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("XDG_CACHE_HOME", &cache)
            .env_remove("EIGHT_CACHE_DIR")
            .arg("-c")
            .arg(&script)
            .output()
            .expect("bash runs");
        let printed = String::from_utf8_lossy(&output.stdout);
        let outputs: Vec<&str> = printed.split("@@step@@\n").collect();
        for (step, got) in shown.iter().zip(outputs) {
            if steady(got) != steady(&step.output) {
                drift.push(format!(
                    "{document}: $ {}\n--- it shows:\n{}--- eight prints:\n{got}",
                    step.command, step.output
                ));
            }
        }
    }
    assert!(drift.is_empty(), "{}", drift.join("\n"));
}

#[test]
fn placeholders_hide_only_what_varies() {
    assert_eq!(
        steady(
            "AC   a.in  1 case  (12 ms  3.4 MiB)\neight: case 1  bibfs  expanded 5     0.690 ms"
        ),
        "AC   a.in  1 case  (…)\neight: case 1  bibfs  expanded 5 …  ms"
    );
}
