//! Restoring an earlier version of a record from its history (issue 24, ADR 0024). The
//! version after a change is rebuilt from the record as it is now, each later change undone
//! newest first; it is then written through the area's own update, so the rules, If-Match
//! and the history apply as to any save, and the restore is itself a recorded update.

mod targets;

use rocket::http::CookieJar;
use rocket::serde::json::Json;
use rocket::{get, post, State};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};
use sqlx::AnyPool;

use super::store;
use crate::areas::notifications::Outbox;
use crate::endpoint;
use crate::platform::audit::{self, Action, Entity, FieldChange};
use crate::platform::auth::AdminUser;
use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::if_match::IfMatch;
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            preview,
            Doc::new(
                "What restoring the version a change left would write (administrators only): each field \
                 that differs, as it is now (old) and as it was (new), the record's version now (send it \
                 back as If-Match) and the fields the history does not hold, which keep their value; 404 \
                 for no such change or a record that no longer exists, 409 for a deletion or a change \
                 to many records"
            )
            .responds::<VersionRestore>()
            .fails(&[409])
        ),
        endpoint!(
            restore,
            Doc::new(
                "Restores the version a change left (administrators only), through the area's own update: \
                 its rules (422, 409), its history (one more update) and If-Match, the version the preview \
                 answered (412 when the record changed since); without If-Match, the version the restore \
                 was worked out from. Answers what changed and the record's new version"
            )
            .responds::<VersionRestore>()
            .status(200)
            .fails(&[403, 409, 422])
            .versioned()
        ),
    ]
}

/// A version of a record and how it differs from the record as it is now.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionRestore {
    /// The change whose resulting version is restored.
    pub history_id: i64,
    pub entity: Entity,
    pub record_id: i64,
    /// The record's version: now (preview; send it back as `If-Match: "N"`), or once restored.
    pub version: i64,
    /// Each field written differently: `old` as it is now (or was before the restore), `new`
    /// as it was in that version; values the history hides are shown as it recorded them.
    pub changes: Vec<FieldChange>,
    /// Fields whose value in that version the history does not hold (passwords, inline files):
    /// they keep the value they have now.
    pub kept: Vec<String>,
}

/// A restore worked out: the record now and the version to write.
struct Plan {
    entry_id: i64,
    entity: Entity,
    record_id: i64,
    now: Map<String, Value>,
    version: Map<String, Value>,
    kept: Vec<String>,
    fields: Vec<String>,
}

impl Plan {
    fn changes(&self) -> Vec<FieldChange> {
        differences(&self.now, &self.version, &self.fields)
    }

    fn answer(&self, version: i64, changes: Vec<FieldChange>) -> VersionRestore {
        VersionRestore {
            history_id: self.entry_id,
            entity: self.entity,
            record_id: self.record_id,
            version,
            changes,
            kept: self.kept.clone(),
        }
    }
}

/// The differences between two states of a record in the fields its update writes, by field
/// name (whatever order the maps keep their keys in).
fn differences(
    before: &Map<String, Value>,
    after: &Map<String, Value>,
    fields: &[String],
) -> Vec<FieldChange> {
    let mut changes: Vec<FieldChange> =
        audit::diff(before, after).into_iter().filter(|change| fields.contains(&change.field)).collect();
    changes.sort_by(|a, b| a.field.cmp(&b.field));
    changes
}

fn version_of(record: &Map<String, Value>) -> i64 {
    record.get("version").and_then(Value::as_i64).unwrap_or_default()
}

/// The record as it was right after a change, from the record `now` and the changes recorded
/// after that one (oldest first): each undone, newest first, so a field ends with its value
/// before the first later change to it. A value the history does not hold keeps the value it
/// has now; those fields are answered beside the version.
fn version_after(now: &Map<String, Value>, later: &[Vec<FieldChange>]) -> (Map<String, Value>, Vec<String>) {
    let mut version = now.clone();
    let mut kept = Vec::new();
    for change in later.iter().rev().flatten() {
        if audit::stands_in(&change.field, &change.old) {
            match now.get(&change.field) {
                Some(value) => version.insert(change.field.clone(), value.clone()),
                None => version.remove(&change.field),
            };
            if !kept.contains(&change.field) {
                kept.push(change.field.clone());
            }
        } else {
            version.insert(change.field.clone(), change.old.clone());
            kept.retain(|field| field != &change.field);
        }
    }
    (version, kept)
}

