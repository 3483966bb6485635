//! How many boards lie at each distance from a goal: the layer sizes of its whole-space table
//! (3×3: the embedded tables; the other shapes of at most 9 cells: a breadth-first search), as
//! numbers, as text bars and as an SVG chart. Bars are in proportion to the counts, or to their
//! logarithms where the counts span more than two decades (said on the chart): on a linear
//! scale 3×3's 1 board and 286 boards would both be one mark of 50.

use serde::Serialize;

use eight::puzzle::{Board, Shape};
use eight::solve::layers;
use eight::solve::Space;

/// The distribution of distances to one goal.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Histogram {
    /// The goal, glued digits with `0` for the blank.
    pub goal: String,
    /// `counts[d]`: how many boards lie `d` moves from the goal.
    pub counts: Vec<u32>,
    /// How many boards reach the goal.
    pub total: u64,
    /// The greatest distance.
    pub max: u32,
    /// The mean distance.
    pub mean: f64,
}

impl Histogram {
    /// The distribution for `goal`: the layer sizes of the embedded table of its blank cell
    /// (relabelling keeps every distance, so they are `goal`'s own).
    ///
    /// ```
    /// use eight::Board;
    /// use eight_app::histogram::Histogram;
    /// let histogram = Histogram::new(&"12345678x".parse::<Board>().unwrap());
    /// assert_eq!((histogram.total, histogram.max), (181_440, 31));
    /// ```
    pub fn new(goal: &Board) -> Histogram {
        let counts: Vec<u32> = if goal.shape() == Shape::SQUARE3 {
            let (space, blank) = (Space::default(), goal.blank());
            (0..=space.depth(blank))
                .map(|depth| space.count_within(blank, depth, depth) as u32)
                .collect()
        } else {
            layers(goal)
        };
        let total: u64 = counts.iter().map(|&count| u64::from(count)).sum();
        let weighted: u64 = (0u64..)
            .zip(&counts)
            .map(|(depth, &count)| depth * u64::from(count))
            .sum();
        Histogram {
            goal: goal.to_string(),
            max: counts.len() as u32 - 1,
            mean: weighted as f64 / total as f64,
            counts,
            total,
        }
    }

    /// Whether the bars are logarithmic: the counts span more than two decades.
    pub fn logarithmic(&self) -> bool {
        let largest = self.counts.iter().copied().max().unwrap_or(1);
        let smallest = self
            .counts
            .iter()
            .copied()
            .filter(|&c| c > 0)
            .min()
            .unwrap_or(1);
        f64::from(largest) / f64::from(smallest) > 100.0
    }

    /// The length of `count`'s bar, `width` at the largest count: in proportion to the count, or
    /// to `1 + log10(count)` on a logarithmic scale; never empty for a count above 0.
    pub fn bar(&self, count: u32, width: f64) -> f64 {
        let largest = f64::from(self.counts.iter().copied().max().unwrap_or(1).max(1));
        let share = match self.logarithmic() {
            true => (1.0 + f64::from(count.max(1)).log10()) / (1.0 + largest.log10()),
            false => f64::from(count) / largest,
        };
        match count {
            0 => 0.0,
            _ => (share * width).max(1.0_f64.min(width)),
        }
    }

    /// The distribution as text: a line per distance with its count and a bar `width` wide at
    /// the largest, then the total, the maximum and the mean.
    pub fn render(&self, width: usize) -> String {
        let scale = match self.logarithmic() {
            true => "   (bars: logarithmic scale)",
            false => "",
        };
        let mut text = format!("moves   boards{scale}\n");
        for (depth, &count) in self.counts.iter().enumerate() {
            let bar = self.bar(count, width as f64).round() as usize;
            text.push_str(&format!("{depth:>5}  {count:>7}  {}\n", "#".repeat(bar)));
        }
        text.push_str(&format!(
            "{} boards reach {}: at most {} moves, {:.2} on average\n",
            self.total, self.goal, self.max, self.mean
        ));
        text
    }

