//! Property listings (core-panel.md §3, §4, §5, §7; issue 8): create, read, replace and
//! delete by the comprehensive form, the rules' messages, versions and money kept exactly;
//! the payloads and catalog the other listing tests build on.

use rocket::http::{Header, Method, Status};
use serde_json::{json, Value};

use crate::helpers::TestApp;

/// The catalog a listing names: one of each, the city in the country, the region in the city.
pub struct Catalog {
    pub category: i64,
    pub property_type: i64,
    pub country: i64,
    pub city: i64,
    pub region: i64,
}

pub async fn created(app: &TestApp, path: &str, body: Value) -> Value {
    let (status, record) = app.send(Method::Post, path, body).await;
    assert_eq!(status, Status::Created, "{path}: {record}");
    record
}

fn id(record: &Value) -> i64 {
    record["id"].as_i64().expect("an id")
}

pub async fn catalog(app: &TestApp) -> Catalog {
    let category =
        created(app, "/api/categories", json!({ "nameEn": "Residential", "nameAr": "سكني" })).await;
    let property_type =
        created(app, "/api/property-types", json!({ "nameEn": "Villa", "nameAr": "فيلا" })).await;
    let country =
        created(app, "/api/countries", json!({ "nameEn": "Jordan", "nameAr": "الأردن", "code": "JO" })).await;
    let city = created(
        app,
        "/api/cities",
        json!({ "nameEn": "Amman", "nameAr": "عمّان", "countryId": id(&country) }),
    )
    .await;
    let region =
        created(app, "/api/regions", json!({ "nameEn": "Abdoun", "nameAr": "عبدون", "cityId": id(&city) }))
            .await;
    Catalog {
        category: id(&category),
        property_type: id(&property_type),
        country: id(&country),
        city: id(&city),
        region: id(&region),
    }
}

/// A complete comprehensive-form payload naming `catalog`.
pub fn full_form(catalog: &Catalog, title: &str) -> Value {
    // Two halves: one json! of every field is beyond the macro's recursion limit.
    let basics = json!({
        "propertyNumber": "#101",
        "titleEn": title,
        "titleAr": "فيلا بإطلالة بحرية",
        "descriptionEn": "Five bedrooms by the sea",
        "descriptionAr": "خمس غرف نوم على البحر",
        "price": 250000,
        "currency": "USD",
        "area": 320,
        "plotArea": 500.5,
        "builtArea": 300,
        "countryId": catalog.country,
        "cityId": catalog.city,
        "regionId": catalog.region,
        "locationEn": "Abdoun, Amman, Jordan",
        "locationAr": "عبدون، عمان، الأردن",
        "continent": "asia",
        "categoryId": catalog.category,
        "typeId": catalog.property_type,
        "status": "active",
        "displayType": "public",
        "facing": "southwest",
        "isFeatured": false
    });
    let details = json!({
        "buildingTypeNew": "villa",
        "yearBuilt": 2015,
        "buildingCondition": "good",
        "numberOfFloorsInBuilding": 3,
        "floorNumberUnit": 0,
        "apartmentsPerFloor": 1,
        "parkingSpacesAvailable": 2,
        "elevatorsAvailable": true,
        "bedroom": 5,
        "masterBedroom": 2,
        "bathroom": 4,
        "storage": 1,
        "hasCentralAC": true,
        "securitySystemCCTVAlarm": true,
        "swimmingPoolSharedOrPrivate": true,
        "images": ["/media/aaaa.png", "https://images.unsplash.com/photo.jpg", "/media/bbbb.jpg"],
        "videoUrl": "https://example.com/tour.mp4",
        "virtualTourUrl": "",
        "maintenanceFee": 1200.5,
        "propertyTax": 300
    });
    let mut form = basics;
    form.as_object_mut().expect("an object").extend(details.as_object().expect("an object").clone());
    form
}

