//! Reading an uploaded spreadsheet, within bounds whatever the file (issue 37, ADR 0026):
//! .xlsx and .ods streamed from their zip by our own readers, .xls through calamine once its
//! sizes are checked, .csv in UTF-8 with or without a byte-order mark. Only the first
//! sheet is read. Its first non-empty row is the header; each data row after it is handed
//! on as texts, one per header column, with its spreadsheet row number (the header's being
//! 1 when it is on the first row). Empty rows are skipped.

mod biff;
mod cfb;
mod csv;
mod ods;
mod xls;
mod xlsx;
mod zipped;

use rules::imports::{MAX_CELL_CHARS, MAX_COLUMNS};

/// Why a file could not be read as a spreadsheet.
#[derive(Debug, PartialEq, Eq)]
pub enum Unreadable {
    NotASpreadsheet,
    NoHeader,
    /// The header has more than `MAX_COLUMNS` columns.
    TooManyColumns,
    /// A cell holds more than `MAX_CELL_CHARS` characters.
    CellTooLong,
    /// A zipped file unpacks past its budget (`rules::imports::max_unpacked_bytes`).
    UnpackedTooLarge,
    /// An .xlsx's shared strings take more than `MAX_SHARED_STRINGS_BYTES`.
    SharedTextTooLarge,
    /// An .xls would hold more than `MAX_XLS_HELD_BYTES` once read.
    XlsTooLarge,
    /// The receiver stopped the reading (too many rows, or it failed).
    Stopped,
}

/// What a reading hands on, in order: the header once, then each data row.
pub trait Rows {
    fn header(&mut self, columns: Vec<String>) -> Result<(), Unreadable>;
    fn row(&mut self, line: u32, cells: Vec<String>) -> Result<(), Unreadable>;
}

enum Format {
    Xlsx,
    Ods,
    Xls,
    Csv,
}

fn format(bytes: &[u8], file_name: &str) -> Option<Format> {
    let lower = file_name.to_ascii_lowercase();
    if bytes.starts_with(b"PK\x03\x04") {
        // The ODF package names its type first, uncompressed.
        let ods = bytes.windows(46).take(200).any(|w| w == b"application/vnd.oasis.opendocument.spreadsheet");
        return Some(if ods { Format::Ods } else { Format::Xlsx });
    }
    if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        return Some(Format::Xls);
    }
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let plain = !text.contains(&0) && std::str::from_utf8(text).is_ok();
    (lower.ends_with(".csv") && plain).then_some(Format::Csv)
}

/// Reads `bytes` (named `file_name`) into `rows`.
pub fn read(bytes: &[u8], file_name: &str, rows: &mut impl Rows) -> Result<(), Unreadable> {
    let mut shaper = Shaper { rows, width: None };
    match format(bytes, file_name).ok_or(Unreadable::NotASpreadsheet)? {
        Format::Xlsx => xlsx::read(bytes, &mut shaper)?,
        Format::Ods => ods::read(bytes, &mut shaper)?,
        Format::Xls => xls::read(bytes, &mut shaper)?,
        Format::Csv => csv::read(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes), &mut shaper)?,
    }
    shaper.finish()
}

/// A number as a person reads it: whole numbers without a fraction.
fn number(n: f64) -> String {
    format!("{n}")
}

/// `text` when it is not longer than a cell may be.
fn bounded(text: String) -> Result<String, Unreadable> {
    within_cell(&text)?;
    Ok(text)
}

fn within_cell(text: &str) -> Result<(), Unreadable> {
    // Counting characters is needed only past the bytes that might hold them all in ASCII.
    if text.len() > MAX_CELL_CHARS && text.chars().count() > MAX_CELL_CHARS {
        return Err(Unreadable::CellTooLong);
    }
    Ok(())
}

/// Hands on one row: the header when none was yet (trailing empty header cells dropped),
/// else a data row cut or padded to the header's width. Empty rows are skipped.
struct Shaper<'a, R: Rows> {
    rows: &'a mut R,
    width: Option<usize>,
}

impl<R: Rows> Shaper<'_, R> {
    /// Whether a cell at `column` holding `text` is kept: data rows keep the header's
    /// columns; a header with text past `MAX_COLUMNS` is refused as soon as it is seen.
    fn keeps(&self, column: usize, text: &str) -> Result<bool, Unreadable> {
        match self.width {
            Some(width) => Ok(column < width),
            None if column < MAX_COLUMNS => Ok(true),
            None if text.trim().is_empty() => Ok(false),
            None => Err(Unreadable::TooManyColumns),
        }
    }

    /// The columns a reader needs to keep for the row it reads now.
    fn limit(&self) -> usize {
        self.width.unwrap_or(MAX_COLUMNS)
    }

    fn take(&mut self, line: u32, mut cells: Vec<String>) -> Result<(), Unreadable> {
        if cells.iter().all(|c| c.trim().is_empty()) {
            return Ok(());
        }
        match self.width {
            None => {
                while cells.last().is_some_and(|c| c.trim().is_empty()) {
                    cells.pop();
                }
                if cells.len() > MAX_COLUMNS {
                    return Err(Unreadable::TooManyColumns);
                }
                self.width = Some(cells.len());
                self.rows.header(cells.into_iter().map(|c| c.trim().to_owned()).collect())
            }
            Some(width) => {
                cells.resize(width, String::new());
                if cells.iter().all(|c| c.trim().is_empty()) {
                    return Ok(());
                }
                self.rows.row(line, cells)
            }
        }
    }

    fn finish(self) -> Result<(), Unreadable> {
        self.width.map(|_| ()).ok_or(Unreadable::NoHeader)
    }
}

/// A row number as handed on: rows past `u32::MAX` are numbered `u32::MAX`.
fn line(index: u64) -> u32 {
    u32::try_from(index.saturating_add(1)).unwrap_or(u32::MAX)
}
