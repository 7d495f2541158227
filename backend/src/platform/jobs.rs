//! The background jobs. Housekeeping of the sign-in and contact-form tables: expired
//! sessions, and failures and submissions that have left their limit's window, are deleted
//! at start and every few minutes after, so no table grows without bound (every server
//! sweeps; the deletes are idempotent). Records in the trash longer than `AQAR_TRASH_DAYS`
//! are purged by the same sweep. And uploads a crash left behind, swept at start.
//! An area with records of its own to expire hands the sweep its [`Prune`] function (lib.rs
//! wires them): the platform runs them without knowing the area.

use std::time::Duration;

use rocket::fairing::AdHoc;
use rocket::Shutdown;
use rocket_db_pools::Database;
use sqlx::AnyPool;

use crate::platform::auth::{session, throttle, two_factor};
use crate::platform::config::Config;
use crate::platform::db::{clock, Db};
use crate::platform::form_limit;
use crate::platform::http::body::BodyLimits;
use crate::platform::http::error::ApiResult;
use crate::platform::media::received::sweep_leftovers;
use crate::platform::trash;

pub const EVERY: Duration = Duration::from_secs(5 * 60);

/// What one sweep removed.
#[derive(Debug, PartialEq, Eq)]
pub struct Swept {
    pub sessions: u64,
    pub failures: u64,
    /// Contact-form submissions that left the rate limit's window.
    pub submissions: u64,
    /// Records purged from the trash.
    pub trashed: u64,
}

/// One sweep as at `now` (epoch seconds): the server passes its clock, tests a later one.
pub async fn sweep(db: &AnyPool, settings: &Config, now: i64) -> ApiResult<Swept> {
    Ok(Swept {
        sessions: session::delete_expired(db, settings, now).await?
            + two_factor::store::delete_expired(db, now - two_factor::challenge::LASTS_SECS, now).await?,
        failures: throttle::prune(db, now).await?,
        submissions: form_limit::prune(db, now).await?,
        trashed: trash::prune(db, settings.trash_days, now).await?,
    })
}

/// An area's own sweep: deletes what has expired by `now` (epoch seconds), answering how
/// many records went.
pub type Prune = for<'a> fn(&'a AnyPool, i64) -> BoxFuture<'a, ApiResult<u64>>;

/// A boxed future of a [`Prune`].
pub type BoxFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 'a>>;

/// Starts the periodic sweep at liftoff, with the areas' own `prunes` (each named for the
/// log); it stops when the server shuts down.
pub fn periodic_sweep(prunes: &'static [(&'static str, Prune)]) -> AdHoc {
    AdHoc::on_liftoff("Sweeping expired sessions", move |rocket| {
        Box::pin(async move {
            let (Some(db), Some(settings)) = (Db::fetch(rocket), rocket.state::<Config>()) else {
                return;
            };
            let (db, settings, shutdown) = (db.pool().clone(), settings.clone(), rocket.shutdown());
            every(EVERY, shutdown, move || {
                let (db, settings) = (db.clone(), settings.clone());
                async move {
                    if let Err(error) = sweep(&db, &settings, clock::now_epoch()).await {
                        rocket::warn!("sweeping expired sessions failed: {}", error.message);
                    }
                    for (name, prune) in prunes {
                        if let Err(error) = prune(&db, clock::now_epoch()).await {
                            rocket::warn!("sweeping expired {name} failed: {}", error.message);
                        }
                    }
                }
            });
        })
    })
}

/// Runs `round` at once and then every `period` in a task of its own, until the server
/// shuts down. A round that outlasts the period delays the next rather than piling up.
pub fn every<F, R>(period: Duration, shutdown: Shutdown, mut round: F)
where
    F: FnMut() -> R + Send + 'static,
    R: std::future::Future<Output = ()> + Send,
{
    rocket::tokio::spawn(async move {
        let mut ticks = rocket::tokio::time::interval(period);
        ticks.set_missed_tick_behavior(rocket::tokio::time::MissedTickBehavior::Delay);
        loop {
            rocket::tokio::select! {
                _ = ticks.tick() => round().await,
                _ = shutdown.clone() => break,
            }
        }
    });
}

/// Sweeps the leftovers of Rocket's `temp_dir` once, at start.
pub fn leftover_uploads() -> rocket::fairing::AdHoc {
    rocket::fairing::AdHoc::on_liftoff("Sweeping leftover uploads", |rocket| {
        Box::pin(async move {
            let folder = rocket.config().temp_dir.relative();
            let body_idle =
                rocket.state::<Config>().map_or(BodyLimits::default().idle, |config| config.body_limits.idle);
            match rocket::tokio::task::spawn_blocking(move || sweep_leftovers(&folder, body_idle)).await {
                Ok(Ok(0)) => {}
                Ok(Ok(removed)) => rocket::info!("removed {removed} upload(s) left behind by a crash"),
                Ok(Err(error)) => rocket::warn!("sweeping leftover uploads failed: {error}"),
                Err(error) => rocket::warn!("sweeping leftover uploads failed: {error}"),
            }
        })
    })
}
