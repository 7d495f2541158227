//! Starting the engine with the server: the index opened (or built) at ignite, then the feed
//! followed and pruned for as long as the server runs.

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use rocket::fairing::AdHoc;
use rocket_db_pools::Database;

use super::{store, Engine, SearchEngine, FOLLOW_EVERY, KEEP_CHANGES_SECS, WAIT_AT_START};
use crate::platform::config::Config;
use crate::platform::db::{clock, Db};

/// Opens the index at ignite, rebuilding it if it cannot follow the database (waiting
/// [`WAIT_AT_START`] for that, then going on while it ends), and follows the changes.
pub fn fairing() -> AdHoc {
    AdHoc::try_on_ignite("Search engine", |rocket| async move {
        let (Some(db), Some(config)) = (Db::fetch(&rocket), rocket.state::<Config>()) else {
            return Err(rocket);
        };
        let pool = db.pool().clone();
        let dir: PathBuf = config.search_dir.clone();
        let (engine, seq) = match Engine::open(&dir) {
            Ok(opened) => opened,
            Err(error) => {
                rocket::error!("cannot open the search index in {}: {error}", dir.display());
                return Err(rocket);
            }
        };
        let engine = Arc::new(engine);
        let follows = match engine.can_follow(&pool, seq).await {
            Ok(follows) => follows,
            Err(error) => {
                rocket::error!("cannot read the search feed: {}", error.message);
                return Err(rocket);
            }
        };
        if follows {
            engine.ready.store(true, Ordering::SeqCst);
        } else {
            let (engine, pool) = (engine.clone(), pool.clone());
            let built = rocket::tokio::spawn(async move {
                if let Err(error) = engine.rebuild(&pool).await {
                    rocket::error!("cannot build the search index: {}", error.message);
                }
            });
            let _ = rocket::tokio::time::timeout(WAIT_AT_START, built).await;
        }
        Ok(rocket.manage(SearchEngine(engine)))
    })
}

/// Follows the changes made through other servers every [`FOLLOW_EVERY`], and prunes the
/// changes older than [`KEEP_CHANGES_SECS`] every few minutes.
pub fn follower() -> AdHoc {
    AdHoc::on_liftoff("Following the search feed", |rocket| {
        Box::pin(async move {
            let (Some(db), Some(engine)) = (Db::fetch(rocket), rocket.state::<SearchEngine>()) else {
                return;
            };
            let (pool, engine) = (db.pool().clone(), engine.0.clone());
            crate::platform::jobs::every(FOLLOW_EVERY, rocket.shutdown(), move || {
                let (pool, engine) = (pool.clone(), engine.clone());
                async move {
                    if let Err(error) = engine.follow(&pool).await {
                        rocket::warn!("following the search feed failed: {}", error.message);
                    }
                }
            });
            let pool = db.pool().clone();
            crate::platform::jobs::every(crate::platform::jobs::EVERY, rocket.shutdown(), move || {
                let pool = pool.clone();
                async move {
                    if let Err(error) = store::prune(&pool, clock::now_epoch() - KEEP_CHANGES_SECS).await {
                        rocket::warn!("pruning the search feed failed: {}", error.message);
                    }
                }
            });
        })
    })
}
