//! What calamine will hold once it has read an .xls, estimated from the workbook stream's
//! records before it reads them: every sheet's grid (32 bytes a cell from its first to its
//! last used cell, 24 for the formulas' grid), the copy of the first sheet asked for, each
//! cell's own copy of its text, the shared strings, and the list of cells a sheet is built
//! from (40 bytes a cell, reserved from the sheet's declared dimensions). Records calamine
//! would trip on (a dimension whose end is before its start, a sheet past the stream) are
//! refused here too.

use rules::imports::{MAX_CELL_CHARS, MAX_XLS_HELD_BYTES};

use super::Unreadable;

/// Bytes a character may take once decoded.
const CHAR_BYTES: u64 = 3;
/// Bytes of formula text a byte of parsed formula may become at most (a 5-byte name
/// token spells a name of up to 255 characters).
const FORMULA_BYTES: u64 = 160;
/// Continue records one record may have: calamine takes them one by one from the front of
/// a list, which is quadratic in their number.
const MAX_CONTINUES: usize = 8192;

struct Record<'a> {
    kind: u16,
    data: &'a [u8],
    more: std::collections::VecDeque<&'a [u8]>,
}

fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

/// One record's kind and data, cut from the front of `stream`.
fn take<'a>(stream: &mut &'a [u8]) -> Option<(u16, &'a [u8])> {
    let (kind, len) = (u16_at(stream, 0)?, usize::from(u16_at(stream, 2)?));
    let data = stream.get(4..4 + len)?;
    *stream = &stream[4 + len..];
    Some((kind, data))
}

/// The records from `stream`, as calamine cuts them: each with the Continue records after it.
fn records(mut stream: &[u8]) -> impl Iterator<Item = Option<Record<'_>>> {
    std::iter::from_fn(move || {
        if stream.is_empty() {
            return None;
        }
        let Some((kind, data)) = take(&mut stream) else {
            stream = &[];
            return Some(None);
        };
        let mut more = std::collections::VecDeque::new();
        while stream.len() > 4 && u16_at(stream, 0) == Some(0x003C) {
            match take(&mut stream) {
                Some((_, next)) if more.len() < MAX_CONTINUES => more.push_back(next),
                _ => {
                    stream = &[];
                    return Some(None);
                }
            }
        }
        Some(Some(Record { kind, data, more }))
    })
}

impl<'a> Record<'a> {
    fn next(&mut self) -> bool {
        self.more.pop_front().map(|next| self.data = next).is_some()
    }

    fn skip(&mut self, mut len: usize) -> Option<()> {
        while len > 0 {
            if self.data.is_empty() && !self.next() {
                return None;
            }
            let n = len.min(self.data.len());
            self.data = &self.data[n..];
            len -= n;
        }
        Some(())
    }

    /// The shared strings' lengths in characters, read as calamine reads them.
    fn shared_strings(&mut self) -> Option<Vec<u16>> {
        self.data = self.data.get(8..)?;
        let mut lengths = Vec::new();
        while !self.data.is_empty() || self.next() {
            if self.data.is_empty() {
                lengths.push(0);
                continue;
            }
            let (chars, flags) = (u16_at(self.data, 0)?, *self.data.get(2)?);
            self.data = &self.data[3..];
            let runs = if flags & 0x8 != 0 { usize::from(self.take_u16()?) } else { 0 };
            let extra = if flags & 0x4 != 0 { usize::try_from(self.take_u32()?).ok()? } else { 0 };
            let (mut left, mut wide) = (usize::from(chars), flags & 0x1 != 0);
            loop {
                let unit = if wide { 2 } else { 1 };
                let here = left.min(self.data.len() / unit);
                self.data = &self.data[here * unit..];
                left -= here;
                if left == 0 {
                    break;
                }
                if !self.next() {
                    return None;
                }
                wide = *self.data.first()? & 0x1 != 0;
                self.data = &self.data[1..];
            }
            self.skip(runs * 4)?;
            self.skip(extra)?;
            lengths.push(chars);
        }
        Some(lengths)
    }

    fn take_u16(&mut self) -> Option<u16> {
        let n = u16_at(self.data, 0)?;
        self.data = &self.data[2..];
        Some(n)
    }

    fn take_u32(&mut self) -> Option<u32> {
        let n = u32_at(self.data, 0)?;
        self.data = &self.data[4..];
        Some(n)
    }
}

/// The cells a sheet's records place, and what they hold.
#[derive(Default)]
struct Sheet {
    cells: Extent,
    formulas: Extent,
    declared: u64,
    records: u64,
    text: u64,
}

/// The smallest box around the cells seen.
#[derive(Default)]
struct Extent {
    rows: Option<(u32, u32)>,
    columns: Option<(u32, u32)>,
}

impl Extent {
    fn add(&mut self, row: u32, column: u32) {
        let widen =
            |span: Option<(u32, u32)>, n: u32| Some(span.map_or((n, n), |(a, b)| (a.min(n), b.max(n))));
        self.rows = widen(self.rows, row);
        self.columns = widen(self.columns, column);
    }

    fn area(&self) -> u64 {
        match (self.rows, self.columns) {
            (Some((r0, r1)), Some((c0, c1))) => u64::from(r1 - r0 + 1) * u64::from(c1 - c0 + 1),
            _ => 0,
        }
    }
}

