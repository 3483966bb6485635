//! `--fast` as a search: an optimal probe within a small budget, and where it does not end,
//! `solve::fast`'s reduction by lines placed by a beam, whose last region of at most 9 cells the
//! whole-space tables solve; then, on boards the bounded search keeps (at most 70 cells), that
//! path shortened while the time asked remains ([`bounded`]), its lower bound proved.

use std::time::Duration;

use crate::puzzle::board::Board;
use crate::puzzle::moves::Path;
use crate::solve::clock::Clock;
use crate::solve::control::Control;
use crate::solve::report::{Method, Outcome, Quality, Report, Want};
use crate::solve::search::bounded::{self, Ask, Exact, Searches, Spend};
use crate::solve::search::fast;
use crate::solve::search::ida::Bounds;
use crate::solve::search::{Query, Search, Solution, Whole};
use crate::solve::stats::Stats;

/// The probe, the beam's width, the tables and what the bounded search is asked; see the
/// module's documentation.
pub struct Beam<'a> {
    probe: Box<dyn Search + 'a>,
    /// The most nodes the probe may expand.
    within: u64,
    width: usize,
    whole: &'a mut Whole,
    ask: Option<Ask>,
}

impl<'a> Beam<'a> {
    /// `probe` within `within` nodes, then a beam `width` boards wide finished by `whole`.
    pub fn new(
        probe: Box<dyn Search + 'a>,
        within: u64,
        width: usize,
        whole: &'a mut Whole,
    ) -> Self {
        Beam {
            probe,
            within,
            width,
            whole,
            ask: None,
        }
    }

    /// The beam's path then shortened as `ask` says.
    pub fn improved(mut self, ask: Option<Ask>) -> Self {
        self.ask = ask;
        self
    }
}

/// The lower bound a probe proved: the bound of the iteration it did not finish (every shorter
/// one finished without a path).
fn proved(probe: &Solution, query: &Query) -> u32 {
    match query.bounds {
        Bounds::All => probe.report.bounds.last().map_or(0, |last| last.bound),
        _ => 0,
    }
}

impl Search for Beam<'_> {
    fn search(&mut self, query: &Query, control: &Control) -> Solution {
        let probe = Query {
            limit: None,
            budget: self.within,
            ..*query
        };
        let probed = self.probe.search(&probe, control);
        if let Outcome::Found(_) = probed.outcome {
            return probed;
        }
        let mut tools = Tools {
            query,
            probe: &mut *self.probe,
            whole: &mut *self.whole,
            width: self.width,
            control,
            expanded: 0,
            took: Duration::ZERO,
        };
        let found = tools.beam(self.width);
        let mut report = Report {
            method: Method::Beam,
            // the probe's iterations, which did not end
            bounds: probed.report.bounds.clone(),
            ..Report::default()
        };
        let mut outcome = found.clone().map_or(Outcome::Exhausted, Outcome::Found);
        let kept = query.start.cells().len() <= bounded::MOST_CELLS;
        if let (Some(first), Some(ask), true) = (found, self.ask, kept) {
            let lower_bound = proved(&probed, query);
            let answer = bounded::improve(
                query.start,
                query.goal,
                first,
                lower_bound,
                &ask,
                &mut tools,
                control,
            );
            let length = answer.path.len() as u32;
            report.quality = Some(Quality {
                optimal: answer.optimal,
                lower_bound: answer.lower_bound,
                length,
            });
            report.rounds = answer.rounds;
            outcome = Outcome::Found(answer.path);
        }
        report.stats = Stats {
            expanded: probed.nodes() + tools.expanded,
            ..Stats::default()
        };
        Solution { outcome, report }
    }
}

/// What the bounded search calls on: the beam and the probe's optimal search.
struct Tools<'q, 'b> {
    query: &'q Query<'q>,
    probe: &'b mut (dyn Search + 'b),
    whole: &'b mut Whole,
    width: usize,
    control: &'q Control,
    expanded: u64,
    /// The last beam's time.
    took: Duration,
}

impl Searches for Tools<'_, '_> {
    fn beam(&mut self, width: usize) -> Option<Path> {
        let began = Clock::start();
        let whole = &mut *self.whole;
        let mut exact = |from: &_, to: &_| whole.path(from, to);
        let (start, goal) = (self.query.start, self.query.goal);
        let found = fast::solve(start, goal, width, &mut exact, self.control);
        self.took = began.elapsed();
        found
    }

    fn width(&self) -> usize {
        self.width
    }

    fn beam_time(&self) -> Duration {
        self.took
    }

    fn exact(&mut self, from: &Board, shorter: u32, nodes: u64) -> Exact {
        let query = Query {
            start: from,
            limit: Some(shorter.saturating_sub(1)),
            budget: nodes,
            bounds: Bounds::All,
            ..*self.query
        };
        self.searched(&query, self.control)
    }

    fn whole(&mut self, want: Want, from: u32, shorter: u32, spend: Spend) -> Exact {
        let (budget, control) = match spend {
            Spend::Nodes(nodes) => (nodes, self.control.clone()),
            Spend::Time(time) => (u64::MAX, self.control.clone().ending_after(time)),
        };
        let query = Query {
            limit: Some(shorter.saturating_sub(1)),
            budget,
            bounds: Bounds::From(from),
            // a count needs no canonical path
            want: match self.query.want {
                Want::Shortest => Want::Shortest,
                Want::Canonical => want,
            },
            ..*self.query
        };
        self.searched(&query, &control)
    }

    fn expanded(&self) -> u64 {
        self.expanded
    }
}

impl Tools<'_, '_> {
    /// What the probe's optimal search found of `query`, stopped by `control`.
    fn searched(&mut self, query: &Query, control: &Control) -> Exact {
        let searched = self.probe.search(query, control);
        self.expanded += searched.nodes();
        match searched.outcome {
            Outcome::Found(path) => Exact::Found(path),
            Outcome::Beyond(_) | Outcome::Unreachable => Exact::None,
            Outcome::Exhausted => {
                Exact::GaveUp(searched.report.bounds.last().map_or(0, |last| last.bound))
            }
        }
    }
}
