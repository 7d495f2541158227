//! A file kept in parts (see `store::save_parts`) read back as one stream of bytes: only the
//! parts a byte range covers are read, one at a time, so answering a 200 MB video holds one
//! part (1 MiB) in memory, not the file.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use rocket::tokio::io::{AsyncRead, AsyncSeek, ReadBuf};
use sqlx::AnyPool;

use super::store;

type Fetch = Pin<Box<dyn Future<Output = Result<Option<Vec<u8>>, sqlx::Error>> + Send>>;

pub struct PartsReader {
    pool: AnyPool,
    sha256: String,
    /// The part to read next.
    position: i64,
    /// Bytes of the next part read that come before the range.
    skip: usize,
    /// Bytes of the range not yet handed out.
    remaining: u64,
    part: Vec<u8>,
    /// Where the unsent bytes of `part` start.
    offset: usize,
    pending: Option<Fetch>,
}

impl PartsReader {
    /// Bytes `first ..= first + count - 1` of a file stored in parts of `part_size` bytes.
    pub fn new(pool: AnyPool, sha256: String, part_size: u64, first: u64, count: u64) -> PartsReader {
        let part_size = part_size.max(1);
        PartsReader {
            pool,
            sha256,
            position: i64::try_from(first / part_size).unwrap_or(i64::MAX),
            skip: usize::try_from(first % part_size).unwrap_or(usize::MAX),
            remaining: count,
            part: Vec::new(),
            offset: 0,
            pending: None,
        }
    }
}

impl AsyncRead for PartsReader {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        loop {
            if this.remaining == 0 || buf.remaining() == 0 {
                return Poll::Ready(Ok(()));
            }
            if this.offset < this.part.len() {
                let available = this.part.len() - this.offset;
                let wanted = usize::try_from(this.remaining).unwrap_or(usize::MAX);
                let count = available.min(buf.remaining()).min(wanted);
                buf.put_slice(&this.part[this.offset..this.offset + count]);
                this.offset += count;
                this.remaining -= count as u64;
                return Poll::Ready(Ok(()));
            }
            let fetch = this.pending.get_or_insert_with(|| {
                let (pool, sha256, position) = (this.pool.clone(), this.sha256.clone(), this.position);
                Box::pin(async move { store::part(&pool, &sha256, position).await })
            });
            let fetched = match fetch.as_mut().poll(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(fetched) => fetched,
            };
            this.pending = None;
            match fetched {
                Ok(Some(part)) if part.len() > this.skip => {
                    this.offset = this.skip;
                    this.skip = 0;
                    this.part = part;
                    this.position += 1;
                }
                Ok(_) => {
                    let missing =
                        format!("part {} of media {} is missing or short", this.position, this.sha256);
                    rocket::error!("{missing}");
                    return Poll::Ready(Err(io::Error::new(io::ErrorKind::UnexpectedEof, missing)));
                }
                Err(error) => return Poll::Ready(Err(io::Error::other(error))),
            }
        }
    }
}

/// The response's size is always given, so Rocket never seeks: a seek is refused.
impl AsyncSeek for PartsReader {
    fn start_seek(self: Pin<&mut Self>, _: io::SeekFrom) -> io::Result<()> {
        Err(io::Error::new(io::ErrorKind::Unsupported, "a stored video is read forwards only"))
    }

    fn poll_complete(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<u64>> {
        Poll::Ready(Err(io::Error::new(io::ErrorKind::Unsupported, "a stored video is read forwards only")))
    }
}
