//! The history of changes (the contract's "History"): every create, update and delete of
//! every area records who, when, which record, the action and the changed fields with their
//! old and new values, in the transaction of the change. Stores call [`created`],
//! [`updated`] and [`deleted`] with the record as the API answers it; what a change was is
//! worked out here, once, from those answers.

pub mod store;

use rocket::serde::json::Json;
use rocket::{get, FromForm};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sqlx::AnyConnection;

use crate::auth::{AdminUser, CurrentUser};
use crate::db::Db;
use crate::endpoint;
use crate::error::{ApiError, ApiResult};
use crate::openapi::{Doc, Endpoint};
use crate::properties::listing::Listed;
use crate::query::{single, whole_number};
use crate::users::User;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new(
                "The history of changes, newest first, one page at a time (page from 1, pageSize up \
                 to 100, default 20); entity and id narrow it to one kind of record or one record"
            )
            .admin()
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
}

/// Every kind of record whose changes are recorded, by its camelCase name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Entity {
    Category,
    PropertyType,
    Country,
    City,
    Region,
    PropertyFeature,
    Property,
    ContactRequest,
    User,
    Settings,
    TeamMember,
    Service,
    ProcessStep,
    Testimonial,
    HeroImage,
    AboutSection,
    CompanyValue,
    ValuesSectionSettings,
}

impl Entity {
    pub const ALL: [Entity; 18] = [
        Entity::Category,
        Entity::PropertyType,
        Entity::Country,
        Entity::City,
        Entity::Region,
        Entity::PropertyFeature,
        Entity::Property,
        Entity::ContactRequest,
        Entity::User,
        Entity::Settings,
        Entity::TeamMember,
        Entity::Service,
        Entity::ProcessStep,
        Entity::Testimonial,
        Entity::HeroImage,
        Entity::AboutSection,
        Entity::CompanyValue,
        Entity::ValuesSectionSettings,
    ];

    const NAMES: [&'static str; 18] = [
        "category",
        "propertyType",
        "country",
        "city",
        "region",
        "propertyFeature",
        "property",
        "contactRequest",
        "user",
        "settings",
        "teamMember",
        "service",
        "processStep",
        "testimonial",
        "heroImage",
        "aboutSection",
        "companyValue",
        "valuesSectionSettings",
    ];

    /// The stored and sent name.
    pub fn value(self) -> &'static str {
        let index = Entity::ALL.iter().position(|e| *e == self).unwrap_or_default();
        Entity::NAMES[index]
    }

    pub fn parse(name: &str) -> Option<Entity> {
        Entity::NAMES.iter().position(|n| *n == name).map(|index| Entity::ALL[index])
    }
}

/// What happened to the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Action {
    Create,
    Update,
    Delete,
}

impl Action {
    pub fn value(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Update => "update",
            Action::Delete => "delete",
        }
    }

    pub fn parse(text: &str) -> Option<Action> {
        [Action::Create, Action::Update, Action::Delete].into_iter().find(|a| a.value() == text)
    }
}

/// Who made a change: a signed-in user, or a visitor of the public site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user_id: Option<i64>,
    pub username: Option<String>,
}

impl Actor {
    pub fn user(user: &User) -> Actor {
        Actor { user_id: Some(user.id), username: Some(user.username.clone()) }
    }

    /// A visitor of the public site (a contact request sent through the public API).
    pub fn visitor() -> Actor {
        Actor { user_id: None, username: None }
    }
}

impl From<&CurrentUser> for Actor {
    fn from(user: &CurrentUser) -> Actor {
        Actor::user(&user.0)
    }
}

impl From<&AdminUser> for Actor {
    fn from(user: &AdminUser) -> Actor {
        Actor::user(&user.0)
    }
}

/// One field of a change: its value before (null when created) and after (null when deleted).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FieldChange {
    /// The field's camelCase name, as the API answers the record.
    pub field: String,
    pub old: Value,
    pub new: Value,
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

/// Fields that every write moves on its own: not changes anyone made.
const BOOKKEEPING: [&str; 4] = ["id", "version", "createdAt", "updatedAt"];

/// The fields a record's label is read from, first found first.
const LABEL_FIELDS: [&str; 10] = [
    "titleEn",
    "nameEn",
    "subject",
    "clientNameEn",
    "username",
    "name",
    "companyNameEn",
    "companyName",
    "pageName",
    "code",
];

