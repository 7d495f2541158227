//! The dashboard's and side bar's figures (core-panel.md §2 Dashboard, §3 Stats, §7),
//! counted from indexes.

use rocket::get;
use rocket::serde::json::Json;
use rules::vocabularies::PropertyStatus;
use schemars::JsonSchema;
use serde::Serialize;
use sqlx::AnyPool;

use crate::endpoint;
use crate::platform::auth::CurrentUser;
use crate::platform::db::Db;
use crate::platform::http::error::ApiResult;
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![endpoint!(stats, Doc::new("The dashboard's figures").responds::<PropertyStats>())]
}

/// `GET /api/stats`.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PropertyStats {
    pub total_properties: i64,
    /// Properties with status active.
    pub active_listings: i64,
    /// Contact requests awaiting an answer.
    pub pending_requests: i64,
    /// Properties with status pending.
    pub pending_listings: i64,
    /// Properties with status sold.
    pub sold_listings: i64,
}

async fn count(db: &AnyPool) -> ApiResult<PropertyStats> {
    let total_properties: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM properties").fetch_one(db).await?;
    let with_status = |status: PropertyStatus| {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM properties WHERE status = $1")
            .bind(status.value())
            .fetch_one(db)
    };
    Ok(PropertyStats {
        total_properties,
        active_listings: with_status(PropertyStatus::Active).await?,
        pending_requests: crate::areas::contacts::store::pending(db).await?,
        pending_listings: with_status(PropertyStatus::Pending).await?,
        sold_listings: with_status(PropertyStatus::Sold).await?,
    })
}

#[get("/stats")]
async fn stats(_user: CurrentUser, db: &Db) -> ApiResult<Json<PropertyStats>> {
    Ok(Json(count(db.pool()).await?))
}
