//! The Portals screen (issue 41): mapping the catalog to each portal's words, with history,
//! trash and restore; the webhooks' write-only secrets; the feeds' addresses, replaced,
//! revoked and restored. Administrators only.

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::properties::{catalog, Catalog};

pub async fn map(app: &TestApp, portal: &str, kind: &str, id: i64, value: &str) -> Value {
    let path = format!("/api/portals/{portal}/mappings/{kind}/{id}");
    let (status, mapping) = app.send(Method::Put, &path, json!({ "value": value })).await;
    assert_eq!(status, Status::Ok, "{path}: {mapping}");
    mapping
}

/// Maps the catalog's type, city and region for both portals (the category stays unmapped).
pub async fn map_catalog(app: &TestApp, catalog: &Catalog) {
    for (portal, kind) in [("propertyFinder", "VH"), ("bayut", "Villa")] {
        map(app, portal, "propertyType", catalog.property_type, kind).await;
        map(app, portal, "city", catalog.city, "Amman").await;
        map(app, portal, "region", catalog.region, "Abdoun").await;
    }
}

async fn rows(app: &TestApp, portal: &str) -> Vec<Value> {
    let (status, rows) = app.get(&format!("/api/portals/{portal}/mappings")).await;
    assert_eq!(status, Status::Ok, "{rows}");
    rows.as_array().cloned().unwrap_or_default()
}

fn row<'a>(rows: &'a [Value], kind: &str, id: i64) -> &'a Value {
    rows.iter().find(|row| row["kind"] == kind && row["recordId"] == id).expect("the record's row")
}

async fn history(app: &TestApp, entity: &str, id: &Value) -> Vec<String> {
    let (status, entries) = app.get(&format!("/api/history?entity={entity}&id={id}")).await;
    assert_eq!(status, Status::Ok, "{entries}");
    let entries = entries.as_array().cloned().unwrap_or_default();
    entries.iter().filter_map(|entry| entry["action"].as_str().map(str::to_owned)).collect()
}

async fn search_changes(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM search_changes").fetch_one(app.pool()).await.expect("a count")
}

