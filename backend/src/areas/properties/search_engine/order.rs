//! A sorted page without sorting the matches: each segment keeps, per sort key, its
//! documents in order of (key, id), made once when the segment is first sorted by that key.
//! A request marks its matches in a bitmap, then walks that order from the front (or the
//! back, descending) until the page is full, so any order costs what the default one does:
//! the matches, once, plus the walk to the page.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tantivy::columnar::Column;
use tantivy::index::SegmentId;
use tantivy::query::Weight;
use tantivy::{DocId, Searcher, SegmentReader};

use super::super::listing::{Sort, SortKey};
use super::collect::Hits;
use super::schema::names;

/// One segment's documents in order of one sort key (ties: the id), ascending.
type Order = Arc<[DocId]>;

/// The orders made so far, by segment and sort key; those of segments gone are dropped.
#[derive(Default)]
pub struct Orders {
    made: Mutex<HashMap<(SegmentId, SortKey), Order>>,
}

/// The matches of one segment.
struct Matched {
    words: Vec<u64>,
    count: u64,
}

impl Matched {
    fn of(weight: &dyn Weight, segment: &SegmentReader) -> tantivy::Result<Matched> {
        let mut matched = Matched { words: vec![0; (segment.max_doc() as usize).div_ceil(64)], count: 0 };
        let alive = segment.alive_bitset();
        weight.for_each_no_score(segment, &mut |docs| {
            for &doc in docs {
                if alive.is_none_or(|alive| alive.is_alive(doc)) {
                    matched.words[(doc / 64) as usize] |= 1 << (doc % 64);
                    matched.count += 1;
                }
            }
        })?;
        Ok(matched)
    }

    fn contains(&self, doc: DocId) -> bool {
        self.words[(doc / 64) as usize] & (1 << (doc % 64)) != 0
    }
}

/// A sort key's column as numbers ordered like the key.
enum KeyColumn {
    Unsigned(Column<u64>),
    Signed(Column<i64>),
}

impl KeyColumn {
    fn of(segment: &SegmentReader, key: SortKey) -> tantivy::Result<KeyColumn> {
        let fast = segment.fast_fields();
        let name = match key {
            SortKey::Price => return Ok(KeyColumn::Signed(fast.i64(names::PRICE)?)),
            SortKey::CreatedAt | SortKey::Relevance => names::CREATED,
            SortKey::UpdatedAt => names::UPDATED,
            SortKey::TitleEn => names::TITLE_RANK,
            SortKey::PropertyNumber => names::NUMBER_RANK,
            SortKey::Status => names::STATUS_RANK,
        };
        Ok(KeyColumn::Unsigned(fast.u64(name)?))
    }

    fn get(&self, doc: DocId) -> u64 {
        match self {
            KeyColumn::Unsigned(column) => column.first(doc).unwrap_or(0),
            // i64 to u64, keeping the order.
            KeyColumn::Signed(column) => (column.first(doc).unwrap_or(0) as u64) ^ (1 << 63),
        }
    }
}

fn order_of(segment: &SegmentReader, key: SortKey) -> tantivy::Result<Order> {
    let column = KeyColumn::of(segment, key)?;
    let ids = segment.fast_fields().u64(names::ID)?;
    let mut keyed: Vec<(u64, u64, DocId)> =
        (0..segment.max_doc()).map(|doc| (column.get(doc), ids.first(doc).unwrap_or(0), doc)).collect();
    keyed.sort_unstable();
    Ok(keyed.into_iter().map(|(_, _, doc)| doc).collect())
}

impl Orders {
    fn order(&self, segment: &SegmentReader, key: SortKey) -> tantivy::Result<Order> {
        let slot = (segment.segment_id(), key);
        if let Some(order) = self.made.lock().ok().and_then(|made| made.get(&slot).cloned()) {
            return Ok(order);
        }
        let order = order_of(segment, key)?;
        if let Ok(mut made) = self.made.lock() {
            made.insert(slot, order.clone());
        }
        Ok(order)
    }

    /// Forgets the orders of segments the index no longer has.
    pub fn keep_only(&self, searcher: &Searcher) {
        let live: Vec<SegmentId> = searcher.segment_readers().iter().map(SegmentReader::segment_id).collect();
        if let Ok(mut made) = self.made.lock() {
            made.retain(|(segment, _), _| live.contains(segment));
        }
    }

    /// The page `skip .. keep` of the matches of `weight` in the order `sort`, and their
    /// count.
    pub fn page(
        &self,
        searcher: &Searcher,
        weight: &dyn Weight,
        sort: Sort,
        keep: usize,
        skip: usize,
    ) -> tantivy::Result<Hits> {
        let mut total = 0u64;
        // Each segment's first `keep` matches in order, with their key and id to merge by.
        let mut best: Vec<(u64, u64)> = Vec::new();
        for segment in searcher.segment_readers() {
            let matched = Matched::of(weight, segment)?;
            total += matched.count;
            if matched.count == 0 || keep == 0 {
                continue;
            }
            let order = self.order(segment, sort.key)?;
            let column = KeyColumn::of(segment, sort.key)?;
            let ids = segment.fast_fields().u64(names::ID)?;
            let walk: Box<dyn Iterator<Item = &DocId>> =
                if sort.descending { Box::new(order.iter().rev()) } else { Box::new(order.iter()) };
            for &doc in walk.filter(|doc| matched.contains(**doc)).take(keep) {
                let (key, id) = (column.get(doc), ids.first(doc).unwrap_or(0));
                best.push(if sort.descending { (!key, !id) } else { (key, id) });
            }
        }
        best.sort_unstable();
        let ids = best
            .into_iter()
            .take(keep)
            .skip(skip)
            .map(|(_, id)| if sort.descending { !id } else { id })
            .map(|id| i64::try_from(id).unwrap_or(0))
            .collect();
        Ok(Hits { ids, total: i64::try_from(total).unwrap_or(i64::MAX) })
    }
}
