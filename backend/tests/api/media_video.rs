//! Video uploads (issue 8, item 1): `POST /api/upload-video` judges MP4, MOV and WebM by
//! their bytes, keeps each file once in 1 MiB parts, and `/media` serves it back whole or
//! in byte ranges read from only the parts they cover.

use rocket::http::{ContentType, Header, Method, Status};
use rocket::local::asynchronous::LocalResponse;
use serde_json::{json, Value};

use crate::helpers::{read, Backend, TestApp};

const BOUNDARY: &str = "aqar-video-boundary-c2Vhdmlldw";
const PART: usize = 1024 * 1024;

/// The start of a real MP4 (`isom`) or QuickTime (`qt  `) file: its `ftyp` box, then an
/// `mdat` box of `length` bytes in all, filled with a pattern no two offsets share nearby.
fn iso_video(brand: &[u8; 4], length: usize) -> Vec<u8> {
    let mut bytes = vec![0, 0, 0, 24];
    bytes.extend_from_slice(b"ftyp");
    bytes.extend_from_slice(brand);
    bytes.extend_from_slice(&[0, 0, 2, 0]);
    bytes.extend_from_slice(b"isomiso2");
    pad(bytes, length)
}

/// The start of a WebM file: an EBML header whose DocType is `webm`, then a Segment.
fn webm(length: usize) -> Vec<u8> {
    let mut bytes = b"\x1A\x45\xDF\xA3\x9F".to_vec();
    bytes.extend_from_slice(&[0x42, 0x86, 0x81, 0x01, 0x42, 0xF7, 0x81, 0x01]);
    bytes.extend_from_slice(&[0x42, 0xF2, 0x81, 0x04, 0x42, 0xF3, 0x81, 0x08]);
    bytes.extend_from_slice(&[0x42, 0x82, 0x84]);
    bytes.extend_from_slice(b"webm");
    bytes.extend_from_slice(&[0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]);
    bytes.extend_from_slice(b"\x18\x53\x80\x67\x01\xFF\xFF\xFF\xFF\xFF\xFF\xFF");
    pad(bytes, length)
}

fn pad(mut bytes: Vec<u8>, length: usize) -> Vec<u8> {
    let mut n: u32 = 7;
    while bytes.len() < length {
        n = n.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        bytes.push((n >> 16) as u8);
    }
    bytes.truncate(length);
    bytes
}

/// A multipart/form-data body with one file part.
fn multipart(field: &str, file_name: &str, content_type: &str, bytes: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\n\
         Content-Type: {content_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

async fn post<'a>(
    app: &'a TestApp,
    field: &str,
    file_name: &str,
    declared: &str,
    bytes: &[u8],
) -> LocalResponse<'a> {
    let content_type = ContentType::new("multipart", "form-data").with_params(("boundary", BOUNDARY));
    app.client
        .post("/api/upload-video")
        .header(content_type)
        .body(multipart(field, file_name, declared, bytes))
        .dispatch()
        .await
}

async fn upload(app: &TestApp, file_name: &str, bytes: &[u8]) -> (Status, Value) {
    read(post(app, "video", file_name, "video/mp4", bytes).await).await
}

async fn uploaded(app: &TestApp, bytes: &[u8]) -> String {
    let (status, body) = upload(app, "clip.mp4", bytes).await;
    assert_eq!(status, Status::Created, "{body}");
    body["url"].as_str().expect("url").to_owned()
}

async fn count(app: &TestApp, table: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}")).fetch_one(app.pool()).await.expect("count")
}

fn header<'a>(response: &'a LocalResponse<'_>, name: &str) -> Option<&'a str> {
    response.headers().get_one(name)
}

async fn ranged<'a>(app: &'a TestApp, path: &str, range: &str) -> LocalResponse<'a> {
    app.client.get(path.to_owned()).header(Header::new("Range", range.to_owned())).dispatch().await
}

/// `/media/{64 hex}.{extension}`
fn is_media_path(url: &str, extension: &str) -> bool {
    url.strip_prefix("/media/").and_then(|file| file.strip_suffix(&format!(".{extension}"))).is_some_and(
        |hash| hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
    )
}

