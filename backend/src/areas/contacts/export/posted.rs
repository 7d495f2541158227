//! The specification's export: the POST of the requests the panel holds, spooled to a file
//! and parsed on one thread while the workbook is written on another.

use std::io::BufReader;

use rocket::data::{self, Data, FromData, ToByteUnit};
use rocket::http::Status;
use rocket::request::Request;
use schemars::JsonSchema;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use time::OffsetDateTime;

use super::workbook::{build, failed, write_workbook, FileName, Workbook};
use super::{ExportRow, ROWS_AHEAD};
use crate::platform::http::error::{ApiError, ApiResult};
use rules::language::Language;

/// The POST's body: 100,000 requests are about 35 MB of JSON.
pub const BODY_LIMIT_MIB: u64 = 256;

/// The POST's body as documented: `{"requests": [...]}`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ExportRequests {
    pub requests: Vec<ExportRow>,
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
pub async fn posted(body: ExportBody, offset_minutes: i64, language: Language) -> ApiResult<Workbook> {
    let today = (OffsetDateTime::now_utc() + time::Duration::minutes(offset_minutes)).date();
    let ExportBody(source) = body;
    let (sender, receiver) = std::sync::mpsc::sync_channel::<ApiResult<ExportRow>>(ROWS_AHEAD);
    let parser = rocket::tokio::task::spawn_blocking(move || parse_rows(&source, sender));
    let today = today.to_string();
    let name = FileName {
        name: rules::export::posted_file_name(&today, language),
        ascii: rules::export::posted_file_name(&today, Language::En),
    };
    let workbook = write_workbook(name, move |path| {
        build(path, offset_minutes, language, |writer| {
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
