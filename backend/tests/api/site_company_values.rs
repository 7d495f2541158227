//! Company values and the values section's header (site-content.md §2, §3, §4, §5, §7;
//! issue 12): defaults, the image choice that clears the other, If-Match, the header's
//! defaults before the first save, and the public reads.

use rocket::http::{Header, Method, Status};
use serde_json::{json, Value};

use crate::helpers::{read, TestApp};

const PNG: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

fn value(title: &str) -> Value {
    json!({ "titleEn": title, "titleAr": "النزاهة", "descriptionEn": "We keep our word.", "descriptionAr": "نفي بوعودنا." })
}

async fn create(app: &TestApp, body: Value) -> Value {
    let (status, created) = app.send(Method::Post, "/api/company-values", body).await;
    assert_eq!(status, Status::Created, "{created}");
    created
}

both_databases! {
    async fn a_value_gets_its_defaults_and_is_listed_by_display_order(app) {
        app.login_admin().await;
        let first = create(&app, json!({ "titleEn": "Integrity", "titleAr": "النزاهة", "descriptionEn": "d", "descriptionAr": "و", "displayOrder": 2 })).await;
        assert_eq!(first["iconClass"], "fas fa-star");
        assert_eq!(first["isActive"], true);
        assert_eq!(first["version"], 1);
        let mut second = value("Care");
        second["displayOrder"] = json!(1);
        let second = create(&app, second).await;
        let (_, list) = app.get("/api/company-values").await;
        assert_eq!(list, json!([second, first]));
    }

    async fn the_rules_messages_are_answered(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/company-values", json!({ "displayOrder": -1 })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({
            "titleEn": "English title is required", "titleAr": "Arabic title is required",
            "descriptionEn": "English description is required", "descriptionAr": "Arabic description is required",
            "displayOrder": "Display order must be non-negative"
        }));
    }

    async fn an_uploaded_image_clears_the_linked_one(app) {
        app.login_admin().await;
        let mut linked = value("Integrity");
        linked["imageUrl"] = json!("https://images.example.com/integrity.jpg");
        let created = create(&app, linked).await;
        assert_eq!(created["imageUrl"], "https://images.example.com/integrity.jpg");
        let mut uploaded = value("Integrity");
        uploaded["imageUrl"] = json!("https://images.example.com/integrity.jpg");
        uploaded["imageData"] = json!(PNG);
        let (status, updated) = app.send(Method::Put, &format!("/api/company-values/{}", created["id"]), uploaded).await;
        assert_eq!(status, Status::Ok, "{updated}");
        assert!(updated["imageData"].as_str().is_some_and(|r| r.starts_with("/media/")));
        assert_eq!(updated["imageUrl"], Value::Null);
    }

    async fn a_stale_edit_is_412_and_a_delete_removes_the_value(app) {
        app.login_admin().await;
        let created = create(&app, value("Integrity")).await;
        let path = format!("/api/company-values/{}", created["id"]);
        app.send(Method::Put, &path, value("Integrity first")).await;
        let stale = app.client.put(path.clone()).header(Header::new("If-Match", "\"1\""))
            .header(rocket::http::ContentType::JSON).body(value("Lost").to_string()).dispatch().await;
        let (status, body) = read(stale).await;
        assert_eq!(status, Status::PreconditionFailed);
        assert_eq!(body["current"]["titleEn"], "Integrity first");
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
        assert_eq!(app.get("/api/company-values").await.1, json!([]));
        let (_, history) = app.get(&format!("/api/history?entity=companyValue&id={}", created["id"])).await;
        let actions: Vec<&str> = history.as_array().into_iter().flatten().filter_map(|e| e["action"].as_str()).collect();
        assert_eq!(actions, ["delete", "update", "create"]);
    }

    async fn the_section_header_answers_its_defaults_until_saved(app) {
        app.login_admin().await;
        let (status, defaults) = app.get("/api/values-section-settings").await;
        assert_eq!(status, Status::Ok);
        assert_eq!(defaults["titleEn"], "Our Values");
        assert_eq!(defaults["titleAr"], "قيمنا");
        assert_eq!(defaults["subtitleEn"], "The principles that guide everything we do");
        assert_eq!(defaults["version"], 0);
        let header = json!({ "titleEn": "What we stand for", "titleAr": "مبادئنا", "subtitleEn": "Since 2005", "subtitleAr": "منذ 2005" });
        let (status, saved) = app.send(Method::Put, "/api/values-section-settings", header.clone()).await;
        assert_eq!(status, Status::Ok, "{saved}");
        assert_eq!(saved["titleEn"], "What we stand for");
        assert_eq!(saved["version"], 1);
        let (status, again) = app.send(Method::Put, "/api/values-section-settings", header).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(again["version"], 2, "one record, updated in place");
        let (status, body) = app.send(Method::Put, "/api/values-section-settings", json!({ "titleEn": "" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["titleEn"], "Section title in English is required");
        assert_eq!(body["errors"]["subtitleAr"], "Section subtitle in Arabic is required");
    }

    async fn the_public_site_reads_active_values_and_the_header(app) {
        app.login_admin().await;
        create(&app, value("Integrity")).await;
        let mut hidden = value("Hidden");
        hidden["isActive"] = json!(false);
        create(&app, hidden).await;
        app.client.post("/api/logout").dispatch().await;
        let (status, public) = app.get("/api/public/company-values").await;
        assert_eq!(status, Status::Ok);
        let titles: Vec<&str> = public.as_array().into_iter().flatten().filter_map(|v| v["titleEn"].as_str()).collect();
        assert_eq!(titles, ["Integrity"]);
        let (status, header) = app.get("/api/public/values-section-settings").await;
        assert_eq!(status, Status::Ok);
        assert_eq!(header["titleEn"], "Our Values");
    }
}
