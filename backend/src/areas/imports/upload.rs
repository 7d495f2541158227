//! `POST /api/imports/properties`: the file streams to a temporary file (cut off past 20 MB
//! with 413), is read on a blocking thread, and its rows reach the database in chunks as
//! they are read, each chunk in a short transaction of its own: on SQLite the write lock is
//! held for a chunk's INSERT, never while the file is read, so the rest of the panel saves
//! meanwhile. The import stays `uploading`, open to nothing, until its last row is kept; a
//! file that turns out to hold too many rows, or rows too large for its size, or not to be a
//! spreadsheet, is deleted with what was kept of it (and the sweep takes what a stopped server
//! left behind).

use rocket::form::{self, DataField, FromFormField, ValueField};
use rocket::tokio::sync::mpsc;
use rocket::FromForm;
use rules::imports::{max_row_bytes, MAX_FILE_BYTES, MAX_ROWS, SAMPLE_ROWS};
use rules::language::Language;
use rules::messages;
use rules::properties::columns::{suggest_mapping, COLUMNS};
use schemars::{json_schema, Schema, SchemaGenerator};
use sqlx::AnyPool;

use super::sheet::{self, Rows, Unreadable};
use super::{store, Field, Uploaded};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::media::received::{self, Received, Spec};

/// Rows handed from the reader to the database at a time, at most...
const CHUNK: usize = 500;
/// ...and at most this many bytes of them, which bounds the memory a chunk takes.
const CHUNK_BYTES: usize = 1 << 20;

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
    End {
        outcome: Result<(), Unreadable>,
        over: Option<&'static str>,
        count: usize,
        samples: Vec<Vec<String>>,
    },
}

/// Hands the rows on as they are read, in chunks, and stops the reading past the rows'
/// bounds: their count, and their bytes against the file's size.
struct Sender {
    channel: mpsc::Sender<Read>,
    chunk: Vec<(i64, String)>,
    chunk_bytes: usize,
    count: usize,
    bytes: u64,
    max_bytes: u64,
    /// The bound the rows went past, as its message.
    over: Option<&'static str>,
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
            self.over = Some(messages::IMPORT_TOO_MANY_ROWS);
            return Err(Unreadable::Stopped);
        }
        let json = serde_json::to_string(&cells).map_err(|_| Unreadable::Stopped)?;
        self.bytes = self.bytes.saturating_add(u64::try_from(json.len()).unwrap_or(u64::MAX));
        if self.bytes > self.max_bytes {
            self.over = Some(messages::IMPORT_ROWS_TOO_LARGE);
            return Err(Unreadable::Stopped);
        }
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

/// Why a file that could not be read is refused, in the rules' words.
fn refusal(unreadable: Unreadable) -> &'static str {
    match unreadable {
        Unreadable::NoHeader => messages::IMPORT_NO_HEADER,
        Unreadable::TooManyColumns => messages::IMPORT_TOO_MANY_COLUMNS,
        Unreadable::CellTooLong => messages::IMPORT_CELL_TOO_LONG,
        Unreadable::UnpackedTooLarge => messages::IMPORT_UNPACKED_TOO_LARGE,
        Unreadable::SharedTextTooLarge => messages::IMPORT_SHARED_TEXT_TOO_LARGE,
        Unreadable::XlsTooLarge => messages::IMPORT_XLS_TOO_LARGE,
        Unreadable::NotASpreadsheet | Unreadable::Stopped => messages::IMPORT_NOT_A_SPREADSHEET,
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
    let max_bytes = max_row_bytes(u64::try_from(bytes.len()).unwrap_or(u64::MAX));
    let (channel, mut reads) = mpsc::channel::<Read>(2);
    let (reading, name) = (bytes.clone(), file.name.clone());
    let reader = rocket::tokio::task::spawn_blocking(move || {
        let mut sender = Sender {
            channel,
            chunk: Vec::new(),
            chunk_bytes: 0,
            count: 0,
            bytes: 0,
            max_bytes,
            over: None,
            samples: Vec::new(),
        };
        let mut outcome = sheet::read(&reading, &name, &mut sender);
        if outcome.is_ok() && !sender.chunk.is_empty() {
            let chunk = std::mem::take(&mut sender.chunk);
            outcome = sender.send(Read::Rows(chunk));
        }
        let (over, count, samples) = (sender.over, sender.count, std::mem::take(&mut sender.samples));
        let _ = sender.send(Read::End { outcome, over, count, samples });
    });
    let mut id = None;
    let kept = keep(db, user_id, &file.name, &bytes, &mut reads, &mut id).await;
    // Dropping the channel stops a reader still at work.
    drop(reads);
    let _ = reader.await;
    let kept = match (kept, id) {
        (Ok(kept), Some(id)) => store::uploaded(db, id, kept.row_count).await.map(|()| (id, kept)),
        (Ok(_), None) => Err(unprocessable(messages::IMPORT_NO_HEADER)),
        (Err(error), _) => Err(error),
    };
    let (id, Kept { columns, row_count, samples }) = match kept {
        Ok(kept) => kept,
        Err(error) => {
            if let Some(id) = id {
                store::discard(db, id).await?;
            }
            return Err(error);
        }
    };
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

/// What an upload kept of its file.
struct Kept {
    columns: Vec<String>,
    row_count: i64,
    samples: Vec<Vec<String>>,
}

/// Keeps what the reader hands on: the import once its header is read (its id in `id`),
/// then its rows chunk by chunk. An error once `id` is set leaves the import to discard.
async fn keep(
    db: &AnyPool,
    user_id: i64,
    file_name: &str,
    bytes: &[u8],
    reads: &mut mpsc::Receiver<Read>,
    id: &mut Option<i64>,
) -> ApiResult<Kept> {
    let mut columns = Vec::new();
    while let Some(read) = reads.recv().await {
        match read {
            Read::Header(header) => {
                let json = serde_json::to_string(&header).map_err(ApiError::internal)?;
                let started = store::insert_import(db, user_id, file_name, bytes, &json).await?;
                *id = Some(started.ok_or_else(|| ApiError::conflict(messages::IMPORT_TOO_MANY_UNFINISHED))?);
                columns = header;
            }
            Read::Rows(chunk) => {
                if let Some(id) = *id {
                    store::insert_rows(db, id, &chunk).await?;
                }
            }
            Read::End { outcome, over, count, samples } => {
                if let Some(message) = over {
                    return Err(unprocessable(message));
                }
                if let Err(unreadable) = outcome {
                    return Err(unprocessable(refusal(unreadable)));
                }
                let row_count = i64::try_from(count).unwrap_or(i64::MAX);
                return Ok(Kept { columns, row_count, samples });
            }
        }
    }
    Err(ApiError::internal("the reader stopped"))
}
