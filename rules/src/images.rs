//! Which images the panel takes: the add-by-URL acceptance rule (core §5) and the size
//! limits of uploads (core §9, site §9).

use schemars::JsonSchema;
use serde::Serialize;

use crate::bounds::{self, UrlField};
use crate::{messages, text};

const MEBIBYTE: u64 = 1024 * 1024;
/// Category images (hint) and hero images (hint).
pub const CATEGORY_IMAGE_MAX_BYTES: u64 = 10 * MEBIBYTE;
pub const HERO_IMAGE_MAX_BYTES: u64 = 10 * MEBIBYTE;
/// Company logo (hint) and team photos (hint, not enforced).
pub const LOGO_MAX_BYTES: u64 = 5 * MEBIBYTE;
pub const TEAM_IMAGE_MAX_BYTES: u64 = 5 * MEBIBYTE;
/// About and values section images: the one enforced limit.
pub const SECTION_IMAGE_MAX_BYTES: u64 = 5 * MEBIBYTE;

/// Image file endings an image URL may contain.
const IMAGE_ENDINGS: [&str; 5] = [".jpg", ".jpeg", ".png", ".webp", ".gif"];
/// Image hosts whose URLs need not name a file ending.
const IMAGE_HOSTS: [&str; 3] = ["imgur", "cloudinary", "unsplash"];
const INLINE_IMAGE_PREFIX: &str = "data:image/";

/// What became of a URL typed into an "add image by URL" field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "camelCase")]
pub enum UrlVerdict {
    /// Nothing was typed: nothing to add, nothing to complain about.
    Ignored,
    /// The URL, trimmed, to add to the images.
    Accepted { url: String },
    /// Not recognisably an image; `message` is title and description joined by ': '.
    Rejected { title: &'static str, description: &'static str, message: String },
}

/// Judges a typed image URL. Matching ignores case, so 'PHOTO.JPG' counts as a JPEG. Only
/// what a listing may keep as an image is looked at ([`bounds::judge_url`], the server's own
/// rule): `javascript:alert(1)//.png` contains '.png' but is no image address.
pub fn judge_url(input: &str) -> UrlVerdict {
    let url = input.trim();
    if url.is_empty() {
        return UrlVerdict::Ignored;
    }
    let lower = url.to_ascii_lowercase();
    let accepted = bounds::judge_url(url, UrlField::ListingImage).is_ok()
        && (IMAGE_ENDINGS
            .iter()
            .chain(IMAGE_HOSTS.iter())
            .any(|needle| text::find(&lower, needle).is_some())
            || lower.starts_with(INLINE_IMAGE_PREFIX));
    if accepted {
        UrlVerdict::Accepted { url: url.to_owned() }
    } else {
        UrlVerdict::Rejected {
            title: messages::IMAGE_URL_INVALID_TITLE,
            description: messages::IMAGE_URL_INVALID_DESCRIPTION,
            message: messages::IMAGE_URL_INVALID.to_owned(),
        }
    }
}

/// The toast a too-large section image gets (site §2), or none when the size is allowed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TooLarge {
    pub title: &'static str,
    pub description: &'static str,
}

/// Checks the byte size of a file chosen for an about or values section.
pub fn check_section_upload(bytes: u64) -> Option<TooLarge> {
    (bytes > SECTION_IMAGE_MAX_BYTES)
        .then_some(TooLarge { title: messages::FILE_TOO_LARGE_TITLE, description: messages::IMAGE_TOO_LARGE })
}

/// Checks the byte size of a file chosen as the company logo (core §9: 5MB).
pub fn check_logo_upload(bytes: u64) -> Option<TooLarge> {
    (bytes > LOGO_MAX_BYTES)
        .then_some(TooLarge { title: messages::FILE_TOO_LARGE_TITLE, description: messages::LOGO_TOO_LARGE })
}

/// Checks the byte size of a file chosen as a category image (core §2: 'up to 10MB').
pub fn check_category_upload(bytes: u64) -> Option<TooLarge> {
    (bytes > CATEGORY_IMAGE_MAX_BYTES)
        .then_some(TooLarge { title: messages::FILE_TOO_LARGE_TITLE, description: messages::IMAGE_OVER_10MB })
}

/// Bytes of the file inside a base64 data URL (`data:image/png;base64,....`), so the server
/// can hold inline section images to the same limit as the browser's file picker. Text that
/// is not a base64 data URL counts by its own length.
pub fn inline_image_bytes(data: &str) -> u64 {
    const MARKER: &str = ";base64,";
    match text::find(data, MARKER) {
        Some(at) => {
            let payload = &data[at + MARKER.len()..];
            let payload = payload.trim_end();
            let padding = payload.bytes().rev().take_while(|b| *b == b'=').count();
            (payload.len() as u64 * 3 / 4).saturating_sub(padding as u64)
        }
        None => data.len() as u64,
    }
}

/// Whether inline image data is over the section limit.
pub fn section_image_too_large(data: Option<&str>) -> bool {
    data.is_some_and(|d| inline_image_bytes(d) > SECTION_IMAGE_MAX_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_payload_size_accounts_for_padding() {
        assert_eq!(inline_image_bytes("data:image/png;base64,QQ=="), 1);
        assert_eq!(inline_image_bytes("data:image/png;base64,QUI="), 2);
        assert_eq!(inline_image_bytes("data:image/png;base64,QUJD"), 3);
    }

    #[test]
    fn the_logo_limit_is_inclusive() {
        assert_eq!(check_logo_upload(LOGO_MAX_BYTES), None);
        assert!(check_logo_upload(LOGO_MAX_BYTES + 1).is_some());
    }

    #[test]
    fn the_section_limit_is_inclusive() {
        assert_eq!(check_section_upload(SECTION_IMAGE_MAX_BYTES), None);
        assert!(check_section_upload(SECTION_IMAGE_MAX_BYTES + 1).is_some());
    }
}
