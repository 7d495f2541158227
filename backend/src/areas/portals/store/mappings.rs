//! SQL for the portal_mappings table: what each catalog record is called in a portal's
//! words. Every write queues the listings that name the record for the search engine, in
//! its transaction: their readiness, which the property list shows, depends on it.

use std::collections::HashMap;

use rules::portals::{MappingKind, MappingPortal};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

use super::super::mappings::{PortalMapping, Recorded};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::trash::{self, Checks, Part, Trashed, Unique};

const COLUMNS: &str = "id, portal, kind, record_id, value, updated_at";

pub const NOT_FOUND: &str = rules::messages::PORTAL_MAPPING_NOT_FOUND;

/// A restore into a key mapped again meanwhile is refused, naming the value.
pub const RESTORE_CHECKS: Checks = Checks {
    references: &[],
    unique: Some(Unique { field: "value", message: |_| rules::messages::PORTAL_MAPPING_TAKEN.to_owned() }),
    cleared: &[],
};

/// The table of a kind's records, the listings' column naming one, and its 404.
pub fn catalog_of(kind: MappingKind) -> (&'static str, &'static str, &'static str) {
    use rules::messages as m;
    match kind {
        MappingKind::Category => ("categories", "category_id", m::CATEGORY_NOT_FOUND),
        MappingKind::PropertyType => ("property_types", "type_id", m::PROPERTY_TYPE_NOT_FOUND),
        MappingKind::Country => ("countries", "country_id", m::COUNTRY_NOT_FOUND),
        MappingKind::City => ("cities", "city_id", m::CITY_NOT_FOUND),
        MappingKind::Region => ("regions", "region_id", m::REGION_NOT_FOUND),
    }
}

fn decode<T>(row: &AnyRow, column: &str, read: fn(&str) -> Option<T>) -> Result<T, sqlx::Error> {
    let text: String = row.try_get(column)?;
    read(&text)
        .ok_or_else(|| sqlx::Error::Decode(format!("unexpected stored value '{text}' in {column}").into()))
}

fn from_row(row: &AnyRow) -> Result<PortalMapping, sqlx::Error> {
    Ok(PortalMapping {
        id: row.try_get("id")?,
        portal: decode(row, "portal", MappingPortal::from_value)?,
        kind: decode(row, "kind", MappingKind::from_value)?,
        record_id: row.try_get("record_id")?,
        value: row.try_get("value")?,
        updated_at: row.try_get("updated_at")?,
    })
}

/// Every mapping of `portal`, by kind and record.
pub async fn of_portal(
    conn: &mut AnyConnection,
    portal: MappingPortal,
) -> ApiResult<HashMap<(MappingKind, i64), PortalMapping>> {
    let sql = format!("SELECT {COLUMNS} FROM portal_mappings WHERE portal = $1");
    let rows = sqlx::query(&sql).bind(portal.value()).fetch_all(&mut *conn).await?;
    rows.iter()
        .map(|row| {
            let mapping = from_row(row)?;
            Ok(((mapping.kind, mapping.record_id), mapping))
        })
        .collect()
}

