//! What a buyer searches listings by (issue 38): price, area, bedroom and bathroom ranges, a
//! region and features, every sort in both directions and relevance, checked against the
//! plain list by brute force on both lists; the facets' counts; bad values refused; and
//! two servers on one database agreeing within a second.

use std::time::{Duration, Instant};

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::properties::{catalog, create_property, created, full_form, Catalog};
use crate::properties_list::listed;

/// One listing's facts as the test chose them.
struct Made {
    title: &'static str,
    price: i64,
    area: f64,
    bedrooms: i64,
    bathrooms: i64,
    status: &'static str,
    other_region: bool,
    pool: bool,
    gym: bool,
}

const MADE: [Made; 8] = [
    Made {
        title: "Alpha Villa",
        price: 90_000,
        area: 80.0,
        bedrooms: 1,
        bathrooms: 1,
        status: "active",
        other_region: false,
        pool: true,
        gym: false,
    },
    Made {
        title: "Bravo Villa",
        price: 250_000,
        area: 150.5,
        bedrooms: 3,
        bathrooms: 2,
        status: "active",
        other_region: true,
        pool: true,
        gym: true,
    },
    Made {
        title: "Charlie Apartment",
        price: 250_000,
        area: 95.0,
        bedrooms: 2,
        bathrooms: 1,
        status: "sold",
        other_region: false,
        pool: false,
        gym: true,
    },
    Made {
        title: "Delta Apartment",
        price: 1_200_000,
        area: 400.0,
        bedrooms: 5,
        bathrooms: 4,
        status: "active",
        other_region: true,
        pool: true,
        gym: true,
    },
    Made {
        title: "Echo Office",
        price: 600_000,
        area: 220.0,
        bedrooms: 0,
        bathrooms: 2,
        status: "pending",
        other_region: false,
        pool: false,
        gym: false,
    },
    Made {
        title: "Foxtrot Villa",
        price: 3_500_000,
        area: 900.0,
        bedrooms: 7,
        bathrooms: 6,
        status: "active",
        other_region: false,
        pool: true,
        gym: false,
    },
    Made {
        title: "Golf Apartment",
        price: 475_000,
        area: 130.0,
        bedrooms: 2,
        bathrooms: 2,
        status: "active",
        other_region: true,
        pool: false,
        gym: true,
    },
    Made {
        title: "Hotel Vilal",
        price: 90_000,
        area: 60.0,
        bedrooms: 1,
        bathrooms: 1,
        status: "active",
        other_region: false,
        pool: false,
        gym: false,
    },
];

struct Setup {
    catalog: Catalog,
    other_region: i64,
    pool: i64,
    gym: i64,
}

async fn setup(app: &TestApp) -> Setup {
    app.login_admin().await;
    let catalog = catalog(app).await;
    let other_region = created(
        app,
        "/api/regions",
        json!({ "nameEn": "Sweifieh", "nameAr": "الصويفية", "cityId": catalog.city }),
    )
    .await["id"]
        .as_i64()
        .expect("an id");
    let pool = created(app, "/api/property-features", json!({ "nameEn": "Pool", "nameAr": "مسبح" })).await
        ["id"]
        .as_i64()
        .expect("an id");
    let gym = created(app, "/api/property-features", json!({ "nameEn": "Gym", "nameAr": "نادي" })).await
        ["id"]
        .as_i64()
        .expect("an id");
    for (n, made) in MADE.iter().enumerate() {
        let mut body = full_form(&catalog, made.title);
        body["propertyNumber"] = json!(format!("#{}", 900 - n));
        body["price"] = json!(made.price);
        body["area"] = json!(made.area);
        body["bedroom"] = json!(made.bedrooms);
        body["bathroom"] = json!(made.bathrooms);
        body["status"] = json!(made.status);
        if made.other_region {
            body["regionId"] = json!(other_region);
        }
        let listing = create_property(app, body).await;
        let features: Vec<i64> =
            [(made.pool, pool), (made.gym, gym)].iter().filter(|(on, _)| *on).map(|(_, id)| *id).collect();
        let path = format!("/api/properties/{}/features", listing["id"]);
        let (status, _) = app.send(Method::Post, &path, json!({ "featureIds": features })).await;
        assert_eq!(status, Status::Ok);
    }
    Setup { catalog, other_region, pool, gym }
}

fn made_of(listing: &Value) -> &'static Made {
    MADE.iter().find(|m| listing["titleEn"] == m.title).expect("a listing the test made")
}

fn ids(page: &Value) -> Vec<i64> {
    page.as_array().expect("a list").iter().filter_map(|p| p["id"].as_i64()).collect()
}

