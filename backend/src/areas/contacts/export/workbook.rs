//! The workbook both exports write: the header row, one text cell per text, Excel dates in
//! the client's time, written on the blocking pool into a temporary file sent as a download.

use rocket::http::{ContentType, Status};
use rocket::request::Request;
use rocket::response::{self, Responder, Response};
use rust_xlsxwriter::{ExcelDateTime, Format, Worksheet};
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use super::ExportRow;
use crate::platform::http::error::{ApiError, ApiResult};
use rules::language::Language;
use rules::vocabularies::ContactStatus;

/// The longest text a cell holds (Excel's limit).
const CELL_MAX_CHARS: usize = 32_767;
const WIDTHS: [f64; 10] = [8.0, 24.0, 30.0, 18.0, 32.0, 60.0, 12.0, 12.0, 10.0, 18.0];

/// A finished workbook, sent as a download.
pub struct Workbook {
    file: std::fs::File,
    length: u64,
    name: FileName,
    /// Removed once the file is sent (the open handle keeps the bytes until then).
    _path: tempfile::TempPath,
}

impl<'r> Responder<'r, 'static> for Workbook {
    fn respond_to(self, _request: &'r Request<'_>) -> response::Result<'static> {
        let length = usize::try_from(self.length).map_err(|_| Status::InternalServerError)?;
        Response::build()
            .header(ContentType::new("application", "vnd.openxmlformats-officedocument.spreadsheetml.sheet"))
            .raw_header("Content-Disposition", self.name.disposition())
            .raw_header("Cache-Control", "no-store")
            .sized_body(length, rocket::tokio::fs::File::from_std(self.file))
            .ok()
    }
}

/// A workbook's file name in the answer's language, and in English for a client that
/// reads only `filename` (RFC 6266: `filename*` carries the UTF-8 name).
pub struct FileName {
    pub name: String,
    pub ascii: String,
}

impl FileName {
    fn disposition(&self) -> String {
        if self.name == self.ascii {
            return format!("attachment; filename=\"{}\"", self.ascii);
        }
        let mut encoded = String::new();
        for byte in self.name.bytes() {
            if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
                encoded.push(char::from(byte));
            } else {
                encoded.push_str(&format!("%{byte:02X}"));
            }
        }
        format!("attachment; filename=\"{}\"; filename*=UTF-8''{encoded}", self.ascii)
    }
}

/// Writes rows into the one worksheet.
pub struct RowWriter<'a> {
    sheet: &'a mut Worksheet,
    date: Format,
    row: u32,
    offset_secs: i64,
    language: Language,
}

fn cell_text(text: &str) -> &str {
    match text.char_indices().nth(CELL_MAX_CHARS) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

fn status_label(status: &str, language: Language) -> &str {
    ContactStatus::from_value(status).map_or(status, |status| rules::export::status_label(status, language))
}

impl RowWriter<'_> {
    pub fn write(&mut self, request: &ExportRow) -> Result<(), rust_xlsxwriter::XlsxError> {
        self.row += 1;
        let (sheet, row) = (&mut *self.sheet, self.row);
        #[allow(clippy::cast_precision_loss)]
        sheet.write_number(row, 0, request.id as f64)?;
        for (column, text) in [
            (1, request.name.as_str()),
            (2, request.email.as_str()),
            (3, request.phone.as_deref().unwrap_or_default()),
            (4, request.subject.as_str()),
            (5, request.message.as_str()),
            (6, status_label(&request.status, self.language)),
            (8, request.language.as_deref().unwrap_or_default()),
        ] {
            if !text.is_empty() {
                // write_string never makes a formula: '=SUM(A1)' is kept as that text.
                sheet.write_string(row, column, cell_text(text))?;
            }
        }
        if let Some(property_id) = request.property_id {
            #[allow(clippy::cast_precision_loss)]
            sheet.write_number(row, 7, property_id as f64)?;
        }
        match OffsetDateTime::parse(&request.created_at, &Rfc3339)
            .ok()
            .and_then(|at| ExcelDateTime::from_timestamp(at.unix_timestamp() + self.offset_secs).ok())
        {
            Some(date) => sheet.write_datetime_with_format(row, 9, &date, &self.date).map(|_| ()),
            None => sheet.write_string(row, 9, cell_text(&request.created_at)).map(|_| ()),
        }
    }
}

pub(super) fn failed(error: impl std::fmt::Display) -> ApiError {
    ApiError::internal(format!("the workbook could not be written: {error}"))
}

/// Builds the workbook at `path`: the header row, then whatever `fill` writes.
pub(super) fn build(
    path: &std::path::Path,
    offset_minutes: i64,
    language: Language,
    fill: impl FnOnce(&mut RowWriter<'_>) -> ApiResult<()>,
) -> ApiResult<()> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    // The fastest deflate: a workbook of 100,000 rows grows from 4.3 to about 5.5 MB, and is
    // written in a fraction of the time level 6 takes.
    workbook.set_zip_compression_level(1);
    let sheet = workbook.add_worksheet_with_constant_memory().map_err(failed)?;
    sheet.set_name(rules::export::sheet_name(language)).map_err(failed)?;
    let bold = Format::new().set_bold();
    for (column, (header, width)) in (0_u16..).zip(rules::export::headers(language).iter().zip(WIDTHS)) {
        sheet.set_column_width(column, width).map_err(failed)?;
        sheet.write_string_with_format(0, column, *header, &bold).map_err(failed)?;
    }
    sheet.set_freeze_panes(1, 0).map_err(failed)?;
    let mut writer = RowWriter {
        sheet,
        date: Format::new().set_num_format("yyyy-mm-dd hh:mm"),
        row: 0,
        offset_secs: offset_minutes * 60,
        language,
    };
    fill(&mut writer)?;
    workbook.save(path).map_err(failed)
}

/// Runs `work` on the blocking pool with a fresh temporary file, then opens the result for sending.
pub(super) async fn write_workbook(
    name: FileName,
    work: impl FnOnce(&std::path::Path) -> ApiResult<()> + Send + 'static,
) -> ApiResult<Workbook> {
    let path = tempfile::NamedTempFile::new().map_err(failed)?.into_temp_path();
    let target = path.to_path_buf();
    rocket::tokio::task::spawn_blocking(move || work(&target)).await.map_err(failed)??;
    let file = std::fs::File::open(&path).map_err(failed)?;
    let length = file.metadata().map_err(failed)?.len();
    Ok(Workbook { file, length, name, _path: path })
}
