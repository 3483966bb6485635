//! A solution drawn board by board: the canonical path's boards side by side, each labelled with
//! its step and move, as plain text or with the blank and the moved tile in colour.

use serde::Serialize;

use crate::record::Solved;
use eight::puzzle::board::Board;
use eight::puzzle::moves::{Move, Path};
use eight::puzzle::BLANK;

/// The gap between boards.
const GAP: usize = 3;

/// The boards of a path from `start`, each with the move that led to it.
pub fn frames(start: &Board, path: &Path) -> Vec<(Option<Move>, Board)> {
    let mut board = *start;
    let mut frames = vec![(None, board)];
    for &step in &path.0 {
        assert!(board.slide(step), "a solution's moves are legal");
        frames.push((Some(step), board));
    }
    frames
}

/// The width of a cell of `board`'s drawing: its largest tile's digits.
fn cell_width(board: &Board) -> usize {
    (board.cells().len() - 1).to_string().len()
}

/// Draws `frames` in rows of boards that fit `width` columns. With `color`, the blank is in
/// reverse video and the tile that just moved in bold yellow (ANSI escape codes); without, the
/// text is plain ASCII.
pub fn render(frames: &[(Option<Move>, Board)], width: usize, color: bool) -> String {
    let first = &frames[0].1;
    let (columns, rows) = (
        usize::from(first.shape().width),
        usize::from(first.shape().height),
    );
    let board_width = columns * (cell_width(first) + 1) - 1;
    let per_row = ((width + GAP) / (board_width + GAP)).max(1);
    let mut text = String::new();
    for (row, chunk) in frames.chunks(per_row).enumerate() {
        if row > 0 {
            text.push('\n');
        }
        let labels: Vec<String> = chunk
            .iter()
            .enumerate()
            .map(|(offset, (step, _))| match step {
                None => "start".to_string(),
                Some(step) => format!("{} {}", row * per_row + offset, step.letter()),
            })
            .collect();
        text.push_str(&join_padded(&labels, board_width));
        for line in 0..rows {
            let cells: Vec<String> = chunk
                .iter()
                .enumerate()
                .map(|(offset, (step, board))| {
                    let index = row * per_row + offset;
                    let previous = (index > 0).then(|| frames[index - 1].1.blank());
                    draw_row(board, line, step.and(previous), color)
                })
                .collect();
            text.push_str(&join_padded(&cells, board_width));
        }
    }
    text
}

/// One row of a board: its cells right-aligned, the blank as `_`; `moved` is the cell of the
/// tile that moved.
fn draw_row(board: &Board, row: usize, moved: Option<usize>, color: bool) -> String {
    let columns = usize::from(board.shape().width);
    let width = cell_width(board);
    let cells: Vec<String> = (0..columns)
        .map(|column| {
            let cell = row * columns + column;
            let value = board.cells()[cell];
            let pad = |shown: String| format!("{}{shown}", " ".repeat(width - shown.len()));
            match (value, color) {
                (BLANK, false) => pad("_".to_string()),
                (BLANK, true) => format!("{}\x1b[7m_\x1b[0m", " ".repeat(width - 1)),
                (tile, true) if moved == Some(cell) => {
                    let shown = tile.to_string();
                    format!(
                        "{}\x1b[1;33m{shown}\x1b[0m",
                        " ".repeat(width - shown.len())
                    )
                }
                (tile, _) => pad(tile.to_string()),
            }
        })
        .collect();
    cells.join(" ")
}

/// The pieces in a line, each padded to a board's width (escape codes take no width).
fn join_padded(pieces: &[String], board_width: usize) -> String {
    let visible = |piece: &str| {
        let mut width = 0;
        let mut escape = false;
        for c in piece.chars() {
            match (escape, c) {
                (false, '\x1b') => escape = true,
                (true, 'm') => escape = false,
                (false, _) => width += 1,
                (true, _) => {}
            }
        }
        width
    };
    let mut line = String::new();
    for (index, piece) in pieces.iter().enumerate() {
        line.push_str(piece);
        if index + 1 < pieces.len() {
            line.push_str(&" ".repeat((board_width + GAP).saturating_sub(visible(piece))));
        }
    }
    line.push('\n');
    line
}

