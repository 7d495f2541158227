//! Password hashing with argon2id (m = 19 MiB, t = 2, p = 1), run on the blocking pool so
//! a sign-in never stalls the async workers.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::error::{ApiError, ApiResult};

fn argon2() -> ApiResult<Argon2<'static>> {
    let params = Params::new(19 * 1024, 2, 1, None).map_err(ApiError::internal)?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

pub async fn hash(password: String) -> ApiResult<String> {
    rocket::tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        argon2()?.hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(ApiError::internal)
    })
    .await
    .map_err(ApiError::internal)?
}

/// Checks `password` against `stored`. With no stored hash (unknown user) a fixed hash is
/// checked instead, so the answer takes as long whether or not the username exists.
pub async fn verify(password: String, stored: Option<String>) -> ApiResult<bool> {
    rocket::tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let stored = stored.unwrap_or_else(|| DECOY_HASH.to_owned());
        let parsed = PasswordHash::new(&stored).map_err(ApiError::internal)?;
        Ok(known && argon2()?.verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await
    .map_err(ApiError::internal)?
}

/// The argon2id hash (same parameters) of a password nobody has.
const DECOY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0dGZ3Ry0XqAP4ZyISOPnaQGSDP0dtf7e3czjz1nCfvE";

#[cfg(test)]
mod tests {
    use super::*;

    #[rocket::async_test]
    async fn a_hash_verifies_its_password_only() {
        let hashed = hash("correct horse".into()).await.expect("hashes");
        assert!(hashed.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify("correct horse".into(), Some(hashed.clone())).await.expect("verifies"));
        assert!(!verify("wrong".into(), Some(hashed)).await.expect("verifies"));
    }

    #[rocket::async_test]
    async fn an_unknown_user_never_verifies() {
        assert!(!verify("anything".into(), None).await.expect("decoy parses"));
    }
}
