//! Housekeeping of the sign-in tables: expired sessions and failures that have left the
//! throttle's window are deleted at start and every few minutes after, so neither table
//! grows without bound. Every server sweeps; the deletes are idempotent.

use std::time::Duration;

use rocket::fairing::AdHoc;
use rocket_db_pools::Database;
use sqlx::AnyPool;

use super::{session, throttle};
use crate::config::Settings;
use crate::db::{clock, Db};
use crate::error::ApiResult;

pub const EVERY: Duration = Duration::from_secs(5 * 60);

/// What one sweep removed.
#[derive(Debug, PartialEq, Eq)]
pub struct Swept {
    pub sessions: u64,
    pub failures: u64,
    /// Contact-form submissions that left the rate limit's window.
    pub submissions: u64,
}

pub async fn sweep(db: &AnyPool, settings: &Settings) -> ApiResult<Swept> {
    let now = clock::now_epoch();
    Ok(Swept {
        sessions: session::delete_expired(db, settings, now).await?,
        failures: throttle::prune(db, now).await?,
        submissions: crate::contacts::limit::prune(db, now).await?,
    })
}

/// Starts the periodic sweep at liftoff; it stops when the server shuts down.
pub fn fairing() -> AdHoc {
    AdHoc::on_liftoff("Sweeping expired sessions", |rocket| {
        Box::pin(async move {
            let (Some(db), Some(settings)) = (Db::fetch(rocket), rocket.state::<Settings>()) else {
                return;
            };
            let (db, settings, shutdown) = (db.pool().clone(), settings.clone(), rocket.shutdown());
            rocket::tokio::spawn(async move {
                let mut ticks = rocket::tokio::time::interval(EVERY);
                ticks.set_missed_tick_behavior(rocket::tokio::time::MissedTickBehavior::Delay);
                loop {
                    rocket::tokio::select! {
                        _ = ticks.tick() => {
                            if let Err(error) = sweep(&db, &settings).await {
                                rocket::warn!("sweeping expired sessions failed: {}", error.message);
                            }
                        }
                        _ = shutdown.clone() => break,
                    }
                }
            });
        })
    })
}
