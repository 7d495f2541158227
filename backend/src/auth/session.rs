//! Server-side sessions: a random token in an HttpOnly cookie, its hash in the database,
//! ended by sign-out, by 30 minutes idle or 12 hours in all (both configurable), and by
//! the account being set inactive.

use rand::RngCore;
use rocket::http::{Cookie, CookieJar, SameSite};
use rocket::outcome::try_outcome;
use rocket::request::{FromRequest, Outcome, Request};
use rocket_db_pools::Database;
use sha2::{Digest, Sha256};
use sqlx::{AnyPool, Row};

use crate::config::Settings;
use crate::db::{clock, Db};
use crate::error::{ApiError, ApiResult};
use crate::users::{store as users, User};

pub const COOKIE: &str = "aqar_session";

/// Seconds between two writes of a session's last-seen time; idle expiry is counted in
/// minutes, so finer bookkeeping would only add writes.
const TOUCH_EVERY_SECS: i64 = 15;

fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Starts a session for `user_id` and sets its cookie; a new token at every sign-in.
pub async fn start(db: &AnyPool, jar: &CookieJar<'_>, secure: bool, user_id: i64) -> ApiResult<()> {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = hex::encode(bytes);
    let now = clock::now_epoch();
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, created_epoch, last_seen_epoch) VALUES ($1, $2, $3, $3)",
    )
    .bind(hash_token(&token))
    .bind(user_id)
    .bind(now)
    .execute(db)
    .await?;
    jar.add(Cookie::build((COOKIE, token)).http_only(true).same_site(SameSite::Lax).path("/").secure(secure));
    Ok(())
}

/// Ends the session of the cookie, if any, and removes the cookie.
pub async fn end(db: &AnyPool, jar: &CookieJar<'_>) -> ApiResult<()> {
    if let Some(cookie) = jar.get(COOKIE) {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(hash_token(cookie.value()))
            .execute(db)
            .await?;
    }
    jar.remove(Cookie::build(COOKIE).path("/"));
    Ok(())
}

/// Deletes the sessions that have expired by `now`, idle or absolute; answers how many went.
pub async fn delete_expired(db: &AnyPool, settings: &Settings, now: i64) -> ApiResult<u64> {
    let done = sqlx::query("DELETE FROM sessions WHERE last_seen_epoch < $1 OR created_epoch < $2")
        .bind(now - settings.session_idle_secs())
        .bind(now - settings.session_absolute_secs())
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}

async fn authenticate(db: &AnyPool, settings: &Settings, token: &str) -> ApiResult<User> {
    let token_hash = hash_token(token);
    let sql = format!(
        "SELECT s.created_epoch, s.last_seen_epoch, {} FROM sessions s JOIN users u ON u.id = s.user_id \
         WHERE s.token_hash = $1",
        users::COLUMNS.split(", ").map(|c| format!("u.{c}")).collect::<Vec<_>>().join(", ")
    );
    let Some(row) = sqlx::query(&sql).bind(&token_hash).fetch_optional(db).await? else {
        return Err(ApiError::unauthorized("Sign in to continue"));
    };
    let user = users::from_row(&row)?;
    let created: i64 = row.try_get("created_epoch")?;
    let last_seen: i64 = row.try_get("last_seen_epoch")?;
    let now = clock::now_epoch();
    let expired =
        now - last_seen > settings.session_idle_secs() || now - created > settings.session_absolute_secs();
    if expired || !user.is_active {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(&token_hash).execute(db).await?;
        let message =
            if expired { "Your session has expired. Sign in again" } else { "This account is inactive" };
        return Err(ApiError::unauthorized(message));
    }
    if now - last_seen >= TOUCH_EVERY_SECS {
        sqlx::query("UPDATE sessions SET last_seen_epoch = $1 WHERE token_hash = $2")
            .bind(now)
            .bind(&token_hash)
            .execute(db)
            .await?;
    }
    Ok(user)
}

/// The signed-in user: the guard of every route that needs a session.
pub struct CurrentUser(pub User);

/// A signed-in user whose role is `admin`.
pub struct AdminUser(pub User);

#[rocket::async_trait]
impl<'r> FromRequest<'r> for CurrentUser {
    type Error = ApiError;

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, Self::Error> {
        let result = request.local_cache_async(async { resolve(request).await }).await;
        match result {
            Ok(user) => Outcome::Success(CurrentUser(user.clone())),
            Err(error) => Outcome::Error((error.clone().stash(request), error.clone())),
        }
    }
}

async fn resolve(request: &Request<'_>) -> ApiResult<User> {
    let token = request.cookies().get(COOKIE).map(|c| c.value().to_owned());
    let Some(token) = token else {
        return Err(ApiError::unauthorized("Sign in to continue"));
    };
    let db = Db::fetch(request.rocket()).ok_or_else(|| ApiError::internal("database pool missing"))?;
    let settings =
        request.rocket().state::<Settings>().ok_or_else(|| ApiError::internal("settings missing"))?;
    authenticate(db.pool(), settings, &token).await
}

#[rocket::async_trait]
impl<'r> FromRequest<'r> for AdminUser {
    type Error = ApiError;

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, Self::Error> {
        let CurrentUser(user) = try_outcome!(request.guard::<CurrentUser>().await);
        if user.is_admin() {
            return Outcome::Success(AdminUser(user));
        }
        let error = ApiError::forbidden("Only administrators can do this");
        Outcome::Error((error.clone().stash(request), error))
    }
}
