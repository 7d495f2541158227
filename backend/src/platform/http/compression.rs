//! Answers travel compressed when the client accepts it. The browser app's files are
//! compressed once, at build time (`spa`); JSON and text answers are gzipped here, as they
//! leave, at the fastest level: on the panel's LAN the bytes saved are worth little more than
//! the CPU spent, and a level-1 gzip of JSON is already a fifth of its size or less.

use std::io::{Cursor, Write};

use flate2::write::GzEncoder;
use flate2::Compression;
use rocket::fairing::AdHoc;
use rocket::http::{Header, Status};
use rocket::response::Responder;
use rocket::{Request, Response};

use crate::platform::http::error::ApiError;

/// A content coding the server can answer in, in the server's order of preference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
    Identity,
}

impl Coding {
    /// Its name in `Accept-Encoding` and `Content-Encoding`.
    pub fn name(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
            Coding::Identity => "identity",
        }
    }
}

/// Answers smaller than this gain less from compression than its header and work cost.
pub const MIN_BYTES: usize = 1024;

/// The coding among `available` (in the server's order of preference) that the client
/// prefers by its `Accept-Encoding` (RFC 9110 §12.5.3): the highest q-value, ties to the
/// server's order. No header, or nothing acceptable, is identity: a client never gets an
/// encoding it did not ask for, and a 406 would help nobody.
pub fn preferred(accept_encoding: Option<&str>, available: &[Coding]) -> Coding {
    let Some(header) = accept_encoding else {
        return Coding::Identity;
    };
    let weights: Vec<(String, f32)> = header.split(',').filter_map(weighted).collect();
    let weight = |coding: Coding| {
        let named = |name: &str| weights.iter().find(|(candidate, _)| candidate == name).map(|(_, q)| *q);
        let alias = if coding == Coding::Gzip { named("x-gzip") } else { None };
        named(coding.name()).or(alias).or_else(|| named("*")).unwrap_or(match coding {
            Coding::Identity => 1.0,
            _ => 0.0,
        })
    };
    let mut best = (Coding::Identity, weight(Coding::Identity));
    for &coding in available.iter().rev() {
        let q = weight(coding);
        if q > 0.0 && q >= best.1 {
            best = (coding, q);
        }
    }
    best.0
}

/// One element of `Accept-Encoding`, `coding[;q=weight]`, lowercased; `None` when the weight
/// cannot be read (the element is then ignored, as if not sent).
fn weighted(element: &str) -> Option<(String, f32)> {
    let mut parts = element.split(';').map(str::trim);
    let coding = parts.next().filter(|coding| !coding.is_empty())?.to_ascii_lowercase();
    let mut q = 1.0;
    for parameter in parts {
        if let Some((name, value)) = parameter.split_once('=') {
            if name.trim().eq_ignore_ascii_case("q") {
                q = value.trim().parse::<f32>().ok().filter(|q| (0.0..=1.0).contains(q))?;
            }
        }
    }
    Some((coding, q))
}

/// Gzips JSON and text answers of at least [`MIN_BYTES`] for clients that accept it. Left
/// alone: answers already encoded or negotiated (they say `Vary: Accept-Encoding`), partial
/// and empty answers, streams of unknown length, and every other type (images, videos and
/// spreadsheets are compressed formats already).
pub fn fairing() -> AdHoc {
    AdHoc::on_response("Compressed answers", |request, response| {
        Box::pin(async move {
            if !compressible(response) {
                return;
            }
            adjoin_vary(response);
            let Some(size) = response.body().preset_size().filter(|size| *size >= MIN_BYTES) else {
                return;
            };
            let accepted = request.headers().get_one("Accept-Encoding");
            if preferred(accepted, &[Coding::Gzip]) != Coding::Gzip {
                return;
            }
            match response.body_mut().to_bytes().await {
                Ok(body) => gzip_body(response, body),
                Err(error) => fail(request, response, &format!("reading a {size}-byte answer: {error}")),
            }
        })
    })
}