/// A complete quick-form payload.
pub fn quick_form(catalog: &Catalog, title: &str) -> Value {
    json!({
        "propertyNumber": "Q-7",
        "titleEn": title,
        "titleAr": "شقة في جبل عمان",
        "descriptionEn": "Two bedrooms",
        "descriptionAr": "غرفتا نوم",
        "price": 90000,
        "currency": "JOD",
        "area": 120,
        "locationEn": "Jabal Amman",
        "locationAr": "جبل عمان",
        "continent": "asia",
        "categoryId": catalog.category,
        "typeId": catalog.property_type,
        "status": "pending",
        "displayType": "public",
        "isFeatured": false,
        "yearBuilt": 2001,
        "buildingAge": 24,
        "floor": 2,
        "totalFloors": 4,
        "parkingSpaces": 1,
        "bedrooms": 2,
        "bathrooms": 1,
        "hasBalcony": true,
        "hasGarden": false,
        "hasElevator": true,
        "petsAllowed": true,
        "furnished": true,
        "images": ["/media/cccc.webp"]
    })
}

pub async fn create_property(app: &TestApp, body: Value) -> Value {
    created(app, "/api/properties", body).await
}

async fn send_if_match(
    app: &TestApp,
    method: Method,
    path: &str,
    version: i64,
    body: Value,
) -> (Status, Value) {
    let request = app
        .client
        .req(method, path.to_owned())
        .header(rocket::http::ContentType::JSON)
        .header(Header::new("If-Match", format!("\"{version}\"")))
        .body(body.to_string());
    crate::helpers::read(request.dispatch().await).await
}

