//! .xls: read by calamine, which holds the whole workbook (every sheet as a full grid, and
//! a copy of the first one when it is asked for). What that will hold is estimated from
//! the file's records first (`biff`), and a file past `MAX_XLS_HELD_BYTES` is refused
//! before calamine sees it.

use std::io::Cursor;

use calamine::{Data, Reader};

use super::{bounded, cfb, line, number, Rows, Shaper, Unreadable};

pub(super) fn read(bytes: &[u8], shaper: &mut Shaper<'_, impl Rows>) -> Result<(), Unreadable> {
    super::biff::check(&cfb::workbook(bytes)?)?;
    let range = {
        let mut book: calamine::Xls<_> =
            calamine::open_workbook_from_rs(Cursor::new(bytes)).map_err(|_| Unreadable::NotASpreadsheet)?;
        let range = book.worksheet_range_at(0).ok_or(Unreadable::NoHeader)?;
        range.map_err(|_| Unreadable::NotASpreadsheet)?
    };
    let (first_row, first_column) = range.start().unwrap_or((0, 0));
    for (index, row) in range.rows().enumerate() {
        // The range starts at its first used cell: columns before it are empty.
        let mut cells = vec![String::new(); (first_column as usize).min(shaper.limit())];
        for (offset, data) in row.iter().enumerate() {
            let text = bounded(text_of(data))?;
            if shaper.keeps(first_column as usize + offset, &text)? {
                cells.push(text);
            }
        }
        shaper.take(line(u64::from(first_row) + index as u64), cells)?;
    }
    Ok(())
}

pub(super) fn text_of(data: &Data) -> String {
    match data {
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Float(f) => number(*f),
        Data::Int(i) => i.to_string(),
        Data::Bool(b) => b.to_string(),
        Data::DateTime(d) => d.to_string(),
        Data::Error(_) | Data::Empty => String::new(),
    }
}
