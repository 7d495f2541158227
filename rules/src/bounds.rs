//! How much a client may send: the length of every text, the number of entries of every
//! list, and which addresses a URL field may hold (issue 21, items 4 and 5).
//!
//! Every payload's rules call these, so the browser refuses what the server would, with the
//! same message, before anything is sent.

use std::borrow::Cow;

use crate::{messages, FieldErrors};

/// Names, titles, labels, positions, icons, phone numbers: one line of text.
pub const SHORT_TEXT_MAX: usize = 200;
/// A location line (region, city and country joined) or a postal address.
pub const MEDIUM_TEXT_MAX: usize = 1_000;
/// Descriptions, section contents and testimonials.
pub const LONG_TEXT_MAX: usize = 10_000;
/// Any web address or `/media/` reference, and any inline image kept as a listing image.
pub const URL_MAX: usize = 2_048;
/// Images of one listing.
pub const LISTING_IMAGES_MAX: usize = 50;
/// Specializations of one team member, each a short text.
pub const SPECIALIZATIONS_MAX: usize = 20;
/// Values in the values-section editor.
pub const VALUES_MAX: usize = 20;
/// Features selected for one listing.
pub const FEATURE_IDS_MAX: usize = 200;
/// Ids of one reorder call.
pub const ORDER_IDS_MAX: usize = 1_000;

/// The three lengths of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    Short,
    Medium,
    Long,
}

impl Text {
    pub const fn max(self) -> usize {
        match self {
            Text::Short => SHORT_TEXT_MAX,
            Text::Medium => MEDIUM_TEXT_MAX,
            Text::Long => LONG_TEXT_MAX,
        }
    }

    pub const fn message(self) -> &'static str {
        match self {
            Text::Short => messages::SHORT_TEXT_TOO_LONG,
            Text::Medium => messages::MEDIUM_TEXT_TOO_LONG,
            Text::Long => messages::LONG_TEXT_TOO_LONG,
        }
    }

    /// Whether `text` is longer than this length, in Unicode characters (so Arabic is
    /// measured as typed); stops counting at the limit.
    pub fn exceeded_by(self, text: &str) -> bool {
        text.chars().nth(self.max()).is_some()
    }
}

/// What a URL field may hold besides `https:`/`http:` addresses and `/media/` references.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlField {
    /// A link followed or loaded as given: nothing inline (videos, tours, social links,
    /// linked images).
    Link,
    /// A listing image kept as given: core §5's add-by-URL also takes inline image data,
    /// which is then held to [`URL_MAX`] like any address.
    ListingImage,
    /// A field whose chosen file arrives inline and goes to the media store (category
    /// image, logo, team and client photos, `imageData`): a raster image of any length the
    /// image limits allow.
    Upload,
}

/// The raster image types a data URL may declare: what browsers show in `<img>` without
/// running anything. SVG is left out because it can carry script.
const RASTER_DATA_PREFIXES: [&str; 4] = [
    "data:image/png;base64,",
    "data:image/jpeg;base64,",
    "data:image/webp;base64,",
    "data:image/gif;base64,",
];

/// The server's own stored files (the contract's `/media/{sha256}.{ext}`).
const MEDIA_PREFIX: &str = "/media/";

/// Why a URL field's value is refused, if it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlRefusal {
    TooLong,
    /// Not an http(s) address with a host, nor a `/media/` reference (`javascript:`,
    /// `data:text/html`, a relative path, `//host`...).
    Unsafe,
    /// Inline data where inline data may be, but not a base64 raster image.
    NotARasterImage,
}

impl UrlRefusal {
    pub fn message(self) -> &'static str {
        match self {
            UrlRefusal::TooLong => messages::URL_TOO_LONG,
            UrlRefusal::Unsafe => messages::URL_UNSAFE,
            UrlRefusal::NotARasterImage => messages::IMAGE_NOT_RECOGNISED,
        }
    }
}

/// Judges a non-blank URL field value as given (no trimming: what is stored is what is
/// judged, and a browser would skip leading white space that a prefix check did not).
pub fn judge_url(value: &str, field: UrlField) -> Result<(), UrlRefusal> {
    if starts_with_ignoring_case(value, "data:") {
        return match field {
            UrlField::Link => Err(UrlRefusal::Unsafe),
            UrlField::ListingImage if value.chars().count() > URL_MAX => Err(UrlRefusal::TooLong),
            UrlField::ListingImage | UrlField::Upload if is_raster_data(value) => Ok(()),
            UrlField::ListingImage | UrlField::Upload => Err(UrlRefusal::NotARasterImage),
        };
    }
    if value.chars().count() > URL_MAX {
        return Err(UrlRefusal::TooLong);
    }
    if is_media_reference(value) || is_web_address(value) {
        Ok(())
    } else {
        Err(UrlRefusal::Unsafe)
    }
}

