//! The panel's list answered from memory (migration 0008, `properties::cache`): a repeated
//! read is served from the server's copy, byte for byte the answer it computed, and any write
//! to what the list reads — through this server, another one, or SQL — makes it current again.

use std::sync::Arc;

use rocket::http::{ContentType, Method, Status};
use rocket::local::asynchronous::Client;
use serde_json::{json, Value};

use aqar::areas::properties::cache::{Answer, ListCache};
use aqar::areas::properties::listing::{ListRequest, Paging, DEFAULT_SORT};

use crate::helpers::{read, TestApp, ADMIN, ADMIN_PASSWORD};
use crate::properties::{catalog, create_property, full_form};

const PAGED: &str = "/api/properties?page=1&pageSize=10&q=villa";

/// A list answer as sent: status, content type, body bytes and `X-Total-Count`.
async fn raw(client: &Client, path: &str) -> (Status, Option<String>, Vec<u8>, Option<String>) {
    let response = client.get(path.to_owned()).dispatch().await;
    let status = response.status();
    let content_type = response.headers().get_one("Content-Type").map(str::to_owned);
    let total = response.headers().get_one("X-Total-Count").map(str::to_owned);
    let body = response.into_bytes().await.unwrap_or_default();
    (status, content_type, body, total)
}

/// The plain list's titles and the paged search's titles with its total, read twice each
/// (the second read being served from memory) and checked to be the same answer.
async fn lists(client: &Client) -> (Vec<String>, Vec<String>, i64) {
    let mut answers = Vec::new();
    for path in ["/api/properties", PAGED] {
        let first = raw(client, path).await;
        let second = raw(client, path).await;
        assert_eq!(first.0, Status::Ok, "{path}");
        assert_eq!(first.1.as_deref(), Some("application/json"), "{path}");
        assert_eq!(first, second, "{path}: a repeated read is the same answer, byte for byte");
        let body: Value = serde_json::from_slice(&first.2).expect("JSON");
        let titles: Vec<String> = body
            .as_array()
            .expect("a list")
            .iter()
            .map(|p| {
                format!("{} / {} / {}", p["titleEn"].as_str().unwrap_or(""), p["categoryName"], p["typeName"])
            })
            .collect();
        answers.push((titles, first.3));
    }
    let (paged, total) = answers.pop().expect("paged");
    let (plain, none) = answers.pop().expect("plain");
    assert_eq!(none, None, "the plain list has no total");
    (plain, paged, total.expect("a total").parse().expect("a number"))
}

fn paged_request() -> ListRequest {
    ListRequest {
        paging: Some(Paging { page: 1, size: 10 }),
        search: Some("villa".into()),
        sort: DEFAULT_SORT,
        filters: Default::default(),
        active_only: false,
    }
}

async fn revision(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT value FROM revisions WHERE name = 'properties'")
        .fetch_one(app.pool())
        .await
        .expect("the revision")
}

async fn signed_in(client: &Client) {
    let response = client
        .post("/api/login")
        .header(ContentType::JSON)
        .body(json!({ "username": ADMIN, "password": ADMIN_PASSWORD }).to_string())
        .dispatch()
        .await;
    assert_eq!(response.status(), Status::Ok, "the admin signs in on the other server");
}

async fn put(client: &Client, path: &str, body: Value) -> Value {
    let response =
        client.put(path.to_owned()).header(ContentType::JSON).body(body.to_string()).dispatch().await;
    let (status, answer) = read(response).await;
    assert_eq!(status, Status::Ok, "{path}: {answer}");
    answer
}

fn row(title: &str, category: &str, property_type: &str) -> String {
    format!("{title} / \"{category}\" / \"{property_type}\"")
}

