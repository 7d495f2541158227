//! SQL of an import's file and rows as they arrive (migrations 0020, 0024), and of the
//! imports' end: discarded by their user, replaced by a newer upload, or swept.

use sqlx::AnyConnection;
use sqlx::AnyPool;

use rules::imports::{KEEP_DAYS, MAX_UNFINISHED};

use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};

/// Rows per INSERT: three values each, well within every dialect's limit.
const ROWS_PER_INSERT: usize = 300;

/// Statuses of an import its user has not finished with; the first three may be replaced by
/// a newer upload, the others are at work.
const REPLACEABLE: &str = "'uploaded', 'checked', 'failed'";
const AT_WORK: &str = "'uploading', 'committing'";

/// Starts an import (status `uploading` until its last row is kept) in a transaction of its
/// own, first making room among its user's unfinished imports: the oldest replaceable ones
/// go until fewer than [`MAX_UNFINISHED`] remain. `None` when the user's imports at work
/// leave no room.
pub async fn insert_import(
    db: &AnyPool,
    user_id: i64,
    file_name: &str,
    file: &[u8],
    columns: &str,
) -> ApiResult<Option<i64>> {
    let mut tx = db::begin_write(db).await?;
    let unfinished: Vec<(i64, String)> = sqlx::query_as(&format!(
        "SELECT id, status FROM imports WHERE user_id = $1 AND status IN ({REPLACEABLE}, {AT_WORK}) \
         ORDER BY id"
    ))
    .bind(user_id)
    .fetch_all(&mut *tx)
    .await?;
    let may_stay = usize::try_from(MAX_UNFINISHED - 1).unwrap_or_default();
    let mut excess = unfinished.len().saturating_sub(may_stay);
    for (id, status) in &unfinished {
        if excess > 0 && !matches!(status.as_str(), "uploading" | "committing") {
            delete(&mut tx, *id).await?;
            excess -= 1;
        }
    }
    if excess > 0 {
        return Ok(None);
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO imports (user_id, file_name, columns, row_count, status, created_at) \
         VALUES ($1, $2, $3, 0, 'uploading', $4) RETURNING id",
    )
    .bind(user_id)
    .bind(file_name)
    .bind(columns)
    .bind(clock::now_text())
    .fetch_one(&mut *tx)
    .await?;
    // Apart from the import's row, which every batch of its commit updates (migration 0024).
    sqlx::query("INSERT INTO import_files (import_id, file) VALUES ($1, $2)")
        .bind(id)
        .bind(file)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Some(id))
}

/// Keeps data rows (spreadsheet row number, cells as a JSON array) of an import being
/// uploaded, in a short transaction of their own: the write lock is held for the rows'
/// INSERT, never while the file is read.
pub async fn insert_rows(db: &AnyPool, import_id: i64, rows: &[(i64, String)]) -> ApiResult<()> {
    let mut tx = db::begin_write(db).await?;
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let values = db::Marks::of(&tx).rows(chunk.len(), 3);
        let sql = format!("INSERT INTO import_rows (import_id, line, cells) VALUES {values}");
        let query = chunk
            .iter()
            .fold(sqlx::query(&sql), |q, (line, cells)| q.bind(import_id).bind(*line).bind(cells.as_str()));
        query.execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Ends an upload: the import, with its `count` rows, is open to a check.
pub async fn uploaded(db: &AnyPool, import_id: i64, count: i64) -> ApiResult<()> {
    let mut tx = db::begin_write(db).await?;
    sqlx::query("UPDATE imports SET row_count = $1, status = 'uploaded' WHERE id = $2")
        .bind(count)
        .bind(import_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Deletes an import with its file and rows.
pub async fn discard(db: &AnyPool, import_id: i64) -> ApiResult<()> {
    let mut tx = db::begin_write(db).await?;
    delete(&mut tx, import_id).await?;
    tx.commit().await?;
    Ok(())
}

async fn delete(conn: &mut AnyConnection, id: i64) -> ApiResult<()> {
    sqlx::query("DELETE FROM import_rows WHERE import_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM import_files WHERE import_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM imports WHERE id = $1").bind(id).execute(&mut *conn).await?;
    Ok(())
}

/// Deletes the imports older than [`rules::imports::KEEP_DAYS`] days, with their files and
/// rows (not while one is being committed), and uploads that a stopped server left unfinished
/// for an hour.
pub async fn prune(db: &AnyPool, now: i64) -> ApiResult<u64> {
    let before = |seconds: i64| -> ApiResult<String> {
        time::OffsetDateTime::from_unix_timestamp(now - seconds)
            .map_err(ApiError::internal)?
            .format(&time::format_description::well_known::Rfc3339)
            .map_err(ApiError::internal)
    };
    let (kept, stalled) = (before(KEEP_DAYS * 86_400)?, before(3_600)?);
    let mut tx = db::begin_write(db).await?;
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM imports WHERE (created_at < $1 AND status <> 'committing') \
         OR (created_at < $2 AND status = 'uploading')",
    )
    .bind(&kept)
    .bind(&stalled)
    .fetch_all(&mut *tx)
    .await?;
    for id in &ids {
        delete(&mut tx, *id).await?;
    }
    tx.commit().await?;
    Ok(u64::try_from(ids.len()).unwrap_or_default())
}
