//! SQL for the media tables: files kept once per SHA-256 of their bytes, and their scaled
//! copies once per width.

use sha2::{Digest, Sha256};
use sqlx::{AnyPool, Row};

use super::image::{Image, ImageKind};
use crate::platform::db::clock;
use crate::platform::http::error::ApiResult;

/// A stored file, as `GET /media/...` answers it.
pub struct StoredFile {
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// Keeps the image (once: a second upload of the same bytes changes nothing) and answers
/// its public path, `/media/{sha256}.{ext}`.
pub async fn save<'c>(db: impl sqlx::Executor<'c, Database = sqlx::Any>, image: &Image) -> ApiResult<String> {
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

/// The size of each stored part of a large file.
pub const PART_SIZE: usize = 1024 * 1024;

/// A file kept in parts (a video), as its `media` row describes it.
pub struct PartedFile {
    pub content_type: String,
    pub size: u64,
    pub part_size: u64,
}

/// Keeps a received file in parts of [`PART_SIZE`] bytes, read from `path` one part at a
/// time, all in one transaction: a file is stored whole or not at all. The same bytes
/// uploaded again (or meanwhile, by someone else) are kept once.
pub async fn save_parts(
    db: &AnyPool,
    sha256: &str,
    content_type: &str,
    size: u64,
    path: &std::path::Path,
) -> ApiResult<()> {
    use rocket::tokio::io::AsyncReadExt;

    let stored: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM media WHERE sha256 = $1").bind(sha256).fetch_optional(db).await?;
    if stored.is_some() {
        return Ok(());
    }
    let mut tx = crate::platform::db::begin_write(db).await?;
    let inserted = sqlx::query(
        "INSERT INTO media (sha256, content_type, bytes, size, part_size, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (sha256) DO NOTHING",
    )
    .bind(sha256)
    .bind(content_type)
    .bind(&[] as &[u8])
    .bind(i64::try_from(size).map_err(crate::platform::http::error::ApiError::internal)?)
    .bind(PART_SIZE as i64)
    .bind(clock::now_text())
    .execute(&mut *tx)
    .await?;
    if inserted.rows_affected() == 0 {
        // Stored by a concurrent upload of the same bytes since the check above.
        return Ok(());
    }
    let mut file = rocket::tokio::fs::File::open(path)
        .await
        .map_err(crate::platform::http::error::ApiError::internal)?;
    let mut part = vec![0u8; PART_SIZE];
    let mut position: i64 = 0;
    let mut written: u64 = 0;
    loop {
        let mut filled = 0;
        while filled < PART_SIZE {
            match file
                .read(&mut part[filled..])
                .await
                .map_err(crate::platform::http::error::ApiError::internal)?
            {
                0 => break,
                read => filled += read,
            }
        }
        if filled == 0 {
            break;
        }
        sqlx::query("INSERT INTO media_parts (sha256, position, bytes) VALUES ($1, $2, $3)")
            .bind(sha256)
            .bind(position)
            .bind(&part[..filled])
            .execute(&mut *tx)
            .await?;
        position += 1;
        written += filled as u64;
    }
    if written != size {
        return Err(crate::platform::http::error::ApiError::internal(format!(
            "the received file changed size on disk: {written} bytes, not {size}"
        )));
    }
    tx.commit().await?;
    Ok(())
}

/// The description of a file kept in parts; `None` when there is no such file, or it is
/// an image kept whole.
pub async fn find_parted(db: &AnyPool, sha256: &str) -> ApiResult<Option<PartedFile>> {
    let row = sqlx::query(
        "SELECT content_type, size, part_size FROM media WHERE sha256 = $1 AND part_size IS NOT NULL",
    )
    .bind(sha256)
    .fetch_optional(db)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let whole = |column: &str| -> ApiResult<u64> {
        let value: i64 = row.try_get(column)?;
        u64::try_from(value).map_err(crate::platform::http::error::ApiError::internal)
    };
    Ok(Some(PartedFile {
        content_type: row.try_get("content_type")?,
        size: whole("size")?,
        part_size: whole("part_size")?,
    }))
}

/// One part of a file kept in parts.
pub async fn part(db: &AnyPool, sha256: &str, position: i64) -> Result<Option<Vec<u8>>, sqlx::Error> {
    sqlx::query_scalar("SELECT bytes FROM media_parts WHERE sha256 = $1 AND position = $2")
        .bind(sha256)
        .bind(position)
        .fetch_optional(db)
        .await
}