/// Why `start` cannot reach `goal`, in a sentence.
pub fn unreachable(start: &Board, goal: &Board) -> String {
    let (a, b) = (start.inversions(), goal.inversions());
    let count = |n: u64| match n {
        1 => "1 inversion".to_string(),
        n => format!("{n} inversions"),
    };
    let parity = |n: u64| if n % 2 == 0 { "even" } else { "odd" };
    let width = start.shape().width;
    if width % 2 == 0 {
        // on an even width, a vertical move changes both the parity and the blank's row
        let row = |board: &Board| board.blank() / usize::from(width) + 1;
        return format!(
            "{start} cannot reach {goal}: its tiles have {} and its blank is on row {}, the \
             goal's {b} and row {}; every move keeps the parity of inversions plus row",
            count(a),
            row(start),
            row(goal)
        );
    }
    format!(
        "{start} cannot reach {goal}: its tiles have {} ({}), the goal's {b} ({}), \
         and no move changes that parity",
        count(a),
        parity(a),
        parity(b)
    )
}

/// A solution and its boards, for `--json`: the case record's fields, then every board.
#[derive(Serialize, Debug)]
pub struct Drawing {
    /// The start, the goal and the canonical path.
    #[serde(flatten)]
    pub solution: Solved,
    /// Every board along the path, the start first; none when unreachable.
    pub boards: Vec<String>,
}

impl Drawing {
    /// The drawing of the canonical `path` from `start` to `goal`.
    pub fn new(start: &Board, goal: &Board, path: Option<&Path>) -> Drawing {
        let boards = path.map_or_else(Vec::new, |path| {
            frames(start, path)
                .iter()
                .map(|(_, board)| board.to_string())
                .collect()
        });
        Drawing {
            solution: Solved::new(start, goal, path),
            boards,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().expect("a valid board")
    }

    #[test]
    fn draws_boards_side_by_side_in_plain_ascii() {
        let start = board("1234567x8");
        let frames = frames(&start, &"r".parse().expect("path"));
        assert_eq!(
            render(&frames, 80, false),
            "start   1 r\n1 2 3   1 2 3\n4 5 6   4 5 6\n7 _ 8   7 8 _\n"
        );
    }

    #[test]
    fn wraps_to_the_width_and_colours_only_when_asked() {
        let start = board("123456x78");
        let frames = frames(&start, &"rr".parse().expect("path"));
        let narrow = render(&frames, 13, false);
        assert_eq!(
            narrow,
            "start   1 r\n1 2 3   1 2 3\n4 5 6   4 5 6\n_ 7 8   7 _ 8\n\
             \n2 r\n1 2 3\n4 5 6\n7 8 _\n"
        );
        let coloured = render(&frames, 80, true);
        assert!(coloured.contains("\x1b[7m_\x1b[0m"), "{coloured:?}");
        assert!(coloured.contains("\x1b[1;33m7\x1b[0m"), "{coloured:?}");
        assert!(!narrow.contains('\x1b'));
    }

    #[test]
    fn draws_larger_boards_with_cells_of_equal_width() {
        let goal = Board::ordered(eight::puzzle::board::Shape::SQUARE4);
        let start = goal.apply(Move::Up).expect("a move");
        let frames = frames(&start, &"d".parse().expect("path"));
        assert_eq!(
            render(&frames, 80, false),
            "start         1 d\n 1  2  3  4    1  2  3  4\n 5  6  7  8    5  6  7  8\n\
             \x209 10 11  _    9 10 11 12\n13 14 15 12   13 14 15  _\n"
        );
    }

    #[test]
    fn explains_an_unreachable_board_by_its_parity() {
        let shape = eight::puzzle::board::Shape::new(2, 2).expect("a shape");
        let square = |cells: &[u8]| Board::new(shape, cells).expect("a board");
        assert_eq!(
            unreachable(&square(&[2, 1, 3, 0]), &square(&[1, 2, 3, 0])),
            "2130 cannot reach 1230: its tiles have 1 inversion and its blank is on row 2, the \
             goal's 0 and row 2; every move keeps the parity of inversions plus row"
        );
        assert_eq!(
            unreachable(&board("21345678x"), &board("12345678x")),
            "213456780 cannot reach 123456780: its tiles have 1 inversion (odd), the goal's 0 \
             (even), and no move changes that parity"
        );
    }
}
