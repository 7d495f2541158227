//! Countries, cities and regions (site-content.md §2 Management, §3, §5, §7): the chain
//! country → city → region, its filters, and the refusals that keep it whole.

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::helpers::TestApp;

async fn created(app: &TestApp, path: &str, body: Value) -> Value {
    let (status, record) = app.send(Method::Post, path, body).await;
    assert_eq!(status, Status::Created, "{path}: {record}");
    record
}

async fn country(app: &TestApp, code: &str, name_en: &str, name_ar: &str) -> Value {
    created(app, "/api/countries", json!({ "nameEn": name_en, "nameAr": name_ar, "code": code })).await
}

async fn city(app: &TestApp, country: &Value, name_en: &str, name_ar: &str) -> Value {
    let body = json!({ "nameEn": name_en, "nameAr": name_ar, "countryId": country["id"] });
    created(app, "/api/cities", body).await
}

async fn region(app: &TestApp, city: &Value, name_en: &str, name_ar: &str) -> Value {
    created(app, "/api/regions", json!({ "nameEn": name_en, "nameAr": name_ar, "cityId": city["id"] })).await
}

fn names(list: &Value) -> Vec<String> {
    list.as_array().expect("a list").iter().filter_map(|r| r["nameEn"].as_str().map(str::to_owned)).collect()
}