both_databases! {
    async fn a_repeated_read_is_served_from_memory_while_its_revision_is_current(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        create_property(&app, full_form(&catalog, "Sea Villa")).await;
        let (_, paged, total) = lists(&app.client).await;
        assert_eq!((paged.len(), total), (1, 1));
        let cache = app.client.rocket().state::<ListCache>().expect("the cache is managed");
        assert_eq!(cache.len(), 2, "the plain list and the page are kept");

        // A kept answer of the current revision is what the server sends, unread from the rows.
        let marker: Arc<[u8]> = Arc::from(&b"[\"kept\"]"[..]);
        let current = revision(&app).await;
        cache.put(paged_request(), Answer { revision: current, until: i64::MAX, body: marker.clone(), total: Some(7) });
        let (status, _, body, total) = raw(&app.client, PAGED).await;
        assert_eq!((status, body, total.as_deref()), (Status::Ok, marker.to_vec(), Some("7")));

        // Any change of the revision (here by SQL, as a write on another server would) ends it.
        sqlx::query("UPDATE revisions SET value = value + 1 WHERE name = 'properties'")
            .execute(app.pool())
            .await
            .expect("bumped");
        let (_, paged, total) = lists(&app.client).await;
        assert_eq!((paged, total), (vec![row("Sea Villa", "Residential", "Villa")], 1));
    }

    async fn every_write_to_what_the_list_reads_shows_on_the_next_read(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let first = create_property(&app, full_form(&catalog, "Sea Villa")).await;
        assert_eq!(lists(&app.client).await.0, [row("Sea Villa", "Residential", "Villa")]);

        // Create.
        let second = create_property(&app, full_form(&catalog, "Hill Villa")).await;
        let (plain, paged, total) = lists(&app.client).await;
        let both = vec![row("Hill Villa", "Residential", "Villa"), row("Sea Villa", "Residential", "Villa")];
        assert_eq!((&plain, &paged, total), (&both, &both, 2), "after a create");

        // Update (its images too).
        let path = format!("/api/properties/{}", first["id"]);
        let mut changed = full_form(&catalog, "Sea Villa Renewed");
        changed["images"] = json!(["/media/cccc.png"]);
        put(&app.client, &path, changed).await;
        let (plain, paged, _) = lists(&app.client).await;
        assert_eq!(plain[1], row("Sea Villa Renewed", "Residential", "Villa"), "after an update");
        assert_eq!(paged, plain);
        let (_, _, body, _) = raw(&app.client, "/api/properties").await;
        let list: Value = serde_json::from_slice(&body).expect("JSON");
        assert_eq!(list[1]["images"], json!(["/media/cccc.png"]), "the new images");

        // Renaming its category, then its type.
        put(&app.client, &format!("/api/categories/{}", catalog.category), json!({ "nameEn": "Homes", "nameAr": "منازل", "descriptionEn": "", "descriptionAr": "", "imageUrl": null })).await;
        let (plain, paged, _) = lists(&app.client).await;
        assert_eq!(plain[0], row("Hill Villa", "Homes", "Villa"), "after renaming the category");
        assert_eq!(paged, plain);
        put(&app.client, &format!("/api/property-types/{}", catalog.property_type), json!({ "nameEn": "Mansion", "nameAr": "قصر" })).await;
        let (plain, paged, _) = lists(&app.client).await;
        assert_eq!(plain[0], row("Hill Villa", "Homes", "Mansion"), "after renaming the type");
        assert_eq!(paged, plain);

        // Delete.
        let path = format!("/api/properties/{}", second["id"]);
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
        let (plain, paged, total) = lists(&app.client).await;
        let one = vec![row("Sea Villa Renewed", "Homes", "Mansion")];
        assert_eq!((&plain, &paged, total), (&one, &one, 1), "after a delete");

        // A write through a second server on the same database, each server having the list
        // kept: both see it on their next read, and the same the other way round.
        let other = app.another_server().await;
        signed_in(&other).await;
        assert_eq!(lists(&other).await.0, one);
        let path = format!("/api/properties/{}", first["id"]);
        put(&other, &path, full_form(&catalog, "Sea Villa Elsewhere")).await;
        let elsewhere = vec![row("Sea Villa Elsewhere", "Homes", "Mansion")];
        assert_eq!(lists(&app.client).await.0, elsewhere, "this server sees the other's write");
        assert_eq!(lists(&other).await.0, elsewhere);
        put(&app.client, &path, full_form(&catalog, "Sea Villa Back")).await;
        let back = vec![row("Sea Villa Back", "Homes", "Mansion")];
        assert_eq!(lists(&other).await.0, back, "the other server sees this one's write");
        assert_eq!(lists(&app.client).await.1, back);
    }
}

both_databases! {
    // A bulk load sets the properties' triggers aside (SQLite) and bumps the revision itself.
    async fn a_bulk_seed_beside_a_running_server_shows_on_its_next_read(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        create_property(&app, full_form(&catalog, "Sea Villa")).await;
        assert_eq!(lists(&app.client).await.0.len(), 1);
        let url = app.database_url().to_owned();
        let output = rocket::tokio::task::spawn_blocking(move || {
            std::process::Command::new(env!("CARGO_BIN_EXE_aqar"))
                .args(["seed", "--properties", "10000"])
                .env("DATABASE_URL", url)
                .env("AQAR_SITE_PORT", "off")
                .env("ROCKET_LOG_LEVEL", "off")
                .output()
                .expect("aqar runs")
        })
        .await
        .expect("joined");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
        assert!(stdout.contains("set aside"), "the bulk load: {stdout}");
        let (_, _, body, _) = raw(&app.client, "/api/properties").await;
        let list: Value = serde_json::from_slice(&body).expect("JSON");
        assert_eq!(list.as_array().map(Vec::len), Some(10_001));
    }
}

both_databases! {
    async fn the_public_list_is_kept_and_renewed_by_a_change_of_a_place_name(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        create_property(&app, full_form(&catalog, "Sea Villa")).await;
        let path = "/api/public/properties?page=1&q=villa";
        let first = raw(&app.client, path).await;
        assert_eq!(first.0, Status::Ok);
        let cache = app.client.rocket().state::<ListCache>().expect("the cache is managed");
        assert_eq!(cache.len(), 1, "the public page is kept");
        assert_eq!(raw(&app.client, path).await, first, "served again, byte for byte");

        // The public answer names the city: renaming it is a write the answer reads.
        let renamed = json!({ "nameEn": "Amman City", "nameAr": "عمّان", "countryId": catalog.country });
        put(&app.client, &format!("/api/cities/{}", catalog.city), renamed).await;
        let (_, _, body, _) = raw(&app.client, path).await;
        let body: Value = serde_json::from_slice(&body).expect("JSON");
        assert_eq!(body[0]["cityName"], "Amman City");
    }

    async fn with_the_cache_off_nothing_is_kept(app) {
        let Some(off) = TestApp::spawn_with(app.backend, |figment| figment.merge(("aqar.list_cache", false))).await
        else {
            return;
        };
        off.login_admin().await;
        let catalog = catalog(&off).await;
        create_property(&off, full_form(&catalog, "Sea Villa")).await;
        for path in ["/api/properties?page=1&q=villa", "/api/public/properties?page=1"] {
            assert_eq!(raw(&off.client, path).await.0, Status::Ok);
        }
        let cache = off.client.rocket().state::<ListCache>().expect("the cache is managed");
        assert!(cache.is_empty(), "AQAR_LIST_CACHE=0 keeps no answer");
    }
}