fn starts_with_ignoring_case(text: &str, prefix: &str) -> bool {
    text.get(..prefix.len()).is_some_and(|start| start.eq_ignore_ascii_case(prefix))
}

/// No white space, control character or backslash anywhere: browsers drop or reinterpret
/// them (`java\tscript:`, `https:\\evil`), so an address that needs them is not taken.
fn plain_characters(text: &str) -> bool {
    text.chars().all(|c| !c.is_whitespace() && !c.is_control() && c != '\\')
}

/// `/media/{name}` with an optional query: one file name, so that no `..` or further `/`
/// leads the reference out of the media store to another path of the server.
fn is_media_reference(value: &str) -> bool {
    let Some(rest) = value.strip_prefix(MEDIA_PREFIX) else {
        return false;
    };
    let name = rest.split('?').next().unwrap_or_default();
    !name.is_empty() && !name.contains('/') && !name.starts_with('.') && plain_characters(value)
}

/// `http://` or `https://`, then a host (after any `user@`, before any `:port`).
fn is_web_address(value: &str) -> bool {
    let rest = ["https://", "http://"]
        .iter()
        .find_map(|scheme| starts_with_ignoring_case(value, scheme).then(|| &value[scheme.len()..]));
    let Some(rest) = rest else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit('@').next().unwrap_or_default();
    let host = match host.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or_default(),
        None => host.split(':').next().unwrap_or_default(),
    };
    !host.is_empty() && plain_characters(value)
}

/// `data:image/{png,jpeg,webp,gif};base64,` and then base64 only (white space allowed, as
/// wrapped data URLs have it).
fn is_raster_data(value: &str) -> bool {
    RASTER_DATA_PREFIXES.iter().any(|prefix| {
        starts_with_ignoring_case(value, prefix) && {
            let payload = &value[prefix.len()..];
            payload.bytes().any(|b| !b.is_ascii_whitespace())
                && payload.bytes().all(|b| {
                    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=') || b.is_ascii_whitespace()
                })
        }
    })
}

impl FieldErrors {
    /// Adds the length's message for `field` when the text is longer than `length` allows;
    /// `None` (not given) is never too long.
    pub fn limit_text(&mut self, value: Option<&str>, length: Text, field: impl Into<Cow<'static, str>>) {
        if value.is_some_and(|text| length.exceeded_by(text)) {
            self.add(field, length.message());
        }
    }

    /// At most 200 characters.
    pub fn limit_short(&mut self, value: &str, field: &'static str) {
        self.limit_text(Some(value), Text::Short, field);
    }

    pub fn limit_short_optional(&mut self, value: Option<&str>, field: &'static str) {
        self.limit_text(value, Text::Short, field);
    }

    /// At most 1,000 characters.
    pub fn limit_medium(&mut self, value: Option<&str>, field: &'static str) {
        self.limit_text(value, Text::Medium, field);
    }

    /// At most 10,000 characters.
    pub fn limit_long(&mut self, value: Option<&str>, field: &'static str) {
        self.limit_text(value, Text::Long, field);
    }

    /// Adds `message` for `field` when the list has more than `max` entries.
    pub fn limit_list<T>(&mut self, list: &[T], max: usize, field: &'static str, message: &'static str) {
        self.check(list.len() > max, field, message);
    }

