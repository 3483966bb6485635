//! One store for everything the engine looks up instead of searching: the nine 3×3 tables
//! embedded at compile time, the whole-space tables of the other boards of up to 9 cells (built
//! on first use), and the 15-puzzle's pattern databases, from a [`Supply`]: built in memory by
//! default, or read from a cache on disk (`eight::tools::cache::DiskCache`, which the command
//! line uses and a library can use the same way). Engines made [like](super::Engine::like)
//! another share its store, so a table or a database is built once for all their threads.

use std::sync::atomic::AtomicU64;
use std::sync::{Arc, OnceLock};

use super::pdb::{Kind, Memory, Supply};
use super::small::SmallTables;
use super::square3::Tables;

/// What the engine looks up; see the module's documentation.
pub struct Store {
    /// The tables of the other shapes of up to 9 cells.
    pub(super) small: SmallTables,
    /// Where 4×4 searches get their pattern databases.
    pub(super) databases: Arc<dyn Supply>,
    /// The nodes each weaker guide has spent under the automatic choice of databases (linear
    /// conflicts first, then each family by [`Kind::ALL`]'s order): what pays for building
    /// stronger ones (the plan's `ESCALATE`, `ESCALATE_24` and `ESCALATE_24_MAX`).
    spent: [AtomicU64; Kind::ALL.len() + 1],
}

impl Store {
    /// A store whose pattern databases come from `databases`.
    ///
    /// ```no_run
    /// use std::sync::Arc;
    /// use eight::solve::{Engine, Store};
    /// use eight::tools::cache::DiskCache;
    /// // the databases eight's command line caches, read from the same folder
    /// let cache = DiskCache::in_folder(DiskCache::folder());
    /// let engine = Engine::default().with_store(Arc::new(Store::new(Arc::new(cache))));
    /// ```
    pub fn new(databases: Arc<dyn Supply>) -> Store {
        Store {
            small: SmallTables::default(),
            databases,
            spent: Default::default(),
        }
    }

    /// The nodes the run's searches guided by the tables of `weak` (linear conflicts if `None`)
    /// have spent under the automatic choice, on their way to stronger ones.
    pub(super) fn spent_on(&self, weak: Option<Kind>) -> &AtomicU64 {
        let index = weak.map_or(0, |kind| {
            1 + Kind::ALL
                .iter()
                .position(|&family| family == kind)
                .expect("every family is in Kind::ALL")
        });
        &self.spent[index]
    }

    /// The nine 3×3 tables, embedded in the binary: the same for every store, made once for the
    /// whole process.
    pub fn tables(&self) -> &'static Tables {
        Tables::embedded()
    }

    /// Where its pattern databases come from.
    pub fn databases(&self) -> &Arc<dyn Supply> {
        &self.databases
    }
}

impl Default for Store {
    /// A store whose pattern databases are built in memory when first needed, once for the
    /// whole process.
    fn default() -> Store {
        static MEMORY: OnceLock<Arc<Memory>> = OnceLock::new();
        let memory = MEMORY.get_or_init(|| Arc::new(Memory::new()));
        Store::new(memory.clone())
    }
}
