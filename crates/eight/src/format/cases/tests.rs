//! The reader's unit tests: every layout of the spec, the learnt layout, and the quick path
//! against the lines.

use super::*;
use crate::puzzle::board::Shape;

/// Every case of `text` as a board string or an error message, in order.
fn read(text: &[u8], origin: Origin, boards: usize) -> Vec<String> {
    let mut cases = Cases::new(text, origin, boards);
    let mut results = Vec::new();
    loop {
        match cases.next(&mut || Ok(())).expect("memory reads") {
            Item::Case(case) => {
                let shown: Vec<String> = case.boards.iter().map(Board::to_string).collect();
                results.push(shown.join(" "));
            }
            Item::Grid(case) => results.push(format!("{:?}", case.grid.cells)),
            Item::Malformed(error) | Item::Header(error) => results.push(error.to_string()),
            Item::End => return results,
        }
    }
}

fn lines(text: &str) -> Vec<String> {
    read(text.as_bytes(), Origin::Line, 1)
}

#[test]
fn the_quick_path_reads_exactly_like_the_general_one() {
    use rand::{Rng, SeedableRng};
    let pieces = [
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "0",
        "x",
        "X",
        "9",
        "y",
        "123",
        "456",
        "78x",
        "283104765",
        "12345678x",
        "1234",
        "10",
        " ",
        "  ",
        "\t",
        "\n",
        "\r\n",
        "\n\n",
        "\r",
        "\x0b",
        "\r\r\n",
        // the line path's layouts, well formed and not
        "2 8 3 1 0 4 7 6 5\n",
        "283104765\n",
        "2 8 3 1 0 4 7 6 6\n",
        "2 8 3 1 9 4 7 6 5\n",
        "2 8 3 1 0 4 7 6 5 \n",
        "2 8 3 1 0 4 7 6 5\r\n",
        "28310476x\n",
        // runs of blanks, rows, blanks before and after, X for the blank
        "2  8  3  1  0  4  7  6  5\n",
        "2\t8\t3\t1\t0\t4\t7\t6\t5\r\n",
        "  2 8 3\t 1 0 4  7 6 5 \t\n",
        "\t283104765  \r\n",
        "283 104 765\n",
        "283  104\t76X\n",
        "2831 04765\n",
        "28 3104765\n",
        "2 8 3 1 0 4 7 6 5 2\n",
        "1 2 3 4 5 6 7 8 x\x0b\n",
        "1 2 3 4 5 6 7 8 x\r\r\n",
        " \t \n",
        // bytes next to the cells' own, at the fixed offsets the quick path checks a word at a time
        "2 8 3 1 0 4 7 6 /\n",
        "2 8 3 1 0 4 7 6 9\n",
        "/ 8 3 1 0 4 7 6 5\n",
        "2 8 3 1 9 4 7 6 x\n",
        "2 8 3 1 h 4 7 6 5\n",
        "2 8 3 1 @ 4 7 6 5\n",
        "28310@765\n",
        "2 8 3 1 \u{e9} 4 7 6\n",
        "2 8 3 1 0\u{b8}4 7 6 5\n",
        "2,8 3 1 0 4 7 6 5\n",
        "2  8  3  1 0  4  7  6  5\n",
        "2  8  3  1  0  4  7  6  X\n",
        "2\t8\t3\t1\t0\t4\t7\t6 5\n",
        "28310476X\n",
        "283104768\n",
        "2831x4765\n",
    ];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1043);
    let (mut quick_cases, mut line_cases) = (0, 0);
    for round in 0..3_000 {
        // lines of valid boards in every layout, with now and then a piece of anything
        let mut text = String::new();
        for _ in 0..rng.random_range(1..8u32) {
            if rng.random_range(0..4u32) == 0 {
                let piece = pieces[rng.random_range(0..pieces.len() as u32) as usize];
                text.push_str(piece);
                continue;
            }
            let mut cells: Vec<char> = "12345678x".chars().collect();
            for last in (1..9).rev() {
                cells.swap(last, rng.random_range(0..=last as u32) as usize);
            }
            let glue = [" ", "", "  ", "\t", "cells", " \t "][rng.random_range(0..6u32) as usize];
            let rows: Vec<String> = cells.chunks(3).map(|row| row.iter().collect()).collect();
            let spaced: Vec<String> = cells.iter().map(char::to_string).collect();
            let layout = match glue {
                "" => rows.concat(),
                " " => rows.join(" "),
                // the judges' own layout, a cell and a space
                "cells" => spaced.join(" "),
                _ => spaced.join(glue),
            };
            text.push_str(["", "", " ", "\t "][rng.random_range(0..4u32) as usize]);
            text.push_str(&layout);
            text.push_str(
                ["\n", " ", "\r\n", "\r", "  \n", "\t\r\n"][rng.random_range(0..6u32) as usize],
            );
        }
        for (boards, framing) in [
            (1, Framing::Lines),
            (2, Framing::Lines),
            (2, Framing::Counted),
        ] {
            let text = match framing {
                Framing::Counted => format!("7\n{text}"),
                _ => text.clone(),
            };
            let reading = Reading {
                framing,
                ..Reading::square3(boards)
            };
            // the quick path on or off, and with `run`, its cases taken a buffer at a time as
            // a plain judge's stream takes them, each case written as its number and boards
            let mut collect = |quick: bool, run: bool| {
                let mut cases = Cases::with(text.as_bytes(), Origin::Line, reading);
                cases.quick.0 = quick;
                let mut results = Vec::new();
                loop {
                    if run {
                        let mut taken = Vec::new();
                        cases
                            .quick_run(|boards| {
                                taken.push(format!("{boards:?}"));
                                Ok::<_, ()>(())
                            })
                            .expect("the closure does not fail");
                        let first = cases.read - taken.len() as u64 + 1;
                        for (number, boards) in (first..).zip(taken) {
                            results.push(format!("{number} {boards}"));
                        }
                    }
                    match cases.next(&mut || Ok(())).expect("memory reads") {
                        Item::Case(case) if run => {
                            results.push(format!("{} {:?}", case.number, case.boards))
                        }
                        Item::Case(case) => results.push(format!("{case:?}")),
                        Item::Grid(case) => results.push(format!("{case:?}")),
                        Item::Malformed(error) | Item::Header(error) => {
                            results.push(error.to_string())
                        }
                        Item::End => {
                            quick_cases += cases.quick.1;
                            line_cases += cases.read - cases.quick.1;
                            return results;
                        }
                    }
                }
            };
            let (fast, general) = (collect(true, false), collect(false, false));
            assert_eq!(fast, general, "round {round}: {text:?}");
            // with the quick path off, `run` takes nothing and only writes cases as it does
            assert_eq!(
                collect(true, true),
                collect(false, true),
                "round {round}: {text:?}"
            );
        }
    }
    assert!(
        quick_cases > 1_000 && line_cases > 100,
        "the quick paths read {quick_cases} cases, the line path {line_cases}"
    );
}

