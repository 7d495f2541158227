//! Scaled copies of stored images (`/media/{sha256}.{ext}?w=W`): decoded within limits,
//! turned upright, shrunk to the width asked for and written back in the image's own format.
//! This is CPU work of up to a second: callers run it on the blocking pool, within the
//! memory budget [`cost`] measures.
//!
//! A PNG is reduced while it is decoded, row by row, so it costs about the size of the copy
//! whatever its own size: a small file can hold a huge, flat picture (381 KB for 400 MB of
//! 16-bit pixels). The other formats are decoded whole, bounded by the budget.

use std::io::Cursor;

use ::image::codecs::gif::{GifDecoder, GifEncoder, Repeat};
use ::image::codecs::jpeg::JpegEncoder;
use ::image::codecs::png::{CompressionType, FilterType as PngFilter, PngEncoder};
use ::image::codecs::webp::{WebPDecoder, WebPEncoder};
use ::image::imageops::FilterType;
use ::image::metadata::Orientation;
use ::image::{
    AnimationDecoder, DynamicImage, Frame, ImageBuffer, ImageDecoder, ImageEncoder, ImageError, ImageReader,
    Limits,
};

use super::image::{declared_size, too_many_pixels, ImageKind, MAX_PIXELS, MAX_SIDE};

/// The widths a copy can be asked for: a table thumbnail, a form preview, a card, a page.
pub const WIDTHS: [u32; 4] = [160, 320, 640, 1280];

/// The decoded pixels all scalings together may hold at once. A 50-megapixel photo decoded
/// whole (8 bits a channel, 4 channels at most: 200 MB) fits; what needs more is refused
/// rather than let the server run out of memory.
pub const BUDGET_BYTES: u64 = 256 * 1024 * 1024;

/// All the frames of an animated GIF together, counted in canvas pixels (each frame is
/// composed on the whole canvas): a file of many tiny frame updates is bounded in work too.
const MAX_ANIMATION_PIXELS: u64 = 4 * MAX_PIXELS;

/// Photos are scaled to JPEG at the quality browsers' own encoders default to.
const JPEG_QUALITY: u8 = 82;

/// GIF palettes are quantised per frame; 10 of 1 (best) to 30 (fastest) keeps a long
/// animation well under a second.
const GIF_SPEED: i32 = 10;

/// One of [`WIDTHS`], read strictly from the query (`?w=0320` is not `?w=320`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Width(u32);

impl Width {
    pub fn parse(text: &str) -> Option<Width> {
        WIDTHS.into_iter().find(|width| width.to_string() == text).map(Width)
    }

    pub fn get(self) -> u32 {
        self.0
    }
}