both_databases! {
    async fn a_record_is_mapped_in_the_portals_words_and_refused_outside_them(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let listing = crate::properties::create_property(&app, crate::properties::full_form(&catalog, "A villa")).await;
        let queued = search_changes(&app).await;
        let mapping = map(&app, "propertyFinder", "propertyType", catalog.property_type, "villa").await;
        assert_eq!((mapping["value"].as_str(), mapping["kind"].as_str()), (Some("VH"), Some("propertyType")), "the portal's own code");
        assert!(search_changes(&app).await > queued, "the listings naming the type are judged again");
        assert!(listing["id"].is_i64());

        let path = format!("/api/portals/propertyFinder/mappings/propertyType/{}", catalog.property_type);
        let (status, body) = app.send(Method::Put, &path, json!({ "value": "Castle" })).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"]["value"], rules::messages::NOT_IN_LIST);
        let path = format!("/api/portals/bayut/mappings/city/{}", catalog.city);
        let (status, body) = app.send(Method::Put, &path, json!({ "value": "x".repeat(101) })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["value"], rules::messages::PORTAL_LOCATION_TOO_LONG);
        let (status, body) = app.send(Method::Put, "/api/portals/bayut/mappings/city/999999", json!({ "value": "Dubai" })).await;
        assert_eq!((status, body["message"].as_str()), (Status::NotFound, Some(rules::messages::CITY_NOT_FOUND)));
        let (status, _) = app.send(Method::Put, "/api/portals/zillow/mappings/city/1", json!({ "value": "Dubai" })).await;
        assert_eq!(status, Status::NotFound);
        let (status, _) = app.send(Method::Put, "/api/portals/bayut/mappings/street/1", json!({ "value": "Dubai" })).await;
        assert_eq!(status, Status::NotFound);
    }

    async fn the_list_shows_the_unmapped_first_with_suggestions(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        map(&app, "bayut", "city", catalog.city, "Amman").await;
        let rows = rows(&app, "bayut").await;
        assert_eq!(rows.len(), 5, "a category, a type, a country, a city and a region");
        let kinds: Vec<&str> = rows.iter().filter_map(|row| row["kind"].as_str()).collect();
        assert_eq!(kinds, ["category", "propertyType", "country", "region", "city"], "the unmapped first, then by kind");
        let villa = row(&rows, "propertyType", catalog.property_type);
        assert_eq!((&villa["value"], villa["suggestion"].as_str()), (&Value::Null, Some("Villa")));
        let region = row(&rows, "region", catalog.region);
        assert_eq!((region["parent"].as_str(), region["nameAr"].as_str()), (Some("Amman"), Some("عبدون")));
        let city = row(&rows, "city", catalog.city);
        assert_eq!((city["value"].as_str(), city["parent"].as_str()), (Some("Amman"), Some("Jordan")));
        assert!(city["mappingId"].is_i64());
        let pf = rows_of_pf(&app).await;
        assert_eq!(row(&pf, "propertyType", catalog.property_type)["suggestion"], "VH");
        assert!(pf.iter().all(|row| row["value"].is_null()), "each portal has its own words");
    }

    async fn a_mapping_has_its_history_goes_to_the_trash_and_comes_back(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let mapping = map(&app, "bayut", "region", catalog.region, "Abdoun").await;
        let id = mapping["id"].clone();
        map(&app, "bayut", "region", catalog.region, "Abdoun Al Shamali").await;
        let response = app.client.delete(format!("/api/portal-mappings/{id}")).dispatch().await;
        assert_eq!(response.status(), Status::NoContent);
        assert!(response.headers().get_one("X-Trash-Batch").is_some());
        assert_eq!(history(&app, "portalMapping", &id).await, ["delete", "update", "create"]);
        assert!(row(&rows(&app, "bayut").await, "region", catalog.region)["value"].is_null(), "unmapped again");
        let (status, trash) = app.get("/api/trash?entity=portalMapping").await;
        assert_eq!(status, Status::Ok);
        assert_eq!(trash[0]["name"], "Bayut & dubizzle · Region · Abdoun");

        let (status, body) = app.send(Method::Post, &format!("/api/trash/portalMapping/{id}/restore"), json!({})).await;
        assert_eq!(status, Status::Ok, "{body}");
        assert_eq!(row(&rows(&app, "bayut").await, "region", catalog.region)["value"], "Abdoun Al Shamali");

        app.client.delete(format!("/api/portal-mappings/{id}")).dispatch().await;
        map(&app, "bayut", "region", catalog.region, "Abdoun").await;
        let (status, body) = app.send(Method::Post, &format!("/api/trash/portalMapping/{id}/restore"), json!({})).await;
        assert_eq!(status, Status::Conflict, "mapped again meanwhile: {body}");
        assert_eq!(body["errors"]["value"], rules::messages::PORTAL_MAPPING_TAKEN);
        let (status, _) = app.send(Method::Delete, "/api/portal-mappings/999999", json!({})).await;
        assert_eq!(status, Status::NotFound);
    }

    async fn a_webhook_secret_is_written_and_never_answered(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Put, "/api/portals/bayut/secret", json!({ "secret": "too-short" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["secret"], rules::messages::PORTAL_SECRET_LENGTH);
        let secret = "a-long-enough-webhook-secret";
        let (status, body) = app.send(Method::Put, "/api/portals/bayut/secret", json!({ "secret": secret })).await;
        assert_eq!((status, body), (Status::NoContent, Value::Null));
        let (status, portals) = app.get("/api/portals").await;
        assert_eq!(status, Status::Ok);
        assert!(!portals.to_string().contains(secret), "{portals}");
        let bayut = portals.as_array().and_then(|all| all.iter().find(|p| p["portal"] == "bayut")).cloned().unwrap_or_default();
        assert_eq!(bayut["secretSet"], true);
        assert_eq!(bayut["webhookUrl"], "http://localhost:8000/api/webhooks/bayut");
        assert_eq!(bayut["counts"]["unmapped"], 0, "an empty catalog");
        let pf = portals.as_array().and_then(|all| all.iter().find(|p| p["portal"] == "propertyFinder")).cloned().unwrap_or_default();
        assert_eq!(pf["secretSet"], false);
        app.send(Method::Put, "/api/portals/bayut/secret", json!({ "secret": "" })).await;
        let (_, portals) = app.get("/api/portals").await;
        assert!(portals.as_array().is_some_and(|all| all.iter().all(|p| p["secretSet"] == false)), "cleared");
    }

    async fn a_feed_address_is_replaced_revoked_and_restored(app) {
        app.login_admin().await;
        let (status, first) = app.send(Method::Post, "/api/feed-tokens", json!({ "feed": "propertyFinder" })).await;
        assert_eq!(status, Status::Created, "{first}");
        let token = first["token"].as_str().unwrap_or_default().to_owned();
        assert_eq!(token.len(), 64);
        assert_eq!(first["url"], format!("http://localhost:8000/feeds/property-finder/{token}.xml"));
        assert_eq!(first["createdBy"], crate::helpers::ADMIN);
        let (_, second) = app.send(Method::Post, "/api/feed-tokens", json!({ "feed": "propertyFinder" })).await;
        let (_, live) = app.get("/api/feed-tokens").await;
        assert_eq!(live.as_array().map(Vec::len), Some(1), "one address a feed: {live}");
        assert_eq!(live[0]["id"], second["id"]);
        assert_eq!(history(&app, "feedToken", &first["id"]).await, ["delete", "create"]);
        assert!(!app.get("/api/history?entity=feedToken").await.1.to_string().contains(&token), "never in the history");

        let (status, body) = app.send(Method::Post, &format!("/api/trash/feedToken/{}/restore", first["id"]), json!({})).await;
        assert_eq!(status, Status::Conflict, "the feed has a newer address: {body}");
        assert_eq!(body["errors"]["feed"], rules::messages::FEED_TOKEN_TAKEN);
        let response = app.client.delete(format!("/api/feed-tokens/{}", second["id"])).dispatch().await;
        assert_eq!(response.status(), Status::NoContent);
        let (status, _) = app.send(Method::Post, &format!("/api/trash/feedToken/{}/restore", first["id"]), json!({})).await;
        assert_eq!(status, Status::Ok);
        let (_, live) = app.get("/api/feed-tokens").await;
        assert_eq!(live[0]["token"], token.as_str(), "the old address works again");

        let (status, body) = app.send(Method::Post, "/api/feed-tokens", json!({ "feed": "zillow" })).await;
        assert_eq!((status, &body["errors"]["feed"]), (Status::UnprocessableEntity, &json!(rules::messages::NOT_IN_LIST)));
        let (status, body) = app.send(Method::Post, "/api/feed-tokens", json!({})).await;
        assert_eq!((status, &body["errors"]["feed"]), (Status::UnprocessableEntity, &json!(rules::messages::FIELD_REQUIRED)));
    }

    async fn the_portals_calls_need_an_administrator(app) {
        for path in ["/api/portals", "/api/portals/bayut/mappings", "/api/feed-tokens", "/api/portals/deliveries"] {
            let (status, _) = app.get(path).await;
            assert_eq!(status, Status::Unauthorized, "{path}");
        }
        crate::history::sign_in_plain_user(&app).await;
        for path in ["/api/portals", "/api/feed-tokens", "/api/portals/deliveries"] {
            let (status, _) = app.get(path).await;
            assert_eq!(status, Status::Forbidden, "{path}");
        }
        // Anyone signed in reads the mappings: the property form judges readiness by them.
        let (status, rows) = app.get("/api/portals/bayut/mappings").await;
        assert_eq!(status, Status::Ok, "{rows}");
        let (status, _) = app.send(rocket::http::Method::Put, "/api/portals/bayut/mappings/city/1", serde_json::json!({ "value": "Dubai" })).await;
        assert_eq!(status, Status::Forbidden);
    }
}

async fn rows_of_pf(app: &TestApp) -> Vec<Value> {
    rows(app, "propertyFinder").await
}
