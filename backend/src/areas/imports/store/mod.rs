//! SQL of the imports (migrations 0020, 0024): an import's state and settings, its rows as the
//! check and the commit read them, and the check's messages. Its file and rows as they arrive
//! are `files`, the catalogue's names `catalog`, the commit's lease `lease`.

mod catalog;
mod files;
mod lease;

pub use catalog::{listings_with_numbers, names, numbers};
pub use files::{discard, insert_import, insert_rows, prune, uploaded};
pub use lease::{abandoned, advance, claim, finish, position, uploader, Progress};

use rocket::futures::TryStreamExt;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

use super::ImportState;
use crate::platform::db;
use crate::platform::http::error::{ApiError, ApiResult};

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

/// Who uploaded an import (`None` once their account is gone); 404 when there is no such import.
pub async fn uploaded_by(db: &AnyPool, id: i64) -> ApiResult<Option<i64>> {
    let row =
        sqlx::query_scalar("SELECT user_id FROM imports WHERE id = $1").bind(id).fetch_optional(db).await?;
    row.ok_or_else(|| ApiError::not_found(rules::messages::IMPORT_NOT_FOUND))
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

/// A data row as kept: its spreadsheet row number, its cells, and whether the last check
/// found it invalid.
pub struct StoredRow {
    pub line: i64,
    pub cells: Vec<String>,
    pub invalid: bool,
}

/// The rows after spreadsheet row `after`, in order: up to `limit`
/// rows, and no more once they hold [`PAGE_BYTES`], so a page of long rows stays small. An
/// empty page: no row is left.
pub async fn rows_after(
    conn: &mut AnyConnection,
    id: i64,
    after: i64,
    limit: usize,
    filter: RowFilter,
) -> ApiResult<Vec<StoredRow>> {
    let condition = match filter {
        RowFilter::All => "",
        RowFilter::Valid => " AND NOT invalid",
        RowFilter::Invalid => " AND invalid",
    };
    let sql = format!(
        "SELECT line, cells, invalid FROM import_rows WHERE import_id = $1 AND line > $2{condition} \
         ORDER BY line LIMIT $3"
    );
    let mut rows = sqlx::query(&sql)
        .bind(id)
        .bind(after)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch(&mut *conn);
    let (mut page, mut bytes) = (Vec::new(), 0);
    while let Some(row) = rows.try_next().await? {
        let cells: String = row.try_get("cells")?;
        bytes += cells.len();
        page.push(StoredRow {
            line: row.try_get("line")?,
            cells: serde_json::from_str(&cells).map_err(ApiError::internal)?,
            invalid: db::flag(&row, "invalid")?,
        });
        if bytes >= PAGE_BYTES {
            break;
        }
    }
    Ok(page)
}

/// The bytes of rows a page holds at most (past one row): rows are read a page at a time
/// by the check, the commit and the rejected rows, whatever their length.
pub const PAGE_BYTES: usize = 4 << 20;

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
    /// The invalid rows' numbers.
    pub invalid_lines: &'a [i64],
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
    sqlx::query("UPDATE import_rows SET invalid = $1 WHERE import_id = $2 AND invalid")
        .bind(false)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    for lines in checked.invalid_lines.chunks(db::IDS_PER_STATEMENT) {
        let mut marks = db::Marks::of(&tx);
        let (flag, import) = (marks.mark(), marks.mark());
        let sql = format!(
            "UPDATE import_rows SET invalid = {flag} WHERE import_id = {import} AND line {}",
            marks.in_list(lines.len())
        );
        let query = sqlx::query(&sql).bind(true).bind(id);
        lines.iter().fold(query, |q, line| q.bind(*line)).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(true)
}