both_databases! {
    async fn mp4_mov_and_webm_are_stored_and_served_with_their_own_type(app) {
        app.login_admin().await;
        let videos = [
            ("holiday.mp4", iso_video(b"isom", 5000), "mp4", "video/mp4"),
            ("holiday.mov", iso_video(b"qt  ", 6000), "mov", "video/quicktime"),
            ("holiday.webm", webm(7000), "webm", "video/webm"),
        ];
        for (name, bytes, extension, content_type) in videos {
            // The declared type and the name say MP4 for all three: the bytes decide.
            let (status, body) = upload(&app, name, &bytes).await;
            assert_eq!(status, Status::Created, "{name}: {body}");
            let url = body["url"].as_str().expect("url");
            assert!(is_media_path(url, extension), "{name}: {url}");
            app.client.post("/api/logout").dispatch().await;
            let response = app.client.get(url.to_owned()).dispatch().await;
            assert_eq!(response.status(), Status::Ok, "{name}: the public site plays videos without a session");
            assert_eq!(response.content_type().map(|t| t.to_string()), Some(content_type.to_owned()), "{name}");
            assert_eq!(response.body().preset_size(), Some(bytes.len()), "{name}: sent with its length");
            assert_eq!(header(&response, "Accept-Ranges"), Some("bytes"));
            assert_eq!(header(&response, "Cache-Control"), Some("public, max-age=31536000, immutable"));
            assert_eq!(response.into_bytes().await, Some(bytes), "{name}");
            app.login_admin().await;
        }
        assert_eq!(count(&app, "media").await, 3);
    }

    async fn a_renamed_picture_or_text_is_not_a_video(app) {
        app.login_admin().await;
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0".to_vec();
        let heic = iso_video(b"heic", 400);
        let matroska = {
            let mut bytes = webm(400);
            let at = bytes.windows(4).position(|w| w == b"webm").expect("doc type");
            bytes[at..at + 4].copy_from_slice(b"mkv_");
            bytes
        };
        for (name, bytes) in [
            ("photo.mp4", png),
            ("notes.mov", b"just some text, honestly".to_vec()),
            ("photo.mp4", heic),
            ("film.webm", matroska),
            ("empty.mp4", Vec::new()),
        ] {
            let (status, body) = upload(&app, name, &bytes).await;
            assert_eq!(status, Status::UnprocessableEntity, "{name}");
            assert_eq!(body["errors"], json!({ "video": "Please choose an MP4, WebM or MOV video" }), "{name}");
        }
        assert_eq!(count(&app, "media").await, 0);
        assert_eq!(count(&app, "media_parts").await, 0);
    }

    async fn the_upload_needs_a_multipart_body_with_the_video_field(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/upload-video", json!({ "video": "AAAA" })).await;
        assert_eq!(status, Status::UnsupportedMediaType, "{body}");
        let (status, body) = read(post(&app, "clip", "a.mp4", "video/mp4", &iso_video(b"isom", 100)).await).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert!(body["message"].is_string());
        assert_eq!(count(&app, "media").await, 0);
    }

    async fn without_a_session_an_upload_is_401_and_nothing_is_kept(app) {
        let (status, body) = upload(&app, "clip.mp4", &iso_video(b"isom", 2000)).await;
        assert_eq!(status, Status::Unauthorized);
        assert_eq!(body["message"], "Sign in to continue");
        assert_eq!(count(&app, "media").await, 0);
    }

    async fn a_video_is_kept_in_one_mib_parts_and_once_per_content(app) {
        app.login_admin().await;
        let video = iso_video(b"mp42", 2 * PART + 12_345);
        let first = uploaded(&app, &video).await;
        assert_eq!(count(&app, "media_parts").await, 3);
        let sizes: Vec<i64> = sqlx::query_scalar("SELECT size FROM media").fetch_all(app.pool()).await.expect("sizes");
        assert_eq!(sizes, [video.len() as i64]);
        let (status, second) = upload(&app, "again.mov", &video).await;
        assert_eq!(status, Status::Created);
        assert_eq!(second["url"], first.as_str(), "the same bytes, the same path");
        assert_eq!((count(&app, "media").await, count(&app, "media_parts").await), (1, 3));
    }

    async fn ranges_across_part_boundaries_answer_exactly_those_bytes(app) {
        app.login_admin().await;
        let video = webm(2 * PART + 1000);
        let length = video.len();
        let path = uploaded(&app, &video).await;
        assert!(path.ends_with(".webm"));
        let cases = [
            (format!("bytes={}-{}", PART - 10, PART + 9), PART - 10, PART + 9),
            (format!("bytes={}-{}", 10, 2 * PART + 5), 10, 2 * PART + 5),
            (format!("bytes={}-", PART), PART, length - 1),
            ("bytes=-1500".to_owned(), length - 1500, length - 1),
            ("bytes=0-0".to_owned(), 0, 0),
            (format!("bytes={}-99999999", length - 1), length - 1, length - 1),
        ];
        for (range, first, last) in cases {
            let response = ranged(&app, &path, &range).await;
            assert_eq!(response.status(), Status::PartialContent, "{range}");
            assert_eq!(header(&response, "Content-Range"), Some(format!("bytes {first}-{last}/{length}").as_str()));
            assert_eq!(response.body().preset_size(), Some(last + 1 - first), "{range}");
            assert_eq!(response.content_type().map(|t| t.to_string()), Some("video/webm".to_owned()));
            assert_eq!(response.into_bytes().await.expect("body"), video[first..=last], "{range}");
        }
        let response = ranged(&app, &path, &format!("bytes={length}-")).await;
        assert_eq!(response.status(), Status::RangeNotSatisfiable);
        assert_eq!(header(&response, "Content-Range"), Some(format!("bytes */{length}").as_str()));
    }

    async fn a_video_path_must_name_its_own_kind_and_has_no_scaled_copies(app) {
        app.login_admin().await;
        let path = uploaded(&app, &iso_video(b"isom", 3000)).await;
        let (status, _) = app.get(&path.replace(".mp4", ".webm")).await;
        assert_eq!(status, Status::NotFound, "stored as MP4, not WebM");
        let (status, _) = app.get(&path.replace(".mp4", ".png")).await;
        assert_eq!(status, Status::NotFound, "a video is not an image");
        let (status, body) = app.get(&format!("{path}?w=320")).await;
        assert_eq!(status, Status::BadRequest);
        assert!(body["message"].is_string());
        let unknown = format!("/media/{}.mp4", "ab".repeat(32));
        assert_eq!(app.get(&unknown).await.0, Status::NotFound);
    }
}

