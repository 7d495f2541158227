//! The public read API (the contract): what the public website shows, readable without a
//! session. Each area mounts its own `GET /api/public/...` routes and answers them with
//! [`Cached`], which gives every one the same `ETag`, `304` and `Cache-Control` behaviour.

use std::io::Cursor;
use std::sync::Arc;

use rocket::http::{ContentType, Header, Status};
use rocket::response::{self, Responder, Response};
use rocket::Request;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// How long a browser or proxy may reuse a public answer before asking again; asking again
/// costs a 304 when nothing changed. Short, so an edit in the panel shows within seconds, and
/// a listing whose permit or publishing window ended leaves every copy within 10 s (issue 39).
pub const MAX_AGE_SECS: u32 = 10;

/// A public answer: JSON with an entity tag of its bytes. A request whose `If-None-Match`
/// names that tag gets `304 Not Modified` and no body.
pub struct Cached<T>(pub T);

/// The entity tag of an answer's bytes: a strong tag, quoted.
pub fn entity_tag(body: &[u8]) -> String {
    let digest = Sha256::digest(body);
    format!("\"{}\"", hex::encode(&digest[..16]))
}

/// Whether an `If-None-Match` header names the tag (or `*`), weak or strong.
pub fn matches(header: &str, tag: &str) -> bool {
    header
        .split(',')
        .map(str::trim)
        .any(|candidate| candidate == "*" || candidate.strip_prefix("W/").unwrap_or(candidate) == tag)
}

impl<'r, T: Serialize> Responder<'r, 'static> for Cached<T> {
    fn respond_to(self, request: &'r Request<'_>) -> response::Result<'static> {
        let body = serde_json::to_vec(&self.0).map_err(|_| Status::InternalServerError)?;
        CachedJson(body.into()).respond_to(request)
    }
}

/// A public answer whose JSON is serialised already (a kept list page), with the same
/// `ETag`, `304` and `Cache-Control` as [`Cached`].
pub struct CachedJson(pub Arc<[u8]>);

impl<'r> Responder<'r, 'static> for CachedJson {
    fn respond_to(self, request: &'r Request<'_>) -> response::Result<'static> {
        let body = self.0;
        let tag = entity_tag(&body);
        let mut response = Response::build();
        response
            .header(Header::new("ETag", tag.clone()))
            .header(Header::new("Cache-Control", format!("public, max-age={MAX_AGE_SECS}")));
        if request.headers().get_one("If-None-Match").is_some_and(|header| matches(header, &tag)) {
            response.status(Status::NotModified);
        } else {
            response.header(ContentType::JSON).sized_body(body.len(), Cursor::new(body));
        }
        Ok(response.finalize())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_names_the_tag_weak_or_strong_or_any() {
        let tag = entity_tag(b"[]");
        assert!(matches(&tag, &tag));
        assert!(matches(&format!("W/{tag}"), &tag));
        assert!(matches(&format!("\"other\", {tag}"), &tag));
        assert!(matches("*", &tag));
        assert!(!matches("\"other\"", &tag));
    }
}
