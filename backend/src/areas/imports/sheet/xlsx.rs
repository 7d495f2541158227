//! .xlsx: the first sheet's part streamed cell by cell, and the shared strings it refers to
//! held compactly (one text and the end of each string), never sized from the count the
//! file declares. Texts are read as calamine read them before (issue 25): numbers as
//! `format!("{n}")` (dates too: their serial number), booleans as true or false, errors
//! empty.

use quick_xml::events::{BytesStart, Event};
use rules::imports::{MAX_CELL_CHARS, MAX_SHARED_STRINGS_BYTES};

use super::xlsx_text::{unescape, Piece};
use super::zipped::{attribute, push_text, Package, Xml};
use super::{bounded, line, number, within_cell, Rows, Shaper, Unreadable};

pub(super) fn read(bytes: &[u8], shaper: &mut Shaper<'_, impl Rows>) -> Result<(), Unreadable> {
    let mut package = Package::open(bytes)?;
    let (sheet, shared) = parts(&mut package)?;
    let strings = match shared {
        Some(shared) if package.has(&shared) => Strings::read(&mut package.xml(&shared)?)?,
        _ => Strings::default(),
    };
    let mut xml = package.xml(&sheet)?;
    cells(&mut xml, &strings, shaper)
}

fn local(name: &[u8]) -> &[u8] {
    name.iter().rposition(|&b| b == b':').map_or(name, |at| &name[at + 1..])
}

