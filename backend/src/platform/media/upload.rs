//! The upload calls: one image, several images, one video. Each file streams to a temporary
//! file as it arrives, is judged by its content, then stored.

use std::sync::Arc;

use rocket::form::{self, DataField, Form, FromFormField, ValueField};
use rocket::http::Status;
use rocket::request::{FromRequest, Outcome};
use rocket::serde::json::Json;
use rocket::tokio::sync::{OwnedSemaphorePermit, Semaphore};
use rocket::{post, FromForm, Request};
use rules::messages;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;

use super::image::{Image, ImageKind, Refusal, MAX_IMAGE_BYTES};
use super::received::{receive, Received, Spec};
use super::video::{VideoKind, VideoUpload};
use super::{field_error, refusal, store};
use crate::endpoint;
use crate::platform::auth::CurrentUser;
use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::openapi::{Doc, Endpoint};

/// The upload calls, mounted under `/api`.
pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            upload_image,
            Doc::new(
                "Stores one image (multipart field 'image'), at most 10 MB (over it: 413); answers its \
                 /media reference. At most 4 image uploads are received at once: one more is answered \
                 503 with Retry-After before its body is read"
            )
            .takes_media("multipart/form-data", image_form)
            .responds::<UploadedImage>()
            .fails(&[413, 503])
        ),
        endpoint!(
            upload_images,
            Doc::new(
                "Stores images (multipart, repeated field 'images'), each at most 10 MB (over it: 413); \
                 answers their /media references. At most 4 image uploads are received at once: one more \
                 is answered 503 with Retry-After before its body is read"
            )
            .takes_media("multipart/form-data", images_form)
            .responds::<UploadedImages>()
            .fails(&[413, 503])
        ),
        endpoint!(
            upload_video,
            Doc::new(
                "Stores one video (multipart field 'video'): MP4, MOV or WebM, judged by its \
                 content, at most 200 MB (209715200 bytes; over it: 413). Kept once per SHA-256 \
                 in 1 MiB parts and served from the answered /media path with Range"
            )
            .takes_media("multipart/form-data", video_form)
            .responds::<UploadedVideo>()
        ),
    ]
}

/// `POST /api/upload-image`'s answer.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadedImage {
    /// `/media/{sha256}.{ext}`
    pub image_url: String,
}

/// `POST /api/upload-images`' answer: one reference per file, in the order sent.
#[derive(Debug, Serialize, JsonSchema)]
pub struct UploadedImages {
    pub images: Vec<String>,
}

/// `POST /api/upload-video`'s answer.
#[derive(Debug, Serialize, JsonSchema)]
pub struct UploadedVideo {
    /// `/media/{sha256}.{mp4|mov|webm}`
    pub url: String,
}

fn video_form(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "object",
        "required": ["video"],
        "properties": { "video": { "type": "string", "format": "binary" } }
    })
}

fn image_form(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "object",
        "required": ["image"],
        "properties": { "image": { "type": "string", "format": "binary" } }
    })
}

fn images_form(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "object",
        "required": ["images"],
        "properties": {
            "images": { "type": "array", "minItems": 1, "items": { "type": "string", "format": "binary" } }
        }
    })
}

/// A received image file (see [`Received`]): over 10 MB it is refused as it arrives.
pub struct ImageFile(Received);

#[rocket::async_trait]
impl<'v> FromFormField<'v> for ImageFile {
    /// A text field is not a file.
    fn from_value(field: ValueField<'v>) -> form::Result<'v, Self> {
        Err(field.unexpected().into())
    }

    async fn from_data(field: DataField<'v, '_>) -> form::Result<'v, Self> {
        let spec =
            Spec { max_bytes: MAX_IMAGE_BYTES, too_large: messages::IMAGE_OVER_10MB, prefix: "aqar-image-" };
        Ok(ImageFile(receive(field, spec).await?))
    }
}

/// Image uploads received at the same time, at most: each streams to its own temporary
/// files, then waits its turn to store them (see `keep_received`).
pub const CONCURRENT_UPLOADS: usize = 4;

/// One server's upload places, [`CONCURRENT_UPLOADS`] of them. Managed by each server
/// rather than static, so that servers sharing a process (the tests) do not share them.
pub struct UploadSlots(Arc<Semaphore>);

impl Default for UploadSlots {
    fn default() -> Self {
        UploadSlots(Arc::new(Semaphore::new(CONCURRENT_UPLOADS)))
    }
}

