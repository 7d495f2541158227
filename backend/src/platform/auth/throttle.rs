//! Failed sign-in counting, in the database so that a restart keeps the counts and every
//! server on one PostgreSQL shares them. Within fifteen minutes:
//!
//! - a device that has signed in to the account before (its signed device cookie, see
//!   `device`) is locked out after five failures of its own, and by nothing else: strangers
//!   guessing from elsewhere can never lock the owner out of a browser they have used;
//! - other devices are locked out of a username after five failures from one address or
//!   twenty from any addresses, so guessing spread over many addresses stays bounded, and
//!   from the fifth failure on each further try waits twice as long as the last (1 s, 2 s,
//!   4 s, ... up to five minutes);
//! - one address gets at most twenty failures over all usernames, so varying the username
//!   (password spraying) does not buy more password checks.
//!
//! A lock lasts until enough failures have left the window. An attempt is counted as a
//! failure before its password is checked and forgiven when the password is right:
//! concurrent guesses therefore see each other, and a burst cannot get more guesses
//! verified than the limits allow.

use std::net::IpAddr;

use sqlx::{AnyPool, Row};

use crate::platform::db::clock;
use crate::platform::http::error::{ApiError, ApiResult};

/// Failures of one username from one address, by devices not known to the account.
pub const MAX_PER_ADDRESS: i64 = 5;
/// Failures of one username from all addresses, by devices not known to the account.
pub const MAX_PER_USERNAME: i64 = 20;
/// Failures from one address over all usernames, by devices not known to the account.
pub const MAX_PER_ADDRESS_ANY_USERNAME: i64 = 20;
/// Failures of one known device for its account.
pub const MAX_PER_DEVICE: i64 = 5;
/// Failures of a username from unknown devices after which each try waits.
pub const SLOW_AFTER: i64 = 5;
/// The longest wait between two tries from unknown devices.
pub const MAX_SLOWDOWN_SECS: i64 = 5 * 60;
pub const WINDOW_SECS: i64 = 15 * 60;

/// A password check admitted by the throttle, counted as a failure until it `passed`.
pub struct Attempt {
    username: String,
    address: String,
    device: Option<String>,
}