/// Every case of `text` read as `reading` says, as cells or an error message.
fn read_as(text: &str, reading: Reading) -> Vec<String> {
    let mut cases = Cases::with(text.as_bytes(), Origin::Line, reading);
    let mut results = Vec::new();
    loop {
        match cases.next(&mut || Ok(())).expect("memory reads") {
            Item::Case(case) => {
                let shown: Vec<String> = case.boards.iter().map(Board::to_string).collect();
                results.push(shown.join(" | "));
            }
            Item::Grid(case) => results.push(format!("{:?}", case.grid.cells)),
            Item::Malformed(error) | Item::Header(error) => results.push(error.to_string()),
            Item::End => return results,
        }
    }
}

#[test]
fn reads_boards_of_any_shape_with_their_rules() {
    let shape = |w, h| Shape::new(w, h).expect("a shape");
    let leetcode = Reading {
        shape: shape(3, 2),
        framing: Framing::Lists,
        ..Reading::square3(1)
    };
    assert_eq!(
        read_as(
            "[[1,2,3],[4,0,5]]\n[[1, 2, 3], [5, 4, 0]]\n1 2 3 4 0 5\n[[1,2,3],[4,6,5]]\n",
            leetcode
        ),
        [
            "123405",
            "123540",
            "123405",
            "line 4:13: found `6`, expected a tile 1-5 or a blank (0, x or X)"
        ]
    );
    let square4 = Reading {
        shape: Shape::SQUARE4,
        ..Reading::square3(1)
    };
    assert_eq!(
        read_as(
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x\n1 2 3 4\n5 6 7 8 9 10\n",
            square4
        ),
        [
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
            "line 3:13: found the end of the line after 10 cells, expected whole rows of 4 cells"
        ]
    );
    let sided = Reading {
        framing: Framing::Sided,
        rows: true,
        cells_a_line: false,
        ..Reading::square3(1)
    };
    assert_eq!(
        read_as("2\n1 2\n3 0\n4\n1 2 3 4\n1 x\n3\n123\n456\n780\n", sided),
        [
            "1230",
            "line 6:1: found a second `1` (the first is at 5:1), expected each of 1-15 and the \
             blank exactly once (line 4 declares a 4x4 board)",
            "123456780"
        ]
    );
    assert_eq!(
        read_as("17 1 2 3\n2\n1 2 3 0\n", sided),
        [
            "line 1:1: found `17`, expected the side n of an n×n board, 2 to 16",
            "1230"
        ]
    );
}

