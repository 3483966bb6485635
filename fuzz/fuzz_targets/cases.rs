//! The case reader on any bytes: it ends, never panics, and every case it gives is valid.
#![no_main]

use eight::format::{Cases, Item, Origin};
use eight::Board;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for origin in [Origin::Line, Origin::Argument] {
        for boards in [1, 2] {
            let mut cases = Cases::new(data, origin, boards);
            let mut items = 0;
            loop {
                match cases
                    .next(&mut || Ok(()))
                    .expect("reading from memory cannot fail")
                {
                    Item::Case(case) => {
                        assert_eq!(case.boards.len(), boards);
                        for board in case.boards {
                            assert!(Board::new(board.shape(), board.cells()).is_some());
                        }
                    }
                    Item::Malformed(error) | Item::Header(error) => assert!(error.place.line >= 1),
                    Item::End => break,
                }
                items += 1;
                assert!(items <= data.len() + 1, "more items than bytes");
            }
        }
    }
});