/// The brute force: the listings of `all` passing `keep`, in the order of `key` (the id
/// breaking ties), descending when asked.
fn expected<K: Ord>(
    all: &[Value],
    keep: impl Fn(&Value) -> bool,
    key: impl Fn(&Value) -> K,
    descending: bool,
) -> Vec<i64> {
    let mut chosen: Vec<&Value> = all.iter().filter(|p| keep(p)).collect();
    chosen.sort_by(|a, b| (key(a), a["id"].as_i64()).cmp(&(key(b), b["id"].as_i64())));
    if descending {
        chosen.reverse();
    }
    chosen.iter().filter_map(|p| p["id"].as_i64()).collect()
}

/// Every page of `query` on `base`, read two at a time, and the total each answered.
async fn pages(app: &TestApp, base: &str, query: &str) -> (Vec<i64>, Option<i64>) {
    let mut got = Vec::new();
    let mut total = None;
    for page in 1..=5 {
        let path = format!("{base}?{query}&page={page}&pageSize=2");
        let (status, body, count) = listed(app, &path).await;
        assert_eq!(status, Status::Ok, "{path}: {body}");
        total = count;
        got.extend(ids(&body));
    }
    (got, total)
}

/// The total a server answers for a public search.
async fn search(client: &rocket::local::asynchronous::Client, q: &str) -> Option<String> {
    let response = client.get(format!("/api/public/properties?q={q}&page=1")).dispatch().await;
    response.headers().get_one("X-Total-Count").map(str::to_owned)
}

