//! The feeds' addresses (Settings): each feed is read at a URL holding a random token, so
//! only a portal given the URL reads it. A new token replaces the feed's old one; a revoked
//! one goes to the trash and can be restored.

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, State};
use rules::portals::MappingPortal;
use rules::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::store;
use super::store::tokens::TokenRow;
use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::AdminUser;
use crate::platform::config::Config;
use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::Payload;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::Trashed;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new("The feeds' live addresses, at most one a feed").responds::<Vec<FeedToken>>()
        ),
        endpoint!(
            create,
            Doc::new(
                "Gives a feed a new address (a random token); the feed's old address stops working and \
                 goes to the trash"
            )
            .takes::<FeedTokenInput>()
            .responds::<FeedToken>()
            .status(201)
        ),
        endpoint!(
            remove,
            Doc::new(
                "Revokes a feed's address: it goes to the trash, from which a restore makes it work \
                 again unless the feed has a newer one (409)"
            )
            .status(204)
            .trashes()
            .fails(&[404])
        ),
    ]
}

/// A feed's live address.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FeedToken {
    pub id: i64,
    pub feed: MappingPortal,
    pub token: String,
    /// The feed's whole address, to give the portal.
    pub url: String,
    pub created_at: String,
    /// The username of who made it.
    pub created_by: Option<String>,
}

/// A token as the history and the trash show it: which feed and when, never the token.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Recorded {
    pub id: i64,
    pub feed: MappingPortal,
    /// `Property Finder feed address`: the history's label.
    pub name: String,
    pub created_at: String,
    pub created_by: Option<String>,
}

impl Recorded {
    pub fn of(row: &TokenRow) -> Recorded {
        Recorded {
            id: row.id,
            feed: row.feed,
            name: format!("{} feed address", row.feed.label()),
            created_at: row.created_at.clone(),
            created_by: row.created_by.clone(),
        }
    }
}

/// `POST /api/feed-tokens`: the feed to give a new address.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
#[schemars(extend("required" = ["feed"]))]
pub struct FeedTokenInput {
    pub feed: Option<MappingPortal>,
}

impl Validate for FeedTokenInput {
    fn validate(&self) -> Result<(), rules::FieldErrors> {
        let mut errors = rules::FieldErrors::new();
        errors.check(self.feed.is_none(), "feed", rules::messages::FIELD_REQUIRED);
        errors.into_result()
    }
}

/// The path of a feed under the panel's address.
pub fn feed_path(feed: MappingPortal) -> &'static str {
    match feed {
        MappingPortal::PropertyFinder => "property-finder",
        MappingPortal::Bayut => "bayut",
    }
}

fn answer(row: TokenRow, config: &Config) -> FeedToken {
    let url = format!("{}/feeds/{}/{}.xml", config.panel_url, feed_path(row.feed), row.token);
    FeedToken {
        id: row.id,
        feed: row.feed,
        token: row.token,
        url,
        created_at: row.created_at,
        created_by: row.created_by,
    }
}

#[get("/feed-tokens")]
pub async fn list(_admin: AdminUser, db: &Db, config: &State<Config>) -> ApiResult<Json<Vec<FeedToken>>> {
    let rows = store::tokens::list(db.pool()).await?;
    Ok(Json(rows.into_iter().map(|row| answer(row, config)).collect()))
}

#[post("/feed-tokens", data = "<body>")]
pub async fn create(
    admin: AdminUser,
    db: &Db,
    config: &State<Config>,
    body: Payload<FeedTokenInput, 1024>,
) -> ApiResult<(Status, Json<FeedToken>)> {
    let feed = body.0.feed.ok_or_else(|| ApiError::internal("a checked feed token input names no feed"))?;
    let row = store::tokens::create(db.pool(), &Actor::from(&admin), feed).await?;
    Ok((Status::Created, Json(answer(row, config))))
}

#[delete("/feed-tokens/<id>")]
pub async fn remove(id: i64, admin: AdminUser, db: &Db) -> ApiResult<Trashed> {
    store::tokens::delete(db.pool(), &Actor::from(&admin), id).await
}
