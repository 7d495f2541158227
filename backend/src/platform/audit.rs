//! The history's recording (the contract's "History"): every create, update and delete of
//! every area records who, when, which record, the action and the changed fields with their
//! old and new values, in the transaction of the change. Stores call [`created`],
//! [`updated`] and [`deleted`] with the record as the API answers it; what a change was is
//! worked out here, once, from those answers. The history screens read it in
//! `areas::history`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sqlx::AnyConnection;

use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};

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
    LeadNote,
    PortalMapping,
    FeedToken,
}

impl Entity {
    pub const ALL: [Entity; 21] = [
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
        Entity::LeadNote,
        Entity::PortalMapping,
        Entity::FeedToken,
    ];

    pub const NAMES: [&'static str; 21] = [
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
        "leadNote",
        "portalMapping",
        "feedToken",
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
    /// Moved to the trash (ADR 0022): the record is gone from every list until restored.
    Delete,
    /// Put back from the trash.
    Restore,
    /// Dropped from the trash for good, by an administrator or after `AQAR_TRASH_DAYS`.
    Purge,
}

impl Action {
    pub fn value(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Update => "update",
            Action::Delete => "delete",
            Action::Restore => "restore",
            Action::Purge => "purge",
        }
    }

    pub fn parse(text: &str) -> Option<Action> {
        [Action::Create, Action::Update, Action::Delete, Action::Restore, Action::Purge]
            .into_iter()
            .find(|a| a.value() == text)
    }
}

/// Who made a change: a signed-in user, or a visitor of the public site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user_id: Option<i64>,
    pub username: Option<String>,
}

impl Actor {
    /// A visitor of the public site (a contact request sent through the public API).
    pub fn visitor() -> Actor {
        Actor { user_id: None, username: None }
    }

