//! `/media/{sha256}.{ext}`: a stored image, its copy scaled on the first request, or a video
//! read from its parts, each in byte ranges and cached for good.

use std::io::Cursor;
use std::sync::LazyLock;

use rocket::http::{ContentType, Status};
use rocket::response::{self, Responder, Response};
use rocket::tokio::sync::Semaphore;
use rocket::tokio::task::spawn_blocking;
use rocket::{get, Request};
use rules::messages;
use schemars::{json_schema, Schema, SchemaGenerator};
use serde_json::json;

use super::image::ImageKind;
use super::parts::PartsReader;
use super::range::ByteRange;
use super::scale::{self, ScaleError, Scaled, Width};
use super::store;
use super::video::VideoKind;
use crate::endpoint;
use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::openapi::{Doc, Endpoint};

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
        .query("w", json!({ "type": "integer", "enum": [160, 320, 640, 1280] }))
        .responds_media("*/*", binary)
        .also(206, "The byte range asked for with Range, with Content-Range")
        .fails(&[400, 404, 416, 422])
    )]
}

fn binary(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "string", "format": "binary" })
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
