//! The zip of an .xlsx or .ods, read within a budget. Nothing the package declares about
//! sizes is trusted: every byte inflated is counted as it is read, against the file's
//! unpacked budget (`rules::imports::max_unpacked_bytes`), and no XML event may span more
//! than a cell's text at its longest, so quick-xml's buffer stays small whatever the part.

use std::cell::Cell;
use std::io::{BufRead, BufReader, Cursor, Read};

use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};
use rules::imports::{max_unpacked_bytes, MAX_CELL_CHARS};
use zip::read::ZipFile;
use zip::ZipArchive;

use super::Unreadable;

/// Bytes one XML event may span: a cell's text at its longest with every character
/// spelled as a character reference, and room to spare.
const MAX_EVENT_BYTES: usize = 16 * MAX_CELL_CHARS;
/// Entries a package may list (zip sizes its table from the count the file declares).
const MAX_ENTRIES: u64 = 65_535;

/// The bytes a file may still unpack to.
pub(super) struct Budget {
    left: Cell<u64>,
}

impl Budget {
    pub(super) fn for_file(file_bytes: usize) -> Budget {
        Budget { left: Cell::new(max_unpacked_bytes(u64::try_from(file_bytes).unwrap_or(u64::MAX))) }
    }

    /// Counts `bytes` more unpacked.
    pub(super) fn spend(&self, bytes: u64) -> Result<(), Unreadable> {
        let left = self.left.get().checked_sub(bytes).ok_or(Unreadable::UnpackedTooLarge)?;
        self.left.set(left);
        Ok(())
    }
}

pub(super) struct Package<'a> {
    archive: ZipArchive<Cursor<&'a [u8]>>,
    budget: Budget,
}

impl<'a> Package<'a> {
    pub(super) fn open(bytes: &'a [u8]) -> Result<Package<'a>, Unreadable> {
        if !modest_directory(bytes) {
            return Err(Unreadable::NotASpreadsheet);
        }
        let archive = ZipArchive::new(Cursor::new(bytes)).map_err(|_| Unreadable::NotASpreadsheet)?;
        Ok(Package { archive, budget: Budget::for_file(bytes.len()) })
    }

    pub(super) fn has(&self, name: &str) -> bool {
        self.archive.index_for_name(name).is_some()
    }

    /// The part `name`, as XML events.
    pub(super) fn xml(&mut self, name: &str) -> Result<Xml<'_, 'a>, Unreadable> {
        let file = self.archive.by_name(name).map_err(|_| Unreadable::NotASpreadsheet)?;
        let entry = Entry { inner: BufReader::new(file), budget: &self.budget, event: 0, refused: None };
        let mut reader = Reader::from_reader(entry);
        let config = reader.config_mut();
        config.expand_empty_elements = true;
        config.check_end_names = false;
        Ok(Xml { reader, buf: Vec::new() })
    }
}

/// Whether the end of the zip's directory declares no more entries than a spreadsheet could
/// have: zip reserves room for every declared entry, and a zip64 record may declare billions.
fn modest_directory(bytes: &[u8]) -> bool {
    let tail_start = bytes.len().saturating_sub(65_557);
    let Some(locator) = bytes[tail_start..].windows(4).rposition(|w| w == b"PK\x06\x07") else {
        return true;
    };
    let locator = tail_start + locator;
    let u64_at = |at: usize| -> Option<u64> {
        let field = bytes.get(at..at.checked_add(8)?)?;
        Some(u64::from_le_bytes(field.try_into().ok()?))
    };
    let record = u64_at(locator + 8).and_then(|at| usize::try_from(at).ok());
    match record {
        Some(at) if bytes.get(at..at.saturating_add(4)) == Some(b"PK\x06\x06") => {
            let fits = |n: Option<u64>| n.is_some_and(|n| n <= bytes.len() as u64);
            u64_at(at + 32).is_some_and(|n| n <= MAX_ENTRIES)
                && fits(u64_at(at + 40))
                && fits(u64_at(at + 48))
        }
        _ => false,
    }
}

/// One part, inflated as quick-xml asks for it, counted.
struct Entry<'p, 'a> {
    inner: BufReader<ZipFile<'p, Cursor<&'a [u8]>>>,
    budget: &'p Budget,
    /// Bytes read since the current event began.
    event: usize,
    refused: Option<Unreadable>,
}

impl Read for Entry<'_, '_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Entry<'_, '_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.refused.is_none() && self.event > MAX_EVENT_BYTES {
            self.refused = Some(Unreadable::CellTooLong);
        }
        if self.refused.is_some() {
            return Err(std::io::Error::other("over the limits"));
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.event = self.event.saturating_add(amount);
        if let Err(refused) = self.budget.spend(amount as u64) {
            self.refused.get_or_insert(refused);
        }
        self.inner.consume(amount);
    }
}

