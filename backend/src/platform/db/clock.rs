//! Time as the database stores it: RFC 3339 UTC text for record timestamps (sortable as
//! text in both dialects) and whole epoch seconds for session arithmetic.

use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

pub fn now_text() -> String {
    text_at(OffsetDateTime::now_utc())
}

/// The instant `epoch` (seconds) as record timestamps are stored, to compare them with.
pub fn text_of(epoch: i64) -> String {
    OffsetDateTime::from_unix_timestamp(epoch).map(text_at).unwrap_or_default()
}

fn text_at(instant: OffsetDateTime) -> String {
    instant.replace_nanosecond(0).ok().and_then(|t| t.format(&Rfc3339).ok()).unwrap_or_default()
}

pub fn now_epoch() -> i64 {
    OffsetDateTime::now_utc().unix_timestamp()
}
