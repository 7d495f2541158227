//! The quick property form (core-panel.md §5; issue 8): its own fields and rules with
//! `?form=quick`, and editing by one form keeping the other form's fields.

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::properties::{catalog, create_property, full_form, quick_form};

both_databases! {
    async fn a_quick_form_listing_is_created_with_its_own_fields(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let (status, property) = app.send(Method::Post, "/api/properties?form=quick", quick_form(&catalog, "Flat")).await;
        assert_eq!(status, Status::Created, "{property}");
        assert_eq!(property["version"], 1);
        assert_eq!(property["titleEn"], "Flat");
        assert_eq!(property["currency"], "JOD");
        assert_eq!(property["status"], "pending");
        assert_eq!(property["bedrooms"], 2);
        assert_eq!(property["totalFloors"], 4);
        assert_eq!(property["buildingAge"], 24);
        assert_eq!(property["hasBalcony"], true);
        assert_eq!(property["petsAllowed"], true);
        assert_eq!(property["furnished"], true);
        assert_eq!(property["countryId"], Value::Null, "no location picker in the quick form");
        assert_eq!(property["cityId"], Value::Null);
        assert_eq!(property["buildingTypeNew"], Value::Null);
        assert_eq!(property["bedroom"], 0);
        assert_eq!(property["images"], json!(["/media/cccc.webp"]));
    }

    async fn the_quick_forms_rules_apply_with_form_quick(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let mut body = quick_form(&catalog, "Flat");
        body["yearBuilt"] = json!(1799);
        body["floor"] = json!(-1);
        body["totalFloors"] = json!(0);
        body["bedrooms"] = json!(-1);
        let (status, answer) = app.send(Method::Post, "/api/properties?form=quick", body).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(answer["errors"], json!({
            "yearBuilt": "Year built cannot be before 1800",
            "floor": "Floor cannot be negative",
            "totalFloors": "Total floors must be at least 1",
            "bedrooms": "Bedrooms cannot be negative"
        }));
        let mut future = quick_form(&catalog, "Flat");
        future["yearBuilt"] = json!(time::OffsetDateTime::now_utc().year() + 1);
        let (status, answer) = app.send(Method::Post, "/api/properties?form=quick", future).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(answer["errors"], json!({ "yearBuilt": "Year built cannot be in the future" }));
        let mut this_year = quick_form(&catalog, "Flat");
        this_year["yearBuilt"] = json!(time::OffsetDateTime::now_utc().year());
        assert_eq!(app.send(Method::Post, "/api/properties?form=quick", this_year).await.0, Status::Created);
        let mut no_area = quick_form(&catalog, "Flat");
        no_area["area"] = Value::Null;
        assert_eq!(app.send(Method::Post, "/api/properties?form=quick", no_area).await.0, Status::Created, "area is optional there");
        let (status, body) = app.send(Method::Post, "/api/properties?form=older", quick_form(&catalog, "Flat")).await;
        assert_eq!(status, Status::BadRequest);
        assert!(body["message"].as_str().is_some_and(|m| m.contains("quick")), "{body}");
    }

    async fn editing_with_one_form_keeps_the_other_forms_fields(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let property = create_property(&app, full_form(&catalog, "Villa")).await;
        let path = format!("/api/properties/{}", property["id"]);
        let quick_path = format!("{path}?form=quick");
        let (status, after_quick) = app.send(Method::Put, &quick_path, quick_form(&catalog, "Villa (quick edit)")).await;
        assert_eq!(status, Status::Ok, "{after_quick}");
        assert_eq!(after_quick["titleEn"], "Villa (quick edit)");
        assert_eq!(after_quick["bedrooms"], 2, "the quick form's own field");
        assert_eq!(after_quick["countryId"], catalog.country, "the comprehensive form's fields are kept");
        assert_eq!(after_quick["regionId"], catalog.region);
        assert_eq!(after_quick["buildingTypeNew"], "Villa");
        assert_eq!(after_quick["bedroom"], 5);
        assert_eq!(after_quick["hasCentralAC"], true);
        assert_eq!(after_quick["maintenanceFee"], 1200.5);
        assert_eq!(after_quick["videoUrl"], "https://example.com/tour.mp4");
        assert_eq!(after_quick["version"], 2);

        let (status, after_full) = app.send(Method::Put, &path, full_form(&catalog, "Villa again")).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(after_full["bedrooms"], 2, "the quick form's fields are kept");
        assert_eq!(after_full["totalFloors"], 4);
        assert_eq!(after_full["hasBalcony"], true);
        assert_eq!(after_full["petsAllowed"], true);
        assert_eq!(after_full["version"], 3);
    }
}
