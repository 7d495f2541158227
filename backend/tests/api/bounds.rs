//! Bounded input and safe URLs (issue 21, items 4 and 5): every text and list a client
//! sends has a length, every URL field takes http(s) addresses and the server's own
//! `/media/` references only (raster data URLs where a chosen file arrives inline), the
//! public API serves nothing else, and a locked database is a 503, never a 500.

use rocket::http::{Method, Status};
use rules::messages;
use serde_json::{json, Value};
use sqlx::Connection;

use crate::helpers::{read, Backend, TestApp};
use crate::properties::{catalog, created, full_form, quick_form};

/// A one-pixel PNG as the browser's FileReader writes it.
const PNG: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/// What the review stored and the public API then served.
const UNSAFE: [&str; 3] = [
    "javascript:alert(document.cookie)//.png",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+",
];

fn url_of_length(length: usize) -> String {
    let start = "https://example.com/";
    format!("{start}{}", "a".repeat(length - start.len()))
}

fn team_member() -> Value {
    json!({
        "nameEn": "Lina Haddad", "nameAr": "لينا حداد", "positionEn": "Broker", "positionAr": "وسيطة",
        "descriptionEn": "Knows Amman.", "descriptionAr": "تعرف عمّان."
    })
}

fn testimonial() -> Value {
    json!({ "clientNameEn": "Omar", "clientNameAr": "عمر", "testimonialEn": "Great", "testimonialAr": "رائع" })
}

fn hero() -> Value {
    json!({ "pageName": "index", "titleEn": "Welcome", "titleAr": "أهلاً" })
}

fn about_section() -> Value {
    json!({ "sectionType": "story", "titleEn": "Our Story", "titleAr": "قصتنا", "contentEn": "Since 2005.", "contentAr": "منذ 2005." })
}

fn company_value() -> Value {
    json!({ "titleEn": "Trust", "titleAr": "الثقة", "descriptionEn": "First", "descriptionAr": "أولاً" })
}

fn values_form(value: Value) -> Value {
    let mut item =
        json!({ "titleEn": "Trust", "titleAr": "الثقة", "contentEn": "First", "contentAr": "أولاً" });
    item.as_object_mut().expect("an object").extend(value.as_object().expect("an object").clone());
    json!({
        "sectionTitleEn": "Our Values", "sectionTitleAr": "قيمنا",
        "sectionSubtitleEn": "What guides us", "sectionSubtitleAr": "ما يوجهنا",
        "values": [item]
    })
}

fn with(mut payload: Value, field: &str, value: Value) -> Value {
    payload[field] = value;
    payload
}

/// Every URL field of every admin payload: the call, the payload with `value` in the
/// field, and the key its error is reported under.
fn url_fields(
    listing: &Value,
    quick: &Value,
    value: &str,
) -> Vec<(Method, &'static str, Value, &'static str)> {
    let v = || json!(value);
    vec![
        (Method::Post, "/api/properties", with(listing.clone(), "images", json!([value])), "images"),
        (Method::Post, "/api/properties", with(listing.clone(), "videoUrl", v()), "videoUrl"),
        (Method::Post, "/api/properties", with(listing.clone(), "virtualTourUrl", v()), "virtualTourUrl"),
        (Method::Post, "/api/properties?form=quick", with(quick.clone(), "images", json!([value])), "images"),
        (
            Method::Post,
            "/api/categories",
            json!({ "nameEn": "Land", "nameAr": "أراضي", "imageUrl": value }),
            "imageUrl",
        ),
        (Method::Post, "/api/team-members", with(team_member(), "imageUrl", v()), "imageUrl"),
        (Method::Post, "/api/team-members", with(team_member(), "linkedin", v()), "linkedin"),
        (Method::Post, "/api/team-members", with(team_member(), "twitter", v()), "twitter"),
        (Method::Post, "/api/testimonials", with(testimonial(), "clientImage", v()), "clientImage"),
        (Method::Post, "/api/hero-images", with(hero(), "imageUrl", v()), "imageUrl"),
        (Method::Post, "/api/hero-images", with(hero(), "imageData", v()), "imageData"),
        (Method::Post, "/api/about-sections", with(about_section(), "imageUrl", v()), "imageUrl"),
        (Method::Post, "/api/about-sections", with(about_section(), "imageData", v()), "imageData"),
        (
            Method::Put,
            "/api/about-sections/values",
            values_form(json!({ "imageUrl": value })),
            "values.0.imageUrl",
        ),
        (
            Method::Put,
            "/api/about-sections/values",
            values_form(json!({ "imageData": value })),
            "values.0.imageData",
        ),
        (Method::Post, "/api/company-values", with(company_value(), "imageUrl", v()), "imageUrl"),
        (Method::Post, "/api/company-values", with(company_value(), "imageData", v()), "imageData"),
        (
            Method::Post,
            "/api/settings",
            json!({ "companyName": "Aqar", "companyLogo": value }),
            "companyLogo",
        ),
    ]
}

