//! Scaled media and byte ranges (issue 7 item 5): `?w=` copies made once and stored, decoded
//! within limits; `Range` answered with 206.

use std::io::Cursor;

use image::codecs::gif::{GifDecoder, GifEncoder, Repeat};
use image::codecs::jpeg::JpegEncoder;
use image::{AnimationDecoder, DynamicImage, Frame, ImageEncoder, ImageFormat, RgbaImage};
use rocket::http::{ContentType, Header, Method, Status};
use rocket::local::asynchronous::LocalResponse;
use serde_json::json;

use crate::helpers::{read, TestApp};
use crate::media::{bytes_of, category_with_image, data_url, media_rows, upload, GIF};

/// A picture with detail everywhere (gradients and a pattern), so scaling has work to do.
fn picture(width: u32, height: u32) -> RgbaImage {
    RgbaImage::from_fn(width, height, |x, y| {
        let pattern = ((x / 7 + y / 5) % 2) as u8 * 40;
        image::Rgba([(x * 255 / width) as u8, (y * 255 / height) as u8, 100 + pattern, 255])
    })
}

fn encoded(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
    let picture = DynamicImage::ImageRgba8(picture(width, height));
    let picture =
        if format == ImageFormat::Jpeg { DynamicImage::ImageRgb8(picture.to_rgb8()) } else { picture };
    let mut bytes = Cursor::new(Vec::new());
    picture.write_to(&mut bytes, format).expect("encode");
    bytes.into_inner()
}

fn animated_gif(width: u32, height: u32, frames: u32) -> Vec<u8> {
    let mut bytes = Vec::new();
    {
        let mut encoder = GifEncoder::new_with_speed(&mut bytes, 30);
        encoder.set_repeat(Repeat::Infinite).expect("repeat");
        for n in 0..frames {
            let mut frame = picture(width, height);
            frame.get_pixel_mut(n, n).0 = [255, 0, 0, 255];
            encoder.encode_frame(Frame::new(frame)).expect("frame");
        }
    }
    bytes
}

/// A PNG of 56 bytes whose header declares 30000×30000 pixels (3.6 GB once decoded).
fn decompression_bomb() -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }
    fn chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
        chunk.extend_from_slice(&body);
        chunk.extend_from_slice(&crc32(&body).to_be_bytes());
        chunk
    }
    let mut header = Vec::new();
    header.extend_from_slice(&30_000u32.to_be_bytes());
    header.extend_from_slice(&30_000u32.to_be_bytes());
    header.extend_from_slice(&[8, 6, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &header));
    png.extend(chunk(b"IDAT", &[0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));
    png.extend(chunk(b"IEND", &[]));
    png
}

async fn uploaded(app: &TestApp, bytes: &[u8]) -> String {
    app.login_admin().await;
    let (status, body) = read(upload(app, "/api/upload-image", &[("image", "picture", bytes)]).await).await;
    assert_eq!(status, Status::Created, "{body}");
    body["imageUrl"].as_str().expect("path").to_owned()
}

async fn fetch<'a>(app: &'a TestApp, path: &str) -> LocalResponse<'a> {
    app.client.get(path.to_owned()).dispatch().await
}

async fn ranged<'a>(app: &'a TestApp, path: &str, range: &str) -> LocalResponse<'a> {
    app.client.get(path.to_owned()).header(Header::new("Range", range.to_owned())).dispatch().await
}

async fn variant_rows(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM media_variants").fetch_one(app.pool()).await.expect("count")
}

fn header<'a>(response: &'a LocalResponse<'_>, name: &str) -> Option<&'a str> {
    response.headers().get_one(name)
}

