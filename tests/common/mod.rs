//! What the CLI tests share: the built binary, ready to run.

use assert_cmd::Command;

/// The `eight` binary that cargo built for the tests, with its cache folder (the 15-puzzle's
/// pattern databases) in the build's own folder rather than the user's.
#[allow(dead_code)]
pub fn eight() -> Command {
    let mut command = Command::cargo_bin("eight").expect("the binary is built");
    command.env("XDG_CACHE_HOME", test_cache());
    command
}

/// The cache folder every test run of the binary shares.
#[allow(dead_code)]
pub fn test_cache() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache")
}

/// The names in `folder`, sorted.
#[allow(dead_code)]
pub fn names(folder: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .expect("a folder")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}
