//! The counts a filter side bar shows for the listings a request matches: per category,
//! type, city and number of bedrooms, and per price band (`rules::search::PRICE_BANDS`).

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::Serialize;
use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};

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

#[derive(Default)]
pub struct Tally {
    total: u64,
    categories: HashMap<u64, u64>,
    types: HashMap<u64, u64>,
    cities: HashMap<u64, u64>,
    bedrooms: HashMap<u64, u64>,
    bands: [u64; rules::search::PRICE_BANDS.len()],
}

pub struct Counting;

pub struct SegmentCounting {
    category: Column<u64>,
    kind: Column<u64>,
    city: Column<u64>,
    bedrooms: Column<u64>,
    price: Column<i64>,
    tally: Tally,
}

/// The band of a price in thousandths.
fn band(price: i64) -> usize {
    let units = price / 1000;
    rules::search::PRICE_BANDS.iter().rposition(|low| units >= *low).unwrap_or(0)
}

impl SegmentCollector for SegmentCounting {
    type Fruit = Tally;

    fn collect(&mut self, doc: DocId, _: Score) {
        let t = &mut self.tally;
        t.total += 1;
        *t.categories.entry(self.category.first(doc).unwrap_or(0)).or_default() += 1;
        *t.types.entry(self.kind.first(doc).unwrap_or(0)).or_default() += 1;
        if let Some(city) = self.city.first(doc).filter(|c| *c > 0) {
            *t.cities.entry(city).or_default() += 1;
        }
        *t.bedrooms.entry(self.bedrooms.first(doc).unwrap_or(0)).or_default() += 1;
        t.bands[band(self.price.first(doc).unwrap_or(0))] += 1;
    }

    fn harvest(self) -> Tally {
        self.tally
    }
}

impl Collector for Counting {
    type Fruit = Facets;
    type Child = SegmentCounting;

    fn for_segment(&self, _: SegmentOrdinal, segment: &SegmentReader) -> tantivy::Result<SegmentCounting> {
        let fast = segment.fast_fields();
        Ok(SegmentCounting {
            category: fast.u64(names::CATEGORY)?,
            kind: fast.u64(names::KIND)?,
            city: fast.u64(names::CITY)?,
            bedrooms: fast.u64(names::BEDROOMS)?,
            price: fast.i64(names::PRICE)?,
            tally: Tally::default(),
        })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, tallies: Vec<Tally>) -> tantivy::Result<Facets> {
        let mut all = Tally::default();
        for t in tallies {
            all.total += t.total;
            for (map, part) in [
                (&mut all.categories, t.categories),
                (&mut all.types, t.types),
                (&mut all.cities, t.cities),
                (&mut all.bedrooms, t.bedrooms),
            ] {
                for (key, count) in part {
                    *map.entry(key).or_default() += count;
                }
            }
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
                    .into_iter()
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
}

fn whole(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The largest counts first (ties: the smaller id), at most `MAX_FACET_VALUES`.
fn counts(map: HashMap<u64, u64>) -> Vec<Count> {
    let mut counts: Vec<Count> =
        map.into_iter().map(|(id, count)| Count { id: whole(id), count: whole(count) }).collect();
    counts.sort_by(|a, b| b.count.cmp(&a.count).then(a.id.cmp(&b.id)));
    counts.truncate(rules::search::MAX_FACET_VALUES);
    counts
}
