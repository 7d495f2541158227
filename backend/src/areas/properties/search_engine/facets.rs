//! The counts a filter side bar shows for the listings a request matches: per category,
//! type, city and number of bedrooms, and per price band (`rules::search::PRICE_BANDS`).

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::Serialize;
use tantivy::columnar::Column;
use tantivy::{DocId, Searcher, SegmentReader};

use super::order::{Filter, Orders};
use super::schema::names;

/// How many matching listings have one value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Count {
    pub id: i64,
    pub count: i64,
}

/// How many matching listings have this many bedrooms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct BedroomCount {
    pub bedrooms: i64,
    pub count: i64,
}

/// How many matching listings are priced from `min` up to, not including, `max` (none: no
/// upper bound).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PriceBand {
    pub min: i64,
    pub max: Option<i64>,
    pub count: i64,
}

/// `GET /api/public/properties/facets`: the counts of the listings the filters match, each
/// list the largest counts first (ids: at most `rules::search::MAX_FACET_VALUES`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Facets {
    pub total: i64,
    pub categories: Vec<Count>,
    pub property_types: Vec<Count>,
    pub cities: Vec<Count>,
    pub bedrooms: Vec<BedroomCount>,
    pub price_bands: Vec<PriceBand>,
}

/// Counts by value: in an array up to [`DENSE`] (ids and counts of rooms are small), in a map
/// beyond.
#[derive(Default)]
struct Counter {
    dense: Vec<u64>,
    sparse: HashMap<u64, u64>,
}

/// Values below this are counted in an array.
const DENSE: u64 = 1 << 16;

impl Counter {
    fn add(&mut self, value: u64) {
        if value < DENSE {
            let at = value as usize;
            if at >= self.dense.len() {
                self.dense.resize(at + 1, 0);
            }
            self.dense[at] += 1;
        } else {
            *self.sparse.entry(value).or_default() += 1;
        }
    }

    fn merge(&mut self, other: Counter) {
        if self.dense.len() < other.dense.len() {
            self.dense.resize(other.dense.len(), 0);
        }
        for (sum, count) in self.dense.iter_mut().zip(other.dense) {
            *sum += count;
        }
        for (value, count) in other.sparse {
            *self.sparse.entry(value).or_default() += count;
        }
    }

    fn counts(self) -> impl Iterator<Item = (u64, u64)> {
        let dense = self.dense.into_iter().enumerate().map(|(v, c)| (v as u64, c));
        dense.chain(self.sparse).filter(|(_, count)| *count > 0)
    }
}

#[derive(Default)]
pub struct Tally {
    total: u64,
    categories: Counter,
    types: Counter,
    cities: Counter,
    bedrooms: Counter,
    bands: [u64; rules::search::PRICE_BANDS.len()],
}

/// Documents read at once from the columns.
const BLOCK: usize = 64;

pub struct SegmentCounting {
    category: Column<u64>,
    kind: Column<u64>,
    city: Column<u64>,
    bedrooms: Column<u64>,
    price: Column<i64>,
    tally: Tally,
    values: [Option<u64>; BLOCK],
    prices: [Option<i64>; BLOCK],
}

/// The band of a price in thousandths.
fn band(price: i64) -> usize {
    let units = price / 1000;
    rules::search::PRICE_BANDS.iter().rposition(|low| units >= *low).unwrap_or(0)
}

impl SegmentCounting {
    fn of(segment: &SegmentReader) -> tantivy::Result<SegmentCounting> {
        let fast = segment.fast_fields();
        Ok(SegmentCounting {
            category: fast.u64(names::CATEGORY)?,
            kind: fast.u64(names::KIND)?,
            city: fast.u64(names::CITY)?,
            bedrooms: fast.u64(names::BEDROOMS)?,
            price: fast.i64(names::PRICE)?,
            tally: Tally::default(),
            values: [None; BLOCK],
            prices: [None; BLOCK],
        })
    }

    /// Counts a block of at most [`BLOCK`] documents.
    fn count(&mut self, docs: &[DocId]) {
        let n = docs.len();
        self.tally.total += n as u64;
        let values = &mut self.values[..n];
        for (column, counter) in [
            (&self.category, &mut self.tally.categories),
            (&self.kind, &mut self.tally.types),
            (&self.bedrooms, &mut self.tally.bedrooms),
        ] {
            column.first_vals(docs, values);
            for value in values.iter() {
                counter.add(value.unwrap_or(0));
            }
        }
        self.city.first_vals(docs, values);
        for city in values.iter().flatten().filter(|c| **c > 0) {
            self.tally.cities.add(*city);
        }
        let prices = &mut self.prices[..n];
        self.price.first_vals(docs, prices);
        for price in prices.iter() {
            self.tally.bands[band(price.unwrap_or(0))] += 1;
        }
    }
}

/// The facets of what `filter` matches.
pub fn count(orders: &Orders, searcher: &Searcher, filter: &Filter<'_>) -> tantivy::Result<Facets> {
    let mut all = Tally::default();
    for segment in searcher.segment_readers() {
        let matched = orders.matched(segment, filter)?;
        if matched.count == 0 {
            continue;
        }
        let mut counting = SegmentCounting::of(segment)?;
        let mut block = Vec::with_capacity(BLOCK);
        for doc in matched.docs() {
            block.push(doc);
            if block.len() == BLOCK {
                counting.count(&block);
                block.clear();
            }
        }
        counting.count(&block);
        let t = counting.tally;
        all.total += t.total;
        all.categories.merge(t.categories);
        all.types.merge(t.types);
        all.cities.merge(t.cities);
        all.bedrooms.merge(t.bedrooms);
        for (sum, count) in all.bands.iter_mut().zip(t.bands) {
            *sum += count;
        }
    }
    let bands = rules::search::PRICE_BANDS;
    Ok(Facets {
        total: whole(all.total),
        categories: counts(all.categories),
        property_types: counts(all.types),
        cities: counts(all.cities),
        bedrooms: {
            let mut rooms: Vec<BedroomCount> = all
                .bedrooms
                .counts()
                .map(|(n, count)| BedroomCount { bedrooms: whole(n), count: whole(count) })
                .collect();
            rooms.sort_by_key(|r| r.bedrooms);
            rooms
        },
        price_bands: bands
            .iter()
            .enumerate()
            .map(|(i, low)| PriceBand {
                min: *low,
                max: bands.get(i + 1).copied(),
                count: whole(all.bands[i]),
            })
            .collect(),
    })
}

fn whole(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The largest counts first (ties: the smaller id), at most `MAX_FACET_VALUES`.
fn counts(counter: Counter) -> Vec<Count> {
    let mut counts: Vec<Count> =
        counter.counts().map(|(id, count)| Count { id: whole(id), count: whole(count) }).collect();
    counts.sort_by(|a, b| b.count.cmp(&a.count).then(a.id.cmp(&b.id)));
    counts.truncate(rules::search::MAX_FACET_VALUES);
    counts
}
