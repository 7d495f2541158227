//! SQL for the about_sections table.

use std::borrow::Cow;

use rules::about::{AboutSectionInput, ValuesSectionForm};
use rules::vocabularies::AboutSectionType;
use rules::FieldErrors;
use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, AnyPool, Executor, Row};

use super::AboutSection;
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::optional_text;
use crate::platform::media;
use crate::platform::trash::{self, Part, Trashed};

const COLUMNS: &str =
    "id, section_type, title_en, title_ar, subtitle_en, subtitle_ar, content_en, content_ar, \
     icon_class, image_url, image_data, order_index, is_active, created_at, updated_at, version";

pub const NOT_FOUND: &str = rules::messages::ABOUT_SECTION_NOT_FOUND;

/// A section as it is written: blank optional text absent, the uploaded image a reference.
pub struct AboutRow {
    section_type: AboutSectionType,
    title_en: String,
    title_ar: String,
    subtitle_en: Option<String>,
    subtitle_ar: Option<String>,
    content_en: String,
    content_ar: String,
    icon_class: Option<String>,
    image_url: Option<String>,
    image_data: Option<String>,
    order_index: i32,
    is_active: bool,
}

impl AboutRow {
    /// A section whose image, if any, is already a reference (no inline data to store).
    pub fn from_input(input: AboutSectionInput) -> AboutRow {
        AboutRow {
            // The rules refuse a payload without one.
            section_type: input.section_type.unwrap_or(AboutSectionType::Story),
            title_en: input.title_en,
            title_ar: input.title_ar,
            subtitle_en: optional_text(input.subtitle_en),
            subtitle_ar: optional_text(input.subtitle_ar),
            content_en: input.content_en,
            content_ar: input.content_ar,
            icon_class: optional_text(input.icon_class),
            image_url: optional_text(input.image_url),
            image_data: optional_text(input.image_data),
            order_index: input.order_index,
            is_active: input.is_active,
        }
    }
}

/// The input with its inline image stored; a refused image is reported under `field`
/// (`imageData`, or `values.{i}.imageData` in the values form).
pub async fn prepared(
    db: &AnyPool,
    mut input: AboutSectionInput,
    field: Cow<'static, str>,
) -> ApiResult<AboutRow> {
    let image_data = media::keep_image(db, "imageData", input.image_data.take()).await.map_err(|error| {
        match error.errors {
            Some(errors) if field != "imageData" => {
                let mut renamed = FieldErrors::new();
                for (_, message) in errors.iter() {
                    renamed.add(field.clone(), message.to_owned());
                }
                ApiError::validation(renamed)
            }
            _ => error,
        }
    })?;
    Ok(AboutRow { image_data, ..AboutRow::from_input(input) })
}

fn from_row(row: &AnyRow) -> Result<AboutSection, sqlx::Error> {
    let section_type: String = row.try_get("section_type")?;
    let section_type = AboutSectionType::ALL
        .iter()
        .copied()
        .find(|t| t.value() == section_type)
        .ok_or_else(|| sqlx::Error::Decode(format!("unknown section type '{section_type}'").into()))?;
    Ok(AboutSection {
        id: row.try_get("id")?,
        section_type,
        title_en: row.try_get("title_en")?,
        title_ar: row.try_get("title_ar")?,
        subtitle_en: row.try_get("subtitle_en")?,
        subtitle_ar: row.try_get("subtitle_ar")?,
        content_en: row.try_get("content_en")?,
        content_ar: row.try_get("content_ar")?,
        icon_class: row.try_get("icon_class")?,
        image_url: row.try_get("image_url")?,
        image_data: row.try_get("image_data")?,
        order_index: row.try_get("order_index")?,
        is_active: db::flag(row, "is_active")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        version: row.try_get("version")?,
    })
}

