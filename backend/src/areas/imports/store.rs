//! SQL of the imports (migrations 0020, 0024): an import with its file and rows, the check's
//! messages, the commit's lease and progress, the catalogue's names, and the sweep.

use std::collections::HashMap;

use rules::properties::columns::Catalog;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

use super::rows::{Named, Names};
use super::ImportState;
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};

/// Rows per INSERT: three values each, well within every dialect's limit.
const ROWS_PER_INSERT: usize = 300;

pub async fn insert_import(
    conn: &mut AnyConnection,
    user_id: i64,
    file_name: &str,
    file: &[u8],
    columns: &str,
) -> ApiResult<i64> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO imports (user_id, file_name, columns, row_count, status, created_at) \
         VALUES ($1, $2, $3, 0, 'uploaded', $4) RETURNING id",
    )
    .bind(user_id)
    .bind(file_name)
    .bind(columns)
    .bind(clock::now_text())
    .fetch_one(&mut *conn)
    .await?;
    // Apart from the import's row, which every batch of its commit updates (migration 0024).
    sqlx::query("INSERT INTO import_files (import_id, file) VALUES ($1, $2)")
        .bind(id)
        .bind(file)
        .execute(&mut *conn)
        .await?;
    Ok(id)
}

/// Keeps data rows (spreadsheet row number, cells as a JSON array).
pub async fn insert_rows(conn: &mut AnyConnection, import_id: i64, rows: &[(i64, String)]) -> ApiResult<()> {
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let values = db::Marks::of(conn).rows(chunk.len(), 3);
        let sql = format!("INSERT INTO import_rows (import_id, line, cells) VALUES {values}");
        let query = chunk
            .iter()
            .fold(sqlx::query(&sql), |q, (line, cells)| q.bind(import_id).bind(*line).bind(cells.as_str()));
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

pub async fn set_row_count(conn: &mut AnyConnection, import_id: i64, count: i64) -> ApiResult<()> {
    sqlx::query("UPDATE imports SET row_count = $1 WHERE id = $2")
        .bind(count)
        .bind(import_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

const STATE_COLUMNS: &str =
    "id, file_name, status, mode, row_count, total, done, created, updated, invalid, \
     created_at, finished_at, error";

fn state_from_row(row: &AnyRow) -> Result<ImportState, sqlx::Error> {
    Ok(ImportState {
        id: row.try_get("id")?,
        file_name: row.try_get("file_name")?,
        status: row.try_get("status")?,
        mode: row.try_get("mode")?,
        row_count: row.try_get("row_count")?,
        total: row.try_get("total")?,
        done: row.try_get("done")?,
        created: row.try_get("created")?,
        updated: row.try_get("updated")?,
        invalid: row.try_get("invalid")?,
        created_at: row.try_get("created_at")?,
        finished_at: row.try_get("finished_at")?,
        error: row.try_get("error")?,
    })
}

pub async fn state(db: &AnyPool, id: i64) -> ApiResult<ImportState> {
    let sql = format!("SELECT {STATE_COLUMNS} FROM imports WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    let row = row.ok_or_else(|| ApiError::not_found(rules::messages::IMPORT_NOT_FOUND))?;
    Ok(state_from_row(&row)?)
}

/// What the check and the commit read of an import.
pub struct Settings {
    pub columns: Vec<String>,
    pub status: String,
    pub mapping: Option<Vec<Option<String>>>,
    pub mode: Option<String>,
    pub create_missing: bool,
    pub language: String,
    pub user_id: Option<i64>,
}

pub async fn settings(conn: &mut AnyConnection, id: i64) -> ApiResult<Settings> {
    let row = sqlx::query(
        "SELECT columns, status, mapping, mode, create_missing_catalog, language, user_id FROM imports WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(|| ApiError::not_found(rules::messages::IMPORT_NOT_FOUND))?;
    let columns: String = row.try_get("columns")?;
    let mapping: Option<String> = row.try_get("mapping")?;
    Ok(Settings {
        columns: serde_json::from_str(&columns).map_err(ApiError::internal)?,
        status: row.try_get("status")?,
        mapping: mapping.map(|m| serde_json::from_str(&m)).transpose().map_err(ApiError::internal)?,
        mode: row.try_get("mode")?,
        create_missing: db::flag(&row, "create_missing_catalog")?,
        language: row.try_get("language")?,
        user_id: row.try_get("user_id")?,
    })
}

/// Up to `limit` rows after spreadsheet row `after`, in order: (row number, cells, messages).
/// `valid_only`: the rows the last check passed.
pub async fn rows_after(
    conn: &mut AnyConnection,
    id: i64,
    after: i64,
    limit: usize,
    filter: RowFilter,
) -> ApiResult<Vec<(i64, Vec<String>, Option<String>)>> {
    let condition = match filter {
        RowFilter::All => "",
        RowFilter::Valid => " AND messages IS NULL",
        RowFilter::Invalid => " AND messages IS NOT NULL",
    };
    let sql = format!(
        "SELECT line, cells, messages FROM import_rows WHERE import_id = $1 AND line > $2{condition} \
         ORDER BY line LIMIT $3"
    );
    let rows = sqlx::query(&sql)
        .bind(id)
        .bind(after)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&mut *conn)
        .await?;
    rows.iter()
        .map(|row| {
            let cells: String = row.try_get("cells")?;
            Ok((
                row.try_get("line")?,
                serde_json::from_str(&cells).map_err(ApiError::internal)?,
                row.try_get("messages")?,
            ))
        })
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowFilter {
    All,
    Valid,
    Invalid,
}

/// What a check found, as it is kept.
pub struct Checked<'a> {
    pub mapping: &'a str,
    pub mode: &'a str,
    pub create_missing: bool,
    pub language: &'a str,
    pub total: i64,
    pub invalid: i64,
    /// Each invalid row's number and messages (JSON).
    pub messages: &'a [(i64, String)],
}

/// Keeps a check's outcome, unless the import is no longer open to one (false).
pub async fn record_check(db: &AnyPool, id: i64, checked: &Checked<'_>) -> ApiResult<bool> {
    let mut tx = db::begin_write(db).await?;
    let open = sqlx::query(
        "UPDATE imports SET status = 'checked', mapping = $1, mode = $2, create_missing_catalog = $3, \
         language = $4, total = $5, invalid = $6, done = 0, position = 0, created = 0, updated = 0 \
         WHERE id = $7 AND status IN ('uploaded', 'checked')",
    )
    .bind(checked.mapping)
    .bind(checked.mode)
    .bind(checked.create_missing)
    .bind(checked.language)
    .bind(checked.total)
    .bind(checked.invalid)
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if open == 0 {
        return Ok(false);
    }
    sqlx::query("UPDATE import_rows SET messages = NULL WHERE import_id = $1 AND messages IS NOT NULL")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    for (line, messages) in checked.messages {
        sqlx::query("UPDATE import_rows SET messages = $1 WHERE import_id = $2 AND line = $3")
            .bind(messages.as_str())
            .bind(id)
            .bind(*line)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// The catalogue's names: categories, types, places and features.
pub async fn names(conn: &mut AnyConnection) -> ApiResult<Names> {
    let mut names = Names::default();
    for (catalog, sql) in [
        (Catalog::Category, "SELECT id, 0 AS parent, name_en, name_ar FROM categories"),
        (Catalog::PropertyType, "SELECT id, 0 AS parent, name_en, name_ar FROM property_types"),
        (Catalog::Country, "SELECT id, 0 AS parent, name_en, name_ar FROM countries"),
        (Catalog::City, "SELECT id, country_id AS parent, name_en, name_ar FROM cities"),
        (Catalog::Region, "SELECT id, city_id AS parent, name_en, name_ar FROM regions"),
        (Catalog::Feature, "SELECT id, 0 AS parent, name_en, name_ar FROM property_features"),
    ] {
        for row in sqlx::query(sql).fetch_all(&mut *conn).await? {
            let parent: i64 = row.try_get("parent")?;
            let parent = matches!(catalog, Catalog::City | Catalog::Region).then_some(parent);
            names.add(&Named {
                catalog,
                id: row.try_get("id")?,
                parent,
                en: row.try_get("name_en")?,
                ar: row.try_get("name_ar")?,
            });
        }
    }
    names.codes = sqlx::query_scalar("SELECT code FROM countries").fetch_all(&mut *conn).await?;
    Ok(names)
}

/// Every listing's property number, with its id.
pub async fn numbers(conn: &mut AnyConnection) -> ApiResult<HashMap<String, i64>> {
    let rows = sqlx::query("SELECT property_number, id FROM properties WHERE property_number IS NOT NULL")
        .fetch_all(&mut *conn)
        .await?;
    let mut numbers = HashMap::with_capacity(rows.len());
    for row in rows {
        let number: String = row.try_get(0)?;
        numbers.entry(number.trim().to_owned()).or_insert(row.try_get(1)?);
    }
    Ok(numbers)
}

/// The listing each of `numbers` identifies (the oldest, should two share one), with its
/// agent (issue 26), which an import keeps, by number.
pub async fn listings_with_numbers(
    conn: &mut AnyConnection,
    numbers: &[&str],
) -> ApiResult<HashMap<String, (i64, Option<i64>)>> {
    let mut wanted: Vec<&str> = numbers.to_vec();
    wanted.sort_unstable();
    wanted.dedup();
    let mut found = HashMap::with_capacity(wanted.len());
    for chunk in wanted.chunks(db::IDS_PER_STATEMENT) {
        let sql = format!(
            "SELECT p.property_number, p.id, p.agent_id FROM properties p WHERE p.id IN \
             (SELECT MIN(id) FROM properties WHERE property_number {} GROUP BY property_number)",
            db::Marks::of(conn).in_list(chunk.len())
        );
        let rows =
            chunk.iter().fold(sqlx::query(&sql), |q, number| q.bind(*number)).fetch_all(&mut *conn).await?;
        for row in &rows {
            found.insert(row.try_get::<String, _>(0)?, (row.try_get::<i64, _>(1)?, row.try_get(2)?));
        }
    }
    Ok(found)
}

/// Takes the commit of an import for `owner` until `until` (epoch seconds): a checked
/// import, a failed one (to resume it), or one being committed whose lease has run out (its
/// server stopped). Whether it was taken.
pub async fn claim(db: &AnyPool, id: i64, owner: &str, now: i64, until: i64) -> ApiResult<bool> {
    let taken = sqlx::query(
        "UPDATE imports SET status = 'committing', lease_owner = $1, lease_until = $2, error = NULL \
         WHERE id = $3 AND (status IN ('checked', 'failed') OR (status = 'committing' AND lease_until < $4))",
    )
    .bind(owner)
    .bind(until)
    .bind(id)
    .bind(now)
    .execute(db)
    .await?
    .rows_affected();
    Ok(taken == 1)
}

/// The imports being committed whose lease has run out.
pub async fn abandoned(db: &AnyPool, now: i64) -> ApiResult<Vec<i64>> {
    let ids = sqlx::query_scalar("SELECT id FROM imports WHERE status = 'committing' AND lease_until < $1")
        .bind(now)
        .fetch_all(db)
        .await?;
    Ok(ids)
}

/// A batch's progress, in the batch's transaction.
pub struct Progress {
    pub position: i64,
    pub done: i64,
    pub created: i64,
    pub updated: i64,
    pub invalid: i64,
}

/// Moves the import's progress by a batch and renews the lease, in the batch's transaction;
/// false when `owner` no longer holds the lease (the batch must then be rolled back).
pub async fn advance(
    conn: &mut AnyConnection,
    id: i64,
    owner: &str,
    step: &Progress,
    until: i64,
) -> ApiResult<bool> {
    let moved = sqlx::query(
        "UPDATE imports SET position = $1, done = done + $2, created = created + $3, updated = updated + $4, \
         invalid = invalid + $5, lease_until = $6 WHERE id = $7 AND lease_owner = $8 AND status = 'committing'",
    )
    .bind(step.position)
    .bind(step.done)
    .bind(step.created)
    .bind(step.updated)
    .bind(step.invalid)
    .bind(until)
    .bind(id)
    .bind(owner)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(moved == 1)
}

/// Where the commit stands: the last row handled.
pub async fn position(conn: &mut AnyConnection, id: i64) -> ApiResult<i64> {
    Ok(sqlx::query_scalar("SELECT position FROM imports WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *conn)
        .await?)
}

/// Ends the commit: done, or failed with why.
pub async fn finish(db: &AnyPool, id: i64, owner: &str, error: Option<&str>) -> ApiResult<()> {
    let status = if error.is_some() { "failed" } else { "done" };
    sqlx::query(
        "UPDATE imports SET status = $1, error = $2, finished_at = $3, lease_owner = NULL, lease_until = NULL \
         WHERE id = $4 AND lease_owner = $5",
    )
    .bind(status)
    .bind(error)
    .bind(clock::now_text())
    .bind(id)
    .bind(owner)
    .execute(db)
    .await?;
    Ok(())
}

/// Deletes the imports older than [`rules::imports::KEEP_DAYS`] days, with their files and
/// rows (not while one is being committed).
pub async fn prune(db: &AnyPool, now: i64) -> ApiResult<u64> {
    let cutoff = time::OffsetDateTime::from_unix_timestamp(now - rules::imports::KEEP_DAYS * 86_400)
        .map_err(ApiError::internal)?
        .format(&time::format_description::well_known::Rfc3339)
        .map_err(ApiError::internal)?;
    let mut tx = db::begin_write(db).await?;
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM imports WHERE created_at < $1 AND status <> 'committing'")
            .bind(&cutoff)
            .fetch_all(&mut *tx)
            .await?;
    for id in &ids {
        sqlx::query("DELETE FROM import_rows WHERE import_id = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM import_files WHERE import_id = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM imports WHERE id = $1").bind(id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(u64::try_from(ids.len()).unwrap_or_default())
}

/// Who a resumed commit writes as: the user who uploaded the import (while the account exists).
pub async fn uploader(db: &AnyPool, id: i64) -> ApiResult<crate::platform::audit::Actor> {
    let row = sqlx::query(
        "SELECT u.id, u.username FROM imports i LEFT JOIN users u ON u.id = i.user_id WHERE i.id = $1",
    )
    .bind(id)
    .fetch_optional(db)
    .await?;
    let (user_id, username) = match row {
        Some(row) => (row.try_get::<Option<i64>, _>(0)?, row.try_get::<Option<String>, _>(1)?),
        None => (None, None),
    };
    Ok(crate::platform::audit::Actor { user_id, username })
}
