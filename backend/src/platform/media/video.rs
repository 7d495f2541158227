//! What counts as a video, judged by the first bytes of the file like images are, and the
//! upload field that receives one (see `received`).

use rocket::data::Limits;
use rocket::form::{self, DataField, FromFormField, ValueField};
use rules::constants::VIDEO_MAX_BYTES;
use rules::messages;

use super::received::{receive, Received, Spec};

/// The video formats browsers play; each has one canonical file ending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VideoKind {
    Mp4,
    Mov,
    Webm,
}

/// ISO BMFF major brands of files that are not videos: HEIF and AVIF still images (and
/// their image sequences) and M4A/M4B audio share the `ftyp` box with MP4.
const NOT_VIDEO_BRANDS: [&[u8; 4]; 9] =
    [b"heic", b"heix", b"heim", b"heis", b"mif1", b"msf1", b"avif", b"M4A ", b"M4B "];

impl VideoKind {
    pub const ALL: [VideoKind; 3] = [Self::Mp4, Self::Mov, Self::Webm];

    /// The kind the file's first bytes declare: an ISO BMFF `ftyp` box at offset 4 (brand
    /// `qt  ` for QuickTime, any other video brand for MP4), or an EBML header whose
    /// DocType is `webm` (a Matroska `.mkv` is not taken: browsers do not play it).
    pub fn sniff(head: &[u8]) -> Option<VideoKind> {
        if head.len() >= 12 && &head[4..8] == b"ftyp" {
            let size = u32::from_be_bytes([head[0], head[1], head[2], head[3]]);
            let brand = &head[8..12];
            return match brand {
                _ if size < 12 => None,
                b"qt  " => Some(Self::Mov),
                _ if NOT_VIDEO_BRANDS.iter().any(|b| b.as_slice() == brand) => None,
                _ => Some(Self::Mp4),
            };
        }
        (ebml_doc_type(head)? == b"webm").then_some(Self::Webm)
    }

    pub fn extension(self) -> &'static str {
        match self {
            Self::Mp4 => "mp4",
            Self::Mov => "mov",
            Self::Webm => "webm",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::Mp4 => "video/mp4",
            Self::Mov => "video/quicktime",
            Self::Webm => "video/webm",
        }
    }

    pub fn of_extension(extension: &str) -> Option<VideoKind> {
        Self::ALL.into_iter().find(|kind| kind.extension() == extension)
    }
}

/// An EBML variable-length integer at the start of `bytes`: its length in bytes and its
/// value, with the length marker removed when `strip_marker` (sizes) or kept (element ids).
fn vint(bytes: &[u8], strip_marker: bool) -> Option<(usize, u64)> {
    let first = *bytes.first()?;
    let length = first.leading_zeros() as usize + 1;
    if length > 8 || bytes.len() < length {
        return None;
    }
    let first = if strip_marker { u64::from(first) & (0xFF >> length) } else { u64::from(first) };
    let value = bytes[1..length].iter().fold(first, |value, &byte| (value << 8) | u64::from(byte));
    Some((length, value))
}

/// The DocType of the EBML header the bytes start with (`webm`, `matroska`...).
fn ebml_doc_type(head: &[u8]) -> Option<&[u8]> {
    const EBML: &[u8] = b"\x1A\x45\xDF\xA3";
    const DOC_TYPE: u64 = 0x4282;
    let rest = head.strip_prefix(EBML)?;
    let (length, size) = vint(rest, true)?;
    let mut header = &rest[length..];
    // An unknown size (all ones) or one past what was read: read what there is.
    if let Ok(size) = usize::try_from(size) {
        header = &header[..size.min(header.len())];
    }
    while !header.is_empty() {
        let (id_length, id) = vint(header, false)?;
        let (size_length, size) = vint(&header[id_length..], true)?;
        let start = id_length + size_length;
        let end = start.checked_add(usize::try_from(size).ok()?)?;
        let value = header.get(start..end)?;
        if id == DOC_TYPE {
            // A string element may be padded with NULs.
            let text_end = value.iter().position(|&b| b == 0).unwrap_or(value.len());
            return Some(&value[..text_end]);
        }
        header = &header[end..];
    }
    None
}

/// The largest video taken: the named limit `video` of Rocket's `limits` (so tests and
/// deployments can lower it), 200 MB unless configured.
pub fn max_bytes(limits: &Limits) -> u64 {
    limits.get("video").map_or(VIDEO_MAX_BYTES, |limit| limit.as_u64())
}

