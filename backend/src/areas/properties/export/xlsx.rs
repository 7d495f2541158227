//! The Excel export: rust_xlsxwriter in constant-memory mode, row by row on a blocking
//! thread, into a temporary file then sent. Every text is a string cell, never a formula, so
//! '=1+1' stays that text and needs no quote; numbers and booleans are Excel's own.

use rocket::tokio::sync::mpsc::Receiver;
use rust_xlsxwriter::{Format, Workbook, XlsxError};

use super::super::store::export::ExportedListing;
use super::cells::{Cell, Reader};
use crate::platform::http::error::{ApiError, ApiResult};

/// The longest text a cell holds (Excel's limit); the rules keep every field below it.
const CELL_MAX_CHARS: usize = 32_767;

fn failed(error: impl std::fmt::Display) -> ApiError {
    ApiError::internal(format!("the workbook could not be written: {error}"))
}

fn clipped(text: &str) -> &str {
    match text.char_indices().nth(CELL_MAX_CHARS) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

/// Writes the workbook at `path`: `sheet_name`, the bold header row (frozen), then every
/// listing `rows` brings. Runs on a blocking thread.
pub fn write(
    path: &std::path::Path,
    sheet_name: &str,
    headers: &[&str],
    right_to_left: bool,
    readers: &[Reader],
    mut rows: Receiver<ApiResult<Vec<ExportedListing>>>,
) -> ApiResult<()> {
    let mut workbook = Workbook::new();
    // The fastest deflate, as the contact export: a little more size for much less time.
    workbook.set_zip_compression_level(1);
    let sheet = workbook.add_worksheet_with_constant_memory().map_err(failed)?;
    sheet.set_name(sheet_name).map_err(failed)?;
    sheet.set_right_to_left(right_to_left);
    let bold = Format::new().set_bold();
    for (column, header) in (0_u16..).zip(headers) {
        sheet.set_column_width(column, 18).map_err(failed)?;
        sheet.write_string_with_format(0, column, *header, &bold).map_err(failed)?;
    }
    sheet.set_freeze_panes(1, 0).map_err(failed)?;
    let mut row: u32 = 0;
    while let Some(chunk) = rows.blocking_recv() {
        for listing in &chunk? {
            row += 1;
            for (column, read) in (0_u16..).zip(readers) {
                let written: Result<_, XlsxError> = match read(listing) {
                    Cell::Empty => continue,
                    Cell::Text(text) => sheet.write_string(row, column, clipped(&text)).map(|_| ()),
                    Cell::Number(n) => sheet.write_number(row, column, n).map(|_| ()),
                    Cell::Boolean(b) => sheet.write_boolean(row, column, b).map(|_| ()),
                };
                written.map_err(failed)?;
            }
        }
    }
    workbook.save(path).map_err(failed)
}
