//! The machines of a run: built once each, by shape and depth, when the searches sharing them
//! have spent enough to pay for them, or read from a [`Keeper`] (the disk cache).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::{Detours, PACKED_CELLS};
use crate::puzzle::board::Shape;

/// Where machines are kept between runs (the disk cache): read instead of built.
pub trait Keeper: Send + Sync {
    /// The machine kept for boards of `shape`, if one is (read, never built).
    fn kept_machine(&self, shape: Shape) -> Option<Arc<Detours>>;

    /// Offers a machine a search has built, to keep if it keeps machines of its shape and depth.
    fn keep_machine(&self, machine: &Detours);
}

/// Where a machine is built once, whichever search asks first.
type Slot = OnceLock<Arc<Detours>>;

/// The machines an engine's searches have built, by shape and depth, each built once when first
/// asked, and the nodes those searches have spent, by shape: what pays for them. An engine's
/// store holds its own (engines share it only by sharing the store), so a search's nodes
/// depend on the searches its engine ran before, never on another engine's. Machines with a
/// [`Keeper`] read the one it keeps for a shape instead of building it, and offer it those
/// their searches paid to build.
#[derive(Default)]
pub struct Machines {
    machines: Mutex<HashMap<(Shape, u32), Arc<Slot>>>,
    spent: Mutex<HashMap<Shape, u64>>,
    /// Where machines are kept between runs.
    keeper: Option<Arc<dyn Keeper>>,
    /// The depth of the machine `keeper` kept for each shape looked for (0: none), read once.
    kept: Mutex<HashMap<Shape, u32>>,
}

impl Machines {
    /// Machines read from `keeper` when it keeps them, and offered to it when built.
    pub fn kept_by(keeper: Arc<dyn Keeper>) -> Machines {
        Machines {
            keeper: Some(keeper),
            ..Machines::default()
        }
    }

    /// Where the machine of `depth` for `shape` is, or will be, kept in memory.
    fn slot(&self, shape: Shape, depth: u32) -> Arc<Slot> {
        let mut machines = self.machines.lock().expect("no panic");
        machines.entry((shape, depth)).or_default().clone()
    }

    /// The machine of `depth` for `shape`, built if need be (and then offered to the keeper).
    pub fn get(&self, shape: Shape, depth: u32) -> Arc<Detours> {
        // built outside the lock: another shape's search need not wait for it
        let slot = self.slot(shape, depth);
        slot.get_or_init(|| {
            let machine = Arc::new(Detours::new(shape, depth));
            if let Some(keeper) = &self.keeper {
                keeper.keep_machine(&machine);
            }
            machine
        })
        .clone()
    }

    /// The depth of the machine the keeper keeps for `shape`, read into memory the first time
    /// (0 if it keeps none).
    fn kept(&self, shape: Shape) -> u32 {
        let Some(keeper) = &self.keeper else {
            return 0;
        };
        // held while the file is read: the other threads of the run want the same machine
        let mut kept = self.kept.lock().expect("no panic");
        *kept.entry(shape).or_insert_with(|| {
            let Some(machine) = keeper.kept_machine(shape) else {
                return 0;
            };
            let depth = machine.depth();
            let _ = self.slot(shape, depth).set(machine);
            depth
        })
    }

    /// The depth of the deepest machine built for `shape` (0 if none).
    fn deepest(&self, shape: Shape) -> u32 {
        let built = self.machines.lock().expect("no panic");
        built
            .iter()
            .filter(|((of, _), slot)| *of == shape && slot.get().is_some())
            .map(|((_, depth), _)| *depth)
            .max()
            .unwrap_or(0)
    }

    /// The nodes the searches of boards of `shape` have spent, with `more`.
    fn spend(&self, shape: Shape, more: u64) -> u64 {
        let mut spent = self.spent.lock().expect("no panic");
        let spent = spent.entry(shape).or_default();
        *spent += more;
        *spent
    }
}

/// The machines a search uses, by the nodes the searches of the shape sharing them have spent:
/// (nodes a cell, depth). Each is built once for an engine's store when they have spent enough
/// to pay for it (its build, on two cores: 4×4 depth 12 0.02 s, depth 14 0.08 s; 5×5 depth 12
/// 0.08 s, depth 14 0.6 s), and used from the next iteration on. A deeper machine cuts more: Korf
/// & Felner's #40 with 6-6-6-6z, 10.5 M nodes with the move back alone, 6.9 M with depth 12,
/// 6.3 M with 14, 5.8 M with 16; #25, 142.8 M nodes in 29.3 s, 91.3 M in 21.1 s with 14, and 16
/// took as long as 14 (its build: 5 s and 0.4 GB; 1.6 M states where 14 has 0.33 M).
const SCHEDULE: [(u64, u32); 3] = [(0, 0), (5_000, 12), (200_000, 14)];

/// Boards of more than 16 cells (and at most [`PACKED_CELLS`]) take a machine of 16 too, once
/// their searches have spent this many nodes a cell (300 M on 5×5, some three minutes): its
/// build, 7 s on two cores, is paid back there, where a node is dear. With 6-6-6-6x7z, 16 cut #44's
/// nodes 7 % below 14's (16.10 M against 17.25 M) and its time 17 % (9.7 s against 11.7 s, a
/// run each, both read from the cache); on 4×4 it cut Korf's 100 by 1.2 % and took longer.
const DEEP: (u64, u32) = (12_000_000, 16);

