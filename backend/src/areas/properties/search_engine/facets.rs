//! The counts a filter side bar shows for the listings a request matches: per category,
//! type, city and number of bedrooms, and per price band (`rules::search::PRICE_BANDS`).

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::Serialize;
use tantivy::columnar::Column;
use tantivy::{DocId, Searcher, SegmentReader};

use super::order::{Filter, Matched, Orders};
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
    fn add_many(&mut self, value: u64, count: u64) {
        if count == 0 {
            return;
        }
        if value < DENSE {
            let at = value as usize;
            if at >= self.dense.len() {
                self.dense.resize(at + 1, 0);
            }
            self.dense[at] += count;
        } else {
            *self.sparse.entry(value).or_default() += count;
        }
    }

    fn counts(self) -> impl Iterator<Item = (u64, u64)> {
        let dense = self.dense.into_iter().enumerate().map(|(v, c)| (v as u64, c));
        dense.chain(self.sparse).filter(|(_, count)| *count > 0)
    }
}

/// The facets' counts so far.
#[derive(Default)]
struct Tally {
    total: u64,
    categories: Counter,
    types: Counter,
    cities: Counter,
    bedrooms: Counter,
    /// By band, its place in `PRICE_BANDS`.
    bands: Counter,
}

/// The band of a price in thousandths.
fn band(price: i64) -> u64 {
    let units = price / 1000;
    rules::search::PRICE_BANDS.iter().rposition(|low| units >= *low).unwrap_or(0) as u64
}

/// Counts one facet of a segment's matches into `counter`: by its per-value bitmaps when the
/// segment has few values, else document by document.
fn tally(
    orders: &Orders,
    segment: &SegmentReader,
    matched: &Matched,
    name: &'static str,
    key: &dyn Fn(DocId) -> u64,
    counter: &mut Counter,
) {
    match orders.values(segment, name, key) {
        Some(values) => {
            for (value, bits) in values.iter() {
                counter.add_many(*value, matched.count_in(bits));
            }
        }
        None => {
            for doc in matched.docs() {
                counter.add_many(key(doc), 1);
            }
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
        all.total += matched.count;
        let fast = segment.fast_fields();
        let first = |column: Column<u64>| move |doc: DocId| column.first(doc).unwrap_or(0);
        let price = fast.i64(names::PRICE)?;
        tally(
            orders,
            segment,
            &matched,
            names::CATEGORY,
            &first(fast.u64(names::CATEGORY)?),
            &mut all.categories,
        );
        tally(orders, segment, &matched, names::KIND, &first(fast.u64(names::KIND)?), &mut all.types);
        tally(orders, segment, &matched, names::CITY, &first(fast.u64(names::CITY)?), &mut all.cities);
        tally(
            orders,
            segment,
            &matched,
            names::BEDROOMS,
            &first(fast.u64(names::BEDROOMS)?),
            &mut all.bedrooms,
        );
        let bands = move |doc: DocId| band(price.first(doc).unwrap_or(0));
        tally(orders, segment, &matched, names::PRICE, &bands, &mut all.bands);
    }
    let bands = rules::search::PRICE_BANDS;
    let mut by_band = [0u64; rules::search::PRICE_BANDS.len()];
    for (at, count) in all.bands.counts() {
        if let Some(slot) = by_band.get_mut(at as usize) {
            *slot += count;
        }
    }
    Ok(Facets {
        total: whole(all.total),
        categories: counts(all.categories),
        property_types: counts(all.types),
        // Listings without a city are not a city.
        cities: counts(all.cities).into_iter().filter(|c| c.id > 0).collect(),
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
            .map(|(i, low)| PriceBand { min: *low, max: bands.get(i + 1).copied(), count: whole(by_band[i]) })
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