    /// The distribution as an SVG bar chart: a bar per distance, each with its count as a label
    /// and a tooltip, the axes named, the scale said.
    pub fn svg(&self) -> String {
        let (bar, gap, height, left, top) = (22.0, 6.0, 300.0, 60.0, 40.0);
        let width = left + self.counts.len() as f64 * (bar + gap) + 20.0;
        let scale = match self.logarithmic() {
            true => "logarithmic scale",
            false => "linear scale",
        };
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{}\" \
             viewBox=\"0 0 {width} {}\" font-family=\"sans-serif\" font-size=\"11\">\n\
             <title>Boards at each distance from {}</title>\n\
             <text x=\"{left}\" y=\"20\" font-size=\"14\">{} boards reach {}: at most {} \
             moves, {:.2} on average ({scale})</text>\n",
            height + top + 50.0,
            height + top + 50.0,
            self.goal,
            self.total,
            self.goal,
            self.max,
            self.mean
        );
        for (depth, &count) in self.counts.iter().enumerate() {
            let tall = self.bar(count, height);
            let x = left + depth as f64 * (bar + gap);
            let y = top + height - tall;
            svg.push_str(&format!(
                "<g class=\"bar\" data-moves=\"{depth}\" data-boards=\"{count}\">\
                 <rect x=\"{x}\" y=\"{y:.1}\" width=\"{bar}\" height=\"{tall:.1}\" \
                 fill=\"#4a7ebb\"><title>{depth} moves: {count} boards</title></rect>\
                 <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"9\">{count}</text>\
                 <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{depth}</text></g>\n",
                x + bar / 2.0,
                y - 3.0,
                x + bar / 2.0,
                top + height + 14.0,
            ));
        }
        svg.push_str(&format!(
            "<text x=\"{left}\" y=\"{:.1}\">moves from the goal</text>\n</svg>\n",
            top + height + 34.0
        ));
        svg
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published distribution of the 8-puzzle for the goal with the blank in a corner
    /// (Reinefeld 1993; OEIS A089473).
    const PUBLISHED: [u32; 32] = [
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529,
        10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ];

    #[test]
    fn reproduces_the_published_distribution() {
        let histogram = Histogram::new(&"12345678x".parse().expect("goal"));
        assert_eq!(histogram.counts, PUBLISHED);
        assert_eq!(histogram.total, 181_440);
        assert_eq!(histogram.max, 31);
        assert_eq!(histogram.counts[31], 2);
    }

    #[test]
    fn every_small_shape_has_its_distribution() {
        for (shape, total) in [("2x2", 12), ("2x3", 360), ("3x2", 360), ("2x4", 20160)] {
            let shape: Shape = shape.parse().expect("a shape");
            let histogram = Histogram::new(&Board::ordered(shape));
            assert_eq!(histogram.total, total, "{shape}");
            assert_eq!(histogram.counts.len() as u32, histogram.max + 1);
        }
    }

    #[test]
    fn counts_over_decades_get_a_logarithmic_scale_said_on_the_chart() {
        let histogram = Histogram::new(&"12345678x".parse().expect("goal"));
        assert!(histogram.logarithmic());
        let text = histogram.render(50);
        assert!(text.starts_with("moves   boards   (bars: logarithmic scale)\n"));
        // 1 board and 286 boards no longer draw the same bar
        let bar = |count| histogram.bar(count, 50.0).round();
        assert!(bar(1) < bar(286) && bar(286) < bar(24047));
        assert_eq!(bar(24047), 50.0);
        assert!(histogram.svg().contains("(logarithmic scale)"));
    }

    #[test]
    fn renders_bars_scaled_to_the_largest_count() {
        let histogram = Histogram {
            goal: "123456780".into(),
            counts: vec![1, 4, 2],
            total: 7,
            max: 2,
            mean: 8.0 / 7.0,
        };
        assert_eq!(
            histogram.render(8),
            "moves   boards\n    0        1  ##\n    1        4  ########\n    2        2  ####\n\
             7 boards reach 123456780: at most 2 moves, 1.14 on average\n"
        );
    }
}