/// Refuses a workbook stream that calamine could not read within `MAX_XLS_HELD_BYTES`.
pub(super) fn check(stream: &[u8]) -> Result<(), Unreadable> {
    let held = estimate(stream).ok_or(Unreadable::NotASpreadsheet)??;
    if held > MAX_XLS_HELD_BYTES {
        return Err(Unreadable::XlsTooLarge);
    }
    Ok(())
}

fn too_long(chars: u16) -> Result<u64, Unreadable> {
    if usize::from(chars) > MAX_CELL_CHARS {
        return Err(Unreadable::CellTooLong);
    }
    Ok(u64::from(chars) * CHAR_BYTES)
}

fn estimate(stream: &[u8]) -> Option<Result<u64, Unreadable>> {
    let mut strings = Vec::new();
    let mut positions = Vec::new();
    for record in records(stream) {
        let mut record = record?;
        match record.kind {
            0x00FC => strings = record.shared_strings()?,
            // calamine reads the sheet's state and name after its position.
            0x0085 if record.data.len() < 8 => return None,
            0x0085 => positions.push(usize::try_from(u32_at(record.data, 0)?).ok()?),
            0x000A => break,
            _ => {}
        }
    }
    let mut held: u64 = 0;
    for &chars in &strings {
        held += match too_long(chars) {
            Ok(bytes) => 24 + bytes,
            Err(refused) => return Some(Err(refused)),
        };
    }
    let mut largest_list = 0;
    for (index, &position) in positions.iter().enumerate() {
        let sheet = match sheet(stream.get(position..)?, &strings)? {
            Ok(sheet) => sheet,
            Err(refused) => return Some(Err(refused)),
        };
        let grid = 32 * sheet.cells.area() + sheet.text;
        held += grid + 24 * sheet.formulas.area();
        if index == 0 {
            held += grid;
        }
        let growth = if sheet.records > sheet.declared { 2 } else { 1 };
        largest_list = largest_list.max(40 * sheet.declared.max(sheet.records) * growth);
    }
    Some(Ok(held + largest_list))
}

fn sheet(stream: &[u8], strings: &[u16]) -> Option<Result<Sheet, Unreadable>> {
    let mut sheet = Sheet::default();
    let (mut seen_start, mut nested) = (false, 0usize);
    for record in records(stream) {
        let record = record?;
        let data = record.data;
        let at = || Some((u32::from(u16_at(data, 0)?), u32::from(u16_at(data, 2)?)));
        if nested > 0 {
            match record.kind {
                0x0809 => nested += 1,
                0x000A => nested -= 1,
                _ => {}
            }
            continue;
        }
        let text = match record.kind {
            0x0809 if seen_start => {
                nested += 1;
                continue;
            }
            0x0809 => {
                seen_start = true;
                continue;
            }
            0x000A => break,
            0x0200 => {
                sheet.declared += dimensions(data)?;
                continue;
            }
            0x0203 | 0x0205 | 0x027E => Ok(0),
            0x0204 | 0x00D6 => too_long(u16_at(data, 6)?),
            0x0207 => too_long(u16_at(data, 0)?),
            0x00FD => Ok(strings.get(u32_at(data, 6)? as usize).map_or(0, |&c| u64::from(c) * CHAR_BYTES)),
            0x00BD => {
                let (row, first) = at()?;
                let last = u32::from(u16_at(data, data.len().checked_sub(2)?)?);
                let count = u64::try_from(data.len().checked_sub(6)? / 6).ok()?;
                sheet.cells.add(row, first);
                sheet.cells.add(row, last.max(first));
                sheet.records += count;
                continue;
            }
            0x0006 => {
                let (row, column) = at()?;
                let parsed = u64::try_from(data.len().checked_sub(20)?).ok()?;
                sheet.formulas.add(row, column);
                sheet.cells.add(row, column);
                sheet.records += 1;
                sheet.text += 24 + parsed * FORMULA_BYTES;
                continue;
            }
            _ => continue,
        };
        match text {
            Ok(bytes) => sheet.text += bytes,
            Err(refused) => return Some(Err(refused)),
        }
        // A formula's text value (0x0207) is placed where its formula was.
        if record.kind != 0x0207 {
            let (row, column) = at()?;
            sheet.cells.add(row, column);
        }
        sheet.records += 1;
    }
    Some(Ok(sheet))
}

/// The cells a Dimensions record declares, as calamine reads it (which reserves room for
/// them all, and subtracts without checking).
fn dimensions(data: &[u8]) -> Option<u64> {
    let (first_row, end_row, first_column, end_column) = match data.len() {
        10 => (u32::from(u16_at(data, 0)?), u32::from(u16_at(data, 2)?), u16_at(data, 4)?, u16_at(data, 6)?),
        14 | 16 => (u32_at(data, 0)?, u32_at(data, 4)?, u16_at(data, 8)?, u16_at(data, 10)?),
        _ => return None,
    };
    let first_column = if first_column > 0xFF || end_column < first_column { 0 } else { first_column };
    if end_row == 0 || end_column == 0 {
        return Some(1);
    }
    let rows = (end_row - 1).checked_sub(first_row)?;
    let columns = (end_column - 1).checked_sub(first_column)?;
    Some((u64::from(rows) + 1) * (u64::from(columns) + 1))
}
