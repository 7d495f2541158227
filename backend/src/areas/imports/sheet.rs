//! Reading an uploaded spreadsheet: .xlsx (streamed cell by cell), .xls and .ods (through
//! calamine's whole-sheet range: both formats are small by nature), .csv in UTF-8 with or
//! without a byte-order mark. The first sheet's first non-empty row is the header; each
//! data row after it is handed on as texts, one per header column, with its spreadsheet
//! row number (the header's being 1 when it is on the first row). Empty rows are skipped.

use std::io::Cursor;

use calamine::{Data, DataRef, Reader};

/// Why a file could not be read as a spreadsheet.
#[derive(Debug, PartialEq, Eq)]
pub enum Unreadable {
    NotASpreadsheet,
    NoHeader,
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
    match format(bytes, file_name).ok_or(Unreadable::NotASpreadsheet)? {
        Format::Xlsx => xlsx(bytes, rows),
        Format::Ods => {
            let mut book: calamine::Ods<_> = calamine::open_workbook_from_rs(Cursor::new(bytes))
                .map_err(|_| Unreadable::NotASpreadsheet)?;
            let range = book.worksheet_range_at(0).ok_or(Unreadable::NoHeader)?;
            range_rows(&range.map_err(|_| Unreadable::NotASpreadsheet)?, rows)
        }
        Format::Xls => {
            let mut book: calamine::Xls<_> = calamine::open_workbook_from_rs(Cursor::new(bytes))
                .map_err(|_| Unreadable::NotASpreadsheet)?;
            let range = book.worksheet_range_at(0).ok_or(Unreadable::NoHeader)?;
            range_rows(&range.map_err(|_| Unreadable::NotASpreadsheet)?, rows)
        }
        Format::Csv => csv(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes), rows),
    }
}

/// A number as a person reads it: whole numbers without a fraction.
fn number(n: f64) -> String {
    format!("{n}")
}

fn text_of(data: &Data) -> String {
    match data {
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Float(f) => number(*f),
        Data::Int(i) => i.to_string(),
        Data::Bool(b) => b.to_string(),
        Data::DateTime(d) => d.to_string(),
        Data::Error(_) | Data::Empty => String::new(),
    }
}

fn text_of_ref(data: DataRef<'_>) -> String {
    match data {
        DataRef::String(s) | DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => s,
        DataRef::SharedString(s) => s.to_owned(),
        DataRef::Float(f) => number(f),
        DataRef::Int(i) => i.to_string(),
        DataRef::Bool(b) => b.to_string(),
        DataRef::DateTime(d) => d.to_string(),
        DataRef::Error(_) | DataRef::Empty => String::new(),
    }
}

/// Hands on one row: the header when none was yet (trailing empty header cells dropped),
/// else a data row cut or padded to the header's width. Empty rows are skipped.
struct Shaper<'a, R: Rows> {
    rows: &'a mut R,
    width: Option<usize>,
}

impl<R: Rows> Shaper<'_, R> {
    fn take(&mut self, line: u32, mut cells: Vec<String>) -> Result<(), Unreadable> {
        if cells.iter().all(|c| c.trim().is_empty()) {
            return Ok(());
        }
        match self.width {
            None => {
                while cells.last().is_some_and(|c| c.trim().is_empty()) {
                    cells.pop();
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

fn xlsx(bytes: &[u8], rows: &mut impl Rows) -> Result<(), Unreadable> {
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(Cursor::new(bytes)).map_err(|_| Unreadable::NotASpreadsheet)?;
    let name = book.sheet_names().first().cloned().ok_or(Unreadable::NoHeader)?;
    let mut reader = book.worksheet_cells_reader(&name).map_err(|_| Unreadable::NotASpreadsheet)?;
    let mut shaper = Shaper { rows, width: None };
    let mut current: Option<(u32, Vec<String>)> = None;
    while let Some(cell) = reader.next_cell().map_err(|_| Unreadable::NotASpreadsheet)? {
        let (row, column) = cell.get_position();
        if current.as_ref().is_some_and(|(r, _)| *r != row) {
            if let Some((r, cells)) = current.take() {
                shaper.take(r + 1, cells)?;
            }
        }
        let (_, cells) = current.get_or_insert_with(|| (row, Vec::new()));
        let column = column as usize;
        // A row of a file made elsewhere may reach far to the right; nothing past the
        // header's width (or, for the header, past a sane width) is kept.
        let limit = shaper.width.unwrap_or(1024);
        if column < limit {
            if cells.len() <= column {
                cells.resize(column + 1, String::new());
            }
            cells[column] = text_of_ref(cell.get_value().clone());
        }
    }
    if let Some((r, cells)) = current.take() {
        shaper.take(r + 1, cells)?;
    }
    shaper.finish()
}

fn range_rows(range: &calamine::Range<Data>, rows: &mut impl Rows) -> Result<(), Unreadable> {
    let (first_row, first_column) = range.start().unwrap_or((0, 0));
    let mut shaper = Shaper { rows, width: None };
    for (index, row) in range.rows().enumerate() {
        // The range starts at its first used cell: columns before it are empty.
        let mut cells = vec![String::new(); first_column as usize];
        cells.extend(row.iter().map(text_of));
        let line = first_row + u32::try_from(index).unwrap_or(u32::MAX) + 1;
        shaper.take(line, cells)?;
    }
    shaper.finish()
}

fn csv(bytes: &[u8], rows: &mut impl Rows) -> Result<(), Unreadable> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(bytes);
    let mut shaper = Shaper { rows, width: None };
    let mut record = csv::StringRecord::new();
    // A record is a spreadsheet row (a quoted cell may hold new lines).
    let mut line: u32 = 0;
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {
                line = line.saturating_add(1);
                let cells =
                    record.iter().map(|c| rules::properties::columns::csv_cell_text(c).to_owned()).collect();
                shaper.take(line, cells)?;
            }
            Err(_) => return Err(Unreadable::NotASpreadsheet),
        }
    }
    shaper.finish()
}
