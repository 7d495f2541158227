//! The media store (the contract): uploaded images and videos kept in the database,
//! content-addressed, served from `/media/{sha256}.{ext}` with long-lived caching, images
//! scaled on request (`?w=`), both in byte ranges. Records keep that path, never the bytes,
//! so lists stay small. Videos are kept in 1 MiB parts (see `video` and `parts`).

pub mod image;
pub mod parts;
pub mod range;
pub mod received;
pub mod scale;
pub mod store;
pub mod video;

use std::io::Cursor;
use std::sync::LazyLock;

use rocket::data::{Limits, ToByteUnit};
use rocket::figment::Figment;
use rocket::form::{self, DataField, Form, FromFormField, ValueField};
use rocket::http::{ContentType, Status};
use rocket::request::{FromRequest, Outcome};
use rocket::response::{self, Responder, Response};
use rocket::serde::json::Json;
use rocket::tokio::sync::{Semaphore, SemaphorePermit};
use rocket::tokio::task::spawn_blocking;
use rocket::{get, post, FromForm, Request};
use rules::{messages, FieldErrors};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;
use serde_json::json;

use self::image::{Image, ImageKind, Refusal, MAX_IMAGE_BYTES};
use self::parts::PartsReader;
use self::received::{receive, Received, Spec};
use self::video::{VideoKind, VideoUpload};
use crate::endpoint;
use crate::platform::auth::CurrentUser;
use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::openapi::{Doc, Endpoint};
use range::ByteRange;
use scale::{ScaleError, Scaled, Width};

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
                 in 1 MiB parts and served from the answered /media path with Range. An upload \
                 from which nothing arrives for 30 s is given up (408)"
            )
            .takes_media("multipart/form-data", video_form)
            .responds::<UploadedVideo>()
            .fails(&[408])
        ),
    ]
}

/// The public files, mounted under `/media`.
pub fn file_api() -> Vec<Endpoint> {
    vec![endpoint!(
        file,
        Doc::new(
            "An uploaded image or video by the SHA-256 of its bytes (.png .jpg .gif .webp .mp4 .mov \
             .webm), or with ?w=160|320|640|1280 an image's copy scaled to that width (not for \
             videos: 400); never changes, cached for a year; honours Range. A copy whose making \
             would decode more than 256 MB of pixels is refused (422)"
        )
        .public()
        .query("w", json!({ "type": "integer", "enum": [160, 320, 640, 1280] }))
        .responds_media("*/*", binary)
        .also(206, "The byte range asked for with Range, with Content-Range")
        .fails(&[400, 404, 416, 422])
    )]
}

fn binary(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "string", "format": "binary" })
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

static UPLOADS: Semaphore = Semaphore::const_new(CONCURRENT_UPLOADS);

/// One of the [`CONCURRENT_UPLOADS`] places, held until the answer. A request guard, so it
/// is taken before the body is read: when none is free the upload is answered 503 with
/// Retry-After at once, and nothing of it is received.
pub struct UploadSlot {
    _permit: SemaphorePermit<'static>,
}

