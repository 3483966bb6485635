//! Where test cases lie, in the layouts people keep them: `NAME.in` beside `NAME.out` or
//! `NAME.ans` (eight's own fixtures, and `oj`'s `test/sample-1.in`), Polygon's `tests/01`
//! beside `tests/01.a`, `inputN.txt` beside `outputN.txt` (or in `input/` beside `output/`),
//! and cph's `.cph/*.prob`, a JSON file holding its tests. A [`Fixture`] is one input with the
//! answer recorded for it, if any; `batch` checks the answer, `judge` runs a program on the
//! input.

use std::fs;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

/// Bytes of an input or an answer: a file, or text held in another file (cph's tests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file of its own.
    File(PathBuf),
    /// Text read from a file that holds several.
    Inline(Vec<u8>),
}

/// One input and the answer recorded for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixture {
    /// How it is named to the user: its path, or `FILE#N` for the N-th test of a file.
    pub name: PathBuf,
    /// The cases.
    pub input: Source,
    /// The recorded answer, where there is one: its name and its bytes.
    pub answer: Option<(PathBuf, Source)>,
    /// Where `batch --bless` writes the answer (`None` where it cannot: cph's tests).
    pub blessed: Option<PathBuf>,
    /// Every answer file beside the input, to keep from judged programs.
    pub beside: Vec<PathBuf>,
    /// The limits the test gives itself (cph's `timeLimit` and `memoryLimit`), which `eight
    /// judge` takes where `-t` and `-m` are not given.
    pub limits: OwnLimits,
}

/// The limits a test file gives itself, where its format has them.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct OwnLimits {
    /// CPU time, in milliseconds.
    pub time_ms: Option<u64>,
    /// Memory, in MiB.
    pub memory_mib: Option<u64>,
}

/// The fixtures under `paths` (files, or folders searched in name order, following links), and
/// a sentence for each path or entry that is trouble. Finding none at all is trouble too: a run
/// that checks nothing must not pass.
pub fn find(paths: &[PathBuf]) -> (Vec<Fixture>, Vec<String>) {
    let mut found = Vec::new();
    let mut trouble = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = WalkDir::new(path)
                .follow_links(true)
                .sort_by_file_name()
                .into_iter();
            for entry in entries {
                match entry {
                    Ok(entry) if entry.file_type().is_file() => {
                        if let Err(why) = add(entry.path(), &mut found) {
                            trouble.push(why);
                        }
                    }
                    // a FIFO, a device or a socket named like an input: trouble, never skipped
                    Ok(entry) if !entry.file_type().is_dir() && layout(entry.path()).is_some() => {
                        trouble.push(format!("{}  not a regular file", entry.path().display()));
                    }
                    Ok(_) => {}
                    Err(error) => trouble.push(error.to_string()),
                }
            }
        } else if !path.exists() {
            trouble.push(format!("{}  no such file or folder", path.display()));
        } else if layout(path).is_some() && !path.is_file() {
            trouble.push(format!("{}  not a regular file", path.display()));
        } else if layout(path).is_some() {
            if let Err(why) = add(path, &mut found) {
                trouble.push(why);
            }
        } else {
            trouble.push(format!(
                "{}  not a test input (NAME.in, tests/01, inputN.txt, .cph/NAME.prob) or a folder",
                path.display()
            ));
        }
    }
    if found.is_empty() && trouble.is_empty() {
        let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        trouble.push(format!("no test inputs under {}", shown.join(", ")));
    }
    (found, trouble)
}

/// The namings of a test input: what its name says it is, and where its answer is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Naming {
    /// `NAME.in`, answered by `NAME.out` or `NAME.ans`.
    In,
    /// Polygon's `tests/01`, answered by `tests/01.a`.
    Polygon,
    /// `inputN.txt`, answered by `outputN.txt` beside it or in `../output/`.
    Numbered,
    /// cph's `.cph/NAME.prob`, which holds its tests.
    Cph,
}

/// The layout `path` is an input of, if any.
fn layout(path: &Path) -> Option<Naming> {
    let name = path.file_name()?.to_str()?;
    let folder = path
        .parent()
        .and_then(Path::file_name)
        .and_then(|f| f.to_str());
    if name.ends_with(".in") && name.len() > 3 {
        Some(Naming::In)
    } else if folder == Some("tests")
        && !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_digit())
    {
        Some(Naming::Polygon)
    } else if name.starts_with("input") && name.ends_with(".txt") {
        Some(Naming::Numbered)
    } else if folder == Some(".cph") && name.ends_with(".prob") {
        Some(Naming::Cph)
    } else {
        None
    }
}

