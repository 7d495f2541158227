//! The history of changes (the contract's "History"): every create, update and delete records
//! who, when, which record, the action and the changed fields with their old and new values,
//! in the transaction of the change; administrators read it, filtered to a record.

use rocket::http::{Header, Method, Status};
use serde_json::{json, Value};

use crate::helpers::{read, TestApp, ADMIN};

async fn create(app: &TestApp, path: &str, body: Value) -> Value {
    let (status, record) = app.send(Method::Post, path, body).await;
    assert_eq!(status, Status::Created, "{record}");
    record
}

async fn history_of(app: &TestApp, entity: &str, id: &Value) -> Vec<Value> {
    let (status, entries) = app.get(&format!("/api/history?entity={entity}&id={id}")).await;
    assert_eq!(status, Status::Ok, "{entries}");
    entries.as_array().cloned().unwrap_or_default()
}

fn change<'a>(entry: &'a Value, field: &str) -> Option<&'a Value> {
    entry["changes"].as_array()?.iter().find(|c| c["field"] == field)
}

/// A signed-in account without the admin role, made straight in the database.
pub async fn sign_in_plain_user(app: &TestApp) {
    let hash = aqar::platform::auth::password::hash("plain-user-password".into()).await.expect("hash");
    aqar::areas::users::store::insert(
        app.pool(),
        aqar::areas::users::store::NewUser {
            username: "plain",
            password_hash: &hash,
            email: None,
            full_name: None,
            role: "user",
            is_active: true,
            receives_leads: true,
            license_number: None,
            phone: None,
        },
    )
    .await
    .expect("user");
    assert_eq!(app.login("plain", "plain-user-password").await.status(), Status::Ok);
}

