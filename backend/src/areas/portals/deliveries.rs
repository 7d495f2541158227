//! The webhooks' delivery log: the latest calls of the portals and how each was answered,
//! so an admin can see why a lead did not arrive.

use rocket::get;
use rocket::serde::json::Json;
use rules::portals::MappingPortal;
use schemars::JsonSchema;
use serde::Serialize;

use super::store;
use crate::endpoint;
use crate::platform::auth::AdminUser;
use crate::platform::db::Db;
use crate::platform::http::error::ApiResult;
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![endpoint!(
        list,
        Doc::new("The last 100 webhook calls of the portals, the latest first, with what each was answered")
            .responds::<Vec<PortalDelivery>>()
    )]
}

/// One webhook call.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PortalDelivery {
    pub id: i64,
    pub portal: MappingPortal,
    /// When it arrived, RFC 3339 UTC.
    pub received_at: String,
    /// The HTTP status it was answered with.
    pub status: i64,
    /// Why it was refused; none when it was taken.
    pub error: Option<String>,
    /// The portal's id of the lead, when the call named one.
    pub lead_id: Option<String>,
    /// The contact request it became (or had already become).
    pub contact_request_id: Option<i64>,
}

#[get("/portals/deliveries")]
pub async fn list(_admin: AdminUser, db: &Db) -> ApiResult<Json<Vec<PortalDelivery>>> {
    Ok(Json(store::deliveries::list(db.pool()).await?))
}
