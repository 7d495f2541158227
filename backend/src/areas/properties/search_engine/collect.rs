//! The page of a sorted list: each segment keeps its best `offset + size` matches by
//! (sort key, id) in a bounded heap and counts every match; the segments' bests are merged.
//! The id breaks ties, so pages neither repeat nor skip a listing.

use std::collections::BinaryHeap;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};

use super::super::listing::{Sort, SortKey};
use super::schema::names;

/// The ids of one page in order, and how many listings match.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hits {
    pub ids: Vec<i64>,
    pub total: i64,
}

pub struct Sorted {
    pub sort: Sort,
    /// Keep the first `keep` in order (the page's end); `usize::MAX`: all of them.
    pub keep: usize,
    pub skip: usize,
}

enum Key {
    Unsigned(Column<u64>),
    Signed(Column<i64>),
    Score,
}

pub struct SegmentSorted {
    key: Key,
    ids: Column<u64>,
    descending: bool,
    keep: usize,
    /// The best so far, the worst on top: (key, id), both turned so smaller is better.
    best: BinaryHeap<(u64, u64)>,
    count: u64,
}

/// A score as a number ordered like it (scores are never negative).
fn score_key(score: Score) -> u64 {
    u64::from(score.max(0.0).to_bits())
}

impl SegmentSorted {
    fn key_of(&self, doc: DocId, score: Score) -> u64 {
        match &self.key {
            Key::Unsigned(column) => column.first(doc).unwrap_or(0),
            // i64 to u64 keeping the order.
            Key::Signed(column) => (column.first(doc).unwrap_or(0) as u64) ^ (1 << 63),
            Key::Score => score_key(score),
        }
    }
}

impl SegmentCollector for SegmentSorted {
    type Fruit = (Vec<(u64, u64)>, u64);

    fn collect(&mut self, doc: DocId, score: Score) {
        self.count += 1;
        let key = self.key_of(doc, score);
        let key = if self.descending { !key } else { key };
        if self.best.len() >= self.keep {
            match self.best.peek() {
                Some(worst) if key > worst.0 => return,
                _ => {}
            }
        }
        let id = self.ids.first(doc).unwrap_or(0);
        let id = if self.descending { !id } else { id };
        self.best.push((key, id));
        if self.best.len() > self.keep {
            self.best.pop();
        }
    }

    fn harvest(self) -> Self::Fruit {
        (self.best.into_vec(), self.count)
    }
}

impl Sorted {
    /// Relevance reads best first: its plain order is the scores' descending one.
    fn descending(&self) -> bool {
        (self.sort.key == SortKey::Relevance) != self.sort.descending
    }
}

impl Collector for Sorted {
    type Fruit = Hits;
    type Child = SegmentSorted;

    fn for_segment(&self, _: SegmentOrdinal, segment: &SegmentReader) -> tantivy::Result<SegmentSorted> {
        let fast = segment.fast_fields();
        let column = |name: &str| fast.u64(name);
        let key = match self.sort.key {
            SortKey::Price => Key::Signed(fast.i64(names::PRICE)?),
            SortKey::CreatedAt => Key::Unsigned(column(names::CREATED)?),
            SortKey::UpdatedAt => Key::Unsigned(column(names::UPDATED)?),
            SortKey::TitleEn => Key::Unsigned(column(names::TITLE_RANK)?),
            SortKey::PropertyNumber => Key::Unsigned(column(names::NUMBER_RANK)?),
            SortKey::Status => Key::Unsigned(column(names::STATUS_RANK)?),
            SortKey::Relevance => Key::Score,
        };
        Ok(SegmentSorted {
            key,
            ids: column(names::ID)?,
            descending: self.descending(),
            keep: self.keep,
            best: BinaryHeap::new(),
            count: 0,
        })
    }

    fn requires_scoring(&self) -> bool {
        self.sort.key == SortKey::Relevance
    }

    fn merge_fruits(&self, fruits: Vec<(Vec<(u64, u64)>, u64)>) -> tantivy::Result<Hits> {
        let total = fruits.iter().map(|(_, count)| *count).sum::<u64>();
        let mut best: Vec<(u64, u64)> = fruits.into_iter().flat_map(|(best, _)| best).collect();
        best.sort_unstable();
        let descending = self.descending();
        let ids = best
            .into_iter()
            .take(self.keep)
            .skip(self.skip)
            .map(|(_, id)| if descending { !id } else { id })
            .map(|id| i64::try_from(id).unwrap_or(0))
            .collect();
        Ok(Hits { ids, total: i64::try_from(total).unwrap_or(i64::MAX) })
    }
}
