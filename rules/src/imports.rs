//! Listings imported from a spreadsheet (issue 25): the limits, and how a cell's text is
//! read as a number, a yes or no or a list. The columns themselves, and the CSV formula
//! guard, are the export's (`properties::columns`).

/// A file larger than this is refused (413).
pub const MAX_FILE_BYTES: u64 = 20 * 1024 * 1024;
/// A file with more data rows than this is refused (422).
pub const MAX_ROWS: usize = 50_000;
/// Days an import is kept, with its file and rows.
pub const KEEP_DAYS: i64 = 7;
/// The parsed rows an import keeps take at most this many times its file's size (a file
/// whose repeated cells unpack to more is refused): an import costs the disk at most its file
/// and ten times that.
pub const MAX_ROWS_PER_FILE_BYTE: u64 = 10;
/// Imports a user may hold unfinished (uploaded, checked, being written or failed): a newer
/// upload replaces the oldest not being written.
pub const MAX_UNFINISHED: i64 = 3;

/// The most bytes of parsed rows an import of a `file_bytes` file may keep.
pub fn max_row_bytes(file_bytes: u64) -> u64 {
    file_bytes.saturating_mul(MAX_ROWS_PER_FILE_BYTE)
}
/// Data rows answered as the upload's sample.
pub const SAMPLE_ROWS: usize = 5;
/// Failing cells answered by a check; the rejected-rows file holds them all.
pub const ERRORS_SHOWN: usize = 100;
/// Rows written per transaction by a commit: on SQLite a batch holds the write lock, so a
/// batch is kept short enough for the other writes of the panel to wait it out.
pub const BATCH_ROWS: usize = 100;

// Bounded readers (issue 37): what a file may make the server hold while it is read.
/// A header with more columns than this is refused (422) before any row is read.
pub const MAX_COLUMNS: usize = 200;
/// A cell (or shared string) longer than this, in characters, is refused (422).
pub const MAX_CELL_CHARS: usize = 10_000;
/// An .xlsx or .ods may unpack (its parts inflated, an .ods's repeated cells and rows
/// written out) to at most this many times its own size...
pub const MAX_UNPACKED_RATIO: u64 = 20;
/// ...and to at most this many bytes, whatever its size.
pub const MAX_UNPACKED_BYTES: u64 = 200 * 1024 * 1024;
/// The shared strings of an .xlsx are held while its sheet is read: their text, and 4 bytes
/// a string, at most this many bytes.
pub const MAX_SHARED_STRINGS_BYTES: u64 = 64 * 1024 * 1024;
/// An .xls is read whole by calamine, every sheet as a full grid from its first to its
/// last used cell, each cell holding its own copy of its text: what that holds at once,
/// estimated from the file's records before it is read, may be at most this many bytes.
pub const MAX_XLS_HELD_BYTES: u64 = 64 * 1024 * 1024;

/// The unpacked size an .xlsx or .ods of `file_bytes` may reach.
pub fn max_unpacked_bytes(file_bytes: u64) -> u64 {
    file_bytes.saturating_mul(MAX_UNPACKED_RATIO).min(MAX_UNPACKED_BYTES)
}

/// How an import treats a row whose property number a listing already has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub enum ImportMode {
    /// Every row is a new listing; a number already taken makes the row invalid.
    #[serde(rename = "create")]
    Create,
    /// A row whose number a listing has updates that listing; the others are new.
    #[serde(rename = "create-or-update")]
    CreateOrUpdate,
}

impl ImportMode {
    pub fn value(self) -> &'static str {
        match self {
            ImportMode::Create => "create",
            ImportMode::CreateOrUpdate => "create-or-update",
        }
    }

    pub fn parse(text: &str) -> Option<ImportMode> {
        [ImportMode::Create, ImportMode::CreateOrUpdate].into_iter().find(|m| m.value() == text)
    }
}

/// A digit of any script a spreadsheet may hold (ASCII, Arabic-Indic, Persian) as ASCII.
fn ascii_digit(c: char) -> Option<char> {
    match c {
        '0'..='9' => Some(c),
        '\u{0660}'..='\u{0669}' => char::from_u32(u32::from(c) - 0x0660 + u32::from('0')),
        '\u{06F0}'..='\u{06F9}' => char::from_u32(u32::from(c) - 0x06F0 + u32::from('0')),
        _ => None,
    }
}

