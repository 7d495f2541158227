//! Password hashing with argon2id (m = 19 MiB, t = 2, p = 1), run on the blocking pool so
//! a sign-in never stalls the async workers. At most one hash per CPU runs at a time, and
//! each runs in one of as many blocks of memory, allocated once and reused: a flood of
//! sign-ins would otherwise start one hash per blocking thread (up to 512, 19 MiB each),
//! and even one at a time, freeing and allocating 19 MiB per sign-in led the allocator to
//! keep hundreds of MiB (854 MiB resident after 200 sign-ins). The rest wait their turn
//! without holding a thread.

use std::num::NonZeroUsize;
use std::sync::{LazyLock, Mutex};

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use rocket::tokio::sync::Semaphore;

use crate::platform::http::error::{ApiError, ApiResult};

/// How many hashes may run at once: one per CPU.
pub static PERMITS: LazyLock<usize> =
    LazyLock::new(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get));

static RUNNING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(*PERMITS));

/// The working memory of the hashes, at most one per permit, kept between hashes.
static MEMORY: Mutex<Vec<Vec<Block>>> = Mutex::new(Vec::new());

/// Runs `work` on the blocking pool with working memory, once one of the `PERMITS` is free.
async fn bounded<T: Send + 'static>(
    work: impl FnOnce(&mut Vec<Block>) -> T + Send + 'static,
) -> ApiResult<T> {
    let _permit = RUNNING.acquire().await.map_err(ApiError::internal)?;
    rocket::tokio::task::spawn_blocking(move || {
        let mut memory = MEMORY.lock().ok().and_then(|mut free| free.pop()).unwrap_or_default();
        let answer = work(&mut memory);
        if let Ok(mut free) = MEMORY.lock() {
            free.push(memory);
        }
        answer
    })
    .await
    .map_err(ApiError::internal)
}

fn params() -> ApiResult<Params> {
    Params::new(19 * 1024, 2, 1, None).map_err(ApiError::internal)
}

/// The argon2 output for `password` and `salt`, computed in `memory` (grown when needed).
fn compute(
    argon2: &Argon2<'_>,
    password: &str,
    salt: &[u8],
    output_len: usize,
    memory: &mut Vec<Block>,
) -> ApiResult<Output> {
    let needed = argon2.params().block_count();
    if memory.len() < needed {
        memory.resize(needed, Block::default());
    }
    Output::init_with(output_len, |out| {
        argon2.hash_password_into_with_memory(password.as_bytes(), salt, out, &mut memory[..needed])?;
        Ok(())
    })
    .map_err(ApiError::internal)
}

pub async fn hash(password: String) -> ApiResult<String> {
    bounded(move |memory| {
        let params = params()?;
        let salt = SaltString::generate(&mut OsRng);
        let mut salt_bytes = [0u8; 64];
        let salt_bytes = salt.as_salt().decode_b64(&mut salt_bytes).map_err(ApiError::internal)?;
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
        let output = compute(&argon2, &password, salt_bytes, Params::DEFAULT_OUTPUT_LEN, memory)?;
        let hash = PasswordHash {
            algorithm: Algorithm::Argon2id.ident(),
            version: Some(Version::V0x13.into()),
            params: ParamsString::try_from(&params).map_err(ApiError::internal)?,
            salt: Some(salt.as_salt()),
            hash: Some(output),
        };
        Ok(hash.to_string())
    })
    .await?
}

/// Checks `password` against `stored`. With no stored hash (unknown user) a fixed hash is
/// checked instead, so the answer takes as long whether or not the username exists.
pub async fn verify(password: String, stored: Option<String>) -> ApiResult<bool> {
    bounded(move |memory| check(&password, stored.as_deref(), memory)).await?
}

fn check(password: &str, stored: Option<&str>, memory: &mut Vec<Block>) -> ApiResult<bool> {
    let parsed = PasswordHash::new(stored.unwrap_or(DECOY_HASH)).map_err(ApiError::internal)?;
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        return Err(ApiError::internal("a stored password hash has no salt or no hash"));
    };
    let algorithm = Algorithm::try_from(parsed.algorithm).map_err(ApiError::internal)?;
    let version =
        parsed.version.map_or(Ok(Version::default()), Version::try_from).map_err(ApiError::internal)?;
    let params = Params::try_from(&parsed).map_err(ApiError::internal)?;
    let mut salt_bytes = [0u8; 64];
    let salt_bytes = salt.decode_b64(&mut salt_bytes).map_err(ApiError::internal)?;
    let argon2 = Argon2::new(algorithm, version, params);
    // The hash is computed first: `known && check` would skip the work for unknown names.
    let computed = compute(&argon2, password, salt_bytes, expected.len(), memory)?;
    // `Output` compares in constant time.
    Ok(stored.is_some() && computed == expected)
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
    async fn hashes_are_those_of_the_argon2_crate_both_ways() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params().expect("params"));
        let theirs =
            argon2.hash_password(b"sesame", &SaltString::generate(&mut OsRng)).expect("hashes").to_string();
        assert!(verify("sesame".into(), Some(theirs)).await.expect("verifies"));
        let ours = hash("sesame".into()).await.expect("hashes");
        let parsed = PasswordHash::new(&ours).expect("a PHC string");
        assert!(argon2.verify_password(b"sesame", &parsed).is_ok());
        assert!(argon2.verify_password(b"sesame!", &parsed).is_err());
    }

    #[rocket::async_test]
    async fn no_more_hashes_run_at_once_than_there_are_permits() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Arc;
        let (running, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let tasks: Vec<_> = (0..*PERMITS * 3 + 2)
            .map(|_| {
                let (running, peak) = (running.clone(), peak.clone());
                rocket::tokio::spawn(bounded(move |_| {
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
        assert!(MEMORY.lock().expect("the pool").len() <= *PERMITS, "no more working memories than permits");
    }

    /// Judged by what is computed, not by a stopwatch: timings of tests that run side by side
    /// say more about the machine's load than about the code.
    #[test]
    fn an_unknown_user_costs_the_same_argon2_work() {
        let decoy = PasswordHash::new(DECOY_HASH).expect("a PHC string");
        assert_eq!(decoy.algorithm, Algorithm::Argon2id.ident());
        assert_eq!(decoy.version, Some(Version::V0x13.into()));
        let (params, theirs) = (params().expect("params"), Params::try_from(&decoy).expect("its parameters"));
        assert_eq!(
            (theirs.m_cost(), theirs.t_cost(), theirs.p_cost()),
            (params.m_cost(), params.t_cost(), params.p_cost())
        );
        assert_eq!(decoy.hash.map(|hash| hash.len()), Some(Params::DEFAULT_OUTPUT_LEN));
        // The check runs argon2 in full for the decoy: its working memory grows to every block.
        let mut memory = Vec::new();
        assert!(!check("wrong", None, &mut memory).expect("checks"));
        assert_eq!(memory.len(), params.block_count());
    }

    #[rocket::async_test]
    async fn an_unknown_user_never_verifies() {
        assert!(!verify("anything".into(), None).await.expect("decoy parses"));
    }
}