both_databases! {
    async fn a_country_is_created_listed_replaced_and_deleted(app) {
        app.login_admin().await;
        let jordan = country(&app, "JO", "Jordan", "الأردن").await;
        assert_eq!(jordan["code"], "JO");
        assert_eq!(jordan["nameAr"], "الأردن");
        assert_eq!(app.get("/api/countries").await.1, json!([jordan.clone()]));
        let path = format!("/api/countries/{}", jordan["id"]);
        let (status, updated) = app
            .send(Method::Put, &path, json!({ "nameEn": "Hashemite Kingdom of Jordan", "nameAr": "المملكة الأردنية الهاشمية", "code": "JO" }))
            .await;
        assert_eq!(status, Status::Ok);
        assert_eq!(updated["nameAr"], "المملكة الأردنية الهاشمية");
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
        assert_eq!(app.get("/api/countries").await.1, json!([]));
    }

    async fn country_codes_are_kept_in_capitals(app) {
        app.login_admin().await;
        let uae = country(&app, " ae ", "United Arab Emirates", "الإمارات العربية المتحدة").await;
        assert_eq!(uae["code"], "AE");
    }

    async fn country_fields_are_required(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/countries", json!({ "nameEn": "", "nameAr": "", "code": "" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({
            "nameEn": "English name is required", "nameAr": "Arabic name is required", "code": "This field is required"
        }));
    }

    async fn a_duplicate_country_code_is_409_naming_it(app) {
        app.login_admin().await;
        country(&app, "JO", "Jordan", "الأردن").await;
        let (status, body) = app.send(Method::Post, "/api/countries", json!({ "nameEn": "Jordan 2", "nameAr": "الأردن ٢", "code": "jo" })).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(body["message"], "A country with code 'JO' already exists");
        let saudi = country(&app, "SA", "Saudi Arabia", "السعودية").await;
        let path = format!("/api/countries/{}", saudi["id"]);
        let (status, body) = app.send(Method::Put, &path, json!({ "nameEn": "Saudi Arabia", "nameAr": "السعودية", "code": "JO" })).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(body["message"], "A country with code 'JO' already exists");
        let codes: Vec<Value> = app.get("/api/countries").await.1.as_array().expect("list").iter().map(|c| c["code"].clone()).collect();
        assert_eq!(codes, [json!("JO"), json!("SA")]);
    }

    async fn a_city_carries_its_countrys_names(app) {
        app.login_admin().await;
        let jordan = country(&app, "JO", "Jordan", "الأردن").await;
        let amman = city(&app, &jordan, "Amman", "عمّان").await;
        assert_eq!(amman["countryId"], jordan["id"]);
        assert_eq!(amman["countryNameEn"], "Jordan");
        assert_eq!(amman["countryNameAr"], "الأردن");
        assert_eq!(app.get("/api/cities").await.1, json!([amman.clone()]));

        let uae = country(&app, "AE", "United Arab Emirates", "الإمارات").await;
        let path = format!("/api/cities/{}", amman["id"]);
        let (status, moved) = app.send(Method::Put, &path, json!({ "nameEn": "Dubai", "nameAr": "دبي", "countryId": uae["id"] })).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(moved["countryNameEn"], "United Arab Emirates");
        assert_eq!(moved["nameAr"], "دبي");
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
        assert_eq!(app.get("/api/cities").await.1, json!([]));
    }

    async fn a_city_needs_an_existing_country_or_is_409(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/cities", json!({ "nameEn": "Amman", "nameAr": "عمّان", "countryId": 77 })).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(body["errors"], json!({ "countryId": "Country not found" }));
        let (status, body) = app.send(Method::Post, "/api/cities", json!({ "nameEn": "Amman", "nameAr": "عمّان", "countryId": null })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "countryId": "Country is required" }));
        let jordan = country(&app, "JO", "Jordan", "الأردن").await;
        let amman = city(&app, &jordan, "Amman", "عمّان").await;
        let path = format!("/api/cities/{}", amman["id"]);
        let (status, body) = app.send(Method::Put, &path, json!({ "nameEn": "Amman", "nameAr": "عمّان", "countryId": 77 })).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(body["errors"], json!({ "countryId": "Country not found" }));
        assert_eq!(app.get("/api/cities").await.1, json!([amman]));
    }

    async fn a_region_carries_its_city_and_country(app) {
        app.login_admin().await;
        let jordan = country(&app, "JO", "Jordan", "الأردن").await;
        let amman = city(&app, &jordan, "Amman", "عمّان").await;
        let abdoun = region(&app, &amman, "Abdoun", "عبدون").await;
        assert_eq!(abdoun["cityId"], amman["id"]);
        assert_eq!(abdoun["cityNameEn"], "Amman");
        assert_eq!(abdoun["cityNameAr"], "عمّان");
        assert_eq!(abdoun["countryId"], jordan["id"]);
        assert_eq!(abdoun["countryNameEn"], "Jordan");
        assert_eq!(abdoun["countryNameAr"], "الأردن");
        assert_eq!(app.get("/api/regions").await.1, json!([abdoun.clone()]));

        let path = format!("/api/regions/{}", abdoun["id"]);
        let (status, renamed) = app.send(Method::Put, &path, json!({ "nameEn": "Dabouq", "nameAr": "دابوق", "cityId": amman["id"] })).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(renamed["nameAr"], "دابوق");
        assert_eq!(renamed["cityNameEn"], "Amman");
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
        assert_eq!(app.get("/api/regions").await.1, json!([]));
    }

    async fn a_region_needs_an_existing_city_or_is_409(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/regions", json!({ "nameEn": "Abdoun", "nameAr": "عبدون", "cityId": 5 })).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(body["errors"], json!({ "cityId": "City not found" }));
        let (status, body) = app.send(Method::Post, "/api/regions", json!({ "nameEn": "", "nameAr": "عبدون", "cityId": 0 })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "nameEn": "English name is required", "cityId": "City is required" }));
        assert_eq!(app.get("/api/regions").await.1, json!([]));
    }

    async fn cities_filter_by_country_and_regions_by_city(app) {
        app.login_admin().await;
        let jordan = country(&app, "JO", "Jordan", "الأردن").await;
        let uae = country(&app, "AE", "United Arab Emirates", "الإمارات").await;
        let amman = city(&app, &jordan, "Amman", "عمّان").await;
        let dubai = city(&app, &uae, "Dubai", "دبي").await;
        let aqaba = city(&app, &jordan, "Aqaba", "العقبة").await;
        region(&app, &dubai, "Dubai Marina", "دبي مارينا").await;
        region(&app, &amman, "Abdoun", "عبدون").await;
        region(&app, &amman, "Dabouq", "دابوق").await;

        assert_eq!(names(&app.get(&format!("/api/cities?countryId={}", jordan["id"])).await.1), ["Amman", "Aqaba"]);
        assert_eq!(names(&app.get(&format!("/api/cities?countryId={}", uae["id"])).await.1), ["Dubai"]);
        assert_eq!(names(&app.get("/api/cities").await.1), ["Amman", "Dubai", "Aqaba"], "all, by id");
        assert_eq!(app.get("/api/cities?countryId=999").await, (Status::Ok, json!([])));
        assert_eq!(names(&app.get(&format!("/api/regions?cityId={}", amman["id"])).await.1), ["Abdoun", "Dabouq"]);
        assert_eq!(app.get(&format!("/api/regions?cityId={}", aqaba["id"])).await.1, json!([]));
        assert_eq!(names(&app.get("/api/regions").await.1), ["Dubai Marina", "Abdoun", "Dabouq"]);
        let (status, body) = app.get("/api/cities?countryId=abc").await;
        assert_eq!(status, Status::BadRequest);
        assert_eq!(body["message"], "countryId must be one id, a whole number from 1");
    }

    async fn a_country_with_cities_cannot_be_deleted(app) {
        app.login_admin().await;
        let jordan = country(&app, "JO", "Jordan", "الأردن").await;
        let amman = city(&app, &jordan, "Amman", "عمّان").await;
        city(&app, &jordan, "Irbid", "إربد").await;
        city(&app, &jordan, "Aqaba", "العقبة").await;
        let path = format!("/api/countries/{}", jordan["id"]);
        let (status, body) = app.send(Method::Delete, &path, Value::Null).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(body["message"], "Cannot delete this country: 3 cities belong to it");
        assert_eq!(app.get("/api/countries").await.1, json!([jordan]));
        assert_eq!(names(&app.get("/api/cities").await.1), ["Amman", "Irbid", "Aqaba"], "nothing was cascaded");

        for city in app.get("/api/cities").await.1.as_array().expect("cities").iter().skip(1) {
            app.send(Method::Delete, &format!("/api/cities/{}", city["id"]), Value::Null).await;
        }
        let (status, body) = app.send(Method::Delete, &path, Value::Null).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(body["message"], "Cannot delete this country: 1 city belongs to it");
        app.send(Method::Delete, &format!("/api/cities/{}", amman["id"]), Value::Null).await;
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
    }

    async fn a_city_with_regions_cannot_be_deleted(app) {
        app.login_admin().await;
        let uae = country(&app, "AE", "United Arab Emirates", "الإمارات").await;
        let dubai = city(&app, &uae, "Dubai", "دبي").await;
        let marina = region(&app, &dubai, "Dubai Marina", "دبي مارينا").await;
        let path = format!("/api/cities/{}", dubai["id"]);
        let (status, body) = app.send(Method::Delete, &path, Value::Null).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(body["message"], "Cannot delete this city: 1 region belongs to it");
        region(&app, &dubai, "Palm Jumeirah", "نخلة جميرا").await;
        let (_, body) = app.send(Method::Delete, &path, Value::Null).await;
        assert_eq!(body["message"], "Cannot delete this city: 2 regions belong to it");
        assert_eq!(names(&app.get("/api/cities").await.1), ["Dubai"]);
        assert_eq!(names(&app.get("/api/regions").await.1), ["Dubai Marina", "Palm Jumeirah"]);
        assert_eq!(app.send(Method::Delete, &format!("/api/regions/{}", marina["id"]), Value::Null).await.0, Status::NoContent);
    }

    async fn the_foreign_keys_refuse_what_the_checks_would(app) {
        // The database itself refuses to orphan a city, whatever the API does.
        app.login_admin().await;
        let jordan = country(&app, "JO", "Jordan", "الأردن").await;
        city(&app, &jordan, "Amman", "عمّان").await;
        let id = jordan["id"].as_i64().expect("id");
        let refused = sqlx::query("DELETE FROM countries WHERE id = $1").bind(id).execute(app.pool()).await;
        assert!(refused.is_err());
    }

    async fn missing_locations_are_404_json(app) {
        app.login_admin().await;
        let jordan = country(&app, "JO", "Jordan", "الأردن").await;
        let amman = city(&app, &jordan, "Amman", "عمّان").await;
        let cases = [
            ("/api/countries/999", json!({ "nameEn": "X", "nameAr": "س", "code": "XX" }), "Country not found"),
            ("/api/cities/999", json!({ "nameEn": "X", "nameAr": "س", "countryId": jordan["id"] }), "City not found"),
            ("/api/regions/999", json!({ "nameEn": "X", "nameAr": "س", "cityId": amman["id"] }), "Region not found"),
        ];
        for (path, body, message) in cases {
            let (status, answer) = app.send(Method::Put, path, body).await;
            assert_eq!(status, Status::NotFound, "PUT {path}");
            assert_eq!(answer["message"], message);
            let (status, answer) = app.send(Method::Delete, path, Value::Null).await;
            assert_eq!(status, Status::NotFound, "DELETE {path}");
            assert_eq!(answer["message"], message);
        }
    }

    async fn location_names_round_trip_byte_exact(app) {
        app.login_admin().await;
        let name_ar = "المملكة الأردنية الهاشمية \u{200F}(JO)";
        let jordan = country(&app, "JO", "Jordan", name_ar).await;
        let amman = city(&app, &jordan, "Amman", "عمّان").await;
        let abdoun = region(&app, &amman, "Abdoun \u{200E}عبدون", "عبدون").await;
        let (_, regions) = app.get("/api/regions").await;
        assert_eq!(regions[0]["countryNameAr"].as_str().map(str::as_bytes), Some(name_ar.as_bytes()));
        assert_eq!(regions[0]["cityNameAr"], "عمّان");
        assert_eq!(regions[0]["nameEn"], abdoun["nameEn"]);
    }
}