#[test]
fn reads_every_layout_of_the_spec() {
    let text = "283104765\n2 8 3 1 0 4 7 6 5\n2  3  4  1  5  x  7  6  8\n\
                1\t2\t3\n4 5 6\n\n78X\n283 104 765\r\n";
    assert_eq!(
        lines(text),
        [
            "283104765",
            "283104765",
            "234150768",
            "123456780",
            "283104765"
        ]
    );
}

#[test]
fn reads_several_whole_cases_on_a_line() {
    assert_eq!(lines("283104765 12345678x"), ["283104765", "123456780"]);
    assert_eq!(
        read(
            b"283104765 123804765 1 2 3 4 5 6 7 8 0 123804765\n123804765 123804765",
            Origin::Line,
            2
        ),
        [
            "283104765 123804765",
            "123456780 123804765",
            "123804765 123804765"
        ]
    );
    // a case and a half on a line: which cells make which case cannot be told, so none is
    // answered, and the line after it is still the second half of that case
    assert_eq!(
        read(
            b"283104765 123804765 1 2 3 4 5 6 7 8 0\n123804765\n283104765\n123804765\n",
            Origin::Line,
            2
        ),
        [
            "line 1:38: found the end of the line after 27 cells, expected 9 cells on this line, \
             as the statement lays a case out",
            "283104765 123804765"
        ]
    );
}

#[test]
fn locates_a_cell_that_is_not_a_tile_and_keeps_the_next_line() {
    assert_eq!(
        lines("283104765\n2 8 3 1 9 4 7 6 5 283104765\n12345678x"),
        [
            "283104765",
            "line 2:9: found `9`, expected a tile 1-8 or a blank (0, x or X)",
            // the bad cell kept its place: the next case on the line is read
            "283104765",
            "123456780"
        ]
    );
    assert_eq!(
        lines("28310476y"),
        ["line 1:9: found `y`, expected a tile 1-8 or a blank (0, x or X)"]
    );
}

#[test]
fn rejects_tokens_of_other_lengths() {
    assert_eq!(
        lines("10 2 3 4 5 6 7 8 x\n2831 04765\n12345678x"),
        [
            "line 1:1: found `10` (2 characters), expected a tile 1-8 or a blank (0, x or X)",
            "line 2:1: found `2831` (4 characters), expected a cell, a row of 3 cells or a board of 9",
            "123456780"
        ]
    );
    let long = format!("{}\n12345678x", "1".repeat(100_000));
    assert_eq!(
        lines(&long)[0],
        "line 1:1: found `1111111111111111…` (100000 characters), expected a tile 1-8 or a blank (0, x or X)"
    );
}

#[test]
fn rejects_a_line_that_ends_inside_a_row() {
    assert_eq!(
        lines("2 8 3 1\n0 4 7 6 5\n12345678x"),
        [
            "line 1:8: found the end of the line after 4 cells, expected whole rows of 3 cells",
            "line 2:10: found the end of the line after 5 cells, expected whole rows of 3 cells",
            "123456780"
        ]
    );
}

#[test]
fn rejects_a_row_token_inside_a_row() {
    assert_eq!(
        lines("1 234 5678x"),
        ["line 1:3: found `234` after 1 cell of a row, expected single cells to finish the row"]
    );
}

#[test]
fn reports_a_repeated_tile_and_keeps_the_case_after_it_on_the_same_line() {
    assert_eq!(
        lines("283104763 283104765\nx2345678x"),
        [
            "line 1:9: found a second `3` (the first is at 1:3), expected each of 1-8 and the blank exactly once",
            "283104765",
            "line 2:9: found a second blank (the first is at 2:1), expected each of 1-8 and the blank exactly once",
        ]
    );
}

#[test]
fn reports_input_that_ends_inside_a_case() {
    assert_eq!(
        read(b"283104765\n", Origin::Line, 2),
        ["line 2:1: found the end of the input after 9 of 18 cells, expected a complete case"]
    );
    assert_eq!(lines("   \n\t\n"), Vec::<String>::new());
}

