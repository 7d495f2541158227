//! What counts as an image: judged by the first bytes of the file, never by its name or
//! the type the browser claims, so a text file called `photo.png` is refused.

use std::io::Cursor;

use base64::Engine;
use rules::images::CATEGORY_IMAGE_MAX_BYTES;

/// The image formats the panel shows; each has one canonical file ending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Png,
    Jpeg,
    Gif,
    Webp,
}

impl ImageKind {
    pub const ALL: [ImageKind; 4] = [Self::Png, Self::Jpeg, Self::Gif, Self::Webp];

    /// The kind whose signature the bytes start with.
    pub fn sniff(bytes: &[u8]) -> Option<ImageKind> {
        const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
        if bytes.starts_with(PNG) {
            Some(Self::Png)
        } else if bytes.starts_with(b"\xFF\xD8\xFF") {
            Some(Self::Jpeg)
        } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            Some(Self::Gif)
        } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
            Some(Self::Webp)
        } else {
            None
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Self::Png => "png",
            Self::Jpeg => "jpg",
            Self::Gif => "gif",
            Self::Webp => "webp",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::Png => "image/png",
            Self::Jpeg => "image/jpeg",
            Self::Gif => "image/gif",
            Self::Webp => "image/webp",
        }
    }

    pub fn of_extension(extension: &str) -> Option<ImageKind> {
        Self::ALL.into_iter().find(|kind| kind.extension() == extension)
    }

    pub fn format(self) -> ::image::ImageFormat {
        match self {
            Self::Png => ::image::ImageFormat::Png,
            Self::Jpeg => ::image::ImageFormat::Jpeg,
            Self::Gif => ::image::ImageFormat::Gif,
            Self::Webp => ::image::ImageFormat::WebP,
        }
    }
}

/// The most pixels an image may have: a 50-megapixel phone photo (8160×6120) fits. A file
/// can declare far more than it holds (a PNG of a few kilobytes may claim 30000×30000
/// pixels, 3.6 GB once decoded), so the declared size is checked before any pixel is.
pub const MAX_PIXELS: u64 = 50_000_000;

/// The longest side the decoders accept (JPEG's own maximum).
pub const MAX_SIDE: u32 = 65_535;

pub fn too_many_pixels(width: u32, height: u32) -> bool {
    width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS
}

/// The width and height the file's header declares, read without decoding a pixel; `None`
/// when the header cannot be read.
pub fn declared_size(kind: ImageKind, bytes: &[u8]) -> Option<(u32, u32)> {
    let mut reader = ::image::ImageReader::with_format(Cursor::new(bytes), kind.format());
    reader.no_limits();
    reader.into_dimensions().ok()
}

/// Why an image was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    TooLarge,
    NotAnImage,
    TooManyPixels,
}

/// The largest image the panel keeps (the category upload hint, 'up to 10MB').
pub const MAX_IMAGE_BYTES: u64 = CATEGORY_IMAGE_MAX_BYTES;

/// Bytes that passed: a known image kind within the size limit.
pub struct Image {
    pub kind: ImageKind,
    pub bytes: Vec<u8>,
}

impl Image {
    /// A file whose header declares more pixels than the panel will ever decode is refused
    /// here, where the person uploading it can choose another, rather than when it is first
    /// shown. A header that cannot be read is left to the signature, as before.
    pub fn judge(bytes: Vec<u8>) -> Result<Image, Refusal> {
        if bytes.len() as u64 > MAX_IMAGE_BYTES {
            return Err(Refusal::TooLarge);
        }
        let kind = ImageKind::sniff(&bytes).ok_or(Refusal::NotAnImage)?;
        if declared_size(kind, &bytes).is_some_and(|(width, height)| too_many_pixels(width, height)) {
            return Err(Refusal::TooManyPixels);
        }
        Ok(Image { kind, bytes })
    }

    /// An image from a base64 data URL (`data:image/png;base64,...`), as the browser's
    /// FileReader writes it. The declared media type is ignored: the bytes decide.
    pub fn from_data_url(url: &str) -> Result<Image, Refusal> {
        let Some((_, payload)) = url.split_once(";base64,") else {
            return Err(Refusal::NotAnImage);
        };
        // Judged before decoding, so an oversized body costs no allocation.
        if rules::images::inline_image_bytes(url) > MAX_IMAGE_BYTES {
            return Err(Refusal::TooLarge);
        }
        // Data URLs may be wrapped over several lines; the white space is not data.
        let compact: Vec<u8> = payload.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
        let bytes =
            base64::engine::general_purpose::STANDARD.decode(compact).map_err(|_| Refusal::NotAnImage)?;
        Self::judge(bytes)
    }
}

/// Whether a text is inline data rather than a reference to a file.
pub fn is_data_url(text: &str) -> bool {
    text.get(..5).is_some_and(|scheme| scheme.eq_ignore_ascii_case("data:"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_known_by_its_signature() {
        assert_eq!(ImageKind::sniff(b"\x89PNG\r\n\x1a\n...."), Some(ImageKind::Png));
        assert_eq!(ImageKind::sniff(b"\xFF\xD8\xFF\xE0"), Some(ImageKind::Jpeg));
        assert_eq!(ImageKind::sniff(b"GIF89a.."), Some(ImageKind::Gif));
        assert_eq!(ImageKind::sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some(ImageKind::Webp));
        assert_eq!(ImageKind::sniff(b"RIFF\0\0\0\0WAVEfmt "), None);
        assert_eq!(ImageKind::sniff(b"hello, I am text"), None);
        assert_eq!(ImageKind::sniff(b""), None);
    }

    #[test]
    fn a_data_url_is_decoded_and_judged_by_its_bytes() {
        let url = "data:text/plain;base64,R0lGODlhAQABAAAAACw=";
        let image = Image::from_data_url(url).ok().map(|i| i.kind);
        assert_eq!(image, Some(ImageKind::Gif));
        assert_eq!(Image::from_data_url("data:image/png;base64,aGVsbG8=").err(), Some(Refusal::NotAnImage));
        assert_eq!(Image::from_data_url("data:image/png;base64,***").err(), Some(Refusal::NotAnImage));
        assert_eq!(Image::from_data_url("data:image/svg+xml,<svg/>").err(), Some(Refusal::NotAnImage));
    }

    #[test]
    fn the_size_limit_is_inclusive() {
        let mut bytes = b"GIF89a".to_vec();
        bytes.resize(MAX_IMAGE_BYTES as usize, 0);
        assert!(Image::judge(bytes.clone()).is_ok());
        bytes.push(0);
        assert_eq!(Image::judge(bytes).err(), Some(Refusal::TooLarge));
    }
}