/// Adds the fixtures of the file `path` (none if it is no test input).
fn add(path: &Path, found: &mut Vec<Fixture>) -> Result<(), String> {
    let Some(layout) = layout(path) else {
        return Ok(());
    };
    let file = |name: &str| path.with_file_name(name);
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let candidates: Vec<PathBuf> = match layout {
        Naming::In => vec![path.with_extension("out"), path.with_extension("ans")],
        Naming::Polygon => vec![file(&format!("{name}.a"))],
        Naming::Numbered => {
            let answer = name.replacen("input", "output", 1);
            let mut candidates = vec![file(&answer)];
            let in_input = path.parent().and_then(Path::file_name) == Some("input".as_ref());
            if let Some(grand) = path.parent().and_then(Path::parent).filter(|_| in_input) {
                candidates.push(grand.join("output").join(&answer));
            }
            candidates
        }
        Naming::Cph => return cph(path, found),
    };
    let beside: Vec<PathBuf> = candidates.iter().filter(|c| c.exists()).cloned().collect();
    let answer = beside.first().map(|c| (c.clone(), Source::File(c.clone())));
    // where a Numbered input's answers folder exists, the blessed answer goes there
    let blessed = candidates
        .iter()
        .rev()
        .find(|c| c.parent().is_some_and(Path::is_dir))
        .filter(|_| layout == Naming::Numbered)
        .or(candidates.first())
        .cloned();
    found.push(Fixture {
        name: path.to_path_buf(),
        input: Source::File(path.to_path_buf()),
        answer,
        blessed,
        beside,
        limits: OwnLimits::default(),
    });
    Ok(())
}

