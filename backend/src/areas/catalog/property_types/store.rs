//! SQL for the property_types table.

use rules::catalog::PropertyTypeInput;
use sqlx::any::AnyRow;
use sqlx::{Any, AnyPool, Executor, Row};

use super::PropertyType;
use crate::areas::catalog::in_use::{self, Reference};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::ApiResult;
use crate::platform::http::payload::optional_text;
use crate::platform::trash::{self, Part, Trashed};

const COLUMNS: &str = "id, name_en, name_ar, description_en, description_ar, created_at, version";

pub const NOT_FOUND: &str = rules::messages::PROPERTY_TYPE_NOT_FOUND;

fn from_row(row: &AnyRow) -> Result<PropertyType, sqlx::Error> {
    Ok(PropertyType {
        id: row.try_get("id")?,
        name_en: row.try_get("name_en")?,
        name_ar: row.try_get("name_ar")?,
        description_en: row.try_get("description_en")?,
        description_ar: row.try_get("description_ar")?,
        created_at: row.try_get("created_at")?,
        version: row.try_get("version")?,
    })
}

pub async fn list(db: &AnyPool) -> ApiResult<Vec<PropertyType>> {
    let sql = format!("SELECT {COLUMNS} FROM property_types ORDER BY id");
    let rows = sqlx::query(&sql).fetch_all(db).await?;
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

pub async fn find<'c, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<PropertyType>> {
    let sql = format!("SELECT {COLUMNS} FROM property_types WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

/// Writes a property type as given, without history: the demo data's way in.
pub async fn insert<'c, E: Executor<'c, Database = Any>>(
    db: E,
    input: &PropertyTypeInput,
) -> ApiResult<PropertyType> {
    let sql = format!(
        "INSERT INTO property_types (name_en, name_ar, description_en, description_ar, created_at) \
         VALUES ($1, $2, $3, $4, $5) RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(&input.name_en)
        .bind(&input.name_ar)
        .bind(optional_text(input.description_en.clone()))
        .bind(optional_text(input.description_ar.clone()))
        .bind(clock::now_text())
        .fetch_one(db)
        .await?;
    Ok(from_row(&row)?)
}

/// Creates a property type for `actor`, recorded in the history.
pub async fn create(db: &AnyPool, actor: &Actor, input: &PropertyTypeInput) -> ApiResult<PropertyType> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    let created = insert(&mut *tx, input).await?;
    audit::created(&mut tx, actor, Entity::PropertyType, created.id, &created).await?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    input: &PropertyTypeInput,
) -> ApiResult<PropertyType> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    db::lock_row(&mut tx, "property_types", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |t| t.version, NOT_FOUND)?;
    let sql = format!(
        "UPDATE property_types SET name_en = $1, name_ar = $2, description_en = $3, description_ar = $4, \
         version = version + 1 WHERE id = $5 RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(&input.name_en)
        .bind(&input.name_ar)
        .bind(optional_text(input.description_en.clone()))
        .bind(optional_text(input.description_ar.clone()))
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let updated = from_row(&row)?;
    audit::updated(&mut tx, actor, Entity::PropertyType, id, &before, &updated).await?;
    tx.commit().await?;
    Ok(updated)
}

/// Refused with 409 while properties use it (counted in the delete's transaction).
pub async fn delete(db: &AnyPool, actor: &Actor, id: i64, expected: Option<i64>) -> ApiResult<Trashed> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    in_use::refuse_if_used(&mut tx, Reference::PropertyType, id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |t| t.version, NOT_FOUND)?;
    let trashed = trash::discard_alone(
        &mut tx,
        actor,
        Entity::PropertyType,
        id,
        &before,
        &[Part::record("property_types")],
    )
    .await?;
    tx.commit().await?;
    Ok(trashed)
}
