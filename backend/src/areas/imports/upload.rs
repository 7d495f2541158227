//! `POST /api/imports/properties`: the file streams to a temporary file (cut off past 20 MB
//! with 413), is read on a blocking thread, and its rows reach the database in chunks as
//! they are read, in one transaction with the import and its file: a file that turns out
//! to hold too many rows, or not to be a spreadsheet, leaves nothing behind.

use rocket::form::{self, DataField, FromFormField, ValueField};
use rocket::tokio::sync::mpsc;
use rocket::FromForm;
use rules::imports::{MAX_FILE_BYTES, MAX_ROWS, SAMPLE_ROWS};
use rules::language::Language;
use rules::messages;
use rules::properties::columns::{suggest_mapping, COLUMNS};
use schemars::{json_schema, Schema, SchemaGenerator};
use sqlx::AnyPool;

use super::sheet::{self, Rows, Unreadable};
use super::{store, Field, Uploaded};
use crate::platform::db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::media::received::{self, Received, Spec};

/// Rows handed from the reader to the database at a time...
const CHUNK: usize = 500;
/// ...and their bytes at most: 500 rows of 200 long cells would be a gigabyte (issue 37).
const CHUNK_BYTES: usize = 1024 * 1024;

pub fn form_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "object",
        "required": ["file"],
        "properties": { "file": { "type": "string", "format": "binary" } }
    })
}

/// The uploaded file, on disk, with the name the browser gave it.
pub struct SheetFile {
    received: Received,
    name: String,
}

#[rocket::async_trait]
impl<'v> FromFormField<'v> for SheetFile {
    fn from_value(field: ValueField<'v>) -> form::Result<'v, Self> {
        Err(field.unexpected().into())
    }

    async fn from_data(field: DataField<'v, '_>) -> form::Result<'v, Self> {
        let name = field
            .file_name
            .map(|name| name.dangerous_unsafe_unsanitized_raw().as_str())
            .map(|name| name.rsplit(['/', '\\']).next().unwrap_or(name).to_owned())
            .filter(|name| !name.trim().is_empty())
            .unwrap_or_else(|| "import".to_owned());
        let spec = Spec {
            max_bytes: MAX_FILE_BYTES,
            too_large: messages::IMPORT_FILE_TOO_LARGE,
            prefix: "aqar-sheet-",
        };
        Ok(SheetFile { received: received::receive(field, spec).await?, name })
    }
}

#[derive(FromForm)]
pub struct UploadForm {
    file: SheetFile,
}

enum Read {
    Header(Vec<String>),
    Rows(Vec<(i64, String)>),
    End { outcome: Result<(), Unreadable>, too_many: bool, count: usize, samples: Vec<Vec<String>> },
}

/// Hands the rows on as they are read, in chunks.
struct Sender {
    channel: mpsc::Sender<Read>,
    chunk: Vec<(i64, String)>,
    chunk_bytes: usize,
    count: usize,
    too_many: bool,
    samples: Vec<Vec<String>>,
}

impl Sender {
    fn send(&mut self, read: Read) -> Result<(), Unreadable> {
        self.channel.blocking_send(read).map_err(|_| Unreadable::Stopped)
    }
}

impl Rows for Sender {
    fn header(&mut self, columns: Vec<String>) -> Result<(), Unreadable> {
        self.send(Read::Header(columns))
    }

    fn row(&mut self, line: u32, cells: Vec<String>) -> Result<(), Unreadable> {
        self.count += 1;
        if self.count > MAX_ROWS {
            self.too_many = true;
            return Err(Unreadable::Stopped);
        }
        let json = serde_json::to_string(&cells).map_err(|_| Unreadable::Stopped)?;
        if self.samples.len() < SAMPLE_ROWS {
            self.samples.push(cells);
        }
        self.chunk_bytes += json.len();
        self.chunk.push((i64::from(line), json));
        if self.chunk.len() >= CHUNK || self.chunk_bytes >= CHUNK_BYTES {
            self.chunk_bytes = 0;
            let chunk = std::mem::take(&mut self.chunk);
            self.send(Read::Rows(chunk))?;
        }
        Ok(())
    }
}