/// Which failures count against an attempt.
enum Scope<'a> {
    /// One known device's, for its account.
    Device { username: &'a str, device: &'a str },
    /// Unknown devices', for one username from one address.
    Pair { username: &'a str, address: &'a str },
    /// Unknown devices', for one username.
    Username(&'a str),
    /// Unknown devices', from one address, whatever the username.
    Address(&'a str),
}

/// Admits a password check for `username` from `address`, by the known `device` of that
/// account when the request carries one, or answers 429 with the wait.
pub async fn admit(
    db: &AnyPool,
    username: &str,
    address: IpAddr,
    device: Option<&str>,
) -> ApiResult<Attempt> {
    let attempt = Attempt {
        username: username.to_lowercase(),
        address: address.to_string(),
        device: device.map(str::to_owned),
    };
    let now = clock::now_epoch();
    // A locked attempt is refused without a write, so a flood of refused guesses stays cheap.
    if let Some(wait) = attempt.locked_for(db, now, None).await? {
        return Err(too_many(wait));
    }
    let id: i64 = sqlx::query(
        "INSERT INTO sign_in_failures (username, address, device, failed_epoch) VALUES ($1, $2, $3, $4) \
         RETURNING id",
    )
    .bind(&attempt.username)
    .bind(&attempt.address)
    .bind(attempt.device.as_deref())
    .bind(now)
    .fetch_one(db)
    .await?
    .try_get("id")?;
    // Judged again beside the attempts that raced this one: when they took the last places,
    // this one is never tried.
    if let Some(wait) = attempt.locked_for(db, now, Some(id)).await? {
        sqlx::query("DELETE FROM sign_in_failures WHERE id = $1").bind(id).execute(db).await?;
        return Err(too_many(wait));
    }
    Ok(attempt)
}

impl Attempt {
    /// The password was right: the failures of this device, or of unknown devices from this
    /// address, are forgiven (those from elsewhere still count).
    pub async fn passed(self, db: &AnyPool) -> ApiResult<()> {
        match &self.device {
            Some(device) => {
                sqlx::query("DELETE FROM sign_in_failures WHERE username = $1 AND device = $2")
                    .bind(&self.username)
                    .bind(device)
                    .execute(db)
                    .await?
            }
            None => {
                sqlx::query(
                    "DELETE FROM sign_in_failures WHERE username = $1 AND address = $2 AND device IS NULL",
                )
                .bind(&self.username)
                .bind(&self.address)
                .execute(db)
                .await?
            }
        };
        Ok(())
    }

    /// Seconds until this attempt may be tried, or `None` when it may be tried now; the
    /// failure `except` (the attempt's own) left out.
    async fn locked_for(&self, db: &AnyPool, now: i64, except: Option<i64>) -> ApiResult<Option<i64>> {
        let since = now - WINDOW_SECS;
        let except = except.unwrap_or(0);
        let (username, address) = (self.username.as_str(), self.address.as_str());
        let ends = match self.device.as_deref() {
            Some(device) => {
                let own =
                    newest_failures(db, Scope::Device { username, device }, since, except, MAX_PER_DEVICE)
                        .await?;
                vec![lock_ends(&own, MAX_PER_DEVICE)]
            }
            None => {
                let pair =
                    newest_failures(db, Scope::Pair { username, address }, since, except, MAX_PER_ADDRESS)
                        .await?;
                let all =
                    newest_failures(db, Scope::Username(username), since, except, MAX_PER_USERNAME).await?;
                let spray =
                    newest_failures(db, Scope::Address(address), since, except, MAX_PER_ADDRESS_ANY_USERNAME)
                        .await?;
                vec![
                    lock_ends(&pair, MAX_PER_ADDRESS),
                    lock_ends(&all, MAX_PER_USERNAME),
                    lock_ends(&spray, MAX_PER_ADDRESS_ANY_USERNAME),
                    slowdown_ends(&all),
                ]
            }
        };
        let end = ends.into_iter().flatten().max();
        Ok(end.filter(|end| *end > now).map(|end| end - now))
    }
}

/// The times of the newest failures of `scope` since `since`, newest first, at most
/// `limit`, leaving out the failure `except`.
async fn newest_failures(
    db: &AnyPool,
    scope: Scope<'_>,
    since: i64,
    except: i64,
    limit: i64,
) -> ApiResult<Vec<i64>> {
    let (condition, values) = match scope {
        Scope::Device { username, device } => ("username = $4 AND device = $5", vec![username, device]),
        Scope::Pair { username, address } => {
            ("username = $4 AND address = $5 AND device IS NULL", vec![username, address])
        }
        Scope::Username(username) => ("username = $4 AND device IS NULL", vec![username]),
        Scope::Address(address) => ("address = $4 AND device IS NULL", vec![address]),
    };
    let sql = format!(
        "SELECT failed_epoch FROM sign_in_failures WHERE failed_epoch > $1 AND id <> $2 AND {condition} \
         ORDER BY failed_epoch DESC LIMIT $3"
    );
    let query = sqlx::query(&sql).bind(since).bind(except).bind(limit);
    let rows = values.into_iter().fold(query, |query, value| query.bind(value)).fetch_all(db).await?;
    Ok(rows.iter().map(|row| row.try_get("failed_epoch")).collect::<Result<_, _>>()?)
}

/// When a lock ends, given the newest failures in the window (newest first, at most
/// `limit`): when the `limit`-th newest leaves the window, fewer than `limit` remain.
fn lock_ends(newest_first: &[i64], limit: i64) -> Option<i64> {
    let index = usize::try_from(limit - 1).ok()?;
    newest_first.get(index).map(|failed| failed + WINDOW_SECS)
}

/// When the next try from an unknown device may come, given the username's newest failures
/// from unknown devices: from the `SLOW_AFTER`-th on, each failure doubles the wait.
fn slowdown_ends(newest_first: &[i64]) -> Option<i64> {
    let failures = i64::try_from(newest_first.len()).ok()?;
    let doublings = u32::try_from(failures - SLOW_AFTER).ok()?;
    let wait = 1_i64.checked_shl(doublings).unwrap_or(MAX_SLOWDOWN_SECS).min(MAX_SLOWDOWN_SECS);
    newest_first.first().map(|newest| newest + wait)
}

fn too_many(wait_secs: i64) -> ApiError {
    let minutes = (wait_secs + 59) / 60;
    ApiError::too_many(
        rules::messages::too_many_sign_ins(minutes.max(1)),
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
    fn from_the_fifth_failure_each_wait_doubles_up_to_five_minutes() {
        assert_eq!(slowdown_ends(&[100, 90, 80, 70]), None);
        assert_eq!(slowdown_ends(&[100, 90, 80, 70, 60]), Some(101));
        assert_eq!(slowdown_ends(&[100, 90, 80, 70, 60, 50]), Some(102));
        assert_eq!(slowdown_ends(&[100; 8]), Some(108));
        assert_eq!(slowdown_ends(&[100; 20]), Some(100 + MAX_SLOWDOWN_SECS));
    }

    #[test]
    fn the_wait_is_rounded_up_to_whole_minutes_in_the_message() {
        let error = too_many(61);
        assert_eq!(error.message, "Too many failed sign-in attempts. Try again in 2 minute(s)");
        assert_eq!(error.retry_after_secs, Some(61));
    }
}
