//! A list request as the engine's query: every filter a term or a range of a fast field,
//! and each word of `q` found exactly, as the start of a word, or (from five letters) with
//! one typo, in that order of rank. The filters on a vocabulary of a few values (status,
//! display type, featured) can be left out of the query and read from each segment's kept
//! bitmap of that value instead (`order.rs`): the public list's status alone matches most
//! listings, and intersecting its postings was most of a request's cost.

use std::ops::Bound;

use rules::vocabularies::PropertyStatus;
use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, RangeQuery, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::Term;

use super::super::listing::{Filters, ListRequest, Range};
use super::schema::{display_code, names, offering_code, status_code, Fields};

fn term(field: Field, value: u64) -> Box<dyn Query> {
    Box::new(TermQuery::new(Term::from_field_u64(field, value), IndexRecordOption::Basic))
}

fn id(value: i64) -> u64 {
    u64::try_from(value).unwrap_or(0)
}

fn bound<T>(value: Option<T>, make: impl Fn(T) -> Term) -> Bound<Term> {
    value.map_or(Bound::Unbounded, |v| Bound::Included(make(v)))
}

/// One word of `q`: its exact term ranks first, words it begins next, then words one typo
/// away.
fn word(field: Field, word: &str) -> Box<dyn Query> {
    let exact = Term::from_field_text(field, word);
    let mut arms: Vec<(Occur, Box<dyn Query>)> = vec![
        (
            Occur::Should,
            Box::new(BoostQuery::new(
                Box::new(TermQuery::new(exact.clone(), IndexRecordOption::WithFreqs)),
                4.0,
            )),
        ),
        (
            Occur::Should,
            Box::new(BoostQuery::new(Box::new(FuzzyTermQuery::new_prefix(exact.clone(), 0, true)), 2.0)),
        ),
    ];
    if rules::search::tolerates_typo(word) {
        arms.push((Occur::Should, Box::new(FuzzyTermQuery::new(exact, 1, true))));
    }
    Box::new(BooleanQuery::new(arms))
}

