//! SQL for the media tables: files kept once per SHA-256 of their bytes, and their scaled
//! copies once per width.

use sha2::{Digest, Sha256};
use sqlx::{AnyPool, Row};

use super::image::{Image, ImageKind};
use crate::db::clock;
use crate::error::ApiResult;

/// A stored file, as `GET /media/...` answers it.
pub struct StoredFile {
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// Keeps the image (once: a second upload of the same bytes changes nothing) and answers
/// its public path, `/media/{sha256}.{ext}`.
pub async fn save(db: &AnyPool, image: &Image) -> ApiResult<String> {
    let sha256 = hex::encode(Sha256::digest(&image.bytes));
    sqlx::query(
        "INSERT INTO media (sha256, content_type, bytes, size, created_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (sha256) DO NOTHING",
    )
    .bind(&sha256)
    .bind(image.kind.content_type())
    .bind(image.bytes.as_slice())
    .bind(image.bytes.len() as i64)
    .bind(clock::now_text())
    .execute(db)
    .await?;
    Ok(format!("/media/{sha256}.{}", image.kind.extension()))
}

fn stored_file(row: &sqlx::any::AnyRow) -> Result<StoredFile, sqlx::Error> {
    Ok(StoredFile { content_type: row.try_get("content_type")?, bytes: row.try_get("bytes")? })
}

pub async fn find(db: &AnyPool, sha256: &str) -> ApiResult<Option<StoredFile>> {
    let row = sqlx::query("SELECT content_type, bytes FROM media WHERE sha256 = $1")
        .bind(sha256)
        .fetch_optional(db)
        .await?;
    Ok(row.as_ref().map(stored_file).transpose()?)
}

/// The stored copy of a file scaled to `width`, if it was made before.
pub async fn find_variant(db: &AnyPool, sha256: &str, width: u32) -> ApiResult<Option<StoredFile>> {
    let row = sqlx::query("SELECT content_type, bytes FROM media_variants WHERE sha256 = $1 AND width = $2")
        .bind(sha256)
        .bind(i64::from(width))
        .fetch_optional(db)
        .await?;
    Ok(row.as_ref().map(stored_file).transpose()?)
}

/// Keeps a scaled copy. Two first requests may both make it: the second write is a no-op,
/// and both copies are the same bytes anyway.
pub async fn save_variant(
    db: &AnyPool,
    sha256: &str,
    width: u32,
    kind: ImageKind,
    bytes: &[u8],
) -> ApiResult<()> {
    sqlx::query(
        "INSERT INTO media_variants (sha256, width, content_type, bytes, size, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (sha256, width) DO NOTHING",
    )
    .bind(sha256)
    .bind(i64::from(width))
    .bind(kind.content_type())
    .bind(bytes)
    .bind(bytes.len() as i64)
    .bind(clock::now_text())
    .execute(db)
    .await?;
    Ok(())
}
