//! A sorted page without sorting the matches: each segment keeps, per sort key, its
//! documents in order of (key, id), made once when the segment is first sorted by that key.
//! A request marks its matches in a bitmap, then walks that order from the front (or the
//! back, descending) until the page is full, so any order costs what the default one does:
//! the matches, once, plus the walk to the page. Each segment also keeps a bitmap per value
//! of the vocabulary filters (`query::flags`), made once; a request's bitmap is its query's
//! matches (or every document) and'ed with them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tantivy::columnar::Column;
use tantivy::index::SegmentId;
use tantivy::query::Weight;
use tantivy::{DocId, Searcher, SegmentReader};

use super::super::listing::{Sort, SortKey};
use super::collect::Hits;
use super::query::Flag;
use super::schema::names;

/// One segment's documents in order of one sort key (ties: the id), ascending.
type Order = Arc<[DocId]>;

/// One segment's documents holding one value of a vocabulary filter.
pub type Bits = Arc<[u64]>;

/// One segment's documents by value of a facet, when its values are few (none: too many).
pub type Values = Option<Arc<[(u64, Bits)]>>;

/// A facet with more values than this in a segment is counted document by document.
const MAX_VALUES: usize = 256;

/// The orders and vocabulary bitmaps made so far, by segment; those of segments gone are
/// dropped.
#[derive(Default)]
pub struct Orders {
    made: Mutex<HashMap<(SegmentId, SortKey), Order>>,
    flags: Mutex<HashMap<(SegmentId, Flag), Bits>>,
    values: Mutex<HashMap<(SegmentId, &'static str), Values>>,
}

/// What a request matches: its query but the flags (none: every document), and its flags.
pub struct Filter<'a> {
    pub weight: Option<&'a dyn Weight>,
    pub flags: &'a [Flag],
    /// The public lists: only listings live at this instant (epoch seconds).
    pub live_at: Option<i64>,
}

/// The matches of one segment.
pub struct Matched {
    words: Vec<u64>,
    pub count: u64,
}

impl Matched {
    fn contains(&self, doc: DocId) -> bool {
        self.words[(doc / 64) as usize] & (1 << (doc % 64)) != 0
    }

    /// How many of the documents of `bits` are matched.
    pub fn count_in(&self, bits: &[u64]) -> u64 {
        self.words.iter().zip(bits).map(|(word, bits)| u64::from((word & bits).count_ones())).sum()
    }

    /// The documents matched, in order.
    pub fn docs(&self) -> impl Iterator<Item = DocId> + '_ {
        self.words.iter().enumerate().flat_map(|(at, word)| {
            let mut word = *word;
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros();
                    word &= word - 1;
                    (at as u32) * 64 + bit
                })
            })
        })
    }
}

