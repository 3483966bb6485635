//! The options every solving command shares (how the engine answers, how it reports), and the
//! pattern-database families they name, parsed from the library's catalogue.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use eight::format::Judge;
use eight::puzzle::Shape;
use eight::solve::pdb::Family;
use eight::solve::{Bounds, Estimate, Guide, Request, Small};
use std::time::Duration;

use super::algo::{algorithm_help, algorithm_parser, estimate_help, estimate_parser, Algo};
use super::{arguments, quantities, unit};

/// The options every solving command shares.
#[derive(clap::Args, Debug)]
pub(super) struct EngineArgs {
    /// One JSON object a line per case instead of the judge's format
    ///
    /// Malformed cases included. A count's search stops at the first shortest path: its record's
    /// path is null, the distance given.
    #[arg(long)]
    pub(super) json: bool,
    /// What each case's search did, on standard error, and a summary
    ///
    /// Per case: the algorithm, boards expanded and generated, the largest frontier and the time;
    /// a summary at the end. With --json, fields of each record.
    #[arg(long)]
    pub(super) stats: bool,
    /// What answers the boards
    #[arg(long, value_name = "ALGO", default_value = "auto", value_parser = algorithm_parser(),
          hide_possible_values = true, long_help = algorithm_help())]
    pub(super) algo: Algo,
    /// The estimate of the textbook astar and idastar [default: manhattan]
    #[arg(long, value_name = "ESTIMATE", value_parser = estimate_parser(), hide_possible_values = true,
          long_help = estimate_help())]
    pub(super) heuristic: Option<Estimate>,
    /// The boards' size, W columns by H rows (4x4, 2x3)
    ///
    /// Boards of more than 9 cells take one number a cell.
    #[arg(long, value_name = "WxH")]
    pub(super) size: Option<Shape>,
    /// The most nodes an optimal search may expand on a case
    ///
    /// The optimal search of a board of more than 9 cells; past it the case is an error (--fast
    /// answers it instead).
    /// [default: 500000000 on 4x4; 50000000 on other sizes up to 25 cells, fewer in proportion on
    /// larger ones: some seconds]
    #[arg(long, value_name = "NODES", value_parser = arguments::parse_nodes)]
    pub(super) max_nodes: Option<u64>,
    /// Where the shortest is out of reach, any path, and its lower bound
    ///
    /// Every solvable board of every size gets a legal path at once (5x5 to 7x7 in about a second,
    /// 16x16 in seconds), not necessarily the shortest, shortened in one pass on boards of up to 70
    /// cells; --json says `"optimal"` and gives `"lower_bound"` and `"within"` (the length over the
    /// bound), --stats the bound and the ratio. Boards solved optimally at once (up to 9 cells, most
    /// 4x4) keep their optimal path.
    #[arg(long)]
    pub(super) fast: bool,
    /// With --fast: go on shortening the path for this long (10s, 1m, 500ms)
    ///
    /// On boards of up to 70 cells (5x5 to 8x8), with wider beams, optimal searches of its stretches
    /// and of its last moves; then it prints the best found and (--json, --stats) the lower bound it
    /// proved. Without it, --fast makes one pass of each, within fixed budgets (the same path on every
    /// machine).
    #[arg(long, value_name = "TIME", value_parser = quantities::parse_time)]
    pub(super) time: Option<Duration>,
    /// A path proved at most W times the shortest (1.2; implies --fast)
    ///
    /// A weighted search with an admissible estimate proves it, keeping up to 20 million boards (some
    /// 3 GB: 2.75 GB measured on 6x6) or --max-nodes; a case it does not prove in that (or in --time)
    /// is an error that says the factor it did prove. --json gives `"lower_bound"` and `"within"`, the
    /// proved factor.
    #[arg(long, value_name = "W", value_parser = parse_within)]
    pub(super) within: Option<u32>,
    /// Threads that solve boards of more than 9 cells
    ///
    /// Several cases side by side (64 cases a thread are read ahead, and the answers still come
    /// in order), or one board's search shared out: a shortest path past 4x4 has every thread
    /// on one case at a time.
    #[arg(short, long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(super) jobs: u16,
    /// Pattern databases of optimal 4x4 to 7x7 searches
    #[arg(long, value_name = "FAMILY", default_value = "auto", value_parser = databases_parser(),
          hide_possible_values = true, long_help = databases_help())]
    pub(super) pdb: PdbChoice,
    /// Resume an optimal search at this IDA* bound
    ///
    /// Boards of more than 9 cells are searched from this bound on, not from the heuristic's
    /// estimate: a long run resumed at the bound it had reached (a run of
    /// more than ten seconds says each bound it finished on standard error). With --part, the one
    /// bound a unit searches. It takes the strong databases at once (7-8 on 4x4, 6-6-6-6 on 5x5, as
    /// --pdb says: built into the cache first if they are not there, some minutes). At most 1000 (no
    /// board an optimal search finishes lies farther); not with --fast, --within or --time.
    #[arg(long, value_name = "B", conflicts_with_all = ["fast", "within", "time"],
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MOST_BOUND)))]
    pub(super) bound: Option<u32>,
    /// One unit of a search spread over machines, for `eight merge`
    ///
    /// The K-th of N shares of the IDA* iteration at --bound (K/N:FROM-TO: as `merge --even` cut it),
    /// written as a JSON record (no node budget unless --max-nodes); see the guide's chapter Many
    /// machines (docs/src/cluster.md).
    #[arg(long, value_name = "K/N", requires_all = ["bound", "json"],
          conflicts_with_all = ["fast", "within", "time"],
          value_parser = unit::parse_part)]
    pub(super) part: Option<unit::Part>,
}