#[derive(Debug)]
pub enum Scaled {
    /// The image is no wider than asked: its own bytes are the answer.
    Unchanged,
    Copy(Vec<u8>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScaleError {
    /// More pixels than the panel decodes (see `image::MAX_PIXELS`), declared or found.
    TooLarge,
    /// Within the pixels the panel takes, but decoding it would need more than
    /// [`BUDGET_BYTES`].
    OverBudget,
    /// The bytes start like an image but do not decode as one.
    Unreadable,
}

impl From<ImageError> for ScaleError {
    fn from(error: ImageError) -> Self {
        match error {
            ImageError::Limits(_) => ScaleError::OverBudget,
            _ => ScaleError::Unreadable,
        }
    }
}

impl From<png::DecodingError> for ScaleError {
    fn from(error: png::DecodingError) -> Self {
        match error {
            png::DecodingError::LimitsExceeded => ScaleError::OverBudget,
            _ => ScaleError::Unreadable,
        }
    }
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(BUDGET_BYTES);
    limits
}

/// The bytes of decoded pixels scaling this image to `width` holds at most, read from its
/// header: what it must be granted of [`BUDGET_BYTES`] before it starts.
pub fn cost(kind: ImageKind, bytes: &[u8], width: Width) -> Result<u64, ScaleError> {
    let (stored_width, stored_height) = declared_size(kind, bytes).ok_or(ScaleError::Unreadable)?;
    if too_many_pixels(stored_width, stored_height) {
        return Err(ScaleError::TooLarge);
    }
    let pixels = u64::from(stored_width) * u64::from(stored_height);
    let (short, long) = (stored_width.min(stored_height), stored_width.max(stored_height));
    // Either side may turn out to be the width (an EXIF turn is read later): the copy's
    // height is at most this.
    let copy_height = u64::from(long) * u64::from(width.get()) / u64::from(short.max(1));
    // A reduction under 2:1 (`resize_exact`) first makes a copy of 16 bytes a pixel, as wide
    // as its source (under twice the copy's width) and as tall as the copy.
    let resizing = 16 * 2 * u64::from(width.get()) * copy_height;
    let resized_whole = if short < 2 * width.get() { resizing } else { 0 };
    let cost = match kind {
        ImageKind::Png if !png_interlaced(bytes)? => {
            let factor = u64::from(reduction(short, width.get()));
            // The reduced picture, 4 bytes a pixel at most, one row of the original at 16
            // bits a channel, and the resizing of the reduced picture.
            4 * pixels / (factor * factor) + 8 * u64::from(long) + resizing
        }
        // The canvas and the frame being composed on it.
        ImageKind::Gif => 8 * pixels + resized_whole,
        _ => 4 * pixels + resized_whole,
    };
    if cost > BUDGET_BYTES {
        return Err(ScaleError::OverBudget);
    }
    Ok(cost)
}

fn png_interlaced(bytes: &[u8]) -> Result<bool, ScaleError> {
    Ok(png::Decoder::new(Cursor::new(bytes)).read_info()?.info().interlaced)
}

/// The whole factor a side of `length` pixels can be divided by and stay at least `width`
/// long; a reduction by it averages blocks of pixels while decoding.
fn reduction(length: u32, width: u32) -> u32 {
    (length / width.max(1)).max(1)
}

/// The image scaled to `width`, its height in proportion.
pub fn scale(kind: ImageKind, bytes: &[u8], width: Width) -> Result<Scaled, ScaleError> {
    match kind {
        ImageKind::Gif => scale_gif(bytes, width.get()),
        // The WebP encoder cannot write animations: an animated WebP is served as it is.
        ImageKind::Webp if WebPDecoder::new(Cursor::new(bytes))?.has_animation() => Ok(Scaled::Unchanged),
        ImageKind::Png if !png_interlaced(bytes)? => scale_png(bytes, width.get()),
        _ => scale_still(kind, bytes, width.get()),
    }
}

fn scale_still(kind: ImageKind, bytes: &[u8], width: u32) -> Result<Scaled, ScaleError> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), kind.format());
    reader.limits(limits());
    let mut decoder = reader.into_decoder()?;
    let (stored_width, stored_height) = decoder.dimensions();
    if too_many_pixels(stored_width, stored_height) {
        return Err(ScaleError::TooLarge);
    }
    if decoder.total_bytes() > BUDGET_BYTES {
        return Err(ScaleError::OverBudget);
    }
    // Camera photos keep their pixels as the sensor saw them plus an EXIF turn, which
    // browsers apply; a re-encoded copy carries no EXIF, so the turn goes into the pixels.
    let orientation = decoder.orientation()?;
    let upright_width = if turns_sideways(orientation) { stored_height } else { stored_width };
    if upright_width <= width {
        return Ok(Scaled::Unchanged);
    }
    let icc_profile = decoder.icc_profile().ok().flatten();
    let image = DynamicImage::from_decoder(decoder)?;
    Ok(Scaled::Copy(encode(kind, &upright(&image, orientation, width), icc_profile)?))
}

