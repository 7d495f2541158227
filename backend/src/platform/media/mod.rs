//! The media store (the contract): uploaded images and videos kept in the database,
//! content-addressed, served from `/media/{sha256}.{ext}` with long-lived caching, images
//! scaled on request (`?w=`), both in byte ranges. Records keep that path, never the bytes,
//! so lists stay small. Videos are kept in 1 MiB parts (see `video` and `parts`).

pub mod image;
pub mod parts;
pub mod range;
pub mod received;
pub mod scale;
mod serve;
pub mod store;
mod upload;
pub mod video;

pub use self::serve::file_api;
pub use self::upload::{api, UploadSlots};

use rocket::data::{Limits, ToByteUnit};
use rocket::figment::Figment;
use rocket::http::Status;
use rules::{messages, FieldErrors};

use self::image::{Image, Refusal};
use crate::platform::http::error::{ApiError, ApiResult};

/// Rocket's own form limit (2 MiB) is below what uploads need: a form may carry one whole
/// video, or several images. Raised, never lowered. Each file is bounded on its own as it
/// arrives (`received`): a video by the limit of its own, `video` (200 MB unless
/// configured), an image by the panel's 10 MB.
pub fn with_upload_limits(figment: Figment) -> Figment {
    let limits: Limits = figment.extract_inner("limits").unwrap_or_default();
    let video = video::max_bytes(&limits);
    let limits = limits.limit("video", video.bytes());
    let current = limits.get("data-form").map_or(0, |limit| limit.as_u64());
    let floor = 64.mebibytes().as_u64().max(video + 1.mebibytes().as_u64());
    let limits = limits.limit("data-form", current.max(floor).bytes());
    figment.merge(("limits", limits))
}

/// The answer to a refused image, for the payload field that carried it.
pub fn refusal(field: &'static str, refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::TooLarge => ApiError::new(Status::PayloadTooLarge, messages::IMAGE_OVER_10MB),
        Refusal::NotAnImage => field_error(field, messages::IMAGE_NOT_RECOGNISED),
        Refusal::TooManyPixels => field_error(field, messages::IMAGE_OVER_50_MEGAPIXELS),
    }
}

fn field_error(field: &'static str, message: &'static str) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add(field, message);
    ApiError::validation(errors)
}

/// What a record keeps for an image field: inline data (a data URL, as the browser reads
/// a chosen file) goes to the store and becomes its `/media` path; a reference (an outside
/// URL or a `/media` path) is kept as given; blank means no image.
pub async fn keep_image(
    db: &sqlx::AnyPool,
    field: &'static str,
    value: Option<String>,
) -> ApiResult<Option<String>> {
    match value {
        None => Ok(None),
        Some(text) if text.trim().is_empty() => Ok(None),
        Some(text) if self::image::is_data_url(&text) => {
            let image = Image::from_data_url(&text).map_err(|r| refusal(field, r))?;
            Ok(Some(store::save(db, &image).await?))
        }
        Some(reference) => Ok(Some(reference)),
    }
}