fn compressible(response: &Response<'_>) -> bool {
    let status = response.status();
    let encoded = response.headers().contains("Content-Encoding");
    let negotiated = response
        .headers()
        .get("Vary")
        .any(|vary| vary.split(',').any(|name| name.trim().eq_ignore_ascii_case("Accept-Encoding")));
    let textual = response.content_type().is_some_and(|kind| {
        kind.top() == "text" || kind.sub() == "json" || kind.sub().as_str().ends_with("+json")
    });
    textual
        && !encoded
        && !negotiated
        && !matches!(status, Status::PartialContent | Status::NotModified | Status::NoContent)
}

/// Adds `Accept-Encoding` to `Vary`: caches must not give a gzipped answer to a client that
/// did not ask for one, nor the plain one to every client.
fn adjoin_vary(response: &mut Response<'_>) {
    let vary = match response.headers().get_one("Vary") {
        Some(existing) => format!("{existing}, Accept-Encoding"),
        None => "Accept-Encoding".to_owned(),
    };
    response.set_header(Header::new("Vary", vary));
}

fn gzip_body(response: &mut Response<'_>, body: Vec<u8>) {
    let compressed = gzip(&body).ok().filter(|compressed| compressed.len() < body.len());
    let Some(compressed) = compressed else {
        response.set_sized_body(body.len(), Cursor::new(body));
        return;
    };
    response.set_sized_body(compressed.len(), Cursor::new(compressed));
    response.set_header(Header::new("Content-Encoding", Coding::Gzip.name()));
    // The gzipped bytes are not the plain ones: a strong tag would claim they are (RFC 9110
    // §8.8.1). The public reads compare tags weakly, so a 304 still follows.
    if let Some(tag) = response.headers().get_one("ETag").filter(|tag| !tag.starts_with("W/")) {
        let weak = format!("W/{tag}");
        response.set_header(Header::new("ETag", weak));
    }
}

fn gzip(body: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = GzEncoder::new(Vec::with_capacity(body.len() / 4), Compression::fast());
    encoder.write_all(body)?;
    encoder.finish()
}

/// The body could not be read (it was consumed trying): the answer becomes the contract's
/// JSON error.
fn fail<'r>(request: &'r Request<'_>, response: &mut Response<'r>, detail: &str) {
    let error = ApiError::internal(detail);
    match error.respond_to(request) {
        Ok(answer) => *response = answer,
        Err(status) => {
            *response = Response::build().status(status).finalize();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOTH: [Coding; 2] = [Coding::Brotli, Coding::Gzip];

    #[test]
    fn no_header_is_identity() {
        assert_eq!(preferred(None, &BOTH), Coding::Identity);
        assert_eq!(preferred(Some(""), &BOTH), Coding::Identity);
    }

    #[test]
    fn a_browser_gets_brotli_and_a_gzip_client_gzip() {
        assert_eq!(preferred(Some("gzip, deflate, br, zstd"), &BOTH), Coding::Brotli);
        assert_eq!(preferred(Some("gzip"), &BOTH), Coding::Gzip);
        assert_eq!(preferred(Some("x-gzip"), &BOTH), Coding::Gzip);
        assert_eq!(preferred(Some("gzip, deflate, br"), &[Coding::Gzip]), Coding::Gzip);
    }

    #[test]
    fn q_values_are_honoured() {
        assert_eq!(preferred(Some("br;q=0.5, gzip"), &BOTH), Coding::Gzip);
        assert_eq!(preferred(Some("br;q=0, gzip;q=0"), &BOTH), Coding::Identity);
        assert_eq!(preferred(Some("gzip;q=0.5, identity"), &BOTH), Coding::Identity);
        assert_eq!(preferred(Some("*"), &BOTH), Coding::Brotli);
        assert_eq!(preferred(Some("*;q=0.1, br;q=0"), &BOTH), Coding::Gzip);
        assert_eq!(preferred(Some("identity"), &BOTH), Coding::Identity);
    }

    #[test]
    fn an_unreadable_weight_ignores_its_coding() {
        assert_eq!(preferred(Some("br;q=high, gzip"), &BOTH), Coding::Gzip);
        assert_eq!(preferred(Some("br;q=2"), &BOTH), Coding::Identity);
    }
}
