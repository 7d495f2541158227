//! The history screens: the full history of changes for administrators, a page at a time,
//! and the dashboard's Recent Activity. What is recorded, and how, is
//! `platform::audit`'s.

pub mod restore;
pub mod store;

use rocket::serde::json::Json;
use rocket::{get, FromForm};
use schemars::JsonSchema;
use serde::Serialize;

use crate::endpoint;
use crate::platform::audit::{Action, Entity, FieldChange};
use crate::platform::auth::{AdminUser, CurrentUser};
use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::query::{single, whole_number, Listed};
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new(
                "The history of changes, newest first, one page at a time (page from 1, pageSize up \
                 to 100, default 20); entity and id narrow it to one kind of record or one record"
            )
            .query("entity", serde_json::json!({ "type": "string", "enum": Entity::NAMES }))
            .query_id("id")
            .query("page", serde_json::json!({ "type": "integer", "format": "int32", "minimum": 1 }))
            .query(
                "pageSize",
                serde_json::json!({ "type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE })
            )
            .header("X-Total-Count", "How many changes match, over all pages")
            .responds::<Vec<HistoryEntry>>()
        ),
        endpoint!(
            recent,
            Doc::new(
                "The latest changes for the dashboard's Recent Activity: who did what to which record, \
                 without the values (those are for administrators, in the full history); changes to \
                 users are shown to administrators only"
            )
            .responds::<Vec<Activity>>()
        ),
    ]
    .into_iter()
    .chain(restore::api())
    .collect()
}

/// One recorded change, as administrators read the history.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    pub id: i64,
    /// When, RFC 3339 UTC.
    pub at: String,
    /// Who: null for a visitor of the public site.
    pub user_id: Option<i64>,
    pub username: Option<String>,
    pub entity: Entity,
    pub record_id: i64,
    pub action: Action,
    /// The record's name or title at the time.
    pub label: Option<String>,
    /// Every field that changed; on create every field given, on delete every field it had.
    pub changes: Vec<FieldChange>,
}

/// One recorded change as the dashboard shows it: who did what to which record, when.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Activity {
    pub id: i64,
    pub at: String,
    pub username: Option<String>,
    pub entity: Entity,
    pub record_id: i64,
    pub action: Action,
    pub label: Option<String>,
    /// The names of the fields that changed (no values).
    pub fields: Vec<String>,
}

pub const DEFAULT_PAGE_SIZE: i64 = 20;
pub const MAX_PAGE_SIZE: i64 = 100;
/// Changes the dashboard's Recent Activity lists.
pub const RECENT_ACTIVITY: i64 = 8;

/// Which changes a history page holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Filter {
    pub entity: Option<Entity>,
    pub record_id: Option<i64>,
}

/// The history's query string as given: every value a list, so that a parameter given twice
/// is refused rather than one of its values silently picked.
#[derive(FromForm, Default)]
pub struct HistoryQuery<'r> {
    entity: Vec<&'r str>,
    id: Vec<&'r str>,
    page: Vec<&'r str>,
    #[field(name = "pageSize")]
    page_size: Vec<&'r str>,
}

impl HistoryQuery<'_> {
    /// The filter and page these parameters ask for, or a 400 naming the first bad one.
    fn parse(&self) -> ApiResult<(Filter, i64, i64)> {
        let entity = match single(&self.entity, "entity")? {
            None => None,
            Some(name) => Some(Entity::parse(name).ok_or_else(|| {
                ApiError::bad_request(format!("entity must be one of {}", Entity::NAMES.join(", ")))
            })?),
        };
        let record_id = whole_number(&self.id, "id", 1, i64::MAX, "a whole number from 1")?;
        let page =
            whole_number(&self.page, "page", 1, i64::from(i32::MAX), "a whole number from 1")?.unwrap_or(1);
        let size =
            whole_number(&self.page_size, "pageSize", 1, MAX_PAGE_SIZE, "a whole number from 1 to 100")?
                .unwrap_or(DEFAULT_PAGE_SIZE);
        Ok((Filter { entity, record_id }, page, size))
    }
}

#[get("/history?<query..>")]
async fn list(
    query: HistoryQuery<'_>,
    _admin: AdminUser,
    db: &Db,
) -> ApiResult<Listed<Json<Vec<HistoryEntry>>>> {
    let (filter, page, size) = query.parse()?;
    let (entries, total) = store::page(db.pool(), filter, page, size).await?;
    Ok(Listed(Json(entries), Some(total)))
}

#[get("/history/recent")]
async fn recent(user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<Activity>>> {
    // Who manages which accounts is for administrators only, as the users area is.
    let hidden = (!user.0.is_admin()).then_some(Entity::User);
    let entries = store::recent(db.pool(), RECENT_ACTIVITY, hidden).await?;
    Ok(Json(
        entries
            .into_iter()
            .map(|entry| Activity {
                id: entry.id,
                at: entry.at,
                username: entry.username,
                entity: entry.entity,
                record_id: entry.record_id,
                action: entry.action,
                label: entry.label,
                fields: entry.changes.into_iter().map(|change| change.field).collect(),
            })
            .collect(),
    ))
}
