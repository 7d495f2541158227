//! SQL for the company_values and values_section_settings tables.

use rules::company_values::{CompanyValueInput, ValuesSectionSettingsInput, DEFAULT_ICON_CLASS};
use sqlx::any::AnyRow;
use sqlx::{Any, AnyPool, Executor, Row};

use super::{CompanyValue, ValuesSectionSettings};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::ApiResult;
use crate::platform::http::payload::optional_text;
use crate::platform::media;
use crate::platform::trash::{self, Part, Trashed};

const COLUMNS: &str = "id, title_en, title_ar, description_en, description_ar, icon_class, image_url, \
     image_data, display_order, is_active, created_at, updated_at, version";

const SETTINGS_COLUMNS: &str = "title_en, title_ar, subtitle_en, subtitle_ar, is_active, updated_at, version";

/// The one row of values_section_settings.
const SETTINGS_ID: i64 = 1;

pub const NOT_FOUND: &str = rules::messages::COMPANY_VALUE_NOT_FOUND;

/// A value as it is written: the uploaded image a reference, which clears the linked one.
pub struct ValueRow {
    title_en: String,
    title_ar: String,
    description_en: String,
    description_ar: String,
    icon_class: String,
    image_url: Option<String>,
    image_data: Option<String>,
    display_order: i32,
    is_active: bool,
}

impl ValueRow {
    /// A value whose image, if any, is already a reference. Uploading an image clears the
    /// image URL (site-content §4), so a value has one image at most.
    pub fn from_input(input: CompanyValueInput) -> ValueRow {
        let image_data = optional_text(input.image_data);
        let image_url = if image_data.is_some() { None } else { optional_text(input.image_url) };
        ValueRow {
            title_en: input.title_en,
            title_ar: input.title_ar,
            description_en: input.description_en,
            description_ar: input.description_ar,
            icon_class: optional_text(input.icon_class).unwrap_or_else(|| DEFAULT_ICON_CLASS.to_owned()),
            image_url,
            image_data,
            display_order: input.display_order,
            is_active: input.is_active,
        }
    }
}

/// The input with its inline image stored.
pub async fn prepared(db: &AnyPool, mut input: CompanyValueInput) -> ApiResult<ValueRow> {
    input.image_data = media::keep_image(db, "imageData", input.image_data.take()).await?;
    Ok(ValueRow::from_input(input))
}

fn from_row(row: &AnyRow) -> Result<CompanyValue, sqlx::Error> {
    Ok(CompanyValue {
        id: row.try_get("id")?,
        title_en: row.try_get("title_en")?,
        title_ar: row.try_get("title_ar")?,
        description_en: row.try_get("description_en")?,
        description_ar: row.try_get("description_ar")?,
        icon_class: row.try_get("icon_class")?,
        image_url: row.try_get("image_url")?,
        image_data: row.try_get("image_data")?,
        display_order: row.try_get("display_order")?,
        is_active: db::flag(row, "is_active")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        version: row.try_get("version")?,
    })
}

