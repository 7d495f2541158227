//! SQL of the permit sweep: the listings whose permit lapsed, and the notices due, each
//! written once per listing, kind and permit expiry.

use rules::vocabularies::NotificationKind;
use sqlx::{AnyPool, Row};

use super::advertising::REGULATED;
use crate::areas::notifications::store as notifications;
use crate::platform::db::{self, clock};
use crate::platform::http::error::ApiResult;

/// Up to `most` active listings in a regulated place whose permit, or REGA brokerage
/// contract, ended by `now` (epoch seconds).
pub async fn lapsed(db: &AnyPool, now: i64, most: i64) -> ApiResult<Vec<i64>> {
    let sql = format!(
        "SELECT p.id FROM properties p WHERE p.status = 'active' AND {REGULATED} \
         AND (p.permit_expires_at <= $1 OR p.contract_ends_at <= $1) ORDER BY p.id LIMIT $2"
    );
    Ok(sqlx::query_scalar(&sql).bind(clock::text_of(now)).bind(most).fetch_all(db).await?)
}

/// Writes the notices of `kind` due at `now` (epoch seconds), up to `most`: for a permit
/// expiring within 14 days (but more than 3), within 3 days, or expired in the last week,
/// of a listing with an agent. Answers how many were written.
pub async fn notify(
    db: &AnyPool,
    kind: NotificationKind,
    now: i64,
    mail: bool,
    most: i64,
) -> ApiResult<usize> {
    let Some(days) = kind.days_before() else { return Ok(0) };
    let day = 86_400;
    let (after, until, statuses) = match days {
        0 => (now - 7 * day, now, "'active', 'pending'"),
        14 => (now + 3 * day, now + 14 * day, "'active'"),
        _ => (now, now + days * day, "'active'"),
    };
    let sql = format!(
        "SELECT p.id, p.agent_id, p.permit_expires_at FROM properties p \
         WHERE p.status IN ({statuses}) AND p.agent_id IS NOT NULL AND p.permit_number IS NOT NULL \
         AND p.permit_expires_at > $1 AND p.permit_expires_at <= $2 \
         AND NOT EXISTS (SELECT 1 FROM permit_notices n WHERE n.property_id = p.id AND n.kind = $3 \
         AND n.expires_at = p.permit_expires_at) ORDER BY p.id LIMIT $4"
    );
    let due = sqlx::query(&sql)
        .bind(clock::text_of(after))
        .bind(clock::text_of(until))
        .bind(kind.value())
        .bind(most)
        .fetch_all(db)
        .await?;
    let mut written = 0;
    for row in &due {
        let (property_id, agent_id, expires_at): (i64, i64, String) =
            (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
        let mut tx = db::begin_write(db).await?;
        // Another server may have written this notice meanwhile: then this one writes none.
        let first = sqlx::query(
            "INSERT INTO permit_notices (property_id, kind, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind(property_id)
        .bind(kind.value())
        .bind(&expires_at)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if first {
            notifications::tell_permit(&mut tx, agent_id, property_id, kind, mail).await?;
            written += 1;
        }
        tx.commit().await?;
    }
    Ok(written)
}
