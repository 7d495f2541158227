//! Selectable property features (site-content.md §2 Features Management, §3, §7): grouped
//! as luxury, amenities or general, ordered by display order.

pub mod assignments;
pub mod store;

pub use assignments::FeatureIds;

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put};
use rules::catalog::PropertyFeatureInput;
use rules::vocabularies::FeatureCategory;
use schemars::JsonSchema;
use serde::Serialize;

use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::CurrentUser;
use crate::platform::db::Db;
use crate::platform::http::answer_cache::Cached;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::if_match::IfMatch;
use crate::platform::http::payload::Payload;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::Trashed;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new("Every property feature, by display order then id").responds::<Vec<PropertyFeature>>()
        ),
        endpoint!(
            create,
            Doc::new("Creates a property feature")
                .takes::<PropertyFeatureInput>()
                .responds::<PropertyFeature>()
        ),
        endpoint!(
            update,
            Doc::new("Replaces a property feature")
                .takes::<PropertyFeatureInput>()
                .responds::<PropertyFeature>()
                .versioned()
        ),
        endpoint!(
            usage,
            Doc::new(
                "How many listings have the property feature selected (and would lose it if it were deleted)"
            )
            .responds::<FeatureUsage>()
        ),
        endpoint!(
            remove,
            Doc::new("Deletes a property feature and takes it off every listing that has it selected")
                .status(204)
                .trashes()
                .versioned()
        ),
        endpoint!(
            public_list,
            Doc::new("The active property features, by display order then id, for the public site")
                .public_read()
                .responds::<Vec<PropertyFeature>>()
        ),
    ]
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PropertyFeature {
    pub id: i64,
    pub name_en: String,
    pub name_ar: String,
    /// An icon class such as 'fi fi-rr-star'.
    pub icon: String,
    pub category: FeatureCategory,
    pub is_active: bool,
    pub display_order: i64,
    pub created_at: String,
    pub updated_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

/// What deleting a feature would change.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FeatureUsage {
    /// Listings that have the feature selected.
    pub listings: i64,
}

#[get("/property-features")]
async fn list(_user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<PropertyFeature>>> {
    Ok(Json(store::list(db.pool()).await?))
}

#[get("/public/property-features")]
async fn public_list(db: &Db) -> ApiResult<Cached<Vec<PropertyFeature>>> {
    Ok(Cached(store::list_active(db.pool()).await?))
}

#[post("/property-features", data = "<body>")]
async fn create(
    user: CurrentUser,
    db: &Db,
    body: Payload<PropertyFeatureInput>,
) -> ApiResult<(Status, Json<PropertyFeature>)> {
    let created = store::create(db.pool(), &Actor::from(&user), &body.0).await?;
    Ok((Status::Created, Json(created)))
}

#[put("/property-features/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<PropertyFeatureInput>,
) -> ApiResult<Json<PropertyFeature>> {
    Ok(Json(store::update(db.pool(), &Actor::from(&user), id, expected.0, &body.0).await?))
}

#[get("/property-features/<id>/usage")]
async fn usage(id: i64, _user: CurrentUser, db: &Db) -> ApiResult<Json<FeatureUsage>> {
    if store::find(db.pool(), id).await?.is_none() {
        return Err(ApiError::not_found(store::NOT_FOUND));
    }
    Ok(Json(FeatureUsage { listings: assignments::listings_with_feature(db.pool(), id).await? }))
}

#[delete("/property-features/<id>")]
async fn remove(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    store::delete(db.pool(), &Actor::from(&user), id, expected.0).await
}