/// What is recorded of a value: never a password, never the bytes of an inline file.
fn recorded(field: &str, value: &Value) -> Value {
    if field.to_ascii_lowercase().contains("password") {
        return Value::String("[not recorded]".into());
    }
    match value {
        Value::String(text) if text.starts_with("data:") => {
            Value::String(format!("[inline file, {} characters]", text.len()))
        }
        Value::Array(items) => Value::Array(items.iter().map(|item| recorded(field, item)).collect()),
        other => other.clone(),
    }
}

fn fields_of(record: &impl Serialize) -> ApiResult<Map<String, Value>> {
    match serde_json::to_value(record).map_err(ApiError::internal)? {
        Value::Object(fields) => Ok(fields),
        other => Err(ApiError::internal(format!("a recorded record is not an object: {other}"))),
    }
}

fn label_of(fields: &Map<String, Value>) -> Option<String> {
    LABEL_FIELDS.iter().find_map(|name| match fields.get(*name) {
        Some(Value::String(text)) if !text.trim().is_empty() => Some(text.clone()),
        _ => None,
    })
}

/// The fields that differ between two answers of one record (a field absent on one side
/// reads as null there); bookkeeping fields are left out.
pub fn diff(before: &Map<String, Value>, after: &Map<String, Value>) -> Vec<FieldChange> {
    let names = after.keys().chain(before.keys().filter(|name| !after.contains_key(*name)));
    names
        .filter(|name| !BOOKKEEPING.contains(&name.as_str()))
        .filter_map(|name| {
            let old = before.get(name).unwrap_or(&Value::Null);
            let new = after.get(name).unwrap_or(&Value::Null);
            (old != new).then(|| FieldChange {
                field: name.clone(),
                old: recorded(name, old),
                new: recorded(name, new),
            })
        })
        .collect()
}

/// Records that `actor` created the record `id` (answered as `record`): every field it has.
pub async fn created(
    conn: &mut AnyConnection,
    actor: &Actor,
    entity: Entity,
    id: i64,
    record: &impl Serialize,
) -> ApiResult<()> {
    let fields = fields_of(record)?;
    let changes = diff(&Map::new(), &fields);
    store::insert(conn, actor, entity, id, Action::Create, label_of(&fields), &changes).await
}

/// Records that `actor` updated the record `id` from `before` to `after` (both as answered).
pub async fn updated(
    conn: &mut AnyConnection,
    actor: &Actor,
    entity: Entity,
    id: i64,
    before: &impl Serialize,
    after: &impl Serialize,
) -> ApiResult<()> {
    let (before, after) = (fields_of(before)?, fields_of(after)?);
    let changes = diff(&before, &after);
    store::insert(conn, actor, entity, id, Action::Update, label_of(&after), &changes).await
}

/// Records that `actor` deleted the record `id`, which was `record`: every field it had.
pub async fn deleted(
    conn: &mut AnyConnection,
    actor: &Actor,
    entity: Entity,
    id: i64,
    record: &impl Serialize,
) -> ApiResult<()> {
    let fields = fields_of(record)?;
    let changes = diff(&fields, &Map::new());
    store::insert(conn, actor, entity, id, Action::Delete, label_of(&fields), &changes).await
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn object(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(fields) => fields,
            _ => Map::new(),
        }
    }

    #[test]
    fn an_update_records_only_the_fields_that_changed() {
        let before =
            object(json!({ "id": 1, "nameEn": "Villa", "nameAr": "فيلا", "version": 1, "updatedAt": "a" }));
        let after =
            object(json!({ "id": 1, "nameEn": "Villas", "nameAr": "فيلا", "version": 2, "updatedAt": "b" }));
        assert_eq!(
            diff(&before, &after),
            [FieldChange { field: "nameEn".into(), old: json!("Villa"), new: json!("Villas") }]
        );
    }

    #[test]
    fn passwords_and_inline_files_are_never_recorded() {
        let after = object(json!({ "password": "secret", "imageData": "data:image/png;base64,AAAA" }));
        let changes = diff(&Map::new(), &after);
        assert!(changes
            .iter()
            .all(|c| !c.new.to_string().contains("secret") && !c.new.to_string().contains("AAAA")));
    }

    #[test]
    fn every_entity_name_reads_back() {
        for entity in Entity::ALL {
            assert_eq!(Entity::parse(entity.value()), Some(entity));
            assert_eq!(serde_json::to_value(entity).ok(), Some(json!(entity.value())));
        }
    }

    #[test]
    fn the_label_is_the_first_name_found() {
        assert_eq!(label_of(&object(json!({ "nameEn": "Amman", "code": "JO" }))), Some("Amman".into()));
        assert_eq!(label_of(&object(json!({ "nameEn": " ", "code": "JO" }))), Some("JO".into()));
    }
}
