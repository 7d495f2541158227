//! SQL for the portal_deliveries table: every webhook call, answered well or refused, kept
//! for the admins to see what the portals sent; only the latest [`KEPT`] stay.

use rules::portals::MappingPortal;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use super::super::deliveries::PortalDelivery;
use crate::platform::db::{self, clock};
use crate::platform::http::error::ApiResult;

/// How many deliveries are kept, of both portals together.
pub const KEPT: i64 = 100;

/// One webhook call as it was answered.
pub struct Delivery<'a> {
    pub portal: MappingPortal,
    pub status: u16,
    pub error: Option<&'a str>,
    pub lead_id: Option<&'a str>,
    pub contact_request_id: Option<i64>,
}

/// Records a call and lets the oldest beyond [`KEPT`] go.
pub async fn record(db: &AnyPool, delivery: &Delivery<'_>) -> ApiResult<()> {
    let mut tx = db::begin_write(db).await?;
    sqlx::query(
        "INSERT INTO portal_deliveries (portal, received_at, status, error, lead_id, contact_request_id) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(delivery.portal.value())
    .bind(clock::now_text())
    .bind(i64::from(delivery.status))
    .bind(delivery.error)
    .bind(delivery.lead_id)
    .bind(delivery.contact_request_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "DELETE FROM portal_deliveries WHERE id NOT IN \
         (SELECT id FROM portal_deliveries ORDER BY id DESC LIMIT $1)",
    )
    .bind(KEPT)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

fn from_row(row: &AnyRow) -> Result<PortalDelivery, sqlx::Error> {
    let portal: String = row.try_get("portal")?;
    Ok(PortalDelivery {
        id: row.try_get("id")?,
        portal: MappingPortal::from_value(&portal)
            .ok_or_else(|| sqlx::Error::Decode(format!("unexpected stored portal '{portal}'").into()))?,
        received_at: row.try_get("received_at")?,
        status: row.try_get("status")?,
        error: row.try_get("error")?,
        lead_id: row.try_get("lead_id")?,
        contact_request_id: row.try_get("contact_request_id")?,
    })
}

/// The kept deliveries, the latest first.
pub async fn list(db: &AnyPool) -> ApiResult<Vec<PortalDelivery>> {
    let rows = sqlx::query(
        "SELECT id, portal, received_at, status, error, lead_id, contact_request_id \
         FROM portal_deliveries ORDER BY id DESC LIMIT $1",
    )
    .bind(KEPT)
    .fetch_all(db)
    .await?;
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}