both_databases! {
    async fn a_scaled_copy_has_the_width_asked_for_and_keeps_the_format(app) {
        let kinds = [
            (ImageFormat::Png, ContentType::PNG),
            (ImageFormat::Jpeg, ContentType::JPEG),
            (ImageFormat::Gif, ContentType::GIF),
            (ImageFormat::WebP, ContentType::new("image", "webp")),
        ];
        for (format, content_type) in kinds {
            let path = uploaded(&app, &encoded(format, 800, 600)).await;
            app.client.post("/api/logout").dispatch().await;
            let response = fetch(&app, &format!("{path}?w=320")).await;
            assert_eq!(response.status(), Status::Ok, "{format:?}: public, like the original");
            assert_eq!(response.content_type(), Some(content_type), "{format:?}");
            assert_eq!(header(&response, "Cache-Control"), Some("public, max-age=31536000, immutable"));
            assert_eq!(header(&response, "Accept-Ranges"), Some("bytes"));
            let bytes = response.into_bytes().await.expect("body");
            assert_eq!(image::guess_format(&bytes).ok(), Some(format), "{format:?} stays {format:?}");
            let copy = image::load_from_memory(&bytes).expect("decodes");
            assert_eq!((copy.width(), copy.height()), (320, 240), "{format:?}");
        }
    }

    async fn each_copy_is_made_once_and_then_read_from_the_database(app) {
        let path = uploaded(&app, &encoded(ImageFormat::Jpeg, 1000, 500)).await;
        let first = fetch(&app, &format!("{path}?w=160")).await.into_bytes().await.expect("body");
        let second = fetch(&app, &format!("{path}?w=160")).await.into_bytes().await.expect("body");
        assert_eq!(first, second);
        assert_eq!(variant_rows(&app).await, 1);
        let stored: (String, i64, i64) =
            sqlx::query_as("SELECT content_type, width, size FROM media_variants").fetch_one(app.pool()).await.expect("row");
        assert_eq!(stored, ("image/jpeg".to_owned(), 160, first.len() as i64));
        fetch(&app, &format!("{path}?w=320")).await;
        assert_eq!(variant_rows(&app).await, 2, "one row per width");
        let copy = image::load_from_memory(&second).expect("decodes");
        assert_eq!((copy.width(), copy.height()), (160, 80));
    }

    async fn concurrent_first_requests_all_get_the_copy(app) {
        let path = uploaded(&app, &encoded(ImageFormat::Png, 700, 700)).await;
        let scaled = format!("{path}?w=640");
        let (a, b, c) = rocket::tokio::join!(
            app.client.get(scaled.clone()).dispatch(),
            app.client.get(scaled.clone()).dispatch(),
            app.client.get(scaled.clone()).dispatch(),
        );
        for response in [a, b, c] {
            assert_eq!(response.status(), Status::Ok);
            let copy = image::load_from_memory(&response.into_bytes().await.expect("body")).expect("decodes");
            assert_eq!(copy.width(), 640);
        }
        assert_eq!(variant_rows(&app).await, 1);
    }

    async fn a_width_that_is_not_listed_is_400(app) {
        let path = uploaded(&app, &encoded(ImageFormat::Png, 400, 300)).await;
        for width in ["0", "100", "abc", "99999", "", "0320", "-160"] {
            let (status, body) = app.get(&format!("{path}?w={width}")).await;
            assert_eq!(status, Status::BadRequest, "w={width}");
            assert_eq!(body["message"], "The width w must be 160, 320, 640 or 1280", "w={width}");
        }
        assert_eq!(variant_rows(&app).await, 0);
    }

    async fn an_image_no_wider_than_asked_comes_back_unchanged(app) {
        for (width, height) in [(320, 900), (200, 100)] {
            let original = encoded(ImageFormat::Png, width, height);
            let path = uploaded(&app, &original).await;
            let response = fetch(&app, &format!("{path}?w=320")).await;
            assert_eq!(response.status(), Status::Ok);
            assert_eq!(response.into_bytes().await, Some(original), "{width}×{height}");
        }
        assert_eq!(variant_rows(&app).await, 0, "the original is not stored twice");
    }

    async fn a_photo_turned_by_its_exif_is_scaled_upright(app) {
        // Stored 400×300 with EXIF orientation 6 (turn 90° clockwise): 300 wide upright.
        let exif = [
            b"II*\0\x08\0\0\0".as_slice(),
            &[1, 0],
            &[0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0],
            &[0, 0, 0, 0],
        ]
        .concat();
        let mut bytes = Vec::new();
        let mut encoder = JpegEncoder::new_with_quality(&mut bytes, 90);
        encoder.set_exif_metadata(exif).expect("exif");
        DynamicImage::ImageRgba8(picture(400, 300)).to_rgb8().write_with_encoder(encoder).expect("encode");
        let path = uploaded(&app, &bytes).await;
        let copy = fetch(&app, &format!("{path}?w=160")).await.into_bytes().await.expect("body");
        let copy = image::load_from_memory(&copy).expect("decodes");
        assert_eq!((copy.width(), copy.height()), (160, 213));
    }

    async fn an_animated_gif_is_scaled_frame_by_frame(app) {
        let path = uploaded(&app, &animated_gif(400, 300, 3)).await;
        let bytes = fetch(&app, &format!("{path}?w=160")).await.into_bytes().await.expect("body");
        let frames = GifDecoder::new(Cursor::new(bytes)).expect("gif").into_frames().collect_frames().expect("frames");
        assert_eq!(frames.len(), 3);
        for frame in frames {
            assert_eq!(frame.buffer().dimensions(), (160, 120));
        }
    }

    async fn a_decompression_bomb_is_refused_at_upload_and_when_scaled(app) {
        let bomb = decompression_bomb();
        app.login_admin().await;
        let (status, body) = read(upload(&app, "/api/upload-image", &[("image", "bomb.png", &bomb)]).await).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "image": "Please choose an image of at most 50 megapixels" }));
        let (status, body) = app.send(Method::Post, "/api/categories", category_with_image(&data_url("image/png", &bomb))).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "imageUrl": "Please choose an image of at most 50 megapixels" }));
        assert_eq!(media_rows(&app).await, 0);

        // One stored before uploads were checked is refused when a copy is asked for.
        let sha256 = "b0".repeat(32);
        sqlx::query("INSERT INTO media (sha256, content_type, bytes, size, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&sha256).bind("image/png").bind(bomb.as_slice()).bind(bomb.len() as i64).bind("2026-01-01T00:00:00Z")
            .execute(app.pool()).await.expect("insert");
        let (status, body) = app.get(&format!("/media/{sha256}.png?w=160")).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["message"], "This image has more than 50 megapixels and cannot be scaled");
        assert_eq!(variant_rows(&app).await, 0);
    }

    async fn an_image_whose_decoding_exceeds_the_memory_budget_is_refused_with_the_message(app) {
        // A GIF whose canvas is 6000×6000 (36 megapixels, within what uploads take):
        // composing its frames would hold 288 MB of pixels.
        let mut gif = bytes_of(GIF);
        gif[6..10].copy_from_slice(&[0x70, 0x17, 0x70, 0x17]);
        let path = uploaded(&app, &gif).await;
        let (status, body) = app.get(&format!("{path}?w=160")).await;
        assert_eq!((status, body["message"].as_str()), (Status::UnprocessableEntity, Some(rules::messages::IMAGE_TOO_LARGE_TO_SCALE)));
        assert_eq!(variant_rows(&app).await, 0);
        assert_eq!(fetch(&app, &path).await.into_bytes().await, Some(gif), "the original is still served");
    }

    async fn a_sixteen_bit_png_is_reduced_while_it_is_decoded(app) {
        let colour = image::Rgba([0x1234u16, 0xABCD, 0x8080, 0xFFFF]);
        let picture = image::ImageBuffer::from_pixel(2500, 1250, colour);
        let mut png = Cursor::new(Vec::new());
        DynamicImage::ImageRgba16(picture).write_to(&mut png, ImageFormat::Png).expect("encode");
        let path = uploaded(&app, png.get_ref()).await;
        let bytes = fetch(&app, &format!("{path}?w=320")).await.into_bytes().await.expect("body");
        assert_eq!(image::guess_format(&bytes).ok(), Some(ImageFormat::Png));
        let copy = image::load_from_memory(&bytes).expect("decodes").to_rgba8();
        assert_eq!(copy.dimensions(), (320, 160));
        assert!(copy.pixels().all(|pixel| pixel.0 == [0x12, 0xAB, 0x80, 0xFF]), "{:?}", copy.get_pixel(0, 0));
    }

    async fn an_image_that_does_not_decode_cannot_be_scaled(app) {
        let mut broken = encoded(ImageFormat::Png, 400, 300);
        broken.truncate(60);
        let path = uploaded(&app, &broken).await;
        let (status, body) = app.get(&format!("{path}?w=160")).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["message"], "This image cannot be read, so it cannot be scaled");
        assert_eq!(fetch(&app, &path).await.into_bytes().await, Some(broken), "the original is still served");
    }

    async fn a_range_answers_206_with_exactly_those_bytes(app) {
        let original = encoded(ImageFormat::Png, 64, 64);
        let length = original.len();
        let path = uploaded(&app, &original).await;
        let cases = [
            ("bytes=0-9", 0, 9),
            ("bytes=10-", 10, length - 1),
            ("bytes=-5", length - 5, length - 1),
            ("bytes=3-999999", 3, length - 1),
        ];
        for (range, first, last) in cases {
            let response = ranged(&app, &path, range).await;
            assert_eq!(response.status(), Status::PartialContent, "{range}");
            assert_eq!(header(&response, "Content-Range"), Some(format!("bytes {first}-{last}/{length}").as_str()));
            assert_eq!(header(&response, "Accept-Ranges"), Some("bytes"));
            assert_eq!(response.content_type(), Some(ContentType::PNG));
            assert_eq!(response.into_bytes().await.expect("body"), original[first..=last], "{range}");
        }
        let whole = ranged(&app, &path, "bytes=0-1,5-6").await;
        assert_eq!(whole.status(), Status::Ok, "several ranges: the whole file");
        assert_eq!(whole.into_bytes().await, Some(original));
    }

    async fn a_range_outside_the_file_is_416(app) {
        let original = encoded(ImageFormat::Png, 64, 64);
        let path = uploaded(&app, &original).await;
        for range in [format!("bytes={}-", original.len()), "bytes=-0".to_owned()] {
            let response = ranged(&app, &path, &range).await;
            assert_eq!(response.status(), Status::RangeNotSatisfiable, "{range}");
            assert_eq!(header(&response, "Content-Range"), Some(format!("bytes */{}", original.len()).as_str()));
            assert_eq!(header(&response, "Accept-Ranges"), Some("bytes"));
            let (_, body) = read(response).await;
            assert_eq!(body["message"], "The requested range is not in the file");
        }
    }

    async fn a_scaled_copy_answers_ranges_too(app) {
        let path = uploaded(&app, &encoded(ImageFormat::Jpeg, 900, 600)).await;
        let copy = fetch(&app, &format!("{path}?w=640")).await.into_bytes().await.expect("body");
        let response = ranged(&app, &format!("{path}?w=640"), "bytes=-100").await;
        assert_eq!(response.status(), Status::PartialContent);
        let length = copy.len();
        assert_eq!(header(&response, "Content-Range"), Some(format!("bytes {}-{}/{length}", length - 100, length - 1).as_str()));
        assert_eq!(response.into_bytes().await.expect("body"), copy[length - 100..]);
        let response = ranged(&app, &format!("{path}?w=640"), &format!("bytes={length}-")).await;
        assert_eq!(response.status(), Status::RangeNotSatisfiable);
    }
}
