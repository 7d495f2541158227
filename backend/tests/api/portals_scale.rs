//! A feed of 100,000 listings is written in constant memory, chunk by chunk, and completes
//! (issue 41). The time it takes is printed for the benchmarks, not asserted.

use std::time::Instant;

use rocket::tokio::io::AsyncReadExt;
use sqlx::Connection;

use crate::helpers::{Backend, TestApp};
use crate::portals::map_catalog;
use crate::portals_feeds::{agent_with_phone, feed_path, spawn};
use crate::properties::catalog;

const LISTINGS: i64 = 100_000;

/// Writes `LISTINGS` listings ready for Property Finder, with a photo each, in a few
/// statements; the search engine is not told (nothing here searches).
async fn many_listings(app: &TestApp, catalog: &crate::properties::Catalog) {
    let description = "Bright rooms, a garden and a view of the hills. ".repeat(17);
    let mut conn = app.pool().acquire().await.expect("a connection");
    let mut tx = conn.begin().await.expect("a transaction");
    let sql = format!(
        "INSERT INTO properties (title_en, title_ar, description_en, description_ar, location_en, location_ar, \
         price, currency, area, country_id, city_id, region_id, category_id, type_id, status, bedroom, bathroom, \
         latitude, longitude, agent_id, publish_to, search_text, created_at, updated_at) \
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {LISTINGS}) \
         SELECT 'A bright villa by the hills, number ' || i, '', '{description}', '', 'Abdoun', 'عبدون', \
         250000000, 'USD', 320.0, {country}, {city}, {region}, {category}, {kind}, 'active', 4, 3, 31.95, 35.91, 1, \
         'website,propertyFinder', '', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z' FROM n",
        country = catalog.country,
        city = catalog.city,
        region = catalog.region,
        category = catalog.category,
        kind = catalog.property_type,
    );
    sqlx::query(&sql).execute(&mut *tx).await.expect("the listings");
    sqlx::query("INSERT INTO property_images (property_id, position, reference) SELECT id, 0, '/media/aaaa.png' FROM properties")
        .execute(&mut *tx)
        .await
        .expect("their photos");
    sqlx::query("DELETE FROM search_changes").execute(&mut *tx).await.expect("no indexing");
    tx.commit().await.expect("committed");
}

async fn a_feed_of_100000_listings_completes(backend: Backend) {
    let Some(app) = spawn(backend).await else { return };
    app.login_admin().await;
    let catalog = catalog(&app).await;
    agent_with_phone(&app).await;
    map_catalog(&app, &catalog).await;
    let inserted = Instant::now();
    many_listings(&app, &catalog).await;
    eprintln!("{backend:?}: {LISTINGS} listings written in {:?}", inserted.elapsed());
    let path = feed_path(&app, "propertyFinder").await;

    let started = Instant::now();
    let mut response = app.client.get(path).dispatch().await;
    assert_eq!(response.status(), rocket::http::Status::Ok);
    let needle = b"<property last_update=";
    let (mut count, mut bytes, mut carry) = (0_i64, 0_usize, Vec::new());
    let mut buffer = vec![0_u8; 1 << 16];
    loop {
        let read = response.read(&mut buffer).await.expect("the feed streams");
        if read == 0 {
            break;
        }
        bytes += read;
        carry.extend_from_slice(&buffer[..read]);
        count += i64::try_from(carry.windows(needle.len()).filter(|window| *window == needle).count())
            .unwrap_or(0);
        let keep = carry.len().min(needle.len() - 1);
        carry.drain(..carry.len() - keep);
    }
    let elapsed = started.elapsed();
    eprintln!("{backend:?}: the Property Finder feed of {count} listings, {bytes} bytes, in {elapsed:?}");
    assert_eq!(count, LISTINGS);
    assert!(carry.ends_with(b"</list>\n"), "the document ends");
}

#[rocket::async_test]
#[ignore = "over 20 s in a debug build: run with --ignored to measure"]
async fn a_feed_of_100000_listings_completes_on_sqlite() {
    a_feed_of_100000_listings_completes(Backend::Sqlite).await;
}

#[rocket::async_test]
#[ignore = "over 20 s in a debug build: run with --ignored to measure"]
async fn a_feed_of_100000_listings_completes_on_postgres() {
    a_feed_of_100000_listings_completes(Backend::Postgres).await;
}