fn flag_bits(segment: &SegmentReader, (name, value): Flag) -> tantivy::Result<Bits> {
    let column = segment.fast_fields().u64(name)?;
    let mut words = vec![0u64; (segment.max_doc() as usize).div_ceil(64)];
    for doc in 0..segment.max_doc() {
        if column.first(doc) == Some(value) {
            words[(doc / 64) as usize] |= 1 << (doc % 64);
        }
    }
    Ok(words.into())
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
            SortKey::Quality => names::QUALITY,
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

/// The documents of each value `key` gives, or none when there are more than [`MAX_VALUES`].
fn values_of(segment: &SegmentReader, key: &dyn Fn(DocId) -> u64) -> Values {
    let words = (segment.max_doc() as usize).div_ceil(64);
    let mut by_value: HashMap<u64, Vec<u64>> = HashMap::new();
    for doc in 0..segment.max_doc() {
        let bits = by_value.entry(key(doc)).or_insert_with(|| vec![0; words]);
        bits[(doc / 64) as usize] |= 1 << (doc % 64);
        if by_value.len() > MAX_VALUES {
            return None;
        }
    }
    Some(by_value.into_iter().map(|(value, bits)| (value, Bits::from(bits))).collect())
}

impl Orders {
    /// The documents of `segment` by value of the facet `name`, as `key` reads it.
    pub fn values(&self, segment: &SegmentReader, name: &'static str, key: &dyn Fn(DocId) -> u64) -> Values {
        let slot = (segment.segment_id(), name);
        if let Some(values) = self.values.lock().ok().and_then(|made| made.get(&slot).cloned()) {
            return values;
        }
        let values = values_of(segment, key);
        if let Ok(mut made) = self.values.lock() {
            made.insert(slot, values.clone());
        }
        values
    }

    fn flag(&self, segment: &SegmentReader, flag: Flag) -> tantivy::Result<Bits> {
        let slot = (segment.segment_id(), flag);
        if let Some(bits) = self.flags.lock().ok().and_then(|made| made.get(&slot).cloned()) {
            return Ok(bits);
        }
        let bits = flag_bits(segment, flag)?;
        if let Ok(mut made) = self.flags.lock() {
            made.insert(slot, bits.clone());
        }
        Ok(bits)
    }

    /// The documents of `segment` that `filter` matches, deleted ones left out.
    pub fn matched(&self, segment: &SegmentReader, filter: &Filter<'_>) -> tantivy::Result<Matched> {
        let max_doc = segment.max_doc();
        let mut words = match filter.weight {
            Some(weight) => {
                let mut words = vec![0u64; (max_doc as usize).div_ceil(64)];
                weight.for_each_no_score(segment, &mut |docs| {
                    for &doc in docs {
                        words[(doc / 64) as usize] |= 1 << (doc % 64);
                    }
                })?;
                words
            }
            None => {
                let mut words = vec![!0u64; (max_doc as usize).div_ceil(64)];
                if !max_doc.is_multiple_of(64) {
                    if let Some(last) = words.last_mut() {
                        *last = (1u64 << (max_doc % 64)) - 1;
                    }
                }
                words
            }
        };
        for flag in filter.flags {
            let bits = self.flag(segment, *flag)?;
            for (word, bits) in words.iter_mut().zip(bits.iter()) {
                *word &= bits;
            }
        }
        if let Some(now) = filter.live_at {
            self.keep_live(segment, &mut words, now)?;
        }
        let mut matched = Matched { words, count: 0 };
        if let Some(alive) = segment.alive_bitset() {
            let deleted: Vec<DocId> = matched.docs().filter(|doc| !alive.is_alive(*doc)).collect();
            for doc in deleted {
                matched.words[(doc / 64) as usize] &= !(1 << (doc % 64));
            }
        }
        matched.count = matched.words.iter().map(|word| u64::from(word.count_ones())).sum();
        Ok(matched)
    }

    /// Clears the matches not live at `now`. Only the few listings with a publishing window
    /// or a permit (a kept bitmap, like a flag's) are looked at, one by one.
    fn keep_live(&self, segment: &SegmentReader, words: &mut [u64], now: i64) -> tantivy::Result<()> {
        let timed = self.flag(segment, (names::TIMED, 1))?;
        let fast = segment.fast_fields();
        let (from, until) = (fast.i64(names::LIVE_FROM)?, fast.i64(names::LIVE_UNTIL)?);
        for (at, (word, timed)) in words.iter_mut().zip(timed.iter()).enumerate() {
            let mut candidates = *word & timed;
            while candidates != 0 {
                let bit = candidates.trailing_zeros();
                candidates &= candidates - 1;
                let doc = (at as u32) * 64 + bit;
                let live =
                    from.first(doc).unwrap_or(i64::MIN) <= now && until.first(doc).unwrap_or(i64::MAX) > now;
                if !live {
                    *word &= !(1u64 << bit);
                }
            }
        }
        Ok(())
    }

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
        if let Ok(mut made) = self.flags.lock() {
            made.retain(|(segment, _), _| live.contains(segment));
        }
        if let Ok(mut made) = self.values.lock() {
            made.retain(|(segment, _), _| live.contains(segment));
        }
    }

    /// The page `skip .. keep` of the matches of `filter` in the order `sort`, and their
    /// count.
    pub fn page(
        &self,
        searcher: &Searcher,
        filter: &Filter<'_>,
        sort: Sort,
        keep: usize,
        skip: usize,
    ) -> tantivy::Result<Hits> {
        let mut total = 0u64;
        // Each segment's first `keep` matches in order, with their key and id to merge by.
        let mut best: Vec<(u64, u64)> = Vec::new();
        for segment in searcher.segment_readers() {
            let matched = self.matched(segment, filter)?;
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