/// A filter on one value of a vocabulary's fast field.
pub type Flag = (&'static str, u64);

/// The vocabulary filters of a request: its status (active, for the public list), display
/// type and featured.
pub fn flags(request: &ListRequest) -> Vec<Flag> {
    let filters = &request.filters;
    let mut flags = Vec::new();
    if request.active_only {
        flags.push((names::STATUS, status_code(PropertyStatus::Active)));
    }
    if let Some(status) = filters.status {
        flags.push((names::STATUS, status_code(status)));
    }
    if let Some(v) = filters.display_type {
        flags.push((names::DISPLAY, display_code(v)));
    }
    if let Some(v) = filters.is_featured {
        flags.push((names::FEATURED, u64::from(v)));
    }
    if let Some(v) = filters.offering_type {
        flags.push((names::OFFERING, offering_code(v)));
    }
    flags
}

fn filter_clauses(f: &Fields, filters: &Filters, clauses: &mut Vec<(Occur, Box<dyn Query>)>) {
    let mut must = |query: Box<dyn Query>| clauses.push((Occur::Must, query));
    if let Some(v) = filters.category_id {
        must(term(f.category, id(v)));
    }
    if let Some(v) = filters.type_id {
        must(term(f.kind, id(v)));
    }
    if let Some(v) = filters.country_id {
        must(term(f.country, id(v)));
    }
    if let Some(v) = filters.city_id {
        must(term(f.city, id(v)));
    }
    if let Some(v) = filters.region_id {
        must(term(f.region, id(v)));
    }
    if let Some(v) = filters.import_id {
        must(term(f.import, id(v)));
    }
    if let Some(portal) = filters.publish_to {
        must(term(f.publish_to, portal.code()));
    }
    if let Some(portal) = filters.blocked_for {
        must(term(f.blocked, portal.code()));
    }
    for feature in &filters.feature_ids {
        must(term(f.features, id(*feature)));
    }
    if filters.price != Range::default() {
        let Range { min, max } = filters.price;
        must(Box::new(RangeQuery::new(
            bound(min, |v| Term::from_field_i64(f.price, v)),
            bound(max, |v| Term::from_field_i64(f.price, v)),
        )));
    }
    if filters.area != Range::default() {
        let metres = |v: i64| v as f64 / 1000.0;
        let Range { min, max } = filters.area;
        must(Box::new(RangeQuery::new(
            bound(min, |v| Term::from_field_f64(f.area, metres(v))),
            bound(max, |v| Term::from_field_f64(f.area, metres(v))),
        )));
    }
    if let Some(n) = filters.bedrooms.filter(|n| *n > 0) {
        must(Box::new(RangeQuery::new(
            Bound::Included(Term::from_field_u64(f.bedrooms, id(n))),
            Bound::Unbounded,
        )));
    }
    if let Some(bbox) = filters.bbox {
        let degrees = |micro: i64| micro as f64 / 1_000_000.0;
        let within = |field: Field, low: i64, high: i64| -> Box<dyn Query> {
            Box::new(RangeQuery::new(
                Bound::Included(Term::from_field_f64(field, degrees(low))),
                Bound::Included(Term::from_field_f64(field, degrees(high))),
            ))
        };
        must(within(f.longitude, bbox.min_lng, bbox.max_lng));
        must(within(f.latitude, bbox.min_lat, bbox.max_lat));
    }
    if let Some(n) = filters.bathrooms.filter(|n| *n > 0) {
        must(Box::new(RangeQuery::new(
            Bound::Included(Term::from_field_u64(f.bathrooms, id(n))),
            Bound::Unbounded,
        )));
    }
}

/// The instant (epoch seconds) a public request's listings must be live at: each is shown
/// from `live_from` until before `live_until`, judged now, at the request.
pub fn live_at(request: &ListRequest) -> Option<i64> {
    request.active_only.then(crate::platform::db::clock::now_epoch)
}

/// The query of a request but its [`flags`]; `None` when nothing else narrows it.
pub fn rest(f: &Fields, request: &ListRequest) -> Option<Box<dyn Query>> {
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    filter_clauses(f, &request.filters, &mut clauses);
    if request.active_only {
        // The public site shows only the listings published to it (issue 41).
        clauses.push((Occur::Must, term(f.publish_to, rules::portals::Portal::Website.code())));
    }
    if let Some(q) = &request.search {
        for w in rules::search::query_words(q) {
            clauses.push((Occur::Must, word(f.text, &w)));
        }
    }
    (!clauses.is_empty()).then(|| Box::new(BooleanQuery::new(clauses)) as Box<dyn Query>)
}

/// The whole query of a request, flags included: what relevance scores.
pub fn of(f: &Fields, request: &ListRequest) -> Box<dyn Query> {
    let fields = |name: &str| match name {
        names::STATUS => f.status,
        names::DISPLAY => f.display,
        names::OFFERING => f.offering,
        _ => f.featured,
    };
    let mut clauses: Vec<(Occur, Box<dyn Query>)> =
        flags(request).into_iter().map(|(name, value)| (Occur::Must, term(fields(name), value))).collect();
    if let Some(now) = live_at(request) {
        clauses.push((
            Occur::Must,
            Box::new(RangeQuery::new(
                Bound::Unbounded,
                Bound::Included(Term::from_field_i64(f.live_from, now)),
            )),
        ));
        clauses.push((
            Occur::Must,
            Box::new(RangeQuery::new(
                Bound::Excluded(Term::from_field_i64(f.live_until, now)),
                Bound::Unbounded,
            )),
        ));
    }
    if let Some(rest) = rest(f, request) {
        clauses.push((Occur::Must, rest));
    }
    if clauses.is_empty() {
        Box::new(AllQuery)
    } else {
        Box::new(BooleanQuery::new(clauses))
    }
}
