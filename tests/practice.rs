//! Issue 74: the practice loop as a competitive programmer meets it: judges named as the judges
//! write them (`P1379`, `hdu-1043`, a problem's address), and an unknown name answered once with
//! the nearest ones.

mod common;
use common::run;

#[test]
fn a_judge_is_taken_as_its_site_writes_it() {
    for name in [
        "P1379",
        "Luogu-P1379",
        "https://www.luogu.com.cn/problem/P1379",
    ] {
        let (out, err, code) = run(&["gen", name, "-n", "1", "--seed", "1"], "");
        assert_eq!(code, Some(0), "{name}: {err}");
        assert_eq!(out.trim().len(), 9, "{name}: {out}");
    }
    let (out, err, code) = run(&["gen", "http://poj.org/problem?id=1077", "-n", "1"], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains('x'), "POJ 1077 writes its blank as x: {out}");
}

#[test]
fn an_unknown_judge_is_answered_once_with_the_nearest_names() {
    let (out, err, code) = run(&["gen", "p1397"], "");
    assert_eq!((out.as_str(), code), ("", Some(2)));
    assert!(
        err.contains("`p1397` names no judge: the nearest are `p1379`"),
        "{err}"
    );
    assert_eq!(err.matches("p1379").count(), 1, "{err}");
    assert!(!err.contains("possible values"), "{err}");
}

#[test]
fn a_program_given_without_dashes_is_told_where_it_goes() {
    for (args, example) in [
        (
            &["judge", "hdu1043", "fixtures/hdu1043", "./a.out"][..],
            "eight judge hdu1043",
        ),
        (
            &["stress", "hdu1043"][..],
            "eight stress hdu1043 -- ./a.out",
        ),
    ] {
        let (_, err, code) = run(args, "");
        assert_eq!(code, Some(2), "{err}");
        assert!(
            err.contains("the program to run comes after `--`") && err.contains(example),
            "{err}"
        );
    }
}

#[test]
fn a_wave_of_one_share_is_said_in_the_singular() {
    let record = format!("{}\n", common::one_move_unit(1));
    let (out, err, code) = run(&["merge", "--stats"], &record);
    assert_eq!((out.as_str(), code), ("r\n", Some(0)), "{err}");
    assert!(err.contains("bound 1: 1 share, "), "{err}");
}

#[test]
fn check_takes_the_null_device_as_no_answer_and_as_an_empty_output() {
    let dir = tempfile::tempdir().expect("a folder");
    let (input, output) = (dir.path().join("a.in"), dir.path().join("a.out"));
    std::fs::write(&input, "283104765\n").expect("written");
    std::fs::write(&output, "4\n").expect("written");
    let path = |path: &std::path::Path| path.to_str().expect("UTF-8").to_string();
    let (input, output) = (path(&input), path(&output));
    let (_, err, code) = run(&["check", "p1379", &input, &output, "/dev/null"], "");
    assert_eq!(code, Some(0), "{err}");
    let (_, err, code) = run(&["check", "p1379", &input, "/dev/null"], "");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("got nothing"), "{err}");
}

#[test]
fn a_batch_says_the_judges_names_once_for_its_files_without_one() {
    let dir = tempfile::tempdir().expect("a folder");
    for name in ["a", "b", "c"] {
        std::fs::write(dir.path().join(format!("{name}.in")), "283104765\n").expect("written");
        std::fs::write(dir.path().join(format!("{name}.out")), "4\n").expect("written");
    }
    let (out, _, code) = run(&["batch", dir.path().to_str().expect("UTF-8")], "");
    assert_eq!(code, Some(2));
    assert_eq!(out.matches("hackerrank-npuzzle").count(), 1, "{out}");
    assert_eq!(out.matches("no judge (as said above)").count(), 2, "{out}");
}

