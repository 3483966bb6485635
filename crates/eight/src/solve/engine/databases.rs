//! Which pattern databases serve a goal, for the plan: those `--pdb` names, or the best cached
//! family, or a weaker guide rented until the run's work pays for building stronger ones (the
//! rule of ski rental, with the thresholds below); and what the judge fetches before it runs
//! anything.

use super::Settings;
use crate::puzzle::board::{Board, Shape};
use crate::solve::catalog::Guide;
use crate::solve::control::Control;
use crate::solve::pdb::{Class, Family, Partition};
use crate::solve::report::Small;
use crate::solve::search::Bounds;
use crate::solve::small;

/// The nodes a 4×4 search spends with linear conflicts before it fetches pattern databases that
/// are not ready: about a tenth of a second (0.08 s for `eight steps --size 4x4 --max-nodes
/// 1000000` on a board past it, with no cache), against the seconds of a build, so that a
/// shallow board (LightOJ's 35 moves) never waits for one.
pub const PROBE: u64 = 1_000_000;

/// The nodes `--fast` lets the optimal search of a 4×4 board spend before it takes the beam's
/// path instead: with the databases, enough for most of Korf's 100 (their median is some
/// 100,000), a tenth of a second at most.
pub const FAST_PROBE: u64 = 2_000_000;

/// The same for the other sizes, where linear conflicts are all IDA* has: enough for shallow
/// boards, some 10 ms (on a random 5×5 board the probe never ends, and 2,000,000 nodes cost a
/// quarter of `--fast`'s time).
pub const FAST_PROBE_OTHERS: u64 = 200_000;

/// The nodes that 6-6-3 searches may spend in all, under the automatic choice, between two looks
/// for the 7-8 databases in the cache, when they were not there at the start of the search (a
/// run elsewhere may be building them): about what reading them costs in searching time (0.07 s
/// for 288 MB, some 20 million 6-6-3 nodes a second). Databases already cached answer every
/// board they serve.
pub const LOAD: u64 = 2_000_000;

/// The nodes that 6-6-3 searches may spend in all, under the automatic choice, before the 7-8
/// databases are built: about what the build costs in searching time (four minutes on two cores
/// here). The rule of ski rental: never more than twice the cost of the best choice made knowing
/// the run's work in advance.
pub const ESCALATE: u64 = 4_000_000_000;

/// The same on 5×5 for linear conflicts before the 6-6-6-6 databases are built (70 s on two
/// cores here, where linear conflicts search some 7 million nodes a second): what a 5×5 search
/// spends today before it gives up ([`super::DEFAULT_BUDGET_OTHERS`]), so a board that linear
/// conflicts answer in seconds never waits for the build, and a deep one gets the databases
/// without being asked.
pub const ESCALATE_24: u64 = 50_000_000;

/// The nodes that the run's 6-6-6-6 searches (or 6-6-6-6z's) may spend, under the automatic
/// choice, before the 6-6-6-6x7z databases are built and take over: about what the build costs
/// in searching time, the rule of ski rental again. The build takes 9 min 45 s on two cores
/// here, 1,170 core-seconds, in which 6-6-6-6 searches some 7.7 G nodes (6.6 M a second a core:
/// Korf and Felner's eight easiest, 3.64 G nodes in 553 s of searches). With those databases the
/// eight take 364 M nodes.
pub const ESCALATE_24_MAX: u64 = 7_500_000_000;

/// Which pattern databases serve an optimal search towards a goal.
pub(super) enum Databases {
    /// None: linear conflicts.
    None,
    /// The tables of a partition.
    Tables(Partition),
    /// A weaker guide (the tables of `weak`, or linear conflicts when `None`) until the run's
    /// searches with it have spent `build` nodes, and pay for building the tables of `strong`
    /// (looked for again every `load` nodes, if a run elsewhere makes them); and `strong` in turn
    /// until its searches have spent the nodes `then` gives, which pay for the tables it names.
    Rent {
        weak: Option<Partition>,
        strong: Partition,
        load: u64,
        build: u64,
        then: Option<(Partition, u64)>,
    },
}

