//! A listing's selected features (core-panel.md §4; issue 8): replaced as a set, and taken
//! off a listing when the feature is deleted, even while it is being selected.

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::properties::{catalog, create_property, created, full_form};

both_databases! {
    async fn the_selected_features_are_replaced_as_a_set(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let property = create_property(&app, full_form(&catalog, "Villa")).await;
        let pool = created(&app, "/api/property-features", json!({ "nameEn": "Pool", "nameAr": "مسبح", "category": "luxury", "displayOrder": 2 })).await;
        let gym = created(&app, "/api/property-features", json!({ "nameEn": "Gym", "nameAr": "نادي", "category": "amenities", "displayOrder": 1 })).await;
        let garden = created(&app, "/api/property-features", json!({ "nameEn": "Garden", "nameAr": "حديقة", "displayOrder": 3 })).await;
        let path = format!("/api/properties/{}/features", property["id"]);
        assert_eq!(app.get(&path).await, (Status::Ok, json!([])));

        let (status, selected) = app.send(Method::Post, &path, json!({ "featureIds": [pool["id"], gym["id"], pool["id"]] })).await;
        assert_eq!(status, Status::Ok, "{selected}");
        assert_eq!(selected, json!([gym.clone(), pool.clone()]), "by display order, each once");
        assert_eq!(app.get(&path).await.1, selected);

        let (_, replaced) = app.send(Method::Post, &path, json!({ "featureIds": [garden["id"]] })).await;
        assert_eq!(replaced, json!([garden.clone()]));

        let (status, refused) = app.send(Method::Post, &path, json!({ "featureIds": [gym["id"], 9999] })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(refused["errors"], json!({ "featureIds": "A selected feature does not exist" }));
        assert_eq!(app.get(&path).await.1, json!([garden.clone()]), "nothing changed");

        let (_, cleared) = app.send(Method::Post, &path, json!({ "featureIds": [] })).await;
        assert_eq!(cleared, json!([]));
        let (_, again) = app.send(Method::Post, &path, json!({ "featureIds": [gym["id"]] })).await;
        assert_eq!(again, json!([gym.clone()]));
        let property_path = format!("/api/properties/{}", property["id"]);
        assert_eq!(app.get(&property_path).await.1["version"], 1, "features are not a property edit");
        assert_eq!(app.send(Method::Delete, &property_path, Value::Null).await.0, Status::NoContent);
        let assignments: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM property_feature_assignments").fetch_one(app.pool()).await.expect("count");
        assert_eq!(assignments, 0, "gone with the property");
    }

    async fn a_feature_being_selected_meanwhile_is_taken_off_that_listing_too(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let property = create_property(&app, full_form(&catalog, "Villa")).await;
        let feature = created(&app, "/api/property-features", json!({ "nameEn": "Pool", "nameAr": "مسبح" })).await;
        // Another writer selects the feature and has not committed yet when the delete comes.
        let mut selecting = app.pool().begin().await.expect("transaction");
        sqlx::query("INSERT INTO property_feature_assignments (property_id, feature_id) VALUES ($1, $2)")
            .bind(property["id"].as_i64())
            .bind(feature["id"].as_i64())
            .execute(&mut *selecting)
            .await
            .expect("selected");
        let path = format!("/api/property-features/{}", feature["id"]);
        let (deleted, committed) = rocket::tokio::join!(app.send(Method::Delete, &path, Value::Null), async {
            rocket::tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            selecting.commit().await
        });
        committed.expect("committed");
        assert_eq!(deleted.0, Status::NoContent, "{}", deleted.1);
        let features = format!("/api/properties/{}/features", property["id"]);
        assert_eq!(app.get(&features).await.1, json!([]), "no assignment outlives its feature");
        let (_, history) = app.get(&format!("/api/history?entity=property&id={}", property["id"])).await;
        assert_eq!(history[0]["changes"], json!([{ "field": "featureIds", "old": [feature["id"]], "new": [] }]), "nothing is lost unseen");
    }
}
