//! The export of listings (issue 25): every listing the list's own query matches (its `q`,
//! `sort` and filters; `page` and `pageSize` are ignored), as an Excel workbook or a CSV
//! file, with the columns of `rules::properties::columns` and one header row in the
//! request's language. `template=true` answers the header row alone.
//!
//! The listings are read in chunks (`store::export`) on an async task and written on a
//! blocking thread, so neither the memory nor an async worker grows with their count: the
//! workbook goes to a temporary file (constant-memory mode) and is sent once written, the
//! CSV is sent as it is written.

mod cells;
mod csv;
mod xlsx;

use rocket::http::ContentType;
use rocket::tokio::sync::mpsc;
use rules::calendar::Date;
use rules::language::Language;
use rules::properties::columns::{self, ExportFormat, COLUMNS};
use serde_json::json;
use sqlx::AnyPool;
use time::{OffsetDateTime, UtcOffset};

use super::store;
use crate::platform::http::download::{Body, Download};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::query::{one_of, whole_number};
use crate::platform::openapi::Doc;

/// Chunks of listings read ahead of the writer.
const CHUNKS_AHEAD: usize = 2;
/// Chunks of CSV bytes written ahead of the client.
const BYTES_AHEAD: usize = 4;

/// What the export's own parameters ask for.
pub struct ExportRequest {
    pub format: ExportFormat,
    pub template: bool,
    pub language: Language,
    /// The client's local date, for the file's name.
    pub today: Date,
}

impl ExportRequest {
    /// `format` (xlsx, the default, or csv), `template` (true or false) and `offset` (the
    /// client's minutes east of UTC, for the date in the file's name), read strictly.
    pub fn parse(format: &[&str], template: &[&str], offset: &[&str], language: Language) -> ApiResult<Self> {
        let formats = [ExportFormat::Xlsx, ExportFormat::Csv];
        let format = one_of(format, "format", &formats, ExportFormat::extension)?.unwrap_or_default();
        let template = one_of(template, "template", &[true, false], |b| if b { "true" } else { "false" })?
            .unwrap_or(false);
        let minutes =
            whole_number(offset, "offset", -840, 840, "a whole number of minutes from -840 to 840")?;
        let offset = UtcOffset::from_whole_seconds(i32::try_from(minutes.unwrap_or(0) * 60).unwrap_or(0))
            .map_err(|_| ApiError::bad_request(rules::messages::EXPORT_OFFSET_RANGE))?;
        let local = OffsetDateTime::now_utc().to_offset(offset).date();
        let today = Date {
            year: local.year(),
            month: u32::from(u8::from(local.month())),
            day: u32::from(local.day()),
        };
        Ok(ExportRequest { format, template, language, today })
    }

    fn name(&self, language: Language) -> String {
        columns::export_file_name(language, self.format, self.today, self.template)
    }

    fn content_type(&self) -> ContentType {
        match self.format {
            ExportFormat::Xlsx => {
                ContentType::new("application", "vnd.openxmlformats-officedocument.spreadsheetml.sheet")
            }
            ExportFormat::Csv => ContentType::new("text", "csv").with_params(("charset", "utf-8")),
        }
    }
}

fn failed(error: impl std::fmt::Display) -> ApiError {
    ApiError::internal(format!("the export failed: {error}"))
}

/// The export of `selection` as `export` asks.
pub async fn export(pool: AnyPool, ids: Vec<i64>, export: ExportRequest) -> ApiResult<Download> {
    let readers = cells::readers(COLUMNS).map_err(|key| failed(format!("no reader for the column {key}")))?;
    let headers: Vec<&'static str> = columns::headers(export.language).collect();
    let (sender, rows) = mpsc::channel(CHUNKS_AHEAD);
    let reader = (!export.template).then(|| {
        rocket::tokio::spawn(async move {
            if let Err(error) = store::export::export(&pool, &ids, sender.clone()).await {
                let _ = sender.send(Err(error)).await;
            }
        })
    });
    let (name, ascii_name, content_type) =
        (export.name(export.language), export.name(Language::En), export.content_type());
    let body = match export.format {
        ExportFormat::Xlsx => {
            let path = tempfile::NamedTempFile::new().map_err(failed)?.into_temp_path();
            let target = path.to_path_buf();
            let sheet = columns::sheet_name(export.language);
            let right_to_left = export.language == Language::Ar;
            rocket::tokio::task::spawn_blocking(move || {
                xlsx::write(&target, sheet, &headers, right_to_left, &readers, rows)
            })
            .await
            .map_err(failed)??;
            if let Some(reader) = reader {
                reader.await.map_err(failed)?;
            }
            let file = std::fs::File::open(&path).map_err(failed)?;
            let length = file.metadata().map_err(failed)?.len();
            Body::File { file, length, _path: Some(path) }
        }
        ExportFormat::Csv => {
            let (out, mut chunks) = mpsc::channel(BYTES_AHEAD);
            rocket::tokio::task::spawn_blocking(move || csv::write(&headers, &readers, rows, &out));
            // The first chunk holds the header line and the first listings, or the error that
            // came before them, which can still be answered as such.
            let first = match chunks.recv().await {
                Some(Ok(first)) => first,
                Some(Err(error)) => return Err(failed(error)),
                None => Vec::new(),
            };
            Body::Stream { first, rest: chunks }
        }
    };
    Ok(Download { name, ascii_name, content_type, body })
}

fn binary(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "type": "string", "format": "binary" })
}

fn csv_text(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "type": "string" })
}

/// Declares the export's own parameters and its two kinds of answer.
pub fn documented(doc: Doc) -> Doc {
    doc.query("format", json!({ "type": "string", "enum": ["xlsx", "csv"], "default": "xlsx" }))
        .query("template", json!({ "type": "boolean", "default": false }))
        .query("offset", json!({ "type": "integer", "minimum": -840, "maximum": 840 }))
        .responds_media(ExportFormat::Xlsx.content_type(), binary)
        .responds_media_too("text/csv", csv_text)
        .header(
            "Content-Disposition",
            "attachment; filename=\"properties-{date}.{xlsx|csv}\"; filename*=UTF-8''{the name in the request's language}",
        )
}
