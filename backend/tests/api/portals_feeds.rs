//! The portals' XML feeds (issue 41): each holds the listings the public sees that are
//! chosen for its portals and ready for them, valid against its schema
//! (backend/feeds/*.xsd, checked with xmllint); a listing blocked for any one reason is
//! left out. An unknown or revoked address is a plain 404; the tag answers 304 until the
//! feed's content changes; the feed is gzipped for a client that takes it.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use rocket::http::{Header, Method, Status};
use rocket::local::asynchronous::LocalResponse;
use serde_json::{json, Value};

use crate::helpers::{Backend, TestApp};
use crate::portals::{map, map_catalog};
use crate::properties::{catalog, create_property, created, full_form, Catalog};

pub const PANEL: &str = "https://panel.example";

/// The app with the panel at an https address, as the feeds' photo addresses need.
pub async fn spawn(backend: Backend) -> Option<TestApp> {
    TestApp::spawn_with(backend, |figment| figment.merge(("aqar.panel_url", PANEL))).await
}

/// `both_databases!` with the panel at [`PANEL`].
macro_rules! with_panel {
    ($(async fn $name:ident($app:ident) $body:block)*) => {$(
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            #[rocket::async_test]
            async fn sqlite() {
                let $app = $crate::portals_feeds::spawn($crate::helpers::Backend::Sqlite).await.expect("SQLite app");
                $body
            }
            #[rocket::async_test]
            async fn postgres() {
                let Some($app) = $crate::portals_feeds::spawn($crate::helpers::Backend::Postgres).await else { return };
                $body
            }
        }
    )*};
}

