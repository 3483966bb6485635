//! The puzzle itself, the bottom layer: boards of every shape, moves of the blank and paths, and
//! the parity that decides reachability. Nothing here searches or reads text. Moves and paths
//! are `eight-core`'s, the crate the 3×3 tables are built with.

pub mod board;
pub mod grid;
pub mod shape;

pub use board::{Board, BLANK, MAX_CELLS};
pub use eight_core::moves;
pub use moves::{IllegalMove, Move, NotAMove, Path};
pub use shape::{Shape, ShapeError};
