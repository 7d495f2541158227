//! The public read API for the catalog (the contract): no session, active items only where
//! the entity has the flag, ETag with 304 on If-None-Match, and Cache-Control.

use rocket::http::{Header, Method, Status};
use serde_json::json;

both_databases! {
    async fn the_catalog_is_readable_without_a_session(app) {
        app.login_admin().await;
        let (_, country) = app.send(Method::Post, "/api/countries", json!({ "nameEn": "Jordan", "nameAr": "الأردن", "code": "JO" })).await;
        app.send(Method::Post, "/api/cities", json!({ "nameEn": "Amman", "nameAr": "عمّان", "countryId": country["id"] })).await;
        app.send(Method::Post, "/api/categories", json!({ "nameEn": "Residential", "nameAr": "سكني" })).await;
        app.client.post("/api/logout").dispatch().await;
        for path in ["/api/public/categories", "/api/public/property-types", "/api/public/countries", "/api/public/cities", "/api/public/regions", "/api/public/property-features"] {
            let (status, body) = app.get(path).await;
            assert_eq!(status, Status::Ok, "{path}");
            assert!(body.is_array(), "{path}");
        }
        assert_eq!(app.get("/api/public/categories").await.1[0]["nameAr"], "سكني");
        let country_cities = format!("/api/public/cities?countryId={}", country["id"]);
        assert_eq!(app.get(&country_cities).await.1[0]["nameEn"], "Amman");
        assert_eq!(app.get("/api/public/cities?countryId=abc").await.0, Status::BadRequest);
    }

    async fn only_active_features_are_public(app) {
        app.login_admin().await;
        app.send(Method::Post, "/api/property-features", json!({ "nameEn": "Pool", "nameAr": "مسبح", "isActive": true })).await;
        app.send(Method::Post, "/api/property-features", json!({ "nameEn": "Sauna", "nameAr": "ساونا", "isActive": false })).await;
        let (_, public) = app.get("/api/public/property-features").await;
        let names: Vec<&str> = public.as_array().expect("list").iter().filter_map(|f| f["nameEn"].as_str()).collect();
        assert_eq!(names, ["Pool"]);
        assert_eq!(app.get("/api/property-features").await.1.as_array().map(Vec::len), Some(2));
    }

    async fn a_public_answer_has_an_etag_and_304s_while_unchanged(app) {
        let response = app.client.get("/api/public/categories").dispatch().await;
        assert_eq!(response.status(), Status::Ok);
        let tag = response.headers().get_one("ETag").expect("ETag").to_owned();
        assert_eq!(response.headers().get_one("Cache-Control"), Some("public, max-age=10"));
        let again = app.client.get("/api/public/categories").header(Header::new("If-None-Match", tag.clone())).dispatch().await;
        assert_eq!(again.status(), Status::NotModified);
        assert_eq!(again.headers().get_one("ETag"), Some(tag.as_str()));
        assert!(again.into_string().await.unwrap_or_default().is_empty(), "a 304 has no body");
        app.login_admin().await;
        app.send(Method::Post, "/api/categories", json!({ "nameEn": "Land", "nameAr": "أراض" })).await;
        let changed = app.client.get("/api/public/categories").header(Header::new("If-None-Match", tag.clone())).dispatch().await;
        assert_eq!(changed.status(), Status::Ok, "a change gives a new tag");
        assert_ne!(changed.headers().get_one("ETag"), Some(tag.as_str()));
    }
}