/// A PNG reduced while it is decoded: each block of `factor` × `factor` pixels is averaged
/// as its rows arrive, so only one row of the original and the reduced picture are held;
/// the reduced picture is then scaled as any other. 16-bit channels are read as 8 bits
/// (the copy is for a screen) and palettes as the colours they stand for.
fn scale_png(bytes: &[u8], width: u32) -> Result<Scaled, ScaleError> {
    let mut decoder = png::Decoder::new(Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info()?;
    let info = reader.info();
    let (stored_width, stored_height) = (info.width, info.height);
    if too_many_pixels(stored_width, stored_height) {
        return Err(ScaleError::TooLarge);
    }
    let orientation = info
        .exif_metadata
        .as_deref()
        .and_then(Orientation::from_exif_chunk)
        .unwrap_or(Orientation::NoTransforms);
    let sideways = turns_sideways(orientation);
    let upright_width = if sideways { stored_height } else { stored_width };
    if upright_width <= width {
        return Ok(Scaled::Unchanged);
    }
    let icc_profile = info.icc_profile.as_ref().map(|profile| profile.to_vec());
    let (color, _) = reader.output_color_type();
    let channels = color.samples();
    let factor = reduction(upright_width, width);
    let reduced_width = stored_width.div_ceil(factor);
    let reduced_height = stored_height.div_ceil(factor);
    let row_length = reduced_width as usize * channels;
    let mut reduced = Vec::with_capacity(row_length * reduced_height as usize);
    let mut sums = vec![0u32; row_length];
    let mut rows_in_block = 0u32;
    for y in 0..stored_height {
        let row = reader.next_row()?.ok_or(ScaleError::Unreadable)?;
        for (x, pixel) in row.data().chunks_exact(channels).enumerate() {
            let at = x / factor as usize * channels;
            for (sum, &sample) in sums[at..at + channels].iter_mut().zip(pixel) {
                *sum += u32::from(sample);
            }
        }
        rows_in_block += 1;
        if rows_in_block == factor || y + 1 == stored_height {
            for (block, sums) in sums.chunks_exact_mut(channels).enumerate() {
                let columns = factor.min(stored_width - block as u32 * factor);
                let count = columns * rows_in_block;
                for sum in sums.iter_mut() {
                    reduced.push(u8::try_from((*sum + count / 2) / count).unwrap_or(u8::MAX));
                    *sum = 0;
                }
            }
            rows_in_block = 0;
        }
    }
    let (w, h) = (reduced_width, reduced_height);
    let image = match color {
        png::ColorType::Grayscale => ImageBuffer::from_raw(w, h, reduced).map(DynamicImage::ImageLuma8),
        png::ColorType::GrayscaleAlpha => ImageBuffer::from_raw(w, h, reduced).map(DynamicImage::ImageLumaA8),
        png::ColorType::Rgb => ImageBuffer::from_raw(w, h, reduced).map(DynamicImage::ImageRgb8),
        png::ColorType::Rgba => ImageBuffer::from_raw(w, h, reduced).map(DynamicImage::ImageRgba8),
        // Expanded into colours by the decoder.
        png::ColorType::Indexed => None,
    }
    .ok_or(ScaleError::Unreadable)?;
    Ok(Scaled::Copy(encode(ImageKind::Png, &upright(&image, orientation, width), icc_profile)?))
}

/// The picture shrunk to `width` once turned upright. It is shrunk before it is turned, so
/// the turn copies the small picture, not the large one.
fn upright(image: &DynamicImage, orientation: Orientation, width: u32) -> DynamicImage {
    let (stored_width, stored_height) = (image.width(), image.height());
    let (new_width, new_height) = if turns_sideways(orientation) {
        (scaled_height(stored_height, stored_width, width), width)
    } else {
        (width, scaled_height(stored_width, stored_height, width))
    };
    let mut image = shrink(image, new_width, new_height);
    image.apply_orientation(orientation);
    image
}

fn turns_sideways(orientation: Orientation) -> bool {
    matches!(
        orientation,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    )
}

fn scaled_height(width: u32, height: u32, new_width: u32) -> u32 {
    let height = (u64::from(height) * u64::from(new_width) + u64::from(width) / 2) / u64::from(width);
    u32::try_from(height).unwrap_or(u32::MAX).max(1)
}

/// A real reduction averages the area each new pixel covers (every source pixel counts, and
/// no floating-point copy of the whole picture is made); close to 1:1 that would alias, so
/// a Catmull-Rom filter takes over.
fn shrink(image: &DynamicImage, width: u32, height: u32) -> DynamicImage {
    if image.width() >= 2 * width {
        image.thumbnail_exact(width, height)
    } else {
        image.resize_exact(width, height, FilterType::CatmullRom)
    }
}

fn encode(
    kind: ImageKind,
    image: &DynamicImage,
    icc_profile: Option<Vec<u8>>,
) -> Result<Vec<u8>, ScaleError> {
    fn write(
        image: &DynamicImage,
        mut encoder: impl ImageEncoder,
        icc_profile: Option<Vec<u8>>,
    ) -> Result<(), ImageError> {
        // A colour profile the encoder cannot carry is dropped; the pixels are still right
        // for the common sRGB case.
        if let Some(profile) = icc_profile {
            let _ = encoder.set_icc_profile(profile);
        }
        image.write_with_encoder(encoder)
    }
    let mut bytes = Vec::new();
    match kind {
        ImageKind::Png => write(
            image,
            PngEncoder::new_with_quality(&mut bytes, CompressionType::Default, PngFilter::Adaptive),
            icc_profile,
        )?,
        ImageKind::Jpeg => {
            write(image, JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY), icc_profile)?
        }
        // The pure-Rust WebP encoder writes lossless WebP only.
        ImageKind::Webp => write(image, WebPEncoder::new_lossless(&mut bytes), icc_profile)?,
        ImageKind::Gif => {
            GifEncoder::new_with_speed(&mut bytes, GIF_SPEED).encode_frame(Frame::new(image.to_rgba8()))?
        }
    }
    Ok(bytes)
}

