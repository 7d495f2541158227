//! The public form's rate limit: at most [`LIMIT`] submissions per client address in
//! [`WINDOW_SECS`]. Submissions are counted in the database, so every server behind one
//! database shares the limit; the sweep prunes those that have left the window.

use std::net::IpAddr;

use rules::messages;
use sqlx::AnyPool;

use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};

pub const LIMIT: i64 = 5;
pub const WINDOW_SECS: i64 = 10 * 60;

/// Counts this submission against `address`, or refuses it (429) with the seconds until the
/// oldest counted one leaves the window. Bots' submissions count too.
///
/// Counting and adding must be one step: on PostgreSQL two transactions would otherwise
/// both count four and both add a fifth (19 of 48 simultaneous submissions got through).
/// The upsert of the address's row locks that row until the commit, so submissions from one
/// address wait for each other, on every server, while other addresses go on. On SQLite
/// the write transaction already holds the database's one write lock.
pub async fn admit(db: &AnyPool, address: IpAddr) -> ApiResult<()> {
    let now = clock::now_epoch();
    let address = address.to_string();
    let mut tx = db::begin_write(db).await?;
    sqlx::query(
        "INSERT INTO contact_addresses (address, last_epoch) VALUES ($1, $2) \
         ON CONFLICT (address) DO UPDATE SET last_epoch = excluded.last_epoch",
    )
    .bind(&address)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let times: Vec<i64> = sqlx::query_scalar(
        "SELECT at_epoch FROM contact_submissions WHERE address = $1 AND at_epoch > $2 ORDER BY at_epoch",
    )
    .bind(&address)
    .bind(now - WINDOW_SECS)
    .fetch_all(&mut *tx)
    .await?;
    if i64::try_from(times.len()).unwrap_or(i64::MAX) >= LIMIT {
        let oldest = times.first().copied().unwrap_or(now);
        let wait = (oldest + WINDOW_SECS - now).max(1);
        return Err(ApiError::too_many(messages::CONTACT_TOO_MANY, u64::try_from(wait).unwrap_or(1)));
    }
    sqlx::query("INSERT INTO contact_submissions (address, at_epoch) VALUES ($1, $2)")
        .bind(&address)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Deletes the submissions that have left the window, and the rows of addresses with none
/// left; answers how many submissions went. An address submitting meanwhile has just set
/// its `last_epoch`, so its row stays.
pub async fn prune(db: &AnyPool, now: i64) -> ApiResult<u64> {
    let cutoff = now - WINDOW_SECS;
    let done =
        sqlx::query("DELETE FROM contact_submissions WHERE at_epoch <= $1").bind(cutoff).execute(db).await?;
    sqlx::query("DELETE FROM contact_addresses WHERE last_epoch <= $1").bind(cutoff).execute(db).await?;
    Ok(done.rows_affected())
}
