//! The GET's export of a period, read straight from the database as the writer takes it.

use rocket::futures::TryStreamExt;
use rocket::FromForm;
use sqlx::AnyPool;
use time::format_description::well_known::Rfc3339;
use time::{OffsetDateTime, PrimitiveDateTime, UtcOffset};

use super::super::listing::stored_instant;
use super::super::store;
use super::workbook::{build, failed, write_workbook, FileName, Workbook};
use super::{offset_minutes, ExportRow, ROWS_AHEAD};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::query::{one_of, single};
use rules::export::{ExportQuery, QueryError};
use rules::language::Language;
use rules::vocabularies::ExportPeriod;

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
    name: FileName,
    offset_minutes: i64,
    language: Language,
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
    pub fn parse(&self, language: Language) -> ApiResult<PeriodExport> {
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
        let name = FileName {
            name: query.file_name_in(language).map_err(refuse)?,
            ascii: query.file_name().map_err(refuse)?,
        };
        let convert = |text: Option<String>| -> ApiResult<Option<String>> {
            text.map(|text| {
                local_to_stored(&text, offset)
                    .ok_or_else(|| ApiError::internal(format!("unreadable range '{text}'")))
            })
            .transpose()
        };
        Ok(PeriodExport {
            start: convert(range.start)?,
            end: convert(range.end)?,
            name,
            offset_minutes,
            language,
        })
    }
}

/// The requests of a period, oldest first, read from the database as the writer takes them.
pub async fn period(db: AnyPool, export: PeriodExport) -> ApiResult<Workbook> {
    let (sender, mut receiver) = rocket::tokio::sync::mpsc::channel::<ApiResult<ExportRow>>(ROWS_AHEAD);
    let PeriodExport { start, end, name, offset_minutes, language } = export;
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
        build(path, offset_minutes, language, |writer| {
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