/// A number as a person types it in a cell: digits in any script, thousands separated by
/// ',', the Arabic thousands separator, spaces or apostrophes; '.' or the Arabic decimal
/// separator before the fraction; an optional sign. `None` when it is not one.
pub fn number(text: &str) -> Option<f64> {
    let mut plain = String::with_capacity(text.len());
    for c in text.trim().chars() {
        match c {
            ',' | '\u{066C}' | ' ' | '\u{00A0}' | '\u{202F}' | '\'' | '\u{2019}' => {}
            '\u{066B}' => plain.push('.'),
            '-' | '\u{2212}' => plain.push('-'),
            '+' | '.' | 'e' | 'E' => plain.push(c),
            c => plain.push(ascii_digit(c)?),
        }
    }
    if plain.is_empty() || !plain.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    crate::numbers::optional_number(&serde_json::Value::String(plain))
}

/// A whole number (see [`number`]): `None` when it is not one or has a fraction.
pub fn whole_number(text: &str) -> Option<i64> {
    let n = number(text)?;
    (n.fract() == 0.0 && n.abs() < 9.0e15).then_some(n as i64)
}

/// Yes or no, in English or Arabic, as words or 1/0 (any case); `None` otherwise.
pub fn yes_no(text: &str) -> Option<bool> {
    let folded = crate::fold::fold(text.trim());
    match folded.as_str() {
        "yes" | "true" | "1" | "y" | "نعم" | "صح" => Some(true),
        "no" | "false" | "0" | "n" | "لا" | "خطا" => Some(false),
        _ => None,
    }
}

/// The features of a cell: names separated by ';' (or a new line), blanks left out.
pub fn names(text: &str) -> Vec<&str> {
    text.split([';', '\n', '؛']).map(str::trim).filter(|n| !n.is_empty()).collect()
}

/// The image references of a cell: one per line (or separated by spaces), blanks left out.
pub fn references(text: &str) -> Vec<&str> {
    text.split(char::is_whitespace).filter(|r| !r.is_empty()).collect()
}

/// A code for a country the import adds to the catalog: the first two letters of its
/// English name in capitals ('Jordan' → 'JO'), or another pair of its letters, or a letter
/// and a digit, whichever `taken` does not hold.
pub fn country_code(name_en: &str, taken: impl Fn(&str) -> bool) -> String {
    let letters: Vec<char> =
        name_en.chars().filter(char::is_ascii_alphabetic).map(|c| c.to_ascii_uppercase()).collect();
    let first = letters.first().copied().unwrap_or('X');
    let mut candidates: Vec<String> = letters.iter().skip(1).map(|c| format!("{first}{c}")).collect();
    candidates.extend((0..10).map(|d| format!("{first}{d}")));
    candidates.extend((100..10_000).map(|n| format!("{first}{n}")));
    candidates.into_iter().find(|code| !taken(code)).unwrap_or_else(|| format!("{first}{}", name_en.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_either_script_with_separators() {
        assert_eq!(number("1,250,000"), Some(1_250_000.0));
        assert_eq!(number("١٬٢٥٠٬٠٠٠"), Some(1_250_000.0));
        assert_eq!(number("١٢٥٫٥"), Some(125.5));
        assert_eq!(number(" 12 500.75 "), Some(12_500.75));
        assert_eq!(number("-3"), Some(-3.0));
        assert_eq!(number("twelve"), None);
        assert_eq!(number(""), None);
        assert_eq!(number(","), None);
        assert_eq!(whole_number("٣"), Some(3));
        assert_eq!(whole_number("3.5"), None);
    }

    #[test]
    fn yes_and_no_in_both_languages() {
        for text in ["yes", "YES", "true", "1", "نعم"] {
            assert_eq!(yes_no(text), Some(true), "{text}");
        }
        for text in ["no", "False", "0", "لا", "٠"] {
            assert_eq!(yes_no(text), Some(false), "{text}");
        }
        assert_eq!(yes_no("maybe"), None);
    }

    #[test]
    fn country_codes_avoid_the_taken_ones() {
        assert_eq!(country_code("Jordan", |_| false), "JO");
        assert_eq!(country_code("Jordan", |c| c == "JO"), "JR");
        assert_eq!(country_code("قطر", |_| false), "X0");
    }

    #[test]
    fn lists_split() {
        assert_eq!(names("Pool; Garden ;;"), ["Pool", "Garden"]);
        assert_eq!(
            references("/media/a.png\nhttps://x.test/b.jpg\n"),
            ["/media/a.png", "https://x.test/b.jpg"]
        );
    }
}