both_databases! {
    async fn a_listing_takes_50_images_and_refuses_51_with_the_message(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let images = |n: usize| json!((0..n).map(|i| format!("/media/{i:064x}.jpg")).collect::<Vec<_>>());
        let fifty = with(full_form(&catalog, "Fifty"), "images", images(50));
        let listing = created(&app, "/api/properties", fifty).await;
        assert_eq!(listing["images"].as_array().map(Vec::len), Some(50));

        for path in ["/api/properties", "/api/properties?form=quick"] {
            let form = if path.ends_with("quick") { quick_form(&catalog, "Many") } else { full_form(&catalog, "Many") };
            let (status, body) = app.send(Method::Post, path, with(form, "images", images(51))).await;
            assert_eq!(status, Status::UnprocessableEntity, "{path}: {body}");
            assert_eq!(body["errors"], json!({ "images": messages::IMAGES_TOO_MANY }), "{path}");
        }
        let id = listing["id"].as_i64().expect("an id");
        let (status, body) = app
            .send(Method::Put, &format!("/api/properties/{id}"), with(full_form(&catalog, "Many"), "images", images(51)))
            .await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["images"], messages::IMAGES_TOO_MANY);
    }

    async fn a_url_of_2049_characters_is_refused_and_2048_taken(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let longest = with(full_form(&catalog, "Longest"), "videoUrl", json!(url_of_length(2048)));
        created(&app, "/api/properties", longest).await;
        for field in ["videoUrl", "images"] {
            let value = if field == "images" { json!([url_of_length(2049)]) } else { json!(url_of_length(2049)) };
            let (status, body) = app.send(Method::Post, "/api/properties", with(full_form(&catalog, "Long"), field, value)).await;
            assert_eq!(status, Status::UnprocessableEntity, "{field}");
            assert_eq!(body["errors"], json!({ field: messages::URL_TOO_LONG }));
        }
        let (status, body) = app.send(Method::Post, "/api/team-members", with(team_member(), "linkedin", json!(url_of_length(2049)))).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "linkedin": messages::URL_TOO_LONG }));
    }

    async fn texts_and_lists_beyond_their_bounds_are_refused_per_field(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let mut long = full_form(&catalog, &"a".repeat(201));
        long["descriptionAr"] = json!("ب".repeat(10_001));
        long["locationEn"] = json!("a".repeat(1_001));
        let (status, body) = app.send(Method::Post, "/api/properties", long).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({
            "titleEn": messages::SHORT_TEXT_TOO_LONG,
            "descriptionAr": messages::LONG_TEXT_TOO_LONG,
            "locationEn": messages::MEDIUM_TEXT_TOO_LONG,
        }));

        let (status, body) = app.send(Method::Post, "/api/categories", json!({ "nameEn": "ب".repeat(201), "nameAr": "أراضي" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "nameEn": messages::SHORT_TEXT_TOO_LONG }));

        let member = with(team_member(), "specializations", json!(vec!["Villas"; 21]));
        let (status, body) = app.send(Method::Post, "/api/team-members", member).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "specializations": messages::SPECIALIZATIONS_TOO_MANY }));

        let (status, body) = app.send(Method::Post, "/api/settings", json!({ "companyName": "Aqar", "companyDescription": "a".repeat(10_001) })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "companyDescription": messages::LONG_TEXT_TOO_LONG }));

        let listing = created(&app, "/api/properties", full_form(&catalog, "Features")).await;
        let id = listing["id"].as_i64().expect("an id");
        let ids: Vec<i64> = (1..=201).collect();
        let (status, body) = app.send(Method::Post, &format!("/api/properties/{id}/features"), json!({ "featureIds": ids })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "featureIds": messages::FEATURES_TOO_MANY }));

        let ids: Vec<i64> = (1..=1_001).collect();
        let (status, body) = app.send(Method::Put, "/api/services/order", json!({ "ids": ids })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "ids": messages::ORDER_TOO_LONG }));
    }

    async fn scripts_html_and_svg_are_refused_in_every_url_field(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let (listing, quick) = (full_form(&catalog, "Unsafe"), quick_form(&catalog, "Unsafe"));
        for unsafe_url in UNSAFE {
            for (method, path, body, field) in url_fields(&listing, &quick, unsafe_url) {
                let (status, answer) = app.send(method, path, body).await;
                assert_eq!(status, Status::UnprocessableEntity, "{path} {field} took {unsafe_url}: {answer}");
                let message = answer["errors"][field].as_str().unwrap_or_default();
                assert!(
                    [messages::URL_UNSAFE, messages::IMAGE_NOT_RECOGNISED].contains(&message),
                    "{path} {field} {unsafe_url}: {answer}"
                );
            }
        }
        let (_, properties) = app.get("/api/properties").await;
        assert_eq!(properties, json!([]), "nothing was stored");
    }

    async fn web_addresses_and_media_references_are_taken_in_every_url_field(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let (listing, quick) = (full_form(&catalog, "Safe"), quick_form(&catalog, "Safe"));
        for value in ["https://images.example.com/a.jpg", "/media/0123456789abcdef.png"] {
            for (method, path, body, field) in url_fields(&listing, &quick, value) {
                let (status, answer) = app.send(method, path, body).await;
                assert!(status.class().is_success(), "{path} {field} refused {value}: {status} {answer}");
                // Hero pages are unique: make room for the next hero.
                if path == "/api/hero-images" {
                    let id = answer["id"].as_i64().expect("an id");
                    let response = app.client.delete(format!("/api/hero-images/{id}")).dispatch().await;
                    assert_eq!(response.status(), Status::NoContent);
                }
            }
        }
    }

    async fn a_raster_data_url_is_taken_where_a_chosen_file_arrives_inline(app) {
        app.login_admin().await;
        for (path, body, field) in [
            ("/api/categories", json!({ "nameEn": "Land", "nameAr": "أراضي", "imageUrl": PNG }), "imageUrl"),
            ("/api/team-members", with(team_member(), "imageUrl", json!(PNG)), "imageUrl"),
            ("/api/testimonials", with(testimonial(), "clientImage", json!(PNG)), "clientImage"),
            ("/api/hero-images", with(hero(), "imageData", json!(PNG)), "imageData"),
            ("/api/about-sections", with(about_section(), "imageData", json!(PNG)), "imageData"),
            ("/api/company-values", with(company_value(), "imageData", json!(PNG)), "imageData"),
        ] {
            let record = created(&app, path, body).await;
            assert!(record[field].as_str().is_some_and(|r| r.starts_with("/media/")), "{path}: {record}");
        }
        let (status, settings) = app.send(Method::Post, "/api/settings", json!({ "companyName": "Aqar", "companyLogo": PNG })).await;
        assert_eq!(status, Status::Ok, "{settings}");
        assert!(settings["companyLogo"].as_str().is_some_and(|r| r.starts_with("/media/")));

        // A link is never inline, however harmless the image.
        let (status, body) = app.send(Method::Post, "/api/hero-images", with(hero(), "imageUrl", json!(PNG))).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "imageUrl": messages::URL_UNSAFE }));
    }

    async fn the_public_api_never_serves_an_unsafe_url_stored_before_the_rule(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let listing = created(&app, "/api/properties", full_form(&catalog, "Old listing")).await;
        let listing_id = listing["id"].as_i64().expect("an id");
        created(&app, "/api/team-members", team_member()).await;
        created(&app, "/api/testimonials", testimonial()).await;
        created(&app, "/api/hero-images", hero()).await;
        created(&app, "/api/about-sections", about_section()).await;
        created(&app, "/api/company-values", company_value()).await;
        let (status, _) = app.send(Method::Post, "/api/settings", json!({ "companyName": "Aqar" })).await;
        assert_eq!(status, Status::Ok);

        // Rows as the review left them, written before the rule existed.
        let [script, html, svg] = UNSAFE;
        let writes = [
            format!("UPDATE properties SET video_url = '{html}', virtual_tour_url = '{script}'"),
            format!("INSERT INTO property_images (property_id, position, reference) VALUES ({listing_id}, 10, '{svg}'), ({listing_id}, 11, '{script}'), ({listing_id}, 12, '{PNG}')"),
            format!("UPDATE categories SET image_url = '{svg}'"),
            format!("UPDATE team_members SET image_url = '{svg}', linkedin = '{script}', twitter = '{html}'"),
            format!("UPDATE testimonials SET client_image = '{script}'"),
            format!("UPDATE hero_images SET image_url = '{script}', image_data = '{html}'"),
            format!("UPDATE about_sections SET image_url = '{html}', image_data = '{svg}'"),
            format!("UPDATE company_values SET image_url = '{script}', image_data = '{svg}'"),
            format!("UPDATE settings SET company_logo = '{svg}'"),
        ];
        for write in &writes {
            sqlx::query(write).execute(app.pool()).await.expect(write);
        }
        let migration = match app.backend {
            Backend::Sqlite => include_str!("../../../migrations/sqlite/0017_unsafe_urls.sql"),
            Backend::Postgres => include_str!("../../../migrations/postgres/0017_unsafe_urls.sql"),
        };
        sqlx::raw_sql(migration).execute(app.pool()).await.expect("the migration runs");

        let mut served = String::new();
        for path in [
            "/api/public/properties".to_owned(),
            format!("/api/public/properties/{listing_id}"),
            "/api/public/categories".to_owned(),
            "/api/public/team-members".to_owned(),
            "/api/public/testimonials".to_owned(),
            "/api/public/hero-images".to_owned(),
            "/api/public/about-sections".to_owned(),
            "/api/public/company-values".to_owned(),
            "/api/public/settings".to_owned(),
        ] {
            let (status, body) = app.get(&path).await;
            assert_eq!(status, Status::Ok, "{path}");
            served.push_str(&body.to_string());
        }
        for unsafe_url in UNSAFE {
            assert!(!served.contains(unsafe_url), "the public API served {unsafe_url}");
        }
        for scheme in ["javascript:", "data:text/html", "data:image/svg+xml"] {
            assert!(!served.contains(scheme), "the public API served {scheme}");
        }
        assert!(served.contains("https://images.unsplash.com/photo.jpg"), "safe images stay");
        assert!(served.contains(PNG), "a raster image stays");
    }
}

