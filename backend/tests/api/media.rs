//! The media store (the contract; issue 4 item 3): images kept once per SHA-256, judged by
//! their bytes, served from /media with long-lived caching; records keep the path only.

use base64::Engine;
use rocket::http::{ContentType, Method, Status};
use rocket::local::asynchronous::LocalResponse;
use serde_json::{json, Value};

use crate::helpers::{read, TestApp};

/// A real 1×1 PNG and GIF.
const PNG: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
pub const GIF: &str = "R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==";
const TEN_MB: usize = 10 * 1024 * 1024;

pub fn bytes_of(base64: &str) -> Vec<u8> {
    base64::engine::general_purpose::STANDARD.decode(base64).expect("base64")
}

pub fn data_url(media_type: &str, bytes: &[u8]) -> String {
    format!("data:{media_type};base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes))
}

pub fn category_with_image(image_url: &str) -> Value {
    json!({ "nameEn": "Residential", "nameAr": "سكني", "imageUrl": image_url })
}

fn is_media_path(reference: &Value, extension: &str) -> bool {
    reference.as_str().is_some_and(|path| {
        path.strip_prefix("/media/").and_then(|file| file.strip_suffix(&format!(".{extension}"))).is_some_and(
            |hash| hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
        )
    })
}

pub async fn media_rows(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM media").fetch_one(app.pool()).await.expect("count")
}

const BOUNDARY: &str = "aqar-test-boundary-7MA4YWxkTrZu0gW";

/// A multipart/form-data body with one part per (field, file name, bytes).
fn multipart(parts: &[(&str, &str, &[u8])]) -> Vec<u8> {
    let mut body = Vec::new();
    for (field, file_name, bytes) in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        body.extend_from_slice(
            format!("Content-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\n")
                .as_bytes(),
        );
        body.extend_from_slice(b"Content-Type: image/png\r\n\r\n");
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

pub async fn upload<'a>(app: &'a TestApp, path: &str, parts: &[(&str, &str, &[u8])]) -> LocalResponse<'a> {
    let content_type = ContentType::new("multipart", "form-data").with_params(("boundary", BOUNDARY));
    app.client.post(path.to_owned()).header(content_type).body(multipart(parts)).dispatch().await
}