/// cph's tests, each a fixture named `FILE#N`.
fn cph(path: &Path, found: &mut Vec<Fixture>) -> Result<(), String> {
    let shown = path.display();
    let text = fs::read(path).map_err(|error| format!("{shown}  {error}"))?;
    let problem: serde_json::Value = serde_json::from_slice(&text)
        .map_err(|error| format!("{shown}  not cph's JSON: {error}"))?;
    let tests = problem["tests"]
        .as_array()
        .ok_or_else(|| format!("{shown}  no \"tests\" list, as cph writes"))?;
    // cph's limits: milliseconds and megabytes, positive where given
    let positive = |field: &str| problem[field].as_u64().filter(|&value| value > 0);
    let limits = OwnLimits {
        time_ms: positive("timeLimit"),
        memory_mib: positive("memoryLimit"),
    };
    for (index, test) in tests.iter().enumerate() {
        let name = PathBuf::from(format!("{shown}#{}", index + 1));
        let Some(input) = test["input"].as_str() else {
            return Err(format!("{}  no \"input\" text", name.display()));
        };
        let answer = test["output"]
            .as_str()
            .filter(|output| !output.is_empty())
            .map(|output| (name.clone(), Source::Inline(output.as_bytes().to_vec())));
        found.push(Fixture {
            name,
            input: Source::Inline(input.as_bytes().to_vec()),
            answer,
            blessed: None,
            beside: vec![path.to_path_buf()],
            limits,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, name: &str, text: &str) {
        let path = root.join(name);
        fs::create_dir_all(path.parent().expect("a folder")).expect("folders");
        fs::write(path, text).expect("write");
    }

    #[test]
    #[cfg(unix)]
    fn an_input_that_is_no_regular_file_is_trouble_never_skipped() {
        let dir = tempfile::tempdir().expect("a folder");
        let root = dir.path();
        write(root, "p1379/a.in", "283104765\n");
        nix::unistd::mkfifo(&root.join("p1379/b.in"), nix::sys::stat::Mode::S_IRWXU)
            .expect("a FIFO");
        std::os::unix::fs::symlink("/dev/null", root.join("p1379/c.in")).expect("a link");
        let (found, trouble) = find(&[root.to_path_buf()]);
        assert_eq!(found.len(), 1);
        let shown = |name: &str| format!("{}  not a regular file", root.join(name).display());
        assert_eq!(trouble, [shown("p1379/b.in"), shown("p1379/c.in")]);
    }

    #[test]
    fn pairs_each_layout_s_input_with_its_answer() {
        let dir = tempfile::tempdir().expect("a folder");
        let root = dir.path();
        write(root, "a/x.in", "1");
        write(root, "a/x.out", "2");
        write(root, "b/y.in", "1");
        write(root, "b/y.ans", "2");
        write(root, "test/sample-1.in", "1");
        write(root, "test/sample-1.out", "2");
        write(root, "tests/01", "1");
        write(root, "tests/01.a", "2");
        write(root, "tests/readme", "not a test");
        write(root, "n/input3.txt", "1");
        write(root, "n/output3.txt", "2");
        write(root, "h/input/input00.txt", "1");
        write(root, "h/output/output00.txt", "2");
        write(root, "none/z.in", "1");
        let cph = r#"{"name":"A","tests":[{"input":"1 2\n","output":"3\n","id":1},{"input":"4\n","output":"","id":2},{"input":"12345678x\n","output":"\n","id":3}]}"#;
        write(root, ".cph/.a.cpp_ab12.prob", cph);
        let (found, trouble) = find(&[root.to_path_buf()]);
        assert!(trouble.is_empty(), "{trouble:?}");
        let pairs: Vec<(String, Option<String>)> = found
            .iter()
            .map(|f| {
                let name = f
                    .name
                    .strip_prefix(root)
                    .unwrap_or(&f.name)
                    .display()
                    .to_string();
                let answer = f
                    .answer
                    .as_ref()
                    .map(|(a, _)| a.strip_prefix(root).unwrap_or(a).display().to_string());
                (name, answer)
            })
            .collect();
        let cph_name = format!("{}#1", root.join(".cph/.a.cpp_ab12.prob").display());
        let expected: Vec<(String, Option<String>)> = [
            (".cph/.a.cpp_ab12.prob#1", Some(".cph/.a.cpp_ab12.prob#1")),
            (".cph/.a.cpp_ab12.prob#2", None),
            // an empty line is an answer (a solved board's path), no output at all is none
            (".cph/.a.cpp_ab12.prob#3", Some(".cph/.a.cpp_ab12.prob#3")),
            ("a/x.in", Some("a/x.out")),
            ("b/y.in", Some("b/y.ans")),
            ("h/input/input00.txt", Some("h/output/output00.txt")),
            ("n/input3.txt", Some("n/output3.txt")),
            ("none/z.in", None),
            ("test/sample-1.in", Some("test/sample-1.out")),
            ("tests/01", Some("tests/01.a")),
        ]
        .map(|(a, b)| (a.to_string(), b.map(String::from)))
        .into();
        assert_eq!(pairs, expected, "{cph_name}");
        let cph_test = &found[0];
        assert_eq!(cph_test.input, Source::Inline(b"1 2\n".to_vec()));
        assert_eq!(cph_test.blessed, None);
        let blessed = |name: &str| {
            found
                .iter()
                .find(|f| f.name.ends_with(name))
                .and_then(|f| f.blessed.clone())
                .expect("a place")
        };
        assert_eq!(blessed("none/z.in"), root.join("none/z.out"));
        assert_eq!(blessed("input00.txt"), root.join("h/output/output00.txt"));
        assert_eq!(blessed("tests/01"), root.join("tests/01.a"));
    }

    #[test]
    fn says_what_is_not_a_test_input() {
        let dir = tempfile::tempdir().expect("a folder");
        write(dir.path(), "notes.txt", "x");
        write(dir.path(), ".cph/bad.prob", "{");
        let (found, trouble) = find(&[dir.path().join("notes.txt"), dir.path().join("nothing")]);
        assert!(found.is_empty());
        assert!(trouble[0].ends_with(
            "not a test input (NAME.in, tests/01, inputN.txt, .cph/NAME.prob) or a folder"
        ));
        assert!(trouble[1].ends_with("no such file or folder"));
        let (_, trouble) = find(&[dir.path().join(".cph")]);
        assert!(trouble[0].contains("not cph's JSON"), "{trouble:?}");
        let empty = tempfile::tempdir().expect("a folder");
        let (_, trouble) = find(&[empty.path().to_path_buf()]);
        assert!(trouble[0].starts_with("no test inputs under "));
    }
}
