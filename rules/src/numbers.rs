//! How typed form entries become numbers (core §5, site §5), the same in every form.
//!
//! Each coercion reads a JSON value as the form holds it: a string as typed, a number when
//! the field already holds one, or null.

use serde_json::Value;

use crate::services::STEP_NUMBER_DEFAULT;

/// An optional number (price details, fees, floors): empty or unreadable becomes absent.
pub fn optional_number(entry: &Value) -> Option<f64> {
    match entry {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => decimal(s),
        _ => None,
    }
}

/// Reads a typed decimal: optional sign, digits with an optional '.' fraction (either side
/// may be empty, not both), optional exponent; surrounding white space is ignored. The text
/// is rewritten as a JSON number and read by `serde_json`, whose float reader is already in
/// the browser build, where the standard library's would add its own.
fn decimal(text: &str) -> Option<f64> {
    let text = text.trim();
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
        return None;
    }
    let mut json = String::with_capacity(text.len() + 2);
    if negative {
        json.push('-');
    }
    let whole = whole.trim_start_matches('0');
    json.push_str(if whole.is_empty() { "0" } else { whole });
    if !fraction.is_empty() {
        json.push('.');
        json.push_str(fraction);
    }
    if let Some(exponent) = exponent {
        let unsigned = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
        if unsigned.is_empty() || !digits(unsigned) {
            return None;
        }
        json.push('e');
        json.push_str(exponent);
    }
    serde_json::from_str::<f64>(&json).ok().filter(|n| n.is_finite())
}

/// An optional whole number (year built, floors, apartments, parking spaces): empty or
/// unreadable becomes absent.
pub fn optional_integer(entry: &Value) -> Option<i32> {
    integer(entry)
}

/// A room count: empty or unreadable becomes 0.
pub fn room_count(entry: &Value) -> i32 {
    integer(entry).unwrap_or(0)
}

/// Site §9: a record's place in its list when none is given.
pub const DISPLAY_ORDER_DEFAULT: i32 = 0;

/// A display order: unreadable becomes the default, 0.
pub fn display_order(entry: &Value) -> i32 {
    integer(entry).unwrap_or(DISPLAY_ORDER_DEFAULT)
}

/// A process step's number: unreadable becomes 1.
pub fn step_number(entry: &Value) -> i32 {
    integer(entry).unwrap_or(STEP_NUMBER_DEFAULT)
}

/// Reads an integer the way a browser's `parseInt` does: leading white space, an optional
/// sign, then the digits up to the first other character ('3.7' is 3, '12px' is 12). A
/// number is cut to its whole part. Anything outside the 32-bit range is unreadable.
fn integer(entry: &Value) -> Option<i32> {
    match entry {
        Value::Number(n) => {
            n.as_i64().or_else(|| n.as_f64().filter(|f| f.is_finite()).map(|f| f.trunc() as i64))
        }
        Value::String(s) => leading_integer(s),
        _ => None,
    }
    .and_then(|n| i32::try_from(n).ok())
}

fn leading_integer(text: &str) -> Option<i64> {
    let text = text.trim_start();
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let significant = rest[..digits].trim_start_matches('0');
    // More than ten significant digits exceed any 32-bit value; refusing them here also
    // keeps the parse inside i64.
    if significant.len() > 10 {
        return None;
    }
    let magnitude: i64 = if significant.is_empty() { 0 } else { significant.parse().ok()? };
    Some(if negative { -magnitude } else { magnitude })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn decimals_read_as_typed() {
        for (text, number) in [
            ("12", 12.0),
            (" 1234.56 ", 1234.56),
            ("-0.5", -0.5),
            ("+3", 3.0),
            (".5", 0.5),
            ("5.", 5.0),
            ("007", 7.0),
            ("1e3", 1000.0),
            ("2.5E-1", 0.25),
        ] {
            assert_eq!(optional_number(&json!(text)), Some(number), "{text}");
        }
        for text in ["", "  ", "abc", "1,5", ".", "-", "1e", "1e+", "1.2.3", "1e400", "0x10", "NaN", "inf"] {
            assert_eq!(optional_number(&json!(text)), None, "{text}");
        }
    }

    #[test]
    fn integers_read_like_parse_int() {
        assert_eq!(display_order(&json!("  42")), 42);
        assert_eq!(display_order(&json!("-3")), -3);
        assert_eq!(display_order(&json!("3.9")), 3);
        assert_eq!(display_order(&json!("12px")), 12);
        assert_eq!(display_order(&json!("px12")), 0);
        assert_eq!(display_order(&json!("99999999999999999999")), 0);
        assert_eq!(display_order(&json!("000000000000042")), 42);
        assert_eq!(step_number(&json!("-")), 1);
        assert_eq!(optional_integer(&json!("2019")), Some(2019));
        assert_eq!(optional_integer(&json!("")), None);
        assert_eq!(optional_integer(&json!("floor")), None);
        assert_eq!(optional_integer(&json!("99999999999")), None);
    }
}
