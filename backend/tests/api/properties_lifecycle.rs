//! Listings an agency may legally advertise (issue 39): rentals and their statuses, the
//! permit an active listing needs where its place regulates advertising, the permit held by
//! one listing only, the public reads decided at each request (a permit's expiry, the
//! publishing window), map pins and `bbox`, the price history and the public price drop.

use std::time::Duration;

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::properties::{catalog, create_property, created, full_form, Catalog};
use crate::properties_list::listed;

/// An RFC 3339 UTC instant `seconds` from now.
fn at(seconds: i64) -> String {
    aqar::platform::db::clock::text_of(aqar::platform::db::clock::now_epoch() + seconds)
}

/// Names the authority of the catalog's city (the country and region name none); answers
/// the city.
async fn regulate_city(app: &TestApp, catalog: &Catalog, authority: &str) -> Value {
    let body = json!({ "nameEn": "Amman", "nameAr": "عمّان", "countryId": catalog.country, "advertisingAuthority": authority });
    let (status, city) = app.send(Method::Put, &format!("/api/cities/{}", catalog.city), body).await;
    assert_eq!(status, Status::Ok, "{city}");
    city
}

fn with_permit(mut form: Value, number: &str, expires_at: &str) -> Value {
    form["permitNumber"] = json!(number);
    form["permitIssuedAt"] = json!(at(-86_400));
    form["permitExpiresAt"] = json!(expires_at);
    form
}

async fn public_ids(app: &TestApp, query: &str) -> Vec<i64> {
    let (status, list, _) = listed(app, &format!("/api/public/properties?pageSize=100{query}")).await;
    assert_eq!(status, Status::Ok, "{list}");
    list.as_array().expect("a list").iter().filter_map(|p| p["id"].as_i64()).collect()
}

