//! One store for everything the engine looks up instead of searching: the nine 3×3 tables
//! embedded at compile time, the whole-space tables of the other boards of up to 9 cells (built
//! on first use), and the 15-puzzle's pattern databases, from a [`Supply`]: built in memory by
//! default, or read from a cache on disk (`eight::cache::DiskCache`, which the command
//! line uses and a library can use the same way). Engines made [like](super::Engine::like)
//! another share its store, so a table or a database is built once for all their threads.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use super::detours::{Detours, Keeper, Machines};
use super::pdb::{Family, Memory, Supply};
use super::small::SmallTables;
use super::square3::Tables;
use crate::puzzle::board::Shape;

/// What the engine looks up; see the module's documentation.
pub struct Store {
    /// The nine 3×3 tables, over the bytes embedded in the binary.
    tables: Tables,
    /// The tables of the other shapes of up to 9 cells.
    pub(super) small: SmallTables,
    /// Where 4×4 searches get their pattern databases.
    pub(super) databases: Arc<dyn Supply>,
    /// The nodes each weaker guide has spent under the automatic choice of databases (linear
    /// conflicts first, then each family by [`Family::ALL`]'s order): what pays for building
    /// stronger ones (`ESCALATE`, `ESCALATE_24` and `ESCALATE_24_MAX` in `engine/databases.rs`).
    spent: [AtomicU64; Family::ALL.len() + 1],
    /// The duplicate-path machines of IDA*'s searches, and what their searches have spent; read
    /// from and kept by the supply of the databases when it keeps them (the disk cache).
    machines: Arc<Machines>,
}

impl Store {
    /// A store whose pattern databases come from `databases`.
    ///
    /// ```no_run
    /// use std::sync::Arc;
    /// use eight::solve::{Engine, Store};
    /// use eight::cache::DiskCache;
    /// // the databases eight's command line caches, read from the same folder
    /// let cache = DiskCache::in_folder(DiskCache::folder());
    /// let engine = Engine::default().with_store(Arc::new(Store::new(Arc::new(cache))));
    /// ```
    pub fn new(databases: Arc<dyn Supply>) -> Store {
        Store {
            tables: Tables::default(),
            small: SmallTables::default(),
            machines: Arc::new(Machines::kept_by(Arc::new(Keeping(databases.clone())))),
            databases,
            spent: Default::default(),
        }
    }

    /// The nodes the run's searches guided by the tables of `weak` (linear conflicts if `None`)
    /// have spent under the automatic choice, on their way to stronger ones.
    pub(super) fn spent_on(&self, weak: Option<Family>) -> &AtomicU64 {
        let index = weak.map_or(0, |kind| {
            1 + Family::ALL
                .iter()
                .position(|&family| family == kind)
                .expect("every family is in Family::ALL")
        });
        &self.spent[index]
    }

    /// The nine 3×3 tables, embedded in the binary (a store reads the same bytes as every
    /// other).
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The duplicate-path machines its IDA* searches build and pay for.
    pub(crate) fn machines(&self) -> &Arc<Machines> {
        &self.machines
    }

    /// Where its pattern databases come from.
    pub fn databases(&self) -> &Arc<dyn Supply> {
        &self.databases
    }
}

impl Default for Store {
    /// A store whose pattern databases are built in memory when first needed, kept for the
    /// life of the store (an engine [like](super::Engine::like) another shares them).
    fn default() -> Store {
        Store::new(Arc::new(Memory::new()))
    }
}

/// The machines' keeper of a store: its supply's, if the supply keeps machines.
struct Keeping(Arc<dyn Supply>);

impl Keeper for Keeping {
    fn kept_machine(&self, shape: Shape) -> Option<Arc<Detours>> {
        self.0.keeper()?.kept_machine(shape)
    }

    fn keep_machine(&self, machine: &Detours) {
        if let Some(keeper) = self.0.keeper() {
            keeper.keep_machine(machine);
        }
    }
}
