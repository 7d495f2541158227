//! Company settings (core-panel.md §2, §3, §5; issue 10): the defaults before the first
//! save, one record updated in place with If-Match, the rules' messages, the logo stored in
//! the media store with its 5 MB limit, the history, and the public read.

use rocket::http::{ContentType, Header, Method, Status};
use serde_json::{json, Value};

use crate::helpers::read;

const PNG: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

fn settings() -> Value {
    json!({
        "companyName": "Aqar", "companyNameEn": "Aqar Real Estate", "companyNameAr": "عقار",
        "companyDescription": "Homes in Amman", "contactEmail": "info@aqar.example", "contactPhone": "+962 6 000 0000",
        "address": "Amman", "statProperties": "750", "statPropertiesLabel": "Properties",
        "statPropertiesLabelEn": "Properties listed", "statPropertiesLabelAr": "عقار معروض", "statClients": "",
    })
}

both_databases! {
    async fn the_defaults_stand_until_the_first_save(app) {
        app.login_admin().await;
        let (status, body) = app.get("/api/settings").await;
        assert_eq!(status, Status::Ok);
        assert_eq!(body["version"], 0);
        assert_eq!(body["updatedAt"], Value::Null);
        assert_eq!(
            (&body["statProperties"], &body["statContinents"], &body["statClients"], &body["statExperience"]),
            (&json!("500"), &json!("6"), &json!("1000"), &json!("10"))
        );
        let (status, public) = app.get("/api/public/settings").await;
        assert_eq!((status, public), (Status::Ok, body));
    }

    async fn settings_are_saved_in_place_with_if_match(app) {
        app.login_admin().await;
        let (status, first) = app.send(Method::Post, "/api/settings", settings()).await;
        assert_eq!(status, Status::Ok, "{first}");
        assert_eq!(first["version"], 1);
        assert_eq!(first["companyNameAr"], "عقار");
        assert_eq!(first["statClients"], Value::Null, "an empty value is stored as none");
        let mut next = settings();
        next["companyName"] = json!("Aqar Homes");
        let response = app.client.post("/api/settings").header(ContentType::JSON).header(Header::new("If-Match", "\"1\""))
            .body(next.to_string()).dispatch().await;
        let (status, second) = read(response).await;
        assert_eq!((status, second["version"].clone()), (Status::Ok, json!(2)));
        let response = app.client.post("/api/settings").header(ContentType::JSON).header(Header::new("If-Match", "\"1\""))
            .body(settings().to_string()).dispatch().await;
        let (status, stale) = read(response).await;
        assert_eq!(status, Status::PreconditionFailed);
        assert_eq!(stale["current"]["companyName"], "Aqar Homes");
        let (_, read_back) = app.get("/api/settings").await;
        assert_eq!(read_back, second);
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM settings").fetch_one(app.pool()).await.expect("present");
        assert_eq!(count, 1, "one record, updated in place");
        let (_, history) = app.get("/api/history?entity=settings&id=1").await;
        let actions: Vec<&str> = history.as_array().expect("present").iter().map(|h| h["action"].as_str().expect("present")).collect();
        assert_eq!(actions, ["update", "create"]);
    }

    async fn the_rules_messages_are_answered(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/settings", json!({ "companyName": " ", "contactEmail": "not-an-email" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "companyName": "Company name is required", "contactEmail": "Invalid email" }));
        let (status, _) = app.send(Method::Post, "/api/settings", json!([])).await;
        assert_eq!(status, Status::BadRequest, "a body that is not an object");
    }

    async fn the_logo_is_kept_in_the_media_store_up_to_5_mb(app) {
        app.login_admin().await;
        let mut body = settings();
        body["companyLogo"] = json!(PNG);
        let (status, saved) = app.send(Method::Post, "/api/settings", body).await;
        assert_eq!(status, Status::Ok, "{saved}");
        let logo = saved["companyLogo"].as_str().expect("present");
        assert!(logo.starts_with("/media/") && logo.ends_with(".png"), "{logo}");
        assert_eq!(app.client.get(logo.to_owned()).dispatch().await.status(), Status::Ok);
        let (_, history) = app.get("/api/history?entity=settings&id=1").await;
        assert!(!history.to_string().contains("base64"), "no image bytes in the history");

        let mut big = settings();
        big["companyLogo"] = json!(format!("data:image/png;base64,{}", "A".repeat(5 * 1024 * 1024 / 3 * 4 + 8)));
        let (status, body) = app.send(Method::Post, "/api/settings", big).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "companyLogo": "Please select a logo smaller than 5MB" }));

        let mut svg = settings();
        svg["companyLogo"] = json!("data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=");
        let (status, body) = app.send(Method::Post, "/api/settings", svg).await;
        assert_eq!(status, Status::UnprocessableEntity, "an SVG can carry script: {body}");
    }

    async fn any_signed_in_user_reads_and_saves_them(app) {
        app.login_admin().await;
        let (status, _) = app.send(Method::Post, "/api/users", json!({ "username": "lina", "password": "lina-pass-1", "confirmPassword": "lina-pass-1" })).await;
        assert_eq!(status, Status::Created);
        app.client.post("/api/logout").dispatch().await;
        assert_eq!(app.get("/api/settings").await.0, Status::Unauthorized);
        assert_eq!(app.login("lina", "lina-pass-1").await.status(), Status::Ok);
        let (status, saved) = app.send(Method::Post, "/api/settings", settings()).await;
        assert_eq!((status, saved["companyName"].as_str()), (Status::Ok, Some("Aqar")));
    }
}
