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

use std::collections::{BTreeMap, BTreeSet, HashMap};

use rules::vocabularies::PropertyStatus;
use sqlx::{AnyConnection, Row};

use super::listing::{Filters, ListRequest};
use super::Listing;
use rocket::fairing::AdHoc;
use rocket_db_pools::Database;

use crate::platform::db::{self, Db};
use crate::platform::http::error::{ApiError, ApiResult};

/// A one-word `q` contained in more words than this is searched through the text instead:
/// its rows are not worth reading word by word.
pub const MAX_WORDS: usize = 64;

/// Suffixes shorter than this are not kept: a shorter `q` is searched through the text.
pub const MIN_SUFFIX: usize = 3;

/// Statements that write many rows at once bind at most this many values.
const VALUES_PER_STATEMENT: usize = 4000;

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

/// Brings the index and the totals from `before` to `after` in the writer's transaction:
/// `None` before for a new listing, `None` after for a deleted one. A save that changes no
/// word and no filtered field writes nothing here.
pub async fn sync(
    conn: &mut AnyConnection,
    before: Option<&Indexed>,
    after: Option<&Indexed>,
) -> ApiResult<()> {
    if before == after {
        return Ok(());
    }
    let Some(id) = after.or(before).map(|listing| listing.id) else { return Ok(()) };
    let keys = |listing: Option<&Indexed>| listing.map(Indexed::count_keys).unwrap_or_default();
    let (old_keys, new_keys) = (keys(before), keys(after));
    let mut deltas: BTreeMap<&str, i64> = BTreeMap::new();
    for key in old_keys.difference(&new_keys) {
        deltas.insert(key, -1);
    }
    for key in new_keys.difference(&old_keys) {
        deltas.insert(key, 1);
    }
    // In key order, so two writers never wait on each other's totals crosswise.
    for (key, delta) in deltas {
        sqlx::query(
            "INSERT INTO property_counts (key, count) VALUES ($1, $2) \
             ON CONFLICT (key) DO UPDATE SET count = property_counts.count + excluded.count",
        )
        .bind(key)
        .bind(delta)
        .execute(&mut *conn)
        .await?;
    }

    let empty = BTreeSet::new();
    let old_words = before.map_or(&empty, |b| &b.words);
    let new_words = after.map_or(&empty, |a| &a.words);
    let was_active = i64::from(before.is_some_and(Indexed::active));
    let is_active = i64::from(after.is_some_and(Indexed::active));
    let moved = before.zip(after).is_some_and(|(b, a)| b.created_at != a.created_at);
    // Per word: (listings, active listings) gained or lost.
    let mut changes: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
    for word in old_words.difference(new_words) {
        changes.insert(word, (-1, -was_active));
    }
    for word in new_words.difference(old_words) {
        changes.insert(word, (1, is_active));
    }
    for word in old_words.intersection(new_words) {
        if was_active != is_active {
            changes.insert(word, (0, is_active - was_active));
        }
    }
    // A listing whose date moved is listed anew under every word.
    let listed_anew: &BTreeSet<String> = if moved { new_words } else { &empty };
    let ids = word_ids(conn, changes.keys().copied().chain(listed_anew.iter().map(String::as_str))).await?;

    let removed: Vec<i64> =
        old_words.difference(new_words).filter_map(|w| ids.get(w.as_str()).copied()).collect();
    if after.is_none() || moved {
        sqlx::query("DELETE FROM property_words WHERE property_id = $1").bind(id).execute(&mut *conn).await?;
    } else if !removed.is_empty() {
        let marks: Vec<String> = (2..removed.len() + 2).map(|n| format!("${n}")).collect();
        let sql = format!(
            "DELETE FROM property_words WHERE property_id = $1 AND word_id IN ({})",
            marks.join(", ")
        );
        removed.iter().fold(sqlx::query(&sql).bind(id), |q, word| q.bind(*word)).execute(&mut *conn).await?;
    }
    if let Some(after) = after {
        if was_active != is_active && !moved {
            sqlx::query("UPDATE property_words SET active = $1 WHERE property_id = $2")
                .bind(is_active)
                .bind(id)
                .execute(&mut *conn)
                .await?;
        }
        let added: Vec<i64> = if moved {
            new_words.iter().filter_map(|w| ids.get(w.as_str()).copied()).collect()
        } else {
            new_words.difference(old_words).filter_map(|w| ids.get(w.as_str()).copied()).collect()
        };
        let postings: Vec<Posting> = added
            .into_iter()
            .map(|word_id| Posting {
                word_id,
                created_at: after.created_at.clone(),
                property_id: id,
                active: is_active,
            })
            .collect();
        insert_postings(conn, &postings).await?;
    }

    let mut counted: Vec<(i64, (i64, i64))> =
        changes.iter().filter_map(|(word, delta)| ids.get(*word).map(|id| (*id, *delta))).collect();
    counted.sort_unstable();
    for (word_id, (properties, active)) in counted {
        sqlx::query(
            "UPDATE search_words SET properties = properties + $1, active = active + $2 WHERE id = $3",
        )
        .bind(properties)
        .bind(active)
        .bind(word_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The ids of `words`, each added to the vocabulary (with its suffixes) when new.
async fn word_ids<'w>(
    conn: &mut AnyConnection,
    words: impl Iterator<Item = &'w str>,
) -> ApiResult<HashMap<String, i64>> {
    let mut words: Vec<&str> = words.collect();
    words.sort_unstable();
    words.dedup();
    if words.is_empty() {
        return Ok(HashMap::new());
    }
    let mut ids = known_ids(conn, &words).await?;
    let missing: Vec<&str> = words.iter().copied().filter(|word| !ids.contains_key(*word)).collect();
    if missing.is_empty() {
        return Ok(ids);
    }
    for word in &missing {
        sqlx::query("INSERT INTO search_words (word) VALUES ($1) ON CONFLICT (word) DO NOTHING")
            .bind(*word)
            .execute(&mut *conn)
            .await?;
    }
    let added = known_ids(conn, &missing).await?;
    let suffixes: Vec<(String, i64)> = added
        .iter()
        .flat_map(|(word, id)| suffixes(word).map(move |suffix| (suffix.to_owned(), *id)))
        .collect();
    insert_suffixes(conn, &suffixes, true).await?;
    ids.extend(added);
    Ok(ids)
}

async fn known_ids(conn: &mut AnyConnection, words: &[&str]) -> ApiResult<HashMap<String, i64>> {
    let mut ids = HashMap::new();
    for chunk in words.chunks(VALUES_PER_STATEMENT) {
        let marks: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
        let sql = format!("SELECT id, word FROM search_words WHERE word IN ({})", marks.join(", "));
        let rows =
            chunk.iter().fold(sqlx::query(&sql), |q, word| q.bind(*word)).fetch_all(&mut *conn).await?;
        for row in &rows {
            ids.insert(row.try_get::<String, _>(1)?, row.try_get::<i64, _>(0)?);
        }
    }
    Ok(ids)
}

/// The suffixes of `word` of [`MIN_SUFFIX`] characters or more, the word itself first.
fn suffixes(word: &str) -> impl Iterator<Item = &str> {
    let length = word.chars().count();
    word.char_indices().take(length.saturating_sub(MIN_SUFFIX - 1)).map(move |(at, _)| &word[at..])
}

struct Posting {
    word_id: i64,
    created_at: String,
    property_id: i64,
    active: i64,
}

async fn insert_postings(conn: &mut AnyConnection, postings: &[Posting]) -> ApiResult<()> {
    for chunk in postings.chunks(VALUES_PER_STATEMENT / 4) {
        let rows: Vec<String> = (0..chunk.len())
            .map(|i| format!("(${}, ${}, ${}, ${})", 4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i + 4))
            .collect();
        let sql = format!(
            "INSERT INTO property_words (word_id, created_at, property_id, active) VALUES {}",
            rows.join(", ")
        );
        let query = chunk.iter().fold(sqlx::query(&sql), |q, p| {
            q.bind(p.word_id).bind(p.created_at.as_str()).bind(p.property_id).bind(p.active)
        });
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

async fn insert_suffixes(
    conn: &mut AnyConnection,
    suffixes: &[(String, i64)],
    may_exist: bool,
) -> ApiResult<()> {
    let conflict = if may_exist { " ON CONFLICT DO NOTHING" } else { "" };
    for chunk in suffixes.chunks(VALUES_PER_STATEMENT / 2) {
        let rows: Vec<String> =
            (0..chunk.len()).map(|i| format!("(${}, ${})", 2 * i + 1, 2 * i + 2)).collect();
        let sql =
            format!("INSERT INTO search_suffixes (suffix, word_id) VALUES {}{conflict}", rows.join(", "));
        let query = chunk.iter().fold(sqlx::query(&sql), |q, (suffix, id)| q.bind(suffix.as_str()).bind(*id));
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

/// Builds the index at start when the database has listings but no index yet.
pub fn fairing() -> AdHoc {
    AdHoc::try_on_ignite("Search index", |rocket| async move {
        let Some(db) = Db::fetch(&rocket) else { return Err(rocket) };
        let built = async {
            let mut tx = db::begin_write(db.pool()).await?;
            if is_missing(&mut tx).await? {
                rocket::info!("building the listings' search index");
                rebuild(&mut tx).await?;
            }
            tx.commit().await?;
            Ok::<(), ApiError>(())
        };
        match built.await {
            Ok(()) => Ok(rocket),
            Err(error) => {
                rocket::error!("cannot build the search index: {}", error.message);
                Err(rocket)
            }
        }
    })
}

/// Whether the index must be built: listings exist but no total was ever kept (a database
/// from before the index).
pub async fn is_missing(conn: &mut AnyConnection) -> ApiResult<bool> {
    let row = sqlx::query(
        "SELECT EXISTS (SELECT 1 FROM properties), EXISTS (SELECT 1 FROM property_counts WHERE key = '*')",
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok(db::flag(&row, 0)? && !db::flag(&row, 1)?)
}

/// Builds the index and the totals anew from every listing, in the caller's transaction.
pub async fn rebuild(conn: &mut AnyConnection) -> ApiResult<()> {
    for table in ["property_words", "search_suffixes", "search_words", "property_counts"] {
        sqlx::query(&format!("DELETE FROM {table}")).execute(&mut *conn).await?;
    }
    let rows = sqlx::query(
        "SELECT id, search_text, created_at, status, category_id, type_id, display_type, country_id, \
         city_id, is_featured FROM properties",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut listings = Vec::with_capacity(rows.len());
    for row in &rows {
        let text: &str = row.try_get(1)?;
        listings.push(Indexed {
            id: row.try_get(0)?,
            created_at: row.try_get(2)?,
            status: row.try_get(3)?,
            category_id: row.try_get(4)?,
            type_id: row.try_get(5)?,
            display_type: row.try_get(6)?,
            country_id: row.try_get(7)?,
            city_id: row.try_get(8)?,
            is_featured: db::flag(row, 9)?,
            words: rules::fold::words(text).map(str::to_owned).collect(),
        });
    }
    drop(rows);

    let mut totals: BTreeMap<String, i64> = BTreeMap::new();
    let mut words: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
    for listing in &listings {
        for key in listing.count_keys() {
            *totals.entry(key).or_default() += 1;
        }
        let active = i64::from(listing.active());
        for word in &listing.words {
            let counts = words.entry(word).or_default();
            counts.0 += 1;
            counts.1 += active;
        }
    }
    let words: Vec<(&str, (i64, i64))> = words.into_iter().collect();
    for chunk in words.chunks(VALUES_PER_STATEMENT / 3) {
        let rows: Vec<String> =
            (0..chunk.len()).map(|i| format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3)).collect();
        let sql = format!("INSERT INTO search_words (word, properties, active) VALUES {}", rows.join(", "));
        let query = chunk
            .iter()
            .fold(sqlx::query(&sql), |q, (word, (all, active))| q.bind(*word).bind(*all).bind(*active));
        query.execute(&mut *conn).await?;
    }
    let mut ids: HashMap<String, i64> = HashMap::with_capacity(words.len());
    for row in sqlx::query("SELECT id, word FROM search_words").fetch_all(&mut *conn).await? {
        ids.insert(row.try_get(1)?, row.try_get(0)?);
    }
    let suffix_rows: Vec<(String, i64)> = ids
        .iter()
        .flat_map(|(word, id)| suffixes(word).map(move |suffix| (suffix.to_owned(), *id)))
        .collect();
    insert_suffixes(conn, &suffix_rows, false).await?;
    for chunk in listings.chunks(500) {
        let postings: Vec<Posting> = chunk
            .iter()
            .flat_map(|listing| {
                let active = i64::from(listing.active());
                let ids = &ids;
                listing.words.iter().filter_map(move |word| {
                    ids.get(word).map(|word_id| Posting {
                        word_id: *word_id,
                        created_at: listing.created_at.clone(),
                        property_id: listing.id,
                        active,
                    })
                })
            })
            .collect();
        insert_postings(conn, &postings).await?;
    }
    let totals: Vec<(String, i64)> = totals.into_iter().collect();
    for chunk in totals.chunks(VALUES_PER_STATEMENT / 2) {
        let rows: Vec<String> =
            (0..chunk.len()).map(|i| format!("(${}, ${})", 2 * i + 1, 2 * i + 2)).collect();
        let sql = format!("INSERT INTO property_counts (key, count) VALUES {}", rows.join(", "));
        let query = chunk.iter().fold(sqlx::query(&sql), |q, (key, count)| q.bind(key.as_str()).bind(*count));
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_of_three_characters_or_more() {
        assert_eq!(suffixes("villa").collect::<Vec<_>>(), ["villa", "illa", "lla"]);
        assert_eq!(suffixes("فيلا").collect::<Vec<_>>(), ["فيلا", "يلا"]);
        assert_eq!(suffixes("ab").count(), 0);
    }

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
