//! SQL of a commit's lease and progress: one server writes an import at a time, batch by
//! batch, and another takes over once the lease runs out.

use sqlx::{AnyConnection, AnyPool, Row};

use crate::platform::db::clock;
use crate::platform::http::error::ApiResult;

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
