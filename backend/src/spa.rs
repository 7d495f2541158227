//! The browser app, embedded in the binary at build time, served at every path the API
//! does not own so that deep links reach the client-side router.

use std::borrow::Cow;
use std::path::PathBuf;

use rocket::http::{ContentType, Header, Status};
use rocket::response::Responder;
use rocket::{get, routes, Route};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../frontend/dist"]
#[allow_missing = true]
struct Assets;

pub fn routes() -> Vec<Route> {
    routes![asset]
}

#[derive(Responder)]
pub struct Asset {
    body: Cow<'static, [u8]>,
    content_type: ContentType,
    cache_control: Header<'static>,
}

impl Asset {
    fn new(body: Cow<'static, [u8]>, content_type: ContentType, cache: &'static str) -> Self {
        Asset { body, content_type, cache_control: Header::new("Cache-Control", cache) }
    }
}

/// A page of the build other than the app's own (which every unknown path falls back to).
pub fn page(name: &str) -> Option<Asset> {
    Assets::get(name).map(|file| Asset::new(file.data, ContentType::HTML, REVALIDATE))
}

/// Vite's hashed bundles never change under the same name; the page itself always may.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

#[get("/<path..>", rank = 100)]
fn asset(path: PathBuf) -> Result<Asset, Status> {
    let path = path.to_string_lossy().replace('\\', "/");
    if path.starts_with("api/") || path == "api" || path.starts_with("media/") {
        return Err(Status::NotFound);
    }
    if let Some(file) = Assets::get(&path) {
        let content_type = ContentType::from_extension(path.rsplit('.').next().unwrap_or_default())
            .unwrap_or(ContentType::Binary);
        let cache = if path.starts_with("assets/") { IMMUTABLE } else { REVALIDATE };
        return Ok(Asset::new(file.data, content_type, cache));
    }
    match Assets::get("index.html") {
        Some(index) => Ok(Asset::new(index.data, ContentType::HTML, REVALIDATE)),
        None => Err(Status::NotFound),
    }
}
