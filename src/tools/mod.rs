//! The tools, above the solvers and the formats: the answer stream, the checker shared by
//! `batch` and `judge`, test data and stress files, the drawn solution, the histogram of distances and the units
//! of a search spread over machines.

pub mod batch;
#[cfg(all(feature = "cache", unix))]
pub mod cache;
pub mod check;
pub mod find;
#[cfg(feature = "cli")]
pub mod fixtures;
pub mod gen;
pub mod histogram;
pub mod lab;
pub mod page;
pub mod picture;
pub mod play;
pub mod record;
pub mod show;
#[cfg(feature = "cache")]
pub mod staged;
pub mod stream;
pub mod stress;
pub mod unit;
