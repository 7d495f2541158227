//! SQL for the users table.

use sqlx::{AnyPool, Row};

use super::User;
use crate::db::clock;
use crate::error::ApiResult;

pub const COLUMNS: &str = "id, username, role, email, full_name, is_active, created_at, updated_at";

pub fn from_row(row: &sqlx::any::AnyRow) -> Result<User, sqlx::Error> {
    Ok(User {
        id: row.try_get("id")?,
        username: row.try_get("username")?,
        role: row.try_get("role")?,
        email: row.try_get("email")?,
        full_name: row.try_get("full_name")?,
        is_active: crate::db::flag(row, "is_active")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
    })
}

pub async fn count(db: &AnyPool) -> ApiResult<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(db).await?)
}

/// The account and its password hash, for sign-in.
pub async fn find_with_hash(db: &AnyPool, username: &str) -> ApiResult<Option<(User, String)>> {
    let sql = format!("SELECT {COLUMNS}, password FROM users WHERE username = $1");
    let row = sqlx::query(&sql).bind(username).fetch_optional(db).await?;
    Ok(match row {
        Some(row) => Some((from_row(&row)?, row.try_get("password")?)),
        None => None,
    })
}

pub struct NewUser<'a> {
    pub username: &'a str,
    pub password_hash: &'a str,
    pub email: Option<&'a str>,
    pub full_name: Option<&'a str>,
    pub role: &'a str,
    pub is_active: bool,
}

pub async fn insert<'c, E>(db: E, user: NewUser<'_>) -> ApiResult<User>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let now = clock::now_text();
    let sql = format!(
        "INSERT INTO users (username, password, email, full_name, role, is_active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(user.username)
        .bind(user.password_hash)
        .bind(user.email)
        .bind(user.full_name)
        .bind(user.role)
        .bind(user.is_active)
        .bind(&now)
        .fetch_one(db)
        .await?;
    Ok(from_row(&row)?)
}
