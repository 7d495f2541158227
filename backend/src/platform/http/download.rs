//! A file answered as a download: a finished file of known length, or bytes streamed as they
//! are written, with a `Content-Disposition` naming the file in any script (RFC 6266: an
//! ASCII `filename` for old clients and the UTF-8 `filename*` every browser prefers).

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use rocket::http::{ContentType, Status};
use rocket::request::Request;
use rocket::response::{self, Responder, Response};
use rocket::tokio::io::{AsyncRead, ReadBuf};
use rocket::tokio::sync::mpsc::Receiver;

/// What a download sends.
pub enum Body {
    /// A finished file and its length. The path, if temporary, is removed when this is
    /// dropped; the open handle keeps the bytes until they are sent.
    File { file: std::fs::File, length: u64, _path: Option<tempfile::TempPath> },
    /// `first`, then the chunks as the writer makes them. An `Err` ends the answer without
    /// its last chunk, so the client sees a broken transfer rather than a file that looks whole.
    Stream { first: Vec<u8>, rest: Receiver<io::Result<Vec<u8>>> },
}

pub struct Download {
    pub name: String,
    /// The name in ASCII, for clients that do not read `filename*`.
    pub ascii_name: String,
    pub content_type: ContentType,
    pub body: Body,
}

/// `attachment; filename="..."; filename*=UTF-8''...`.
pub fn content_disposition(name: &str, ascii_name: &str) -> String {
    let ascii: String = ascii_name
        .chars()
        .map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' })
        .collect();
    let mut encoded = String::with_capacity(name.len() * 3);
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

/// The stream's chunks as one reader: `first`, then each chunk as it arrives; an `Err`
/// breaks the answer off (the portals' feeds stream this way too).
pub struct ChunkReader {
    chunks: Receiver<io::Result<Vec<u8>>>,
    current: Vec<u8>,
    sent: usize,
}

impl ChunkReader {
    pub fn new(first: Vec<u8>, rest: Receiver<io::Result<Vec<u8>>>) -> ChunkReader {
        ChunkReader { chunks: rest, current: first, sent: 0 }
    }
}

impl AsyncRead for ChunkReader {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        while this.sent == this.current.len() {
            match this.chunks.poll_recv(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(None) => return Poll::Ready(Ok(())),
                Poll::Ready(Some(Err(error))) => return Poll::Ready(Err(error)),
                Poll::Ready(Some(Ok(chunk))) => {
                    this.current = chunk;
                    this.sent = 0;
                }
            }
        }
        let n = buf.remaining().min(this.current.len() - this.sent);
        buf.put_slice(&this.current[this.sent..this.sent + n]);
        this.sent += n;
        Poll::Ready(Ok(()))
    }
}

impl<'r> Responder<'r, 'static> for Download {
    fn respond_to(self, _request: &'r Request<'_>) -> response::Result<'static> {
        let mut response = Response::build();
        response
            .header(self.content_type)
            .raw_header("Content-Disposition", content_disposition(&self.name, &self.ascii_name))
            .raw_header("Cache-Control", "no-store");
        match self.body {
            Body::File { file, length, _path } => {
                let length = usize::try_from(length).map_err(|_| Status::InternalServerError)?;
                response.sized_body(length, rocket::tokio::fs::File::from_std(file));
            }
            Body::Stream { first, rest } => {
                response.streamed_body(ChunkReader::new(first, rest));
            }
        }
        response.ok()
    }
}

#[cfg(test)]
mod tests {
    use super::content_disposition;

    #[test]
    fn the_name_travels_in_ascii_and_in_utf8() {
        assert_eq!(
            content_disposition("العقارات-2026-11-26.csv", "properties-2026-11-26.csv"),
            "attachment; filename=\"properties-2026-11-26.csv\"; filename*=UTF-8''\
             %D8%A7%D9%84%D8%B9%D9%82%D8%A7%D8%B1%D8%A7%D8%AA-2026-11-26.csv"
        );
        assert_eq!(
            content_disposition("a b\".xlsx", "a b\".xlsx"),
            "attachment; filename=\"a b_.xlsx\"; filename*=UTF-8''a%20b%22.xlsx"
        );
    }
}