#[test]
fn survives_any_bytes() {
    assert_eq!(
        lines("\u{feff}283104765\n"),
        ["283104765"],
        "a byte order mark is skipped"
    );
    assert_eq!(
        read(b"28310\x004765\n\xff\xfe\n12345678x", Origin::Line, 1),
        [
            "line 1:1: found `28310\\04765` (10 characters), expected a tile 1-8 or a blank (0, x or X)",
            "line 2:1: found `\u{fffd}\u{fffd}` (2 characters), expected a tile 1-8 or a blank (0, x or X)",
            "123456780"
        ]
    );
}

#[test]
fn reads_a_byte_order_mark_alone_as_nothing() {
    // found by cargo fuzz: the mark skipped left the buffer empty, and the scanner read on
    for origin in [Origin::Line, Origin::Argument, Origin::Text] {
        assert_eq!(read(b"\xef\xbb\xbf", origin, 1), Vec::<String>::new());
        assert_eq!(read(b"\xef\xbb\xbf123804765", origin, 1), ["123804765"]);
    }
}

#[test]
fn arguments_join_like_whitespace_and_resume_after_an_error() {
    let args = b"2\x008\x003\x001\x000\x004\x007\x006\x005\x0028310476\x00123804765";
    assert_eq!(
        read(args, Origin::Argument, 1),
        [
            "283104765",
            "argument 10:1: found `28310476` (8 characters), expected a cell, a row of 3 cells or a board of 9",
            "123804765"
        ]
    );
}

#[test]
fn parses_one_board_and_nothing_more() {
    let board = "2 8 3\n1 0 4\n7 6 5".parse::<Board>().expect("a board");
    assert_eq!(board.to_string(), "283104765");
    assert!("283104765 123804765".parse::<Board>().is_err());
    assert!("".parse::<Board>().is_err());
}

#[test]
fn a_lone_carriage_return_ends_a_line_and_a_vertical_tab_separates() {
    assert_eq!(
        lines("283104765\r123804765\r\n2 8 3\r\n1 0 4\r7 6 5\n1\x0b2\x0b3 804 765"),
        ["283104765", "123804765", "283104765", "123804765"]
    );
    assert_eq!(
        lines("2 8 3 1\r0 4 7 6 5\r\n12345678x"),
        [
            "line 1:8: found the end of the line after 4 cells, expected whole rows of 3 cells",
            "line 2:10: found the end of the line after 5 cells, expected whole rows of 3 cells",
            "123456780"
        ]
    );
}

#[test]
fn any_bytes_in_any_framing_end_without_panic_and_number_every_case() {
    use crate::format::judge::ALL;
    use rand::{Rng, SeedableRng};
    // bytes the framings care about, often, and anything now and then
    let pieces: [&[u8]; 20] = [
        b"1",
        b"2",
        b"3",
        b"0",
        b"x",
        b"15",
        b"4",
        b"16",
        b"[",
        b"]",
        b",",
        b" ",
        b"  ",
        b"\t",
        b"\n",
        b"\n\n",
        b"\r\n",
        b"283104765",
        b"1 2 3 4",
        b"y",
    ];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
    for round in 0..2_000 {
        let mut text = Vec::new();
        for _ in 0..rng.random_range(0..60u32) {
            match rng.random_range(0..10u32) {
                0 => text.push(rng.random()),
                _ => text.extend_from_slice(pieces[rng.random_range(0..pieces.len())]),
            }
        }
        for judge in ALL {
            for origin in [Origin::Line, Origin::Argument] {
                let text = match origin {
                    Origin::Argument => text
                        .iter()
                        .map(|&b| if b == b'\n' { 0 } else { b })
                        .collect(),
                    _ => text.clone(),
                };
                let mut cases = Cases::with(&text[..], origin, judge.reading());
                let mut items = 0u64;
                loop {
                    match cases.next(&mut || Ok(())).expect("memory reads") {
                        Item::Case(case) => {
                            assert_eq!(case.number, items + 1, "round {round}");
                            assert_eq!(case.boards.len(), judge.boards);
                            for board in case.boards {
                                assert!(Board::new(board.shape(), board.cells()).is_some());
                            }
                        }
                        Item::Grid(case) => {
                            assert_eq!(case.number, items + 1, "round {round}");
                            let grid = case.grid;
                            assert_eq!(grid.cells.len(), grid.width * grid.height);
                        }
                        Item::Header(_) => continue,
                        Item::Malformed(_) => {}
                        Item::End => break,
                    }
                    items += 1;
                    assert!(items as usize <= text.len() + 1, "round {round}: {text:?}");
                }
            }
        }
    }
}
