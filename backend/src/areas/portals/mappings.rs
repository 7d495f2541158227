//! The Portals screen's mappings: every catalog record a listing names, with what it is
//! called in a portal's words, a suggestion for those not yet mapped, and the calls that map
//! a record and unmap it (to the trash).

use rocket::serde::json::Json;
use rocket::{delete, get, put};
use rules::portals::mapping::{self, MappingInput};
use rules::portals::{MappingKind, MappingPortal};
use rules::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::store;
use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::{AdminUser, CurrentUser};
use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::Payload;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::Trashed;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new(
                "Every category, property type, country, city and region with the portal's word for \
                 it (or null) and a suggestion: the unmapped first, then by kind and English name. \
                 Any signed-in user reads them (the property form judges readiness by them); only \
                 admins change them"
            )
            .responds::<Vec<PortalMappingRow>>()
            .fails(&[404])
        ),
        endpoint!(
            save,
            Doc::new(
                "Maps a catalog record to the portal's word for it: a type of the portal's list for a \
                 category or property type (422 naming value otherwise), the portal's name of a place \
                 (at most 100 characters). 404 when the portal, kind or record does not exist. The \
                 listings naming the record are judged again"
            )
            .takes::<MappingInput>()
            .responds::<PortalMapping>()
            .fails(&[404])
        ),
        endpoint!(
            remove,
            Doc::new(
                "Unmaps a record: the mapping goes to the trash, from which it can be restored unless \
                 the record was mapped again meanwhile (409)"
            )
            .status(204)
            .trashes()
            .fails(&[404])
        ),
    ]
}

/// What a catalog record is called in a portal's words.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PortalMapping {
    pub id: i64,
    pub portal: MappingPortal,
    pub kind: MappingKind,
    /// The id of the category, property type, country, city or region.
    pub record_id: i64,
    /// A type in the portal's list (its code or name), or the portal's name of the place.
    pub value: String,
    pub updated_at: String,
}

/// A mapping as the history and the trash show it: with its record's name.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Recorded {
    #[serde(flatten)]
    pub mapping: PortalMapping,
    /// `Property Finder · City · Dubai`: what the record is, for the history's label.
    pub name: String,
}

impl Recorded {
    pub fn of(mapping: PortalMapping, record_name: Option<&str>) -> Recorded {
        let record = record_name.map_or_else(|| format!("#{}", mapping.record_id), str::to_owned);
        let name = format!("{} · {} · {record}", mapping.portal.label(), mapping.kind.label());
        Recorded { mapping, name }
    }
}

/// One catalog record on the Portals screen.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PortalMappingRow {
    pub kind: MappingKind,
    pub record_id: i64,
    pub name_en: String,
    pub name_ar: String,
    /// A city's country, a region's city (English names); none for the others.
    pub parent: Option<String>,
    /// The mapping, when the record has one.
    pub mapping_id: Option<i64>,
    pub value: Option<String>,
    /// What the rules suggest for it in the portal's words.
    pub suggestion: Option<String>,
}

/// The body of a mapping write, read as JSON; its rules depend on the portal and the kind
/// in the address, so the handler checks it with them ([`MappingInput::check`]).
#[derive(Serialize, Deserialize)]
#[serde(transparent)]
pub struct MappingBody(pub MappingInput);

impl Validate for MappingBody {
    fn validate(&self) -> Result<(), rules::FieldErrors> {
        Ok(())
    }
}

/// The largest mapping body: a value of the rules' longest short text, and room to spare.
pub const BODY_MAX_BYTES: u64 = 16 * 1024;

/// A portal of the address (`propertyFinder`, `bayut`); any other is not found.
pub fn portal_of(text: &str) -> ApiResult<MappingPortal> {
    MappingPortal::from_value(text).ok_or_else(|| ApiError::not_found(rules::messages::NOT_FOUND))
}

fn kind_of(text: &str) -> ApiResult<MappingKind> {
    MappingKind::from_value(text).ok_or_else(|| ApiError::not_found(rules::messages::NOT_FOUND))
}

/// Every record with its mapping: the unmapped first, then by kind (categories, types,
/// countries, cities, regions) and English name.
pub async fn rows(db: &Db, portal: MappingPortal) -> ApiResult<Vec<PortalMappingRow>> {
    let mut conn = db.pool().acquire().await?;
    let mut mappings = store::mappings::of_portal(&mut conn, portal).await?;
    let records = store::mappings::catalog(&mut conn).await?;
    let mut rows: Vec<PortalMappingRow> = records
        .into_iter()
        .map(|record| {
            let mapped = mappings.remove(&(record.kind, record.id));
            PortalMappingRow {
                suggestion: mapping::suggestion(portal, record.kind, &record.name_en),
                kind: record.kind,
                record_id: record.id,
                name_en: record.name_en,
                name_ar: record.name_ar,
                parent: record.parent,
                mapping_id: mapped.as_ref().map(|m| m.id),
                value: mapped.map(|m| m.value),
            }
        })
        .collect();
    let rank = |kind: MappingKind| MappingKind::ALL.iter().position(|k| *k == kind);
    rows.sort_by_cached_key(|row| {
        (row.value.is_some(), rank(row.kind), row.name_en.to_lowercase(), row.record_id)
    });
    Ok(rows)
}

/// Writes `input` to the mapping `id` (a version restored from its history), by its own
/// portal and kind and with their rules.
pub async fn restore_value(
    db: &sqlx::AnyPool,
    actor: &Actor,
    id: i64,
    input: MappingInput,
) -> ApiResult<PortalMapping> {
    let mapping = {
        let mut conn = db.acquire().await?;
        store::mappings::find(&mut conn, id)
            .await?
            .ok_or_else(|| ApiError::not_found(store::mappings::NOT_FOUND))?
    };
    input.check(mapping.portal, mapping.kind).map_err(ApiError::validation)?;
    let value = input.stored(mapping.portal, mapping.kind);
    store::mappings::put(db, actor, mapping.portal, mapping.kind, mapping.record_id, &value).await
}

#[get("/portals/<portal>/mappings")]
pub async fn list(portal: &str, _user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<PortalMappingRow>>> {
    Ok(Json(rows(db, portal_of(portal)?).await?))
}

/// `{id}` is the record's: the category, property type, country, city or region mapped.
#[put("/portals/<portal>/mappings/<kind>/<id>", data = "<body>")]
pub async fn save(
    portal: &str,
    kind: &str,
    id: i64,
    admin: AdminUser,
    db: &Db,
    body: Payload<MappingBody, { BODY_MAX_BYTES }>,
) -> ApiResult<Json<PortalMapping>> {
    let (portal, kind) = (portal_of(portal)?, kind_of(kind)?);
    let input = body.0 .0;
    input.check(portal, kind).map_err(ApiError::validation)?;
    let value = input.stored(portal, kind);
    Ok(Json(store::mappings::put(db.pool(), &Actor::from(&admin), portal, kind, id, &value).await?))
}

#[delete("/portal-mappings/<id>")]
pub async fn remove(id: i64, admin: AdminUser, db: &Db) -> ApiResult<Trashed> {
    store::mappings::delete(db.pool(), &Actor::from(&admin), id).await
}
