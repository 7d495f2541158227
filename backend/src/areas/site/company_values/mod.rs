//! Company values and the header of the section that lists them (site-content.md §2 Company
//! Values, §3, §4, §5, §7). A value's image is uploaded (imageData) or linked (imageUrl), and
//! choosing one clears the other.

pub mod store;

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put};
use rules::company_values::{CompanyValueInput, ValuesSectionSettingsInput};
use schemars::JsonSchema;
use serde::Serialize;

use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::CurrentUser;
use crate::platform::db::Db;
use crate::platform::http::answer_cache::Cached;
use crate::platform::http::error::ApiResult;
use crate::platform::http::if_match::IfMatch;
use crate::platform::http::payload::Payload;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::Trashed;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new("Every company value, by display order then id").responds::<Vec<CompanyValue>>()
        ),
        endpoint!(
            create,
            Doc::new("Creates a company value; an inline image (imageData) is stored and clears imageUrl")
                .takes::<CompanyValueInput>()
                .responds::<CompanyValue>()
        ),
        endpoint!(
            update,
            Doc::new("Replaces a company value")
                .takes::<CompanyValueInput>()
                .responds::<CompanyValue>()
                .versioned()
        ),
        endpoint!(remove, Doc::new("Deletes a company value").status(204).trashes().versioned()),
        endpoint!(
            public_list,
            Doc::new("The active company values, by display order then id, for the public site")
                .public_read()
                .responds::<Vec<CompanyValue>>()
        ),
        endpoint!(
            settings,
            Doc::new("The values section's header; its defaults until the first save")
                .responds::<ValuesSectionSettings>()
        ),
        endpoint!(
            save_settings,
            Doc::new("Saves the values section's header (one record, updated in place)")
                .takes::<ValuesSectionSettingsInput>()
                .responds::<ValuesSectionSettings>()
                .versioned()
        ),
        endpoint!(
            public_settings,
            Doc::new("The values section's header, for the public site")
                .public_read()
                .responds::<ValuesSectionSettings>()
        ),
    ]
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CompanyValue {
    pub id: i64,
    pub title_en: String,
    pub title_ar: String,
    pub description_en: String,
    pub description_ar: String,
    /// A FontAwesome class such as 'fas fa-star'.
    pub icon_class: String,
    /// An outside image URL; null when an image was uploaded.
    pub image_url: Option<String>,
    /// The uploaded image: a `/media/{sha256}.{ext}` reference.
    pub image_data: Option<String>,
    pub display_order: i32,
    pub is_active: bool,
    pub created_at: String,
    pub updated_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

/// The values section's header.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ValuesSectionSettings {
    pub title_en: String,
    pub title_ar: String,
    pub subtitle_en: String,
    pub subtitle_ar: String,
    pub is_active: bool,
    /// When it was last saved; null while the defaults stand.
    pub updated_at: Option<String>,
    /// 0 while the defaults stand (send no If-Match then), 1 after the first save, +1 on each.
    pub version: i64,
}

#[get("/company-values")]
async fn list(_user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<CompanyValue>>> {
    Ok(Json(store::list(db.pool(), false).await?))
}

#[get("/public/company-values")]
async fn public_list(db: &Db) -> ApiResult<Cached<Vec<CompanyValue>>> {
    Ok(Cached(store::list(db.pool(), true).await?))
}

#[post("/company-values", data = "<body>")]
async fn create(
    user: CurrentUser,
    db: &Db,
    body: Payload<CompanyValueInput>,
) -> ApiResult<(Status, Json<CompanyValue>)> {
    let row = store::prepared(db.pool(), body.0).await?;
    Ok((Status::Created, Json(store::create(db.pool(), &Actor::from(&user), &row).await?)))
}

#[put("/company-values/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<CompanyValueInput>,
) -> ApiResult<Json<CompanyValue>> {
    let row = store::prepared(db.pool(), body.0).await?;
    Ok(Json(store::update(db.pool(), &Actor::from(&user), id, expected.0, &row).await?))
}

#[delete("/company-values/<id>")]
async fn remove(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    store::delete(db.pool(), &Actor::from(&user), id, expected.0).await
}

#[get("/values-section-settings")]
async fn settings(_user: CurrentUser, db: &Db) -> ApiResult<Json<ValuesSectionSettings>> {
    Ok(Json(store::settings(db.pool()).await?))
}

#[get("/public/values-section-settings")]
async fn public_settings(db: &Db) -> ApiResult<Cached<ValuesSectionSettings>> {
    Ok(Cached(store::settings(db.pool()).await?))
}

#[put("/values-section-settings", data = "<body>")]
async fn save_settings(
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<ValuesSectionSettingsInput>,
) -> ApiResult<Json<ValuesSectionSettings>> {
    Ok(Json(store::save_settings(db.pool(), &Actor::from(&user), expected.0, &body.0).await?))
}
