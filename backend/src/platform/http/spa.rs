//! The browser app, embedded in the binary at build time, served at every path the API
//! does not own so that deep links reach the client-side router. The build writes a brotli
//! and a gzip copy beside each compressible file (`frontend/scripts/precompress.ts`); the
//! client gets the one its `Accept-Encoding` prefers.

use std::borrow::Cow;
use std::io::Cursor;
use std::path::PathBuf;

use rocket::http::{ContentType, Header, Status};
use rocket::response::{self, Responder, Response};
use rocket::{get, routes, Request, Route};
use rust_embed::RustEmbed;

use crate::platform::http::compression::{self, Coding};

#[derive(RustEmbed)]
#[folder = "../frontend/dist"]
#[allow_missing = true]
struct Assets;

pub fn routes() -> Vec<Route> {
    routes![asset]
}

/// A file of the build, answered in the coding the client prefers among those built.
pub struct Asset {
    name: String,
    content_type: ContentType,
    cache: &'static str,
}

impl Asset {
    fn new(name: &str, content_type: ContentType, cache: &'static str) -> Option<Self> {
        Assets::get(name).is_some().then(|| Asset { name: name.to_owned(), content_type, cache })
    }

    /// The stored copy of this file in `coding`, when the build made one.
    fn copy(&self, coding: Coding) -> Option<Cow<'static, [u8]>> {
        let name = match coding {
            Coding::Brotli => format!("{}.br", self.name),
            Coding::Gzip => format!("{}.gz", self.name),
            Coding::Identity => self.name.clone(),
        };
        Assets::get(&name).map(|file| file.data)
    }
}

impl<'r> Responder<'r, 'static> for Asset {
    fn respond_to(self, request: &'r Request<'_>) -> response::Result<'static> {
        let built: Vec<Coding> = [Coding::Brotli, Coding::Gzip]
            .into_iter()
            .filter(|coding| self.copy(*coding).is_some())
            .collect();
        let coding = compression::preferred(request.headers().get_one("Accept-Encoding"), &built);
        let body = self.copy(coding).ok_or(Status::NotFound)?;
        let mut response = Response::build();
        response
            .header(self.content_type)
            .header(Header::new("Cache-Control", self.cache))
            // Said of every file, compressed copy or not, so caches keep one per coding.
            .header(Header::new("Vary", "Accept-Encoding"))
            .sized_body(body.len(), Cursor::new(body));
        if coding != Coding::Identity {
            response.header(Header::new("Content-Encoding", coding.name()));
        }
        Ok(response.finalize())
    }
}

/// A page of the build other than the app's own (which every unknown path falls back to).
pub fn page(name: &str) -> Option<Asset> {
    Asset::new(name, ContentType::HTML, REVALIDATE)
}

/// Vite's hashed bundles never change under the same name; the page itself always may.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// Whether `path` (without its leading slash) is the API's, the media's or the portals'
/// feeds': an unknown one there is a 404, never the app's page (a portal reading a revoked
/// feed must not get HTML).
fn outside_the_app(path: &str) -> bool {
    path.starts_with("api/")
        || path == "api"
        || path.starts_with("media/")
        || path == "feeds"
        || path.starts_with("feeds/")
}

#[get("/<path..>", rank = 100)]
fn asset(path: PathBuf) -> Result<Asset, Status> {
    let path = path.to_string_lossy().replace('\\', "/");
    if outside_the_app(&path) {
        return Err(Status::NotFound);
    }
    let content_type = ContentType::from_extension(path.rsplit('.').next().unwrap_or_default())
        .unwrap_or(ContentType::Binary);
    let cache = if path.starts_with("assets/") { IMMUTABLE } else { REVALIDATE };
    Asset::new(&path, content_type, cache)
        .or_else(|| Asset::new("index.html", ContentType::HTML, REVALIDATE))
        .ok_or(Status::NotFound)
}

#[cfg(test)]
mod tests {
    use super::outside_the_app;

    #[test]
    fn the_api_the_media_and_the_feeds_never_fall_back_to_the_app() {
        for path in ["api", "api/nothing", "media/x.png", "feeds", "feeds/bayut/x.xml", "feeds/elsewhere"] {
            assert!(outside_the_app(path), "{path}");
        }
        for path in ["", "properties/12", "feedsy", "settings"] {
            assert!(!outside_the_app(path), "{path}");
        }
    }
}
