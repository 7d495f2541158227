//! SQL for the property_features table.

use rules::catalog::PropertyFeatureInput;
use rules::vocabularies::FeatureCategory;
use sqlx::any::AnyRow;
use sqlx::{Any, AnyPool, Executor, Row};

use super::{assignments, PropertyFeature};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::ApiResult;
use crate::platform::trash::{self, Part, Trashed};

pub const COLUMNS: &str =
    "id, name_en, name_ar, icon, category, is_active, display_order, created_at, updated_at, version";

pub const NOT_FOUND: &str = rules::messages::PROPERTY_FEATURE_NOT_FOUND;

pub fn from_row(row: &AnyRow) -> Result<PropertyFeature, sqlx::Error> {
    let category: String = row.try_get("category")?;
    let category = FeatureCategory::ALL
        .iter()
        .copied()
        .find(|c| c.value() == category)
        .ok_or_else(|| sqlx::Error::Decode(format!("unknown feature category '{category}'").into()))?;
    Ok(PropertyFeature {
        id: row.try_get("id")?,
        name_en: row.try_get("name_en")?,
        name_ar: row.try_get("name_ar")?,
        icon: row.try_get("icon")?,
        category,
        is_active: db::flag(row, "is_active")?,
        display_order: row.try_get("display_order")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        version: row.try_get("version")?,
    })
}

pub async fn list(db: &AnyPool) -> ApiResult<Vec<PropertyFeature>> {
    let sql = format!("SELECT {COLUMNS} FROM property_features ORDER BY display_order, id");
    let rows = sqlx::query(&sql).fetch_all(db).await?;
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

/// The features a visitor sees: active ones only, in the same order.
pub async fn list_active(db: &AnyPool) -> ApiResult<Vec<PropertyFeature>> {
    let sql =
        format!("SELECT {COLUMNS} FROM property_features WHERE is_active = $1 ORDER BY display_order, id");
    let rows = sqlx::query(&sql).bind(true).fetch_all(db).await?;
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

pub async fn find<'c, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<PropertyFeature>> {
    let sql = format!("SELECT {COLUMNS} FROM property_features WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

/// Writes a feature as given, without history: the demo data's way in.
pub async fn insert<'c, E: Executor<'c, Database = Any>>(
    db: E,
    input: &PropertyFeatureInput,
) -> ApiResult<PropertyFeature> {
    let sql = format!(
        "INSERT INTO property_features (name_en, name_ar, icon, category, is_active, display_order, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(&input.name_en)
        .bind(&input.name_ar)
        .bind(&input.icon)
        .bind(input.category.value())
        .bind(input.is_active)
        .bind(i64::from(input.display_order))
        .bind(clock::now_text())
        .fetch_one(db)
        .await?;
    Ok(from_row(&row)?)
}

/// Creates a feature for `actor`, recorded in the history.
pub async fn create(db: &AnyPool, actor: &Actor, input: &PropertyFeatureInput) -> ApiResult<PropertyFeature> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    let created = insert(&mut *tx, input).await?;
    audit::created(&mut tx, actor, Entity::PropertyFeature, created.id, &created).await?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    input: &PropertyFeatureInput,
) -> ApiResult<PropertyFeature> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    db::lock_row(&mut tx, "property_features", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |f| f.version, NOT_FOUND)?;
    let sql = format!(
        "UPDATE property_features SET name_en = $1, name_ar = $2, icon = $3, category = $4, \
         is_active = $5, display_order = $6, updated_at = $7, version = version + 1 WHERE id = $8 RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(&input.name_en)
        .bind(&input.name_ar)
        .bind(&input.icon)
        .bind(input.category.value())
        .bind(input.is_active)
        .bind(i64::from(input.display_order))
        .bind(clock::now_text())
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let updated = from_row(&row)?;
    audit::updated(&mut tx, actor, Entity::PropertyFeature, id, &before, &updated).await?;
    tx.commit().await?;
    Ok(updated)
}

/// The tables a feature spans in the trash: its row and its assignments, which come back
/// with it on the listings that are still there.
const TRASHED: [Part; 2] = [
    Part::record("property_features"),
    Part {
        table: "property_feature_assignments",
        key: "feature_id",
        only_if: Some(("property_id", "properties")),
    },
];

/// Moves the feature to the trash and takes it off every listing that has it selected, in
/// one transaction recorded in the history of the feature and of each listing.
pub async fn delete(db: &AnyPool, actor: &Actor, id: i64, expected: Option<i64>) -> ApiResult<Trashed> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    db::lock_row(&mut tx, "property_features", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |f| f.version, NOT_FOUND)?;
    assignments::unselect_everywhere(&mut tx, actor, id).await?;
    let trashed =
        trash::discard_alone(&mut tx, actor, Entity::PropertyFeature, id, &before, &TRASHED).await?;
    tx.commit().await?;
    Ok(trashed)
}
