//! The use-cases of eight, above its library (the solvers and the formats): the answer stream, the checker shared by
//! `batch` and `judge`, test data and stress files, the drawn solution, the histogram of distances and the units
//! of a search spread over machines.

pub mod batch;
pub mod check;
pub mod find;
pub mod gen;
pub mod histogram;
pub mod lab;
pub mod page;
pub mod picture;
pub mod play;
pub mod record;
pub mod show;
pub mod stream;
pub mod stress;
pub mod unit;
