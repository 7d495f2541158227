//! The `If-Match` request guard of the contract's "Concurrent edits": a PUT or DELETE that
//! names the version it read is refused with 412 when the record has moved on since.

use rocket::request::{FromRequest, Outcome, Request};

use crate::platform::http::error::ApiError;

/// The version a write expects; `None` (no header, or `*`) writes whatever the version is,
/// so the specifications' plain calls stay valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IfMatch(pub Option<i64>);

/// The header's value is the record's version as an entity tag: `"3"` (or weak, `W/"3"`).
fn parse(value: &str) -> Option<IfMatch> {
    let value = value.trim();
    if value == "*" {
        return Some(IfMatch(None));
    }
    let tag = value.strip_prefix("W/").unwrap_or(value);
    let version = tag.strip_prefix('"')?.strip_suffix('"')?;
    version.parse().ok().filter(|v: &i64| *v >= 1).map(|v| IfMatch(Some(v)))
}

#[rocket::async_trait]
impl<'r> FromRequest<'r> for IfMatch {
    type Error = ApiError;

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, Self::Error> {
        let Some(value) = request.headers().get_one("If-Match") else {
            return Outcome::Success(IfMatch(None));
        };
        match parse(value) {
            Some(expected) => Outcome::Success(expected),
            None => {
                let error = ApiError::bad_request(rules::messages::IF_MATCH_MALFORMED);
                Outcome::Error((error.clone().stash(request), error))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_version_strong_or_weak_is_expected() {
        assert_eq!(parse("\"3\""), Some(IfMatch(Some(3))));
        assert_eq!(parse(" W/\"12\" "), Some(IfMatch(Some(12))));
        assert_eq!(parse("*"), Some(IfMatch(None)));
    }

    #[test]
    fn anything_else_is_refused() {
        for bad in ["3", "\"\"", "\"abc\"", "\"0\"", "\"1\", \"2\"", "\"-1\""] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
