//! SQL of the second factor: each account's secret, last accepted step and grace, its
//! recovery codes, the devices trusted to skip the code, and the sign-ins awaiting a code.

use sqlx::{Any, AnyPool, Executor, Row};

use super::{RecoveryCodes, State};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::auth::user::{self, from_row, User, COLUMNS};
use crate::platform::db::{self, clock};
use crate::platform::http::error::ApiResult;

const NOT_FOUND: &str = rules::messages::USER_NOT_FOUND;

pub async fn state<'c, E: Executor<'c, Database = Any>>(db: E, user_id: i64) -> ApiResult<State> {
    let row =
        sqlx::query("SELECT totp_secret, totp_last_step, two_factor_due_epoch FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(db)
            .await?;
    db::found(row, NOT_FOUND, |row| {
        Ok(State {
            secret: row.try_get("totp_secret")?,
            last_step: row.try_get("totp_last_step")?,
            due_epoch: row.try_get("two_factor_due_epoch")?,
        })
    })
}

/// Starts the account's grace period, ending at `due`, unless one has started already;
/// answers when it ends.
pub async fn start_grace(db: &AnyPool, user_id: i64, due: i64) -> ApiResult<i64> {
    sqlx::query("UPDATE users SET two_factor_due_epoch = $1 WHERE id = $2 AND two_factor_due_epoch IS NULL")
        .bind(due)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(state(db, user_id).await?.due_epoch.unwrap_or(due))
}

/// Keeps `secret` until its first code confirms it; a later set-up replaces it.
pub async fn set_pending(db: &AnyPool, user_id: i64, secret: &str) -> ApiResult<()> {
    sqlx::query("UPDATE users SET totp_pending_secret = $1 WHERE id = $2")
        .bind(secret)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn pending(db: &AnyPool, user_id: i64) -> ApiResult<Option<String>> {
    let row = sqlx::query("SELECT totp_pending_secret FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(db)
        .await?;
    db::found(row, NOT_FOUND, |row| row.try_get("totp_pending_secret"))
}

/// Makes the pending secret `secret` the account's, with `step` (its first code's) as the
/// last accepted and `codes` as its recovery codes, in the history as a change of the user;
/// answers the account. `None` when the pending secret is no longer `secret`.
pub async fn confirm(
    db: &AnyPool,
    actor: &Actor,
    user_id: i64,
    secret: &str,
    step: i64,
    codes: &RecoveryCodes,
) -> ApiResult<Option<User>> {
    let mut tx = db::begin_write(db).await?;
    db::lock_row(&mut tx, "users", user_id).await?;
    let before = db::expected_version(find(&mut *tx, user_id).await?, None, |u| u.version, NOT_FOUND)?;
    let now = clock::now_text();
    let sql = format!(
        "UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $1, \
         two_factor_since = $2, updated_at = $2, version = version + 1 \
         WHERE id = $3 AND totp_pending_secret = $4 RETURNING {COLUMNS}"
    );
    let row =
        sqlx::query(&sql).bind(step).bind(&now).bind(user_id).bind(secret).fetch_optional(&mut *tx).await?;
    let Some(row) = row else { return Ok(None) };
    let updated = from_row(&row)?;
    sqlx::query("DELETE FROM recovery_codes WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    for hash in codes.hashes() {
        sqlx::query("INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)")
            .bind(user_id)
            .bind(hash)
            .execute(&mut *tx)
            .await?;
    }
    audit::updated(&mut tx, actor, Entity::User, user_id, &before, &updated).await?;
    tx.commit().await?;
    Ok(Some(updated))
}

/// Records `step` as the account's last accepted one; false when a step as new or newer was
/// accepted meanwhile, so of two requests with one code only one gets through.
pub async fn accept_step(db: &AnyPool, user_id: i64, step: i64) -> ApiResult<bool> {
    let done = sqlx::query(
        "UPDATE users SET totp_last_step = $1 WHERE id = $2 AND (totp_last_step IS NULL OR totp_last_step < $1)",
    )
    .bind(step)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Spends the recovery code of hash `code_hash`; false when it is not one of the account's
/// or was spent already.
pub async fn spend_recovery_code(db: &AnyPool, user_id: i64, code_hash: &str, now: i64) -> ApiResult<bool> {
    let done = sqlx::query(
        "UPDATE recovery_codes SET used_epoch = $1 WHERE user_id = $2 AND code_hash = $3 AND used_epoch IS NULL",
    )
    .bind(now)
    .bind(user_id)
    .bind(code_hash)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn recovery_codes_left(db: &AnyPool, user_id: i64) -> ApiResult<i64> {
    let left: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM recovery_codes WHERE user_id = $1 AND used_epoch IS NULL")
            .bind(user_id)
            .fetch_one(db)
            .await?;
    Ok(left)
}

/// Removes the account's second factor, its recovery codes, trusted devices and awaited
/// sign-ins; when the policy requires one, it is due at `due` (the next sign-in enrols).
/// In the history as a change of the user by `actor`; answers the account.
pub async fn reset(db: &AnyPool, actor: &Actor, user_id: i64, due: Option<i64>) -> ApiResult<User> {
    let mut tx = db::begin_write(db).await?;
    db::lock_row(&mut tx, "users", user_id).await?;
    let before = db::expected_version(find(&mut *tx, user_id).await?, None, |u| u.version, NOT_FOUND)?;
    let sql = format!(
        "UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL, \
         two_factor_since = NULL, two_factor_due_epoch = $1, updated_at = $2, version = version + 1 \
         WHERE id = $3 RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql).bind(due).bind(clock::now_text()).bind(user_id).fetch_one(&mut *tx).await?;
    let updated = from_row(&row)?;
    for table in ["recovery_codes", "trusted_devices", "sign_in_challenges"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE user_id = $1"))
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
    }
    audit::updated(&mut tx, actor, Entity::User, user_id, &before, &updated).await?;
    tx.commit().await?;
    Ok(updated)
}

async fn find<'c, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<User>> {
    let sql = format!("SELECT {COLUMNS} FROM users WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

/// The id of the account called `username`, whatever its case.
pub async fn user_id_named(db: &AnyPool, username: &str) -> ApiResult<Option<i64>> {
    Ok(sqlx::query_scalar("SELECT id FROM users WHERE LOWER(username) = LOWER($1)")
        .bind(username)
        .fetch_optional(db)
        .await?)
}

pub async fn trust(db: &AnyPool, user_id: i64, device: &str, until: i64) -> ApiResult<()> {
    sqlx::query(
        "INSERT INTO trusted_devices (user_id, device, trusted_until) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id, device) DO UPDATE SET trusted_until = excluded.trusted_until",
    )
    .bind(user_id)
    .bind(device)
    .bind(until)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn trusted(db: &AnyPool, user_id: i64, device: &str, now: i64) -> ApiResult<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT trusted_until FROM trusted_devices WHERE user_id = $1 AND device = $2 AND trusted_until > $3",
    )
    .bind(user_id)
    .bind(device)
    .bind(now)
    .fetch_optional(db)
    .await?;
    Ok(found.is_some())
}

pub async fn insert_challenge(db: &AnyPool, token_hash: &str, user_id: i64, now: i64) -> ApiResult<()> {
    sqlx::query("INSERT INTO sign_in_challenges (token_hash, user_id, created_epoch) VALUES ($1, $2, $3)")
        .bind(token_hash)
        .bind(user_id)
        .bind(now)
        .execute(db)
        .await?;
    Ok(())
}

/// The account awaiting its second factor under the challenge `token_hash`, and when the
/// challenge began.
pub async fn find_challenge(db: &AnyPool, token_hash: &str) -> ApiResult<Option<(User, i64)>> {
    let sql = format!(
        "SELECT c.created_epoch, {} FROM sign_in_challenges c JOIN users u ON u.id = c.user_id \
         WHERE c.token_hash = $1",
        user::COLUMNS.split(", ").map(|c| format!("u.{c}")).collect::<Vec<_>>().join(", ")
    );
    let Some(row) = sqlx::query(&sql).bind(token_hash).fetch_optional(db).await? else {
        return Ok(None);
    };
    Ok(Some((from_row(&row)?, row.try_get("created_epoch")?)))
}

pub async fn delete_challenge(db: &AnyPool, token_hash: &str) -> ApiResult<()> {
    sqlx::query("DELETE FROM sign_in_challenges WHERE token_hash = $1").bind(token_hash).execute(db).await?;
    Ok(())
}

/// Deletes challenges begun before `before` and trusts that ended by `now`; answers how
/// many rows went.
pub async fn delete_expired(db: &AnyPool, before: i64, now: i64) -> ApiResult<u64> {
    let challenges = sqlx::query("DELETE FROM sign_in_challenges WHERE created_epoch < $1")
        .bind(before)
        .execute(db)
        .await?;
    let trusts =
        sqlx::query("DELETE FROM trusted_devices WHERE trusted_until <= $1").bind(now).execute(db).await?;
    Ok(challenges.rows_affected() + trusts.rows_affected())
}
