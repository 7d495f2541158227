//! `GET /api/imports/{id}/rejected`: the rows the last check refused, as a workbook the user
//! fixes and imports again: the file's own header and cells, and a last column holding each
//! row's messages, one per line ('Price: Price must be positive').

use rocket::http::ContentType;
use rocket::request::Request;
use rocket::response::{self, Responder, Response};
use rules::language::Language;
use rules::messages;
use rules::properties::columns::column_by_key;
use rust_xlsxwriter::Workbook;
use schemars::{json_schema, Schema, SchemaGenerator};
use sqlx::AnyPool;

use super::store::{self, RowFilter};
use super::RowError;
use crate::platform::http::error::{ApiError, ApiResult};

pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/// The longest text a cell holds (Excel's limit).
const CELL_MAX_CHARS: usize = 32_767;
const PAGE: usize = 1000;

pub fn schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "string", "format": "binary" })
}

/// The workbook, sent as a download.
pub struct Rejected {
    bytes: Vec<u8>,
    name: String,
}

impl<'r> Responder<'r, 'static> for Rejected {
    fn respond_to(self, _request: &'r Request<'_>) -> response::Result<'static> {
        Response::build()
            .header(ContentType::new("application", "vnd.openxmlformats-officedocument.spreadsheetml.sheet"))
            .raw_header(
                "Content-Disposition",
                format!("attachment; filename=\"rejected-rows-{}.xlsx\"", self.name),
            )
            .raw_header("Cache-Control", "no-store")
            .sized_body(self.bytes.len(), std::io::Cursor::new(self.bytes))
            .ok()
    }
}

fn cell_text(text: &str) -> &str {
    match text.char_indices().nth(CELL_MAX_CHARS) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

pub async fn workbook(db: &AnyPool, id: i64, language: Language) -> ApiResult<Rejected> {
    let mut conn = db.acquire().await?;
    let settings = store::settings(&mut conn, id).await?;
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    let xlsx = |e: rust_xlsxwriter::XlsxError| ApiError::internal(e);
    for (column, header) in settings.columns.iter().enumerate() {
        sheet.write_string(0, u16::try_from(column).unwrap_or(u16::MAX), cell_text(header)).map_err(xlsx)?;
    }
    let last = u16::try_from(settings.columns.len()).unwrap_or(u16::MAX);
    let header = match language {
        Language::En => messages::IMPORT_MESSAGES_HEADER,
        Language::Ar => messages::IMPORT_MESSAGES_HEADER_AR,
    };
    sheet.write_string(0, last, header).map_err(xlsx)?;
    let mut row: u32 = 0;
    let mut after = 0;
    loop {
        let page = store::rows_after(&mut conn, id, after, PAGE, RowFilter::Invalid).await?;
        let Some((line, _, _)) = page.last() else { break };
        after = *line;
        for (_, cells, said) in page {
            row += 1;
            for (column, text) in cells.iter().enumerate() {
                if !text.is_empty() {
                    sheet
                        .write_string(row, u16::try_from(column).unwrap_or(u16::MAX), cell_text(text))
                        .map_err(xlsx)?;
                }
            }
            let errors: Vec<RowError> = said
                .map(|s| serde_json::from_str(&s))
                .transpose()
                .map_err(ApiError::internal)?
                .unwrap_or_default();
            let lines: Vec<String> = errors
                .iter()
                .map(|e| {
                    let column =
                        column_by_key(&e.field).map(|c| c.header(language)).unwrap_or(e.field.as_str());
                    format!("{column}: {}", e.message)
                })
                .collect();
            sheet.write_string(row, last, cell_text(&lines.join("\n"))).map_err(xlsx)?;
        }
    }
    drop(conn);
    let bytes = rocket::tokio::task::spawn_blocking(move || book.save_to_buffer())
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(Rejected { bytes, name: id.to_string() })
}
