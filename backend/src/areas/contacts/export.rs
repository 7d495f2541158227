//! The Excel exports (core-panel.md §2, §7): the specification's POST of the requests the
//! panel holds, and a GET that reads a period straight from the database. Both write the
//! workbook row by row with rust_xlsxwriter's constant-memory mode on a blocking thread, so
//! 100,000 rows take neither the memory of all of them nor an async worker. Every text is a
//! text cell, so '=1+1' stays the text it was; dates are Excel dates in the client's time.

use std::io::BufReader;

use rocket::data::{self, Data, FromData, ToByteUnit};
use rocket::futures::TryStreamExt;
use rocket::http::{ContentType, Status};
use rocket::request::Request;
use rocket::response::{self, Responder, Response};
use rocket::FromForm;
use rust_xlsxwriter::{ExcelDateTime, Format, Worksheet};
use schemars::JsonSchema;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::json;
use sqlx::AnyPool;
use time::format_description::well_known::Rfc3339;
use time::{OffsetDateTime, PrimitiveDateTime, UtcOffset};

use super::listing::stored_instant;
use super::store;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::query::{one_of, single};
use crate::platform::openapi::Doc;
use rules::export::{ExportQuery, QueryError};
use rules::vocabularies::{ContactStatus, ExportPeriod};

pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/// The POST's body: 100,000 requests are about 35 MB of JSON.
pub const BODY_LIMIT_MIB: u64 = 256;
/// The longest text a cell holds (Excel's limit).
const CELL_MAX_CHARS: usize = 32_767;
/// Rows read from the database ahead of the writer.
const ROWS_AHEAD: usize = 1024;
const HEADERS: [&str; 10] =
    ["ID", "Name", "Email", "Phone", "Subject", "Message", "Status", "Property ID", "Language", "Date"];
const WIDTHS: [f64; 10] = [8.0, 24.0, 30.0, 18.0, 32.0, 60.0, 12.0, 12.0, 10.0, 18.0];

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

/// The POST's body as documented: `{"requests": [...]}`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ExportRequests {
    pub requests: Vec<ExportRow>,
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

/// A finished workbook, sent as a download.
pub struct Workbook {
    file: std::fs::File,
    length: u64,
    name: String,
    /// Removed once the file is sent (the open handle keeps the bytes until then).
    _path: tempfile::TempPath,
}

impl<'r> Responder<'r, 'static> for Workbook {
    fn respond_to(self, _request: &'r Request<'_>) -> response::Result<'static> {
        let length = usize::try_from(self.length).map_err(|_| Status::InternalServerError)?;
        Response::build()
            .header(ContentType::new("application", "vnd.openxmlformats-officedocument.spreadsheetml.sheet"))
            .raw_header("Content-Disposition", format!("attachment; filename=\"{}\"", self.name))
            .raw_header("Cache-Control", "no-store")
            .sized_body(length, rocket::tokio::fs::File::from_std(self.file))
            .ok()
    }
}

/// Writes rows into the one worksheet.
pub struct RowWriter<'a> {
    sheet: &'a mut Worksheet,
    date: Format,
    row: u32,
    offset_secs: i64,
}