both_databases! {
    async fn every_filter_and_sort_agrees_with_the_brute_force(app) {
        let s = setup(&app).await;
        let (_, all, _) = listed(&app, "/api/properties").await;
        let all = all.as_array().expect("the plain list").clone();
        type Keep = Box<dyn Fn(&Value) -> bool>;
        let filters: Vec<(String, Keep)> = vec![
            ("minPrice=250000".into(), Box::new(|p: &Value| made_of(p).price >= 250_000)),
            ("maxPrice=475000".into(), Box::new(|p: &Value| made_of(p).price <= 475_000)),
            ("minPrice=200000&maxPrice=700000".into(), Box::new(|p: &Value| (200_000..=700_000).contains(&made_of(p).price))),
            ("minArea=95&maxArea=220".into(), Box::new(|p: &Value| (95.0..=220.0).contains(&made_of(p).area))),
            ("bedrooms=2".into(), Box::new(|p: &Value| made_of(p).bedrooms >= 2)),
            ("bathrooms=2&bedrooms=3".into(), Box::new(|p: &Value| made_of(p).bathrooms >= 2 && made_of(p).bedrooms >= 3)),
            (format!("regionId={}", s.other_region), Box::new(|p: &Value| made_of(p).other_region)),
            (format!("featureIds={}", s.pool), Box::new(|p: &Value| made_of(p).pool)),
            (format!("featureIds={},{}", s.gym, s.pool), Box::new(|p: &Value| made_of(p).pool && made_of(p).gym)),
            (format!("featureIds={}&minPrice=100000&q=villa", s.pool), Box::new(|p: &Value| made_of(p).pool && made_of(p).price >= 100_000 && made_of(p).title.contains("Vil"))),
            (format!("categoryId={}&maxPrice=100000", s.catalog.category), Box::new(|p: &Value| made_of(p).price <= 100_000)),
        ];
        for (query, keep) in &filters {
            for (base, active_only) in [("/api/properties", false), ("/api/public/properties", true)] {
                let scoped = |p: &Value| keep(p) && (!active_only || p["status"] == "active");
                let want = expected(&all, scoped, |p| p["createdAt"].as_str().map(str::to_owned), true);
                let (got, total) = pages(&app, base, query).await;
                assert_eq!(got, want, "{base}?{query}");
                assert_eq!(total, Some(want.len() as i64), "the total of {base}?{query}");
            }
        }
        for descending in [false, true] {
            let sign = if descending { "-" } else { "" };
            let checks: [(&str, Vec<i64>); 5] = [
                ("price", expected(&all, |_| true, |p| made_of(p).price, descending)),
                ("titleEn", expected(&all, |_| true, |p| made_of(p).title, descending)),
                ("propertyNumber", expected(&all, |_| true, |p| p["propertyNumber"].as_str().map(str::to_owned), descending)),
                ("status", expected(&all, |_| true, |p| made_of(p).status, descending)),
                ("updatedAt", expected(&all, |_| true, |p| p["updatedAt"].as_str().map(str::to_owned), descending)),
            ];
            for (key, want) in checks {
                let (got, _) = pages(&app, "/api/properties", &format!("sort={sign}{key}")).await;
                assert_eq!(got, want, "sort={sign}{key}");
            }
        }
    }

    async fn a_typo_finds_its_words_after_the_exact_matches(app) {
        setup(&app).await;
        let (status, body, total) = listed(&app, "/api/public/properties?q=villa&sort=relevance&pageSize=10").await;
        assert_eq!(status, Status::Ok);
        let titles: Vec<&str> = body.as_array().expect("a list").iter().filter_map(|p| p["titleEn"].as_str()).collect();
        assert_eq!(total, Some(4), "{titles:?}");
        assert_eq!(titles.last(), Some(&"Hotel Vilal"), "the typo ranks last: {titles:?}");
        let (_, body, total) = listed(&app, "/api/properties?q=Apartmnet&page=1").await;
        assert_eq!(total, Some(3), "{body}");
        let (_, _, total) = listed(&app, "/api/properties?q=Vlla&page=1").await;
        assert_eq!(total, Some(0), "four letters tolerate no typo");
    }

    async fn the_facets_count_what_the_filters_match(app) {
        let s = setup(&app).await;
        let (status, facets) = app.get("/api/public/properties/facets?minPrice=100000").await;
        assert_eq!(status, Status::Ok, "{facets}");
        // Active listings from 100,000: Bravo, Delta, Foxtrot and Golf.
        assert_eq!(facets["total"], 4);
        assert_eq!(facets["categories"], json!([{ "id": s.catalog.category, "count": 4 }]));
        assert_eq!(facets["cities"], json!([{ "id": s.catalog.city, "count": 4 }]));
        assert_eq!(
            facets["bedrooms"],
            json!([{ "bedrooms": 2, "count": 1 }, { "bedrooms": 3, "count": 1 }, { "bedrooms": 5, "count": 1 }, { "bedrooms": 7, "count": 1 }])
        );
        let bands: Vec<(i64, i64)> = facets["priceBands"]
            .as_array()
            .expect("bands")
            .iter()
            .map(|b| (b["min"].as_i64().expect("min"), b["count"].as_i64().expect("count")))
            .collect();
        assert_eq!(bands.iter().map(|(_, c)| c).sum::<i64>(), 4);
        assert!(bands.contains(&(250_000, 2)) && bands.contains(&(1_000_000, 1)) && bands.contains(&(2_000_000, 1)), "{bands:?}");
        let (status, _) = app.get("/api/public/properties/facets?minPrice=5&maxPrice=4").await;
        assert_eq!(status, Status::BadRequest);
    }

    async fn bad_values_are_refused_naming_the_parameter(app) {
        app.login_admin().await;
        for (query, name) in [
            ("minPrice=10&maxPrice=9", "minPrice"),
            ("minArea=abc", "minArea"),
            ("maxArea=-3", "maxArea"),
            ("bedrooms=two", "bedrooms"),
            ("featureIds=1,,2", "featureIds"),
            ("featureIds=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21", "featureIds"),
            ("regionId=0", "regionId"),
            ("sort=-size", "sort"),
        ] {
            for base in ["/api/properties", "/api/public/properties"] {
                let (status, body) = app.get(&format!("{base}?{query}")).await;
                assert_eq!(status, Status::BadRequest, "{base}?{query}");
                assert!(body["message"].as_str().is_some_and(|m| m.contains(name)), "{base}?{query}: {body}");
            }
        }
    }

    async fn a_bulk_change_or_export_by_filter_takes_the_ranges(app) {
        setup(&app).await;
        let change = json!({ "filter": { "minPrice": 1_000_000 }, "action": "setFeatured", "value": true });
        let (status, body) = app.send(Method::Post, "/api/properties/bulk", change).await;
        assert_eq!(status, Status::Ok, "{body}");
        assert_eq!(body["changed"], 2, "Delta and Foxtrot: {body}");
        let (_, _, total) = listed(&app, "/api/properties?isFeatured=true&page=1").await;
        assert_eq!(total, Some(2));
        let reversed = json!({ "filter": { "minArea": 5, "maxArea": 4 }, "action": "setFeatured", "value": false });
        let (status, body) = app.send(Method::Post, "/api/properties/bulk", reversed).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["filter.minArea"], rules::messages::RANGE_MIN_ABOVE_MAX);
        let negative = json!({ "filter": { "maxPrice": -1 } });
        let (status, body) = app.send(Method::Post, "/api/properties/export?format=csv", negative).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["filter.maxPrice"], rules::messages::RANGE_VALUE_INVALID);
    }

    async fn two_servers_agree_within_a_second(app) {
        let s = setup(&app).await;
        let other = app.another_server().await;
        assert_eq!(search(&other, "zanzibar").await.as_deref(), Some("0"));
        create_property(&app, full_form(&s.catalog, "Zanzibar House")).await;
        let deadline = Instant::now() + Duration::from_secs(1);
        loop {
            if search(&other, "zanzibar").await.as_deref() == Some("1") {
                break;
            }
            assert!(Instant::now() < deadline, "the other server did not see the save within a second");
            rocket::tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(search(&app.client, "zanzibar").await.as_deref(), Some("1"), "the saving server at once");
    }
}
