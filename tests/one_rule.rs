//! One rule for "right" (issue 36): `batch` (the answer as a fixture's `.out`), `judge` (as the
//! program's output, and as the recorded `.out`) and `check` (as the output, and as the jury's
//! answer) take the same answers for every path judge: a legal path that is not the canonical
//! one, within the judge's limit, is right, unless the judge takes only its canonical path
//! (HDU 3567, LightOJ 1121) or `--optimal` asks for the shortest; one past the limit is wrong everywhere.

mod common;
use common::eight;

use std::fs;
use std::path::Path;

/// Each path judge: a one-case input, its canonical answer, and how two moves that undo each
/// other at its goal are written (appended, they keep a path legal).
const JUDGES: [(&str, &str, &str, &str); 5] = [
    (
        "hdu1043",
        "2 3 4 1 5 x 7 6 8\n",
        "dlurullddrurdllurdr",
        "ud",
    ),
    (
        "poj1077",
        "2 3 4 1 5 x 7 6 8\n",
        "dlurullddrurdllurdr",
        "ud",
    ),
    (
        "lightoj1121",
        "1\n\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n",
        "Case 1: LLLDRDRDR",
        "UD",
    ),
    (
        "uva10181",
        "1\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n",
        "LLLDRDRDR",
        "UD",
    ),
    ("hdu3567", "1\n12X453786 12345678X\n", "Case 1: 2\ndd", "ud"),
];

/// Whether each command took `answer` to `input`: batch, judge (program), judge (recorded),
/// check (output), check (jury).
fn verdicts(judge: &str, input: &str, canonical: &str, answer: &str, optimal: bool) -> [bool; 5] {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a folder");
    let root = dir.path();
    let write = |name: &str, text: &str| {
        let path = root.join(name);
        fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
        fs::write(&path, format!("{text}\n")).expect("write");
        path
    };
    let input = write(&format!("{judge}/case.in"), input.trim_end());
    write(&format!("{judge}/case.out"), answer);
    let given = write("given.txt", answer);
    let right = write("canonical.txt", canonical);
    let flag: &[&str] = if optimal { &["--optimal"] } else { &[] };
    let code = |command: &mut assert_cmd::Command| {
        command.output().expect("runs").status.code().unwrap_or(-1)
    };
    let batch = code(eight().arg("batch").arg(root.join(judge)).args(flag));
    let judged = |printed: &Path, recorded: Option<&str>| {
        let folder = tempfile::tempdir_in(root).expect("a folder");
        let case = folder.path().join(format!("{judge}/case.in"));
        fs::create_dir_all(case.parent().expect("a folder")).expect("folder");
        fs::copy(&input, &case).expect("copy");
        if let Some(recorded) = recorded {
            fs::write(case.with_extension("out"), format!("{recorded}\n")).expect("write");
        }
        code(
            eight()
                .args(["judge", judge])
                .arg(&case)
                .args(flag)
                .arg("--")
                .arg("cat")
                .arg(printed),
        )
    };
    let program = judged(&given, None);
    let recorded = judged(&right, Some(answer));
    let check = code(
        eight()
            .args(["check", judge])
            .arg(&input)
            .arg(&given)
            .args(flag),
    );
    let jury = code(
        eight()
            .args(["check", judge])
            .arg(&input)
            .arg(&right)
            .arg(&given)
            .args(flag),
    );
    // each one's exit status when it takes the answer, and when it does not
    [
        (batch, 0, 1),
        (program, 0, 1),
        (recorded, 0, 2),
        (check, 0, 1),
        (jury, 0, 3),
    ]
    .map(|(code, taken, refused)| {
        assert!(
            code == taken || code == refused,
            "{judge} {answer:?}: exit {code} in {:?}",
            [batch, program, recorded, check, jury]
        );
        code == taken
    })
}

#[test]
fn batch_judge_and_check_take_the_same_answers() {
    for (judge, input, canonical, undo) in JUDGES {
        // the two whose statements ask for the smallest shortest path
        let canonical_only = matches!(judge, "hdu3567" | "lightoj1121");
        let longer = match judge {
            "hdu3567" => "Case 1: 4\nddud".to_string(),
            _ => format!("{canonical}{undo}"),
        };
        let every = |taken: bool| [taken; 5];
        assert_eq!(
            verdicts(judge, input, canonical, canonical, false),
            every(true),
            "{judge}: the canonical answer"
        );
        assert_eq!(
            verdicts(judge, input, canonical, &longer, false),
            every(!canonical_only),
            "{judge}: a longer legal path"
        );
        assert_eq!(
            verdicts(judge, input, canonical, &longer, true),
            every(false),
            "{judge}: a longer legal path under --optimal"
        );
        // past the judge's limit (35 moves for LightOJ, 50 for UVa)
        let limit = match judge {
            "lightoj1121" => 35,
            "uva10181" => 50,
            _ => continue,
        };
        let over = format!("{canonical}{}", undo.repeat((limit - 9) / 2 + 1));
        assert_eq!(
            verdicts(judge, input, canonical, &over, false),
            every(false),
            "{judge}: a path past the limit"
        );
    }
}
