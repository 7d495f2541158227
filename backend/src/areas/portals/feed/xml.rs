//! Writing the feeds' XML by hand, into a chunk's text: escaped texts (characters XML 1.0
//! cannot carry are left out), and the numbers, rooms and instants as the portals read them.

use rules::portals::formats::SQFT_PER_SQM;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::OffsetDateTime;

/// `text` escaped for an element or a quoted attribute. Control characters other than tab,
/// line feed and carriage return cannot appear in XML 1.0 at all, nor U+FFFE and U+FFFF:
/// they are dropped.
pub fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
}

/// `<name>text</name>`, the text escaped.
pub fn element(out: &mut String, name: &str, text: &str) {
    out.push('<');
    out.push_str(name);
    out.push('>');
    escape_into(out, text);
    out.push_str("</");
    out.push_str(name);
    out.push('>');
}

/// [`element`] when `text` has more than white space; nothing otherwise.
pub fn optional(out: &mut String, name: &str, text: Option<&str>) {
    if let Some(text) = text.map(str::trim).filter(|text| !text.is_empty()) {
        element(out, name, text);
    }
}

/// `<name>`, `</name>`.
pub fn open(out: &mut String, name: &str) {
    out.push('<');
    out.push_str(name);
    out.push('>');
}

pub fn close(out: &mut String, name: &str) {
    out.push_str("</");
    out.push_str(name);
    out.push('>');
}

/// A decimal with at most two decimals and no trailing zeros (`1291.67`, `2450000`).
fn two_decimals(hundredths: i64) -> String {
    let (whole, cents) = (hundredths / 100, (hundredths % 100).abs());
    match cents {
        0 => whole.to_string(),
        c if c % 10 == 0 => format!("{whole}.{}", c / 10),
        c => format!("{whole}.{c:02}"),
    }
}

/// A price stored in thousandths, as the feeds write it: to the cent, without separators.
pub fn price(thousandths: i64) -> String {
    two_decimals((thousandths + 5).div_euclid(10))
}

/// An area in m² as square feet, to the hundredth.
pub fn square_feet(square_metres: f64) -> String {
    // An area is at most a few million m²: its hundredths of a square foot fit an i64.
    two_decimals((square_metres * SQFT_PER_SQM * 100.0).round() as i64)
}

/// A coordinate to the millionth of a degree (about 10 cm), without trailing zeros.
pub fn degrees(value: f64) -> String {
    let text = format!("{value:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_owned()
    } else {
        text.to_owned()
    }
}

/// A room count, `cap` and above written `{cap}+`.
pub fn rooms(count: i32, cap: i32) -> String {
    if count > cap {
        format!("{cap}+")
    } else {
        count.max(0).to_string()
    }
}

/// A phone number's digits only (Property Finder's form).
pub fn digits(phone: &str) -> String {
    phone.chars().filter(char::is_ascii_digit).collect()
}

/// A phone number as `+` and its digits when it was written with one (Bayut's form).
pub fn international(phone: &str) -> String {
    let digits = digits(phone);
    if phone.trim_start().starts_with('+') {
        format!("+{digits}")
    } else {
        digits
    }
}

/// A stored instant (RFC 3339) as the feeds write them: `YYYY-MM-DD HH:MM:SS`, UTC.
pub fn feed_time(stored: &str) -> String {
    let format = format_description!("[year]-[month]-[day] [hour]:[minute]:[second]");
    OffsetDateTime::parse(stored, &Rfc3339)
        .ok()
        .and_then(|instant| instant.to_offset(time::UtcOffset::UTC).format(&format).ok())
        .unwrap_or_else(|| stored.chars().take(19).map(|c| if c == 'T' { ' ' } else { c }).collect())
}

/// A stored instant (RFC 3339) as HTTP writes it (`Last-Modified`, RFC 9110 §5.6.7).
pub fn http_date(stored: &str) -> Option<String> {
    let format = format_description!(
        "[weekday repr:short], [day] [month repr:short] [year] [hour]:[minute]:[second] GMT"
    );
    let instant = OffsetDateTime::parse(stored, &Rfc3339).ok()?;
    instant.to_offset(time::UtcOffset::UTC).format(&format).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_escaped_and_what_xml_cannot_hold_is_dropped() {
        let mut out = String::new();
        escape_into(&mut out, "a<b & \"c\" 'd'>\u{1}\u{FFFF}\tفيلا]]>");
        assert_eq!(out, "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;\tفيلا]]&gt;");
    }

    #[test]
    fn numbers_are_written_as_the_portals_read_them() {
        assert_eq!(price(2_450_000_000), "2450000");
        assert_eq!(price(1_234_567_890), "1234567.89");
        assert_eq!(price(1_500), "1.5");
        assert_eq!(square_feet(120.0), "1291.67");
        assert_eq!(degrees(55.270_782_1), "55.270782");
        assert_eq!(degrees(-0.000_000_1), "0");
        assert_eq!(rooms(8, 7), "7+");
        assert_eq!(rooms(3, 7), "3");
        assert_eq!(digits("+971 50-123 4567"), "971501234567");
        assert_eq!(international("+971 50-123 4567"), "+971501234567");
    }

    #[test]
    fn instants_are_written_in_the_feeds_and_in_http_forms() {
        assert_eq!(feed_time("2025-02-27T14:05:12Z"), "2025-02-27 14:05:12");
        assert_eq!(feed_time("2025-02-27T16:05:12+02:00"), "2025-02-27 14:05:12");
        assert_eq!(http_date("1994-11-06T08:49:37Z").as_deref(), Some("Sun, 06 Nov 1994 08:49:37 GMT"));
    }
}
