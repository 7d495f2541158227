//! SQL for the users table.

use sqlx::{Any, AnyConnection, AnyPool, Executor};

use crate::platform::audit::{self, Actor, Entity};
use crate::platform::auth::user::{from_row, User, COLUMNS};
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::trash::{self, Checks, Part, Trashed, Unique};

pub const NOT_FOUND: &str = rules::messages::USER_NOT_FOUND;
pub const USERNAME_TAKEN: &str = rules::messages::USERNAME_TAKEN;

pub async fn count(db: &AnyPool) -> ApiResult<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(db).await?)
}

/// Every user, oldest first.
pub async fn list(db: &AnyPool) -> ApiResult<Vec<User>> {
    let sql = format!("SELECT {COLUMNS} FROM users ORDER BY id");
    let rows = sqlx::query(&sql).fetch_all(db).await?;
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

pub async fn find<'c, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<User>> {
    let sql = format!("SELECT {COLUMNS} FROM users WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

pub struct NewUser<'a> {
    pub username: &'a str,
    pub password_hash: &'a str,
    pub email: Option<&'a str>,
    pub full_name: Option<&'a str>,
    pub role: &'a str,
    pub is_active: bool,
    pub receives_leads: bool,
    pub license_number: Option<&'a str>,
    pub phone: Option<&'a str>,
}

/// A unique-index refusal of the username, whatever its case, as the area's 409.
fn username_taken(error: sqlx::Error) -> ApiError {
    match error {
        sqlx::Error::Database(db) if db.is_unique_violation() => ApiError::conflict(USERNAME_TAKEN),
        other => other.into(),
    }
}

/// Writes an account as given, without history: first-run registration and the start-up admin.
pub async fn insert<'c, E: Executor<'c, Database = Any>>(db: E, user: NewUser<'_>) -> ApiResult<User> {
    let sql = format!(
        "INSERT INTO users (username, password, email, full_name, role, is_active, receives_leads, created_at, \
         updated_at, license_number, phone) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10) RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(user.username)
        .bind(user.password_hash)
        .bind(user.email)
        .bind(user.full_name)
        .bind(user.role)
        .bind(user.is_active)
        .bind(user.receives_leads)
        .bind(clock::now_text())
        .bind(user.license_number)
        .bind(user.phone)
        .fetch_one(db)
        .await
        .map_err(username_taken)?;
    Ok(from_row(&row)?)
}

/// Creates an account for `actor`, recorded in the history.
pub async fn create(db: &AnyPool, actor: &Actor, user: NewUser<'_>) -> ApiResult<User> {
    let mut tx = db::begin_write(db).await?;
    let created = insert(&mut *tx, user).await?;
    audit::created(&mut tx, actor, Entity::User, created.id, &created).await?;
    tx.commit().await?;
    Ok(created)
}

/// What an edit writes; `password_hash` is `None` to keep the current password.
pub struct UserChange<'a> {
    pub username: &'a str,
    pub password_hash: Option<&'a str>,
    pub email: Option<&'a str>,
    pub full_name: Option<&'a str>,
    pub role: &'a str,
    pub is_active: bool,
    /// `None` keeps the current choice.
    pub receives_leads: Option<bool>,
    /// `None` keeps the licence number, `Some("")` clears it.
    pub license_number: Option<&'a str>,
    /// `None` keeps the phone number, `Some("")` clears it.
    pub phone: Option<&'a str>,
}

/// The rule an edit or a delete must keep: someone active can still manage users.
pub const LAST_ADMIN: &str = rules::messages::LAST_ADMIN;

/// Whether an active admin other than `id` exists. On PostgreSQL the other admins' rows are
/// locked, so two transactions cannot each demote one of the last two; SQLite's writer
/// holds the whole database already.
async fn another_active_admin(conn: &mut AnyConnection, id: i64) -> ApiResult<bool> {
    let lock = if db::Dialect::of_connection(conn) == db::Dialect::Postgres { " FOR UPDATE" } else { "" };
    let sql = format!("SELECT id FROM users WHERE role = $1 AND is_active = $2 AND id <> $3{lock}");
    let others =
        sqlx::query(&sql).bind(rules::users::ADMIN_ROLE).bind(true).bind(id).fetch_all(&mut *conn).await?;
    Ok(!others.is_empty())
}

/// Edits the account `id` in the caller's transaction; answers it before and after, so the
/// caller can hand back a deactivated user's leads and end sessions.
pub async fn update(
    tx: &mut AnyConnection,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    change: UserChange<'_>,
) -> ApiResult<(User, User)> {
    db::lock_row(&mut *tx, "users", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |u| u.version, NOT_FOUND)?;
    let stays_admin = change.role == rules::users::ADMIN_ROLE && change.is_active;
    if before.is_admin() && before.is_active && !stays_admin && !another_active_admin(&mut *tx, id).await? {
        return Err(ApiError::conflict(LAST_ADMIN));
    }
    let sql = format!(
        "UPDATE users SET username = $1, password = COALESCE($2, password), email = $3, full_name = $4, \
         role = $5, is_active = $6, receives_leads = COALESCE($7, receives_leads), updated_at = $8, \
         license_number = CASE WHEN $10 THEN NULLIF(TRIM($11), '') ELSE license_number END, \
         phone = CASE WHEN $12 THEN NULLIF(TRIM($13), '') ELSE phone END, \
         version = version + 1 WHERE id = $9 RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(change.username)
        .bind(change.password_hash)
        .bind(change.email)
        .bind(change.full_name)
        .bind(change.role)
        .bind(change.is_active)
        .bind(change.receives_leads)
        .bind(clock::now_text())
        .bind(id)
        .bind(change.license_number.is_some())
        .bind(change.license_number.unwrap_or_default())
        .bind(change.phone.is_some())
        .bind(change.phone.unwrap_or_default())
        .fetch_one(&mut *tx)
        .await
        .map_err(username_taken)?;
    let updated = from_row(&row)?;
    if before.phone != updated.phone {
        // The portals' verdicts on the agent's listings read the phone (issue 41).
        sqlx::query("INSERT INTO search_changes (property_id) SELECT id FROM properties WHERE agent_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    audit::updated(&mut *tx, actor, Entity::User, id, &before, &updated).await?;
    Ok((before, updated))
}

/// An account's restore from the trash: its username may have been taken meanwhile.
pub const RESTORE_CHECKS: Checks = Checks {
    references: &[],
    unique: Some(Unique { field: "username", message: |_| USERNAME_TAKEN.to_owned() }),
    cleared: &[],
};

/// Holds the account `id` in the caller's transaction for its delete: 404 when there is none,
/// 412 when `expected` is stale, 409 when it is the last active admin.
pub async fn lock_for_delete(tx: &mut AnyConnection, id: i64, expected: Option<i64>) -> ApiResult<User> {
    db::lock_row(&mut *tx, "users", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |u| u.version, NOT_FOUND)?;
    if before.is_admin() && before.is_active && !another_active_admin(&mut *tx, id).await? {
        return Err(ApiError::conflict(LAST_ADMIN));
    }
    Ok(before)
}

/// Moves the account `before` (held by [`lock_for_delete`]) to the trash and ends its
/// sessions (a restored account signs in again), in the caller's transaction.
pub async fn delete(tx: &mut AnyConnection, actor: &Actor, before: &User) -> ApiResult<Trashed> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(before.id).execute(&mut *tx).await?;
    trash::discard_alone(tx, actor, Entity::User, before.id, before, &[Part::record("users")]).await
}
