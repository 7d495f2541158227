//! Byte ranges of a media file (RFC 9110 §14): a player seeks in a video, a download resumes.
//! One range per request; anything else in `Range` is ignored and the whole file answered,
//! which the RFC allows.

use rocket::http::Status;
use rocket::request::{FromRequest, Outcome, Request};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByteRange {
    /// `bytes=first-` or `bytes=first-last`
    From { first: u64, last: Option<u64> },
    /// `bytes=-length`: the file's last `length` bytes.
    Last(u64),
}

impl ByteRange {
    /// A single byte range, or `None` for anything else (another unit, several ranges,
    /// `first` after `last`, text that is not a number).
    pub fn parse(header: &str) -> Option<ByteRange> {
        let spec = header.trim().strip_prefix("bytes=")?.trim();
        let (first, last) = spec.split_once('-')?;
        let number = |text: &str| {
            let text = text.trim();
            (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
                .then(|| text.parse::<u64>().ok())
                .flatten()
        };
        match (first.trim().is_empty(), last.trim().is_empty()) {
            (true, true) => None,
            (true, false) => number(last).map(ByteRange::Last),
            (false, true) => number(first).map(|first| ByteRange::From { first, last: None }),
            (false, false) => {
                let (first, last) = (number(first)?, number(last)?);
                (first <= last).then_some(ByteRange::From { first, last: Some(last) })
            }
        }
    }

    /// The first and last byte (inclusive) of a file of `length` bytes that the range asks
    /// for, or `None` when it asks for none of them (416).
    pub fn within(self, length: u64) -> Option<(u64, u64)> {
        let end = length.checked_sub(1)?;
        match self {
            ByteRange::From { first, last } => {
                (first <= end).then(|| (first, last.map_or(end, |last| last.min(end))))
            }
            ByteRange::Last(0) => None,
            ByteRange::Last(count) => Some((length.saturating_sub(count), end)),
        }
    }
}

/// The `Range` header of a request, when it names one range; `Option<ByteRange>` in a
/// handler's signature is `None` otherwise.
#[rocket::async_trait]
impl<'r> FromRequest<'r> for ByteRange {
    type Error = ();

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, ()> {
        match request.headers().get_one("Range").and_then(ByteRange::parse) {
            Some(range) => Outcome::Success(range),
            None => Outcome::Forward(Status::Ok),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_byte_ranges_are_read() {
        assert_eq!(ByteRange::parse("bytes=0-99"), Some(ByteRange::From { first: 0, last: Some(99) }));
        assert_eq!(ByteRange::parse("bytes=100-"), Some(ByteRange::From { first: 100, last: None }));
        assert_eq!(ByteRange::parse("bytes=-5"), Some(ByteRange::Last(5)));
        assert_eq!(ByteRange::parse(" bytes= 7 - 9 "), Some(ByteRange::From { first: 7, last: Some(9) }));
    }

    #[test]
    fn anything_else_is_ignored() {
        for header in [
            "",
            "bytes=",
            "bytes=-",
            "bytes=9-7",
            "bytes=0-1,4-5",
            "items=0-1",
            "bytes=a-b",
            "bytes=+1-2",
            "bytes=1",
        ] {
            assert_eq!(ByteRange::parse(header), None, "{header:?}");
        }
    }

    #[test]
    fn ranges_are_cut_to_the_file() {
        assert_eq!(ByteRange::From { first: 0, last: Some(99) }.within(10), Some((0, 9)));
        assert_eq!(ByteRange::From { first: 9, last: None }.within(10), Some((9, 9)));
        assert_eq!(ByteRange::From { first: 10, last: None }.within(10), None);
        assert_eq!(ByteRange::Last(3).within(10), Some((7, 9)));
        assert_eq!(ByteRange::Last(30).within(10), Some((0, 9)));
        assert_eq!(ByteRange::Last(0).within(10), None);
        assert_eq!(ByteRange::From { first: 0, last: None }.within(0), None);
    }
}
