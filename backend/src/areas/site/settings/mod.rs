//! Company settings (core-panel.md §2 Company Settings, §3, §5): the company's details and
//! the four statistics of the public site, one record updated in place.

pub mod store;

use rocket::serde::json::Json;
use rocket::{get, post};
use rules::settings::SettingsInput;
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

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            read,
            Doc::new("The company settings; the statistic defaults (500, 6, 1000, 10) until the first save")
                .responds::<CompanySettings>()
        ),
        endpoint!(
            save,
            Doc::new(
                "Saves the company settings (one record, updated in place); an inline logo (data URL, \
                 5 MB at most) is stored and answered as a /media reference"
            )
            .takes::<SettingsInput>()
            .responds::<CompanySettings>()
            .status(200)
            .versioned()
        ),
        endpoint!(
            public_read,
            Doc::new("The company settings, for the public site").public_read().responds::<CompanySettings>()
        ),
    ]
}

/// The company settings as stored, field for field as they are sent.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CompanySettings {
    /// The legacy company name; the one required field.
    pub company_name: String,
    pub company_name_en: Option<String>,
    pub company_name_ar: Option<String>,
    /// The stored logo: a `/media/{sha256}.{ext}` reference.
    pub company_logo: Option<String>,
    pub company_description: Option<String>,
    pub contact_email: Option<String>,
    pub contact_phone: Option<String>,
    pub address: Option<String>,
    pub stat_properties: Option<String>,
    pub stat_properties_label: Option<String>,
    pub stat_properties_label_en: Option<String>,
    pub stat_properties_label_ar: Option<String>,
    pub stat_continents: Option<String>,
    pub stat_continents_label: Option<String>,
    pub stat_continents_label_en: Option<String>,
    pub stat_continents_label_ar: Option<String>,
    pub stat_clients: Option<String>,
    pub stat_clients_label: Option<String>,
    pub stat_clients_label_en: Option<String>,
    pub stat_clients_label_ar: Option<String>,
    pub stat_experience: Option<String>,
    pub stat_experience_label: Option<String>,
    pub stat_experience_label_en: Option<String>,
    pub stat_experience_label_ar: Option<String>,
    /// The company's licence (ORN in Dubai, FAL in Saudi Arabia), which the public site
    /// shows (issue 39), and who issued it.
    pub license_number: Option<String>,
    pub license_authority: Option<String>,
    /// The public website's primary colour, `#rrggbb`; null: the rules' default.
    pub primary_color: Option<String>,
    /// Where new listings are published unless their form says otherwise (issue 41).
    pub default_publish_to: Vec<rules::portals::Portal>,
    /// When they were last saved; null while the defaults stand.
    pub updated_at: Option<String>,
    /// 0 while the defaults stand (send no If-Match then), 1 after the first save, +1 on each.
    pub version: i64,
}

#[get("/settings")]
async fn read(_user: CurrentUser, db: &Db) -> ApiResult<Json<CompanySettings>> {
    Ok(Json(store::read(db.pool()).await?))
}

#[get("/public/settings")]
async fn public_read(db: &Db) -> ApiResult<Cached<CompanySettings>> {
    Ok(Cached(store::read(db.pool()).await?))
}

#[post("/settings", data = "<body>")]
async fn save(
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<SettingsInput>,
) -> ApiResult<Json<CompanySettings>> {
    let input = store::prepared(db.pool(), body.0).await?;
    Ok(Json(store::save(db.pool(), &Actor::from(&user), expected.0, &input).await?))
}
