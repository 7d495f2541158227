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
mod xlsx_text;
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

#[cfg(test)]
mod tests {
    use std::io::Write;

    use calamine::Reader;

    use super::{read, Rows, Unreadable};

    #[derive(Default)]
    struct Collect(Vec<Vec<String>>);

    impl Rows for Collect {
        fn header(&mut self, columns: Vec<String>) -> Result<(), Unreadable> {
            self.0.push(columns);
            Ok(())
        }

        fn row(&mut self, _: u32, cells: Vec<String>) -> Result<(), Unreadable> {
            self.0.push(cells);
            Ok(())
        }
    }

    /// calamine's reading of a sheet as text, without its empty rows, as ours hands them on.
    fn non_empty_rows(range: &calamine::Range<calamine::Data>) -> Vec<Vec<String>> {
        range
            .rows()
            .map(|row| row.iter().map(super::xls::text_of).collect::<Vec<_>>())
            .filter(|row| row.iter().any(|c| !c.trim().is_empty()))
            .collect()
    }

    fn zip_of(parts: &[(&str, &str)]) -> Vec<u8> {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        for (name, text) in parts {
            // ODF wants its mimetype first and stored, which is how an .ods is told from an .xlsx.
            let method = if *name == "mimetype" {
                zip::CompressionMethod::Stored
            } else {
                zip::CompressionMethod::Deflated
            };
            let options = zip::write::SimpleFileOptions::default().compression_method(method);
            zip.start_file(*name, options).expect("zip");
            zip.write_all(text.as_bytes()).expect("zip");
        }
        zip.finish().expect("zip").into_inner()
    }

    #[test]
    fn xlsx_cells_read_as_calamine_read_them() {
        let workbook =
            r#"<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>"#;
        let relations = r#"<Relationships><Relationship Id="rId1" Type="t/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="t/sharedStrings" Target="/xl/sharedStrings.xml"/></Relationships>"#;
        let strings = r#"<sst uniqueCount="2"><si><t> padded </t></si><si><r><t xml:space="preserve"> kept </t></r><r><t>x_x000D_y<![CDATA[<z>]]></t></r><rPh><t>ignored</t></rPh></si></sst>"#;
        let sheet = r#"<worksheet><sheetData>
            <row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>Value</t></is></c></row>
            <row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c></row>
            <row r="3"><c r="A3" t="b"><v>1</v></c><c r="B3" t="e"><v>#DIV/0!</v></c></row>
            <row r="4"><c r="A4" t="str"><f>A1</f><v>a_x005F_x000D_b</v></c><c r="B4"><v>1.50</v></c></row>
            <row r="5"><c r="A5" t="d"><v>2024-01-02T00:00:00</v></c><c r="B5" t="inlineStr"><is><t>&lt;in&amp;line&gt;</t></is></c></row>
            <row r="6"><c r="A6"><v>45000</v></c><c r="B6"><v>abc</v></c></row>
            <row r="8"><c r="B8"><v>-0.25</v></c></row>
            </sheetData></worksheet>"#;
        let root = r#"<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#;
        let file = zip_of(&[
            ("_rels/.rels", root),
            ("xl/workbook.xml", workbook),
            ("xl/_rels/workbook.xml.rels", relations),
            ("xl/sharedStrings.xml", strings),
            ("xl/worksheets/sheet1.xml", sheet),
        ]);
        let mut ours = Collect::default();
        read(&file, "s.xlsx", &mut ours).expect("read");
        let mut book: calamine::Xlsx<_> =
            calamine::open_workbook_from_rs(std::io::Cursor::new(&file)).expect("calamine reads it");
        let range = book.worksheet_range_at(0).expect("a sheet").expect("a range");
        let theirs = non_empty_rows(&range);
        assert_eq!(ours.0, theirs);
        assert_eq!(ours.0[1], ["padded", " kept x\ry<z>"]);
    }

    #[test]
    fn ods_cells_read_as_calamine_read_them() {
        let table = r#"<table:table table:name="S">
            <table:table-column table:number-columns-repeated="3"/>
            <table:table-row><table:table-cell office:value-type="string"><text:p>Name</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Value</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>More</text:p></table:table-cell></table:table-row>
            <table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>
            <table:table-row><table:table-cell office:value-type="float" office:value="1.50"><text:p>1.5 QAR</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>two<text:s text:c="3"/>words</text:p><text:p>and&amp;lines<text:tab/>tab</text:p><office:annotation><text:p>note</text:p></office:annotation></table:table-cell><table:table-cell office:value-type="boolean" office:boolean-value="true"/></table:table-row>
            <table:table-row table:number-rows-repeated="2"><table:table-cell office:value-type="date" office:date-value="2024-01-02"/><table:covered-table-cell office:value-type="string" table:number-columns-repeated="2"><text:p>same</text:p></table:covered-table-cell></table:table-row>
            <table:table-row><table:table-cell><text:p>untyped</text:p></table:table-cell><table:table-cell office:value-type="string" office:string-value="attr"/></table:table-row>
            </table:table><table:table table:name="Second"><table:table-row><table:table-cell office:value-type="string"><text:p>not read</text:p></table:table-cell></table:table-row></table:table>"#;
        let content = format!(
            "<office:document-content xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" \
             xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" \
             xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\"><office:body><office:spreadsheet>{table}\
             </office:spreadsheet></office:body></office:document-content>"
        );
        let manifest = r#"<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/></manifest:manifest>"#;
        let file = zip_of(&[
            ("mimetype", "application/vnd.oasis.opendocument.spreadsheet"),
            ("META-INF/manifest.xml", manifest),
            ("content.xml", &content),
        ]);
        let mut ours = Collect::default();
        read(&file, "s.ods", &mut ours).expect("read");
        let mut book: calamine::Ods<_> =
            calamine::open_workbook_from_rs(std::io::Cursor::new(&file)).expect("calamine reads it");
        let range = book.worksheet_range_at(0).expect("a sheet").expect("a range");
        let theirs = non_empty_rows(&range);
        assert_eq!(ours.0, theirs);
        assert_eq!(ours.0[1], ["1.5", "two   words\nand&lines\ttab", "true"]);
    }
}
