//! Building the index and the totals anew from every listing: at start when an upgraded
//! database has none, and after a bulk load.

use rocket::fairing::AdHoc;
use rocket_db_pools::Database;
use std::collections::{BTreeMap, HashMap};

use sqlx::{AnyConnection, Row};

use super::sync::{insert_postings, insert_suffixes, suffixes, Posting};
use super::{Indexed, VALUES_PER_STATEMENT};
use crate::platform::db::{self, Db};
use crate::platform::http::error::{ApiError, ApiResult};

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
        let rows = db::Marks::of(conn).rows(chunk.len(), 3);
        let sql = format!("INSERT INTO search_words (word, properties, active) VALUES {rows}");
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
        let rows = db::Marks::of(conn).rows(chunk.len(), 2);
        let sql = format!("INSERT INTO property_counts (key, count) VALUES {rows}");
        let query = chunk.iter().fold(sqlx::query(&sql), |q, (key, count)| q.bind(key.as_str()).bind(*count));
        query.execute(&mut *conn).await?;
    }
    Ok(())
}