    /// The server itself: the periodic sweep that purges the trash.
    pub fn system() -> Actor {
        Actor { user_id: None, username: None }
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

fn is_password(field: &str) -> bool {
    field.to_ascii_lowercase().contains("password")
}

const INLINE_FILE: (&str, &str) = ("[inline file, ", " characters]");

/// What is recorded of a value: never a password, never the bytes of an inline file.
fn recorded(field: &str, value: &Value) -> Value {
    if is_password(field) {
        return Value::String("[not recorded]".into());
    }
    match value {
        Value::String(text) if text.starts_with("data:") => {
            Value::String(format!("{}{}{}", INLINE_FILE.0, text.len(), INLINE_FILE.1))
        }
        Value::Array(items) => Value::Array(items.iter().map(|item| recorded(field, item)).collect()),
        other => other.clone(),
    }
}

/// Whether a value read from the history stands in for one it does not hold (a password, an
/// inline file), so that it cannot be written back.
pub fn stands_in(field: &str, value: &Value) -> bool {
    match value {
        _ if is_password(field) => true,
        Value::String(text) => text.starts_with(INLINE_FILE.0) && text.ends_with(INLINE_FILE.1),
        Value::Array(items) => items.iter().any(|item| stands_in(field, item)),
        _ => false,
    }
}

fn fields_of(record: &impl Serialize) -> ApiResult<Map<String, Value>> {
    match serde_json::to_value(record).map_err(ApiError::internal)? {
        Value::Object(fields) => Ok(fields),
        other => Err(ApiError::internal(format!("a recorded record is not an object: {other}"))),
    }
}

/// The name a record is shown by (its history rows' label, its trash entry's name).
pub fn label(record: &impl Serialize) -> ApiResult<Option<String>> {
    Ok(label_of(&fields_of(record)?))
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
    whole(conn, actor, entity, id, Action::Create, record).await
}

/// Records that `actor` created each record of a set: one history row per record, as
/// [`created`] writes it, many rows to a statement.
pub async fn created_many<T: Serialize>(
    conn: &mut AnyConnection,
    actor: &Actor,
    entity: Entity,
    records: &[(i64, &T)],
) -> ApiResult<()> {
    let mut rows = Vec::with_capacity(records.len());
    for (id, record) in records {
        let fields = fields_of(record)?;
        rows.push(Row { record_id: *id, label: label_of(&fields), changes: diff(&Map::new(), &fields) });
    }
    insert_rows(conn, actor, entity, Action::Create, &rows).await
}

/// A row of the history with every field of `record`, as a create or a restore records it.
async fn whole(
    conn: &mut AnyConnection,
    actor: &Actor,
    entity: Entity,
    id: i64,
    action: Action,
    record: &impl Serialize,
) -> ApiResult<()> {
    let fields = fields_of(record)?;
    let changes = diff(&Map::new(), &fields);
    insert(conn, actor, entity, id, action, label_of(&fields), &changes).await
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
    insert(conn, actor, entity, id, Action::Update, label_of(&after), &changes).await
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
    insert(conn, actor, entity, id, Action::Delete, label_of(&fields), &changes).await
}

/// Records that `actor` put the record `id`, which is `record` again, back from the trash:
/// every field it has, as a create does.
pub async fn restored(
    conn: &mut AnyConnection,
    actor: &Actor,
    entity: Entity,
    id: i64,
    record: &impl Serialize,
) -> ApiResult<()> {
    whole(conn, actor, entity, id, Action::Restore, record).await
}

/// Records that `actor` updated each record of a set from its before to its after (both as
/// answered): one history row per record, written many rows to a statement.
pub async fn updated_many<T: Serialize>(
    conn: &mut AnyConnection,
    actor: &Actor,
    entity: Entity,
    changes: &[(i64, &T, &T)],
) -> ApiResult<()> {
    let mut rows = Vec::with_capacity(changes.len());
    for (id, before, after) in changes {
        let (before, after) = (fields_of(before)?, fields_of(after)?);
        rows.push(Row { record_id: *id, label: label_of(&after), changes: diff(&before, &after) });
    }
    insert_rows(conn, actor, entity, Action::Update, &rows).await
}

/// Writes one row of the history, in the transaction of the change it records.
pub async fn insert(
    conn: &mut AnyConnection,
    actor: &Actor,
    entity: Entity,
    record_id: i64,
    action: Action,
    label: Option<String>,
    changes: &[FieldChange],
) -> ApiResult<()> {
    let row = Row { record_id, label, changes: changes.to_vec() };
    insert_rows(conn, actor, entity, action, &[row]).await
}

/// One record's row of the history.
struct Row {
    record_id: i64,
    label: Option<String>,
    changes: Vec<FieldChange>,
}

/// History rows per statement, eight values each.
const ROWS_PER_STATEMENT: usize = db::VALUES_PER_STATEMENT / 8;

/// Writes rows of one action by one actor at one instant, many to a statement.
async fn insert_rows(
    conn: &mut AnyConnection,
    actor: &Actor,
    entity: Entity,
    action: Action,
    rows: &[Row],
) -> ApiResult<()> {
    let at = clock::now_text();
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        let values = db::Marks::of(conn).rows(chunk.len(), 8);
        let sql = format!(
            "INSERT INTO history (at, user_id, username, entity, record_id, action, label, changes) VALUES {values}"
        );
        let mut query = sqlx::query(&sql);
        for row in chunk {
            let changes = serde_json::to_string(&row.changes).map_err(ApiError::internal)?;
            query = query
                .bind(at.as_str())
                .bind(actor.user_id)
                .bind(actor.username.as_deref())
                .bind(entity.value())
                .bind(row.record_id)
                .bind(action.value())
                .bind(row.label.as_deref())
                .bind(changes);
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

/// One recorded change of a record, as an area reading its own record's past needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    /// When, RFC 3339 UTC.
    pub at: String,
    pub action: Action,
    pub changes: Vec<FieldChange>,
}

/// The recorded changes of one record, oldest first: at most its `most` latest.
pub async fn past_of(
    db: &sqlx::AnyPool,
    entity: Entity,
    record_id: i64,
    most: i64,
) -> ApiResult<Vec<Recorded>> {
    use sqlx::Row;
    let rows = sqlx::query(
        "SELECT at, action, changes FROM history WHERE entity = $1 AND record_id = $2 ORDER BY id DESC LIMIT $3",
    )
    .bind(entity.value())
    .bind(record_id)
    .bind(most)
    .fetch_all(db)
    .await?;
    let mut recorded = Vec::with_capacity(rows.len());
    for row in rows.iter().rev() {
        let action: String = row.try_get("action")?;
        let changes: String = row.try_get("changes")?;
        recorded.push(Recorded {
            at: row.try_get("at")?,
            action: Action::parse(&action)
                .ok_or_else(|| ApiError::internal(format!("unexpected history action '{action}'")))?,
            changes: serde_json::from_str(&changes).map_err(ApiError::internal)?,
        });
    }
    Ok(recorded)
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
    fn what_stands_in_for_an_unrecorded_value_is_known_again() {
        let inline = recorded("imageData", &json!("data:image/png;base64,AAAA"));
        assert!(stands_in("imageData", &inline));
        assert!(stands_in("images", &json!(["/media/a.png", inline])));
        assert!(stands_in("password", &json!("[not recorded]")));
        assert!(!stands_in("imageUrl", &json!("/media/a.png")));
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