/// The limit, lowered for the test through Rocket's named limit `video` (200 MB unless
/// configured): at the limit a video is taken, one byte over it is 413 with the rules'
/// message and nothing is kept.
async fn the_limit_is_inclusive_and_over_it_is_413(backend: Backend) {
    let limit = 64 * 1024;
    let Some(app) = TestApp::spawn_with(backend, |figment| figment.merge(("limits.video", limit))).await
    else {
        return;
    };
    app.login_admin().await;
    let (status, body) = upload(&app, "clip.mp4", &iso_video(b"isom", limit + 1)).await;
    assert_eq!(status, Status::PayloadTooLarge);
    assert_eq!(body["message"], "Please select a video smaller than 200MB");
    assert_eq!(body["message"], rules::messages::VIDEO_OVER_200MB);
    let (status, body) = upload(&app, "clip.mp4", &iso_video(b"isom", 10 * limit)).await;
    assert_eq!(status, Status::PayloadTooLarge);
    assert_eq!(body["message"], rules::messages::VIDEO_OVER_200MB);
    assert_eq!(count(&app, "media").await, 0);
    let (status, body) = upload(&app, "clip.mp4", &iso_video(b"isom", limit)).await;
    assert_eq!(status, Status::Created, "exactly at the limit: {body}");
}

#[rocket::async_test]
async fn the_video_limit_is_inclusive_on_sqlite() {
    the_limit_is_inclusive_and_over_it_is_413(Backend::Sqlite).await;
}

#[rocket::async_test]
async fn the_video_limit_is_inclusive_on_postgres() {
    the_limit_is_inclusive_and_over_it_is_413(Backend::Postgres).await;
}

/// The app with Rocket's `temp_dir` in `folder`.
async fn with_temp_dir(backend: Backend, folder: &std::path::Path) -> Option<TestApp> {
    let folder = folder.display().to_string();
    TestApp::spawn_with(backend, move |figment| figment.merge(("temp_dir", folder))).await
}

async fn leftovers_are_swept_at_start(backend: Backend) {
    let folder = tempfile::tempdir().expect("temporary folder");
    let file = |name: &str, age_secs: u64| {
        let path = folder.path().join(name);
        let written = std::fs::File::create(&path).expect("a file");
        written
            .set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(age_secs))
            .expect("aged");
        path
    };
    let crashed = file("aqar-video-crashed", 3600);
    let running = file("aqar-video-still-uploading", 1);
    let someone_elses = file("another-program.tmp", 3600);
    let Some(_app) = with_temp_dir(backend, folder.path()).await else { return };
    assert!(!crashed.exists(), "an upload a crash left behind is removed at start");
    assert!(running.exists(), "an upload another server is still writing stays");
    assert!(someone_elses.exists(), "other programs' files stay");
}

mod leftover_uploads_are_swept_at_start {
    use super::*;
    #[rocket::async_test]
    async fn sqlite() {
        leftovers_are_swept_at_start(Backend::Sqlite).await;
    }
    #[rocket::async_test]
    async fn postgres() {
        leftovers_are_swept_at_start(Backend::Postgres).await;
    }
}
