//! Failed sign-in counting, in the database so that a restart keeps the counts and every
//! server on one PostgreSQL shares them. Within fifteen minutes, five failures for one
//! username from one address lock that pair out, and twenty for one username from any
//! addresses lock the username out, so guessing spread over many addresses is bounded too.
//! A lock lasts until enough failures have left the window.
//!
//! An attempt is counted as a failure before its password is checked and forgiven when the
//! password is right: concurrent guesses therefore see each other, and a burst cannot get
//! more guesses verified than the limits allow.

use std::net::IpAddr;

use sqlx::{AnyPool, Row};

use crate::db::clock;
use crate::error::{ApiError, ApiResult};

/// Failures of one username from one address within the window.
pub const MAX_PER_ADDRESS: i64 = 5;
/// Failures of one username from all addresses within the window.
pub const MAX_PER_USERNAME: i64 = 20;
pub const WINDOW_SECS: i64 = 15 * 60;

/// A sign-in attempt admitted by the throttle, counted as a failure until it `passed`.
pub struct Attempt {
    username: String,
    address: String,
}

/// Admits an attempt for `username` from `address`, or answers 429 with the wait.
pub async fn admit(db: &AnyPool, username: &str, address: IpAddr) -> ApiResult<Attempt> {
    let username = username.to_lowercase();
    let address = address.to_string();
    let now = clock::now_epoch();
    // A locked pair is refused without a write, so a flood of refused guesses stays cheap.
    if let Some(wait) = locked_for(db, &username, &address, now).await? {
        return Err(too_many(wait));
    }
    let id: i64 = sqlx::query(
        "INSERT INTO sign_in_failures (username, address, failed_epoch) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(&username)
    .bind(&address)
    .bind(now)
    .fetch_one(db)
    .await?
    .try_get("id")?;
    let counts = sqlx::query(
        "SELECT COUNT(*) AS username_count, \
         COALESCE(SUM(CASE WHEN address = $2 THEN 1 ELSE 0 END), 0) AS pair_count \
         FROM sign_in_failures WHERE username = $1 AND failed_epoch > $3",
    )
    .bind(&username)
    .bind(&address)
    .bind(now - WINDOW_SECS)
    .fetch_one(db)
    .await?;
    let (username_count, pair_count): (i64, i64) =
        (counts.try_get("username_count")?, counts.try_get("pair_count")?);
    if pair_count > MAX_PER_ADDRESS || username_count > MAX_PER_USERNAME {
        // Attempts racing this one took the last places: this one was never tried.
        sqlx::query("DELETE FROM sign_in_failures WHERE id = $1").bind(id).execute(db).await?;
        let wait = locked_for(db, &username, &address, now).await?.unwrap_or(1);
        return Err(too_many(wait));
    }
    Ok(Attempt { username, address })
}

impl Attempt {
    /// The password was right: the pair's failures are forgiven (those of other addresses
    /// still count against the username).
    pub async fn passed(self, db: &AnyPool) -> ApiResult<()> {
        sqlx::query("DELETE FROM sign_in_failures WHERE username = $1 AND address = $2")
            .bind(&self.username)
            .bind(&self.address)
            .execute(db)
            .await?;
        Ok(())
    }
}

/// Seconds until the pair may try again, or `None` when it may try now.
async fn locked_for(db: &AnyPool, username: &str, address: &str, now: i64) -> ApiResult<Option<i64>> {
    let since = now - WINDOW_SECS;
    let pair = newest_failures(db, username, Some(address), since, MAX_PER_ADDRESS).await?;
    let all = newest_failures(db, username, None, since, MAX_PER_USERNAME).await?;
    let end =
        [lock_ends(&pair, MAX_PER_ADDRESS), lock_ends(&all, MAX_PER_USERNAME)].into_iter().flatten().max();
    Ok(end.map(|end| (end - now).max(1)))
}

/// The times of the username's newest failures since `since` (from `address` only, when
/// given), newest first, at most `limit`.
async fn newest_failures(
    db: &AnyPool,
    username: &str,
    address: Option<&str>,
    since: i64,
    limit: i64,
) -> ApiResult<Vec<i64>> {
    let rows = sqlx::query(
        "SELECT failed_epoch FROM sign_in_failures \
         WHERE username = $1 AND ($2 IS NULL OR address = $2) AND failed_epoch > $3 \
         ORDER BY failed_epoch DESC LIMIT $4",
    )
    .bind(username)
    .bind(address)
    .bind(since)
    .bind(limit)
    .fetch_all(db)
    .await?;
    Ok(rows.iter().map(|row| row.try_get("failed_epoch")).collect::<Result<_, _>>()?)
}

/// When a lock ends, given the newest failures in the window (newest first, at most
/// `limit`): when the `limit`-th newest leaves the window, fewer than `limit` remain.
fn lock_ends(newest_first: &[i64], limit: i64) -> Option<i64> {
    let index = usize::try_from(limit - 1).ok()?;
    newest_first.get(index).map(|failed| failed + WINDOW_SECS)
}

fn too_many(wait_secs: i64) -> ApiError {
    let minutes = (wait_secs + 59) / 60;
    ApiError::too_many(
        format!("Too many failed sign-in attempts. Try again in {} minute(s)", minutes.max(1)),
        u64::try_from(wait_secs.max(1)).unwrap_or(1),
    )
}

/// Removes failures that have left the window; answers how many went.
pub async fn prune(db: &AnyPool, now: i64) -> ApiResult<u64> {
    let done = sqlx::query("DELETE FROM sign_in_failures WHERE failed_epoch <= $1")
        .bind(now - WINDOW_SECS)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_needs_as_many_failures_as_the_limit() {
        assert_eq!(lock_ends(&[100, 90, 80, 70], 5), None);
        assert_eq!(lock_ends(&[100, 90, 80, 70, 60], 5), Some(60 + WINDOW_SECS));
    }

    #[test]
    fn the_wait_is_rounded_up_to_whole_minutes_in_the_message() {
        let error = too_many(61);
        assert_eq!(error.message, "Too many failed sign-in attempts. Try again in 2 minute(s)");
        assert_eq!(error.retry_after_secs, Some(61));
    }
}
