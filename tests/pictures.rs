//! The pictures to keep: `show --svg` (a board per position) and `histogram --svg` (a bar per
//! distance), parsed as XML and checked for what they claim; `histogram --size` for every shape
//! with a whole-space table.

mod common;
use common::eight;

use std::fs;

use serde_json::Value;

/// The SVG that `eight ARGS... --svg -` prints, parsed.
fn svg_of(arguments: &[&str]) -> String {
    let output = eight()
        .args(arguments)
        .args(["--svg", "-"])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn a_solution_strip_holds_each_board_of_the_path_in_order() {
    let text = svg_of(&["show", "2 3 4 1 5 x 7 6 8"]);
    let svg = roxmltree::Document::parse(&text).expect("well-formed XML");
    let boards: Vec<_> = svg
        .descendants()
        .filter(|node| node.attribute("class") == Some("board"))
        .collect();
    let path = "dlurullddrurdllurdr";
    assert_eq!(boards.len(), path.len() + 1);
    // each board is the one before it with the path's next move made
    let mut board: eight::Board = "234150768".parse().expect("the start");
    for (index, node) in boards.iter().enumerate() {
        assert_eq!(
            node.attribute("data-board"),
            Some(board.to_string().as_str())
        );
        let moved = node
            .descendants()
            .filter(|n| n.attribute("class") == Some("tile moved"))
            .count();
        assert_eq!(moved, usize::from(index > 0), "board {index}");
        // the tiles are text, in reading order, the blank left out
        let tiles: Vec<&str> = node
            .descendants()
            .filter(|n| n.tag_name().name() == "text")
            .skip(1)
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(tiles.len(), 8);
        if let Some(step) = path.chars().nth(index) {
            let step = eight::Move::from_letter(step).expect("a move");
            assert!(board.slide(step));
        }
    }
    assert_eq!(board.to_string(), "123456780");
}

#[test]
fn a_histogram_chart_has_a_labelled_bar_per_distance() {
    for size in ["3x3", "2x3"] {
        let text = svg_of(&["histogram", "--size", size]);
        let svg = roxmltree::Document::parse(&text).expect("well-formed XML");
        let output = eight()
            .args(["histogram", "--size", size, "--json"])
            .output()
            .expect("runs");
        let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
        let counts: Vec<String> = json["counts"]
            .as_array()
            .expect("counts")
            .iter()
            .map(|count| count.to_string())
            .collect();
        let bars: Vec<String> = svg
            .descendants()
            .filter(|node| node.attribute("class") == Some("bar"))
            .map(|bar| bar.attribute("data-boards").unwrap_or_default().to_string())
            .collect();
        assert_eq!(bars, counts, "{size}");
        let scale = if size == "3x3" {
            "(logarithmic scale)"
        } else {
            "(linear scale)"
        };
        assert!(text.contains(scale), "{size}");
    }
}

#[test]
fn every_shape_with_a_whole_space_table_has_its_histogram() {
    for (size, total, last) in [
        ("2x2", 12, 6),
        ("2x3", 360, 21),
        ("3x2", 360, 21),
        ("2x4", 20160, 36),
        ("4x2", 20160, 36),
        ("3x3", 181440, 31),
    ] {
        let output = eight()
            .args(["histogram", "--size", size, "--json"])
            .output()
            .expect("runs");
        let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
        assert_eq!(json["total"], total, "{size}");
        assert_eq!(json["max"], last, "{size}");
    }
    eight()
        .args(["histogram", "--size", "4x4"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("boards of at most 9 cells"));
}

#[test]
fn pictures_go_to_their_file_instead_of_the_drawing_and_say_so() {
    let dir = tempfile::tempdir().expect("a folder");
    let chart = dir.path().join("chart.svg");
    eight()
        .args(["histogram", "--size", "2x2", "--svg"])
        .arg(&chart)
        .assert()
        .success()
        .stdout("")
        .stderr(format!("eight: wrote {}\n", chart.display()));
    let text = fs::read_to_string(&chart).expect("written");
    roxmltree::Document::parse(&text).expect("well-formed XML");
    for (flag, name) in [("--svg", "strip.svg"), ("--html", "page.html")] {
        let file = dir.path().join(name);
        eight()
            .args(["show", "1234567x8", flag])
            .arg(&file)
            .assert()
            .success()
            .stdout("")
            .stderr(format!("eight: wrote {}\n", file.display()));
        assert!(fs::read_to_string(&file)
            .expect("written")
            .contains("1 move"));
    }
}
