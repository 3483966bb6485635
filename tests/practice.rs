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
