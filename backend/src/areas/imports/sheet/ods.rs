//! .ods: the first table of content.xml streamed row by row. A row or a cell the file
//! repeats is read once: an empty one is skipped whatever its count, cells past the
//! columns kept are not written out, and each copy handed on counts toward the file's
//! unpacked budget (and its rows toward the row limit, which stops the reading). Texts are
//! read as calamine read them before (issue 25).

use quick_xml::events::{BytesStart, Event};
use rules::imports::MAX_CELL_CHARS;

use super::zipped::{attribute, push_text, Package, Xml};
use super::{bounded, line, number, Rows, Shaper, Unreadable};

pub(super) fn read(bytes: &[u8], shaper: &mut Shaper<'_, impl Rows>) -> Result<(), Unreadable> {
    let mut package = Package::open(bytes)?;
    let mut xml = package.xml("content.xml")?;
    loop {
        match xml.next()? {
            Event::Start(e) if e.name().as_ref() == "table:table" => break,
            Event::Eof => return Ok(()),
            _ => {}
        }
    }
    let mut index: u64 = 0;
    loop {
        match xml.next()? {
            Event::Start(e) if e.name().as_ref() == "table:table-row" => {
                let repeats = count(&e, "table:number-rows-repeated")?;
                let cells = row(&mut xml, shaper)?;
                rows(&mut xml, shaper, index, repeats, cells)?;
                index = index.saturating_add(repeats);
            }
            Event::End(e) if e.name().as_ref() == "table:table" => return Ok(()),
            Event::Eof => return Err(Unreadable::NotASpreadsheet),
            _ => {}
        }
    }
}

fn blank(text: &str) -> bool {
    text.trim().is_empty()
}

/// A repetition count (1 when not given).
fn count(element: &BytesStart<'_>, name: &str) -> Result<u64, Unreadable> {
    match attribute(element, name)? {
        Some(n) => n.trim().parse().map_err(|_| Unreadable::NotASpreadsheet),
        None => Ok(1),
    }
}

/// Hands on a row the file repeats `repeats` times, from row `index`.
fn rows(
    xml: &mut Xml<'_, '_>,
    shaper: &mut Shaper<'_, impl Rows>,
    index: u64,
    repeats: u64,
    cells: Vec<String>,
) -> Result<(), Unreadable> {
    if cells.iter().all(|c| blank(c)) {
        return Ok(());
    }
    let bytes = cells.iter().map(|c| c.len() as u64).sum::<u64>();
    shaper.take(line(index), cells.clone())?;
    // Past the header, a copy that shows nothing in its columns would be skipped each time.
    if !cells.iter().take(shaper.limit()).any(|c| !blank(c)) {
        return Ok(());
    }
    for copy in 1..repeats {
        xml.spend(bytes)?;
        shaper.take(line(index.saturating_add(copy)), cells.clone())?;
    }
    Ok(())
}

/// One row's cells, up to the columns kept, read up to the row's end.
fn row(xml: &mut Xml<'_, '_>, shaper: &Shaper<'_, impl Rows>) -> Result<Vec<String>, Unreadable> {
    let mut cells = Vec::new();
    let mut column: u64 = 0;
    loop {
        match xml.next()? {
            Event::Start(e)
                if e.name().as_ref() == "table:table-cell"
                    || e.name().as_ref() == "table:covered-table-cell" =>
            {
                let element = e.into_owned();
                let repeats = count(&element, "table:number-columns-repeated")?;
                let text = cell(xml, &element)?;
                if !blank(&text) {
                    let start = usize::try_from(column).unwrap_or(usize::MAX);
                    let last = usize::try_from(column.saturating_add(repeats - 1)).unwrap_or(usize::MAX);
                    // The last copy is checked first: a header too wide is refused at once.
                    shaper.keeps(last, &text)?;
                    let end = last.saturating_add(1).min(shaper.limit());
                    if start < end {
                        xml.spend((text.len() * (end - start - 1)) as u64)?;
                        cells.resize(start, String::new());
                        cells.resize(end, text);
                    }
                }
                column = column.saturating_add(repeats);
            }
            Event::End(e) if e.name().as_ref() == "table:table-row" => return Ok(cells),
            Event::Eof => return Err(Unreadable::NotASpreadsheet),
            _ => {}
        }
    }
}

