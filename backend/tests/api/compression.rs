//! What the browser downloads is compressed: the embedded app's files by the copies the
//! build made, JSON answers as they leave; each in the coding the client accepts, and only
//! then.

use std::io::Read;
use std::path::PathBuf;

use rocket::http::{Header, Status};
use rocket::local::asynchronous::LocalResponse;

use crate::helpers::{Backend, TestApp};

async fn app() -> TestApp {
    TestApp::spawn(Backend::Sqlite).await.expect("SQLite app")
}

fn dist() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../frontend/dist")
}

/// The app's entry script as the build wrote it (path and bytes), or `None`, said loudly,
/// when the UI is not built (`make frontend`; `make test` builds it before this suite).
fn entry_script() -> Option<(String, Vec<u8>)> {
    let Ok(page) = std::fs::read_to_string(dist().join("index.html")) else {
        eprintln!("\n*** SKIPPED: frontend/dist is not built (run `make frontend`) ***\n");
        return None;
    };
    let start = page.find("src=\"/assets/").expect("index.html names its entry script") + 5;
    let end = start + page[start..].find('"').expect("a quoted path");
    let path = page[start..end].to_owned();
    let bytes = std::fs::read(dist().join(&path[1..])).expect("the entry script is built");
    Some((path, bytes))
}

async fn get<'c>(app: &'c TestApp, path: &str, accept_encoding: Option<&str>) -> LocalResponse<'c> {
    let mut request = app.client.get(path.to_owned());
    if let Some(accepted) = accept_encoding {
        request = request.header(Header::new("Accept-Encoding", accepted.to_owned()));
    }
    request.dispatch().await
}

fn header<'a>(response: &'a LocalResponse<'_>, name: &str) -> Option<&'a str> {
    response.headers().get_one(name)
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut plain = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut plain).expect("valid gzip");
    plain
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut plain = Vec::new();
    brotli_decompressor::Decompressor::new(bytes, 4096).read_to_end(&mut plain).expect("valid brotli");
    plain
}

#[rocket::async_test]
async fn an_asset_comes_in_brotli_to_a_client_that_accepts_it() {
    let Some((path, original)) = entry_script() else { return };
    let app = app().await;
    let response = get(&app, &path, Some("gzip, deflate, br, zstd")).await;
    assert_eq!(response.status(), Status::Ok);
    assert_eq!(header(&response, "Content-Encoding"), Some("br"));
    assert_eq!(header(&response, "Vary"), Some("Accept-Encoding"));
    assert_eq!(header(&response, "Content-Type"), Some("text/javascript"));
    let body = response.into_bytes().await.expect("a body");
    assert!(body.len() < original.len() / 2, "brotli: {} of {} bytes", body.len(), original.len());
    assert_eq!(unbrotli(&body), original);
}

#[rocket::async_test]
async fn an_asset_comes_gzipped_to_a_client_that_accepts_only_gzip() {
    let Some((path, original)) = entry_script() else { return };
    let app = app().await;
    let response = get(&app, &path, Some("gzip;q=1, br;q=0")).await;
    assert_eq!(header(&response, "Content-Encoding"), Some("gzip"));
    assert_eq!(header(&response, "Vary"), Some("Accept-Encoding"));
    assert_eq!(gunzip(&response.into_bytes().await.expect("a body")), original);
}

#[rocket::async_test]
async fn an_asset_comes_plain_to_a_client_that_accepts_no_compression() {
    let Some((path, original)) = entry_script() else { return };
    let app = app().await;
    for accepted in [None, Some("identity"), Some("deflate")] {
        let response = get(&app, &path, accepted).await;
        assert_eq!(header(&response, "Content-Encoding"), None, "{accepted:?}");
        assert_eq!(header(&response, "Vary"), Some("Accept-Encoding"));
        assert_eq!(response.into_bytes().await.expect("a body"), original, "{accepted:?}");
    }
}

#[rocket::async_test]
async fn the_page_of_a_deep_link_is_compressed_too() {
    if entry_script().is_none() {
        return;
    }
    let app = app().await;
    let response = get(&app, "/properties", Some("br")).await;
    assert_eq!(header(&response, "Content-Type"), Some("text/html; charset=utf-8"));
    assert_eq!(header(&response, "Content-Encoding"), Some("br"));
    let page = unbrotli(&response.into_bytes().await.expect("a body"));
    assert_eq!(page, std::fs::read(dist().join("index.html")).expect("index.html"));
}

#[rocket::async_test]
async fn the_favicon_is_an_icon() {
    if entry_script().is_none() {
        return;
    }
    let app = app().await;
    let response = get(&app, "/favicon.ico", Some("gzip, br")).await;
    assert_eq!(response.status(), Status::Ok);
    assert_eq!(header(&response, "Content-Type"), Some("image/x-icon"));
    let body = response.into_bytes().await.expect("a body");
    assert_eq!(&body[..4], [0, 0, 1, 0], "an ICO file");
}

#[rocket::async_test]
async fn a_large_json_answer_is_gzipped_when_accepted() {
    let app = app().await;
    let plain = get(&app, "/api/openapi.json", None).await;
    assert_eq!(header(&plain, "Content-Encoding"), None);
    assert_eq!(header(&plain, "Vary"), Some("Accept-Encoding"));
    let plain = plain.into_bytes().await.expect("a body");
    assert!(plain.len() > aqar::platform::http::compression::MIN_BYTES);

    let gzipped = get(&app, "/api/openapi.json", Some("gzip, deflate, br")).await;
    assert_eq!(header(&gzipped, "Content-Type"), Some("application/json"));
    assert_eq!(header(&gzipped, "Content-Encoding"), Some("gzip"));
    assert_eq!(header(&gzipped, "Vary"), Some("Accept-Encoding"));
    let gzipped = gzipped.into_bytes().await.expect("a body");
    assert!(gzipped.len() < plain.len() / 4, "gzip: {} of {} bytes", gzipped.len(), plain.len());
    assert_eq!(gunzip(&gzipped), plain);
}

#[rocket::async_test]
async fn a_small_json_answer_stays_plain() {
    let app = app().await;
    let response = get(&app, "/healthz", Some("gzip")).await;
    assert_eq!(response.status(), Status::Ok);
    assert_eq!(header(&response, "Content-Encoding"), None);
    let body = response.into_bytes().await.expect("a body");
    assert!(body.len() < aqar::platform::http::compression::MIN_BYTES);
    assert!(serde_json::from_slice::<serde_json::Value>(&body).is_ok());
}

#[rocket::async_test]
async fn a_gzipped_public_read_has_a_weak_tag_that_still_answers_304() {
    let app = TestApp::spawn_with(Backend::Sqlite, |figment| figment.merge(("aqar.demo", true)))
        .await
        .expect("SQLite app");
    let plain = get(&app, "/api/public/properties", None).await;
    let strong = header(&plain, "ETag").expect("a tag").to_owned();
    assert!(!strong.starts_with("W/"));

    let gzipped = get(&app, "/api/public/properties", Some("gzip")).await;
    assert_eq!(header(&gzipped, "Content-Encoding"), Some("gzip"));
    let weak = header(&gzipped, "ETag").expect("a tag").to_owned();
    assert_eq!(weak, format!("W/{strong}"));

    let again = app
        .client
        .get("/api/public/properties")
        .header(Header::new("Accept-Encoding", "gzip"))
        .header(Header::new("If-None-Match", weak))
        .dispatch()
        .await;
    assert_eq!(again.status(), Status::NotModified);
    assert_eq!(header(&again, "Content-Encoding"), None);
}
