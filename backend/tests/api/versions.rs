//! Concurrent edits (the contract): every editable record carries a version, 1 on create and
//! +1 on each update; a PUT or DELETE whose If-Match is stale answers 412 with the record as
//! it is now and changes nothing; without If-Match the write goes through.

use rocket::http::{ContentType, Header, Method, Status};
use serde_json::{json, Value};

use crate::helpers::{read, TestApp};

async fn send_if_match(
    app: &TestApp,
    method: Method,
    path: &str,
    version: i64,
    body: Option<Value>,
) -> (Status, Value) {
    let mut request =
        app.client.req(method, path.to_owned()).header(Header::new("If-Match", format!("\"{version}\"")));
    if let Some(body) = body {
        request = request.header(ContentType::JSON).body(body.to_string());
    }
    read(request.dispatch().await).await
}

async fn create(app: &TestApp, path: &str, body: Value) -> Value {
    let (status, record) = app.send(Method::Post, path, body).await;
    assert_eq!(status, Status::Created, "{record}");
    record
}

fn category(name: &str) -> Value {
    json!({ "nameEn": name, "nameAr": "شقة" })
}

both_databases! {
    async fn a_record_starts_at_version_1_and_each_update_adds_1(app) {
        app.login_admin().await;
        let created = create(&app, "/api/categories", category("Apartments")).await;
        assert_eq!(created["version"], 1);
        let path = format!("/api/categories/{}", created["id"]);
        let (status, updated) = send_if_match(&app, Method::Put, &path, 1, Some(category("Flats"))).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(updated["version"], 2);
        let (status, updated) = app.send(Method::Put, &path, category("Homes")).await;
        assert_eq!(status, Status::Ok, "without If-Match the write goes through");
        assert_eq!(updated["version"], 3);
        assert_eq!(app.get("/api/categories").await.1[0]["version"], 3);
    }

    async fn a_stale_put_is_412_with_the_current_record_and_changes_nothing(app) {
        app.login_admin().await;
        let created = create(&app, "/api/categories", category("Apartments")).await;
        let path = format!("/api/categories/{}", created["id"]);
        let (_, first) = send_if_match(&app, Method::Put, &path, 1, Some(category("Flats"))).await;
        let (status, body) = send_if_match(&app, Method::Put, &path, 1, Some(category("Lofts"))).await;
        assert_eq!(status, Status::PreconditionFailed);
        assert!(body["message"].is_string());
        assert_eq!(body["current"], first, "the record as it is now");
        assert_eq!(app.get("/api/categories").await.1[0]["nameEn"], "Flats", "nothing changed");
    }

    async fn a_stale_delete_is_412_and_keeps_the_record(app) {
        app.login_admin().await;
        let created = create(&app, "/api/property-types", json!({ "nameEn": "Villa", "nameAr": "فيلا" })).await;
        let path = format!("/api/property-types/{}", created["id"]);
        app.send(Method::Put, &path, json!({ "nameEn": "Villas", "nameAr": "فلل" })).await;
        let (status, body) = send_if_match(&app, Method::Delete, &path, 1, None).await;
        assert_eq!(status, Status::PreconditionFailed);
        assert_eq!(body["current"]["nameEn"], "Villas");
        assert_eq!(app.get("/api/property-types").await.1.as_array().map(Vec::len), Some(1));
        let (status, _) = send_if_match(&app, Method::Delete, &path, 2, None).await;
        assert_eq!(status, Status::NoContent);
        let (status, _) = send_if_match(&app, Method::Delete, &path, 2, None).await;
        assert_eq!(status, Status::NotFound, "a missing record is 404 whatever the version");
    }

    async fn every_catalog_area_checks_the_version(app) {
        app.login_admin().await;
        let country = create(&app, "/api/countries", json!({ "nameEn": "Jordan", "nameAr": "الأردن", "code": "JO" })).await;
        let city = create(&app, "/api/cities", json!({ "nameEn": "Amman", "nameAr": "عمّان", "countryId": country["id"] })).await;
        let region = create(&app, "/api/regions", json!({ "nameEn": "Abdoun", "nameAr": "عبدون", "cityId": city["id"] })).await;
        let feature = create(&app, "/api/property-features", json!({ "nameEn": "Pool", "nameAr": "مسبح" })).await;
        let cases = [
            (format!("/api/countries/{}", country["id"]), json!({ "nameEn": "Jordan", "nameAr": "الأردن", "code": "JO" })),
            (format!("/api/cities/{}", city["id"]), json!({ "nameEn": "Amman", "nameAr": "عمّان", "countryId": country["id"] })),
            (format!("/api/regions/{}", region["id"]), json!({ "nameEn": "Abdoun", "nameAr": "عبدون", "cityId": city["id"] })),
            (format!("/api/property-features/{}", feature["id"]), json!({ "nameEn": "Pool", "nameAr": "مسبح" })),
        ];
        for (path, body) in cases {
            let (status, updated) = send_if_match(&app, Method::Put, &path, 1, Some(body.clone())).await;
            assert_eq!((status, updated["version"].clone()), (Status::Ok, json!(2)), "{path}");
            let (status, stale) = send_if_match(&app, Method::Put, &path, 1, Some(body)).await;
            assert_eq!(status, Status::PreconditionFailed, "{path}");
            assert_eq!(stale["current"], updated, "{path}");
            let (status, _) = send_if_match(&app, Method::Delete, &path, 1, None).await;
            assert!(status == Status::PreconditionFailed || status == Status::Conflict, "{path}: {status}");
        }
        let region_path = format!("/api/regions/{}", region["id"]);
        let (status, _) = send_if_match(&app, Method::Delete, &region_path, 2, None).await;
        assert_eq!(status, Status::NoContent);
    }

    async fn of_two_writes_expecting_one_version_only_one_wins(app) {
        app.login_admin().await;
        let created = create(&app, "/api/categories", category("Apartments")).await;
        let path = format!("/api/categories/{}", created["id"]);
        let (a, b) = rocket::tokio::join!(
            send_if_match(&app, Method::Put, &path, 1, Some(category("From A"))),
            send_if_match(&app, Method::Put, &path, 1, Some(category("From B"))),
        );
        let mut statuses = [a.0.code, b.0.code];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 412]);
        let winner = if a.0 == Status::Ok { a.1 } else { b.1 };
        let (_, list) = app.get("/api/categories").await;
        assert_eq!(list[0], winner);
        assert_eq!(list[0]["version"], 2);
    }
}
