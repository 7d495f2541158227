//! The media store (the contract): uploaded images kept in the database, content-addressed,
//! served from `/media/{sha256}.{ext}` with long-lived caching. Records keep that path,
//! never the bytes, so lists stay small.

pub mod image;
pub mod store;

use rocket::data::{Limits, ToByteUnit};
use rocket::figment::Figment;
use rocket::form::Form;
use rocket::fs::TempFile;
use rocket::http::{ContentType, Header, Status};
use rocket::serde::json::Json;
use rocket::tokio::io::AsyncReadExt;
use rocket::{get, post, FromForm, Responder};
use rules::{messages, FieldErrors};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;

use crate::auth::CurrentUser;
use crate::db::Db;
use crate::endpoint;
use crate::error::{ApiError, ApiResult};
use crate::openapi::{Doc, Endpoint};
use image::{Image, ImageKind, Refusal, MAX_IMAGE_BYTES};

/// The upload calls, mounted under `/api`.
pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            upload_image,
            Doc::new("Stores one image (multipart field 'image'); answers its /media reference")
                .takes_media("multipart/form-data", image_form)
                .responds::<UploadedImage>()
        ),
        endpoint!(
            upload_images,
            Doc::new("Stores images (multipart, repeated field 'images'); answers their /media references")
                .takes_media("multipart/form-data", images_form)
                .responds::<UploadedImages>()
        ),
    ]
}

/// The public files, mounted under `/media`.
pub fn file_api() -> Vec<Endpoint> {
    vec![endpoint!(
        file,
        Doc::new("An uploaded image by the SHA-256 of its bytes; never changes, cached for a year")
            .public()
            .responds_media("image/*", binary)
            .fails(&[404])
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
            "images": { "type": "array", "items": { "type": "string", "format": "binary" } }
        }
    })
}

/// Rocket's own defaults (1 MiB per file, 2 MiB per form) are below the 10 MB images
/// the panel takes. The limits are raised to what uploads need, never lowered: a file is
/// let through a little over the limit so the handler answers the panel's own message.
pub fn with_upload_limits(figment: Figment) -> Figment {
    let limits: Limits = figment.extract_inner("limits").unwrap_or_default();
    let at_least = |limits: Limits, name: &str, floor: u64| {
        let current = limits.get(name).map_or(0, |limit| limit.as_u64());
        limits.limit(name.to_owned(), current.max(floor).bytes())
    };
    let limits = at_least(limits, "file", MAX_IMAGE_BYTES + 1.mebibytes().as_u64());
    let limits = at_least(limits, "data-form", 64.mebibytes().as_u64());
    figment.merge(("limits", limits))
}

/// The answer to a refused image, for the payload field that carried it.
pub fn refusal(field: &'static str, refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::TooLarge => ApiError::new(Status::PayloadTooLarge, messages::IMAGE_OVER_10MB),
        Refusal::NotAnImage => {
            let mut errors = FieldErrors::new();
            errors.add(field, messages::IMAGE_NOT_RECOGNISED);
            ApiError::validation(errors)
        }
    }
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
        Some(text) if image::is_data_url(&text) => {
            let image = Image::from_data_url(&text).map_err(|r| refusal(field, r))?;
            Ok(Some(store::save(db, &image).await?))
        }
        Some(reference) => Ok(Some(reference)),
    }
}

#[derive(FromForm)]
pub struct ImageUpload<'r> {
    image: TempFile<'r>,
}

#[derive(FromForm)]
pub struct ImagesUpload<'r> {
    images: Vec<TempFile<'r>>,
}

#[post("/upload-image", data = "<form>")]
async fn upload_image(
    _user: CurrentUser,
    db: &Db,
    form: Form<ImageUpload<'_>>,
) -> ApiResult<(Status, Json<UploadedImage>)> {
    let image = read_image(&form.image, "image").await?;
    let image_url = store::save(db.pool(), &image).await?;
    Ok((Status::Created, Json(UploadedImage { image_url })))
}

/// All files are judged before any is stored: one bad file refuses the whole upload.
#[post("/upload-images", data = "<form>")]
async fn upload_images(
    _user: CurrentUser,
    db: &Db,
    form: Form<ImagesUpload<'_>>,
) -> ApiResult<(Status, Json<UploadedImages>)> {
    let mut accepted = Vec::with_capacity(form.images.len());
    for file in &form.images {
        accepted.push(read_image(file, "images").await?);
    }
    let mut images = Vec::with_capacity(accepted.len());
    for image in &accepted {
        images.push(store::save(db.pool(), image).await?);
    }
    Ok((Status::Created, Json(UploadedImages { images })))
}

async fn read_image(file: &TempFile<'_>, field: &'static str) -> ApiResult<Image> {
    if file.len() > MAX_IMAGE_BYTES {
        return Err(refusal(field, Refusal::TooLarge));
    }
    let mut reader = file.open().await.map_err(ApiError::internal)?;
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).await.map_err(ApiError::internal)?;
    Image::judge(bytes).map_err(|r| refusal(field, r))
}

/// A stored image. Its path names the hash of its bytes, so it can be cached for good.
#[derive(Responder)]
pub struct MediaFile {
    body: Vec<u8>,
    content_type: ContentType,
    cache_control: Header<'static>,
    no_sniff: Header<'static>,
}

#[get("/<file>")]
async fn file(file: &str, db: &Db) -> ApiResult<MediaFile> {
    let not_found = || ApiError::not_found("No such file");
    let (sha256, extension) = file.split_once('.').ok_or_else(not_found)?;
    let is_hash =
        sha256.len() == 64 && sha256.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let kind = ImageKind::of_extension(extension).filter(|_| is_hash);
    let kind = kind.ok_or_else(not_found)?;
    let stored = store::find(db.pool(), sha256).await?.ok_or_else(not_found)?;
    // One path per file: the ending must be the one its content was stored under.
    if stored.content_type != kind.content_type() {
        return Err(not_found());
    }
    Ok(MediaFile {
        body: stored.bytes,
        content_type: ContentType::parse_flexible(kind.content_type()).unwrap_or(ContentType::Binary),
        cache_control: Header::new("Cache-Control", "public, max-age=31536000, immutable"),
        no_sniff: Header::new("X-Content-Type-Options", "nosniff"),
    })
}
