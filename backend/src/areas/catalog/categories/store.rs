//! SQL for the categories table.

use sqlx::any::AnyRow;
use sqlx::{Any, AnyPool, Executor, Row};

use super::Category;
use crate::areas::catalog::in_use::{self, Reference};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::ApiResult;
use crate::platform::http::payload::optional_text;
use crate::platform::trash::{self, Part, Trashed};

const COLUMNS: &str = "id, name_en, name_ar, description_en, description_ar, image_url, created_at, version";

pub const NOT_FOUND: &str = rules::messages::CATEGORY_NOT_FOUND;

/// A category as it is written: blank descriptions are absent, the image is a reference.
pub struct CategoryRow {
    name_en: String,
    name_ar: String,
    description_en: Option<String>,
    description_ar: Option<String>,
    image_url: Option<String>,
}

impl CategoryRow {
    pub fn new(
        name_en: String,
        name_ar: String,
        description_en: Option<String>,
        description_ar: Option<String>,
        image_url: Option<String>,
    ) -> Self {
        CategoryRow {
            name_en,
            name_ar,
            description_en: optional_text(description_en),
            description_ar: optional_text(description_ar),
            image_url: optional_text(image_url),
        }
    }
}

fn from_row(row: &AnyRow) -> Result<Category, sqlx::Error> {
    Ok(Category {
        id: row.try_get("id")?,
        name_en: row.try_get("name_en")?,
        name_ar: row.try_get("name_ar")?,
        description_en: row.try_get("description_en")?,
        description_ar: row.try_get("description_ar")?,
        image_url: row.try_get("image_url")?,
        created_at: row.try_get("created_at")?,
        version: row.try_get("version")?,
    })
}

pub async fn list(db: &AnyPool) -> ApiResult<Vec<Category>> {
    let sql = format!("SELECT {COLUMNS} FROM categories ORDER BY id");
    let rows = sqlx::query(&sql).fetch_all(db).await?;
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

pub async fn find<'c, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<Category>> {
    let sql = format!("SELECT {COLUMNS} FROM categories WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

/// Writes a category as given, without history: the demo data's way in.
pub async fn insert<'c, E: Executor<'c, Database = Any>>(
    db: E,
    category: &CategoryRow,
) -> ApiResult<Category> {
    let sql = format!(
        "INSERT INTO categories (name_en, name_ar, description_en, description_ar, image_url, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(&category.name_en)
        .bind(&category.name_ar)
        .bind(&category.description_en)
        .bind(&category.description_ar)
        .bind(&category.image_url)
        .bind(clock::now_text())
        .fetch_one(db)
        .await?;
    Ok(from_row(&row)?)
}

/// Creates a category for `actor`, recorded in the history.
pub async fn create(db: &AnyPool, actor: &Actor, category: &CategoryRow) -> ApiResult<Category> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    let created = insert(&mut *tx, category).await?;
    audit::created(&mut tx, actor, Entity::Category, created.id, &created).await?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    category: &CategoryRow,
) -> ApiResult<Category> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    db::lock_row(&mut tx, "categories", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |c| c.version, NOT_FOUND)?;
    let sql = format!(
        "UPDATE categories SET name_en = $1, name_ar = $2, description_en = $3, description_ar = $4, \
         image_url = $5, version = version + 1 WHERE id = $6 RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(&category.name_en)
        .bind(&category.name_ar)
        .bind(&category.description_en)
        .bind(&category.description_ar)
        .bind(&category.image_url)
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let updated = from_row(&row)?;
    audit::updated(&mut tx, actor, Entity::Category, id, &before, &updated).await?;
    tx.commit().await?;
    Ok(updated)
}

/// Refused with 409 while properties use it (counted in the delete's transaction).
pub async fn delete(db: &AnyPool, actor: &Actor, id: i64, expected: Option<i64>) -> ApiResult<Trashed> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    in_use::refuse_if_used(&mut tx, Reference::Category, id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |c| c.version, NOT_FOUND)?;
    let trashed =
        trash::discard_alone(&mut tx, actor, Entity::Category, id, &before, &[Part::record("categories")])
            .await?;
    tx.commit().await?;
    Ok(trashed)
}