/// SQLite answers SQLITE_BUSY when another connection holds the write lock beyond
/// busy_timeout (5 s): the issue saw it as a 500 'database is locked'.
#[rocket::async_test]
async fn a_locked_sqlite_database_answers_503_with_retry_after() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite app");
    app.login_admin().await;
    let mut holder = sqlx::SqliteConnection::connect(app.database_url()).await.expect("a second connection");
    sqlx::query("BEGIN IMMEDIATE").execute(&mut holder).await.expect("the write lock");

    let response = app
        .client
        .post("/api/categories")
        .header(rocket::http::ContentType::JSON)
        .body(json!({ "nameEn": "Land", "nameAr": "أراضي" }).to_string())
        .dispatch()
        .await;
    assert_eq!(response.headers().get_one("Retry-After"), Some("1"));
    let (status, body) = read(response).await;
    assert_eq!(status, Status::ServiceUnavailable, "{body}");
    assert_eq!(body["message"], messages::SERVER_BUSY);

    sqlx::query("ROLLBACK").execute(&mut holder).await.expect("the lock let go");
    let (status, _) =
        app.send(Method::Post, "/api/categories", json!({ "nameEn": "Land", "nameAr": "أراضي" })).await;
    assert_eq!(status, Status::Created, "writes again once the lock is free");
}

// Found by schemathesis: serde's refusal quotes the value it could not read, and an error's
// message is promised free of U+0000.
#[rocket::async_test]
async fn a_refusal_quoting_the_body_never_answers_a_nul() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite app");
    app.login_admin().await;
    let (status, body) =
        app.send(Method::Post, "/api/contact-requests/1/responses", json!({ "channel": "a\u{0}b" })).await;
    assert_eq!(status, Status::BadRequest, "{body}");
    let message = body["message"].as_str().expect("a message");
    assert!(message.contains("channel") && !message.contains('\0'), "{message}");
}