fn cell_text(text: &str) -> &str {
    match text.char_indices().nth(CELL_MAX_CHARS) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

fn status_label(status: &str) -> &str {
    ContactStatus::TERMS.iter().find(|term| term.value == status).map_or(status, |term| term.label)
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
            (6, status_label(&request.status)),
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

fn failed(error: impl std::fmt::Display) -> ApiError {
    ApiError::internal(format!("the workbook could not be written: {error}"))
}

/// Builds the workbook at `path`: the header row, then whatever `fill` writes.
fn build(
    path: &std::path::Path,
    offset_minutes: i64,
    fill: impl FnOnce(&mut RowWriter<'_>) -> ApiResult<()>,
) -> ApiResult<()> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    // The fastest deflate: a workbook of 100,000 rows grows from 4.3 to about 5.5 MB, and is
    // written in a fraction of the time level 6 takes.
    workbook.set_zip_compression_level(1);
    let sheet = workbook.add_worksheet_with_constant_memory().map_err(failed)?;
    sheet.set_name("Contact Requests").map_err(failed)?;
    let bold = Format::new().set_bold();
    for (column, (header, width)) in (0_u16..).zip(HEADERS.iter().zip(WIDTHS)) {
        sheet.set_column_width(column, width).map_err(failed)?;
        sheet.write_string_with_format(0, column, *header, &bold).map_err(failed)?;
    }
    sheet.set_freeze_panes(1, 0).map_err(failed)?;
    let mut writer = RowWriter {
        sheet,
        date: Format::new().set_num_format("yyyy-mm-dd hh:mm"),
        row: 0,
        offset_secs: offset_minutes * 60,
    };
    fill(&mut writer)?;
    workbook.save(path).map_err(failed)
}

/// Runs `work` on the blocking pool with a fresh temporary file, then opens the result for sending.
async fn write_workbook(
    name: String,
    work: impl FnOnce(&std::path::Path) -> ApiResult<()> + Send + 'static,
) -> ApiResult<Workbook> {
    let path = tempfile::NamedTempFile::new().map_err(failed)?.into_temp_path();
    let target = path.to_path_buf();
    rocket::tokio::task::spawn_blocking(move || work(&target)).await.map_err(failed)??;
    let file = std::fs::File::open(&path).map_err(failed)?;
    let length = file.metadata().map_err(failed)?.len();
    Ok(Workbook { file, length, name, _path: path })
}

/// The POST's body, kept in a temporary file rather than in memory.
pub struct ExportBody(tempfile::TempPath);

#[rocket::async_trait]
impl<'r> FromData<'r> for ExportBody {
    type Error = ApiError;

    async fn from_data(request: &'r Request<'_>, body: Data<'r>) -> data::Outcome<'r, Self> {
        let outcome = async {
            if request.content_type().is_some_and(|ct| !ct.is_json()) {
                return Err(ApiError::new(Status::UnsupportedMediaType, rules::messages::BODY_NOT_JSON));
            }
            let path = tempfile::NamedTempFile::new().map_err(failed)?.into_temp_path();
            let written = body
                .open(BODY_LIMIT_MIB.mebibytes())
                .into_file(&path)
                .await
                .map_err(|e| ApiError::bad_request(format!("The request body could not be read: {e}")))?;
            if !written.is_complete() {
                return Err(ApiError::new(
                    Status::PayloadTooLarge,
                    format!("The request body is larger than {BODY_LIMIT_MIB} MiB"),
                ));
            }
            Ok(ExportBody(path))
        }
        .await;
        match outcome {
            Ok(body) => data::Outcome::Success(body),
            Err(error) => data::Outcome::Error((error.clone().stash(request), error)),
        }
    }
}

/// Where the parser hands each request it has read; an error stops the parse.
type Take<'t> = &'t mut dyn FnMut(ExportRow) -> Result<(), String>;

/// Reads `{"requests": [...]}`, handing on each request as it is read.
struct Body<'t>(Take<'t>);

impl<'de> DeserializeSeed<'de> for Body<'_> {
    type Value = bool;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Body<'_> {
    type Value = bool;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an object with the requests to export")
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<bool, M::Error> {
        let mut found = false;
        while let Some(key) = map.next_key::<String>()? {
            if key == "requests" && !found {
                map.next_value_seed(Rows(&mut *self.0))?;
                found = true;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(found)
    }
}

struct Rows<'t>(Take<'t>);

impl<'de> DeserializeSeed<'de> for Rows<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Rows<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a list of contact requests")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<(), S::Error> {
        while let Some(row) = seq.next_element::<ExportRow>()? {
            if row.holds_nul() {
                return Err(de::Error::custom(rules::messages::TEXT_WITH_NUL));
            }
            (self.0)(row).map_err(de::Error::custom)?;
        }
        Ok(())
    }
}

/// Parses the spooled body, sending each request to the writer as it is read; a body that
/// is not the call's JSON is sent as the 400 it answers.
fn parse_rows(source: &std::path::Path, rows: std::sync::mpsc::SyncSender<ApiResult<ExportRow>>) {
    let parsed = std::fs::File::open(source).map_err(failed).and_then(|file| {
        let mut json = serde_json::Deserializer::from_reader(BufReader::with_capacity(1 << 16, file));
        let mut take = |row: ExportRow| rows.send(Ok(row)).map_err(|_| "the writer stopped".to_owned());
        let found = Body(&mut take).deserialize(&mut json).and_then(|found| json.end().map(|()| found));
        match found {
            Ok(true) => Ok(()),
            Ok(false) => Err(ApiError::bad_request(rules::messages::EXPORT_BODY)),
            Err(error) => Err(ApiError::bad_request(format!(
                "The request body is not valid JSON for this call: {error}"
            ))),
        }
    });
    if let Err(error) = parsed {
        // The writer may have stopped already; then nobody is left to tell.
        let _ = rows.send(Err(error));
    }
}

/// The specification's export of the requests the panel sent: the body is parsed on one
/// thread while the workbook is written on another.
pub async fn posted(body: ExportBody, offset_minutes: i64) -> ApiResult<Workbook> {
    let today = (OffsetDateTime::now_utc() + time::Duration::minutes(offset_minutes)).date();
    let ExportBody(source) = body;
    let (sender, receiver) = std::sync::mpsc::sync_channel::<ApiResult<ExportRow>>(ROWS_AHEAD);
    let parser = rocket::tokio::task::spawn_blocking(move || parse_rows(&source, sender));
    let workbook = write_workbook(format!("contact_requests_{today}.xlsx"), move |path| {
        build(path, offset_minutes, |writer| {
            for row in receiver {
                writer.write(&row?).map_err(failed)?;
            }
            Ok(())
        })
    })
    .await;
    parser.await.map_err(failed)?;
    workbook
}

