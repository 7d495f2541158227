//! The dashboard's and side bar's figures (core-panel.md §2 Dashboard, §3 Stats, §7),
//! counted from indexes.

use rocket::get;
use rocket::serde::json::Json;
use schemars::JsonSchema;
use serde::Serialize;
use sqlx::AnyPool;

use crate::auth::CurrentUser;
use crate::db::Db;
use crate::endpoint;
use crate::error::ApiResult;
use crate::openapi::{Doc, Endpoint};

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
    /// Contact requests awaiting an answer (0 until contact requests exist).
    pub pending_requests: i64,
}

async fn count(db: &AnyPool) -> ApiResult<PropertyStats> {
    let total_properties: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM properties").fetch_one(db).await?;
    let active_listings: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM properties WHERE status = $1")
        .bind(rules::vocabularies::PropertyStatus::Active.value())
        .fetch_one(db)
        .await?;
    Ok(PropertyStats { total_properties, active_listings, pending_requests: 0 })
}

#[get("/stats")]
async fn stats(_user: CurrentUser, db: &Db) -> ApiResult<Json<PropertyStats>> {
    Ok(Json(count(db.pool()).await?))
}