/// The families `auto` searches with when they are cached, best first, before `strong` (the
/// family it rents towards when nothing is cached), each with the family it makes way for once
/// the run's searches with it pay for that one's build (`None`: the best there is). Measured (the
/// guide's performance tables): on 4×4, 7-8 is the fastest in time (Korf's 100: 462 ms, 7-8z 722 ms, 7-8+dual
/// 575 ms, 7-8z+dual 1.12 s, most of it reading the tables), so 7-8z only where 7-8 is not
/// cached; on 5×5, 6-6-6-6x7z (Korf and Felner's eight easiest: 364 M nodes in 182 s, where
/// 6-6-6-6 takes 3.6 G), and the one-split families until it pays. The plain 6-6-6-6x7 is not
/// among them: slower than its zero-aware catalogue, and its tables hold 6-6-6-6's.
pub(super) fn cached_choices(strong: Family) -> &'static [(Family, Option<Family>)] {
    const BEST_24: Option<Family> = Some(Family::TWENTY_FOUR_MAX_Z);
    match strong {
        Family::SEVEN_EIGHT => &[(Family::SEVEN_EIGHT, None), (Family::SEVEN_EIGHT_Z, None)],
        Family::TWENTY_FOUR => &[
            (Family::TWENTY_FOUR_MAX_Z, None),
            (Family::TWENTY_FOUR, BEST_24),
            (Family::TWENTY_FOUR_Z, BEST_24),
        ],
        _ => &[],
    }
}

/// Whether a family has the dual lookup (`pdb::dual`): the 4×4 families, whose every class has
/// tables.
pub(super) fn has_dual(family: Family) -> bool {
    family.side() == 4
}

/// Fetches now (reads, or builds) the databases an optimal search towards `goal` would start
/// with under `settings`, stopped as `control` asks; nothing for a goal of up to 9 cells or one
/// no database serves. What a search fetches later (a family it makes way for) stays unfetched.
pub(super) fn prepare(settings: &Settings, goal: &Board, control: &Control) {
    let guided = matches!(settings.guide, Guide::Auto | Guide::Pdb);
    if goal.cells().len() <= small::MAX_CELLS || !guided || settings.small != Small::Table {
        return;
    }
    let first = match settings.databases_for(goal) {
        Databases::Tables(partition) => partition,
        Databases::Rent {
            weak: Some(weak), ..
        } => weak,
        Databases::Rent { weak: None, .. } | Databases::None => return,
    };
    settings.store.databases().tables(&first, control);
}

impl Settings {
    /// The family of databases asked for towards `goal`: the one named, and on 5×5 to 7×7,
    /// where pattern databases are asked for without a family, the size's (built if need be).
    pub(super) fn databases_asked(&self, goal: &Board) -> Option<Family> {
        match self.guide {
            Guide::Pdb => self.databases.or(sized(goal.shape())),
            _ => self.databases,
        }
    }

