//! The Excel exports (core-panel.md §2, §7): the specification's POST of the requests the
//! panel holds, and a GET that reads a period straight from the database. Both write the
//! workbook row by row with rust_xlsxwriter's constant-memory mode on a blocking thread, so
//! 100,000 rows take neither the memory of all of them nor an async worker. Every text is a
//! text cell, so '=1+1' stays the text it was; dates are Excel dates in the client's time.

mod period;
mod posted;
mod selected;
mod workbook;

pub use self::period::{period, ExportParams};
pub use self::posted::{posted, ExportBody, ExportRequests};
pub use self::selected::selected;
pub use self::workbook::Workbook;

use rocket::FromForm;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::query::single;
use crate::platform::openapi::Doc;
use rules::vocabularies::ExportPeriod;

pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/// Rows read from the database ahead of the writer.
const ROWS_AHEAD: usize = 1024;

/// A request as the POST carries it: the panel's records, read leniently (absent fields empty).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ExportRow {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub subject: String,
    pub message: String,
    pub status: String,
    pub property_id: Option<i64>,
    pub language: Option<String>,
    /// RFC 3339.
    pub created_at: String,
}

impl ExportRow {
    /// Whether a text holds U+0000, which no payload may carry.
    fn holds_nul(&self) -> bool {
        [&self.name, &self.email, &self.subject, &self.message, &self.status, &self.created_at]
            .into_iter()
            .chain(self.phone.as_ref())
            .chain(self.language.as_ref())
            .any(|text| text.contains('\0'))
    }
}

impl From<super::ContactRequest> for ExportRow {
    fn from(request: super::ContactRequest) -> Self {
        ExportRow {
            id: request.id,
            name: request.name,
            email: request.email,
            phone: request.phone,
            subject: request.subject,
            message: request.message,
            status: request.status,
            property_id: request.property_id,
            language: Some(request.language),
            created_at: request.created_at,
        }
    }
}

/// Minutes east of UTC of the client's clock (`offset`), from -14 to +14 hours.
fn offset_minutes(text: Option<&str>) -> ApiResult<i64> {
    match text {
        None => Ok(0),
        Some(text) => text
            .trim()
            .parse::<i64>()
            .ok()
            .filter(|minutes| (-840..=840).contains(minutes))
            .ok_or_else(|| ApiError::bad_request(rules::messages::EXPORT_OFFSET)),
    }
}

/// A query string of one `offset`, read strictly (Rocket's `Option` would drop a bad value).
#[derive(FromForm, Default)]
pub struct OffsetQuery<'r> {
    offset: Vec<&'r str>,
}

impl OffsetQuery<'_> {
    pub fn minutes(&self) -> ApiResult<i64> {
        offset_minutes(single(&self.offset, "offset")?)
    }
}

fn offset_schema() -> serde_json::Value {
    json!({ "type": "integer", "minimum": -840, "maximum": 840 })
}

fn xlsx(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "type": "string", "format": "binary" })
}

pub fn documented_daily(doc: Doc) -> Doc {
    doc.query("offset", offset_schema())
}

pub fn documented_post(doc: Doc) -> Doc {
    doc.query("offset", offset_schema())
        .responds_media(XLSX, xlsx)
        .header("Content-Disposition", "attachment; filename=\"contact_requests_{date}.xlsx\"")
        .fails(&[413])
}

pub fn documented_get(doc: Doc) -> Doc {
    let periods: Vec<&str> = ExportPeriod::ALL.iter().map(|p| p.value()).collect();
    doc.query("period", json!({ "type": "string", "enum": periods }))
        .query("from", json!({ "type": "string", "format": "date" }))
        .query("to", json!({ "type": "string", "format": "date" }))
        .query(
            "now",
            json!({ "type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$" }),
        )
        .query("offset", offset_schema())
        .responds_media(XLSX, xlsx)
        .header("Content-Disposition", "attachment; filename=\"contact_requests_{period}_{date}.xlsx\"")
}