/// One cell's text, read up to its end: its value attribute, or its paragraphs for a
/// string (or an error, whose words LibreOffice writes there).
fn cell(xml: &mut Xml<'_, '_>, element: &BytesStart<'_>) -> Result<String, Unreadable> {
    let (mut value, mut string, mut error) = (None::<String>, false, false);
    for attribute in element.attributes() {
        let attribute = attribute.map_err(|_| Unreadable::NotASpreadsheet)?;
        let key = attribute.key.as_ref();
        let text = || attribute.normalized_value(quick_xml::XmlVersion::Implicit1_0);
        let text = || text().map(|t| t.into_owned()).map_err(|_| Unreadable::NotASpreadsheet);
        match key {
            "office:value" if value.is_none() => {
                let n = text()?.trim().parse::<f64>().map_err(|_| Unreadable::NotASpreadsheet)?;
                value = Some(number(n));
            }
            "office:string-value" | "office:date-value" | "office:time-value" if value.is_none() => {
                value = Some(text()?);
            }
            "office:boolean-value" if value.is_none() => {
                let v = text()?;
                value = Some((v == "TRUE" || v == "true").to_string());
            }
            "office:value-type" if value.is_none() => string = text()? == "string",
            "calcext:value-type" => error = text()? == "error",
            _ => {}
        }
    }
    let from_content = (value.is_none() && string) || (error && value.as_deref() == Some(""));
    let mut content = from_content.then(String::new);
    let (mut depth, mut annotation, mut paragraphs) = (0u32, 0u32, 0u32);
    loop {
        let event = xml.next()?;
        match &event {
            Event::Start(e) => match e.name().as_ref() {
                "table:table-cell" | "table:covered-table-cell" => depth += 1,
                "office:annotation" => annotation += 1,
                name if annotation == 0 => {
                    if let Some(content) = content.as_mut() {
                        paragraph(e, name, &mut paragraphs, content)?;
                    }
                }
                _ => {}
            },
            Event::End(e) => match e.name().as_ref() {
                "table:table-cell" | "table:covered-table-cell" if depth == 0 => break,
                "table:table-cell" | "table:covered-table-cell" => depth -= 1,
                "office:annotation" => annotation = annotation.saturating_sub(1),
                _ => {}
            },
            Event::Eof => return Err(Unreadable::NotASpreadsheet),
            _ if annotation == 0 => {
                if let Some(content) = content.as_mut() {
                    push_text(&event, content)?;
                }
            }
            _ => {}
        }
    }
    bounded(content.or(value).unwrap_or_default())
}

/// What an element of a cell's content adds to its text: paragraphs after the first start
/// on a new line; spaces, tabs and line breaks are elements of their own.
fn paragraph(
    element: &BytesStart<'_>,
    name: &str,
    paragraphs: &mut u32,
    text: &mut String,
) -> Result<(), Unreadable> {
    match name {
        "text:p" => {
            if *paragraphs > 0 {
                text.push('\n');
            }
            *paragraphs += 1;
        }
        "text:s" => {
            let spaces = count(element, "text:c")?;
            if spaces > MAX_CELL_CHARS as u64 {
                return Err(Unreadable::CellTooLong);
            }
            text.extend(std::iter::repeat_n(' ', spaces as usize));
        }
        "text:tab" => text.push('\t'),
        "text:line-break" => text.push('\n'),
        _ => {}
    }
    if text.len() > 4 * MAX_CELL_CHARS {
        return Err(Unreadable::CellTooLong);
    }
    Ok(())
}
