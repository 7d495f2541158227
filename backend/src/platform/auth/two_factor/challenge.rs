//! A sign-in whose password was right, awaiting its second factor: a random token in an
//! HttpOnly cookie sent only to the sign-in calls, its hash in the database. It is no
//! session: no guard but [`SignInChallenge`] reads it, and it lasts five minutes.

use rand::RngCore;
use rocket::http::{Cookie, CookieJar, SameSite};
use rocket::request::{FromRequest, Outcome, Request};
use rocket::time::Duration;
use rocket_db_pools::Database;
use sha2::{Digest, Sha256};
use sqlx::AnyPool;

use super::store;
use crate::platform::auth::user::User;
use crate::platform::db::{clock, Db};
use crate::platform::http::error::{ApiError, ApiResult};

pub const COOKIE: &str = "aqar_sign_in";
/// Time to open the app and type a code, with room for an enrolment.
pub const LASTS_SECS: i64 = 5 * 60;

fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Begins awaiting the second factor of `user_id` and sets the cookie that names it.
pub async fn begin(db: &AnyPool, jar: &CookieJar<'_>, secure: bool, user_id: i64) -> ApiResult<()> {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = hex::encode(bytes);
    store::insert_challenge(db, &hash_token(&token), user_id, clock::now_epoch()).await?;
    jar.add(
        Cookie::build((COOKIE, token))
            .http_only(true)
            .same_site(SameSite::Strict)
            .path("/api/login")
            .secure(secure)
            .max_age(Duration::seconds(LASTS_SECS)),
    );
    Ok(())
}

/// The sign-in awaiting its second factor that this request's cookie names.
pub struct SignInChallenge {
    pub user: User,
    token_hash: String,
}

impl SignInChallenge {
    /// The second factor was given: the challenge is spent (a session follows).
    pub async fn end(self, db: &AnyPool, jar: &CookieJar<'_>) -> ApiResult<User> {
        store::delete_challenge(db, &self.token_hash).await?;
        jar.remove(Cookie::build(COOKIE).path("/api/login"));
        Ok(self.user)
    }
}

async fn resolve(request: &Request<'_>) -> ApiResult<SignInChallenge> {
    let expired = || ApiError::unauthorized(rules::messages::SECOND_FACTOR_SIGN_IN_EXPIRED);
    let Some(token) = request.cookies().get(COOKIE).map(|c| c.value().to_owned()) else {
        return Err(expired());
    };
    let db = Db::fetch(request.rocket()).ok_or_else(|| ApiError::internal("database pool missing"))?;
    let token_hash = hash_token(&token);
    let Some((user, created_epoch)) = store::find_challenge(db.pool(), &token_hash).await? else {
        return Err(expired());
    };
    if clock::now_epoch() - created_epoch > LASTS_SECS || !user.is_active {
        store::delete_challenge(db.pool(), &token_hash).await?;
        return Err(expired());
    }
    Ok(SignInChallenge { user, token_hash })
}

#[rocket::async_trait]
impl<'r> FromRequest<'r> for SignInChallenge {
    type Error = ApiError;

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, Self::Error> {
        match resolve(request).await {
            Ok(challenge) => {
                crate::platform::http::language::remember(request, challenge.user.language);
                Outcome::Success(challenge)
            }
            Err(error) => Outcome::Error((error.clone().stash(request), error)),
        }
    }
}
