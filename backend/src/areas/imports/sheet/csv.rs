//! .csv, one field at a time through csv-core into a buffer the size of a cell at its
//! longest: a field that does not fit is refused as too long, so no record is held whole
//! (the csv crate grew its record to the longest field's size, 32 MB for a 19 MB field).
//! A record is a spreadsheet row (a quoted cell may hold new lines); blank lines are skipped.

use csv_core::ReadFieldResult;
use rules::imports::MAX_CELL_CHARS;

use super::{line, within_cell, Rows, Shaper, Unreadable};

pub(super) fn read(mut input: &[u8], shaper: &mut Shaper<'_, impl Rows>) -> Result<(), Unreadable> {
    let mut reader = csv_core::Reader::new();
    // Four bytes a character at most: a field past this many bytes is past the limit.
    let mut field = vec![0u8; 4 * MAX_CELL_CHARS + 1];
    let mut filled = 0;
    let (mut cells, mut column, mut index) = (Vec::new(), 0usize, 0u64);
    loop {
        let (result, read, written) = reader.read_field(input, &mut field[filled..]);
        input = &input[read..];
        filled += written;
        match result {
            // The input is given whole: what is left is read again, empty, to end the field.
            ReadFieldResult::InputEmpty => {}
            ReadFieldResult::OutputFull => return Err(Unreadable::CellTooLong),
            ReadFieldResult::Field { record_end } => {
                let text = std::str::from_utf8(&field[..filled]).map_err(|_| Unreadable::NotASpreadsheet)?;
                within_cell(text)?;
                let text = rules::properties::columns::csv_cell_text(text);
                if shaper.keeps(column, text)? {
                    cells.push(text.to_owned());
                }
                filled = 0;
                column += 1;
                if record_end {
                    shaper.take(line(index), std::mem::take(&mut cells))?;
                    column = 0;
                    index += 1;
                }
            }
            ReadFieldResult::End => return Ok(()),
        }
    }
}