/// The GET's query string.
#[derive(FromForm, Default)]
pub struct ExportParams<'r> {
    period: Vec<&'r str>,
    from: Vec<&'r str>,
    to: Vec<&'r str>,
    now: Vec<&'r str>,
    offset: Vec<&'r str>,
}

/// A period to export: the instants it spans, in the stored form, and the file's name.
pub struct PeriodExport {
    start: Option<String>,
    end: Option<String>,
    name: String,
    offset_minutes: i64,
}

/// A local wall-clock text of the rules (`YYYY-MM-DDTHH:MM:SS.mmm`) as a stored UTC instant.
fn local_to_stored(text: &str, offset: UtcOffset) -> Option<String> {
    let format =
        time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond]");
    let local = PrimitiveDateTime::parse(text, &format).ok()?;
    stored_instant(&local.assume_offset(offset).format(&Rfc3339).ok()?)
}

fn selection_error(errors: rules::FieldErrors) -> ApiError {
    // The rules name the dialog's fields; the query names them from and to.
    let mut renamed = rules::FieldErrors::new();
    for (field, message) in errors.iter() {
        let field = match field {
            "startDate" => "from",
            "endDate" => "to",
            other => other,
        };
        renamed.add(field.to_owned(), message.to_owned());
    }
    ApiError::validation(renamed)
}

impl ExportParams<'_> {
    /// The period these parameters name, through the rules' `export` module.
    pub fn parse(&self) -> ApiResult<PeriodExport> {
        let period =
            one_of(&self.period, "period", ExportPeriod::ALL, ExportPeriod::value)?.unwrap_or_default();
        let offset_minutes = offset_minutes(single(&self.offset, "offset")?)?;
        let offset = UtcOffset::from_whole_seconds(i32::try_from(offset_minutes * 60).unwrap_or_default())
            .map_err(|_| ApiError::bad_request(rules::messages::EXPORT_OFFSET_RANGE))?;
        let now = match single(&self.now, "now")? {
            Some(now) => now.to_owned(),
            None => {
                let local = OffsetDateTime::now_utc().to_offset(offset);
                format!("{}T{:02}:{:02}:{:02}", local.date(), local.hour(), local.minute(), local.second())
            }
        };
        let day = |values: &[&str], name: &str| -> ApiResult<Option<String>> {
            let Some(text) = single(values, name)? else { return Ok(None) };
            let format = time::macros::format_description!("[year]-[month]-[day]");
            time::Date::parse(text.trim(), &format)
                .map(|_| Some(text.trim().to_owned()))
                .map_err(|_| ApiError::bad_request(format!("{name} must be a date such as 2026-01-31")))
        };
        let query = ExportQuery {
            period,
            start_date: day(&self.from, "from")?,
            end_date: day(&self.to, "to")?,
            now,
            request_id: None,
        };
        let refuse = |error: QueryError| match error {
            QueryError::Selection(errors) => selection_error(errors),
            QueryError::Now => ApiError::bad_request(error.to_string()),
        };
        let range = query.range().map_err(refuse)?;
        let name = query.file_name().map_err(refuse)?;
        let convert = |text: Option<String>| -> ApiResult<Option<String>> {
            text.map(|text| {
                local_to_stored(&text, offset)
                    .ok_or_else(|| ApiError::internal(format!("unreadable range '{text}'")))
            })
            .transpose()
        };
        Ok(PeriodExport { start: convert(range.start)?, end: convert(range.end)?, name, offset_minutes })
    }
}

/// The requests of a period, oldest first, read from the database as the writer takes them.
pub async fn period(db: AnyPool, export: PeriodExport) -> ApiResult<Workbook> {
    let (sender, mut receiver) = rocket::tokio::sync::mpsc::channel::<ApiResult<ExportRow>>(ROWS_AHEAD);
    let PeriodExport { start, end, name, offset_minutes } = export;
    let reader = rocket::tokio::spawn(async move {
        let sql = format!(
            "SELECT {} FROM contact_requests WHERE created_at >= $1 AND created_at <= $2 ORDER BY created_at, id",
            store::COLUMNS
        );
        let query = sqlx::query(&sql)
            .bind(start.unwrap_or_default())
            .bind(end.unwrap_or_else(|| "9999-12-31T23:59:59Z".to_owned()));
        let mut rows = query.fetch(&db);
        loop {
            let next = match rows.try_next().await {
                Ok(Some(row)) => store::from_row(&row).map(ExportRow::from).map_err(ApiError::from),
                Ok(None) => break,
                Err(error) => Err(ApiError::from(error)),
            };
            let stop = next.is_err();
            if sender.send(next).await.is_err() || stop {
                break;
            }
        }
    });
    let workbook = write_workbook(name, move |path| {
        build(path, offset_minutes, |writer| {
            while let Some(row) = receiver.blocking_recv() {
                writer.write(&row?).map_err(failed)?;
            }
            Ok(())
        })
    })
    .await;
    reader.await.map_err(failed)?;
    workbook
}