/// The first sheet's part and the shared strings' part, as the workbook's relations name
/// them (the usual names when it has none).
fn parts(package: &mut Package<'_>) -> Result<(String, Option<String>), Unreadable> {
    const RELATIONS: &str = "xl/_rels/workbook.xml.rels";
    if !package.has("xl/workbook.xml") || !package.has(RELATIONS) {
        return Ok(("xl/worksheets/sheet1.xml".to_owned(), Some("xl/sharedStrings.xml".to_owned())));
    }
    let mut first = None;
    let mut xml = package.xml("xl/workbook.xml")?;
    loop {
        match xml.next()? {
            Event::Start(e) if local(e.name().as_ref().as_bytes()) == b"sheet" => {
                let id = e.attributes().flatten().find(|a| local(a.key.as_ref().as_bytes()) == b"id");
                first = id.map(|a| a.value.into_owned());
                break;
            }
            Event::Eof => break,
            _ => {}
        }
    }
    drop(xml);
    let first = first.ok_or(Unreadable::NoHeader)?;
    let (mut sheet, mut shared) = (None, None);
    let mut xml = package.xml(RELATIONS)?;
    loop {
        match xml.next()? {
            Event::Start(e) if local(e.name().as_ref().as_bytes()) == b"Relationship" => {
                let target = attribute(&e, "Target")?.map(|t| resolve(&t));
                if attribute(&e, "Id")?.as_deref() == Some(first.as_str()) {
                    sheet = target;
                } else if attribute(&e, "Type")?.is_some_and(|t| t.ends_with("/sharedStrings")) {
                    shared = target;
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    Ok((sheet.ok_or(Unreadable::NotASpreadsheet)?, shared))
}

/// A relation's target as a name in the package: relative to `xl/`, or absolute.
fn resolve(target: &str) -> String {
    let joined = match target.strip_prefix('/') {
        Some(absolute) => absolute.to_owned(),
        None => format!("xl/{target}"),
    };
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            part => parts.push(part),
        }
    }
    parts.join("/")
}

/// The shared strings: their texts one after the other, and where each ends.
#[derive(Default)]
struct Strings {
    text: String,
    ends: Vec<u32>,
}

impl Strings {
    fn read(xml: &mut Xml<'_, '_>) -> Result<Strings, Unreadable> {
        let mut strings = Strings::default();
        let mut current: Option<String> = None;
        // The <t> being read (of the string or of a run); phonetic runs are not text.
        let (mut piece, mut phonetic) = (None::<Piece>, 0u32);
        loop {
            let event = xml.next()?;
            match &event {
                Event::Start(e) => match local(e.name().as_ref().as_bytes()) {
                    b"sst" => declared(e)?,
                    b"si" => current = Some(String::new()),
                    b"t" if phonetic == 0 && current.is_some() => piece = Some(Piece::start(e)?),
                    b"rPh" => phonetic += 1,
                    _ => {}
                },
                Event::End(e) => match local(e.name().as_ref().as_bytes()) {
                    b"si" => strings.push(current.take().unwrap_or_default())?,
                    b"t" => append(piece.take(), current.as_mut())?,
                    b"rPh" => phonetic = phonetic.saturating_sub(1),
                    _ => {}
                },
                Event::Eof => return Ok(strings),
                _ => {
                    if let Some(piece) = piece.as_mut() {
                        piece.push(&event)?;
                    }
                }
            }
        }
    }

    fn push(&mut self, text: String) -> Result<(), Unreadable> {
        within_cell(&text)?;
        let kept = self.text.len() + text.len() + 4 * (self.ends.len() + 1);
        if kept as u64 > MAX_SHARED_STRINGS_BYTES {
            return Err(Unreadable::SharedTextTooLarge);
        }
        self.text.push_str(&text);
        self.ends.push(u32::try_from(self.text.len()).map_err(|_| Unreadable::SharedTextTooLarge)?);
        Ok(())
    }

    fn get(&self, index: usize) -> Option<&str> {
        let end = *self.ends.get(index)? as usize;
        let start =
            index.checked_sub(1).map_or(Some(0), |before| self.ends.get(before).map(|e| *e as usize))?;
        self.text.get(start..end)
    }
}

/// Refuses a table that declares more strings than could be kept: calamine reserved room
/// for the declared count, which aborted the process; here nothing is sized from it, but a
/// file that says it holds more than the limits allow is refused at once.
fn declared(table: &BytesStart<'_>) -> Result<(), Unreadable> {
    let count = attribute(table, "uniqueCount")?.and_then(|n| n.trim().parse::<u64>().ok());
    match count {
        Some(n) if n.saturating_mul(4) > MAX_SHARED_STRINGS_BYTES => Err(Unreadable::SharedTextTooLarge),
        _ => Ok(()),
    }
}

/// Adds a finished <t> to the string it is part of.
fn append(piece: Option<Piece>, text: Option<&mut String>) -> Result<(), Unreadable> {
    if let (Some(piece), Some(text)) = (piece, text) {
        text.push_str(&piece.finish());
        if text.len() > 4 * MAX_CELL_CHARS {
            return Err(Unreadable::CellTooLong);
        }
    }
    Ok(())
}

/// A cell's reference ("B3") as its 0-based row and column.
fn position(reference: &str) -> Result<(u64, u64), Unreadable> {
    let digits = reference.find(|c: char| c.is_ascii_digit()).ok_or(Unreadable::NotASpreadsheet)?;
    let (letters, digits) = reference.split_at(digits);
    let mut column: u64 = 0;
    for c in letters.bytes() {
        if !c.is_ascii_alphabetic() {
            return Err(Unreadable::NotASpreadsheet);
        }
        column = column.saturating_mul(26).saturating_add(u64::from(c.to_ascii_uppercase() - b'A') + 1);
    }
    let row: u64 = digits.parse().map_err(|_| Unreadable::NotASpreadsheet)?;
    Ok((row.saturating_sub(1), column.saturating_sub(1)))
}

/// The sheet's cells, grouped into rows as they come.
fn cells(
    xml: &mut Xml<'_, '_>,
    strings: &Strings,
    shaper: &mut Shaper<'_, impl Rows>,
) -> Result<(), Unreadable> {
    let (mut row, mut column) = (0u64, 0u64);
    let mut current: Option<(u64, Vec<String>)> = None;
    loop {
        match xml.next()? {
            Event::Start(e) if local(e.name().as_ref().as_bytes()) == b"row" => {
                if let Some(r) = attribute(&e, "r")? {
                    row = r.parse::<u64>().map_err(|_| Unreadable::NotASpreadsheet)?.saturating_sub(1);
                }
            }
            Event::End(e) if local(e.name().as_ref().as_bytes()) == b"row" => {
                row = row.saturating_add(1);
                column = 0;
            }
            Event::Start(e) if local(e.name().as_ref().as_bytes()) == b"c" => {
                let at = match attribute(&e, "r")? {
                    Some(reference) => position(&reference)?,
                    None => (row, column),
                };
                column = at.1;
                let kind = attribute(&e, "t")?;
                let text = cell(xml, kind.as_deref(), strings)?;
                column = column.saturating_add(1);
                if current.as_ref().is_some_and(|(r, _)| *r != at.0) {
                    if let Some((r, cells)) = current.take() {
                        shaper.take(line(r), cells)?;
                    }
                }
                let (_, cells) = current.get_or_insert_with(|| (at.0, Vec::new()));
                let index = usize::try_from(at.1).unwrap_or(usize::MAX);
                if shaper.keeps(index, &text)? {
                    if cells.len() <= index {
                        cells.resize(index + 1, String::new());
                    }
                    cells[index] = text;
                }
            }
            Event::End(e) if local(e.name().as_ref().as_bytes()) == b"sheetData" => break,
            Event::Eof => break,
            _ => {}
        }
    }
    if let Some((r, cells)) = current.take() {
        shaper.take(line(r), cells)?;
    }
    Ok(())
}

/// One cell's text, read up to its end.
fn cell(xml: &mut Xml<'_, '_>, kind: Option<&str>, strings: &Strings) -> Result<String, Unreadable> {
    let (mut value, mut inline) = (None::<String>, None::<String>);
    // Inside <v>; the inline string's <t> being read; phonetic runs are not text.
    let (mut in_value, mut piece, mut phonetic) = (false, None::<Piece>, 0u32);
    loop {
        let event = xml.next()?;
        match &event {
            Event::Start(e) => match local(e.name().as_ref().as_bytes()) {
                b"v" => {
                    value = Some(String::new());
                    in_value = true;
                }
                b"is" => inline = Some(String::new()),
                b"t" if inline.is_some() && phonetic == 0 => piece = Some(Piece::start(e)?),
                b"rPh" => phonetic += 1,
                _ => {}
            },
            Event::End(e) => match local(e.name().as_ref().as_bytes()) {
                b"c" => break,
                b"v" => in_value = false,
                b"t" => append(piece.take(), inline.as_mut())?,
                b"rPh" => phonetic = phonetic.saturating_sub(1),
                _ => {}
            },
            Event::Eof => return Err(Unreadable::NotASpreadsheet),
            _ => match (piece.as_mut(), value.as_mut()) {
                (Some(piece), _) => piece.push(&event)?,
                (None, Some(text)) if in_value => push_text(&event, text)?,
                _ => {}
            },
        }
    }
    if let Some(inline) = inline {
        return bounded(inline);
    }
    let value = value.unwrap_or_default();
    let text = match kind {
        Some("inlineStr" | "is") => String::new(),
        Some("s") if value.is_empty() => String::new(),
        Some("s") => {
            // As calamine read it: an index that is not a number is the first string.
            let index = value.trim().parse::<usize>().unwrap_or(0);
            strings.get(index).ok_or(Unreadable::NotASpreadsheet)?.to_owned()
        }
        Some("b") => match value.trim() {
            "" => String::new(),
            v if v == "0" || v.eq_ignore_ascii_case("false") => "false".to_owned(),
            v if v == "1" || v.eq_ignore_ascii_case("true") => "true".to_owned(),
            _ => return Err(Unreadable::NotASpreadsheet),
        },
        Some("e") => String::new(),
        Some("d") => value,
        Some("str") => unescape(&value),
        Some("n") | None if value.is_empty() => String::new(),
        Some("n") | None => match value.parse::<f64>() {
            Ok(n) => number(n),
            Err(_) if kind.is_none() => value,
            Err(_) => return Err(Unreadable::NotASpreadsheet),
        },
        Some(_) => return Err(Unreadable::NotASpreadsheet),
    };
    bounded(text)
}
