//! Property features (site-content.md §2 Features Management, §3, §5, §7): grouped as
//! luxury, amenities or general, with an active flag and a display order.

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::helpers::TestApp;

async fn feature(app: &TestApp, body: Value) -> Value {
    let (status, created) = app.send(Method::Post, "/api/property-features", body).await;
    assert_eq!(status, Status::Created, "{created}");
    created
}

both_databases! {
    async fn a_feature_is_created_listed_replaced_and_deleted(app) {
        app.login_admin().await;
        let pool = feature(&app, json!({
            "nameEn": "Private Pool", "nameAr": "مسبح خاص", "icon": "fi fi-rr-swimmer",
            "category": "luxury", "isActive": false, "displayOrder": 3
        })).await;
        assert_eq!(pool["nameAr"], "مسبح خاص");
        assert_eq!(pool["icon"], "fi fi-rr-swimmer");
        assert_eq!(pool["category"], "luxury");
        assert_eq!(pool["isActive"], false);
        assert_eq!(pool["displayOrder"], 3);
        assert!(pool["createdAt"].is_string() && pool["updatedAt"].is_string());
        assert_eq!(app.get("/api/property-features").await, (Status::Ok, json!([pool.clone()])));

        let path = format!("/api/property-features/{}", pool["id"]);
        let (status, updated) = app.send(Method::Put, &path, json!({
            "nameEn": "Gym", "nameAr": "صالة رياضية", "icon": "fi fi-rr-gym",
            "category": "amenities", "isActive": true, "displayOrder": 1
        })).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(updated["id"], pool["id"]);
        assert_eq!(updated["category"], "amenities");
        assert_eq!(updated["isActive"], true);
        assert_eq!(updated["displayOrder"], 1);
        assert_eq!(updated["createdAt"], pool["createdAt"]);

        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
        assert_eq!(app.get("/api/property-features").await.1, json!([]));
    }

    async fn a_new_feature_defaults_to_the_star_icon_general_and_active(app) {
        app.login_admin().await;
        let created = feature(&app, json!({ "nameEn": "Balcony", "nameAr": "شرفة" })).await;
        assert_eq!(created["icon"], "fi fi-rr-star");
        assert_eq!(created["category"], "general");
        assert_eq!(created["isActive"], true);
        assert_eq!(created["displayOrder"], 0);
    }

    async fn features_are_listed_by_display_order_then_id(app) {
        app.login_admin().await;
        for (name, order) in [("C", 2), ("A", 1), ("D", 2), ("B", 0)] {
            feature(&app, json!({ "nameEn": name, "nameAr": "ميزة", "icon": "fi fi-rr-star", "category": "general", "displayOrder": order })).await;
        }
        let (_, list) = app.get("/api/property-features").await;
        let names: Vec<&str> = list.as_array().expect("list").iter().filter_map(|f| f["nameEn"].as_str()).collect();
        assert_eq!(names, ["B", "A", "C", "D"]);
    }

    async fn a_feature_needs_names_an_icon_and_a_non_negative_order(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/property-features", json!({
            "nameEn": "", "nameAr": "", "icon": "", "category": "general", "displayOrder": -1
        })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({
            "nameEn": "English name is required", "nameAr": "Arabic name is required",
            "icon": "Icon is required", "displayOrder": "Display order must be non-negative"
        }));
        assert_eq!(app.get("/api/property-features").await.1, json!([]));
    }

    async fn an_unknown_feature_category_is_refused(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/property-features", json!({
            "nameEn": "Pool", "nameAr": "مسبح", "icon": "fi fi-rr-star", "category": "premium"
        })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "category": "Please choose a value from the list" }));
        assert_eq!(app.get("/api/property-features").await.1, json!([]));
    }

    async fn a_missing_feature_is_404_json(app) {
        app.login_admin().await;
        let body = json!({ "nameEn": "Pool", "nameAr": "مسبح", "icon": "fi fi-rr-star", "category": "luxury" });
        let (status, answer) = app.send(Method::Put, "/api/property-features/31", body).await;
        assert_eq!(status, Status::NotFound);
        assert_eq!(answer["message"], "Property feature not found");
        let (status, answer) = app.send(Method::Delete, "/api/property-features/31", Value::Null).await;
        assert_eq!(status, Status::NotFound);
        assert_eq!(answer["message"], "Property feature not found");
    }
}
