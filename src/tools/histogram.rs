//! How many boards lie at each distance from a goal: the layer sizes of its whole-space table.

use serde::Serialize;

use crate::puzzle::Board;
use crate::solve::square3::Space;

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
    /// use eight::{tools::histogram::Histogram, Board};
    /// let histogram = Histogram::new(&"12345678x".parse::<Board>().unwrap());
    /// assert_eq!((histogram.total, histogram.max), (181_440, 31));
    /// ```
    pub fn new(goal: &Board) -> Histogram {
        let (space, blank) = (Space::default(), goal.blank());
        let counts: Vec<u32> = (0..=space.depth(blank))
            .map(|depth| space.count_within(blank, depth, depth) as u32)
            .collect();
        let total: u64 = counts.iter().map(|&count| u64::from(count)).sum();
        let weighted: u64 = (0u64..)
            .zip(&counts)
            .map(|(depth, &count)| depth * u64::from(count))
            .sum();
        Histogram {
            goal: goal.to_string(),
            max: space.depth(blank),
            mean: weighted as f64 / total as f64,
            counts,
            total,
        }
    }

    /// The distribution as text: a line per distance with its count and a bar `width` wide at
    /// the largest, then the total, the maximum and the mean.
    pub fn render(&self, width: usize) -> String {
        let largest = self.counts.iter().copied().max().unwrap_or(1).max(1);
        let mut text = String::from("moves   boards\n");
        for (depth, &count) in self.counts.iter().enumerate() {
            let bar = (count as usize * width).div_ceil(largest as usize);
            text.push_str(&format!("{depth:>5}  {count:>7}  {}\n", "#".repeat(bar)));
        }
        text.push_str(&format!(
            "{} boards reach {}: at most {} moves, {:.2} on average\n",
            self.total, self.goal, self.max, self.mean
        ));
        text
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
