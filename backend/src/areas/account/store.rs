//! SQL of the signed-in user's own account: reading it with its password hash to sign in,
//! and changing its own name, password, language and digits.

use rules::language::Language;
use rules::vocabularies::Numerals;
use sqlx::{Any, AnyPool, Executor, Row};

use crate::areas::users::store::{find, NOT_FOUND};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::auth::user::{from_row, User, COLUMNS};
use crate::platform::db::{self, clock};
use crate::platform::http::error::ApiResult;

/// The account and its password hash, for sign-in.
pub async fn find_with_hash<'c, E: Executor<'c, Database = Any>>(
    db: E,
    username: &str,
) -> ApiResult<Option<(User, String)>> {
    let sql = format!("SELECT {COLUMNS}, password FROM users WHERE username = $1");
    let row = sqlx::query(&sql).bind(username).fetch_optional(db).await?;
    Ok(match row {
        Some(row) => Some((from_row(&row)?, row.try_get("password")?)),
        None => None,
    })
}

/// The password hash of the account `id`.
pub async fn password_hash<'c, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<String>> {
    Ok(sqlx::query_scalar("SELECT password FROM users WHERE id = $1").bind(id).fetch_optional(db).await?)
}

/// The signed-in user's own name and, when given, password hash; answers the account.
pub async fn update_own(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    full_name: Option<&str>,
    password_hash: Option<&str>,
) -> ApiResult<User> {
    let mut tx = db::begin_write(db).await?;
    db::lock_row(&mut tx, "users", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, None, |u| u.version, NOT_FOUND)?;
    let sql = format!(
        "UPDATE users SET full_name = $1, password = COALESCE($2, password), updated_at = $3, \
         version = version + 1 WHERE id = $4 RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(full_name)
        .bind(password_hash)
        .bind(clock::now_text())
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let updated = from_row(&row)?;
    audit::updated(&mut tx, actor, Entity::User, id, &before, &updated).await?;
    tx.commit().await?;
    Ok(updated)
}

/// The signed-in user's own interface language and digits; answers the account. Recorded in
/// the history as any change of a user is.
pub async fn update_preferences(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    language: Language,
    numerals: Numerals,
) -> ApiResult<User> {
    let mut tx = db::begin_write(db).await?;
    db::lock_row(&mut tx, "users", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, None, |u| u.version, NOT_FOUND)?;
    if before.language == language && before.numerals == numerals {
        return Ok(before);
    }
    let sql = format!(
        "UPDATE users SET language = $1, numerals = $2, updated_at = $3, version = version + 1 \
         WHERE id = $4 RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(language.value())
        .bind(numerals.value())
        .bind(clock::now_text())
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let updated = from_row(&row)?;
    audit::updated(&mut tx, actor, Entity::User, id, &before, &updated).await?;
    tx.commit().await?;
    Ok(updated)
}
