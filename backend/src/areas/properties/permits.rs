//! Advertising permits over time (issue 39). Whether the public site shows a listing is
//! decided at each read; this is what follows a permit's expiry for the people who run the
//! listings: the dashboard's counts, and the sweep that sets a lapsed listing pending and
//! tells its agent before and at expiry.

use sqlx::AnyPool;

use super::store::advertising::REGULATED;
use crate::platform::db::clock;
use crate::platform::http::error::ApiResult;

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