/// One of the [`CONCURRENT_UPLOADS`] places, held until the answer. A request guard, so it
/// is taken before the body is read: when none is free the upload is answered 503 with
/// Retry-After at once, and nothing of it is received.
pub struct UploadSlot {
    _permit: OwnedSemaphorePermit,
}

#[rocket::async_trait]
impl<'r> FromRequest<'r> for UploadSlot {
    type Error = ApiError;

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, ApiError> {
        let taken = match request.rocket().state::<UploadSlots>() {
            Some(slots) => slots.0.clone().try_acquire_owned().map_err(|_| ApiError::overloaded()),
            None => Err(ApiError::internal("the server manages no upload places")),
        };
        match taken {
            Ok(permit) => Outcome::Success(UploadSlot { _permit: permit }),
            Err(error) => Outcome::Error((error.clone().stash(request), error)),
        }
    }
}

#[derive(FromForm)]
pub struct ImageUpload {
    image: ImageFile,
}

#[derive(FromForm)]
pub struct ImagesUpload {
    images: Vec<ImageFile>,
}

#[post("/upload-image", data = "<form>")]
async fn upload_image(
    _user: CurrentUser,
    _slot: UploadSlot,
    db: &Db,
    form: Form<ImageUpload>,
) -> ApiResult<(Status, Json<UploadedImage>)> {
    let kind = judge(&form.image, "image").await?;
    let image_url = keep_received(db, &form.image, kind).await?;
    Ok((Status::Created, Json(UploadedImage { image_url })))
}

/// All files are judged before any is stored: one bad file refuses the whole upload, and
/// so does an upload without any. Each file is read from disk when it is judged and again
/// when it is stored, so one file at a time is in memory, never the whole upload.
#[post("/upload-images", data = "<form>")]
async fn upload_images(
    _user: CurrentUser,
    _slot: UploadSlot,
    db: &Db,
    form: Form<ImagesUpload>,
) -> ApiResult<(Status, Json<UploadedImages>)> {
    if form.images.is_empty() {
        return Err(refusal("images", Refusal::NotAnImage));
    }
    let mut kinds = Vec::with_capacity(form.images.len());
    for file in &form.images {
        kinds.push(judge(file, "images").await?);
    }
    let mut images = Vec::with_capacity(kinds.len());
    for (file, kind) in form.images.iter().zip(kinds) {
        images.push(keep_received(db, file, kind).await?);
    }
    Ok((Status::Created, Json(UploadedImages { images })))
}

#[derive(FromForm)]
pub struct VideoForm {
    video: VideoUpload,
}

/// The video went to a temporary file as it arrived (see `video::VideoUpload`); it is
/// judged by its first bytes, then copied into the store part by part.
#[post("/upload-video", data = "<form>")]
async fn upload_video(
    _user: CurrentUser,
    db: &Db,
    form: Form<VideoForm>,
) -> ApiResult<(Status, Json<UploadedVideo>)> {
    let upload = form.into_inner().video.0;
    let kind = VideoKind::sniff(upload.head())
        .ok_or_else(|| field_error("video", messages::VIDEO_NOT_RECOGNISED))?;
    store::save_parts(db.pool(), upload.sha256(), kind.content_type(), upload.len(), &upload.path()).await?;
    let url = format!("/media/{}.{}", upload.sha256(), kind.extension());
    Ok((Status::Created, Json(UploadedVideo { url })))
}

/// The kind of a received image, or its refusal; its bytes are let go once judged.
async fn judge(file: &ImageFile, field: &'static str) -> ApiResult<ImageKind> {
    let bytes = file.0.bytes().await.map_err(ApiError::internal)?;
    Ok(Image::judge(bytes).map_err(|r| refusal(field, r))?.kind)
}

/// Storing a file holds it in memory several times over (read back, then copied by the
/// database driver and by the database), so one file is stored at a time whatever the
/// number of uploads: SQLite writes one transaction at a time anyway.
static STORING: Semaphore = Semaphore::const_new(1);

async fn keep_received(db: &Db, file: &ImageFile, kind: ImageKind) -> ApiResult<String> {
    let _turn = STORING.acquire().await.map_err(ApiError::internal)?;
    let bytes = file.0.bytes().await.map_err(ApiError::internal)?;
    store::save(db.pool(), &Image { kind, bytes }).await
}
