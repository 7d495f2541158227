//! The lists' search index and totals (migration 0014), kept by the property writes in
//! their own transaction and rebuilt from the listings when it is missing (an upgraded
//! database) or after a bulk load (the seeder, the demo data).
//!
//! - `search_words` holds every word of every listing's folded `search_text`, with how many
//!   listings (and active listings) hold it; `search_suffixes` finds the words containing a
//!   one-word `q`.
//! - `property_words` lists each word's listings in `created_at` order, so a searched page
//!   is read from an index at any depth.
//! - `property_counts` keeps the totals of the lists with at most one filter.

mod rebuild;
mod sync;

pub use self::rebuild::{fairing, is_missing, rebuild};
pub use self::sync::{sync, sync_many};

use std::collections::{BTreeMap, BTreeSet};

use rules::vocabularies::PropertyStatus;
use sqlx::{AnyConnection, Row};

use super::listing::{Filters, ListRequest};
use super::Listing;
use crate::platform::http::error::ApiResult;

/// A one-word `q` contained in more words than this is searched through the text instead:
/// its rows are not worth reading word by word.
pub const MAX_WORDS: usize = 64;

/// Suffixes shorter than this are not kept: a shorter `q` is searched through the text.
pub const MIN_SUFFIX: usize = 3;

/// Statements that write many rows at once bind at most this many values.
const VALUES_PER_STATEMENT: usize = crate::platform::db::VALUES_PER_STATEMENT;

/// Index writes held back to the end of a batch (an import's), then made at once by
/// [`sync_many`]: a few statements for the batch instead of a few dozen per listing.
#[derive(Debug, Default)]
pub struct Deferred(Vec<(Option<Indexed>, Option<Indexed>)>);

impl Deferred {
    pub fn push(&mut self, before: Option<Indexed>, after: Option<Indexed>) {
        self.0.push((before, after));
    }

    pub async fn write(self, conn: &mut AnyConnection) -> ApiResult<()> {
        let writes: Vec<(Option<&Indexed>, Option<&Indexed>)> =
            self.0.iter().map(|(before, after)| (before.as_ref(), after.as_ref())).collect();
        sync_many(conn, &writes).await
    }
}

/// What of a listing the index and the totals read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Indexed {
    pub id: i64,
    pub created_at: String,
    pub status: String,
    pub category_id: i64,
    pub type_id: i64,
    pub display_type: String,
    pub country_id: Option<i64>,
    pub city_id: Option<i64>,
    pub is_featured: bool,
    pub words: BTreeSet<String>,
}

impl Indexed {
    pub fn of(listing: &Listing) -> Indexed {
        let text = rules::fold::search_text(
            &listing.title_en,
            &listing.title_ar,
            listing.property_number.as_deref(),
            &listing.location_en,
            &listing.location_ar,
        );
        Indexed {
            id: listing.id,
            created_at: listing.created_at.clone(),
            status: listing.status.value().to_owned(),
            category_id: listing.category_id,
            type_id: listing.type_id,
            display_type: listing.display_type.value().to_owned(),
            country_id: listing.country_id,
            city_id: listing.city_id,
            is_featured: listing.is_featured,
            words: rules::fold::words(&text).map(str::to_owned).collect(),
        }
    }

    fn active(&self) -> bool {
        self.status == PropertyStatus::Active.value()
    }

    fn facets(&self) -> Vec<Facet> {
        let mut facets = vec![
            Facet::All,
            Facet::Status(self.status.clone()),
            Facet::Category(self.category_id),
            Facet::Type(self.type_id),
            Facet::Display(self.display_type.clone()),
            Facet::Featured(self.is_featured),
        ];
        facets.extend(self.country_id.map(Facet::Country));
        facets.extend(self.city_id.map(Facet::City));
        facets
    }

    /// The totals this listing counts in.
    fn count_keys(&self) -> BTreeSet<String> {
        let mut keys: BTreeSet<String> = self.facets().iter().map(|facet| facet.key(false)).collect();
        if self.active() {
            keys.extend(self.facets().iter().map(|facet| facet.key(true)));
        }
        keys
    }
}

/// One filter's value, or none: what a kept total counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Facet {
    All,
    Status(String),
    Category(i64),
    Type(i64),
    Display(String),
    Country(i64),
    City(i64),
    Featured(bool),
}

impl Facet {
    /// The key of its total in `property_counts`; `active`: of the active listings only.
    pub fn key(&self, active: bool) -> String {
        let key = match self {
            Facet::All => "*".to_owned(),
            Facet::Status(status) => format!("status={status}"),
            Facet::Category(id) => format!("category={id}"),
            Facet::Type(id) => format!("type={id}"),
            Facet::Display(display) => format!("display={display}"),
            Facet::Country(id) => format!("country={id}"),
            Facet::City(id) => format!("city={id}"),
            Facet::Featured(featured) => format!("featured={featured}"),
        };
        if active {
            format!("a:{key}")
        } else {
            key
        }
    }
}

