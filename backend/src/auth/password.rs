//! Password hashing with argon2id (m = 19 MiB, t = 2, p = 1), run on the blocking pool so
//! a sign-in never stalls the async workers. At most one hash per CPU runs at a time: each
//! holds 19 MiB, and a flood of sign-ins would otherwise start one per blocking thread (up
//! to 512) and exhaust memory. The rest wait their turn without holding a thread.

use std::num::NonZeroUsize;
use std::sync::LazyLock;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rocket::tokio::sync::Semaphore;

use crate::error::{ApiError, ApiResult};

/// How many hashes may run at once: one per CPU.
pub static PERMITS: LazyLock<usize> =
    LazyLock::new(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get));

static RUNNING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(*PERMITS));

/// Runs `work` on the blocking pool once one of the `PERMITS` is free.
async fn bounded<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> ApiResult<T> {
    let _permit = RUNNING.acquire().await.map_err(ApiError::internal)?;
    rocket::tokio::task::spawn_blocking(work).await.map_err(ApiError::internal)
}

fn argon2() -> ApiResult<Argon2<'static>> {
    let params = Params::new(19 * 1024, 2, 1, None).map_err(ApiError::internal)?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

pub async fn hash(password: String) -> ApiResult<String> {
    bounded(move || {
        let salt = SaltString::generate(&mut OsRng);
        argon2()?.hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(ApiError::internal)
    })
    .await?
}

/// Checks `password` against `stored`. With no stored hash (unknown user) a fixed hash is
/// checked instead, so the answer takes as long whether or not the username exists.
pub async fn verify(password: String, stored: Option<String>) -> ApiResult<bool> {
    bounded(move || {
        let known = stored.is_some();
        let stored = stored.unwrap_or_else(|| DECOY_HASH.to_owned());
        let parsed = PasswordHash::new(&stored).map_err(ApiError::internal)?;
        Ok(known && argon2()?.verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await?
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
    async fn no_more_hashes_run_at_once_than_there_are_permits() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Arc;
        let (running, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let tasks: Vec<_> = (0..*PERMITS * 3 + 2)
            .map(|_| {
                let (running, peak) = (running.clone(), peak.clone());
                rocket::tokio::spawn(bounded(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    running.fetch_sub(1, Ordering::SeqCst);
                }))
            })
            .collect();
        for task in tasks {
            task.await.expect("joins").expect("runs");
        }
        // Other tests may hold permits meanwhile, so fewer can be seen, never more.
        assert!((1..=*PERMITS).contains(&peak.load(Ordering::SeqCst)));
    }

    #[rocket::async_test]
    async fn an_unknown_user_never_verifies() {
        assert!(!verify("anything".into(), None).await.expect("decoy parses"));
    }
}
