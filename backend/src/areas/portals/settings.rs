//! Each portal's settings on the Portals screen: whether its webhook secret is set (the
//! secret itself is written, never answered), the webhook's address to give the portal, and
//! how many catalog records still lack its words.

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{get, put, State};
use rules::portals::MappingPortal;
use rules::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::mappings::{portal_of, rows};
use super::store;
use crate::endpoint;
use crate::platform::auth::AdminUser;
use crate::platform::config::Config;
use crate::platform::db::Db;
use crate::platform::http::error::ApiResult;
use crate::platform::http::payload::Payload;
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new(
                "Each portal with words of its own (propertyFinder, bayut: Bayut and dubizzle): whether \
                 its webhook secret is set, its webhook's address and how many catalog records it has \
                 no words for"
            )
            .responds::<Vec<PortalSettings>>()
        ),
        endpoint!(
            secret,
            Doc::new(
                "Sets a portal's webhook secret (16 to 200 characters), or clears it with an empty \
                 text; it is never answered. 404 for an unknown portal"
            )
            .takes::<PortalSecretInput>()
            .status(204)
            .fails(&[404])
        ),
    ]
}

/// The fewest and most characters a webhook secret has.
pub const SECRET_CHARS: std::ops::RangeInclusive<usize> = 16..=200;

/// A portal's settings.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PortalSettings {
    pub portal: MappingPortal,
    /// A webhook secret is set (it is never answered).
    pub secret_set: bool,
    /// Where the portal sends its leads.
    pub webhook_url: String,
    pub counts: PortalCounts,
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PortalCounts {
    /// Catalog records (categories, types, countries, cities, regions) without a mapping.
    pub unmapped: i64,
}

/// `PUT /api/portals/{portal}/secret`: the new secret, or an empty text to clear it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
#[schemars(extend("required" = ["secret"]))]
pub struct PortalSecretInput {
    #[schemars(length(max = 200))]
    pub secret: String,
}

impl Validate for PortalSecretInput {
    fn validate(&self) -> Result<(), rules::FieldErrors> {
        let mut errors = rules::FieldErrors::new();
        let length = self.secret.chars().count();
        errors.check(
            length > 0 && !SECRET_CHARS.contains(&length),
            "secret",
            rules::messages::PORTAL_SECRET_LENGTH,
        );
        errors.into_result()
    }
}

/// The path of a portal's webhook under the panel's address.
pub fn webhook_path(portal: MappingPortal) -> &'static str {
    match portal {
        MappingPortal::PropertyFinder => "/api/webhooks/property-finder",
        MappingPortal::Bayut => "/api/webhooks/bayut",
    }
}

#[get("/portals")]
pub async fn list(
    _admin: AdminUser,
    db: &Db,
    config: &State<Config>,
) -> ApiResult<Json<Vec<PortalSettings>>> {
    let with_secret = store::secrets::set_for(db.pool()).await?;
    let mut answer = Vec::with_capacity(MappingPortal::ALL.len());
    for portal in MappingPortal::ALL {
        let unmapped = rows(db, *portal).await?.iter().filter(|row| row.value.is_none()).count();
        answer.push(PortalSettings {
            portal: *portal,
            secret_set: with_secret.contains(portal),
            webhook_url: format!("{}{}", config.panel_url, webhook_path(*portal)),
            counts: PortalCounts { unmapped: i64::try_from(unmapped).unwrap_or(i64::MAX) },
        });
    }
    Ok(Json(answer))
}

#[put("/portals/<portal>/secret", data = "<body>")]
pub async fn secret(
    portal: &str,
    _admin: AdminUser,
    db: &Db,
    body: Payload<PortalSecretInput, 4096>,
) -> ApiResult<Status> {
    let portal = portal_of(portal)?;
    let secret = Some(body.0.secret).filter(|secret| !secret.is_empty());
    store::secrets::set(db.pool(), portal, secret.as_deref()).await?;
    Ok(Status::NoContent)
}