/// Which listings a request reads, as the index sees it: only the active ones (the public
/// list, or a status filter of 'active'), and the other filters. `None` when it can match
/// nothing (the public list filtered on another status).
pub struct Scope {
    pub active: bool,
    pub filters: Filters,
}

impl Scope {
    pub fn of(request: &ListRequest) -> Option<Scope> {
        let mut filters = request.filters.clone();
        let status = filters.status.take();
        let active = request.active_only || status == Some(PropertyStatus::Active);
        match status {
            Some(other) if other != PropertyStatus::Active && active => None,
            Some(other) if other != PropertyStatus::Active => {
                filters.status = Some(other);
                Some(Scope { active, filters })
            }
            _ => Some(Scope { active, filters }),
        }
    }

    /// The filters other than the scope's own, as facets.
    pub fn facets(&self) -> Vec<Facet> {
        let f = &self.filters;
        let mut facets = Vec::new();
        facets.extend(f.status.map(|s| Facet::Status(s.value().to_owned())));
        facets.extend(f.category_id.map(Facet::Category));
        facets.extend(f.type_id.map(Facet::Type));
        facets.extend(f.display_type.map(|d| Facet::Display(d.value().to_owned())));
        facets.extend(f.country_id.map(Facet::Country));
        facets.extend(f.city_id.map(Facet::City));
        facets.extend(f.is_featured.map(Facet::Featured));
        facets
    }
}

/// A word that contains the searched `q`, with how many listings hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word {
    pub id: i64,
    pub properties: i64,
    pub active: i64,
}

/// The words held by some listing that contain the folded one-word `q`; `None` when `q` is
/// not one word of [`MIN_SUFFIX`] characters or more, or is in more than [`MAX_WORDS`] words.
pub async fn words_containing(conn: &mut AnyConnection, folded: &str) -> ApiResult<Option<Vec<Word>>> {
    if !rules::fold::is_one_word(folded) || folded.chars().count() < MIN_SUFFIX {
        return Ok(None);
    }
    // Every suffix that starts with `q` sorts from `q` up to `q` followed by the last
    // character. A word may have two such suffixes ('villavilla'), hence room for repeats.
    let sql = "SELECT w.id, w.properties, w.active FROM search_suffixes s \
               JOIN search_words w ON w.id = s.word_id \
               WHERE s.suffix >= $1 AND s.suffix < $2 AND w.properties > 0 LIMIT $3";
    let limit = i64::try_from(4 * (MAX_WORDS + 1)).unwrap_or(i64::MAX);
    let rows = sqlx::query(sql)
        .bind(folded)
        .bind(format!("{folded}{}", char::MAX))
        .bind(limit)
        .fetch_all(&mut *conn)
        .await?;
    let mut words = BTreeMap::new();
    for row in &rows {
        let word = Word { id: row.try_get(0)?, properties: row.try_get(1)?, active: row.try_get(2)? };
        words.insert(word.id, word);
    }
    if words.len() > MAX_WORDS || i64::try_from(rows.len()).unwrap_or(i64::MAX) >= limit {
        return Ok(None);
    }
    let words: Vec<Word> = words.into_values().collect();
    Ok(Some(words))
}

/// The kept total of the listings in `active` scope with `facet`.
pub async fn kept_total(conn: &mut AnyConnection, facet: &Facet, active: bool) -> ApiResult<i64> {
    let count: Option<i64> = sqlx::query_scalar("SELECT count FROM property_counts WHERE key = $1")
        .bind(facet.key(active))
        .fetch_optional(&mut *conn)
        .await?;
    Ok(count.unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_active_listing_counts_in_both_scopes_and_a_sold_one_in_one() {
        let mut listing = Indexed {
            id: 1,
            created_at: "2026-01-01T00:00:00Z".into(),
            status: "active".into(),
            category_id: 3,
            type_id: 4,
            display_type: "public".into(),
            country_id: Some(5),
            city_id: None,
            is_featured: false,
            words: BTreeSet::new(),
        };
        let keys = listing.count_keys();
        assert!(keys.contains("*") && keys.contains("a:*") && keys.contains("a:category=3"));
        assert!(!keys.iter().any(|k| k.starts_with("city=")));
        listing.status = "sold".into();
        let keys = listing.count_keys();
        assert!(keys.contains("status=sold") && !keys.contains("a:*"));
    }
}
