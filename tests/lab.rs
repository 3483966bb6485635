//! The lab's page (`scripts/lab.sh`: the library compiled to WebAssembly, in one HTML file) in a
//! real browser, Debian's headless Chromium driven over its DevTools protocol with the network
//! cut: every search of the page on 20 random 3×3 boards and 5 4×4 ones gives the distance and
//! the path of the native `eight path`, and the nodes its `--stats` counts for the same
//! algorithm; an unreachable board is refused with the parity's reason.

mod common;
use common::eight;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use eight::puzzle::{Board, Move, Shape};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use tungstenite::{Message, WebSocket};

/// Whether rustup has the WebAssembly target the page is built for.
fn has_wasm_target() -> bool {
    Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains("wasm32-unknown-unknown"))
}

/// The page, built by the script the guide's build runs, in a build folder of its own.
fn build_page(dir: &Path) -> PathBuf {
    let page = dir.join("lab.html");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let status = Command::new(root.join("scripts/lab.sh"))
        .arg(&page)
        .env(
            "CARGO_TARGET_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("lab"),
        )
        .status()
        .expect("scripts/lab.sh runs");
    assert!(status.success(), "scripts/lab.sh: {status}");
    page
}

/// A connection to the DevTools port whose every read ends: a browser that hangs fails the test
/// within two minutes instead of holding it forever.
fn connect(port: u16) -> TcpStream {
    let stream = TcpStream::connect(("127.0.0.1", port)).expect("DevTools answers");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .expect("a timeout");
    stream
}

/// Headless Chromium with a DevTools port, no network and a profile of its own.
struct Browser {
    child: Child,
    port: u16,
}

