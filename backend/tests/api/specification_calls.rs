//! A client written from the specifications works on the first try (issue 20): the
//! vocabularies as the specifications spell them, the user calls of site §7 without the
//! form's confirmation, values outside a list answered as field failures, a feature delete
//! that takes the feature off its listings, and year built bounded on both forms.

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::properties::{catalog, create_property, full_form, quick_form};

const NOT_IN_LIST: &str = "Please choose a value from the list";

fn with(mut body: Value, fields: Value) -> Value {
    body.as_object_mut().expect("an object").extend(fields.as_object().expect("an object").clone());
    body
}

/// The current year where the year begins first (UTC+14), the server's latest year built.
fn latest_year() -> i64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("after 1970");
    let days = (now.as_secs() + 14 * 3600) / 86_400;
    // Civil year from days since 1970-01-01 (H. Hinnant's civil_from_days).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    yoe + era * 400 + i64::from(month <= 2)
}

both_databases! {
    async fn the_specifications_spellings_are_taken_and_answered_as_spelled(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let spelled = with(full_form(&catalog, "Spelled"), json!({
            "buildingTypeNew": "Apartment", "buildingCondition": "Needs Renovation",
            "continent": "North America", "currency": "JOD", "facing": "northeast"
        }));
        let created = create_property(&app, spelled).await;
        assert_eq!(created["buildingTypeNew"], "Apartment");
        assert_eq!(created["buildingCondition"], "Needs Renovation");
        assert_eq!(created["continent"], "North America");
        assert_eq!(created["currency"], "JOD");
        assert_eq!(created["facing"], "northeast");

        let loose = with(full_form(&catalog, "Loose"), json!({
            "buildingTypeNew": "APARTMENT", "buildingCondition": "needs-renovation",
            "continent": "north_america", "currency": "jod", "facing": "North East"
        }));
        let created = create_property(&app, loose).await;
        let path = format!("/api/properties/{}", created["id"]);
        let (_, stored) = app.get(&path).await;
        for (field, value) in [("buildingTypeNew", "Apartment"), ("buildingCondition", "Needs Renovation"), ("continent", "North America"), ("currency", "JOD"), ("facing", "northeast")] {
            assert_eq!(stored[field], value, "{field} is stored in one spelling");
        }

        let quick = with(quick_form(&catalog, "Quick"), json!({ "continent": "SOUTH AMERICA", "currency": "usd" }));
        let (status, created) = app.send(Method::Post, "/api/properties?form=quick", quick).await;
        assert_eq!(status, Status::Created, "{created}");
        assert_eq!((&created["continent"], &created["currency"]), (&json!("South America"), &json!("USD")));

        let outside = with(full_form(&catalog, "Outside"), json!({
            "buildingTypeNew": "Castle", "buildingCondition": "Ruined", "continent": "Atlantis",
            "currency": "EUR", "facing": "up"
        }));
        let (status, answer) = app.send(Method::Post, "/api/properties", outside).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(answer["errors"], json!({
            "currency": NOT_IN_LIST, "continent": NOT_IN_LIST, "facing": NOT_IN_LIST,
            "buildingTypeNew": NOT_IN_LIST, "buildingCondition": NOT_IN_LIST
        }));
    }

    async fn stored_slugs_are_migrated_to_the_specifications_spellings(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let created = create_property(&app, full_form(&catalog, "Old")).await;
        // A row as the previous version stored it, put back through the migration's statements.
        sqlx::query("UPDATE properties SET continent = 'north-america', building_type_new = 'apartment', building_condition = 'needs-renovation' WHERE id = $1")
            .bind(created["id"].as_i64())
            .execute(app.pool())
            .await
            .expect("old spellings");
        let migration = include_str!("../../../migrations/sqlite/0015_vocabulary_spellings.sql");
        let code: String = migration.lines().filter(|l| !l.trim_start().starts_with("--")).collect::<Vec<_>>().join("\n");
        for statement in code.split(';').filter(|s| !s.trim().is_empty()) {
            sqlx::query(statement).execute(app.pool()).await.expect("migration statement");
        }
        let (_, stored) = app.get(&format!("/api/properties/{}", created["id"])).await;
        assert_eq!(stored["continent"], "North America");
        assert_eq!(stored["buildingTypeNew"], "Apartment");
        assert_eq!(stored["buildingCondition"], "Needs Renovation");
    }

    async fn the_user_calls_of_the_specification_need_no_confirmation(app) {
        app.login_admin().await;
        let (status, user) = app.send(Method::Post, "/api/users", json!({
            "username": "nadia", "password": "nadia-pass-1", "email": "nadia@example.com",
            "fullName": "Nadia Saleh", "isActive": true
        })).await;
        assert_eq!(status, Status::Created, "{user}");
        let path = format!("/api/users/{}", user["id"]);
        let (status, answer) = app.send(Method::Put, &path, json!({
            "username": "nadia", "password": "nadia-pass-2", "email": "nadia@example.com",
            "fullName": "Nadia Saleh", "isActive": true
        })).await;
        assert_eq!(status, Status::Ok, "{answer}");
        assert_eq!(app.login("nadia", "nadia-pass-2").await.status(), Status::Ok, "the new password was taken");

        app.login_admin().await;
        let (status, answer) = app.send(Method::Put, &path, json!({
            "username": "nadia", "password": "nadia-pass-3", "confirmPassword": "other-pass-3"
        })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(answer["errors"], json!({ "confirmPassword": "Passwords don't match" }));
        let (status, answer) = app.send(Method::Post, "/api/users", json!({
            "username": "omar", "password": "omar-pass-1", "confirmPassword": ""
        })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(answer["errors"], json!({ "confirmPassword": "Please confirm your password" }));
    }

    async fn a_value_outside_a_list_is_a_422_naming_its_field(app) {
        app.login_admin().await;
        let cases = [
            ("/api/property-features", json!({ "nameEn": "Pool", "nameAr": "مسبح", "icon": "fi fi-rr-star", "category": "bogus" }), json!({ "category": NOT_IN_LIST })),
            ("/api/hero-images", json!({ "pageName": "", "titleEn": "Home", "titleAr": "الرئيسية" }), json!({ "pageName": NOT_IN_LIST })),
            ("/api/about-sections", json!({ "sectionType": "bogus", "titleEn": "Story", "titleAr": "قصتنا", "contentEn": "Since 2005", "contentAr": "منذ 2005" }), json!({ "sectionType": NOT_IN_LIST })),
            ("/api/users", json!({ "username": "sam", "password": "sam-pass-12", "role": "owner" }), json!({ "role": NOT_IN_LIST })),
            ("/api/hero-images", json!({ "pageName": "blog", "titleEn": "", "titleAr": "الرئيسية" }), json!({ "pageName": NOT_IN_LIST, "titleEn": "English title is required" })),
        ];
        for (path, body, errors) in cases {
            let (status, answer) = app.send(Method::Post, path, body).await;
            assert_eq!(status, Status::UnprocessableEntity, "{path}: {answer}");
            assert_eq!(answer["errors"], errors, "{path}");
        }
        let catalog = catalog(&app).await;
        let (status, answer) = app.send(Method::Post, "/api/properties", with(full_form(&catalog, "Odd"), json!({ "status": "reserved", "displayType": "private" }))).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(answer["errors"], json!({ "status": NOT_IN_LIST, "displayType": NOT_IN_LIST }));

        // Not of the payload's shape at all is still malformed, and says which field.
        let (status, answer) = app.send(Method::Post, "/api/property-features", json!({ "nameEn": "Pool", "nameAr": "مسبح", "displayOrder": "first" })).await;
        assert_eq!(status, Status::BadRequest);
        assert!(answer["message"].as_str().is_some_and(|m| m.contains("displayOrder")), "{answer}");
    }

    async fn deleting_a_feature_takes_it_off_its_listings_with_history(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let pool = crate::properties::created(&app, "/api/property-features", json!({ "nameEn": "Pool", "nameAr": "مسبح" })).await;
        let gym = crate::properties::created(&app, "/api/property-features", json!({ "nameEn": "Gym", "nameAr": "نادي" })).await;
        let mut listings = Vec::new();
        for title in ["One", "Two"] {
            let property = create_property(&app, full_form(&catalog, title)).await;
            let path = format!("/api/properties/{}/features", property["id"]);
            app.send(Method::Post, &path, json!({ "featureIds": [pool["id"], gym["id"]] })).await;
            listings.push(property);
        }
        let feature_path = format!("/api/property-features/{}", pool["id"]);
        assert_eq!(app.get(&format!("{feature_path}/usage")).await, (Status::Ok, json!({ "listings": 2 })));
        assert_eq!(app.get("/api/property-features/999999/usage").await.0, Status::NotFound);

        assert_eq!(app.send(Method::Delete, &feature_path, Value::Null).await.0, Status::NoContent);
        let (_, remaining) = app.get("/api/property-features").await;
        assert_eq!(remaining, json!([gym.clone()]));
        for property in &listings {
            let (_, features) = app.get(&format!("/api/properties/{}/features", property["id"])).await;
            assert_eq!(features, json!([gym.clone()]), "the other feature stays");
            let (_, history) = app.get(&format!("/api/history?entity=property&id={}", property["id"])).await;
            assert_eq!(history[0]["action"], "update");
            assert_eq!(history[0]["changes"], json!([{ "field": "featureIds", "old": [pool["id"], gym["id"]], "new": [gym["id"]] }]));
        }
        let (_, history) = app.get(&format!("/api/history?entity=propertyFeature&id={}", pool["id"])).await;
        assert_eq!(history[0]["action"], "delete");
    }

    async fn a_failed_feature_delete_changes_no_listing(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let pool = crate::properties::created(&app, "/api/property-features", json!({ "nameEn": "Pool", "nameAr": "مسبح" })).await;
        let property = create_property(&app, full_form(&catalog, "One")).await;
        let features = format!("/api/properties/{}/features", property["id"]);
        app.send(Method::Post, &features, json!({ "featureIds": [pool["id"]] })).await;
        // A stale version refuses the delete: the selection and the history stay as they were.
        let response = app
            .client
            .delete(format!("/api/property-features/{}", pool["id"]))
            .header(rocket::http::Header::new("If-Match", "\"7\""))
            .dispatch()
            .await;
        assert_eq!(response.status(), Status::PreconditionFailed);
        assert_eq!(app.get(&features).await.1, json!([pool]));
        let (_, history) = app.get(&format!("/api/history?entity=property&id={}", property["id"])).await;
        assert_eq!(history.as_array().map(Vec::len), Some(2), "create and the selection only");
    }

    async fn year_built_is_bounded_on_both_forms(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let latest = latest_year();
        for (path, form) in [("/api/properties", full_form(&catalog, "Year")), ("/api/properties?form=quick", quick_form(&catalog, "Year"))] {
            for (year, message) in [(1799, Some("Year built cannot be before 1800")), (latest + 1, Some("Year built cannot be in the future")), (99_999, Some("Year built cannot be in the future")), (1800, None), (latest - 1, None)] {
                let (status, answer) = app.send(Method::Post, path, with(form.clone(), json!({ "yearBuilt": year }))).await;
                match message {
                    Some(message) => {
                        assert_eq!(status, Status::UnprocessableEntity, "{path} {year}: {answer}");
                        assert_eq!(answer["errors"], json!({ "yearBuilt": message }), "{path} {year}");
                    }
                    None => assert_eq!(status, Status::Created, "{path} {year}: {answer}"),
                }
            }
        }
    }

    async fn a_field_required_without_words_of_its_own_says_the_generic_fallback(app) {
        app.login_admin().await;
        let (status, answer) = app.send(Method::Post, "/api/countries", json!({ "nameEn": "Jordan", "nameAr": "الأردن", "code": "" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(answer["errors"], json!({ "code": "This field is required" }));
        let (status, answer) = app.send(Method::Post, "/api/users", json!({ "username": "sam", "password": "short" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(answer["errors"], json!({ "password": "Minimum length is 8" }));
    }
}
