//! .csv: a record is a spreadsheet row (a quoted cell may hold new lines). The csv crate
//! holds one record at a time, which the 20 MB upload limit bounds; its columns and cells
//! are checked before the record is handed on.

use super::{within_cell, Rows, Shaper, Unreadable};

pub(super) fn read(bytes: &[u8], shaper: &mut Shaper<'_, impl Rows>) -> Result<(), Unreadable> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(bytes);
    let mut record = csv::StringRecord::new();
    let mut line: u64 = 0;
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => return Ok(()),
            Ok(true) => {
                let mut cells = Vec::with_capacity(record.len().min(shaper.limit()));
                for (column, cell) in record.iter().enumerate() {
                    within_cell(cell)?;
                    let text = rules::properties::columns::csv_cell_text(cell);
                    if shaper.keeps(column, text)? {
                        cells.push(text.to_owned());
                    }
                }
                shaper.take(super::line(line), cells)?;
                line += 1;
            }
            Err(_) => return Err(Unreadable::NotASpreadsheet),
        }
    }
}
