//! SQL for the settings table: one row, id 1, absent until the first save.

use rules::settings::SettingsInput;
use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, AnyPool, Executor, Row};

use super::CompanySettings;
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::optional_text;
use crate::platform::media;

const COLUMNS: &str = "company_name, company_name_en, company_name_ar, company_logo, company_description, contact_email, contact_phone, address, stat_properties, stat_properties_label, stat_properties_label_en, stat_properties_label_ar, stat_continents, stat_continents_label, stat_continents_label_en, stat_continents_label_ar, stat_clients, stat_clients_label, stat_clients_label_en, stat_clients_label_ar, stat_experience, stat_experience_label, stat_experience_label_en, stat_experience_label_ar, license_number, license_authority, primary_color, default_publish_to, updated_at, version";

/// The one row of settings.
const SETTINGS_ID: i64 = 1;

fn from_row(row: &AnyRow) -> Result<CompanySettings, sqlx::Error> {
    Ok(CompanySettings {
        company_name: row.try_get("company_name")?,
        company_name_en: row.try_get("company_name_en")?,
        company_name_ar: row.try_get("company_name_ar")?,
        company_logo: row.try_get("company_logo")?,
        company_description: row.try_get("company_description")?,
        contact_email: row.try_get("contact_email")?,
        contact_phone: row.try_get("contact_phone")?,
        address: row.try_get("address")?,
        stat_properties: row.try_get("stat_properties")?,
        stat_properties_label: row.try_get("stat_properties_label")?,
        stat_properties_label_en: row.try_get("stat_properties_label_en")?,
        stat_properties_label_ar: row.try_get("stat_properties_label_ar")?,
        stat_continents: row.try_get("stat_continents")?,
        stat_continents_label: row.try_get("stat_continents_label")?,
        stat_continents_label_en: row.try_get("stat_continents_label_en")?,
        stat_continents_label_ar: row.try_get("stat_continents_label_ar")?,
        stat_clients: row.try_get("stat_clients")?,
        stat_clients_label: row.try_get("stat_clients_label")?,
        stat_clients_label_en: row.try_get("stat_clients_label_en")?,
        stat_clients_label_ar: row.try_get("stat_clients_label_ar")?,
        stat_experience: row.try_get("stat_experience")?,
        stat_experience_label: row.try_get("stat_experience_label")?,
        stat_experience_label_en: row.try_get("stat_experience_label_en")?,
        stat_experience_label_ar: row.try_get("stat_experience_label_ar")?,
        license_number: row.try_get("license_number")?,
        license_authority: row.try_get("license_authority")?,
        primary_color: row.try_get("primary_color")?,
        default_publish_to: rules::portals::read_set(&row.try_get::<String, _>("default_publish_to")?),
        updated_at: row.try_get("updated_at")?,
        version: row.try_get("version")?,
    })
}

/// The settings answered before the first save: empty, with the rules' statistic defaults.
fn default_settings() -> CompanySettings {
    let defaults = SettingsInput::default().with_statistic_defaults();
    CompanySettings {
        company_name: defaults.company_name,
        company_name_en: defaults.company_name_en,
        company_name_ar: defaults.company_name_ar,
        company_logo: defaults.company_logo,
        company_description: defaults.company_description,
        contact_email: defaults.contact_email,
        contact_phone: defaults.contact_phone,
        address: defaults.address,
        stat_properties: defaults.stat_properties,
        stat_properties_label: defaults.stat_properties_label,
        stat_properties_label_en: defaults.stat_properties_label_en,
        stat_properties_label_ar: defaults.stat_properties_label_ar,
        stat_continents: defaults.stat_continents,
        stat_continents_label: defaults.stat_continents_label,
        stat_continents_label_en: defaults.stat_continents_label_en,
        stat_continents_label_ar: defaults.stat_continents_label_ar,
        stat_clients: defaults.stat_clients,
        stat_clients_label: defaults.stat_clients_label,
        stat_clients_label_en: defaults.stat_clients_label_en,
        stat_clients_label_ar: defaults.stat_clients_label_ar,
        stat_experience: defaults.stat_experience,
        stat_experience_label: defaults.stat_experience_label,
        stat_experience_label_en: defaults.stat_experience_label_en,
        stat_experience_label_ar: defaults.stat_experience_label_ar,
        license_number: defaults.license_number,
        license_authority: defaults.license_authority,
        primary_color: defaults.primary_color,
        default_publish_to: vec![rules::portals::Portal::Website],
        updated_at: None,
        version: 0,
    }
}

/// The input with its inline logo stored and blank fields as absent.
pub async fn prepared(db: &AnyPool, mut input: SettingsInput) -> ApiResult<SettingsInput> {
    input.company_logo = media::keep_image(db, "companyLogo", input.company_logo.take()).await?;
    input.company_name = input.company_name.trim().to_owned();
    for field in [
        &mut input.company_name_en,
        &mut input.company_name_ar,
        &mut input.company_description,
        &mut input.contact_email,
        &mut input.contact_phone,
        &mut input.address,
        &mut input.stat_properties,
        &mut input.stat_properties_label,
        &mut input.stat_properties_label_en,
        &mut input.stat_properties_label_ar,
        &mut input.stat_continents,
        &mut input.stat_continents_label,
        &mut input.stat_continents_label_en,
        &mut input.stat_continents_label_ar,
        &mut input.stat_clients,
        &mut input.stat_clients_label,
        &mut input.stat_clients_label_en,
        &mut input.stat_clients_label_ar,
        &mut input.stat_experience,
        &mut input.stat_experience_label,
        &mut input.stat_experience_label_en,
        &mut input.stat_experience_label_ar,
        &mut input.license_number,
        &mut input.license_authority,
        &mut input.primary_color,
    ] {
        *field = optional_text(field.take());
    }
    Ok(input)
}

