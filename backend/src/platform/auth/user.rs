//! The account a session belongs to, as every guard and the history know it. The users area
//! manages accounts; this is only what signing in needs of one.

use rules::language::Language;
use rules::vocabularies::Numerals;
use schemars::JsonSchema;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

pub const ROLE_ADMIN: &str = rules::users::ADMIN_ROLE;

pub const COLUMNS: &str =
    "id, username, role, email, full_name, is_active, receives_leads, language, numerals, created_at, updated_at, \
     version, license_number, phone, two_factor_since";

/// An account as the API shows it: never the password hash.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: i64,
    pub username: String,
    pub role: String,
    pub email: Option<String>,
    pub full_name: Option<String>,
    pub is_active: bool,
    /// Whether the round-robin hands the user new leads (issue 26).
    pub receives_leads: bool,
    /// The broker's licence number (BRN, FAL), shown beside their listings (issue 39).
    pub license_number: Option<String>,
    /// The agent's phone number, which the portals' feeds show (issue 41).
    pub phone: Option<String>,
    /// The interface language the user chose: every answer to them is in it.
    pub language: Language,
    /// The digits the user's numbers are shown in.
    pub numerals: Numerals,
    pub created_at: String,
    pub updated_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
    /// Since when the user signs in with a second factor (issue 42); none: a password alone.
    pub two_factor_since: Option<String>,
}

impl User {
    pub fn is_admin(&self) -> bool {
        self.role == ROLE_ADMIN
    }
}

pub fn from_row(row: &AnyRow) -> Result<User, sqlx::Error> {
    Ok(User {
        id: row.try_get("id")?,
        username: row.try_get("username")?,
        role: row.try_get("role")?,
        email: row.try_get("email")?,
        full_name: row.try_get("full_name")?,
        is_active: crate::platform::db::flag(row, "is_active")?,
        receives_leads: crate::platform::db::flag(row, "receives_leads")?,
        license_number: row.try_get("license_number")?,
        phone: row.try_get("phone")?,
        language: vocabulary(row, "language", Language::from_value)?,
        numerals: vocabulary(row, "numerals", Numerals::from_value)?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        version: row.try_get("version")?,
        two_factor_since: row.try_get("two_factor_since")?,
    })
}

/// A column holding a term of a rules vocabulary; the schema's CHECK keeps others out.
fn vocabulary<T>(row: &AnyRow, column: &str, read: fn(&str) -> Option<T>) -> Result<T, sqlx::Error> {
    let text: String = row.try_get(column)?;
    read(&text).ok_or_else(|| sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: format!("'{text}' is not a term of its vocabulary").into(),
    })
}
