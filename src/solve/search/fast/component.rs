//! `--fast` as a search: an optimal probe within a small budget, and where it does not end,
//! `solve::fast`'s reduction by lines placed by a beam, whose last region of at most 9 cells the
//! whole-space tables solve.

use crate::solve::control::Control;
use crate::solve::report::Report;
use crate::solve::report::{Method, Outcome};
use crate::solve::search::fast;
use crate::solve::search::{Query, Search, Solution, Whole};
use crate::solve::stats::Stats;

/// The probe, the beam's width and the tables; see the module's documentation.
pub struct Beam<'a> {
    probe: Box<dyn Search + 'a>,
    /// The most nodes the probe may expand.
    within: u64,
    width: usize,
    whole: &'a mut Whole,
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
        }
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
        let whole = &mut *self.whole;
        let mut exact = |from: &_, to: &_| whole.path(from, to);
        let found = fast::solve(query.start, query.goal, self.width, &mut exact, control);
        Solution {
            outcome: found.map_or(Outcome::Exhausted, Outcome::Found),
            report: Report {
                method: Method::Beam,
                stats: Stats {
                    expanded: probed.nodes(),
                    ..Stats::default()
                },
                // the probe's iterations, which did not end
                bounds: probed.report.bounds,
                ..Report::default()
            },
        }
    }
}