/// A part's XML events, one at a time.
pub(super) struct Xml<'p, 'a> {
    reader: Reader<Entry<'p, 'a>>,
    buf: Vec<u8>,
}

impl Xml<'_, '_> {
    /// The next event. A document type is refused: it is where entities are declared, and
    /// neither format needs one.
    pub(super) fn next(&mut self) -> Result<Event<'_>, Unreadable> {
        self.buf.clear();
        self.reader.get_mut().event = 0;
        match self.reader.read_event_into(&mut self.buf) {
            Ok(Event::DocType(_)) => Err(Unreadable::NotASpreadsheet),
            Ok(event) => Ok(event),
            Err(_) => Err(self.reader.get_mut().refused.take().unwrap_or(Unreadable::NotASpreadsheet)),
        }
    }
}

impl Xml<'_, '_> {
    /// Counts `bytes` more unpacked: what a part spells once but the reading writes out
    /// many times (an .ods's repeated cells and rows).
    pub(super) fn spend(&mut self, bytes: u64) -> Result<(), Unreadable> {
        self.reader.get_mut().budget.spend(bytes)
    }
}

/// Adds the text an event spells to `text`: a cell's text grows by these, so it is cut off
/// as soon as it is longer than a cell may be.
pub(super) fn push_text(event: &Event<'_>, text: &mut String) -> Result<(), Unreadable> {
    match event {
        Event::Text(t) => text.push_str(&t.xml10_content()),
        Event::GeneralRef(r) => match r.resolve_char_ref() {
            Ok(Some(c)) => text.push(c),
            Ok(None) => {
                let name = r.xml10_content();
                let known = quick_xml::escape::resolve_predefined_entity(&name);
                text.push_str(known.ok_or(Unreadable::NotASpreadsheet)?);
            }
            Err(_) => return Err(Unreadable::NotASpreadsheet),
        },
        _ => {}
    }
    // Four bytes a character at most: past that many bytes, there are too many characters.
    if text.len() > 4 * MAX_CELL_CHARS {
        return Err(Unreadable::CellTooLong);
    }
    Ok(())
}

/// The value of the attribute `name` (its qualified name) of `element`.
pub(super) fn attribute(element: &BytesStart<'_>, name: &str) -> Result<Option<String>, Unreadable> {
    for attribute in element.attributes() {
        let attribute: Attribute<'_> = attribute.map_err(|_| Unreadable::NotASpreadsheet)?;
        if attribute.key.as_ref() == name {
            let value = attribute
                .normalized_value(XmlVersion::Implicit1_0)
                .map_err(|_| Unreadable::NotASpreadsheet)?;
            return Ok(Some(value.into_owned()));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::modest_directory;

    /// A zip's tail: a zip64 end record declaring `entries`, its locator, the end record.
    fn tail(entries: u64) -> Vec<u8> {
        let mut bytes = b"PK\x03\x04".to_vec();
        let record = bytes.len() as u64;
        bytes.extend_from_slice(b"PK\x06\x06");
        bytes.extend_from_slice(&[0; 28]);
        bytes.extend_from_slice(&entries.to_le_bytes());
        bytes.extend_from_slice(&0u64.to_le_bytes());
        bytes.extend_from_slice(&0u64.to_le_bytes());
        bytes.extend_from_slice(b"PK\x06\x07\0\0\0\0");
        bytes.extend_from_slice(&record.to_le_bytes());
        bytes.extend_from_slice(&1u32.to_le_bytes());
        bytes.extend_from_slice(b"PK\x05\x06");
        bytes.extend_from_slice(&[0xFF; 18]);
        bytes
    }

    #[test]
    fn a_zip64_directory_declaring_more_entries_than_a_spreadsheet_has_is_refused() {
        assert!(modest_directory(&tail(12)));
        assert!(!modest_directory(&tail(1 << 40)));
        assert!(modest_directory(b"PK\x03\x04 no zip64 here"));
    }
}