#[test]
fn fast_answers_in_the_judge_s_format_say_they_are_not_proved_shortest() {
    // DeepCubeA's first 6x6 board: --fast's path is not proved shortest, which the plain
    // format cannot say; standard error does, once, and --json says it in its fields
    let board = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/deepcubea/puzzle35.txt"
    ))
    .expect("DeepCubeA's boards");
    let board = board.lines().next().expect("a board");
    let (out, err, code) = run(&["path", "--size", "6x6", "--fast", board], "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        err.contains("1 answer is a path not proved shortest:"),
        "{err}"
    );
    let (out, err, _) = run(&["path", "--size", "6x6", "--fast", "--json", board], "");
    assert!(out.contains("\"optimal\":false"), "{out}");
    assert!(!err.contains("not proved shortest"), "{err}");
}

#[test]
fn stats_count_a_search_that_ran_out_of_nodes() {
    // a 4x4 board 36 moves out, given 1,000 nodes: the case is given up, and --stats says
    // what the search spent on it rather than nothing
    let board = "1 4 3 10 5 9 2 0 13 7 6 15 14 12 11 8";
    let args = [
        "path",
        "--size",
        "4x4",
        "--algo",
        "conflicts",
        "--max-nodes",
        "1000",
        "--stats",
    ];
    let (_, err, code) = run(&[&args[..], &[board]].concat(), "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("stopped after 1000 nodes"), "{err}");
    assert!(err.contains("eight: 1 case  expanded 100"), "{err}");
    assert!(!err.contains("0 cases"), "{err}");
}

#[test]
fn a_wrong_answer_of_an_output_shifted_by_a_line_is_shown_in_context() {
    // a solution that prints a stray line first: every answer comes a line late, and the
    // verdict shows the outputs around the first wrong line, side by side, in JSON too
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::create_dir(dir.path().join("hdu1043")).expect("a folder");
    std::fs::write(dir.path().join("hdu1043/a.in"), "12345678x\n1234567x8\n").expect("written");
    std::fs::write(dir.path().join("hdu1043/a.out"), "\nr\n").expect("written");
    let script = dir.path().join("late.sh");
    std::fs::write(&script, "echo r\nwhile read -r line; do echo r; done\n").expect("written");
    let judged = |json: bool| {
        let mut command = common::eight();
        command.args(["judge", "hdu1043", "hdu1043"]);
        if json {
            command.arg("--json");
        }
        let output = command
            .args(["--", "sh", script.to_str().expect("UTF-8")])
            .current_dir(dir.path())
            .output()
            .expect("runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let out = judged(false);
    assert!(out.contains("the outputs around line 1:"), "{out}");
    assert!(out.contains(">    1            | r"), "{out}");
    assert!(
        out.contains(">    2  r         | r") || out.contains("     2  r         | r"),
        "{out}"
    );
    assert!(out.contains(">    3            | r"), "{out}");
    let record: serde_json::Value =
        serde_json::from_str(judged(true).lines().next().expect("a record")).expect("JSON");
    let context = record["wrong"]["context"].as_array().expect("the context");
    assert_eq!(context[0]["line"], 1);
    assert_eq!(context[0]["got"], "r");
}

#[test]
fn the_context_stacks_where_the_terminal_is_narrow_and_check_shows_it_too() {
    // the same late output: side by side in 100 columns, the expected lines above the
    // program's in 20; `eight check` on the output file shows the context as judge does, and
    // none where one case alone is wrong in an output of the right length
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::create_dir(dir.path().join("hdu1043")).expect("a folder");
    let input = dir.path().join("hdu1043/a.in");
    std::fs::write(&input, "12345678x\n1234567x8\n").expect("written");
    let script = dir.path().join("late.sh");
    std::fs::write(&script, "echo r\nwhile read -r line; do echo r; done\n").expect("written");
    let judged = |columns: &str| {
        let output = common::eight()
            .args(["judge", "hdu1043", "hdu1043", "--", "sh"])
            .arg(&script)
            .env("COLUMNS", columns)
            .current_dir(dir.path())
            .output()
            .expect("runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let wide = judged("100");
    assert!(wide.contains(">    1            | r"), "{wide}");
    let narrow = judged("20");
    assert!(
        narrow.contains("the outputs around line 1, expected then got:"),
        "{narrow}"
    );
    assert!(
        narrow.contains("|   line  got\n     | >    1  r\n"),
        "{narrow}"
    );
    assert!(narrow.contains("     | expected:\n"), "{narrow}");
    let checked = |output: &str, columns: &str| {
        let file = dir.path().join("out.txt");
        std::fs::write(&file, output).expect("written");
        let output = common::eight()
            .arg("check")
            .arg("hdu1043")
            .arg(&input)
            .arg(&file)
            .env("COLUMNS", columns)
            .output()
            .expect("runs");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let (code, err) = checked("r\nr\nr\n", "100");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("  the outputs around line 1:\n"), "{err}");
    assert!(err.contains(">    1            | r"), "{err}");
    let (_, err) = checked("r\nr\nr\n", "20");
    assert!(err.contains("expected then got:"), "{err}");
    // one wrong case, the output's length right: the case alone
    let (code, err) = checked("\nl\n", "100");
    assert_eq!(code, Some(1), "{err}");
    assert!(!err.contains("the outputs around"), "{err}");
}

#[test]
fn every_judge_s_fixtures_catch_the_common_wrong_solutions() {
    // fixtures/ID/traps: a solved board, one a move away, an unreachable one where the judge
    // allows it and the deepest, none last. The answers of typical wrong solutions, made from
    // the right ones: no line for a solved board, `-1` for 0, the last case missing; each one
    // that differs from the right answers is caught by the judge's rule
    use eight::format::judge::ALL;
    use eight_app::check::{check, rule, Verdict};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut caught = 0;
    for judge in ALL.into_iter().filter(|judge| !judge.files) {
        let folder = root.join(judge.id);
        let input = std::fs::read_to_string(folder.join("traps.in")).expect("traps.in");
        let right = std::fs::read_to_string(folder.join("traps.out")).expect("traps.out");
        let lines: Vec<&str> = right.lines().collect();
        let joined = |lines: Vec<&str>| lines.join("\n") + "\n";
        let wrong = [
            (
                "no line for a solved board",
                joined(lines.iter().copied().filter(|l| !l.is_empty()).collect()),
            ),
            (
                "-1 for 0",
                joined(
                    lines
                        .iter()
                        .map(|&l| if l == "0" { "-1" } else { l })
                        .collect(),
                ),
            ),
            (
                "the last case missing",
                joined(lines[..lines.len() - 1].to_vec()),
            ),
        ];
        let mut engine = eight::Engine::default();
        let verdict = |answers: &str, engine: &mut eight::Engine| {
            check(
                judge,
                input.as_bytes(),
                answers.as_bytes(),
                rule(false),
                engine,
            )
            .expect("memory reads")
            .expect("a well-formed input")
        };
        assert!(
            matches!(verdict(&right, &mut engine), Verdict::Accepted { .. }),
            "{}: its own answers",
            judge.id
        );
        for (bug, answers) in wrong {
            if answers.trim_end() == right.trim_end() {
                continue;
            }
            let judged = verdict(&answers, &mut engine);
            assert!(
                matches!(judged, Verdict::Wrong(_)),
                "{}: {bug} passes:\n{answers}",
                judge.id
            );
            caught += 1;
        }
    }
    // every judge catches a missing last case, and most a solved board's bug besides
    assert!(caught >= 40, "{caught}");
}

#[test]
fn a_cph_problem_s_own_limits_apply_unless_t_or_m_are_given() {
    // cph's timeLimit of 5 s: a solution that spends 1.5 s of CPU time is accepted, as cph
    // accepts it, and not under `-t 1`; the verdict says the limits were the test's
    if !std::path::Path::new("/usr/bin/python3").exists() {
        common::skipped("cph's own limits", "needs /usr/bin/python3");
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::create_dir(dir.path().join(".cph")).expect("a folder");
    let problem = r#"{"name":"A","timeLimit":5000,"memoryLimit":512,"tests":[{"input":"2 3 4 1 5 x 7 6 8\n","output":"dlurullddrurdllurdr\n","id":1}]}"#;
    std::fs::write(dir.path().join(".cph/a.prob"), problem).expect("written");
    let slow = "import sys, time\nt = time.process_time()\nwhile time.process_time() - t < 1.5:\n    pass\nsys.stdin.read()\nprint('dlurullddrurdllurdr')\n";
    std::fs::write(dir.path().join("slow.py"), slow).expect("written");
    let judged = |limit: &[&str]| {
        let output = common::eight()
            .args(["judge", "hdu1043", ".cph/a.prob"])
            .args(limit)
            .args(["--", "/usr/bin/python3", "slow.py"])
            .current_dir(dir.path())
            .output()
            .expect("runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let out = judged(&[]);
    assert!(out.starts_with("AC "), "{out}");
    assert!(out.contains("the test's limits: 5 s, 512 MiB)"), "{out}");
    let out = judged(&["-t", "1"]);
    assert!(out.starts_with("TLE "), "{out}");
    assert!(out.contains("the test's limits: 512 MiB)"), "{out}");
}

#[test]
fn a_judge_s_statement_limits_apply_where_neither_the_flags_nor_the_test_give_one() {
    // HDU 1043 allows 5 s and 32 MiB: a solution spending 1.5 s of CPU time passes there and
    // not under POJ 1077's (eight's 1 s default); one holding 48 MiB fails there and passes
    // under -m 100; each verdict says whose limits applied, and --json where each came from
    if !std::path::Path::new("/usr/bin/python3").exists() {
        common::skipped("a judge's limits", "needs /usr/bin/python3");
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    let answer = "sys.stdout.write(sys.stdin.read() and 'dlurullddrurdllurdr\\n')\n";
    let slow = "import sys, time\nt = time.process_time()\nwhile time.process_time() - t < 1.5:\n    pass\n";
    std::fs::write(dir.path().join("slow.py"), format!("{slow}{answer}")).expect("written");
    let big = "import sys\nb = bytearray(48 << 20)\n";
    std::fs::write(dir.path().join("big.py"), format!("{big}{answer}")).expect("written");
    let sample =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/hdu1043/sample.in");
    let judged = |judge: &str, program: &str, flags: &[&str]| {
        let output = common::eight()
            .arg("judge")
            .arg(judge)
            .arg(&sample)
            .args(flags)
            .args(["--", "/usr/bin/python3", program])
            .current_dir(dir.path())
            .output()
            .expect("runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let out = judged("hdu1043", "slow.py", &[]);
    assert!(out.starts_with("AC "), "{out}");
    assert!(out.contains("HDU 1043's limits: 5 s, 32 MiB)"), "{out}");
    let out = judged("poj1077", "slow.py", &[]);
    assert!(out.starts_with("TLE "), "{out}");
    assert!(!out.contains("limits:"), "{out}");
    let out = judged("hdu1043", "big.py", &[]);
    assert!(out.starts_with("MLE "), "{out}");
    assert!(out.contains("over 32 MiB"), "{out}");
    let out = judged("hdu1043", "big.py", &["-m", "100", "--json"]);
    let record: serde_json::Value =
        serde_json::from_str(out.lines().next().expect("a record")).expect("JSON");
    assert_eq!(record["verdict"], "AC", "{out}");
    assert_eq!(
        record["limits"],
        serde_json::json!({"cpu_ms": 5000, "cpu_from": "judge", "memory_mib": 100, "memory_from": "option"}),
        "{out}"
    );
}