/// Every frame of a GIF is scaled, with its timing, so an animation stays animated; the
/// copy loops for ever (the decoder does not report the original's loop count).
fn scale_gif(bytes: &[u8], width: u32) -> Result<Scaled, ScaleError> {
    let mut decoder = GifDecoder::new(Cursor::new(bytes))?;
    let (canvas_width, canvas_height) = decoder.dimensions();
    if too_many_pixels(canvas_width, canvas_height) {
        return Err(ScaleError::TooLarge);
    }
    if canvas_width <= width {
        return Ok(Scaled::Unchanged);
    }
    let height = scaled_height(canvas_width, canvas_height, width);
    decoder.set_limits(limits())?;
    let canvas_pixels = u64::from(canvas_width) * u64::from(canvas_height);
    let mut budget = MAX_ANIMATION_PIXELS;
    let mut frames = decoder.into_frames().peekable();
    let mut bytes = Vec::new();
    let mut encoder = GifEncoder::new_with_speed(&mut bytes, GIF_SPEED);
    let mut first = true;
    while let Some(frame) = frames.next() {
        budget = budget.checked_sub(canvas_pixels).ok_or(ScaleError::TooLarge)?;
        let frame = frame?;
        // The loop block goes before the first frame, so it is written only once a second
        // frame is known to exist.
        if first && frames.peek().is_some() {
            encoder.set_repeat(Repeat::Infinite)?;
        }
        first = false;
        let delay = frame.delay();
        let scaled = shrink(&DynamicImage::ImageRgba8(frame.into_buffer()), width, height);
        encoder.encode_frame(Frame::from_parts(scaled.to_rgba8(), 0, 0, delay))?;
    }
    drop(encoder);
    if first {
        return Err(ScaleError::Unreadable);
    }
    Ok(Scaled::Copy(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_listed_widths_are_read() {
        assert_eq!(Width::parse("320").map(Width::get), Some(320));
        for text in ["", "0", "100", "abc", "99999", "0320", "+320", " 320", "320.0", "-160"] {
            assert_eq!(Width::parse(text), None, "{text:?}");
        }
    }

    #[test]
    fn heights_keep_the_proportion_and_never_vanish() {
        assert_eq!(scaled_height(4000, 3000, 320), 240);
        assert_eq!(scaled_height(1000, 333, 160), 53);
        assert_eq!(scaled_height(60_000, 1, 160), 1);
    }
}
