//! A partition with its tables, ready to guide a search: the evaluator whose heuristic is a
//! [`Lookup`], and the one place that chooses which lookup a partition takes.

use std::sync::Arc;

use super::dual::Dual;
use super::lookup::{Lookup, FRAMES};
use super::wide::Wide;
use super::{Partition, Pdb, SEVEN_VIEWS};
use crate::puzzle::board::Board;
use crate::solve::heuristic::Evaluator;
use crate::solve::report::Method;

/// A partition with its tables, ready: the evaluator of [`Lookup`]; `ADDRESSED` when its
/// patterns index their entries by address, `VIEWS` its splits times the two frames.
pub struct Loaded<const ADDRESSED: bool = false, const VIEWS: usize = 2> {
    partition: Partition,
    tables: Vec<Arc<Pdb>>,
    /// For the dual lookup: the family's partition and tables of every class, or none.
    duals: Vec<(Partition, Vec<Arc<Pdb>>)>,
}

impl Loaded {
    /// `partition` (one split) with `tables` (ranked), one for each of its tables, in order.
    pub fn new(partition: Partition, tables: Vec<Arc<Pdb>>) -> Loaded {
        Loaded::ranked(partition, tables)
    }
}

impl<const VIEWS: usize> Loaded<false, VIEWS> {
    /// `partition` with `tables` (ranked), one for each of its tables, in order; `VIEWS` is
    /// twice its splits.
    pub fn ranked(partition: Partition, tables: Vec<Arc<Pdb>>) -> Loaded<false, VIEWS> {
        assert_eq!(tables.len(), partition.tables.len(), "a table for each");
        assert_eq!(
            partition.splits.len() * FRAMES,
            VIEWS,
            "a view a split and frame"
        );
        Loaded {
            partition,
            tables,
            duals: Vec::new(),
        }
    }
}

impl Loaded<true> {
    /// `partition` with `tables` (addressed), one for each of its tables, in order.
    pub fn addressed(partition: Partition, tables: Vec<Arc<Pdb>>) -> Loaded<true> {
        assert_eq!(tables.len(), partition.tables.len(), "a table for each");
        Loaded {
            partition,
            tables,
            duals: Vec::new(),
        }
    }
}

impl<const ADDRESSED: bool, const VIEWS: usize> Loaded<ADDRESSED, VIEWS> {
    /// The same, with the dual lookup of a 4×4 goal (the `dual` module) from `classes`: the family's
    /// partition (of one split) and tables for each class of the board.
    pub fn with_duals(mut self, classes: Vec<(Partition, Vec<Arc<Pdb>>)>) -> Self {
        self.duals = classes;
        self
    }
}

/// What is done with a partition's tables once loaded, whichever lookup they take: the one
/// place that chooses it is [`Loaded::with`].
pub trait UseLoaded {
    /// What it makes.
    type Out;

    /// Makes it of `loaded` (a [`Loaded`], or a [`Wide`] on boards of more than 25 cells).
    fn with<E: Evaluator + 'static>(self, loaded: E) -> Self::Out;
}

impl Loaded {
    /// `partition` with `tables`, one for each of its tables, in order, and the dual lookup's
    /// `classes` (ignored by a partition of several splits), in the lookup that suits them
    /// (addressed, ranked of one split, ranked of [`SEVEN_VIEWS`], or on boards of more than 25
    /// cells a [`Wide`] one), handed to `user`.
    pub fn with<U: UseLoaded>(
        partition: Partition,
        tables: Vec<Arc<Pdb>>,
        classes: Vec<(Partition, Vec<Arc<Pdb>>)>,
        user: U,
    ) -> U::Out {
        if partition.side > 5 {
            return user.with(Wide::new(partition, tables));
        }
        match (partition.is_addressed(), partition.splits.len()) {
            (true, _) => user.with(Loaded::addressed(partition, tables).with_duals(classes)),
            (false, 1) => user.with(Loaded::new(partition, tables).with_duals(classes)),
            (false, _) => user.with(Loaded::<false, SEVEN_VIEWS>::ranked(partition, tables)),
        }
    }
}

impl<const ADDRESSED: bool, const VIEWS: usize> Evaluator for Loaded<ADDRESSED, VIEWS> {
    type Heuristic<'a> = Lookup<'a, ADDRESSED, VIEWS>;

    fn heuristic<'a>(&'a self, start: &Board, goal: &Board) -> Lookup<'a, ADDRESSED, VIEWS> {
        let tables: Vec<&Pdb> = self.tables.iter().map(|table| &**table).collect();
        let mut lookup = Lookup::with(&self.partition, &tables, start, goal);
        if !self.duals.is_empty() {
            let classes: Vec<(&Partition, Vec<&Pdb>)> = (self.duals.iter())
                .map(|(partition, tables)| (partition, tables.iter().map(|t| &**t).collect()))
                .collect();
            lookup.dual = Dual::new(&classes, goal);
        }
        lookup
    }

    fn method(&self) -> Method {
        match self.duals.is_empty() {
            true => Method::Pdb(self.partition.family),
            false => Method::Dual(self.partition.family),
        }
    }
}
