//! Property types (core-panel.md §2 Property types page, §5, §7; site-content.md §2
//! Management).

use rocket::http::{Method, Status};
use serde_json::{json, Value};

both_databases! {
    async fn a_property_type_is_created_listed_replaced_and_deleted(app) {
        app.login_admin().await;
        let (status, created) = app.send(Method::Post, "/api/property-types", json!({
            "nameEn": "Apartment", "nameAr": "شقة", "descriptionEn": "One floor", "descriptionAr": "طابق واحد"
        })).await;
        assert_eq!(status, Status::Created);
        assert_eq!(created["nameAr"], "شقة");
        assert_eq!(created["descriptionEn"], "One floor");
        let (status, list) = app.get("/api/property-types").await;
        assert_eq!(status, Status::Ok);
        assert_eq!(list, json!([created.clone()]));

        let path = format!("/api/property-types/{}", created["id"]);
        let (status, updated) = app.send(Method::Put, &path, json!({ "nameEn": "Villa", "nameAr": "فيلا" })).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(updated["id"], created["id"]);
        assert_eq!(updated["nameEn"], "Villa");
        assert_eq!(updated["descriptionEn"], Value::Null);

        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
        assert_eq!(app.get("/api/property-types").await.1, json!([]));
    }

    async fn property_type_names_are_required(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/property-types", json!({ "nameEn": "", "nameAr": "" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "nameEn": "English name is required", "nameAr": "Arabic name is required" }));
        assert_eq!(app.get("/api/property-types").await.1, json!([]));
    }

    async fn a_missing_property_type_is_404_json(app) {
        app.login_admin().await;
        let body = json!({ "nameEn": "Villa", "nameAr": "فيلا" });
        let (status, answer) = app.send(Method::Put, "/api/property-types/42", body).await;
        assert_eq!(status, Status::NotFound);
        assert_eq!(answer["message"], "Property type not found");
        let (status, answer) = app.send(Method::Delete, "/api/property-types/42", Value::Null).await;
        assert_eq!(status, Status::NotFound);
        assert_eq!(answer["message"], "Property type not found");
    }

    async fn property_types_are_listed_by_id(app) {
        app.login_admin().await;
        for (en, ar) in [("Villa", "فيلا"), ("Apartment", "شقة"), ("Office", "مكتب")] {
            app.send(Method::Post, "/api/property-types", json!({ "nameEn": en, "nameAr": ar })).await;
        }
        let (_, list) = app.get("/api/property-types").await;
        let ids: Vec<i64> = list.as_array().expect("list").iter().filter_map(|t| t["id"].as_i64()).collect();
        let names: Vec<&str> = list.as_array().expect("list").iter().filter_map(|t| t["nameAr"].as_str()).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(names, ["فيلا", "شقة", "مكتب"]);
    }
}
