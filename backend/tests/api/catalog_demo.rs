//! The demo data set carries a bilingual catalog (issue 4, item 4) and about thirty
//! bilingual listings with drawn photos, features and a mix of statuses (issue 8, item 6).

use std::collections::BTreeSet;

use rocket::http::{ContentType, Status};
use serde_json::Value;
use sqlx::Row;

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

fn is_arabic(text: &str) -> bool {
    text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))
}

async fn the_demo_listings_are_bilingual_with_photos_and_features(app: &TestApp) {
    let pool = app.pool();
    let rows = sqlx::query(
        "SELECT p.id, p.title_en, p.title_ar, p.location_en, p.location_ar, p.status, p.search_text, \
         p.property_number, p.featured_at, p.region_id, c.name_en AS city FROM properties p \
         JOIN cities c ON c.id = p.city_id ORDER BY p.id",
    )
    .fetch_all(pool)
    .await
    .expect("listings");
    assert_eq!(rows.len(), 30, "about thirty listings");
    let text = |row: &sqlx::any::AnyRow, column: &str| -> String { row.get(column) };
    let mut statuses = BTreeSet::new();
    let mut cities = BTreeSet::new();
    let mut photos = BTreeSet::new();
    let mut featured = 0;
    for row in &rows {
        let id: i64 = row.get("id");
        let (title_en, title_ar) = (text(row, "title_en"), text(row, "title_ar"));
        assert!(
            title_en.contains(" in ") && title_ar.contains(" في ") && is_arabic(&title_ar),
            "{title_en} / {title_ar}"
        );
        let (location_en, location_ar) = (text(row, "location_en"), text(row, "location_ar"));
        assert!(location_en.contains(", ") && location_ar.contains("، "), "{location_en} / {location_ar}");
        assert_eq!(
            text(row, "search_text"),
            rules::fold::search_text(
                &title_en,
                &title_ar,
                Some(&text(row, "property_number")),
                &location_en,
                &location_ar
            )
        );
        statuses.insert(text(row, "status"));
        cities.insert(text(row, "city"));
        featured += usize::from(row.get::<Option<String>, _>("featured_at").is_some());

        let references: Vec<String> = sqlx::query_scalar(
            "SELECT reference FROM property_images WHERE property_id = $1 ORDER BY position",
        )
        .bind(id)
        .fetch_all(pool)
        .await
        .expect("images");
        assert!((1..=4).contains(&references.len()), "{title_en}: {} photos", references.len());
        for reference in references {
            assert!(reference.starts_with("/media/") && reference.ends_with(".jpg"), "{reference}");
            assert!(photos.insert(reference), "every photo is its own");
        }
        let features: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM property_feature_assignments WHERE property_id = $1")
                .bind(id)
                .fetch_one(pool)
                .await
                .expect("features");
        assert!((2..=6).contains(&features), "{title_en}: {features} features");
    }
    assert_eq!(statuses.into_iter().collect::<Vec<_>>(), ["active", "pending", "rented", "sold"]);
    // Issue 39: rentals in Dubai with Trakheesi permits, sales in Riyadh with REGA licences,
    // and one permit about to expire; every active listing may be advertised.
    let count = |sql: &'static str| async move {
        sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await.expect("a count")
    };
    let dubai_rentals = count(
        "SELECT COUNT(*) FROM properties p JOIN cities c ON c.id = p.city_id WHERE c.name_en = 'Dubai' \
         AND p.offering_type = 'rent' AND p.permit_number LIKE '71%'",
    );
    assert!(dubai_rentals.await >= 1, "a rental in Dubai with its permit");
    let riyadh_sales = count(
        "SELECT COUNT(*) FROM properties p JOIN cities c ON c.id = p.city_id WHERE c.name_en = 'Riyadh' \
         AND p.offering_type = 'sale' AND p.permit_number LIKE '72%' AND p.contract_ends_at IS NOT NULL",
    );
    assert!(riyadh_sales.await >= 1, "a sale in Riyadh with its REGA licence");
    app.login_admin().await;
    let (_, stats) = app.get("/api/stats").await;
    assert_eq!(stats["permitsExpiring"], 1, "{stats}");
    assert_eq!(stats["heldBackByPermit"], 0, "{stats}");
    assert!(featured >= 3, "some are featured");
    assert!(cities.len() >= 5, "across the demo places: {cities:?}");
    // The photos are stored JPEGs 1280 pixels wide (the listings' and heroes') of tens of KB,
    // served publicly like any upload.
    let sizes: Vec<i64> = sqlx::query_scalar("SELECT size FROM media").fetch_all(pool).await.expect("sizes");
    // Beside the listings' photos: the team's six portraits and four hero images.
    assert_eq!(sizes.len(), photos.len() + 10);
    assert!(sizes.iter().all(|&size| (1_000..81_920).contains(&size)), "{sizes:?}");
    // The panel's list and the public site read them through the API.
    app.login_admin().await;
    let (status, all) = app.get("/api/properties").await;
    assert_eq!(status, Status::Ok);
    let all = all.as_array().expect("a list");
    assert_eq!(all.len(), 30);
    assert!(
        all.iter().all(|p| p["images"].as_array().is_some_and(|i| !i.is_empty())),
        "every listing has a cover"
    );
    app.client.post("/api/logout").dispatch().await;
    let (status, public) = app.get("/api/public/properties?page=1&pageSize=100").await;
    assert_eq!(status, Status::Ok);
    assert_eq!(public.as_array().map(Vec::len), Some(21), "the active ones");
    let cover = photos.first().expect("a photo").clone();
    let response = app.client.get(cover).dispatch().await;
    assert_eq!(response.status(), Status::Ok);
    assert_eq!(response.content_type(), Some(ContentType::JPEG));
}

#[rocket::async_test]
async fn the_demo_data_loads_on_sqlite() {
    let app = demo_app(Backend::Sqlite).await.expect("SQLite app");
    the_demo_listings_are_bilingual_with_photos_and_features(&app).await;
    the_demo_catalog_is_complete_and_bilingual(app).await;
}

#[rocket::async_test]
async fn the_demo_data_loads_on_postgres() {
    if let Some(app) = demo_app(Backend::Postgres).await {
        the_demo_listings_are_bilingual_with_photos_and_features(&app).await;
        the_demo_catalog_is_complete_and_bilingual(app).await;
    }
}