both_databases! {
    async fn a_create_an_update_and_a_delete_each_record_one_row(app) {
        app.login_admin().await;
        let created = create(&app, "/api/categories", json!({ "nameEn": "Villas", "nameAr": "فلل" })).await;
        let path = format!("/api/categories/{}", created["id"]);
        let (status, _) = app.send(Method::Put, &path, json!({ "nameEn": "Villas & Chalets", "nameAr": "فلل" })).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);

        let entries = history_of(&app, "category", &created["id"]).await;
        let actions: Vec<&str> = entries.iter().filter_map(|e| e["action"].as_str()).collect();
        assert_eq!(actions, ["delete", "update", "create"], "newest first");
        for entry in &entries {
            assert_eq!(entry["username"], ADMIN);
            assert_eq!(entry["entity"], "category");
            assert_eq!(entry["recordId"], created["id"]);
            assert!(entry["at"].as_str().is_some_and(|at| at.ends_with('Z')));
        }
        let (delete, update, create) = (&entries[0], &entries[1], &entries[2]);
        assert_eq!(change(create, "nameAr"), Some(&json!({ "field": "nameAr", "old": null, "new": "فلل" })));
        assert_eq!(
            update["changes"],
            json!([{ "field": "nameEn", "old": "Villas", "new": "Villas & Chalets" }]),
            "only what changed; not the version"
        );
        assert_eq!(update["label"], "Villas & Chalets");
        assert_eq!(change(delete, "nameEn"), Some(&json!({ "field": "nameEn", "old": "Villas & Chalets", "new": null })));
    }

    async fn a_refused_write_records_nothing(app) {
        app.login_admin().await;
        let created = create(&app, "/api/property-types", json!({ "nameEn": "Flat", "nameAr": "شقة" })).await;
        let path = format!("/api/property-types/{}", created["id"]);
        let stale = app
            .client
            .put(path.clone())
            .header(Header::new("If-Match", "\"7\""))
            .header(rocket::http::ContentType::JSON)
            .body(json!({ "nameEn": "Loft", "nameAr": "شقة" }).to_string())
            .dispatch()
            .await;
        assert_eq!(stale.status(), Status::PreconditionFailed);
        assert_eq!(app.send(Method::Put, &path, json!({ "nameEn": "", "nameAr": "" })).await.0, Status::UnprocessableEntity);
        let entries = history_of(&app, "propertyType", &created["id"]).await;
        assert_eq!(entries.len(), 1, "only the create: {entries:?}");
    }

    async fn a_location_update_is_recorded_with_its_label(app) {
        app.login_admin().await;
        let country = create(&app, "/api/countries", json!({ "nameEn": "Jordan", "nameAr": "الأردن", "code": "JO" })).await;
        let city = create(&app, "/api/cities", json!({ "nameEn": "Amman", "nameAr": "عمّان", "countryId": country["id"] })).await;
        let city_path = format!("/api/cities/{}", city["id"]);
        app.send(Method::Put, &city_path, json!({ "nameEn": "Amman City", "nameAr": "عمّان", "countryId": country["id"] })).await;
        let entries = history_of(&app, "city", &city["id"]).await;
        assert_eq!(entries[0]["changes"], json!([{ "field": "nameEn", "old": "Amman", "new": "Amman City" }]));
        assert_eq!(history_of(&app, "country", &country["id"]).await[0]["label"], "Jordan");
    }

    async fn a_property_its_selected_features_and_its_deletion_are_recorded(app) {
        app.login_admin().await;
        let catalog = crate::properties::catalog(&app).await;
        let property = crate::properties::create_property(&app, crate::properties::full_form(&catalog, "Sea view villa")).await;
        let feature = create(&app, "/api/property-features", json!({ "nameEn": "Pool", "nameAr": "مسبح", "icon": "fi fi-rr-star", "category": "luxury" })).await;
        let path = format!("/api/properties/{}", property["id"]);
        let (status, _) = app.send(Method::Post, &format!("{path}/features"), json!({ "featureIds": [feature["id"]] })).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
        let entries = history_of(&app, "property", &property["id"]).await;
        let actions: Vec<&str> = entries.iter().filter_map(|e| e["action"].as_str()).collect();
        assert_eq!(actions, ["delete", "update", "create"]);
        assert_eq!(entries[1]["changes"], json!([{ "field": "featureIds", "old": [], "new": [feature["id"]] }]));
        assert_eq!(entries[2]["label"], "Sea view villa");
        assert_eq!(change(&entries[0], "titleEn").map(|c| &c["old"]), Some(&json!("Sea view villa")));
    }

    async fn the_history_is_for_administrators(app) {
        sign_in_plain_user(&app).await;
        let (status, body) = app.get("/api/history").await;
        assert_eq!(status, Status::Forbidden, "{body}");
        let (status, _) = app.get("/api/history/recent").await;
        assert_eq!(status, Status::Ok, "the dashboard's summary is for every signed-in user");
    }

    async fn recent_activity_names_who_did_what_without_values(app) {
        app.login_admin().await;
        let created = create(&app, "/api/categories", json!({ "nameEn": "Offices", "nameAr": "مكاتب" })).await;
        let (status, recent) = app.get("/api/history/recent").await;
        assert_eq!(status, Status::Ok);
        assert_eq!(recent[0]["username"], ADMIN);
        assert_eq!(recent[0]["action"], "create");
        assert_eq!(recent[0]["entity"], "category");
        assert_eq!(recent[0]["recordId"], created["id"]);
        assert_eq!(recent[0]["label"], "Offices");
        assert!(recent[0]["fields"].as_array().is_some_and(|f| f.contains(&json!("nameEn"))));
        assert!(recent[0].get("changes").is_none(), "no values");
    }

    async fn recent_user_management_is_shown_to_admins_only(app) {
        app.login_admin().await;
        let lina = create(&app, "/api/users", json!({
            "username": "lina", "password": "lina-pass-1", "confirmPassword": "lina-pass-1", "isActive": true
        })).await;
        create(&app, "/api/categories", json!({ "nameEn": "Offices", "nameAr": "مكاتب" })).await;
        let (_, recent) = app.get("/api/history/recent").await;
        let entities = |recent: &Value| -> Vec<String> {
            recent.as_array().expect("a list").iter().map(|a| a["entity"].as_str().unwrap_or_default().to_owned()).collect()
        };
        assert!(entities(&recent).contains(&"user".to_owned()), "an admin sees who managed accounts");
        sign_in_plain_user(&app).await;
        let (status, recent) = app.get("/api/history/recent").await;
        assert_eq!(status, Status::Ok);
        assert!(!entities(&recent).contains(&"user".to_owned()), "a plain user sees no account changes, not lina's ({})", lina["id"]);
        assert!(entities(&recent).contains(&"category".to_owned()), "the rest of the activity stays");
    }

    async fn the_history_pages_with_a_total_and_refuses_bad_filters(app) {
        app.login_admin().await;
        for name in ["A", "B", "C"] {
            create(&app, "/api/categories", json!({ "nameEn": name, "nameAr": "ا" })).await;
        }
        let response = app.client.get("/api/history?entity=category&page=2&pageSize=2").dispatch().await;
        assert_eq!(response.headers().get_one("X-Total-Count"), Some("3"));
        let (status, page) = read(response).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(page.as_array().map(Vec::len), Some(1));
        assert_eq!(page[0]["label"], "A", "the oldest is on the last page");
        for bad in [
            "/api/history?entity=planet",
            "/api/history?pageSize=101",
            "/api/history?page=0",
            "/api/history?pageSize=null",
            "/api/history?page=1&page=2",
        ] {
            assert_eq!(app.get(bad).await.0, Status::BadRequest, "{bad}");
        }
    }
}
