//! `eight-app`: the use-cases of eight, above its library (`eight`: the boards, the solvers and
//! the formats) and below the command line (`eight-cli`): the answer stream, the checker shared
//! by `batch`, `check` and `judge`, test data and stress files, the drawn solution, the
//! histogram of distances, the units of a search spread over machines, and the lab's protocol.
//! Each takes the library's values and a writer; none reads a flag, a file it was not handed, or
//! the clock of the system, so the crate builds for the browser too.

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