#[rocket::async_trait]
impl<'r> FromRequest<'r> for UploadSlot {
    type Error = ApiError;

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, ApiError> {
        match UPLOADS.try_acquire() {
            Ok(permit) => Outcome::Success(UploadSlot { _permit: permit }),
            Err(_) => {
                let busy = ApiError::overloaded();
                Outcome::Error((busy.clone().stash(request), busy))
            }
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

/// A stored file as `/media` answers it: an image or its scaled copy, held whole, or a
/// video read from its parts. Its path names the hash of the original's bytes, and a copy
/// is made the same way every time, so all can be cached for good.
pub enum MediaFile {
    Whole { kind: ImageKind, bytes: Vec<u8>, range: Option<ByteRange> },
    Parts { kind: VideoKind, file: store::PartedFile, reader: PartsSource, range: Option<ByteRange> },
}

/// Where a parted file's bytes are read from.
pub struct PartsSource {
    pool: sqlx::AnyPool,
    sha256: String,
}

impl<'r> Responder<'r, 'static> for MediaFile {
    fn respond_to(self, request: &'r Request<'_>) -> response::Result<'static> {
        let (content_type, length, range) = match &self {
            MediaFile::Whole { kind, bytes, range } => (kind.content_type(), bytes.len() as u64, *range),
            MediaFile::Parts { kind, file, range, .. } => (kind.content_type(), file.size, *range),
        };
        let mut response = Response::build();
        // The bytes answered: first and count.
        let (first, count) = match range.map(|range| range.within(length)) {
            None => (0, length),
            Some(Some((first, last))) => {
                response
                    .status(Status::PartialContent)
                    .raw_header("Content-Range", format!("bytes {first}-{last}/{length}"));
                (first, last + 1 - first)
            }
            Some(None) => {
                let refused =
                    ApiError::new(Status::RangeNotSatisfiable, rules::messages::RANGE_NOT_SATISFIABLE);
                return Response::build_from(refused.respond_to(request)?)
                    .raw_header("Content-Range", format!("bytes */{length}"))
                    .raw_header("Accept-Ranges", "bytes")
                    .ok();
            }
        };
        let size = usize::try_from(count).map_err(|_| Status::InternalServerError)?;
        match self {
            MediaFile::Whole { mut bytes, .. } => {
                let first = usize::try_from(first).map_err(|_| Status::InternalServerError)?;
                bytes.truncate(first + size);
                bytes.drain(..first);
                response.sized_body(size, Cursor::new(bytes));
            }
            MediaFile::Parts { file, reader: PartsSource { pool, sha256 }, .. } => {
                response.sized_body(size, PartsReader::new(pool, sha256, file.part_size, first, count));
            }
        }
        let content_type = ContentType::parse_flexible(content_type).unwrap_or(ContentType::Binary);
        response
            .header(content_type)
            .raw_header("Accept-Ranges", "bytes")
            .raw_header("Cache-Control", "public, max-age=31536000, immutable")
            .raw_header("X-Content-Type-Options", "nosniff")
            .ok()
    }
}

/// Scaling is CPU work of up to a second: at most one per core at a time.
static SCALING: LazyLock<Semaphore> =
    LazyLock::new(|| Semaphore::new(std::thread::available_parallelism().map_or(1, |cores| cores.get())));

/// The decoded pixels of every scaling under way, in MiB, within [`scale::BUDGET_BYTES`]:
/// each takes what [`scale::cost`] says before it starts, so a burst of first requests
/// queues instead of exhausting memory, while small pictures still scale side by side.
static DECODE_BUDGET: Semaphore = Semaphore::const_new((scale::BUDGET_BYTES >> 20) as usize);

fn no_such_file() -> ApiError {
    ApiError::not_found(rules::messages::NO_SUCH_FILE)
}

#[get("/<file>?<w>")]
async fn file(file: &str, w: Option<&str>, range: Option<ByteRange>, db: &Db) -> ApiResult<MediaFile> {
    let (sha256, extension) = file.split_once('.').ok_or_else(no_such_file)?;
    let is_hash =
        sha256.len() == 64 && sha256.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if !is_hash {
        return Err(no_such_file());
    }
    if let Some(kind) = VideoKind::of_extension(extension) {
        if w.is_some() {
            return Err(ApiError::bad_request(rules::messages::SCALED_COPIES_IMAGES_ONLY));
        }
        // One path per file: the ending must be the one its content was stored under.
        let file = store::find_parted(db.pool(), sha256)
            .await?
            .filter(|file| file.content_type == kind.content_type())
            .ok_or_else(no_such_file)?;
        let reader = PartsSource { pool: db.pool().clone(), sha256: sha256.to_owned() };
        return Ok(MediaFile::Parts { kind, file, reader, range });
    }
    let kind = ImageKind::of_extension(extension).ok_or_else(no_such_file)?;
    let bytes = match w {
        None => original(db, sha256, kind).await?,
        Some(text) => {
            let width =
                Width::parse(text).ok_or_else(|| ApiError::bad_request(rules::messages::SCALED_WIDTH))?;
            scaled(db, sha256, kind, width).await?
        }
    };
    Ok(MediaFile::Whole { kind, bytes, range })
}

/// One path per file: the ending must be the one its content was stored under.
fn of_kind(stored: Option<store::StoredFile>, kind: ImageKind) -> ApiResult<Option<Vec<u8>>> {
    match stored {
        Some(stored) if stored.content_type == kind.content_type() => Ok(Some(stored.bytes)),
        Some(_) => Err(no_such_file()),
        None => Ok(None),
    }
}

async fn original(db: &Db, sha256: &str, kind: ImageKind) -> ApiResult<Vec<u8>> {
    of_kind(store::find(db.pool(), sha256).await?, kind)?.ok_or_else(no_such_file)
}

/// The copy made on the first request, stored beside the original and read from there after.
async fn scaled(db: &Db, sha256: &str, kind: ImageKind, width: Width) -> ApiResult<Vec<u8>> {
    if let Some(copy) = of_kind(store::find_variant(db.pool(), sha256, width.get()).await?, kind)? {
        return Ok(copy);
    }
    let original = original(db, sha256, kind).await?;
    let cost = scale::cost(kind, &original, width).map_err(scale_refusal)?;
    let mebibytes = u32::try_from(cost.div_ceil(1 << 20).max(1)).map_err(ApiError::internal)?;
    let _memory = match DECODE_BUDGET.try_acquire_many(mebibytes) {
        Ok(permit) => permit,
        Err(_) => {
            let permit = DECODE_BUDGET.acquire_many(mebibytes).await.map_err(ApiError::internal)?;
            // Whoever held the budget may have been making this very copy.
            if let Some(copy) = of_kind(store::find_variant(db.pool(), sha256, width.get()).await?, kind)? {
                return Ok(copy);
            }
            permit
        }
    };
    let _core = SCALING.acquire().await.map_err(ApiError::internal)?;
    let (original, outcome) = spawn_blocking(move || {
        let outcome = scale::scale(kind, &original, width);
        (original, outcome)
    })
    .await
    .map_err(ApiError::internal)?;
    match outcome {
        Ok(Scaled::Unchanged) => Ok(original),
        Ok(Scaled::Copy(copy)) => {
            store::save_variant(db.pool(), sha256, width.get(), kind, &copy).await?;
            Ok(copy)
        }
        Err(error) => Err(scale_refusal(error)),
    }
}

fn scale_refusal(error: ScaleError) -> ApiError {
    let message = match error {
        ScaleError::TooLarge => rules::messages::IMAGE_OVER_MEGAPIXELS,
        ScaleError::OverBudget => messages::IMAGE_TOO_LARGE_TO_SCALE,
        ScaleError::Unreadable => rules::messages::IMAGE_UNREADABLE,
    };
    ApiError::new(Status::UnprocessableEntity, message)
}
