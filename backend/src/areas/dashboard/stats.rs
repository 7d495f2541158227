//! The dashboard's and side bar's figures (core-panel.md §2 Dashboard, §3 Stats, §7),
//! counted from indexes.

use rocket::serde::json::Json;
use rocket::{get, State};
use rules::vocabularies::PropertyStatus;
use schemars::JsonSchema;
use serde::Serialize;
use sqlx::AnyPool;

use crate::areas::properties::permits::{self, PERMIT_WARNING_DAYS};
use crate::areas::properties::search_engine::SearchEngine;
use crate::endpoint;
use crate::platform::auth::CurrentUser;
use crate::platform::db::clock;
use crate::platform::db::Db;
use crate::platform::http::error::ApiResult;
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![endpoint!(stats, Doc::new("The dashboard's figures").responds::<PropertyStats>())]
}

/// `GET /api/stats`.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
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
    /// Rentals let (issue 39).
    pub rented_listings: i64,
    /// Listings off the market, kept.
    pub archived_listings: i64,
    /// Active listings whose permit expires within the next 14 days.
    pub permits_expiring: i64,
    /// Active listings the public site does not show for want of a valid permit where their
    /// place regulates advertising.
    pub held_back_by_permit: i64,
    /// The share (0 to 1) of active listings whose quality score is 80 or more; null while
    /// the search index is built, or with no active listing.
    pub quality_share: Option<f64>,
    /// Per feed portal, the active listings chosen for it, ready and blocked (issue 41); empty
    /// while the search index is built.
    pub portals: Vec<PortalCount>,
}

/// How many active listings go to a portal, and how many of them it would take.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PortalCount {
    pub portal: rules::portals::FeedPortal,
    pub chosen: u64,
    pub ready: u64,
    pub blocked: u64,
}

async fn count(db: &AnyPool, engine: &SearchEngine) -> ApiResult<PropertyStats> {
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
        rented_listings: with_status(PropertyStatus::Rented).await?,
        archived_listings: with_status(PropertyStatus::Archived).await?,
        permits_expiring: permits::expiring(db, clock::now_epoch(), PERMIT_WARNING_DAYS).await?,
        held_back_by_permit: permits::held_back(db, clock::now_epoch()).await?,
        quality_share: engine.quality_share(db, rules::properties::quality::GOOD_SCORE).await.ok().flatten(),
        portals: engine
            .portal_counts(db)
            .await
            .map(|counts| {
                counts
                    .into_iter()
                    .map(|(portal, chosen, blocked)| PortalCount {
                        portal,
                        chosen,
                        ready: chosen.saturating_sub(blocked),
                        blocked,
                    })
                    .collect()
            })
            .unwrap_or_default(),
    })
}

#[get("/stats")]
async fn stats(_user: CurrentUser, db: &Db, engine: &State<SearchEngine>) -> ApiResult<Json<PropertyStats>> {
    Ok(Json(count(db.pool(), engine.inner()).await?))
}