/// The cells above which a board takes [`DEEP`].
const DEEP_ABOVE: usize = 16;

/// Boards of more cells than [`PACKED_CELLS`] take machines of at most this depth: their boards
/// are keyed by all their bytes, slower to hash.
const LARGE_DEPTH: u32 = 10;

impl Machines {
    /// The machine the next iteration of a search of a board of `shape` uses, the search
    /// having spent `more` nodes since it last asked: the deepest these machines' searches of
    /// the shape have paid for (`SCHEDULE`), or a deeper one built already (a search's nodes so
    /// depend on the searches before it that shared the machines, never its path); with
    /// `deepest`, the deepest at once.
    pub fn worth(&self, shape: Shape, more: u64, deepest: bool) -> Arc<Detours> {
        let (spent, cells) = (self.spend(shape, more), shape.cells() as u64);
        let paid = |&&(nodes, _): &&(u64, u32)| deepest || spent >= nodes * cells;
        let large = shape.cells() > PACKED_CELLS;
        let deep = (shape.cells() > DEEP_ABOVE && !large).then_some(&DEEP);
        let depth = match (SCHEDULE.iter().chain(deep))
            .filter(paid)
            .map(|&(_, d)| d)
            .max()
        {
            // a large board's only machine costs as much as a small one's deepest
            Some(_) if large && !paid(&&SCHEDULE[SCHEDULE.len() - 1]) => 0,
            Some(depth) if large => depth.min(LARGE_DEPTH),
            depth => depth.unwrap_or(0),
        };
        // a kept machine is read as soon as a machine pays at all: reading costs less than the
        // first one's build
        let kept = if depth > 0 { self.kept(shape) } else { 0 };
        self.get(shape, depth.max(kept).max(self.deepest(shape)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machines_are_built_once_and_deepened_as_searches_pay() {
        let shape = Shape::new(3, 5).expect("a shape");
        let machines = Machines::default();
        assert_eq!(machines.worth(shape, 0, false).depth(), 0);
        assert!(Arc::ptr_eq(
            &machines.get(shape, 8),
            &machines.get(shape, 8)
        ));
        // the deepest built is used from then on
        assert_eq!(machines.worth(shape, 0, false).depth(), 8);
        // a search that asks for the deepest at once gets it; so does every later one
        let deepest = SCHEDULE[SCHEDULE.len() - 1].1;
        assert_eq!(machines.worth(shape, 0, true).depth(), deepest);
        assert_eq!(machines.worth(shape, 0, false).depth(), deepest);
        // other machines have paid for nothing
        assert_eq!(Machines::default().worth(shape, 0, false).depth(), 0);
    }

    /// A keeper of one machine, that hears of those built.
    #[derive(Default)]
    struct Keeping {
        kept: Option<Arc<Detours>>,
        heard: Mutex<Vec<(Shape, u32)>>,
    }

    impl Keeper for Keeping {
        fn kept_machine(&self, shape: Shape) -> Option<Arc<Detours>> {
            self.kept.clone().filter(|kept| kept.shape() == shape)
        }

        fn keep_machine(&self, machine: &Detours) {
            let mut heard = self.heard.lock().expect("no panic");
            heard.push((machine.shape(), machine.depth()));
        }
    }

    #[test]
    fn a_kept_machine_is_read_once_a_machine_pays_and_a_built_one_offered_to_keep() {
        let shape = Shape::new(3, 5).expect("a shape");
        let kept = Arc::new(Detours::new(shape, 13));
        let supply = Arc::new(Keeping {
            kept: Some(kept.clone()),
            ..Keeping::default()
        });
        let machines = Machines::kept_by(supply.clone());
        // nothing read before a machine pays; then the kept one, deeper than the one paid for
        assert_eq!(machines.worth(shape, 0, false).depth(), 0);
        let paid = SCHEDULE[1].0 * shape.cells() as u64;
        assert!(Arc::ptr_eq(&machines.worth(shape, paid, false), &kept));
        assert!(Arc::ptr_eq(&machines.worth(shape, 0, false), &kept));
        // a shape it keeps none of builds as the searches pay, and offers each built to keep
        let other = Shape::new(5, 3).expect("a shape");
        assert_eq!(machines.worth(other, paid, false).depth(), SCHEDULE[1].1);
        let heard = supply.heard.lock().expect("no panic").clone();
        assert_eq!(heard, [(shape, 0), (other, 12)]);
        // a search of more than 16 cells that has spent enough takes the deep machine; a 4×4
        // one never does
        let spent = |shape: Shape| DEEP.0 * shape.cells() as u64;
        let deep = Machines::default();
        assert_eq!(
            deep.worth(Shape::SQUARE4, spent(Shape::SQUARE4), false)
                .depth(),
            14
        );
        let long = Shape::new(3, 6).expect("a shape");
        assert_eq!(deep.worth(long, spent(long) - 1, false).depth(), 14);
        assert_eq!(deep.worth(long, 1, false).depth(), DEEP.1);
    }
}
