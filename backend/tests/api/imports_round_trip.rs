//! The round trip (issue 25, item 4): the demo data exported (xlsx and csv) and imported into
//! an empty database with createMissingCatalog gives the same listings: every field, both
//! languages, the catalogue's names, the features and the image references.

use std::collections::BTreeMap;

use rocket::http::Status;
use serde_json::Value;

use crate::helpers::{Backend, TestApp};
use crate::imports::{check, committed, uploaded};

/// Fields that differ by nature between two databases: ids, dates and versions, and what
/// the places' own settings make of a listing (their advertising authority, which the
/// listings' spreadsheet does not carry, and the quality score that judges the permit by it);
/// where a listing is published, the company's choice for imported listings, and the
/// portals' verdicts, which read the portal mappings and the agent the spreadsheet does not
/// carry either.
const OWN: [&str; 16] = [
    "id",
    "createdAt",
    "updatedAt",
    "featuredAt",
    "version",
    "countryId",
    "cityId",
    "regionId",
    "categoryId",
    "typeId",
    "lastRenovated",
    "advertisingAuthority",
    "quality",
    "publishTo",
    "readiness",
    "blockedFor",
];

async fn names(app: &TestApp, path: &str) -> BTreeMap<i64, (String, String)> {
    let (_, records) = app.get(path).await;
    records
        .as_array()
        .expect("records")
        .iter()
        .map(|r| {
            let text = |f: &str| r[f].as_str().unwrap_or_default().to_owned();
            (r["id"].as_i64().expect("an id"), (text("nameEn"), text("nameAr")))
        })
        .collect()
}

/// Every listing by property number: its fields other than [`OWN`], its places' and
/// features' names in both languages.
async fn listings(app: &TestApp) -> BTreeMap<String, Value> {
    let countries = names(app, "/api/countries").await;
    let cities = names(app, "/api/cities").await;
    let regions = names(app, "/api/regions").await;
    let (status, all) = app.get("/api/properties").await;
    assert_eq!(status, Status::Ok);
    let mut by_number = BTreeMap::new();
    for listing in all.as_array().expect("listings") {
        let mut fields = listing.as_object().expect("an object").clone();
        for own in OWN {
            fields.remove(own);
        }
        let place = |map: &BTreeMap<i64, (String, String)>, field: &str| {
            listing[field].as_i64().and_then(|id| map.get(&id)).cloned()
        };
        fields.insert("country".into(), serde_json::json!(place(&countries, "countryId")));
        fields.insert("city".into(), serde_json::json!(place(&cities, "cityId")));
        fields.insert("region".into(), serde_json::json!(place(&regions, "regionId")));
        let (_, features) = app.get(&format!("/api/properties/{}/features", listing["id"])).await;
        let mut features: Vec<(String, String)> = features
            .as_array()
            .expect("features")
            .iter()
            .map(|f| {
                (
                    f["nameEn"].as_str().unwrap_or_default().to_owned(),
                    f["nameAr"].as_str().unwrap_or_default().to_owned(),
                )
            })
            .collect();
        features.sort();
        fields.insert("features".into(), serde_json::json!(features));
        let number = listing["propertyNumber"].as_str().expect("a number").to_owned();
        by_number.insert(number, Value::Object(fields));
    }
    by_number
}

async fn round_trip(backend: Backend) {
    let Some(source) = TestApp::spawn_with(backend, |f| f.merge(("aqar.demo", true))).await else { return };
    source.login_admin().await;
    let expected = listings(&source).await;
    assert!(expected.len() >= 20, "the demo's listings");
    for format in ["xlsx", "csv"] {
        let response = source.client.get(format!("/api/properties/export?format={format}")).dispatch().await;
        assert_eq!(response.status(), Status::Ok, "{format}");
        let bytes = response.into_bytes().await.expect("a file");
        let Some(target) = TestApp::spawn(backend).await else { return };
        target.login_admin().await;
        let upload = uploaded(&target, &format!("demo.{format}"), &bytes).await;
        assert!(
            upload["suggestedMapping"].as_array().expect("a mapping").iter().all(Value::is_string),
            "{format}: every column maps"
        );
        let id = upload["id"].as_i64().expect("an id");
        // An export's own rows sit well inside the bound on what an import keeps (issue 37).
        let kept: i64 = sqlx::query_scalar("SELECT SUM(LENGTH(cells)) FROM import_rows WHERE import_id = $1")
            .bind(id)
            .fetch_one(target.pool())
            .await
            .expect("sums");
        assert!(
            2 * kept as u64 <= rules::imports::max_row_bytes(bytes.len() as u64),
            "{format}: {kept} of {} bytes",
            bytes.len()
        );
        let (status, outcome) = check(&target, id, &upload["suggestedMapping"], "create", true).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert_eq!(outcome["valid"].as_u64(), Some(expected.len() as u64), "{format}: {outcome}");
        let state = committed(&target, id).await;
        assert_eq!(state["status"], "done", "{state}");
        let imported = listings(&target).await;
        assert_eq!(imported.len(), expected.len());
        for (number, listing) in &expected {
            assert_eq!(imported.get(number), Some(listing), "{format}: listing {number}");
        }
    }
}

#[rocket::async_test]
async fn the_demo_data_round_trips_on_sqlite() {
    round_trip(Backend::Sqlite).await;
}

#[rocket::async_test]
async fn the_demo_data_round_trips_on_postgres() {
    round_trip(Backend::Postgres).await;
}
