//! The text of an .xlsx string (`<t>`), read as calamine read it: trimmed of ASCII spaces
//! unless it keeps them (`xml:space="preserve"`), CDATA included, and Excel's own escapes
//! (`_x000D_` for a carriage return, a UTF-16 unit each) read back.

use quick_xml::events::{BytesStart, Event};
use rules::imports::MAX_CELL_CHARS;

use super::zipped::{attribute, push_text};
use super::Unreadable;

/// A `<t>` being read.
pub(super) struct Piece {
    text: String,
    preserve: bool,
}

impl Piece {
    pub(super) fn start(element: &BytesStart<'_>) -> Result<Piece, Unreadable> {
        let preserve = attribute(element, "xml:space")?.is_some_and(|space| space == "preserve");
        Ok(Piece { text: String::new(), preserve })
    }

    pub(super) fn push(&mut self, event: &Event<'_>) -> Result<(), Unreadable> {
        match event {
            Event::CData(data) => {
                self.text.push_str(&data.xml10_content());
                if self.text.len() > 4 * MAX_CELL_CHARS {
                    return Err(Unreadable::CellTooLong);
                }
                Ok(())
            }
            event => push_text(event, &mut self.text),
        }
    }

    pub(super) fn finish(self) -> String {
        if self.preserve {
            unescape(&self.text)
        } else {
            unescape(self.text.trim_matches([' ', '\t', '\r', '\n']))
        }
    }
}

/// The UTF-16 unit of the escape `_xHHHH_` at `at`, if there is one.
fn escape_at(text: &str, at: usize) -> Option<u16> {
    let hex = text.get(at..at.checked_add(7)?)?.strip_prefix("_x")?.strip_suffix('_')?;
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u16::from_str_radix(hex, 16).ok()
}

/// `text` with Excel's escapes read: a surrogate pair is two escapes, a lone surrogate is
/// U+FFFD, and `_x005F_` is how Excel writes an underscore that starts something else.
pub(super) fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut index, mut copied) = (0, 0);
    while let Some(offset) = text[index..].find('_') {
        let at = index + offset;
        let Some(unit) = escape_at(text, at) else {
            index = at + 1;
            continue;
        };
        out.push_str(&text[copied..at]);
        index = at + 7;
        let c = match unit {
            0xD800..=0xDBFF => match escape_at(text, index) {
                Some(low @ 0xDC00..=0xDFFF) => {
                    index += 7;
                    char::from_u32(0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(low) - 0xDC00))
                }
                _ => None,
            },
            0xDC00..=0xDFFF => None,
            unit => char::from_u32(u32::from(unit)),
        };
        out.push(c.unwrap_or(char::REPLACEMENT_CHARACTER));
        copied = index;
    }
    out.push_str(&text[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::unescape;

    #[test]
    fn excel_escapes_are_read_back_as_calamine_read_them() {
        assert_eq!(unescape("a_x000D_b"), "a\rb");
        assert_eq!(unescape("_x005F_x000D_"), "_x000D_");
        assert_eq!(unescape("_xD83D__xDCF7_"), "\u{1F4F7}");
        assert_eq!(unescape("_xD83D_x"), "\u{FFFD}x");
        assert_eq!(unescape("plain_text_x12_"), "plain_text_x12_");
    }
}