impl Browser {
    fn start(profile: &Path) -> Browser {
        let child = common::chromium(profile)
            .expect("chromium")
            .args([
                "--remote-debugging-port=0",
                "--remote-allow-origins=*",
                "about:blank",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium starts");
        let told = profile.join("DevToolsActivePort");
        let began = Instant::now();
        let port = loop {
            let text = std::fs::read_to_string(&told).unwrap_or_default();
            if let Some(port) = text.lines().next().and_then(|line| line.parse().ok()) {
                break port;
            }
            assert!(
                began.elapsed() < Duration::from_secs(60),
                "no DevTools port"
            );
            std::thread::sleep(Duration::from_millis(100));
        };
        Browser { child, port }
    }

    /// A new tab at `url`, and the socket that drives it.
    fn open(&self, url: &str) -> Tab {
        let mut http = connect(self.port);
        // the address is the request's query: escaped, or its own `&` would end it
        let escaped: String = url
            .bytes()
            .map(|byte| match byte {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'/' | b':' | b'.' | b'-' | b'_' => {
                    char::from(byte).to_string()
                }
                _ => format!("%{byte:02X}"),
            })
            .collect();
        write!(
            http,
            "PUT /json/new?{escaped} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        .expect("a request");
        // the body, as long as its header says (the server may keep the connection open)
        let mut response = Vec::new();
        let mut byte = [0u8];
        while !response.ends_with(b"\r\n\r\n") {
            http.read_exact(&mut byte).expect("a header");
            response.push(byte[0]);
        }
        let header = String::from_utf8_lossy(&response).to_lowercase();
        let length: usize = header
            .lines()
            .find_map(|line| line.strip_prefix("content-length:"))
            .and_then(|length| length.trim().parse().ok())
            .expect("a Content-Length");
        let mut body = vec![0; length];
        http.read_exact(&mut body).expect("a body");
        let target: Value = serde_json::from_slice(&body).expect("JSON");
        let address = target["webSocketDebuggerUrl"].as_str().expect("a socket");
        let stream = connect(self.port);
        let (socket, _) = tungstenite::client(address, stream).expect("a WebSocket");
        Tab { socket, id: 0 }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Tab {
    socket: WebSocket<TcpStream>,
    id: u64,
}

impl Tab {
    /// The value of `expression` in the page.
    fn evaluate(&mut self, expression: &str) -> Value {
        self.id += 1;
        let call = json!({"id": self.id, "method": "Runtime.evaluate",
            "params": {"expression": expression, "returnByValue": true}});
        self.socket
            .send(Message::text(call.to_string()))
            .expect("sent");
        loop {
            let message = self.socket.read().expect("an answer");
            let Ok(text) = message.to_text() else {
                continue;
            };
            let reply: Value = serde_json::from_str(text).expect("JSON");
            if reply["id"] == self.id {
                return reply["result"]["result"]["value"].clone();
            }
        }
    }

    /// What the page wrote into `#result` once it is done.
    fn result(&mut self) -> Value {
        let began = Instant::now();
        loop {
            let text = self.evaluate("document.getElementById('result')?.textContent ?? ''");
            if let Some(text) = text.as_str().filter(|text| !text.is_empty()) {
                return serde_json::from_str(text).expect("the result in JSON");
            }
            assert!(
                began.elapsed() < Duration::from_secs(300),
                "no result in 5 minutes"
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

/// `eight path --stats` of `algo` (a page's name, `algo:heuristic`) on `board`: the path, and
/// the nodes expanded.
fn native(size: &str, board: &str, algo: &str) -> (String, u64) {
    let mut command = eight();
    command.args(["path", "--stats", "--size", size]);
    match algo.split_once(':') {
        Some((algo, heuristic)) => command.args(["--algo", algo, "--heuristic", heuristic]),
        None => command.args(["--algo", algo]),
    };
    let output = command.arg(board).output().expect("eight runs");
    assert!(output.status.success(), "{algo} {board}: {output:?}");
    let stats = String::from_utf8_lossy(&output.stderr);
    let words: Vec<&str> = stats
        .lines()
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let expanded = words
        .iter()
        .position(|&word| word == "expanded")
        .and_then(|at| words.get(at + 1)?.parse().ok())
        .expect("--stats says the nodes expanded");
    let path = String::from_utf8_lossy(&output.stdout)
        .trim_end()
        .to_string();
    (path, expanded)
}

/// 20 random 3×3 boards and 5 4×4 ones 14 random moves from the goal, seeded.
fn boards() -> Vec<(&'static str, String)> {
    let mut random = rand_chacha::ChaCha8Rng::seed_from_u64(62);
    let goal = Board::ordered(Shape::SQUARE3);
    let mut boards = Vec::new();
    while boards.len() < 20 {
        let mut cells: Vec<u8> = (0..9).collect();
        cells.shuffle(&mut random);
        let board = Board::new(Shape::SQUARE3, &cells).expect("a board");
        if board.reaches(&goal) {
            boards.push((
                "3x3",
                cells
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            ));
        }
    }
    for _ in 0..5 {
        let mut board = Board::ordered(Shape::SQUARE4);
        let mut last: Option<Move> = None;
        for _ in 0..14 {
            let moves: Vec<Move> = Move::ALL
                .into_iter()
                .filter(|&m| last != Some(m.opposite()) && board.apply(m).is_some())
                .collect();
            let step = moves[random.random_range(0..moves.len())];
            board.slide(step);
            last = Some(step);
        }
        let cells: Vec<String> = board.cells().iter().map(u8::to_string).collect();
        boards.push(("4x4", cells.join(" ")));
    }
    boards
}

#[test]
fn every_search_in_the_page_answers_as_the_native_one_counts() {
    const TEST: &str = "every_search_in_the_page_answers_as_the_native_one_counts";
    if common::chromium(Path::new("/nonexistent")).is_none() {
        return common::engine_missing(TEST, "needs chromium (CI installs it)");
    }
    if !has_wasm_target() {
        return common::engine_missing(TEST, "needs rustup's wasm32-unknown-unknown target");
    }
    let dir = tempfile::tempdir().expect("a folder");
    let page = build_page(dir.path());
    let size = std::fs::metadata(&page).expect("the page").len();
    assert!(size < 400 << 10, "the page is {size} bytes");
    let browser = Browser::start(&dir.path().join("profile"));
    let mut searched = 0;
    for (shape, board) in boards() {
        let url = format!(
            "file://{}?size={shape}&board={}&algo=all",
            page.display(),
            board.replace(' ', "+")
        );
        let mut tab = browser.open(&url);
        let result = tab.result();
        let results = result["results"].as_object().expect("results");
        let expected = if shape == "3x3" { 8 } else { 9 };
        assert_eq!(results.len(), expected, "{board}: {result}");
        for (algo, found) in results {
            let (path, expanded) = native(shape, &board, algo);
            assert_eq!(found["path"], path.as_str(), "{algo} {board}: {found}");
            assert_eq!(found["distance"], path.len(), "{algo} {board}");
            assert_eq!(found["expanded"], expanded, "{algo} {board}");
            searched += 1;
        }
    }
    assert_eq!(searched, 20 * 8 + 5 * 9);
    // the solution plays, step by step, from the start to the goal
    let url = format!(
        "file://{}?board=2+3+4+1+5+0+7+6+8&algo=bibfs",
        page.display()
    );
    let mut tab = browser.open(&url);
    tab.result();
    let at = "[player.dataset.step, player.dataset.board].join(' / ')";
    let player =
        format!("(() => {{ const player = document.getElementById('player'); return {at}; }})()");
    assert_eq!(tab.evaluate(&player), "0 / 2 3 4 1 5 0 7 6 8");
    tab.evaluate("for (let i = 0; i < 19; i++) document.getElementById('step').click()");
    assert_eq!(tab.evaluate(&player), "19 / 1 2 3 4 5 6 7 8 0");
    let status = tab.evaluate("document.getElementById('status').textContent");
    assert!(
        status
            .as_str()
            .is_some_and(|s| s.starts_with("step 19 of 19: at the goal")),
        "{status}"
    );
    // what the searches take in the page on the hardest 3×3 board, for the guide (not asserted:
    // a shared machine's times vary): the median of five loads
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); 4];
    let searches = ["bfs", "bibfs", "astar:manhattan", "idastar:manhattan"];
    for _ in 0..5 {
        let url = format!(
            "file://{}?board=8+6+7+2+5+4+3+0+1&algo={}",
            page.display(),
            searches.join(",")
        );
        let result = browser.open(&url).result();
        for (search, times) in searches.iter().zip(&mut times) {
            times.push(result["results"][search]["ms"].as_f64().expect("its time"));
        }
    }
    for (search, mut times) in searches.iter().zip(times) {
        times.sort_by(f64::total_cmp);
        // past the harness's capture, which keeps a passing test's eprintln! to itself
        let _ = writeln!(
            std::io::stderr(),
            "lab: {search} of 867254301 in the page: median {:.1} ms of 5",
            times[2]
        );
    }
    // a board that cannot reach the goal: refused, with the parity's reason
    let url = format!("file://{}?board=1+2+3+4+5+6+8+7+0&algo=all", page.display());
    let result = browser.open(&url).result();
    let error = result["error"].as_str().unwrap_or_default();
    assert!(error.contains("no move changes that parity"), "{result}");
}
