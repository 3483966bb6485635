//! The case reader on any bytes, in every judge's framing: it ends, never panics, every case it
//! gives is valid, and the cases are numbered one after another.
#![no_main]

use eight::format::judge::ALL;
use eight::format::{Cases, Item, Origin};
use eight::Board;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for origin in [Origin::Line, Origin::Argument] {
        for judge in ALL {
            let mut cases = Cases::with(data, origin, judge.reading());
            let mut items = 0u64;
            loop {
                match cases
                    .next(&mut || Ok(()))
                    .expect("reading from memory cannot fail")
                {
                    Item::Case(case) => {
                        assert_eq!(case.boards.len(), judge.boards);
                        assert_eq!(case.number, items + 1, "cases are numbered in turn");
                        for board in case.boards {
                            assert!(Board::new(board.shape(), board.cells()).is_some());
                        }
                    }
                    Item::Grid(case) => {
                        assert_eq!(case.number, items + 1, "cases are numbered in turn");
                        let grid = case.grid;
                        assert_eq!(grid.cells.len(), grid.width * grid.height);
                    }
                    Item::Header(error) => {
                        assert!(error.place.line >= 1);
                        continue;
                    }
                    Item::Malformed(error) => assert!(error.place.line >= 1),
                    Item::End => break,
                }
                items += 1;
                assert!(items as usize <= data.len() + 1, "more items than bytes");
            }
        }
    }
});
