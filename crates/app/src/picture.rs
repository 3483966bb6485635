//! A solution as a picture to keep: an SVG strip of its boards, one per position, each labelled
//! with its step and move, the tile that just moved marked, the tiles as SVG text (searchable,
//! read by screen readers), rows of ten boards.

use eight::puzzle::board::Board;
use eight::puzzle::moves::Move;

/// The side of a cell, in pixels.
const CELL: f64 = 36.0;
/// The room between boards, and for a board's label.
const GAP: f64 = 18.0;
/// Boards in a row of the strip.
const PER_ROW: usize = 10;

/// The SVG strip of `frames` (each board with the move that led to it), titled `title`.
pub fn strip(frames: &[(Option<Move>, Board)], title: &str) -> String {
    let first = &frames[0].1;
    let (columns, rows) = (
        f64::from(first.shape().width),
        f64::from(first.shape().height),
    );
    let (board_width, board_height) = (columns * CELL, rows * CELL + GAP);
    let across = frames.len().min(PER_ROW);
    let down = frames.len().div_ceil(PER_ROW);
    let width = GAP + across as f64 * (board_width + GAP);
    let height = GAP + down as f64 * (board_height + GAP);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" role=\"img\" \
         aria-label=\"{}\">\n<title>{}</title>\n",
        escaped(title),
        escaped(title)
    );
    for (index, (step, board)) in frames.iter().enumerate() {
        let x = GAP + (index % PER_ROW) as f64 * (board_width + GAP);
        let y = GAP + (index / PER_ROW) as f64 * (board_height + GAP);
        let moved = (index > 0).then(|| frames[index - 1].1.blank());
        let label = match step {
            None => "start".to_string(),
            Some(step) => format!("{index} {}", step.letter()),
        };
        svg.push_str(&format!(
            "<g class=\"board\" data-step=\"{index}\" data-board=\"{board}\">\
             <text x=\"{x}\" y=\"{:.1}\" font-size=\"12\">{label}</text>\n",
            y + 12.0
        ));
        for (cell, &value) in board.cells().iter().enumerate() {
            let column = (cell % usize::from(board.shape().width)) as f64;
            let row = (cell / usize::from(board.shape().width)) as f64;
            let (cx, cy) = (x + column * CELL, y + GAP + row * CELL);
            let (class, fill) = match (value, Some(cell) == moved) {
                (0, _) => ("blank", "#333333"),
                (_, true) => ("tile moved", "#ffd54f"),
                (_, false) => ("tile", "#e8eef7"),
            };
            svg.push_str(&format!(
                "<rect class=\"{class}\" x=\"{cx}\" y=\"{cy}\" width=\"{CELL}\" \
                 height=\"{CELL}\" fill=\"{fill}\" stroke=\"#556\"/>"
            ));
            if value != 0 {
                svg.push_str(&format!(
                    "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"16\">{value}</text>",
                    cx + CELL / 2.0,
                    cy + CELL / 2.0 + 6.0
                ));
            }
            svg.push('\n');
        }
        svg.push_str("</g>\n");
    }
    svg.push_str("</svg>\n");
    svg
}

/// `text` safe inside SVG text and attributes.
pub fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::show::frames;

    #[test]
    fn draws_a_board_per_position_and_marks_the_moved_tile() {
        let start: Board = "1234567x8".parse().expect("a board");
        let path = eight::puzzle::moves::Path(vec![Move::Right]);
        let svg = strip(&frames(&start, &path), "1 move: r");
        assert_eq!(svg.matches("<g class=\"board\"").count(), 2);
        assert_eq!(svg.matches("class=\"tile moved\"").count(), 1);
        assert_eq!(svg.matches("class=\"blank\"").count(), 2);
        assert!(svg.contains("<text x=\"144\" y=\"30.0\" font-size=\"12\">1 r</text>"));
        assert_eq!(escaped("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