/// A received video file (see [`Received`]).
pub struct VideoUpload(pub Received);

#[rocket::async_trait]
impl<'v> FromFormField<'v> for VideoUpload {
    /// A text field is not a file.
    fn from_value(field: ValueField<'v>) -> form::Result<'v, Self> {
        Err(field.unexpected().into())
    }

    async fn from_data(field: DataField<'v, '_>) -> form::Result<'v, Self> {
        let max_bytes = max_bytes(field.request.limits());
        let spec = Spec { max_bytes, too_large: messages::VIDEO_OVER_200MB, prefix: "aqar-video-" };
        Ok(VideoUpload(receive(field, spec).await?))
    }
}

#[cfg(test)]
mod tests {
    use rocket::data::ToByteUnit;

    use super::*;

    fn ftyp(brand: &[u8; 4]) -> Vec<u8> {
        let mut bytes = vec![0, 0, 0, 20];
        bytes.extend_from_slice(b"ftyp");
        bytes.extend_from_slice(brand);
        bytes.extend_from_slice(&[0, 0, 2, 0]);
        bytes.extend_from_slice(b"isom");
        bytes
    }

    /// An EBML header with the given DocType, as mkvmerge and browsers' recorders write it.
    fn ebml(doc_type: &[u8]) -> Vec<u8> {
        let mut body = vec![0x42, 0x86, 0x81, 0x01]; // EBMLVersion 1
        body.extend_from_slice(&[0x42, 0xF7, 0x81, 0x01]); // EBMLReadVersion 1
        body.extend_from_slice(&[0x42, 0x82, 0x80 | doc_type.len() as u8]);
        body.extend_from_slice(doc_type);
        body.extend_from_slice(&[0x42, 0x87, 0x81, 0x04]); // DocTypeVersion 4
        let mut bytes = b"\x1A\x45\xDF\xA3".to_vec();
        bytes.push(0x80 | body.len() as u8);
        bytes.extend_from_slice(&body);
        bytes.extend_from_slice(b"\x18\x53\x80\x67"); // a Segment follows
        bytes
    }

    #[test]
    fn mp4_and_mov_are_told_apart_by_the_brand() {
        assert_eq!(VideoKind::sniff(&ftyp(b"isom")), Some(VideoKind::Mp4));
        assert_eq!(VideoKind::sniff(&ftyp(b"mp42")), Some(VideoKind::Mp4));
        assert_eq!(VideoKind::sniff(&ftyp(b"qt  ")), Some(VideoKind::Mov));
    }

    #[test]
    fn still_images_and_audio_in_iso_boxes_are_not_videos() {
        for brand in [b"heic", b"mif1", b"avif", b"M4A "] {
            assert_eq!(VideoKind::sniff(&ftyp(brand)), None);
        }
        let mut short = ftyp(b"isom");
        short[3] = 8;
        assert_eq!(VideoKind::sniff(&short), None, "a box too small to hold a brand");
    }

    #[test]
    fn webm_is_an_ebml_file_whose_doc_type_is_webm() {
        assert_eq!(VideoKind::sniff(&ebml(b"webm")), Some(VideoKind::Webm));
        assert_eq!(VideoKind::sniff(&ebml(b"webm\0\0")), Some(VideoKind::Webm));
        assert_eq!(VideoKind::sniff(&ebml(b"matroska")), None);
        assert_eq!(VideoKind::sniff(&ebml(b"webm")[..12]), None, "cut before the DocType");
    }

    #[test]
    fn anything_else_is_not_a_video() {
        assert_eq!(VideoKind::sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), None);
        assert_eq!(VideoKind::sniff(b"hello, I am a text file"), None);
        assert_eq!(VideoKind::sniff(b"\x1A\x45\xDF\xA3"), None);
        assert_eq!(VideoKind::sniff(b"\x1A\x45\xDF\xA3\xFF\xFF\xFF"), None);
        assert_eq!(VideoKind::sniff(b""), None);
    }

    #[test]
    fn the_limit_is_200_mb_unless_configured() {
        assert_eq!(max_bytes(&Limits::default()), 200 * 1024 * 1024);
        assert_eq!(max_bytes(&Limits::default().limit("video", 1000.bytes())), 1000);
    }
}
