//! An uploaded file field as it is received: streamed to a temporary file while it is
//! hashed, never held in memory, and cut off as soon as it passes its limit. Video and image
//! uploads both arrive this way; each says its own limit and message.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rocket::data::ToByteUnit;
use rocket::form::error::ErrorKind;
use rocket::form::{self, DataField};
use rocket::http::Status;
use rocket::tokio::io::{AsyncReadExt, AsyncWriteExt};
use rocket::tokio::task::spawn_blocking;
use sha2::{Digest, Sha256};

use crate::platform::http::error::ApiError;

/// How many leading bytes are kept for judging the file: a video's `ftyp` box or EBML
/// header, an image's signature.
pub const HEAD_BYTES: usize = 4096;

/// The names temporary upload files start with, so that a start can tell the files that a
/// crash left behind from anyone else's.
pub const TEMP_PREFIXES: [&str; 3] = ["aqar-video-", "aqar-image-", "aqar-sheet-"];

/// What a field may hold: its largest size, the answer (413) past it, and its temporary
/// files' prefix (one of [`TEMP_PREFIXES`]).
pub struct Spec {
    pub max_bytes: u64,
    pub too_large: &'static str,
    pub prefix: &'static str,
}

/// A received file: on disk (removed when this is dropped), with its size, the SHA-256 of
/// its bytes and its first bytes.
pub struct Received {
    path: tempfile::TempPath,
    len: u64,
    sha256: String,
    head: Vec<u8>,
}

impl Received {
    pub fn path(&self) -> PathBuf {
        self.path.to_path_buf()
    }

    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn sha256(&self) -> &str {
        &self.sha256
    }

    pub fn head(&self) -> &[u8] {
        &self.head
    }

    /// The whole file, read back from disk.
    pub async fn bytes(&self) -> std::io::Result<Vec<u8>> {
        rocket::tokio::fs::read(&self.path).await
    }
}

/// Removes the temporary upload files in `folder` that a crash or a kill left behind: those
/// untouched for twice as long as a body may stall (`body_idle`), so uploads still running
/// in another server on this machine are left alone. Answers how many went.
pub fn sweep_leftovers(folder: &Path, body_idle: Duration) -> std::io::Result<usize> {
    let mut removed = 0;
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?;
        let name = entry.file_name();
        let ours =
            name.to_str().is_some_and(|name| TEMP_PREFIXES.iter().any(|prefix| name.starts_with(prefix)));
        let idle = entry.metadata()?.modified()?.elapsed().unwrap_or_default();
        if ours && idle > body_idle * 2 && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    Ok(removed)
}

/// The answer to a file over its limit, kept for the catcher (a form field can only fail
/// with a status).
fn too_large<'v>(request: &rocket::Request<'_>, spec: &Spec) -> form::Errors<'v> {
    ApiError::new(Status::PayloadTooLarge, spec.too_large).stash(request);
    ErrorKind::InvalidLength { min: None, max: Some(spec.max_bytes) }.into()
}

/// Streams the field to a temporary file in Rocket's `temp_dir`, 64 KiB at a time, hashing
/// as it goes; one byte past the limit stops the reading with 413.
pub async fn receive<'v>(field: DataField<'v, '_>, spec: Spec) -> form::Result<'v, Received> {
    let request = field.request;
    let folder = request.rocket().config().temp_dir.relative();
    let prefix = spec.prefix;
    let file = spawn_blocking(move || tempfile::Builder::new().prefix(prefix).tempfile_in(folder))
        .await
        .map_err(std::io::Error::other)??;
    let (file, path) = file.into_parts();
    let mut file = rocket::tokio::fs::File::from_std(file);
    let mut stream = field.data.open(spec.max_bytes.saturating_add(1).bytes());
    let mut hasher = Sha256::new();
    let mut head = Vec::with_capacity(HEAD_BYTES);
    let mut len: u64 = 0;
    let mut buffer = vec![0u8; 64 * 1024];
    loop {
        // A stalled upload fails here (`http::body`), and its file goes with `path`.
        let read = stream.read(&mut buffer).await?;
        if read == 0 {
            break;
        }
        len += read as u64;
        if len > spec.max_bytes {
            return Err(too_large(request, &spec));
        }
        let chunk = &buffer[..read];
        hasher.update(chunk);
        let wanted = HEAD_BYTES.saturating_sub(head.len()).min(read);
        head.extend_from_slice(&chunk[..wanted]);
        file.write_all(chunk).await?;
    }
    file.flush().await?;
    Ok(Received { path, len, sha256: hex::encode(hasher.finalize()), head })
}