both_databases! {
    async fn an_inline_category_image_is_stored_and_served_from_media(app) {
        app.login_admin().await;
        let png = bytes_of(PNG);
        let (status, created) = app.send(Method::Post, "/api/categories", category_with_image(&data_url("image/png", &png))).await;
        assert_eq!(status, Status::Created, "{created}");
        assert!(is_media_path(&created["imageUrl"], "png"), "{}", created["imageUrl"]);

        let path = created["imageUrl"].as_str().expect("path").to_owned();
        app.client.post("/api/logout").dispatch().await;
        let response = app.client.get(path).dispatch().await;
        assert_eq!(response.status(), Status::Ok, "the public site reads images without a session");
        assert_eq!(response.content_type(), Some(ContentType::PNG));
        assert_eq!(response.headers().get_one("Cache-Control"), Some("public, max-age=31536000, immutable"));
        assert_eq!(response.into_bytes().await, Some(png));
    }

    async fn the_image_kind_comes_from_the_bytes_not_the_declared_type(app) {
        app.login_admin().await;
        let (_, created) = app.send(Method::Post, "/api/categories", category_with_image(&data_url("image/png", &bytes_of(GIF)))).await;
        assert!(is_media_path(&created["imageUrl"], "gif"), "{}", created["imageUrl"]);
        let response = app.client.get(created["imageUrl"].as_str().expect("path").to_owned()).dispatch().await;
        assert_eq!(response.content_type(), Some(ContentType::GIF));
    }

    async fn the_same_image_is_stored_once(app) {
        app.login_admin().await;
        let url = data_url("image/png", &bytes_of(PNG));
        let (_, first) = app.send(Method::Post, "/api/categories", category_with_image(&url)).await;
        let (_, second) = app.send(Method::Post, "/api/categories", category_with_image(&url)).await;
        assert_eq!(first["imageUrl"], second["imageUrl"]);
        assert_eq!(media_rows(&app).await, 1);
    }

    async fn category_lists_carry_references_not_image_data(app) {
        app.login_admin().await;
        let big = {
            let mut bytes = bytes_of(PNG);
            bytes.resize(200_000, 7);
            bytes
        };
        for _ in 0..3 {
            app.send(Method::Post, "/api/categories", category_with_image(&data_url("image/png", &big))).await;
        }
        let response = app.client.get("/api/categories").dispatch().await;
        let text = response.into_string().await.expect("body");
        assert!(!text.contains("data:"), "no inline data in the list");
        assert!(text.len() < 2_000, "three categories list in {} bytes", text.len());
        let stored: Option<String> = sqlx::query_scalar("SELECT image_url FROM categories LIMIT 1")
            .fetch_one(app.pool()).await.expect("row");
        assert!(stored.is_some_and(|s| s.starts_with("/media/")));
    }

    async fn a_non_image_data_url_is_422_on_image_url(app) {
        app.login_admin().await;
        let text = data_url("image/png", b"I am plain text pretending to be a PNG");
        let (status, body) = app.send(Method::Post, "/api/categories", category_with_image(&text)).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "imageUrl": "Please choose a PNG, JPEG, GIF or WebP image" }));
        let (status, _) = app.send(Method::Post, "/api/categories", category_with_image("data:image/png;base64,@@not base64@@")).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(app.get("/api/categories").await.1, json!([]));
        assert_eq!(media_rows(&app).await, 0);
    }

    async fn an_image_over_10_mb_is_413(app) {
        app.login_admin().await;
        let mut bytes = bytes_of(PNG);
        bytes.resize(TEN_MB + 1, 0);
        let (status, body) = app.send(Method::Post, "/api/categories", category_with_image(&data_url("image/png", &bytes))).await;
        assert_eq!(status, Status::PayloadTooLarge);
        assert_eq!(body["message"], "Please select an image smaller than 10MB");
        assert_eq!(app.get("/api/categories").await.1, json!([]));
        bytes.truncate(TEN_MB);
        let (status, _) = app.send(Method::Post, "/api/categories", category_with_image(&data_url("image/png", &bytes))).await;
        assert_eq!(status, Status::Created, "exactly 10 MB is allowed");
    }

    async fn references_are_kept_as_given(app) {
        app.login_admin().await;
        for reference in ["https://images.unsplash.com/photo-1", "/media/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.png"] {
            let (status, created) = app.send(Method::Post, "/api/categories", category_with_image(reference)).await;
            assert_eq!(status, Status::Created);
            assert_eq!(created["imageUrl"], reference);
        }
        assert_eq!(media_rows(&app).await, 0);
    }

    async fn upload_image_stores_one_file_and_answers_its_reference(app) {
        app.login_admin().await;
        let png = bytes_of(PNG);
        let (status, body) = read(upload(&app, "/api/upload-image", &[("image", "house.png", &png)]).await).await;
        assert_eq!(status, Status::Created, "{body}");
        assert!(is_media_path(&body["imageUrl"], "png"), "{body}");
        let response = app.client.get(body["imageUrl"].as_str().expect("path").to_owned()).dispatch().await;
        assert_eq!(response.into_bytes().await, Some(png));
    }

    async fn upload_image_refuses_text_named_like_a_picture(app) {
        app.login_admin().await;
        let (status, body) = read(upload(&app, "/api/upload-image", &[("image", "photo.png", b"hello, world")]).await).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "image": "Please choose a PNG, JPEG, GIF or WebP image" }));
        assert_eq!(media_rows(&app).await, 0);
    }

    async fn upload_image_refuses_a_file_over_10_mb(app) {
        app.login_admin().await;
        let mut bytes = bytes_of(PNG);
        bytes.resize(TEN_MB + 1, 0);
        let (status, body) = read(upload(&app, "/api/upload-image", &[("image", "huge.png", &bytes)]).await).await;
        assert_eq!(status, Status::PayloadTooLarge);
        assert_eq!(body["message"], "Please select an image smaller than 10MB");
        bytes.resize(TEN_MB * 2, 0);
        let (status, body) = read(upload(&app, "/api/upload-image", &[("image", "huger.png", &bytes)]).await).await;
        assert_eq!(status, Status::PayloadTooLarge);
        assert!(body["message"].is_string());
        assert_eq!(media_rows(&app).await, 0);
    }

    async fn upload_image_needs_a_multipart_body_with_the_image_field(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/upload-image", json!({ "image": PNG })).await;
        assert_eq!(status, Status::UnsupportedMediaType);
        assert!(body["message"].is_string());
        let png = bytes_of(PNG);
        let (status, body) = read(upload(&app, "/api/upload-image", &[("photo", "a.png", &png)]).await).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert!(body["message"].is_string());
        assert_eq!(media_rows(&app).await, 0);
    }

    async fn upload_images_answers_one_reference_per_file_in_order(app) {
        app.login_admin().await;
        let (png, gif) = (bytes_of(PNG), bytes_of(GIF));
        let parts: [(&str, &str, &[u8]); 2] = [("images", "a.png", &png), ("images", "b.gif", &gif)];
        let (status, body) = read(upload(&app, "/api/upload-images", &parts).await).await;
        assert_eq!(status, Status::Created, "{body}");
        let images = body["images"].as_array().expect("images");
        assert_eq!(images.len(), 2);
        assert!(is_media_path(&images[0], "png") && is_media_path(&images[1], "gif"), "{body}");
    }

    async fn upload_images_refuses_the_whole_batch_for_one_bad_file(app) {
        app.login_admin().await;
        let png = bytes_of(PNG);
        let parts: [(&str, &str, &[u8]); 2] = [("images", "a.png", &png), ("images", "b.png", b"not an image")];
        let (status, body) = read(upload(&app, "/api/upload-images", &parts).await).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "images": "Please choose a PNG, JPEG, GIF or WebP image" }));
        assert_eq!(media_rows(&app).await, 0);
    }

    async fn upload_images_keeps_each_streamed_file_byte_for_byte(app) {
        app.login_admin().await;
        let mut large = bytes_of(PNG);
        large.extend((0..TEN_MB - large.len()).map(|n| (n % 251) as u8));
        let gif = bytes_of(GIF);
        let parts: [(&str, &str, &[u8]); 2] = [("images", "large.png", &large), ("images", "small.gif", &gif)];
        let (status, body) = read(upload(&app, "/api/upload-images", &parts).await).await;
        assert_eq!(status, Status::Created, "{body}");
        for (reference, original) in body["images"].as_array().expect("images").iter().zip([&large, &gif]) {
            let response = app.client.get(reference.as_str().expect("path").to_owned()).dispatch().await;
            assert!(response.into_bytes().await.as_ref() == Some(original), "{reference} is stored as sent");
        }
        large.push(0);
        let parts: [(&str, &str, &[u8]); 2] = [("images", "small.gif", &gif), ("images", "huge.png", &large)];
        let (status, body) = read(upload(&app, "/api/upload-images", &parts).await).await;
        assert_eq!((status, body["message"].as_str()), (Status::PayloadTooLarge, Some("Please select an image smaller than 10MB")));
        assert_eq!(media_rows(&app).await, 2, "nothing of the refused upload is kept");
    }

    async fn an_unknown_media_file_is_404_json(app) {
        let unknown = format!("/media/{}.png", "ab".repeat(32));
        for path in [unknown.as_str(), "/media/nothing.png", "/media/x"] {
            let (status, body) = app.get(path).await;
            assert_eq!(status, Status::NotFound, "{path}");
            assert_eq!(body["message"], "No such file");
        }
        app.login_admin().await;
        let (_, created) = app.send(Method::Post, "/api/categories", category_with_image(&data_url("image/png", &bytes_of(PNG)))).await;
        let as_gif = created["imageUrl"].as_str().expect("path").replace(".png", ".gif");
        assert_eq!(app.get(&as_gif).await.0, Status::NotFound, "one path per file");
    }
}

#[rocket::async_test]
async fn the_upload_operations_are_documented_as_multipart() {
    let app = TestApp::spawn(crate::helpers::Backend::Sqlite).await.expect("app");
    app.login_admin().await;
    let (_, document) = app.get("/api/openapi.json").await;
    for path in ["/api/upload-image", "/api/upload-images"] {
        let content = &document["paths"][path]["post"]["requestBody"]["content"];
        assert!(content["multipart/form-data"]["schema"].is_object(), "{path}");
    }
    assert_eq!(document["paths"]["/media/{file}"]["get"]["security"], json!([]));
    let schemas = &document["components"]["schemas"];
    for name in [
        "Category",
        "PropertyType",
        "Country",
        "City",
        "Region",
        "PropertyFeature",
        "UploadedImage",
        "UploadedImages",
    ] {
        assert!(schemas[name].is_object(), "{name} is described");
    }
}
