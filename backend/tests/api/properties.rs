//! Property listings (core-panel.md §3, §4, §5, §7; issue 8): create, read, replace and
//! delete by either form, the rules' messages, references that must exist and fit
//! together, versions, money kept exactly, and the selected features.

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