pub async fn find(conn: &mut AnyConnection, id: i64) -> ApiResult<Option<PortalMapping>> {
    let sql = format!("SELECT {COLUMNS} FROM portal_mappings WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(&mut *conn).await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

async fn find_key(
    conn: &mut AnyConnection,
    portal: MappingPortal,
    kind: MappingKind,
    record_id: i64,
) -> ApiResult<Option<PortalMapping>> {
    let sql =
        format!("SELECT {COLUMNS} FROM portal_mappings WHERE portal = $1 AND kind = $2 AND record_id = $3");
    let row = sqlx::query(&sql)
        .bind(portal.value())
        .bind(kind.value())
        .bind(record_id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

/// The English name of the record a mapping names; `None` when there is no such record.
async fn record_name(
    conn: &mut AnyConnection,
    kind: MappingKind,
    record_id: i64,
) -> ApiResult<Option<String>> {
    let (table, _, _) = catalog_of(kind);
    let sql = format!("SELECT name_en FROM {table} WHERE id = $1");
    Ok(sqlx::query_scalar(&sql).bind(record_id).fetch_optional(&mut *conn).await?)
}

/// How the history and the trash show `mapping`: with the name of its record.
async fn recorded(conn: &mut AnyConnection, mapping: PortalMapping) -> ApiResult<Recorded> {
    let name = record_name(conn, mapping.kind, mapping.record_id).await?;
    Ok(Recorded::of(mapping, name.as_deref()))
}

/// Queues for the search engine every listing that names the record of a mapping.
async fn requeue(conn: &mut AnyConnection, kind: MappingKind, record_id: i64) -> ApiResult<()> {
    let (_, column, _) = catalog_of(kind);
    let sql =
        format!("INSERT INTO search_changes (property_id) SELECT id FROM properties WHERE {column} = $1");
    sqlx::query(&sql).bind(record_id).execute(&mut *conn).await?;
    Ok(())
}

/// Maps the record `record_id` of `kind` to `value` for `portal`, creating the mapping or
/// changing it, with its history; 404 naming the kind when the record does not exist.
pub async fn put(
    db: &AnyPool,
    actor: &Actor,
    portal: MappingPortal,
    kind: MappingKind,
    record_id: i64,
    value: &str,
) -> ApiResult<PortalMapping> {
    let mut tx = db::begin_write(db).await?;
    let name = record_name(&mut tx, kind, record_id)
        .await?
        .ok_or_else(|| ApiError::not_found(catalog_of(kind).2))?;
    let now = clock::now_text();
    let mapping = match find_key(&mut tx, portal, kind, record_id).await? {
        Some(before) if before.value == value => return Ok(before),
        Some(found) => {
            // Read again under the lock: the history records the value this write replaced.
            db::lock_row(&mut tx, "portal_mappings", found.id).await?;
            let before = find(&mut tx, found.id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
            let sql = format!(
                "UPDATE portal_mappings SET value = $1, updated_at = $2, version = version + 1 WHERE id = $3 \
                 RETURNING {COLUMNS}"
            );
            let row = sqlx::query(&sql).bind(value).bind(&now).bind(before.id).fetch_one(&mut *tx).await?;
            let after = from_row(&row)?;
            let (old, new) = (Recorded::of(before, Some(&name)), Recorded::of(after.clone(), Some(&name)));
            audit::updated(&mut tx, actor, Entity::PortalMapping, after.id, &old, &new).await?;
            after
        }
        None => {
            let sql = format!(
                "INSERT INTO portal_mappings (portal, kind, record_id, value, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $5) RETURNING {COLUMNS}"
            );
            let row = sqlx::query(&sql)
                .bind(portal.value())
                .bind(kind.value())
                .bind(record_id)
                .bind(value)
                .bind(&now)
                .fetch_one(&mut *tx)
                .await?;
            let created = from_row(&row)?;
            let answered = Recorded::of(created.clone(), Some(&name));
            audit::created(&mut tx, actor, Entity::PortalMapping, created.id, &answered).await?;
            created
        }
    };
    requeue(&mut tx, kind, record_id).await?;
    tx.commit().await?;
    Ok(mapping)
}

/// Moves the mapping `id` to the trash: its record is unmapped again.
pub async fn delete(db: &AnyPool, actor: &Actor, id: i64) -> ApiResult<Trashed> {
    let mut tx = db::begin_write(db).await?;
    db::lock_row(&mut tx, "portal_mappings", id).await?;
    let mapping = find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let (kind, record_id) = (mapping.kind, mapping.record_id);
    let answered = recorded(&mut tx, mapping).await?;
    let parts = [Part::record("portal_mappings")];
    let trashed = trash::discard_alone(&mut tx, actor, Entity::PortalMapping, id, &answered, &parts).await?;
    requeue(&mut tx, kind, record_id).await?;
    tx.commit().await?;
    Ok(trashed)
}

/// After the trash put the mapping `id` back: its record's listings are judged again.
pub async fn restored(conn: &mut AnyConnection, id: i64) -> ApiResult<()> {
    if let Some(mapping) = find(conn, id).await? {
        requeue(conn, mapping.kind, mapping.record_id).await?;
    }
    Ok(())
}

/// The mapping `id` as its history records it, for a restore of one of its versions.
pub async fn current(db: &AnyPool, id: i64) -> ApiResult<Option<Recorded>> {
    let mut conn = db.acquire().await?;
    match find(&mut conn, id).await? {
        Some(mapping) => Ok(Some(recorded(&mut conn, mapping).await?)),
        None => Ok(None),
    }
}

/// A catalog record a mapping may name: its kind, id, names and the name of its parent (a
/// city's country, a region's city).
pub struct CatalogRecord {
    pub kind: MappingKind,
    pub id: i64,
    pub name_en: String,
    pub name_ar: String,
    pub parent: Option<String>,
}

/// Every category, property type, country, city and region.
pub async fn catalog(conn: &mut AnyConnection) -> ApiResult<Vec<CatalogRecord>> {
    let sql =
        "SELECT 'category' AS kind, id, name_en, name_ar, CAST(NULL AS TEXT) AS parent FROM categories \
         UNION ALL SELECT 'propertyType', id, name_en, name_ar, CAST(NULL AS TEXT) FROM property_types \
         UNION ALL SELECT 'country', id, name_en, name_ar, CAST(NULL AS TEXT) FROM countries \
         UNION ALL SELECT 'city', c.id, c.name_en, c.name_ar, o.name_en FROM cities c \
         JOIN countries o ON o.id = c.country_id \
         UNION ALL SELECT 'region', r.id, r.name_en, r.name_ar, c.name_en FROM regions r \
         JOIN cities c ON c.id = r.city_id";
    let rows = sqlx::query(sql).fetch_all(&mut *conn).await?;
    rows.iter()
        .map(|row| {
            Ok(CatalogRecord {
                kind: decode(row, "kind", MappingKind::from_value)?,
                id: row.try_get("id")?,
                name_en: row.try_get("name_en")?,
                name_ar: row.try_get("name_ar")?,
                parent: row.try_get("parent")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(ApiError::from)
}