async fn plan(db: &AnyPool, history_id: i64) -> ApiResult<Plan> {
    let entry = store::entry(db, history_id)
        .await?
        .ok_or_else(|| ApiError::not_found(rules::messages::HISTORY_ENTRY_NOT_FOUND))?;
    if entry.record_id < 1 {
        return Err(ApiError::conflict(rules::messages::RESTORE_MANY_RECORDS));
    }
    if entry.action == Action::Delete {
        return Err(ApiError::conflict(rules::messages::RESTORE_DELETION));
    }
    let now = targets::current(db, entry.entity, entry.record_id)
        .await?
        .ok_or_else(|| ApiError::not_found(rules::messages::RESTORE_RECORD_GONE))?;
    let later = store::changes_after(db, &entry).await?;
    let (version, kept) = version_after(&now, &later);
    let fields = targets::fields(entry.entity);
    let kept = kept.into_iter().filter(|field| fields.contains(field)).collect();
    Ok(Plan {
        entry_id: entry.id,
        entity: entry.entity,
        record_id: entry.record_id,
        now,
        version,
        kept,
        fields,
    })
}

#[get("/history/<id>/restore")]
async fn preview(id: i64, _admin: AdminUser, db: &Db) -> ApiResult<Json<VersionRestore>> {
    let plan = plan(db.pool(), id).await?;
    Ok(Json(plan.answer(version_of(&plan.now), plan.changes())))
}

#[post("/history/<id>/restore")]
async fn restore(
    id: i64,
    expected: IfMatch,
    admin: AdminUser,
    db: &Db,
    outbox: &State<Outbox>,
    jar: &CookieJar<'_>,
) -> ApiResult<Json<VersionRestore>> {
    let plan = plan(db.pool(), id).await?;
    // The version was worked out from the record as read: without the client's If-Match, the
    // write still expects that record, so a change meanwhile is a 412 rather than undone.
    let expected = expected.0.unwrap_or_else(|| version_of(&plan.now));
    let write =
        targets::Write { db, outbox, admin: &admin, jar, id: plan.record_id, expected: Some(expected) };
    let changed: Vec<String> = plan.changes().into_iter().map(|change| change.field).collect();
    let after = targets::write(plan.entity, &write, plan.version.clone(), &changed).await?;
    Ok(Json(plan.answer(version_of(&after), differences(&plan.now, &after, &plan.fields))))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn object(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap_or_default()
    }

    fn changes(value: Value) -> Vec<FieldChange> {
        serde_json::from_value(value).unwrap_or_default()
    }

    #[test]
    fn each_later_change_is_undone_back_to_the_first_one_after_the_version() {
        let now = object(json!({ "id": 1, "nameEn": "C", "nameAr": "ج", "version": 4 }));
        let later = [
            changes(json!([{ "field": "nameEn", "old": "A", "new": "B" }])),
            changes(
                json!([{ "field": "nameEn", "old": "B", "new": "C" }, { "field": "nameAr", "old": "أ", "new": "ج" }]),
            ),
        ];
        let (version, kept) = version_after(&now, &later);
        assert_eq!(version, object(json!({ "id": 1, "nameEn": "A", "nameAr": "أ", "version": 4 })));
        assert!(kept.is_empty());
    }

    #[test]
    fn a_value_the_history_does_not_hold_keeps_its_value_now() {
        let now = object(json!({ "imageData": "data:image/png;base64,BBBB", "title": "Now" }));
        let later = [changes(json!([
            { "field": "imageData", "old": "[inline file, 26 characters]", "new": "[inline file, 26 characters]" },
            { "field": "title", "old": "Then", "new": "Now" }
        ]))];
        let (version, kept) = version_after(&now, &later);
        assert_eq!(version, object(json!({ "imageData": "data:image/png;base64,BBBB", "title": "Then" })));
        assert_eq!(kept, ["imageData"]);
    }

    #[test]
    fn the_differences_are_only_the_fields_the_update_writes() {
        let now = object(json!({ "categoryId": 2, "categoryName": "Flats", "version": 3 }));
        let then = object(json!({ "categoryId": 1, "categoryName": "Villas", "version": 3 }));
        assert_eq!(
            differences(&now, &then, &["categoryId".to_owned()]),
            [FieldChange { field: "categoryId".into(), old: json!(2), new: json!(1) }]
        );
    }
}
