//! The demo data set carries a bilingual catalog (issue 4, item 4).

use rocket::http::Status;
use serde_json::Value;

use crate::helpers::{Backend, TestApp};

fn texts<'a>(list: &'a Value, key: &str) -> Vec<&'a str> {
    list.as_array().expect("a list").iter().filter_map(|r| r[key].as_str()).collect()
}

async fn demo_app(backend: Backend) -> Option<TestApp> {
    TestApp::spawn_with(backend, |figment| figment.merge(("aqar.demo", true))).await
}

async fn the_demo_catalog_is_complete_and_bilingual(app: TestApp) {
    app.login_admin().await;
    let (status, countries) = app.get("/api/countries").await;
    assert_eq!(status, Status::Ok);
    assert_eq!(texts(&countries, "code"), ["JO", "AE", "SA"]);
    let (_, cities) = app.get("/api/cities").await;
    for country in countries.as_array().expect("countries") {
        let own = app.get(&format!("/api/cities?countryId={}", country["id"])).await.1;
        assert!(own.as_array().is_some_and(|c| c.len() >= 3), "several cities in {}", country["code"]);
    }
    let (_, regions) = app.get("/api/regions").await;
    let amman = cities.as_array().expect("cities").iter().find(|c| c["nameEn"] == "Amman").expect("Amman");
    let in_amman = app.get(&format!("/api/regions?cityId={}", amman["id"])).await.1;
    assert!(texts(&in_amman, "nameEn").starts_with(&["Abdoun", "Dabouq", "Jabal Amman"]));
    assert!(texts(&regions, "cityNameEn").contains(&"Dubai"));
    let (_, categories) = app.get("/api/categories").await;
    let names: Vec<String> = texts(&categories, "nameEn").iter().map(|n| n.to_lowercase()).collect();
    assert!(names.contains(&"residential".into()) && names.contains(&"investment".into()));
    let (_, types) = app.get("/api/property-types").await;
    assert!(texts(&types, "nameEn").contains(&"Apartment"));
    let (_, features) = app.get("/api/property-features").await;
    for group in ["luxury", "amenities", "general"] {
        assert!(texts(&features, "category").contains(&group), "a feature in {group}");
    }
    assert!(texts(&features, "icon").iter().all(|icon| icon.starts_with("fi fi-rr-")));
    // Every Arabic name is written in Arabic script.
    for list in [&countries, &cities, &regions, &categories, &types, &features] {
        for name in texts(list, "nameAr") {
            assert!(name.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "{name}");
        }
    }
}

#[rocket::async_test]
async fn the_demo_catalog_loads_on_sqlite() {
    the_demo_catalog_is_complete_and_bilingual(demo_app(Backend::Sqlite).await.expect("SQLite app")).await;
}

#[rocket::async_test]
async fn the_demo_catalog_loads_on_postgres() {
    if let Some(app) = demo_app(Backend::Postgres).await {
        the_demo_catalog_is_complete_and_bilingual(app).await;
    }
}
