//! Server-side sessions: a random token in an HttpOnly cookie, its hash in the database,
//! ended by sign-out, by 30 minutes idle or 12 hours in all (both configurable), and by
//! the account being set inactive.

use rand::RngCore;
use rocket::http::{Cookie, CookieJar, SameSite};
use rocket::outcome::try_outcome;
use rocket::request::{FromRequest, Outcome, Request};
use rocket_db_pools::Database;
use sha2::{Digest, Sha256};
use sqlx::AnyPool;

use crate::platform::config::Config;
use crate::platform::db::{clock, Db};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::language;

use super::store;
use super::user::User;

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
    store::insert(db, &hash_token(&token), user_id, now).await?;
    jar.add(Cookie::build((COOKIE, token)).http_only(true).same_site(SameSite::Lax).path("/").secure(secure));
    Ok(())
}

/// Ends the session of the cookie, if any, and removes the cookie.
pub async fn end(db: &AnyPool, jar: &CookieJar<'_>) -> ApiResult<()> {
    if let Some(cookie) = jar.get(COOKIE) {
        store::delete(db, &hash_token(cookie.value())).await?;
    }
    jar.remove(Cookie::build(COOKIE).path("/"));
    Ok(())
}

/// Ends the sessions of `user_id` other than the one of this request's cookie: after its
/// password changed or the account was set inactive, nobody stays signed in with the old.
pub async fn end_others(db: &AnyPool, jar: &CookieJar<'_>, user_id: i64) -> ApiResult<()> {
    let keep = jar.get(COOKIE).map(|cookie| hash_token(cookie.value()));
    store::delete_for_user(db, user_id, keep.as_deref()).await
}

/// An id of this request's session for the sign-in throttle, which counts wrong current
/// passwords typed in one session apart from everyone's sign-ins (see `users`).
pub fn throttle_device(jar: &CookieJar<'_>) -> Option<String> {
    jar.get(COOKIE).map(|cookie| format!("session:{}", hash_token(cookie.value())))
}

/// Deletes the sessions that have expired by `now`, idle or absolute; answers how many went.
pub async fn delete_expired(db: &AnyPool, settings: &Config, now: i64) -> ApiResult<u64> {
    store::delete_expired(db, now - settings.session_idle_secs(), now - settings.session_absolute_secs())
        .await
}

async fn authenticate(db: &AnyPool, settings: &Config, token: &str) -> ApiResult<User> {
    let token_hash = hash_token(token);
    let Some(session) = store::find(db, &token_hash).await? else {
        return Err(ApiError::unauthorized(rules::messages::SIGN_IN_TO_CONTINUE));
    };
    let user = session.user;
    let now = clock::now_epoch();
    let expired = now - session.last_seen_epoch > settings.session_idle_secs()
        || now - session.created_epoch > settings.session_absolute_secs();
    if expired || !user.is_active {
        store::delete(db, &token_hash).await?;
        let message =
            if expired { rules::messages::SESSION_EXPIRED } else { rules::messages::ACCOUNT_INACTIVE };
        return Err(ApiError::unauthorized(message));
    }
    // A session begun before the policy required a second factor, or whose grace ran out,
    // ends: where the policy requires one, no session exists without it.
    if session.second_factor.overdue(settings.two_factor, &user, now) {
        store::delete(db, &token_hash).await?;
        return Err(ApiError::unauthorized(rules::messages::SECOND_FACTOR_SET_UP_FIRST));
    }
    if now - session.last_seen_epoch >= TOUCH_EVERY_SECS {
        store::touch(db, &token_hash, now).await?;
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
        match resolved(request).await {
            Ok(user) => {
                request.local_cache(|| Some(crate::platform::http::headers::SignedIn));
                Outcome::Success(CurrentUser(user.clone()))
            }
            Err(error) => Outcome::Error((error.clone().stash(request), error.clone())),
        }
    }
}

/// The request's user, resolved once per request; a found user's language becomes the
/// language of the answer (see [`language`]).
async fn resolved<'r>(request: &'r Request<'_>) -> &'r ApiResult<User> {
    let result = request.local_cache_async(async { resolve(request).await }).await;
    if let Ok(user) = result {
        language::remember(request, user.language);
    }
    result
}

/// Resolves the session of a request that has a cookie, keeping no error: for a guard that
/// only wants the signed-in user's language, on routes open to everyone too.
pub async fn resolve_quietly(request: &Request<'_>) {
    if request.cookies().get(COOKIE).is_some() {
        resolved(request).await;
    }
}

async fn resolve(request: &Request<'_>) -> ApiResult<User> {
    let token = request.cookies().get(COOKIE).map(|c| c.value().to_owned());
    let Some(token) = token else {
        return Err(ApiError::unauthorized(rules::messages::SIGN_IN_TO_CONTINUE));
    };
    let db = Db::fetch(request.rocket()).ok_or_else(|| ApiError::internal("database pool missing"))?;
    let settings =
        request.rocket().state::<Config>().ok_or_else(|| ApiError::internal("settings missing"))?;
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
        let error = ApiError::forbidden(rules::messages::ADMINS_ONLY);
        Outcome::Error((error.clone().stash(request), error))
    }
}
