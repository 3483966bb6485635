//! The judges' formats, beside the solvers and above the puzzle: reading cases from text with
//! located errors, and each judge's description.

pub mod cases;
pub mod judge;
pub mod pair;
pub mod path;
pub mod place;
mod scan;
pub mod steps;

pub use cases::{Case, Cases, Item};
pub use judge::Judge;
pub use place::{InputError, Origin, Place};
