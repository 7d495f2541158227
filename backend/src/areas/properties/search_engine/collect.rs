//! The page of a list in order of relevance: each segment keeps its best `offset + size`
//! matches by score (ties: the newer listing, by id) in a bounded heap and counts every
//! match; the segments' bests are merged.

use std::collections::BinaryHeap;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};

use super::schema::names;

/// The ids of one page in order, and how many listings match.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hits {
    pub ids: Vec<i64>,
    pub total: i64,
}

pub struct Relevance {
    /// Keep the first `keep` in order (the page's end); `usize::MAX`: all of them.
    pub keep: usize,
    pub skip: usize,
}

pub struct SegmentRelevance {
    ids: Column<u64>,
    keep: usize,
    /// The best so far, the worst on top: (score, id), both turned so smaller is better.
    best: BinaryHeap<(u64, u64)>,
    count: u64,
}

impl SegmentCollector for SegmentRelevance {
    type Fruit = (Vec<(u64, u64)>, u64);

    fn collect(&mut self, doc: DocId, score: Score) {
        self.count += 1;
        // Scores are never negative: their bits order as they do.
        let key = !u64::from(score.max(0.0).to_bits());
        if self.best.len() >= self.keep && self.best.peek().is_some_and(|worst| key > worst.0) {
            return;
        }
        self.best.push((key, !self.ids.first(doc).unwrap_or(0)));
        if self.best.len() > self.keep {
            self.best.pop();
        }
    }

    fn harvest(self) -> Self::Fruit {
        (self.best.into_vec(), self.count)
    }
}

impl Collector for Relevance {
    type Fruit = Hits;
    type Child = SegmentRelevance;

    fn for_segment(&self, _: SegmentOrdinal, segment: &SegmentReader) -> tantivy::Result<SegmentRelevance> {
        Ok(SegmentRelevance {
            ids: segment.fast_fields().u64(names::ID)?,
            keep: self.keep,
            best: BinaryHeap::new(),
            count: 0,
        })
    }

    fn requires_scoring(&self) -> bool {
        true
    }

    fn merge_fruits(&self, fruits: Vec<(Vec<(u64, u64)>, u64)>) -> tantivy::Result<Hits> {
        let total = fruits.iter().map(|(_, count)| *count).sum::<u64>();
        let mut best: Vec<(u64, u64)> = fruits.into_iter().flat_map(|(best, _)| best).collect();
        best.sort_unstable();
        let ids = best
            .into_iter()
            .take(self.keep)
            .skip(self.skip)
            .map(|(_, id)| i64::try_from(!id).unwrap_or(0))
            .collect();
        Ok(Hits { ids, total: i64::try_from(total).unwrap_or(i64::MAX) })
    }
}
