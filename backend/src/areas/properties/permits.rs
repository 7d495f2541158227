//! Advertising permits over time (issue 39). Whether the public site shows a listing is
//! decided at each read; this is what follows a permit's expiry for the people who run the
//! listings: the dashboard's counts, and the sweep that sets a lapsed listing pending and
//! tells its agent before and at expiry.

use std::collections::BTreeMap;
use std::time::Duration;

use rocket::fairing::AdHoc;
use rocket_db_pools::Database;
use rules::bulk::PropertyChange;
use rules::vocabularies::{NotificationKind, PropertyStatus};
use sqlx::AnyPool;

use super::store::{self, advertising::REGULATED};
use crate::areas::notifications::Outbox;
use crate::platform::audit::Actor;
use crate::platform::db::{clock, Db};
use crate::platform::http::error::ApiResult;
use crate::platform::jobs;

/// How far ahead the dashboard warns of expiring permits, in days.
pub const PERMIT_WARNING_DAYS: i64 = 14;

/// Active listings whose permit expires within `days` of `now` (epoch seconds).
pub async fn expiring(db: &AnyPool, now: i64, days: i64) -> ApiResult<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM properties WHERE status = 'active' AND permit_expires_at > $1 \
         AND permit_expires_at <= $2",
    )
    .bind(clock::text_of(now))
    .bind(clock::text_of(now + days * 86_400))
    .fetch_one(db)
    .await?)
}

/// Active listings in a regulated place without a permit valid at `now`: the public site
/// leaves them out until the permit is renewed or the sweep sets them pending.
pub async fn held_back(db: &AnyPool, now: i64) -> ApiResult<i64> {
    let sql = format!(
        "SELECT COUNT(*) FROM properties p WHERE p.status = 'active' AND {REGULATED} \
         AND (p.permit_number IS NULL OR p.permit_expires_at IS NULL OR p.permit_expires_at <= $1 \
         OR p.contract_ends_at <= $1)"
    );
    Ok(sqlx::query_scalar(&sql).bind(clock::text_of(now)).fetch_one(db).await?)
}

/// How often each server sweeps: a lapsed listing is set pending within this of its
/// permit's expiry (the public site left it out at that second already).
pub const SWEEP_EVERY: Duration = Duration::from_secs(30);

/// Listings one sweep sets pending, or notices it writes, at most; the next takes the rest.
const ROUND: i64 = 1_000;

/// What one sweep did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// Active listings set pending because their permit (or REGA contract) ended.
    pub pended: usize,
    /// Notices written, each to one listing's agent.
    pub notices: usize,
}

/// One sweep as at `now` (epoch seconds): lapsed listings are set pending, with their
/// history, and agents are told of permits expiring in 14 and 3 days and of those expired,
/// each notice once per permit expiry (however many servers sweep). With `mail`, each
/// notice is an e-mail too.
pub async fn sweep(db: &AnyPool, mail: bool, now: i64) -> ApiResult<Swept> {
    let lapsed = store::permits::lapsed(db, now, ROUND).await?;
    if !lapsed.is_empty() {
        store::bulk(
            db,
            &Actor::system(),
            &lapsed,
            PropertyChange::Status(PropertyStatus::Pending),
            &BTreeMap::new(),
        )
        .await?;
    }
    let mut notices = 0;
    for kind in [
        NotificationKind::PermitExpiring14,
        NotificationKind::PermitExpiring3,
        NotificationKind::PermitExpired,
    ] {
        notices += store::permits::notify(db, kind, now, mail, ROUND).await?;
    }
    Ok(Swept { pended: lapsed.len(), notices })
}

/// Sweeps every [`SWEEP_EVERY`] from liftoff until shutdown, and sends the e-mails it made due.
pub fn sweeper() -> AdHoc {
    AdHoc::on_liftoff("Sweeping lapsed permits", |rocket| {
        Box::pin(async move {
            let (Some(db), Some(outbox)) = (Db::fetch(rocket), rocket.state::<Outbox>()) else { return };
            let (db, outbox, shutdown) = (db.pool().clone(), outbox.clone(), rocket.shutdown());
            jobs::every(SWEEP_EVERY, shutdown, move || {
                let (db, outbox) = (db.clone(), outbox.clone());
                async move {
                    match sweep(&db, outbox.mails(), clock::now_epoch()).await {
                        Ok(swept) if swept.notices > 0 => outbox.wake(&db),
                        Ok(_) => {}
                        Err(error) => rocket::warn!("sweeping lapsed permits failed: {}", error.message),
                    }
                }
            });
        })
    })
}
