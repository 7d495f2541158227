//! `GET /api/imports/{id}/rejected`: the rows the last check refused, as a workbook the user
//! fixes and imports again: the file's own header and cells, and a last column holding each
//! row's messages, one per line ('Price: Price must be positive'). The rows are read through
//! the check's rules again, a page at a time, and written by rust_xlsxwriter in constant-
//! memory mode on a blocking thread into a temporary file, then sent: the download's memory
//! stays that of a page, whatever the import holds.

use rocket::http::ContentType;
use rocket::tokio::sync::mpsc;
use rules::imports::ImportMode;
use rules::language::Language;
use rules::messages;
use rules::properties::columns::column_by_key;
use rust_xlsxwriter::Workbook;
use schemars::{json_schema, Schema, SchemaGenerator};
use sqlx::AnyPool;

use super::check::{Reading, Verdict, Walk};
use super::localise;
use super::store;
use crate::platform::http::download::{Body, Download};
use crate::platform::http::error::{ApiError, ApiResult};

pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/// The longest text a cell holds (Excel's limit).
const CELL_MAX_CHARS: usize = 32_767;

pub fn schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "string", "format": "binary" })
}

fn cell_text(text: &str) -> &str {
    match text.char_indices().nth(CELL_MAX_CHARS) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

fn failed(error: impl std::fmt::Display) -> ApiError {
    ApiError::internal(format!("the rejected rows could not be written: {error}"))
}

/// A refused row as written: its cells, then its messages.
type Refused = (Vec<String>, String);

/// A refused row's messages, one per line, each after its column's name: those the rules
/// say now, or, should the row pass now (the catalogue changed since the check), that it
/// takes a new check to write it.
fn said(verdict: Verdict, language: Language) -> String {
    let Verdict::Invalid(problems) = verdict else {
        return localise(messages::IMPORT_ROW_PASSES_NOW, language);
    };
    let lines: Vec<String> = problems
        .iter()
        .map(|p| {
            let column = column_by_key(&p.field).map(|c| c.header(language)).unwrap_or(p.field.as_str());
            format!("{column}: {}", localise(&p.message, language))
        })
        .collect();
    lines.join("\n")
}

pub async fn workbook(db: &AnyPool, id: i64, language: Language) -> ApiResult<Download> {
    let mut conn = db.acquire().await?;
    let settings = store::settings(&mut conn, id).await?;
    let mut header = settings.columns.clone();
    header.push(messages::in_language(messages::IMPORT_MESSAGES_HEADER, language).into_owned());
    let path = tempfile::NamedTempFile::new().map_err(failed)?.into_temp_path();
    let target = path.to_path_buf();
    let (sender, pages) = mpsc::channel::<Vec<Refused>>(2);
    let writer = rocket::tokio::task::spawn_blocking(move || write(&target, &header, pages));
    // Only a checked import has refused rows; one never checked answers its header alone.
    if let Some(mapping) = settings.mapping.as_deref() {
        let mode = settings.mode.as_deref().and_then(ImportMode::parse).unwrap_or(ImportMode::Create);
        let reading = Reading { mapping, mode, create_missing: settings.create_missing };
        let mut walk = Walk::start(&mut conn, id, settings.columns.len(), &reading, language).await?;
        loop {
            let page = walk.next(&mut conn).await?;
            if page.is_empty() {
                break;
            }
            let refused: Vec<Refused> = page
                .into_iter()
                .filter(|(row, _)| row.invalid)
                .map(|(row, verdict)| (row.cells, said(verdict, language)))
                .collect();
            // The writer stopped: its error is the answer.
            if !refused.is_empty() && sender.send(refused).await.is_err() {
                break;
            }
        }
    }
    drop((sender, conn));
    writer.await.map_err(failed)??;
    let file = std::fs::File::open(&path).map_err(failed)?;
    let length = file.metadata().map_err(failed)?.len();
    let name = format!("rejected-rows-{id}.xlsx");
    Ok(Download {
        ascii_name: name.clone(),
        name,
        content_type: ContentType::new(
            "application",
            "vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ),
        body: Body::File { file, length, _path: Some(path) },
    })
}

/// Writes the workbook at `path`: the header, then each page of refused rows as it comes.
fn write(
    path: &std::path::Path,
    header: &[String],
    mut pages: mpsc::Receiver<Vec<Refused>>,
) -> ApiResult<()> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet_with_constant_memory().map_err(failed)?;
    let column = |index: usize| u16::try_from(index).map_err(failed);
    for (index, text) in header.iter().enumerate() {
        sheet.write_string(0, column(index)?, cell_text(text)).map_err(failed)?;
    }
    let last = column(header.len().saturating_sub(1))?;
    let mut row: u32 = 0;
    while let Some(page) = pages.blocking_recv() {
        for (cells, said) in page {
            row += 1;
            for (index, text) in cells.iter().enumerate() {
                if !text.is_empty() {
                    sheet.write_string(row, column(index)?, cell_text(text)).map_err(failed)?;
                }
            }
            sheet.write_string(row, last, cell_text(&said)).map_err(failed)?;
        }
    }
    book.save(path).map_err(failed)
}