fn unprocessable(message: &'static str) -> ApiError {
    let mut errors = rules::FieldErrors::new();
    errors.add("file", message);
    ApiError::validation(errors)
}

pub async fn receive(
    db: &AnyPool,
    user_id: i64,
    language: Language,
    form: UploadForm,
) -> ApiResult<Uploaded> {
    let UploadForm { file } = form;
    let bytes = std::sync::Arc::new(file.received.bytes().await.map_err(ApiError::internal)?);
    let (channel, mut reads) = mpsc::channel::<Read>(2);
    let (reading, name) = (bytes.clone(), file.name.clone());
    let reader = rocket::tokio::task::spawn_blocking(move || {
        let mut sender = Sender {
            channel,
            chunk: Vec::new(),
            chunk_bytes: 0,
            count: 0,
            too_many: false,
            samples: Vec::new(),
        };
        let mut outcome = sheet::read(&reading, &name, &mut sender);
        if outcome.is_ok() && !sender.chunk.is_empty() {
            let chunk = std::mem::take(&mut sender.chunk);
            outcome = sender.send(Read::Rows(chunk));
        }
        let (too_many, count, samples) = (sender.too_many, sender.count, std::mem::take(&mut sender.samples));
        let _ = sender.send(Read::End { outcome, too_many, count, samples });
    });
    let mut tx = None;
    let mut id = 0;
    let mut columns = Vec::new();
    let mut ended = None;
    while let Some(read) = reads.recv().await {
        match read {
            Read::Header(header) => {
                let mut begun = db::begin_write(db).await?;
                let json = serde_json::to_string(&header).map_err(ApiError::internal)?;
                id = store::insert_import(&mut begun, user_id, &file.name, &bytes, &json).await?;
                columns = header;
                tx = Some(begun);
            }
            Read::Rows(chunk) => {
                if let Some(tx) = tx.as_mut() {
                    store::insert_rows(tx, id, &chunk).await?;
                }
            }
            Read::End { outcome, too_many, count, samples } => {
                ended = Some((outcome, too_many, count, samples))
            }
        }
    }
    reader.await.map_err(ApiError::internal)?;
    let (outcome, too_many, count, samples) =
        ended.ok_or_else(|| ApiError::internal("the reader stopped"))?;
    if too_many {
        return Err(unprocessable(messages::IMPORT_TOO_MANY_ROWS));
    }
    match outcome {
        Ok(()) => {}
        Err(Unreadable::NoHeader) => return Err(unprocessable(messages::IMPORT_NO_HEADER)),
        Err(Unreadable::TooManyColumns) => return Err(unprocessable(messages::IMPORT_TOO_MANY_COLUMNS)),
        Err(Unreadable::CellTooLong) => return Err(unprocessable(messages::IMPORT_CELL_TOO_LONG)),
        Err(Unreadable::UnpackedTooLarge) => return Err(unprocessable(messages::IMPORT_UNPACKED_TOO_LARGE)),
        Err(Unreadable::SharedTextTooLarge) => {
            return Err(unprocessable(messages::IMPORT_SHARED_TEXT_TOO_LARGE))
        }
        Err(Unreadable::XlsTooLarge) => return Err(unprocessable(messages::IMPORT_XLS_TOO_LARGE)),
        Err(_) => return Err(unprocessable(messages::IMPORT_NOT_A_SPREADSHEET)),
    }
    let mut tx = tx.ok_or_else(|| unprocessable(messages::IMPORT_NO_HEADER))?;
    let row_count = i64::try_from(count).unwrap_or(i64::MAX);
    store::set_row_count(&mut tx, id, row_count).await?;
    tx.commit().await?;
    let suggested_mapping = suggest_mapping(&columns).into_iter().map(|key| key.map(str::to_owned)).collect();
    let fields = COLUMNS
        .iter()
        .map(|c| Field { key: c.key.to_owned(), label: c.header(language).to_owned(), required: c.required })
        .collect();
    Ok(Uploaded {
        id,
        file_name: file.name,
        row_count,
        columns,
        suggested_mapping,
        sample_rows: samples,
        fields,
    })
}