both_databases! {
    async fn a_property_is_created_read_replaced_and_deleted(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let property = create_property(&app, full_form(&catalog, "Sea View Villa")).await;
        assert!(property["id"].as_i64().is_some_and(|id| id >= 1), "the answer has the id");
        assert_eq!(property["version"], 1);
        assert_eq!(property["titleEn"], "Sea View Villa");
        assert_eq!(property["propertyNumber"], "#101");
        assert_eq!(property["price"], 250000.0);
        assert_eq!(property["plotArea"], 500.5);
        assert_eq!(property["countryId"], catalog.country);
        assert_eq!(property["regionId"], catalog.region);
        assert_eq!(property["status"], "active");
        assert_eq!(property["facing"], "southwest");
        assert_eq!(property["bedroom"], 5);
        assert_eq!(property["elevatorsAvailable"], true);
        assert_eq!(property["hasCentralAC"], true);
        assert_eq!(property["securitySystemCCTVAlarm"], true);
        assert_eq!(property["furnished"], false);
        assert_eq!(property["virtualTourUrl"], Value::Null, "blank optional text is absent");
        assert_eq!(property["maintenanceFee"], 1200.5);
        assert_eq!(property["categoryName"], "Residential");
        assert_eq!(property["categoryNameAr"], "سكني");
        assert_eq!(property["typeName"], "Villa");
        assert_eq!(property["typeNameAr"], "فيلا");
        assert_eq!(property["bedrooms"], Value::Null, "the quick form's fields are absent");
        assert_eq!(property["hasGarden"], false);
        assert_eq!(property["featuredAt"], Value::Null);
        assert!(property["createdAt"].is_string());
        assert_eq!(property["createdAt"], property["updatedAt"]);

        let path = format!("/api/properties/{}", property["id"]);
        assert_eq!(app.get(&path).await, (Status::Ok, property.clone()));
        assert_eq!(app.get("/api/properties").await, (Status::Ok, json!([property.clone()])));

        let mut changed = full_form(&catalog, "Hill View Villa");
        changed["status"] = json!("sold");
        changed["bedroom"] = json!(6);
        changed["regionId"] = Value::Null;
        let (status, updated) = app.send(Method::Put, &path, changed).await;
        assert_eq!(status, Status::Ok, "{updated}");
        assert_eq!(updated["id"], property["id"]);
        assert_eq!(updated["version"], 2);
        assert_eq!(updated["titleEn"], "Hill View Villa");
        assert_eq!(updated["status"], "sold");
        assert_eq!(updated["bedroom"], 6);
        assert_eq!(updated["regionId"], Value::Null);
        assert_eq!(updated["createdAt"], property["createdAt"]);
        assert_eq!(app.get(&path).await.1, updated);

        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
        let (status, body) = app.get(&path).await;
        assert_eq!(status, Status::NotFound);
        assert_eq!(body["message"], "Property not found");
        assert_eq!(app.get("/api/properties").await.1, json!([]));
    }

    async fn images_keep_their_order_and_are_replaced_on_update(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let property = create_property(&app, full_form(&catalog, "Villa")).await;
        assert_eq!(property["images"], json!(["/media/aaaa.png", "https://images.unsplash.com/photo.jpg", "/media/bbbb.jpg"]));
        let mut reordered = full_form(&catalog, "Villa");
        reordered["images"] = json!(["/media/bbbb.jpg", "/media/aaaa.png"]);
        let path = format!("/api/properties/{}", property["id"]);
        let (_, updated) = app.send(Method::Put, &path, reordered).await;
        assert_eq!(updated["images"], json!(["/media/bbbb.jpg", "/media/aaaa.png"]));
        assert_eq!(app.get(&path).await.1["images"], json!(["/media/bbbb.jpg", "/media/aaaa.png"]));
        let mut none = full_form(&catalog, "Villa");
        none["images"] = json!([]);
        assert_eq!(app.send(Method::Put, &path, none).await.1["images"], json!([]));
    }

    async fn money_round_trips_exactly(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let mut body = full_form(&catalog, "Exact");
        body["price"] = json!(1234567.89);
        body["maintenanceFee"] = json!(0.001);
        body["propertyTax"] = json!(999999999999.999);
        let property = create_property(&app, body).await;
        let path = format!("/api/properties/{}", property["id"]);
        let (_, read) = app.get(&path).await;
        for answer in [&property, &read] {
            assert_eq!(answer["price"].to_string(), "1234567.89");
            assert_eq!(answer["maintenanceFee"].to_string(), "0.001");
            assert_eq!(answer["propertyTax"].to_string(), "999999999999.999");
        }
        let stored: i64 = sqlx::query_scalar("SELECT price FROM properties").fetch_one(app.pool()).await.expect("price");
        assert_eq!(stored, 1_234_567_890, "thousandths");
    }

    // sqlx's Any driver sends a NULL f64 to PostgreSQL as `real`, after which the same
    // prepared statement refuses a number: absent areas must be followed by given ones.
    async fn an_absent_area_then_a_given_one_are_both_stored(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        for (title, plot_area) in [("No plot", Value::Null), ("Plot", json!(120.5)), ("No plot again", Value::Null)] {
            let mut body = full_form(&catalog, title);
            body["plotArea"] = plot_area.clone();
            body["builtArea"] = plot_area.clone();
            let property = create_property(&app, body.clone()).await;
            assert_eq!(property["plotArea"], plot_area, "{title}");
            let path = format!("/api/properties/{}", property["id"]);
            let (status, updated) = app.send(Method::Put, &path, body).await;
            assert_eq!(status, Status::Ok, "{title}: {updated}");
            assert_eq!(updated["builtArea"], plot_area, "{title}");
        }
    }

    async fn an_amount_beyond_the_largest_is_422(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let mut body = full_form(&catalog, "Too dear");
        body["price"] = json!(1e16);
        body["propertyTax"] = json!(-1e300);
        let (status, answer) = app.send(Method::Post, "/api/properties", body).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(answer["errors"], json!({
            "price": "Amount cannot exceed 1,000,000,000,000",
            "propertyTax": "Amount cannot exceed 1,000,000,000,000"
        }));
    }

    async fn the_rules_messages_come_back_as_422(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/properties", json!({})).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({
            "titleEn": "English title is required",
            "titleAr": "Arabic title is required",
            "descriptionEn": "English description is required",
            "descriptionAr": "Arabic description is required",
            "price": "Price must be positive",
            "currency": "Currency is required",
            "area": "Area must be positive",
            "countryId": "Country is required",
            "cityId": "City is required",
            "locationEn": "English location is required",
            "locationAr": "Arabic location is required",
            "categoryId": "Category is required",
            "typeId": "Property type is required",
            "buildingTypeNew": "Building type is required"
        }));
        let catalog = catalog(&app).await;
        let mut body = full_form(&catalog, "Villa");
        body["numberOfFloorsInBuilding"] = json!(0);
        body["bathroom"] = json!(-1);
        body["currency"] = json!("EUR");
        let (status, answer) = app.send(Method::Post, "/api/properties", body).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(answer["errors"], json!({
            "currency": "Please choose a value from the list",
            "numberOfFloorsInBuilding": "Number of floors must be at least 1",
            "bathroom": "Count cannot be negative"
        }));
        assert_eq!(app.get("/api/properties").await.1, json!([]), "nothing was written");
    }

    async fn featured_at_is_set_when_featured_and_cleared_when_not(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let mut featured = full_form(&catalog, "Villa");
        featured["isFeatured"] = json!(true);
        let property = create_property(&app, featured.clone()).await;
        assert!(property["featuredAt"].is_string());
        let path = format!("/api/properties/{}", property["id"]);
        let (_, still) = app.send(Method::Put, &path, featured.clone()).await;
        assert_eq!(still["featuredAt"], property["featuredAt"], "kept while it stays featured");
        let (_, unfeatured) = app.send(Method::Put, &path, full_form(&catalog, "Villa")).await;
        assert_eq!(unfeatured["isFeatured"], false);
        assert_eq!(unfeatured["featuredAt"], Value::Null);
        let (_, again) = app.send(Method::Put, &path, featured).await;
        assert!(again["featuredAt"].is_string());
    }

    async fn a_stale_if_match_is_412_with_the_current_record(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let property = create_property(&app, full_form(&catalog, "Villa")).await;
        let path = format!("/api/properties/{}", property["id"]);
        let (status, first) = send_if_match(&app, Method::Put, &path, 1, full_form(&catalog, "First")).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(first["version"], 2);
        let (status, stale) = send_if_match(&app, Method::Put, &path, 1, full_form(&catalog, "Second")).await;
        assert_eq!(status, Status::PreconditionFailed);
        assert_eq!(stale["current"], first, "the record as it is now, images and all");
        let quick = format!("{path}?form=quick");
        assert_eq!(send_if_match(&app, Method::Put, &quick, 1, quick_form(&catalog, "Q")).await.0, Status::PreconditionFailed);
        assert_eq!(send_if_match(&app, Method::Delete, &path, 1, Value::Null).await.0, Status::PreconditionFailed);
        assert_eq!(app.get(&path).await.1, first, "nothing changed");
        assert_eq!(send_if_match(&app, Method::Delete, &path, 2, Value::Null).await.0, Status::NoContent);
    }

    async fn a_missing_property_is_404(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        for (method, path, body) in [
            (Method::Get, "/api/properties/999", Value::Null),
            (Method::Put, "/api/properties/999", full_form(&catalog, "Villa")),
            (Method::Put, "/api/properties/999?form=quick", quick_form(&catalog, "Flat")),
            (Method::Delete, "/api/properties/999", Value::Null),
            (Method::Get, "/api/properties/999/features", Value::Null),
            (Method::Post, "/api/properties/999/features", json!({ "featureIds": [] })),
        ] {
            let (status, answer) = app.send(method, path, body).await;
            assert_eq!(status, Status::NotFound, "{method} {path}");
            assert_eq!(answer["message"], "Property not found", "{method} {path}");
        }
        for path in ["/api/properties/abc", "/api/properties/9223372036854775808", "/api/properties/9223372036854775808/features", "/api/public/properties/x"] {
            let (status, answer) = app.get(path).await;
            assert_eq!(status, Status::BadRequest, "{path}: an id that is not one");
            assert!(answer["message"].as_str().is_some_and(|m| m.contains("not a number")), "{path}");
        }
    }
}