both_databases! {
    async fn a_rental_carries_its_period_and_its_own_statuses(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        for period in ["yearly", "monthly", "weekly", "daily"] {
            let mut form = full_form(&catalog, &format!("Flat let {period}"));
            form["propertyNumber"] = json!(format!("R-{period}"));
            form["offeringType"] = json!("rent");
            form["rentFrequency"] = json!(period);
            let listing = create_property(&app, form).await;
            assert_eq!((listing["offeringType"].as_str(), listing["rentFrequency"].as_str()), (Some("rent"), Some(period)));
        }
        let mut form = full_form(&catalog, "Flat without a period");
        form["offeringType"] = json!("rent");
        let (status, body) = app.send(Method::Post, "/api/properties", form).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["rentFrequency"], "Choose how often the rent is paid");

        let mut form = full_form(&catalog, "A sale let");
        form["status"] = json!("rented");
        let (status, body) = app.send(Method::Post, "/api/properties", form).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["status"], "Only a listing for rent can be rented");

        let mut form = full_form(&catalog, "A sale with a stray period");
        form["rentFrequency"] = json!("monthly");
        form["status"] = json!("archived");
        let listing = create_property(&app, form).await;
        assert_eq!((listing["offeringType"].as_str(), &listing["rentFrequency"]), (Some("sale"), &Value::Null), "a sale keeps no period");

        let (_, rentals, total) = listed(&app, "/api/properties?offeringType=rent&status=active").await;
        assert_eq!(total, Some(4), "{rentals}");
        let (status, _, _) = listed(&app, "/api/properties?offeringType=lease").await;
        assert_eq!(status, Status::BadRequest);
    }

    async fn an_active_listing_where_advertising_is_regulated_needs_a_valid_permit(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let city = regulate_city(&app, &catalog, "dld").await;
        assert_eq!(city["advertisingAuthority"], "DLD", "a known authority is stored in its own spelling");

        let (status, body) = app.send(Method::Post, "/api/properties", full_form(&catalog, "Marina flat")).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"]["permitNumber"], "An active listing here needs its advertising permit number");
        let arabic = json!({ "language": "ar", "numerals": "latin" });
        assert_eq!(app.send(Method::Put, "/api/account/preferences", arabic).await.0, Status::Ok);
        let (status, body) = app.send(Method::Post, "/api/properties", full_form(&catalog, "Marina flat")).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["permitNumber"], "يحتاج العقار النشط هنا إلى رقم تصريح الإعلان");
        let english = json!({ "language": "en", "numerals": "latin" });
        assert_eq!(app.send(Method::Put, "/api/account/preferences", english).await.0, Status::Ok);

        let mut draft = full_form(&catalog, "Marina flat draft");
        draft["status"] = json!("pending");
        create_property(&app, draft).await;

        let expired = with_permit(full_form(&catalog, "Expired permit"), "7123456789", &at(-60));
        let (status, body) = app.send(Method::Post, "/api/properties", expired).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["permitExpiresAt"], "This permit has expired: renew it, or set the listing to pending");

        let short = with_permit(full_form(&catalog, "Short number"), "123", &at(86_400));
        let (status, body) = app.send(Method::Post, "/api/properties", short).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["permitNumber"], "A Trakheesi permit number is 7 to 11 digits");

        let listing = create_property(&app, with_permit(full_form(&catalog, "Permitted"), "7123456789", &at(86_400))).await;
        assert_eq!(listing["advertisingAuthority"], "DLD");
        assert_eq!(public_ids(&app, "").await, [listing["id"].as_i64().expect("an id")]);
    }

    async fn one_permit_serves_one_listing_that_is_not_archived(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let first = create_property(&app, with_permit(full_form(&catalog, "First"), "7000000001", &at(86_400))).await;
        let mut second = with_permit(full_form(&catalog, "Second"), " 7000000001 ", &at(86_400));
        second["propertyNumber"] = json!("#102");
        let (status, body) = app.send(Method::Post, "/api/properties", second.clone()).await;
        assert_eq!(status, Status::Conflict, "{body}");
        let message = format!("Permit 7000000001 is already used by listing #{}", first["id"]);
        assert_eq!(body["message"], message.as_str());
        assert_eq!(body["errors"]["permitNumber"], message.as_str());

        let archive = json!({ "action": "setStatus", "value": "archived", "ids": [first["id"]] });
        let (status, outcome) = app.send(Method::Post, "/api/properties/bulk", archive).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        create_property(&app, second).await;
    }

    async fn public_reads_follow_the_permit_and_the_window_to_the_second(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        regulate_city(&app, &catalog, "DLD").await;
        let expiring = create_property(&app, with_permit(full_form(&catalog, "Expiring"), "7100000001", &at(2))).await;
        let mut scheduled = with_permit(full_form(&catalog, "Scheduled"), "7100000002", &at(86_400));
        scheduled["propertyNumber"] = json!("#2");
        scheduled["publishAt"] = json!(at(2));
        scheduled["unpublishAt"] = json!(at(86_400));
        let scheduled = create_property(&app, scheduled).await;
        let mut ending = with_permit(full_form(&catalog, "Ending"), "7100000003", &at(86_400));
        ending["propertyNumber"] = json!("#3");
        ending["unpublishAt"] = json!(at(2));
        let ending = create_property(&app, ending).await;
        let id = |record: &Value| record["id"].as_i64().expect("an id");

        assert_eq!(public_ids(&app, "").await, [id(&ending), id(&expiring)]);
        assert_eq!(app.get(&format!("/api/public/properties/{}", id(&scheduled))).await.0, Status::NotFound);
        assert_eq!(app.get(&format!("/api/public/properties/{}", id(&expiring))).await.0, Status::Ok);
        let (_, facets) = app.get("/api/public/properties/facets").await;
        assert_eq!(facets["total"], 2, "{facets}");

        // Nothing is written meanwhile: the answers change because the clock passed.
        rocket::tokio::time::sleep(Duration::from_millis(2_200)).await;
        assert_eq!(public_ids(&app, "").await, [id(&scheduled)], "the list cache does not keep the lapsed one");
        assert_eq!(public_ids(&app, "&q=scheduled&sort=relevance").await, [id(&scheduled)]);
        assert_eq!(app.get(&format!("/api/public/properties/{}", id(&expiring))).await.0, Status::NotFound);
        assert_eq!(app.get(&format!("/api/public/properties/{}", id(&ending))).await.0, Status::NotFound);
        assert_eq!(app.get(&format!("/api/public/properties/{}", id(&scheduled))).await.0, Status::Ok);
        let (_, panel, _) = listed(&app, "/api/properties?status=active").await;
        assert_eq!(panel.as_array().map(Vec::len), Some(3), "the panel lists them all, still active until the sweep");

        let response = app.client.get("/api/public/properties").dispatch().await;
        assert_eq!(response.headers().get_one("Cache-Control"), Some("public, max-age=10"));
    }

    async fn a_place_that_starts_regulating_takes_its_listings_off_the_public_site(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let listing = create_property(&app, full_form(&catalog, "Before the rules")).await;
        assert_eq!(public_ids(&app, "").await.len(), 1);
        regulate_city(&app, &catalog, "REGA").await;
        assert!(public_ids(&app, "").await.is_empty());
        assert_eq!(app.get(&format!("/api/public/properties/{}", listing["id"])).await.0, Status::NotFound);
        let (_, stats) = app.get("/api/stats").await;
        assert_eq!(stats["heldBackByPermit"], 1, "{stats}");

        let set_active = json!({ "action": "setStatus", "value": "pending", "ids": [listing["id"]] });
        app.send(Method::Post, "/api/properties/bulk", set_active).await;
        let set_active = json!({ "action": "setStatus", "value": "active", "ids": [listing["id"]] });
        let (status, outcome) = app.send(Method::Post, "/api/properties/bulk", set_active).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert_eq!(outcome["changed"], 0);
        assert_eq!(outcome["skipped"][0]["reason"], "notAllowed", "{outcome}");
    }

    async fn pins_are_filtered_by_box_and_blurred_when_approximate(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let mut marina = full_form(&catalog, "Marina");
        marina["latitude"] = json!(25.080_12);
        marina["longitude"] = json!(55.140_07);
        marina["locationApproximate"] = json!(true);
        let marina = create_property(&app, marina).await;
        let mut riyadh = full_form(&catalog, "Olaya");
        riyadh["propertyNumber"] = json!("#2");
        riyadh["latitude"] = json!(24.69);
        riyadh["longitude"] = json!(46.68);
        let riyadh = create_property(&app, riyadh).await;
        let mut lone = full_form(&catalog, "Half a pin");
        lone["latitude"] = json!(24.7);
        let (status, body) = app.send(Method::Post, "/api/properties", lone).await;
        assert_eq!((status, &body["errors"]["longitude"]), (Status::UnprocessableEntity, &json!("Give both latitude and longitude, or neither")));

        assert_eq!(marina["latitude"], 25.080_12, "the panel keeps the exact pin");
        let (_, public) = app.get(&format!("/api/public/properties/{}", marina["id"])).await;
        assert_eq!((public["latitude"].as_f64(), public["longitude"].as_f64()), (Some(25.08), Some(55.14)));
        let (_, public) = app.get(&format!("/api/public/properties/{}", riyadh["id"])).await;
        assert_eq!(public["latitude"], 24.69, "an exact pin is shown as it is");

        assert_eq!(public_ids(&app, "&bbox=55.0,25.0,55.3,25.3").await, [marina["id"].as_i64().expect("an id")]);
        assert_eq!(public_ids(&app, "&bbox=46,24,47,25").await, [riyadh["id"].as_i64().expect("an id")]);
        assert_eq!(public_ids(&app, "&bbox=40,20,60,30").await.len(), 2);
        for bad in ["55.3,25,55.0,25.3", "1,2,3", "a,b,c,d", "0,91,1,92"] {
            let (status, body, _) = listed(&app, &format!("/api/public/properties?bbox={bad}")).await;
            assert_eq!(status, Status::BadRequest, "{bad}: {body}");
        }
    }

    async fn the_price_history_and_the_public_price_drop(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let listing = create_property(&app, full_form(&catalog, "Dropping")).await;
        let path = format!("/api/properties/{}", listing["id"]);
        let mut form = full_form(&catalog, "Dropping");
        form["price"] = json!(240000);
        let (status, _) = app.send(Method::Put, &path, form.clone()).await;
        assert_eq!(status, Status::Ok);
        form["titleEn"] = json!("Dropping, renamed");
        app.send(Method::Put, &path, form.clone()).await;
        form["offeringType"] = json!("rent");
        form["rentFrequency"] = json!("yearly");
        form["price"] = json!(15000);
        app.send(Method::Put, &path, form).await;

        let (status, history) = app.get(&format!("{path}/price-history")).await;
        assert_eq!(status, Status::Ok);
        let points: Vec<(f64, Option<&str>)> = history
            .as_array()
            .expect("a list")
            .iter()
            .map(|p| (p["price"].as_f64().unwrap_or_default(), p["rentFrequency"].as_str()))
            .collect();
        assert_eq!(points, [(250000.0, None), (240000.0, None), (15000.0, Some("yearly"))]);
        assert_eq!(history[0]["currency"], "USD");
        assert_eq!(app.get("/api/properties/999/price-history").await.0, Status::NotFound);

        let (_, public) = app.get(&format!("/api/public/properties/{}", listing["id"])).await;
        assert_eq!(public["previousPrice"], 240000.0, "{public}");
        assert!(public["priceChangedAt"].is_string());
    }

    async fn the_quality_score_is_the_rules_score_and_sorts_the_list(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let bare = create_property(&app, full_form(&catalog, "Bare")).await;
        let mut rich = full_form(&catalog, "A generous family villa with a garden and a pool");
        rich["propertyNumber"] = json!("#2");
        rich["titleAr"] = json!("فيلا عائلية واسعة مع حديقة ومسبح خاص في عبدون");
        rich["descriptionEn"] = json!("A bright home. ".repeat(60));
        rich["descriptionAr"] = json!("بيت مشرق وواسع. ".repeat(60));
        rich["latitude"] = json!(31.95);
        rich["longitude"] = json!(35.91);
        rich["images"] = json!((0..8).map(|i| format!("/media/{i:04}.jpg")).collect::<Vec<_>>());
        let rich = create_property(&app, rich).await;
        assert_eq!(rich["quality"], 100, "{}", rich["quality"]);
        let facts = rules::properties::quality::QualityFacts {
            title_en: "Bare".into(),
            title_ar: "فيلا بإطلالة بحرية".into(),
            description_en: "Five bedrooms by the sea".into(),
            description_ar: "خمس غرف نوم على البحر".into(),
            images: 3,
            area: Some(320.0),
            villa: true,
            location_en: "Abdoun, Amman, Jordan".into(),
            location_ar: "عبدون، عمان، الأردن".into(),
            pinned: false,
            permit: rules::properties::quality::PermitState::NotRequired,
        };
        assert_eq!(bare["quality"], rules::properties::quality::score(&facts).score);
        let (_, list, _) = listed(&app, "/api/properties?sort=-quality").await;
        assert_eq!(list[0]["id"], rich["id"]);
        let (_, list, _) = listed(&app, "/api/properties?sort=quality").await;
        assert_eq!(list[0]["id"], bare["id"]);
        let (_, stats) = app.get("/api/stats").await;
        assert_eq!(stats["qualityShare"], 0.5, "{stats}");
    }

    async fn licences_are_shown_beside_public_listings(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let agent = created(&app, "/api/users", json!({ "username": "sara", "password": "a-long-password", "fullName": "Sara Haddad", "licenseNumber": "45872" })).await;
        assert_eq!(agent["licenseNumber"], "45872");
        let mut form = with_permit(full_form(&catalog, "With an agent"), "7123456780", &at(86_400));
        form["agentId"] = agent["id"].clone();
        let listing = create_property(&app, form).await;
        let (_, public) = app.get(&format!("/api/public/properties/{}", listing["id"])).await;
        assert_eq!(public["agent"], json!({ "name": "Sara Haddad", "licenseNumber": "45872" }));
        assert_eq!(public["permitNumber"], "7123456780");
        assert!(public.get("agentId").is_none(), "the panel's reference stays the panel's");

        let edit = json!({ "username": "sara", "fullName": "Sara Haddad", "isActive": true, "role": "user" });
        let (status, kept) = app.send(Method::Put, &format!("/api/users/{}", agent["id"]), edit).await;
        assert_eq!((status, &kept["licenseNumber"]), (Status::Ok, &json!("45872")), "absent keeps it");
        let (_, public) = app.get(&format!("/api/public/properties/{}", listing["id"])).await;
        assert_eq!(public["agent"]["licenseNumber"], "45872");

        let settings = json!({ "companyName": "Aqar", "licenseNumber": "ORN 12345", "licenseAuthority": "DLD" });
        let (status, saved) = app.send(Method::Post, "/api/settings", settings).await;
        assert_eq!(status, Status::Ok, "{saved}");
        let (_, public) = app.get("/api/public/settings").await;
        assert_eq!((public["licenseNumber"].as_str(), public["licenseAuthority"].as_str()), (Some("ORN 12345"), Some("DLD")));
    }

    async fn the_sweep_sets_a_lapsed_listing_pending_and_tells_its_agent_once_each(app) {
        use aqar::areas::properties::permits::{sweep, Swept};
        app.login_admin().await;
        let catalog = catalog(&app).await;
        regulate_city(&app, &catalog, "DLD").await;
        let expires = aqar::platform::db::clock::now_epoch() + 20 * 86_400;
        let mut form = with_permit(full_form(&catalog, "Lapsing"), "7123400001", &aqar::platform::db::clock::text_of(expires));
        form["agentId"] = json!(1);
        let listing = create_property(&app, form).await;
        let day = 86_400;
        let swept = |pended, notices| Swept { pended, notices };

        for (now, expected) in [
            (expires - 15 * day, swept(0, 0)),
            (expires - 10 * day, swept(0, 1)),
            (expires - 9 * day, swept(0, 0)),
            (expires - 2 * day, swept(0, 1)),
            (expires - day, swept(0, 0)),
            (expires + 60, swept(1, 1)),
            (expires + 120, swept(0, 0)),
        ] {
            assert_eq!(sweep(app.pool(), false, now).await.expect("a sweep"), expected, "at {}", now - expires);
        }
        let (_, after) = app.get(&format!("/api/properties/{}", listing["id"])).await;
        assert_eq!(after["status"], "pending");
        let (_, entries) = app.get(&format!("/api/history?entity=property&id={}", listing["id"])).await;
        let latest = &entries[0];
        assert_eq!(latest["action"], "update", "{entries}");
        assert!(latest["changes"].as_array().expect("changes").iter().any(|c| c["field"] == "status" && c["new"] == "pending"), "{latest}");

        let (_, bell) = app.get("/api/notifications").await;
        let kinds: Vec<&str> = bell["items"].as_array().expect("items").iter().filter_map(|n| n["kind"].as_str()).collect();
        assert_eq!(kinds, ["permitExpired", "permitExpiring3", "permitExpiring14"], "{bell}");
        assert_eq!(bell["items"][0]["propertyId"], listing["id"]);
        assert_eq!(bell["items"][0]["subject"], "7123400001");
        assert_eq!(bell["items"][0]["name"], "Lapsing");
        assert_eq!(bell["unread"], 3);

        // A renewed permit is a new expiry, warned of again.
        let (_, stats) = app.get("/api/stats").await;
        assert_eq!(stats["permitsExpiring"], 0, "{stats}");
    }
}
