//! `eight show --html`: the page opened in a real browser (Debian's headless Chromium, which
//! `.ci/run` installs), with the network cut: the board is drawn (a screenshot that is not
//! blank), and playing the page reaches the goal (the `data-step` and `data-board` the script
//! keeps on `#board`, read from the DOM after the page played).

mod common;
use common::eight;

use std::path::Path;

/// The page `eight show ARGS --html` writes, in `dir`.
fn page(dir: &Path, arguments: &[&str]) -> std::path::PathBuf {
    let file = dir.join("solution.html");
    eight()
        .arg("show")
        .args(arguments)
        .arg("--html")
        .arg(&file)
        .assert()
        .success();
    file
}

#[test]
fn the_page_plays_to_the_goal_in_a_browser() {
    let dir = tempfile::tempdir().expect("a folder");
    let Some(mut browser) = common::chromium(&dir.path().join("profile")) else {
        common::skipped(
            "the_page_plays_to_the_goal_in_a_browser",
            "needs chromium (apt-get install chromium; CI installs it)",
        );
        return;
    };
    let file = page(dir.path(), &["2 3 4 1 5 x 7 6 8"]);
    let text = std::fs::read_to_string(&file).expect("the page");
    assert!(
        !text.contains("https:") && !text.contains("src="),
        "fetches nothing"
    );
    let dom = browser
        .args(["--virtual-time-budget=30000", "--dump-dom"])
        .arg(format!("file://{}#play", file.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(
        dom.contains(r#"data-step="19" data-board="1 2 3 4 5 6 7 8 0""#),
        "{dom}"
    );
    assert!(dom.contains("step 19 of 19: at the goal"), "{dom}");
    assert!(
        dom.contains(r#"<span class="current">r</span></p>"#),
        "{dom}"
    );
}

#[test]
fn the_page_draws_the_board() {
    let dir = tempfile::tempdir().expect("a folder");
    let Some(mut browser) = common::chromium(&dir.path().join("profile")) else {
        common::skipped(
            "the_page_draws_the_board",
            "needs chromium (apt-get install chromium; CI installs it)",
        );
        return;
    };
    let file = page(
        dir.path(),
        &["--size", "4x4", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"],
    );
    let shot = dir.path().join("shot.png");
    let status = browser
        .arg(format!("--screenshot={}", shot.display()))
        .arg("--window-size=800,600")
        .arg(format!("file://{}", file.display()))
        .output()
        .expect("chromium runs");
    assert!(shot.exists(), "{status:?}");
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&shot).expect("the screenshot"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let frame = reader.next_frame(&mut pixels).expect("a frame");
    let pixels = &pixels[..frame.buffer_size()];
    // the page's background, the tiles, the blank, the text: many colours, and much dark
    let dark = pixels
        .chunks(frame.color_type.samples())
        .filter(|p| p[0] < 80)
        .count();
    let mut colours: Vec<&[u8]> = pixels.chunks(frame.color_type.samples()).collect();
    colours.sort();
    colours.dedup();
    assert!(
        colours.len() > 10,
        "{} colours: a blank page?",
        colours.len()
    );
    assert!(
        dark > 48 * 48,
        "the blank's dark square: {dark} dark pixels"
    );
}

#[test]
fn a_fast_path_s_page_says_it_is_not_known_shortest() {
    let dir = tempfile::tempdir().expect("a folder");
    // a 5x5 board 300 random moves from the goal (`gen p1379 --size 5x5 --walk 300 --seed 5`)
    let board = "2 4 1 14 13 17 9 7 12 5 22 10 0 11 8 16 19 6 23 18 24 3 15 20 21";
    let file = page(dir.path(), &["--size", "5x5", "--fast", board]);
    let text = std::fs::read_to_string(&file).expect("the page");
    assert!(text.contains(r#""optimal":false,"lower_bound":"#), "{text}");
    assert!(text.contains("not known to be shortest"));
    // a heading of hundreds of moves wraps inside the page, never runs off it sideways (seen
    // in Chromium at 1200 px with an 8x8 path of 697 moves)
    assert!(
        text.contains("h1 { font-size: 1.2em; font-weight: 600; overflow-wrap: anywhere; }"),
        "{text}"
    );
    let optimal = page(
        dir.path(),
        &["--size", "4x4", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"],
    );
    let text = std::fs::read_to_string(&optimal).expect("the page");
    assert!(
        text.contains(r#""optimal":true,"lower_bound":null"#),
        "{text}"
    );
}