/// Every section (or the active ones), by order index then id.
pub async fn list(db: &AnyPool, active_only: bool) -> ApiResult<Vec<AboutSection>> {
    let rows = if active_only {
        let sql =
            format!("SELECT {COLUMNS} FROM about_sections WHERE is_active = $1 ORDER BY order_index, id");
        sqlx::query(&sql).bind(true).fetch_all(db).await?
    } else {
        let sql = format!("SELECT {COLUMNS} FROM about_sections ORDER BY order_index, id");
        sqlx::query(&sql).fetch_all(db).await?
    };
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

pub async fn find<'c, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<AboutSection>> {
    let sql = format!("SELECT {COLUMNS} FROM about_sections WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

/// Writes a section as given, without history: the demo data's way in.
pub async fn insert<'c, E: Executor<'c, Database = Any>>(
    db: E,
    section: &AboutRow,
) -> ApiResult<AboutSection> {
    let sql = format!(
        "INSERT INTO about_sections (section_type, title_en, title_ar, subtitle_en, subtitle_ar, content_en, \
         content_ar, icon_class, image_url, image_data, order_index, is_active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(section.section_type.value())
        .bind(&section.title_en)
        .bind(&section.title_ar)
        .bind(&section.subtitle_en)
        .bind(&section.subtitle_ar)
        .bind(&section.content_en)
        .bind(&section.content_ar)
        .bind(&section.icon_class)
        .bind(&section.image_url)
        .bind(&section.image_data)
        .bind(section.order_index)
        .bind(section.is_active)
        .bind(clock::now_text())
        .fetch_one(db)
        .await?;
    Ok(from_row(&row)?)
}

/// Creates a section for `actor`, recorded in the history.
pub async fn create(db: &AnyPool, actor: &Actor, section: &AboutRow) -> ApiResult<AboutSection> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    let created = insert(&mut *tx, section).await?;
    audit::created(&mut tx, actor, Entity::AboutSection, created.id, &created).await?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    section: &AboutRow,
) -> ApiResult<AboutSection> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    db::lock_row(&mut tx, "about_sections", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |s| s.version, NOT_FOUND)?;
    let sql = format!(
        "UPDATE about_sections SET section_type = $1, title_en = $2, title_ar = $3, subtitle_en = $4, \
         subtitle_ar = $5, content_en = $6, content_ar = $7, icon_class = $8, image_url = $9, image_data = $10, \
         order_index = $11, is_active = $12, updated_at = $13, version = version + 1 WHERE id = $14 \
         RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(section.section_type.value())
        .bind(&section.title_en)
        .bind(&section.title_ar)
        .bind(&section.subtitle_en)
        .bind(&section.subtitle_ar)
        .bind(&section.content_en)
        .bind(&section.content_ar)
        .bind(&section.icon_class)
        .bind(&section.image_url)
        .bind(&section.image_data)
        .bind(section.order_index)
        .bind(section.is_active)
        .bind(clock::now_text())
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let updated = from_row(&row)?;
    audit::updated(&mut tx, actor, Entity::AboutSection, id, &before, &updated).await?;
    tx.commit().await?;
    Ok(updated)
}

pub async fn delete(db: &AnyPool, actor: &Actor, id: i64, expected: Option<i64>) -> ApiResult<Trashed> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    db::lock_row(&mut tx, "about_sections", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |s| s.version, NOT_FOUND)?;
    let trashed = trash::discard_alone(&mut tx, actor, Entity::AboutSection, id, &before, &TRASHED).await?;
    tx.commit().await?;
    Ok(trashed)
}

/// The table a section spans in the trash.
const TRASHED: [Part; 1] = [Part::record("about_sections")];

/// Moves every values section to the trash under `batch`, in the caller's transaction, each
/// recorded in the history.
pub async fn delete_values(conn: &mut AnyConnection, actor: &Actor, batch: &str) -> ApiResult<()> {
    let sql =
        format!("SELECT {COLUMNS} FROM about_sections WHERE section_type = $1 ORDER BY order_index, id");
    let rows = sqlx::query(&sql).bind(AboutSectionType::Values.value()).fetch_all(&mut *conn).await?;
    for section in rows.iter().map(from_row) {
        let section = section?;
        trash::discard(conn, actor, Entity::AboutSection, section.id, &section, &TRASHED, batch).await?;
    }
    Ok(())
}

/// The values editor's save (site-content §7's mapping, `ValuesSectionForm::to_about_sections`),
/// in one transaction: every values section is replaced by the form's list, or, when any step
/// fails, nothing changes. The images are stored first (content-addressed, so a stored image
/// that ends up unused harms nothing), as the store writes outside the transaction.
pub async fn replace_values(
    db: &AnyPool,
    actor: &Actor,
    form: &ValuesSectionForm,
) -> ApiResult<Vec<AboutSection>> {
    let mut rows = Vec::with_capacity(form.values.len());
    for (index, input) in form.to_about_sections().into_iter().enumerate() {
        rows.push(prepared(db, input, format!("values.{index}.imageData").into()).await?);
    }
    let mut tx = crate::platform::db::begin_write(db).await?;
    delete_values(&mut tx, actor, &trash::new_batch()).await?;
    let mut saved = Vec::with_capacity(rows.len());
    for row in &rows {
        let created = insert(&mut *tx, row).await?;
        audit::created(&mut tx, actor, Entity::AboutSection, created.id, &created).await?;
        saved.push(created);
    }
    tx.commit().await?;
    Ok(saved)
}