/// Every stored column's value, in the order of `COLUMNS`.
fn values(input: &SettingsInput) -> [Option<&str>; 27] {
    [
        Some(input.company_name.as_str()),
        input.company_name_en.as_deref(),
        input.company_name_ar.as_deref(),
        input.company_logo.as_deref(),
        input.company_description.as_deref(),
        input.contact_email.as_deref(),
        input.contact_phone.as_deref(),
        input.address.as_deref(),
        input.stat_properties.as_deref(),
        input.stat_properties_label.as_deref(),
        input.stat_properties_label_en.as_deref(),
        input.stat_properties_label_ar.as_deref(),
        input.stat_continents.as_deref(),
        input.stat_continents_label.as_deref(),
        input.stat_continents_label_en.as_deref(),
        input.stat_continents_label_ar.as_deref(),
        input.stat_clients.as_deref(),
        input.stat_clients_label.as_deref(),
        input.stat_clients_label_en.as_deref(),
        input.stat_clients_label_ar.as_deref(),
        input.stat_experience.as_deref(),
        input.stat_experience_label.as_deref(),
        input.stat_experience_label_en.as_deref(),
        input.stat_experience_label_ar.as_deref(),
        input.license_number.as_deref(),
        input.license_authority.as_deref(),
        input.primary_color.as_deref(),
    ]
}

async fn stored<'c, E: Executor<'c, Database = Any>>(db: E) -> ApiResult<Option<CompanySettings>> {
    let sql = format!("SELECT {COLUMNS} FROM settings WHERE id = $1");
    let row = sqlx::query(&sql).bind(SETTINGS_ID).fetch_optional(db).await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

pub async fn read(db: &AnyPool) -> ApiResult<CompanySettings> {
    Ok(stored(db).await?.unwrap_or_else(default_settings))
}

/// Writes the settings as given, without history: the demo data's way in.
pub async fn insert<'c, E: Executor<'c, Database = Any>>(
    db: E,
    input: &SettingsInput,
) -> ApiResult<CompanySettings> {
    let sql = format!(
        "INSERT INTO settings (company_name, company_name_en, company_name_ar, company_logo, company_description, contact_email, contact_phone, address, stat_properties, stat_properties_label, stat_properties_label_en, stat_properties_label_ar, stat_continents, stat_continents_label, stat_continents_label_en, stat_continents_label_ar, stat_clients, stat_clients_label, stat_clients_label_en, stat_clients_label_ar, stat_experience, stat_experience_label, stat_experience_label_en, stat_experience_label_ar, license_number, license_authority, primary_color, updated_at, id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29) RETURNING {COLUMNS}"
    );
    let mut query = sqlx::query(&sql);
    for value in values(input) {
        query = query.bind(value);
    }
    let row = query.bind(clock::now_text()).bind(SETTINGS_ID).fetch_one(db).await?;
    Ok(from_row(&row)?)
}

/// Writes the company's `publishTo` set when the input names one, and reads the settings
/// as saved.
async fn with_publish_to(conn: &mut AnyConnection, input: &SettingsInput) -> ApiResult<CompanySettings> {
    if let Some(set) = &input.default_publish_to {
        sqlx::query("UPDATE settings SET default_publish_to = $1 WHERE id = $2")
            .bind(rules::portals::stored_set(set))
            .bind(SETTINGS_ID)
            .execute(&mut *conn)
            .await?;
    }
    stored(&mut *conn).await?.ok_or_else(|| ApiError::internal("the settings row was just written"))
}

/// Saves the settings: the first save writes the row, later ones update it in place. A stale
/// If-Match is 412 with the settings as they are (the defaults, version 0, before the first save).
pub async fn save(
    db: &AnyPool,
    actor: &Actor,
    expected: Option<i64>,
    input: &SettingsInput,
) -> ApiResult<CompanySettings> {
    let mut tx = db::begin_write(db).await?;
    db::lock_row(&mut tx, "settings", SETTINGS_ID).await?;
    let current = stored(&mut *tx).await?;
    let before = current.clone().unwrap_or_else(default_settings);
    if expected.is_some_and(|expected| expected != before.version) {
        return Err(ApiError::stale(&before));
    }
    let saved = if current.is_some() {
        let sql = format!(
            "UPDATE settings SET company_name = $1, company_name_en = $2, company_name_ar = $3, company_logo = $4, company_description = $5, contact_email = $6, contact_phone = $7, address = $8, stat_properties = $9, stat_properties_label = $10, stat_properties_label_en = $11, stat_properties_label_ar = $12, stat_continents = $13, stat_continents_label = $14, stat_continents_label_en = $15, stat_continents_label_ar = $16, stat_clients = $17, stat_clients_label = $18, stat_clients_label_en = $19, stat_clients_label_ar = $20, stat_experience = $21, stat_experience_label = $22, stat_experience_label_en = $23, stat_experience_label_ar = $24, license_number = $25, license_authority = $26, primary_color = $27, updated_at = $28, version = version + 1 WHERE id = $29 \
             RETURNING {COLUMNS}"
        );
        let mut query = sqlx::query(&sql);
        for value in values(input) {
            query = query.bind(value);
        }
        query.bind(clock::now_text()).bind(SETTINGS_ID).execute(&mut *tx).await?;
        let saved = with_publish_to(&mut tx, input).await?;
        audit::updated(&mut tx, actor, Entity::Settings, SETTINGS_ID, &before, &saved).await?;
        saved
    } else {
        insert(&mut *tx, input).await?;
        let saved = with_publish_to(&mut tx, input).await?;
        audit::created(&mut tx, actor, Entity::Settings, SETTINGS_ID, &saved).await?;
        saved
    };
    tx.commit().await?;
    Ok(saved)
}
