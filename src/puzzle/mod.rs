//! The puzzle itself, the bottom layer: boards packed in a word, moves of the blank and paths,
//! Cantor ranks, and the parity that decides reachability. Nothing here searches or reads text.

pub mod board;
pub mod grid;
pub mod moves;
pub mod rank;

pub use board::Board;
pub use grid::{Grid, Shape};
pub use moves::{Move, Path};