/// Fails unless `body` is valid against `backend/feeds/{schema}.xsd`.
pub fn assert_valid(schema: &str, body: &[u8]) {
    let xsd = format!("{}/feeds/{schema}.xsd", env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new("xmllint")
        .args(["--noout", "--schema", &xsd, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xmllint runs (make xmllint installs it)");
    let mut stdin = child.stdin.take().expect("xmllint's input");
    let input = body.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("xmllint ends");
    writer.join().expect("the writer").expect("the body written");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{schema}: {said}\n{}", String::from_utf8_lossy(body));
}

/// The texts of every `<tag>` of `body`, in order.
pub fn texts(body: &str, tag: &str) -> Vec<String> {
    let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
    body.split(&open)
        .skip(1)
        .filter_map(|rest| rest.split_once(&close).map(|(text, _)| text.to_owned()))
        .collect()
}

/// A feed's address for a new token.
pub async fn feed_path(app: &TestApp, feed: &str) -> String {
    let token = created(app, "/api/feed-tokens", json!({ "feed": feed })).await;
    token["url"]
        .as_str()
        .and_then(|url| url.strip_prefix(PANEL))
        .expect("an address under the panel's")
        .to_owned()
}

pub async fn fetch<'a>(
    app: &'a TestApp,
    path: &str,
    headers: &[(&'static str, String)],
) -> LocalResponse<'a> {
    let mut request = app.client.get(path.to_owned());
    for (name, value) in headers {
        request = request.header(Header::new(*name, value.clone()));
    }
    request.dispatch().await
}

async fn body_of(app: &TestApp, path: &str) -> String {
    let response = fetch(app, path, &[]).await;
    assert_eq!(response.status(), Status::Ok);
    assert_eq!(response.headers().get_one("Content-Type"), Some("application/xml; charset=utf-8"));
    response.into_string().await.unwrap_or_default()
}

/// Gives the admin, every listing's agent, a name, an address and a phone.
pub async fn agent_with_phone(app: &TestApp) {
    sqlx::query("UPDATE users SET phone = '+971 50 123 4567', full_name = 'Layla Haddad', email = 'layla@aqar.example' WHERE id = 1")
        .execute(app.pool())
        .await
        .expect("the agent's phone");
}

/// A listing every portal takes once its catalog is mapped: its titles and descriptions
/// of the portals' lengths, a pin, photos and an agent with a phone.
pub fn ready_form(catalog: &Catalog, number: &str, title: &str) -> Value {
    let mut form = full_form(catalog, &format!("{title:-<40.40}"));
    form["propertyNumber"] = json!(number);
    form["titleAr"] = json!(format!("{:-<40.40}", "فيلا مشمسة قرب البحر & <حديقة>"));
    form["descriptionEn"] = json!("Bright rooms, a garden & a view of the hills. ".repeat(20));
    form["descriptionAr"] = json!("غرف مشرقة وحديقة وإطلالة على التلال. ".repeat(25));
    form["latitude"] = json!(31.95);
    form["longitude"] = json!(35.91);
    form["agentId"] = json!(1);
    form
}

async fn publish_to(app: &TestApp, number: &str, portals: &str) {
    sqlx::query("UPDATE properties SET publish_to = $1 WHERE property_number = $2")
        .bind(portals)
        .bind(number)
        .execute(app.pool())
        .await
        .expect("the listing's portals");
}

/// A second city (Dubai, region Marina) mapped for both portals; answers their ids.
async fn dubai(app: &TestApp, catalog: &Catalog) -> (i64, i64) {
    let city = created(
        app,
        "/api/cities",
        json!({ "nameEn": "Dubai", "nameAr": "دبي", "countryId": catalog.country }),
    )
    .await;
    let city = city["id"].as_i64().expect("an id");
    let region =
        created(app, "/api/regions", json!({ "nameEn": "Marina", "nameAr": "المارينا", "cityId": city }))
            .await;
    let region = region["id"].as_i64().expect("an id");
    for portal in ["propertyFinder", "bayut"] {
        map(app, portal, "city", city, "Dubai").await;
        map(app, portal, "region", region, "Dubai Marina").await;
    }
    (city, region)
}

/// Listings ready for the portals, and one blocked for each reason the rules know.
async fn listings(app: &TestApp, catalog: &Catalog) {
    agent_with_phone(app).await;
    map_catalog(app, catalog).await;
    let (city, region) = dubai(app, catalog).await;
    let in_dubai = |mut form: Value| {
        form["cityId"] = json!(city);
        form["regionId"] = json!(region);
        form
    };
    create_property(app, in_dubai(ready_form(catalog, "NOPERMIT-1", "A Marina flat without its permit")))
        .await;
    let dld = json!({ "nameEn": "Dubai", "nameAr": "دبي", "countryId": catalog.country, "advertisingAuthority": "DLD" });
    let (status, body) = app.send(Method::Put, &format!("/api/cities/{city}"), dld).await;
    assert_eq!(status, Status::Ok, "{body}");
    let mut permitted = in_dubai(ready_form(catalog, "DLD-1", "A Marina flat with its permit"));
    permitted["permitNumber"] = json!("7123456789");
    permitted["permitIssuedAt"] =
        json!(aqar::platform::db::clock::text_of(aqar::platform::db::clock::now_epoch() - 86_400));
    permitted["permitExpiresAt"] =
        json!(aqar::platform::db::clock::text_of(aqar::platform::db::clock::now_epoch() + 86_400));
    create_property(app, permitted).await;

    create_property(app, ready_form(catalog, "SALE-1", "Villa & garden <sunny> by Abdoun")).await;
    let mut rental = ready_form(catalog, "RENT-1", "A villa to let by the month");
    rental["offeringType"] = json!("rent");
    rental["rentFrequency"] = json!("monthly");
    create_property(app, rental.clone()).await;
    let mut unpinned = ready_form(catalog, "NOPIN-1", "A villa not on the map");
    unpinned["latitude"] = Value::Null;
    unpinned["longitude"] = Value::Null;
    create_property(app, unpinned).await;
    create_property(app, ready_form(catalog, "DUBIZZLE-1", "A villa for dubizzle only")).await;
    create_property(app, ready_form(catalog, "WEB-1", "A villa for the website only")).await;

    let mut photoless = ready_form(catalog, "NOPHOTO-1", "A villa without a photo");
    photoless["images"] = json!([]);
    create_property(app, photoless).await;
    let castle = created(app, "/api/property-types", json!({ "nameEn": "Castle", "nameAr": "قلعة" })).await;
    let mut unmapped_type = ready_form(catalog, "CASTLE-1", "A castle no portal has a word for");
    unmapped_type["typeId"] = castle["id"].clone();
    create_property(app, unmapped_type).await;
    let elsewhere = created(
        app,
        "/api/regions",
        json!({ "nameEn": "Jubaiha", "nameAr": "الجبيهة", "cityId": catalog.city }),
    )
    .await;
    let mut unmapped_place = ready_form(catalog, "JUBAIHA-1", "A villa in an unmapped region");
    unmapped_place["regionId"] = elsewhere["id"].clone();
    create_property(app, unmapped_place).await;
    rental["propertyNumber"] = json!("NOPERIOD-1");
    create_property(app, rental).await;
    sqlx::query("UPDATE properties SET rent_frequency = NULL WHERE property_number = 'NOPERIOD-1'")
        .execute(app.pool())
        .await
        .expect("a rental without its period, as the API refuses to write");
    let mut short = ready_form(catalog, "SHORT-1", "");
    short["titleEn"] = json!("A short title");
    create_property(app, short).await;
    let user = json!({
        "username": "omar", "password": "omar-pass-1", "confirmPassword": "omar-pass-1",
        "email": "omar@aqar.example", "fullName": "Omar Saeed", "isActive": true, "role": "user"
    });
    let omar = created(app, "/api/users", user).await;
    let mut phoneless = ready_form(catalog, "NOPHONE-1", "A villa whose agent has no phone");
    phoneless["agentId"] = omar["id"].clone();
    create_property(app, phoneless).await;

    sqlx::query("UPDATE properties SET publish_to = 'website,propertyFinder,bayut,dubizzle'")
        .execute(app.pool())
        .await
        .expect("every listing to every portal");
    publish_to(app, "DUBIZZLE-1", "dubizzle").await;
    publish_to(app, "WEB-1", "website").await;
}

fn sorted(mut list: Vec<String>) -> Vec<String> {
    list.sort();
    list
}

with_panel! {
    async fn each_feed_holds_the_ready_listings_and_follows_its_schema(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        listings(&app, &catalog).await;

        let pf = body_of(&app, &feed_path(&app, "propertyFinder").await).await;
        assert_valid("property-finder", pf.as_bytes());
        assert_eq!(sorted(texts(&pf, "reference_number")), ["DLD-1", "RENT-1", "SALE-1"], "{pf}");
        assert!(pf.contains("listing_count=\"3\""), "{pf}");
        assert!(pf.contains("<permit_number>7123456789</permit_number>"));
        assert!(pf.contains("<price><monthly>"), "a rental is priced by its period");
        assert!(pf.contains("<offering_type>RR</offering_type>") && pf.contains("<offering_type>RS</offering_type>"));
        assert!(pf.contains("<title_en>Villa &amp; garden &lt;sunny&gt; by Abdoun--"), "{pf}");
        assert!(pf.contains("فيلا مشمسة قرب البحر &amp; &lt;حديقة&gt;"), "Arabic, escaped");
        assert!(pf.contains(&format!(">{PANEL}/media/aaaa.png</url>")), "a photo of the panel, absolute");
        assert!(pf.contains(">https://images.unsplash.com/photo.jpg</url>"), "an outside photo as it is");
        assert!(pf.contains("<size>3444.45</size>"), "320 m² in square feet");
        assert!(pf.contains("<agent><id>1</id><name>Layla Haddad</name><email>layla@aqar.example</email><phone>971501234567</phone>"));
        assert!(pf.contains("<city>Amman</city><community>Abdoun</community>"));

        let bayut = body_of(&app, &feed_path(&app, "bayut").await).await;
        assert_valid("bayut", bayut.as_bytes());
        assert_eq!(sorted(texts(&bayut, "Property_Ref_No")), ["DLD-1", "DUBIZZLE-1", "NOPIN-1", "RENT-1", "SALE-1"], "{bayut}");
        let dubizzle_only = bayut.split("<Property>").find(|p| p.contains("DUBIZZLE-1")).unwrap_or_default();
        assert_eq!(texts(dubizzle_only, "Portal"), ["dubizzle"]);
        let both = bayut.split("<Property>").find(|p| p.contains("SALE-1")).unwrap_or_default();
        assert_eq!(texts(both, "Portal"), ["Bayut", "dubizzle"]);
        assert!(bayut.contains("<Rent_Frequency>monthly</Rent_Frequency>"));
        assert!(bayut.contains("<Listing_Agent_Phone>+971501234567</Listing_Agent_Phone>"));
    }

    async fn an_unknown_or_revoked_address_is_a_plain_404(app) {
        app.login_admin().await;
        let path = feed_path(&app, "bayut").await;
        assert_eq!(fetch(&app, &path, &[]).await.status(), Status::Ok);
        let (_, tokens) = app.get("/api/feed-tokens").await;
        let response = app.client.delete(format!("/api/feed-tokens/{}", tokens[0]["id"])).dispatch().await;
        assert_eq!(response.status(), Status::NoContent);
        let pf_path = path.replace("/feeds/bayut/", "/feeds/property-finder/");
        for path in [path.as_str(), pf_path.as_str(), "/feeds/bayut/nothing", "/feeds/bayut/", "/feeds/elsewhere.xml", "/feeds"] {
            let response = fetch(&app, path, &[]).await;
            assert_eq!(response.status(), Status::NotFound, "{path}");
            assert_ne!(response.content_type(), Some(rocket::http::ContentType::HTML), "{path} is not the panel's page");
            let body = response.into_string().await.unwrap_or_default();
            assert!(!body.contains("<html") && !body.contains("<!doctype"), "{path}: {body}");
        }
    }

    async fn the_tag_answers_304_until_the_feed_changes(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        agent_with_phone(&app).await;
        map_catalog(&app, &catalog).await;
        create_property(&app, ready_form(&catalog, "SALE-1", "Villa with a garden by Abdoun")).await;
        publish_to(&app, "SALE-1", "website,propertyFinder").await;
        let path = feed_path(&app, "propertyFinder").await;
        let response = fetch(&app, &path, &[]).await;
        let tag = response.headers().get_one("ETag").expect("a tag").to_owned();
        assert!(response.headers().get_one("Last-Modified").is_some_and(|date| date.ends_with(" GMT")));
        let again = fetch(&app, &path, &[("If-None-Match", tag.clone())]).await;
        assert_eq!(again.status(), Status::NotModified);
        assert_eq!(again.headers().get_one("ETag"), Some(tag.as_str()));
        assert!(again.into_string().await.unwrap_or_default().is_empty());

        sqlx::query("UPDATE properties SET price = price + 1000").execute(app.pool()).await.expect("a new price");
        let changed = fetch(&app, &path, &[("If-None-Match", tag.clone())]).await;
        assert_eq!(changed.status(), Status::Ok, "a listing changed");
        let new_tag = changed.headers().get_one("ETag").expect("a tag").to_owned();
        assert_ne!(new_tag, tag);
        map(&app, "propertyFinder", "region", catalog.region, "Abdoun Hills").await;
        let remapped = fetch(&app, &path, &[("If-None-Match", new_tag.clone())]).await;
        assert_eq!(remapped.status(), Status::Ok, "a word changed");
        assert!(remapped.into_string().await.unwrap_or_default().contains("<community>Abdoun Hills</community>"));
    }

    async fn a_feed_is_gzipped_for_a_client_that_takes_it(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        agent_with_phone(&app).await;
        map_catalog(&app, &catalog).await;
        for n in 0..3 {
            create_property(&app, ready_form(&catalog, &format!("SALE-{n}"), "Villa with a garden by Abdoun")).await;
        }
        sqlx::query("UPDATE properties SET publish_to = 'bayut'").execute(app.pool()).await.expect("to Bayut");
        let path = feed_path(&app, "bayut").await;
        let response = fetch(&app, &path, &[("Accept-Encoding", "gzip, deflate, br".into())]).await;
        assert_eq!(response.status(), Status::Ok);
        assert_eq!(response.headers().get_one("Content-Encoding"), Some("gzip"));
        assert_eq!(response.headers().get_one("Vary"), Some("Accept-Encoding"));
        let tag = response.headers().get_one("ETag").expect("a tag").to_owned();
        assert!(tag.starts_with("W/"), "the gzipped bytes' tag is weak: {tag}");
        let compressed = response.into_bytes().await.unwrap_or_default();
        let mut plain = String::new();
        flate2::read::GzDecoder::new(compressed.as_slice()).read_to_string(&mut plain).expect("gzip");
        assert!(compressed.len() < plain.len());
        assert_valid("bayut", plain.as_bytes());
        assert_eq!(texts(&plain, "Property_Ref_No").len(), 3);
        let again = fetch(&app, &path, &[("Accept-Encoding", "gzip".into()), ("If-None-Match", tag)]).await;
        assert_eq!(again.status(), Status::NotModified);
        let plain_again = fetch(&app, &path, &[]).await;
        assert_eq!(plain_again.headers().get_one("Content-Encoding"), None);
    }
}
