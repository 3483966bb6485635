//! A solution as one self-contained web page: inline CSS, script and SVG, nothing fetched from a
//! network. It plays the boards along the path (play, pause, step, back, speed; space and the
//! arrow keys), highlights the move being played in the move list, and shows the distance to
//! the goal at each step (for a path not known to be shortest, the moves left on it and the
//! lower bound). The script keeps the board it shows in `data-step` and `data-board` on the
//! `#board` element, so a test (or a reader of the DOM) can see where the player is.
//! The page's address may end in `#play`: it then plays at once, fast.

use serde::Serialize;

use crate::picture::escaped;
use eight::puzzle::board::Board;
use eight::puzzle::moves::{Move, Path};

/// What the page's script reads: the boards along the path and what to say of them.
#[derive(Serialize)]
struct Data {
    width: u16,
    height: u16,
    /// Each position's cells, `0` for the blank.
    boards: Vec<Vec<u8>>,
    /// The moves, one letter each.
    moves: String,
    /// Whether the path is known to be shortest.
    optimal: bool,
    /// An admissible lower bound of the start's distance, for a path not known shortest.
    lower_bound: Option<u32>,
}

/// The page for `frames` (each board with the move that led to it) along `path`, titled
/// `title`; `lower_bound` for a path not known to be shortest.
pub fn page(
    frames: &[(Option<Move>, Board)],
    path: &Path,
    title: &str,
    lower_bound: Option<u32>,
) -> String {
    let first = &frames[0].1;
    let data = Data {
        width: first.shape().width.into(),
        height: first.shape().height.into(),
        boards: frames
            .iter()
            .map(|(_, board)| board.cells().to_vec())
            .collect(),
        moves: path.to_string(),
        optimal: lower_bound.is_none(),
        lower_bound,
    };
    let json = serde_json::to_string(&data)
        .expect("a page's data serializes")
        .replace("</", "<\\/");
    TEMPLATE
        .replace("{style}", STYLE)
        .replace("{title}", &escaped(title))
        .replace("{data}", &json)
}

/// The look of the pages' boards (`svg.board`): the page's colours, the tiles', the blank's and
/// the tile that just moved, shared by `show --html` and the lab's page.
pub const STYLE: &str =
    "  body { font-family: system-ui, sans-serif; margin: 2em; color: #222; background: #fafafa; }
  svg.board rect.tile { fill: #e8eef7; stroke: #556; }
  svg.board rect.moved { fill: #ffd54f; }
  svg.board rect.blank { fill: #333; stroke: #556; }
  svg.board text { font-size: 18px; text-anchor: middle; dominant-baseline: central; }";

const TEMPLATE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
{style}
  h1 { font-size: 1.2em; font-weight: 600; overflow-wrap: anywhere; }
  #controls button { font-size: 1em; margin-right: .3em; padding: .3em .8em; }
  #moves { font-family: ui-monospace, monospace; font-size: 1.1em; word-break: break-all; }
  #moves span.done { color: #888; }
  #moves span.current { background: #ffd54f; font-weight: bold; }
  #status { margin: .6em 0; }
</style>
</head>
<body>
<h1>{title}</h1>
<svg id="board" class="board" role="img" aria-label="the board"></svg>
<div id="status" aria-live="polite"></div>
<div id="controls">
  <button id="back" title="back (left arrow)">&#9664; back</button>
  <button id="play" title="play or pause (space)">play</button>
  <button id="step" title="step (right arrow)">step &#9654;</button>
  <label>speed <input id="speed" type="range" min="1" max="20" value="5"></label>
</div>
<p id="moves"></p>
<script type="application/json" id="data">{data}</script>
<script>
"use strict";
const data = JSON.parse(document.getElementById("data").textContent);
const board = document.getElementById("board");
const note = document.getElementById("status");
const moves = document.getElementById("moves");
const playButton = document.getElementById("play");
const speed = document.getElementById("speed");
const cell = 48;
const last = data.boards.length - 1;
let step = 0;
let timer = null;
board.setAttribute("width", data.width * cell + 2);
board.setAttribute("height", data.height * cell + 2);
const svg = "http://www.w3.org/2000/svg";
for (let i = 0; i < data.moves.length; i++) {
  const span = document.createElement("span");
  span.textContent = data.moves[i];
  moves.appendChild(span);
}
function draw() {
  while (board.firstChild) board.removeChild(board.firstChild);
  const cells = data.boards[step];
  const before = step > 0 ? data.boards[step - 1].indexOf(0) : -1;
  cells.forEach((value, index) => {
    const x = 1 + (index % data.width) * cell, y = 1 + Math.floor(index / data.width) * cell;
    const rect = document.createElementNS(svg, "rect");
    rect.setAttribute("x", x); rect.setAttribute("y", y);
    rect.setAttribute("width", cell); rect.setAttribute("height", cell);
    rect.setAttribute("class", value === 0 ? "blank" : index === before ? "tile moved" : "tile");
    board.appendChild(rect);
    if (value !== 0) {
      const text = document.createElementNS(svg, "text");
      text.setAttribute("x", x + cell / 2); text.setAttribute("y", y + cell / 2);
      text.textContent = value;
      board.appendChild(text);
    }
  });
  board.dataset.step = step;
  board.dataset.board = cells.join(" ");
  Array.from(moves.children).forEach((span, i) => {
    span.className = i < step - 1 ? "done" : i === step - 1 ? "current" : "";
  });
  const left = last - step;
  const said = data.optimal
    ? (left === 0 ? "at the goal" : left + (left === 1 ? " move" : " moves") + " from the goal")
    : (left === 0 ? "at the goal" : left + " moves left on this path (not known to be shortest; the start is at least " + data.lower_bound + " from the goal)");
  note.textContent = "step " + step + " of " + last + ": " + said;
}
function stop() { if (timer) clearInterval(timer); timer = null; playButton.textContent = "play"; }
function forward() { if (step < last) { step++; draw(); } if (step === last) stop(); }
function back() { stop(); if (step > 0) { step--; draw(); } }
function play() {
  if (timer) { stop(); return; }
  if (step === last) { step = 0; draw(); }
  playButton.textContent = "pause";
  timer = setInterval(forward, 1000 / Number(speed.value));
}
speed.addEventListener("input", () => { if (timer) { stop(); play(); } });
playButton.addEventListener("click", play);
document.getElementById("step").addEventListener("click", () => { stop(); forward(); });
document.getElementById("back").addEventListener("click", back);
document.addEventListener("keydown", (event) => {
  if (event.key === " ") { event.preventDefault(); play(); }
  else if (event.key === "ArrowRight") { stop(); forward(); }
  else if (event.key === "ArrowLeft") { back(); }
});
draw();
if (location.hash === "#play") { speed.value = 20; play(); }
</script>
</body>
</html>
"##;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::show::frames;

    #[test]
    fn holds_every_board_and_fetches_nothing() {
        let start: Board = "1234567x8".parse().expect("a board");
        let path = Path(vec![Move::Right]);
        let page = page(&frames(&start, &path), &path, "1 move: r <b>", None);
        assert!(page.contains(r#""boards":[[1,2,3,4,5,6,7,0,8],[1,2,3,4,5,6,7,8,0]]"#));
        assert!(page.contains("<title>1 move: r &lt;b&gt;</title>"));
        for remote in ["http:", "https:", "src=", "href="] {
            let fetched = page.replace("http://www.w3.org/2000/svg", "");
            assert!(!fetched.contains(remote), "{remote}");
        }
    }
}
