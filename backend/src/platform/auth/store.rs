//! SQL for the sessions table. A session row holds the SHA-256 of its token, never the token.

use sqlx::{AnyPool, Row};

use super::two_factor;
use super::user::{self, User};
use crate::platform::http::error::ApiResult;

/// A session as found by its token's hash, with its account.
pub struct FoundSession {
    pub user: User,
    pub second_factor: two_factor::State,
    pub created_epoch: i64,
    pub last_seen_epoch: i64,
}

pub async fn insert(db: &AnyPool, token_hash: &str, user_id: i64, now: i64) -> ApiResult<()> {
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, created_epoch, last_seen_epoch) VALUES ($1, $2, $3, $3)",
    )
    .bind(token_hash)
    .bind(user_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn find(db: &AnyPool, token_hash: &str) -> ApiResult<Option<FoundSession>> {
    let sql = format!(
        "SELECT s.created_epoch, s.last_seen_epoch, u.totp_secret, u.totp_last_step, u.two_factor_due_epoch, {} FROM sessions s JOIN users u ON u.id = s.user_id \
         WHERE s.token_hash = $1",
        user::COLUMNS.split(", ").map(|c| format!("u.{c}")).collect::<Vec<_>>().join(", ")
    );
    let Some(row) = sqlx::query(&sql).bind(token_hash).fetch_optional(db).await? else {
        return Ok(None);
    };
    Ok(Some(FoundSession {
        user: user::from_row(&row)?,
        second_factor: two_factor::State {
            secret: row.try_get("totp_secret")?,
            last_step: row.try_get("totp_last_step")?,
            due_epoch: row.try_get("two_factor_due_epoch")?,
        },
        created_epoch: row.try_get("created_epoch")?,
        last_seen_epoch: row.try_get("last_seen_epoch")?,
    }))
}

pub async fn touch(db: &AnyPool, token_hash: &str, now: i64) -> ApiResult<()> {
    sqlx::query("UPDATE sessions SET last_seen_epoch = $1 WHERE token_hash = $2")
        .bind(now)
        .bind(token_hash)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn delete(db: &AnyPool, token_hash: &str) -> ApiResult<()> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash).execute(db).await?;
    Ok(())
}

/// Ends every session of the account `user_id` except the one whose hash is `keep`.
pub async fn delete_for_user(db: &AnyPool, user_id: i64, keep: Option<&str>) -> ApiResult<()> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2")
        .bind(user_id)
        .bind(keep.unwrap_or_default())
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes the sessions last seen before `idle_before` or started before `started_before`;
/// answers how many went.
pub async fn delete_expired(db: &AnyPool, idle_before: i64, started_before: i64) -> ApiResult<u64> {
    let done = sqlx::query("DELETE FROM sessions WHERE last_seen_epoch < $1 OR created_epoch < $2")
        .bind(idle_before)
        .bind(started_before)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}
