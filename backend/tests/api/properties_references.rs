//! The catalog a listing names (core-panel.md §5, §7; issue 8): references that must exist
//! and fit together, and catalog records that cannot be deleted while listings use them.

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::properties::{catalog, create_property, created, full_form, quick_form};

both_databases! {
    async fn an_unknown_reference_is_409_naming_the_field(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let cases = [
            ("categoryId", "Category not found"),
            ("typeId", "Property type not found"),
            ("countryId", "Country not found"),
            ("cityId", "City not found"),
            ("regionId", "Region not found"),
        ];
        for (field, message) in cases {
            let mut body = full_form(&catalog, "Villa");
            body[field] = json!(9999);
            let (status, answer) = app.send(Method::Post, "/api/properties", body).await;
            assert_eq!(status, Status::Conflict, "{field}: {answer}");
            assert_eq!(answer["message"], message, "{field}");
            assert_eq!(answer["errors"][field], message, "{field}");
        }
        let mut quick = quick_form(&catalog, "Flat");
        quick["categoryId"] = json!(9999);
        let (status, answer) = app.send(Method::Post, "/api/properties?form=quick", quick).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(answer["errors"], json!({ "categoryId": "Category not found" }));
        assert_eq!(app.get("/api/properties").await.1, json!([]), "nothing was written");
    }

    async fn the_city_must_be_in_the_country_and_the_region_in_the_city(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let saudi = created(&app, "/api/countries", json!({ "nameEn": "Saudi Arabia", "nameAr": "السعودية", "code": "SA" })).await;
        let riyadh = created(&app, "/api/cities", json!({ "nameEn": "Riyadh", "nameAr": "الرياض", "countryId": saudi["id"] })).await;
        let olaya = created(&app, "/api/regions", json!({ "nameEn": "Olaya", "nameAr": "العليا", "cityId": riyadh["id"] })).await;

        let mut body = full_form(&catalog, "Villa");
        body["cityId"] = riyadh["id"].clone();
        body["regionId"] = Value::Null;
        let (status, answer) = app.send(Method::Post, "/api/properties", body).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(answer["errors"], json!({ "cityId": "This city is not in the chosen country" }));

        let mut body = full_form(&catalog, "Villa");
        body["regionId"] = olaya["id"].clone();
        let (status, answer) = app.send(Method::Post, "/api/properties", body).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(answer["message"], "This region is not in the chosen city");
        assert_eq!(answer["errors"], json!({ "regionId": "This region is not in the chosen city" }));

        let property = create_property(&app, full_form(&catalog, "Villa")).await;
        let mut moved = full_form(&catalog, "Villa");
        moved["countryId"] = saudi["id"].clone();
        let path = format!("/api/properties/{}", property["id"]);
        let (status, answer) = app.send(Method::Put, &path, moved).await;
        assert_eq!(status, Status::Conflict, "an update is checked too");
        assert_eq!(answer["errors"], json!({ "cityId": "This city is not in the chosen country" }));
        assert_eq!(app.get(&path).await.1, property, "nothing changed");
    }

    async fn deleting_a_used_catalog_record_is_409_naming_the_count(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        for title in ["One", "Two", "Three"] {
            create_property(&app, full_form(&catalog, title)).await;
        }
        let cases = [
            (format!("/api/categories/{}", catalog.category), "This category is used by 3 properties"),
            (format!("/api/property-types/{}", catalog.property_type), "This property type is used by 3 properties"),
            (format!("/api/countries/{}", catalog.country), "This country is used by 3 properties"),
            (format!("/api/cities/{}", catalog.city), "This city is used by 3 properties"),
            (format!("/api/regions/{}", catalog.region), "This region is used by 3 properties"),
        ];
        for (path, message) in &cases {
            let (status, answer) = app.send(Method::Delete, path, Value::Null).await;
            assert_eq!(status, Status::Conflict, "{path}");
            assert_eq!(answer["message"], *message, "{path}");
        }
        let (_, list) = app.get("/api/properties").await;
        assert_eq!(list.as_array().map(Vec::len), Some(3), "nothing was deleted");
        let first = list[0]["id"].clone();
        for property in list.as_array().expect("list").iter().skip(1) {
            app.send(Method::Delete, &format!("/api/properties/{}", property["id"]), Value::Null).await;
        }
        let (status, answer) = app.send(Method::Delete, &format!("/api/regions/{}", catalog.region), Value::Null).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(answer["message"], "This region is used by 1 property");
        app.send(Method::Delete, &format!("/api/properties/{first}"), Value::Null).await;
        for (path, _) in cases.iter().rev() {
            let (status, answer) = app.send(Method::Delete, path, Value::Null).await;
            assert_eq!(status, Status::NoContent, "{path}: {answer}");
        }
    }
}
