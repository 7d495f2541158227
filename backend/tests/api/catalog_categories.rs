//! Categories (core-panel.md §2 Categories page, §3, §5, §7): create, list, replace, delete,
//! their validation and Arabic text kept byte for byte.

use rocket::http::{Method, Status};
use serde_json::{json, Value};
use sqlx::Row;

use crate::helpers::TestApp;

fn category(name_en: &str, name_ar: &str) -> Value {
    json!({ "nameEn": name_en, "nameAr": name_ar, "descriptionEn": "", "descriptionAr": "", "imageUrl": null })
}

async fn create(app: &TestApp, body: Value) -> Value {
    let (status, created) = app.send(Method::Post, "/api/categories", body).await;
    assert_eq!(status, Status::Created, "{created}");
    created
}

both_databases! {
    async fn a_category_is_created_listed_replaced_and_deleted(app) {
        app.login_admin().await;
        let created = create(&app, json!({
            "nameEn": "Residential", "nameAr": "سكني",
            "descriptionEn": "Homes for families", "descriptionAr": "منازل للعائلات",
            "imageUrl": "https://images.example.com/residential.jpg"
        })).await;
        assert!(created["id"].as_i64().is_some_and(|id| id > 0));
        assert_eq!(created["nameEn"], "Residential");
        assert_eq!(created["descriptionAr"], "منازل للعائلات");
        assert_eq!(created["imageUrl"], "https://images.example.com/residential.jpg");
        assert!(created["createdAt"].is_string());

        let (status, list) = app.get("/api/categories").await;
        assert_eq!(status, Status::Ok);
        assert_eq!(list, json!([created.clone()]));

        let id = created["id"].as_i64().expect("id");
        let path = format!("/api/categories/{id}");
        let (status, updated) = app.send(Method::Put, &path, category("Investment", "استثماري")).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(updated["id"], id);
        assert_eq!(updated["nameEn"], "Investment");
        assert_eq!(updated["imageUrl"], Value::Null, "the same payload without an image clears it");
        let (_, list) = app.get("/api/categories").await;
        assert_eq!(list, json!([updated]));

        let (status, body) = app.send(Method::Delete, &path, Value::Null).await;
        assert_eq!(status, Status::NoContent);
        assert_eq!(body, Value::Null);
        let (_, list) = app.get("/api/categories").await;
        assert_eq!(list, json!([]));
    }

    async fn blank_descriptions_read_back_as_null(app) {
        app.login_admin().await;
        let created = create(&app, json!({ "nameEn": "Land", "nameAr": "أراضٍ", "descriptionEn": "  " })).await;
        assert_eq!(created["descriptionEn"], Value::Null);
        assert_eq!(created["descriptionAr"], Value::Null);
        assert_eq!(created["imageUrl"], Value::Null);
    }

    async fn missing_names_are_422_with_the_rules_messages(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/categories", category("", " ")).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "nameEn": "English name is required", "nameAr": "Arabic name is required" }));
        let created = create(&app, category("Land", "أراضٍ")).await;
        let path = format!("/api/categories/{}", created["id"]);
        let (status, body) = app.send(Method::Put, &path, category("Land", "")).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "nameAr": "Arabic name is required" }));
        let (_, list) = app.get("/api/categories").await;
        assert_eq!(list[0]["nameAr"], "أراضٍ", "a refused update changes nothing");
    }

    async fn a_missing_category_is_404_json_on_put_and_delete(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Put, "/api/categories/999", category("Land", "أراضٍ")).await;
        assert_eq!(status, Status::NotFound);
        assert_eq!(body["message"], "Category not found");
        let (status, body) = app.send(Method::Delete, "/api/categories/999", Value::Null).await;
        assert_eq!(status, Status::NotFound);
        assert_eq!(body["message"], "Category not found");
    }

    async fn categories_are_listed_by_id(app) {
        app.login_admin().await;
        for name in ["Residential", "Commercial", "Investment"] {
            create(&app, category(name, "اسم")).await;
        }
        let first = app.get("/api/categories").await.1[0]["id"].as_i64().expect("id");
        app.send(Method::Put, &format!("/api/categories/{first}"), category("Zzz", "ي")).await;
        let (_, list) = app.get("/api/categories").await;
        let names: Vec<&str> = list.as_array().expect("list").iter().filter_map(|c| c["nameEn"].as_str()).collect();
        assert_eq!(names, ["Zzz", "Commercial", "Investment"], "an update does not move a row");
    }

    async fn arabic_text_round_trips_byte_exact(app) {
        app.login_admin().await;
        // Plain Arabic, a shadda, mixed directions with digits of both scripts, and the
        // invisible direction marks that must not be normalised away.
        let name_ar = "شقة فاخرة في عبدون";
        let description_ar = "فيلا Villa في عمّان — ٣ غرف / 3 rooms \u{200F}(جديد)\u{200E} 100%";
        let created = create(&app, json!({
            "nameEn": "Luxury \u{200F}apartment", "nameAr": name_ar, "descriptionAr": description_ar
        })).await;
        assert_eq!(created["nameAr"], name_ar);
        assert_eq!(created["descriptionAr"], description_ar);
        assert_eq!(created["nameEn"], "Luxury \u{200F}apartment");
        let (_, list) = app.get("/api/categories").await;
        assert_eq!(list[0]["descriptionAr"].as_str().map(str::as_bytes), Some(description_ar.as_bytes()));
        let row = sqlx::query("SELECT name_ar, description_ar FROM categories")
            .fetch_one(app.pool()).await.expect("row");
        assert_eq!(row.get::<String, _>("name_ar").as_bytes(), name_ar.as_bytes());
        assert_eq!(row.get::<String, _>("description_ar").as_bytes(), description_ar.as_bytes());
    }
}