/// Every value (or the active ones), by display order then id.
pub async fn list(db: &AnyPool, active_only: bool) -> ApiResult<Vec<CompanyValue>> {
    let rows = if active_only {
        let sql =
            format!("SELECT {COLUMNS} FROM company_values WHERE is_active = $1 ORDER BY display_order, id");
        sqlx::query(&sql).bind(true).fetch_all(db).await?
    } else {
        let sql = format!("SELECT {COLUMNS} FROM company_values ORDER BY display_order, id");
        sqlx::query(&sql).fetch_all(db).await?
    };
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

pub async fn find<'c, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<CompanyValue>> {
    let sql = format!("SELECT {COLUMNS} FROM company_values WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

/// Writes a value as given, without history: the demo data's way in.
pub async fn insert<'c, E: Executor<'c, Database = Any>>(db: E, value: &ValueRow) -> ApiResult<CompanyValue> {
    let sql = format!(
        "INSERT INTO company_values (title_en, title_ar, description_en, description_ar, icon_class, image_url, \
         image_data, display_order, is_active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(&value.title_en)
        .bind(&value.title_ar)
        .bind(&value.description_en)
        .bind(&value.description_ar)
        .bind(&value.icon_class)
        .bind(&value.image_url)
        .bind(&value.image_data)
        .bind(value.display_order)
        .bind(value.is_active)
        .bind(clock::now_text())
        .fetch_one(db)
        .await?;
    Ok(from_row(&row)?)
}

/// Creates a value for `actor`, recorded in the history.
pub async fn create(db: &AnyPool, actor: &Actor, value: &ValueRow) -> ApiResult<CompanyValue> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    let created = insert(&mut *tx, value).await?;
    audit::created(&mut tx, actor, Entity::CompanyValue, created.id, &created).await?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    value: &ValueRow,
) -> ApiResult<CompanyValue> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    db::lock_row(&mut tx, "company_values", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |v| v.version, NOT_FOUND)?;
    let sql = format!(
        "UPDATE company_values SET title_en = $1, title_ar = $2, description_en = $3, description_ar = $4, \
         icon_class = $5, image_url = $6, image_data = $7, display_order = $8, is_active = $9, updated_at = $10, \
         version = version + 1 WHERE id = $11 RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(&value.title_en)
        .bind(&value.title_ar)
        .bind(&value.description_en)
        .bind(&value.description_ar)
        .bind(&value.icon_class)
        .bind(&value.image_url)
        .bind(&value.image_data)
        .bind(value.display_order)
        .bind(value.is_active)
        .bind(clock::now_text())
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let updated = from_row(&row)?;
    audit::updated(&mut tx, actor, Entity::CompanyValue, id, &before, &updated).await?;
    tx.commit().await?;
    Ok(updated)
}

pub async fn delete(db: &AnyPool, actor: &Actor, id: i64, expected: Option<i64>) -> ApiResult<Trashed> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    db::lock_row(&mut tx, "company_values", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |v| v.version, NOT_FOUND)?;
    let trashed = trash::discard_alone(
        &mut tx,
        actor,
        Entity::CompanyValue,
        id,
        &before,
        &[Part::record("company_values")],
    )
    .await?;
    tx.commit().await?;
    Ok(trashed)
}

fn settings_from_row(row: &AnyRow) -> Result<ValuesSectionSettings, sqlx::Error> {
    Ok(ValuesSectionSettings {
        title_en: row.try_get("title_en")?,
        title_ar: row.try_get("title_ar")?,
        subtitle_en: row.try_get("subtitle_en")?,
        subtitle_ar: row.try_get("subtitle_ar")?,
        is_active: db::flag(row, "is_active")?,
        updated_at: row.try_get("updated_at")?,
        version: row.try_get("version")?,
    })
}

/// The rules' default header, answered until the first save.
fn default_settings() -> ValuesSectionSettings {
    let defaults = ValuesSectionSettingsInput::new_form();
    ValuesSectionSettings {
        title_en: defaults.title_en,
        title_ar: defaults.title_ar,
        subtitle_en: defaults.subtitle_en,
        subtitle_ar: defaults.subtitle_ar,
        is_active: defaults.is_active,
        updated_at: None,
        version: 0,
    }
}

async fn stored_settings<'c, E: Executor<'c, Database = Any>>(
    db: E,
) -> ApiResult<Option<ValuesSectionSettings>> {
    let sql = format!("SELECT {SETTINGS_COLUMNS} FROM values_section_settings WHERE id = $1");
    let row = sqlx::query(&sql).bind(SETTINGS_ID).fetch_optional(db).await?;
    Ok(row.as_ref().map(settings_from_row).transpose()?)
}

pub async fn settings(db: &AnyPool) -> ApiResult<ValuesSectionSettings> {
    Ok(stored_settings(db).await?.unwrap_or_else(default_settings))
}

/// Writes the header as given, without history: the demo data's way in.
pub async fn insert_settings<'c, E: Executor<'c, Database = Any>>(
    db: E,
    input: &ValuesSectionSettingsInput,
) -> ApiResult<()> {
    sqlx::query(
        "INSERT INTO values_section_settings (id, title_en, title_ar, subtitle_en, subtitle_ar, is_active, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(SETTINGS_ID)
    .bind(&input.title_en)
    .bind(&input.title_ar)
    .bind(&input.subtitle_en)
    .bind(&input.subtitle_ar)
    .bind(input.is_active)
    .bind(clock::now_text())
    .execute(db)
    .await?;
    Ok(())
}

/// Saves the header: the first save writes the row, later ones update it in place. A stale
/// If-Match is 412 with the header as it is (the defaults, version 0, before the first save).
pub async fn save_settings(
    db: &AnyPool,
    actor: &Actor,
    expected: Option<i64>,
    input: &ValuesSectionSettingsInput,
) -> ApiResult<ValuesSectionSettings> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    db::lock_row(&mut tx, "values_section_settings", SETTINGS_ID).await?;
    let stored = stored_settings(&mut *tx).await?;
    let before = stored.clone().unwrap_or_else(default_settings);
    if expected.is_some_and(|expected| expected != before.version) {
        return Err(crate::platform::http::error::ApiError::stale(&before));
    }
    let sql = if stored.is_some() {
        format!(
            "UPDATE values_section_settings SET title_en = $1, title_ar = $2, subtitle_en = $3, subtitle_ar = $4, \
             is_active = $5, updated_at = $6, version = version + 1 WHERE id = $7 RETURNING {SETTINGS_COLUMNS}"
        )
    } else {
        format!(
            "INSERT INTO values_section_settings (title_en, title_ar, subtitle_en, subtitle_ar, is_active, \
             updated_at, id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING {SETTINGS_COLUMNS}"
        )
    };
    let row = sqlx::query(&sql)
        .bind(&input.title_en)
        .bind(&input.title_ar)
        .bind(&input.subtitle_en)
        .bind(&input.subtitle_ar)
        .bind(input.is_active)
        .bind(clock::now_text())
        .bind(SETTINGS_ID)
        .fetch_one(&mut *tx)
        .await?;
    let saved = settings_from_row(&row)?;
    if stored.is_some() {
        audit::updated(&mut tx, actor, Entity::ValuesSectionSettings, SETTINGS_ID, &before, &saved).await?;
    } else {
        audit::created(&mut tx, actor, Entity::ValuesSectionSettings, SETTINGS_ID, &saved).await?;
    }
    tx.commit().await?;
    Ok(saved)
}