/// Whether the databases asked for (`--pdb`) serve `judge`'s boards: a family of another size is
/// a usage error, not a silent fallback (boards that give their own size are not checked).
pub(super) fn databases_fit(judge: &Judge, databases: PdbChoice) -> clap::error::Result<()> {
    let serves = match databases.0 {
        None => return Ok(()),
        Some(kind) => Shape::square(kind.side()),
    };
    if judge.sided() || judge.shape == serves {
        return Ok(());
    }
    let dual = if databases.1 { "+dual" } else { "" };
    let kind = databases.0.map_or("auto".to_string(), Family::name) + dual;
    Err(clap::Error::raw(
        clap::error::ErrorKind::ValueValidation,
        format!(
            "--pdb {kind} serves {serves} boards, not {}: leave it out (auto) or give --size {serves}\n",
            judge.shape
        ),
    ))
}

/// The pattern databases asked for: a family, or `None` for the automatic choice; and whether
/// with the dual lookup.
#[derive(Clone, Copy, Debug)]
pub(super) struct PdbChoice(pub(super) Option<Family>, pub(super) bool);

/// The families of the library's catalogue ([`Family::ALL`]), a line each with what it is.
pub(super) fn families() -> String {
    Family::ALL
        .iter()
        .map(|family| format!("- {}: {}", family.name(), family.about()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `--pdb`'s long help: the families, then what `+dual` and `auto` do.
fn databases_help() -> String {
    format!(
        "Pattern databases of optimal 4x4 to 7x7 searches\n\n{}\n\n`+dual` (4x4): each board \
         looked up in its dual too (half the nodes, slower). `auto`: what is cached (7-8 before \
         7-8z); else on 4x4 6-6-3, then 7-8 built once the searches spent 4 billion nodes, and on \
         5x5 linear conflicts, then 6-6-6-6 built after 50 million and 6-6-6-6x7z after 7.5 \
         billion (the guide's 15- and 24-puzzle chapters); on 6x6 and 7x7 35-5 and 48-5 when \
         cached, never built by a search. The families past 4x4 serve goals with the blank in a \
         corner. Kept in $EIGHT_CACHE_DIR, else ~/.cache/eight: see `eight cache`.",
        families()
    )
}

/// Parses a family of pattern databases (a 4×4 one with `+dual`), or `auto`.
pub(super) fn databases_parser() -> impl TypedValueParser<Value = PdbChoice> {
    let names = std::iter::once("auto".to_string()).chain(Family::ALL.map(Family::name));
    let duals = Family::ALL
        .into_iter()
        .filter(|family| family.side() == 4)
        .map(|family| format!("{family}+dual"));
    PossibleValuesParser::new(names.chain(duals)).map(|name| {
        let (name, dual) = name
            .strip_suffix("+dual")
            .map_or((&*name, false), |n| (n, true));
        PdbChoice(Family::named(name), dual)
    })
}

/// The highest `--bound`: above every optimal distance a search can finish (80 moves on 4×4, at
/// most 205 on 5×5), and far below the depth that would overflow a thread's stack (IDA*'s
/// depth-first search recurses once a move: 30,000 moves held on the main thread, 100,000 did not).
const MOST_BOUND: u32 = 1000;

impl EngineArgs {
    /// Whether the flags that skip or bound proof go with `--algo`: the textbook searches
    /// (`bfs`, `astar`, `idastar`) always give the shortest path and take none of them, so a run
    /// that asks for both is refused, never answered as if one of them had been heeded.
    pub(super) fn claims_fit(&self) -> clap::error::Result<()> {
        use eight::solve::Small;
        let Algo::Small(Small::Bfs | Small::Astar | Small::Idastar) = self.algo else {
            return Ok(());
        };
        let given = [
            (self.fast, "--fast"),
            (self.within.is_some(), "--within"),
            (self.time.is_some(), "--time"),
            (self.bound.is_some(), "--bound"),
            (self.part.is_some(), "--part"),
        ];
        let Some((_, flag)) = given.into_iter().find(|(given, _)| *given) else {
            return Ok(());
        };
        Err(clap::Error::raw(
            clap::error::ErrorKind::ArgumentConflict,
            format!(
                "--algo {} is a textbook search, for comparing: it always gives the shortest path \
                 and takes no {flag} (the engine's, with --algo auto, manhattan, conflicts or pdb)\n",
                self.algo.name()
            ),
        ))
    }

    /// What the flags ask of the engine, in one request: the library's plan decides what
    /// follows from it.
    pub(super) fn request(&self) -> Request {
        let (small, guide) = match self.algo {
            Algo::Auto => (Small::default(), Guide::default()),
            Algo::Small(small) => (small, Guide::default()),
            Algo::Guide(guide) => (Small::default(), guide),
        };
        Request {
            small,
            guide,
            estimate: self.heuristic.unwrap_or_default(),
            databases: self.pdb.0,
            dual: self.pdb.1,
            budget: self.max_nodes,
            jobs: usize::from(self.jobs),
            fast: self.fast,
            within: self.within,
            time: self.time,
            bounds: self.bound.map_or(Bounds::All, Bounds::From),
            timed: self.stats,
        }
    }
}

/// Parses `--within`'s factor, above 1 and at most 10, into hundredths (rounded down, so never
/// looser than asked).
fn parse_within(text: &str) -> Result<u32, String> {
    let factor: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number: a factor like 1.2"))?;
    if !(factor > 1.0 && factor <= 10.0) {
        return Err(format!("{text}: a factor above 1 and at most 10, like 1.2"));
    }
    Ok(((factor * 100.0) + 1e-9).floor() as u32)
}