    /// Checks a URL field by [`judge_url`]; blank means no URL.
    pub fn check_url(&mut self, value: Option<&str>, url: UrlField, field: impl Into<Cow<'static, str>>) {
        if let Some(value) = value.filter(|v| !v.trim().is_empty()) {
            if let Err(refusal) = judge_url(value, url) {
                self.add(field, refusal.message());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_addresses_with_a_host_and_media_references_pass_every_field() {
        for field in [UrlField::Link, UrlField::ListingImage, UrlField::Upload] {
            for url in [
                "https://example.com/a.jpg",
                "HTTP://Example.com",
                "https://user@cdn.example.com:8443/x?y#z",
                "https://[::1]/a.png",
                "/media/0123abcd.png",
                "/media/0123abcd.jpg?w=320",
            ] {
                assert_eq!(judge_url(url, field), Ok(()), "{url} in {field:?}");
            }
        }
    }

    #[test]
    fn scripts_and_addresses_without_a_host_are_unsafe() {
        for url in [
            "javascript:alert(1)",
            "JavaScript:alert(1)//.png",
            " https://example.com/a.png",
            "java\tscript:alert(1)",
            "vbscript:msgbox(1)",
            "https://",
            "https:///path",
            "https://@/x",
            "https:\\\\evil.example",
            "//evil.example/a.png",
            "/media/",
            "/media/../api/users",
            "/media/a/../../api/users",
            "/api/users",
            "media/a.png",
            "ftp://example.com/a.png",
            "https://exa mple.com/a.png",
        ] {
            assert_eq!(judge_url(url, UrlField::Upload), Err(UrlRefusal::Unsafe), "{url:?}");
        }
    }

    #[test]
    fn inline_data_is_a_raster_image_where_files_are_stored_and_nowhere_else() {
        let png = "data:image/png;base64,iVBORw0KGgo=";
        assert_eq!(judge_url(png, UrlField::Upload), Ok(()));
        assert_eq!(judge_url(png, UrlField::ListingImage), Ok(()));
        assert_eq!(judge_url("DATA:IMAGE/JPEG;BASE64,/9j/4AAQ", UrlField::Upload), Ok(()));
        assert_eq!(judge_url(png, UrlField::Link), Err(UrlRefusal::Unsafe));
        for refused in [
            "data:text/html;base64,PHNjcmlwdD4=",
            "data:text/html,<script>alert(1)</script>",
            "data:image/svg+xml;base64,PHN2Zz4=",
            "data:image/svg+xml,<svg onload=alert(1)>",
            "data:image/png,rawbytes",
            "data:image/png;base64,",
            "data:image/png;base64,<script>",
        ] {
            assert_eq!(judge_url(refused, UrlField::Upload), Err(UrlRefusal::NotARasterImage), "{refused}");
        }
    }

    #[test]
    fn addresses_are_held_to_2048_characters_and_uploads_to_their_image_limit() {
        let at_limit = format!("https://example.com/{}", "a".repeat(URL_MAX - 20));
        assert_eq!(judge_url(&at_limit, UrlField::Link), Ok(()));
        assert_eq!(judge_url(&format!("{at_limit}a"), UrlField::Link), Err(UrlRefusal::TooLong));
        let big_png = format!("data:image/png;base64,{}", "A".repeat(URL_MAX));
        assert_eq!(judge_url(&big_png, UrlField::Upload), Ok(()));
        assert_eq!(judge_url(&big_png, UrlField::ListingImage), Err(UrlRefusal::TooLong));
    }

    #[test]
    fn text_is_measured_in_characters() {
        let mut errors = FieldErrors::new();
        errors.limit_short(&"ع".repeat(SHORT_TEXT_MAX), "titleAr");
        assert!(errors.is_empty());
        errors.limit_short(&"ع".repeat(SHORT_TEXT_MAX + 1), "titleAr");
        assert_eq!(errors.get("titleAr"), Some(messages::SHORT_TEXT_TOO_LONG));
    }

    /// The messages spell their numbers; this keeps them and the limits together.
    #[test]
    fn each_message_names_its_limit() {
        let thousands = |n: usize| {
            let digits = n.to_string();
            match digits.len() {
                4.. => format!("{},{}", &digits[..digits.len() - 3], &digits[digits.len() - 3..]),
                _ => digits,
            }
        };
        for (message, limit) in [
            (messages::SHORT_TEXT_TOO_LONG, SHORT_TEXT_MAX),
            (messages::MEDIUM_TEXT_TOO_LONG, MEDIUM_TEXT_MAX),
            (messages::LONG_TEXT_TOO_LONG, LONG_TEXT_MAX),
            (messages::URL_TOO_LONG, URL_MAX),
            (messages::IMAGES_TOO_MANY, LISTING_IMAGES_MAX),
            (messages::SPECIALIZATIONS_TOO_MANY, SPECIALIZATIONS_MAX),
            (messages::VALUES_TOO_MANY, VALUES_MAX),
            (messages::FEATURES_TOO_MANY, FEATURE_IDS_MAX),
            (messages::ORDER_TOO_LONG, ORDER_IDS_MAX),
        ] {
            assert!(message.contains(&format!(" {} ", thousands(limit))), "{message} names {limit}");
        }
    }
}