    /// The databases that serve an optimal search towards `goal`: those asked for (`--pdb`), or
    /// the family that suits the goal and what is cached (looked at, not read).
    pub(super) fn databases_for(&self, goal: &Board) -> Databases {
        let supply = &**self.store.databases();
        let corner = in_corner(goal);
        match (goal.shape(), self.databases_asked(goal)) {
            (Shape::SQUARE4, Some(family)) if family.side() == 4 => {
                Databases::Tables(Partition::of(family, Class::of(goal.blank())))
            }
            (Shape::SQUARE4, Some(_)) => {
                Databases::Tables(Partition::six_six_three(Class::of(goal.blank())))
            }
            // the 24-, 35- and 48-puzzle's families serve goals with the blank in a corner;
            // another goal is searched with linear conflicts, as optimally
            (shape, Some(family)) if shape == Shape::square(family.side()) && family.side() > 4 => {
                match corner {
                    true => Databases::Tables(Partition::of(family, Class::Corner)),
                    false => Databases::None,
                }
            }
            // on 6×6 and 7×7, the family cached (built by `eight cache build` alone: minutes)
            (shape, None) if shape.cells() > 25 && sized(shape).is_some() => {
                let family = sized(shape).expect("a family of the size");
                let partition = Partition::of(family, Class::Corner);
                // a shared search's units never depend on what a machine's cache holds
                let own = matches!(self.bounds, Bounds::All);
                match corner && own && supply.cached_tables(&partition) {
                    true => Databases::Tables(partition),
                    false => Databases::None,
                }
            }
            // the best databases cached, else rented
            _ => {
                let renting = self.renting(goal);
                let Databases::Rent { strong, .. } = &renting else {
                    return renting;
                };
                // a shared search's units take the plain family: their records must not depend
                // on what a machine's cache holds
                let choices = match self.bounds {
                    Bounds::All => cached_choices(strong.family),
                    _ => &[],
                };
                let class = Class::of(strong.blank);
                let plain = std::iter::once((strong.family, None));
                let found = (choices.iter().copied().chain(plain))
                    .map(|(family, then)| (Partition::of(family, class), then))
                    .find(|(partition, _)| supply.cached_tables(partition));
                match found {
                    None => renting,
                    Some((partition, None)) => Databases::Tables(partition),
                    // cached, and making way for stronger ones once they pay
                    Some((partition, Some(stronger))) => Databases::Rent {
                        weak: Some(partition),
                        strong: Partition::of(stronger, class),
                        load: ESCALATE_24_MAX,
                        build: ESCALATE_24_MAX,
                        then: None,
                    },
                }
            }
        }
    }

    /// The automatic choice towards `goal` while its strong databases are not to be had without
    /// a build: on 4×4, 6-6-3 until the run's work pays for building 7-8; on 5×5 with the goal's
    /// blank in a corner, linear conflicts until it pays for building 6-6-6-6 (a minute or
    /// more); elsewhere none.
    pub(super) fn renting(&self, goal: &Board) -> Databases {
        match goal.shape() {
            Shape::SQUARE4 => {
                let class = Class::of(goal.blank());
                Databases::Rent {
                    weak: Some(Partition::six_six_three(class)),
                    strong: Partition::seven_eight(class),
                    load: LOAD,
                    build: ESCALATE,
                    then: None,
                }
            }
            Shape::SQUARE5 if in_corner(goal) => Databases::Rent {
                weak: None,
                strong: Partition::twenty_four(),
                load: ESCALATE_24,
                build: ESCALATE_24,
                then: Some((
                    Partition::of(Family::TWENTY_FOUR_MAX_Z, Class::Corner),
                    ESCALATE_24_MAX,
                )),
            },
            _ => Databases::None,
        }
    }

    /// Whether `--fast`'s probe may search with databases (ready, or quick to build).
    pub(super) fn ready_for_fast(&self, goal: &Board) -> bool {
        match self.databases_for(goal) {
            Databases::None => false,
            // built in seconds
            Databases::Rent { weak, .. } => weak.is_some(),
            Databases::Tables(partition) => {
                partition.family == Family::SIX_SIX_THREE
                    || self.store.databases().ready_tables(&partition).is_some()
            }
        }
    }
}

/// Whether the blank of `goal` (a square's) is in a corner.
fn in_corner(goal: &Board) -> bool {
    let shape = goal.shape();
    let (side, last) = (usize::from(shape.width), usize::from(shape.width) - 1);
    let (row, column) = (goal.blank() / side, goal.blank() % side);
    (row == 0 || row == last) && (column == 0 || column == last)
}

/// The family of a 5×5, 6×6 or 7×7 board: what `--algo pdb` asks for there.
fn sized(shape: Shape) -> Option<Family> {
    match shape {
        Shape::SQUARE5 => Some(Family::TWENTY_FOUR),
        shape if shape == Shape::square(6) => Some(Family::THIRTY_FIVE),
        shape if shape == Shape::square(7) => Some(Family::FORTY_EIGHT),
        _ => None,
    }
}
