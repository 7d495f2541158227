//! The site's pages, kept as rendered per origin, language and path (with its query): a
//! page is served again while the revisions it was rendered at are current (the listings'
//! and the site content's, migrations 0008 and 0029, bumped in every writing transaction)
//! and no listing's window or permit has started or ended since. So a staff edit shows on
//! the next request, on every server. Each page is kept plain and gzipped, compressed once.
//! `AQAR_LIST_CACHE=0` switches this off with the list cache: every page is rendered.

use std::collections::HashMap;
use std::io::Cursor;
use std::sync::{Arc, Mutex};

use rocket::http::{ContentType, Header, Status};
use rocket::response::{self, Responder};
use rocket::{Request, Response};

use crate::platform::http::answer_cache::entity_tag;
use crate::platform::http::compression::{self, Coding};

/// How many pages a server keeps; the oldest by revision go first.
pub const CAPACITY: usize = 2048;

/// The database's revisions a page was rendered at: the listings', the site content's.
pub type Revisions = (i64, i64);

/// What a page is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Html,
    Xml,
    Text,
}

impl Kind {
    fn content_type(self) -> ContentType {
        match self {
            Kind::Html => ContentType::HTML,
            Kind::Xml => ContentType::XML,
            Kind::Text => ContentType::Plain,
        }
    }
}

/// A rendered page, as served.
#[derive(Debug, Clone)]
pub struct Page {
    pub status: Status,
    pub kind: Kind,
    pub plain: Arc<[u8]>,
    pub gzip: Arc<[u8]>,
    pub tag: Arc<str>,
}

impl Page {
    pub fn new(status: Status, kind: Kind, body: String) -> Page {
        let plain: Arc<[u8]> = body.into_bytes().into();
        let gzip = gzipped(&plain).map_or_else(|| plain.clone(), Arc::from);
        Page { status, kind, tag: entity_tag(&plain).into(), plain, gzip }
    }

    pub fn html(status: Status, body: String) -> Page {
        Page::new(status, Kind::Html, body)
    }
}

fn gzipped(bytes: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write;
    if bytes.len() < compression::MIN_BYTES {
        return None;
    }
    // The fastest level: a page is compressed on every render, and after each write every
    // page renders again; level 6 cost several times level 1's time for a few percent less.
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(bytes).ok()?;
    encoder.finish().ok()
}

struct Kept {
    revisions: Revisions,
    until: i64,
    page: Page,
}

pub struct PageCache {
    enabled: bool,
    entries: Mutex<HashMap<String, Kept>>,
}

impl PageCache {
    pub fn new(enabled: bool) -> PageCache {
        PageCache { enabled, entries: Mutex::new(HashMap::new()) }
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<String, Kept>> {
        // Every change is one call: a panic elsewhere cannot leave the map half-written.
        self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The page kept for `key`, when rendered at `revisions` and still true at `now`.
    pub fn get(&self, key: &str, revisions: Revisions, now: i64) -> Option<Page> {
        if !self.enabled {
            return None;
        }
        self.entries()
            .get(key)
            .filter(|kept| kept.revisions == revisions && now < kept.until)
            .map(|kept| kept.page.clone())
    }

    /// Keeps `page`, true until `until` (epoch seconds) unless a revision changes.
    pub fn put(&self, key: String, revisions: Revisions, until: i64, page: Page) {
        if !self.enabled {
            return;
        }
        let mut entries = self.entries();
        if entries.len() >= CAPACITY && !entries.contains_key(&key) {
            let oldest = entries.iter().min_by_key(|(_, kept)| kept.revisions).map(|(key, _)| key.clone());
            if let Some(oldest) = oldest {
                entries.remove(&oldest);
            }
        }
        entries.insert(key, Kept { revisions, until, page });
    }
}

/// Whether an `If-None-Match` header names the tag (or `*`), compared weakly.
fn matches(header: &str, tag: &str) -> bool {
    header
        .split(',')
        .map(str::trim)
        .any(|candidate| candidate == "*" || candidate.strip_prefix("W/").unwrap_or(candidate) == tag)
}

impl<'r> Responder<'r, 'static> for Page {
    fn respond_to(self, request: &'r Request<'_>) -> response::Result<'static> {
        let mut response = Response::build();
        // Revalidated on every visit: a 304 costs nothing when the page has not changed, and
        // a staff edit shows at once.
        response
            .header(Header::new("Cache-Control", "no-cache"))
            .header(Header::new("Vary", "Accept-Encoding"))
            // The browser's own default: forms post with their page's origin, and other sites
            // learn only that a visitor came from this one.
            .header(Header::new("Referrer-Policy", "strict-origin-when-cross-origin"))
            .header(self.kind.content_type());
        let coding = compression::preferred(request.headers().get_one("Accept-Encoding"), &[Coding::Gzip]);
        let gzipped = coding == Coding::Gzip && !Arc::ptr_eq(&self.gzip, &self.plain);
        // The gzipped bytes are not the plain ones: their tag is weak (RFC 9110 §8.8.1).
        let tag = if gzipped { format!("W/{}", self.tag) } else { self.tag.to_string() };
        response.header(Header::new("ETag", tag));
        let fresh = self.status == Status::Ok
            && request.headers().get_one("If-None-Match").is_some_and(|header| matches(header, &self.tag));
        if fresh {
            return Ok(response.status(Status::NotModified).finalize());
        }
        response.status(self.status);
        let body = if gzipped {
            response.header(Header::new("Content-Encoding", Coding::Gzip.name()));
            self.gzip
        } else {
            self.plain
        };
        Ok(response.sized_body(body.len(), Cursor::new(body)).finalize())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(text: &str) -> Page {
        Page::html(Status::Ok, text.to_owned())
    }

    #[test]
    fn a_page_is_kept_until_a_revision_changes_or_its_time_ends() {
        let cache = PageCache::new(true);
        cache.put("/en/".into(), (3, 7), 100, page("home"));
        assert!(cache.get("/en/", (3, 7), 99).is_some());
        assert!(cache.get("/en/", (4, 7), 99).is_none(), "a listing was written");
        assert!(cache.get("/en/", (3, 8), 99).is_none(), "the site content was written");
        assert!(cache.get("/en/", (3, 7), 100).is_none(), "a listing's window or permit changed");
        assert!(cache.get("/ar/", (3, 7), 99).is_none());
        let off = PageCache::new(false);
        off.put("/en/".into(), (3, 7), 100, page("home"));
        assert!(off.get("/en/", (3, 7), 99).is_none());
    }

    #[test]
    fn a_small_page_is_not_gzipped_and_a_large_one_is() {
        let small = page("hello");
        assert!(Arc::ptr_eq(&small.plain, &small.gzip));
        let large = page(&"<p>listing</p>".repeat(500));
        assert!(large.gzip.len() < large.plain.len() / 4);
    }
}
