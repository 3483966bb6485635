//! The judges' formats, beside the solvers and above the puzzle: reading cases from text with
//! located errors, each judge's description, and the answers as the judges spell them.

pub mod answer;
pub mod cases;
mod fault;
pub mod judge;
pub mod layout;
pub mod notation;
pub mod place;
mod scan;
pub mod write;

pub use answer::Answer;
pub use cases::{Case, Cases, Item};
pub use judge::Judge;
pub use place::{InputError, Origin, Place};
