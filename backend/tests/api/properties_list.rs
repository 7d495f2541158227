//! The property list at scale (contract "Lists at scale", "Search folds text"; issue 8 part
//! 2): the whole list without parameters; with any, one page and the total, searched over
//! the folded titles, number and locations, sorted and filtered; bad values are 400.

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::properties::{catalog, create_property, created, full_form, quick_form, Catalog};

/// A list answer and its `X-Total-Count`.
pub async fn listed(app: &TestApp, path: &str) -> (Status, Value, Option<i64>) {
    let response = app.client.get(path.to_owned()).dispatch().await;
    let total = response.headers().get_one("X-Total-Count").map(|t| t.parse().expect("a number"));
    let (status, body) = crate::helpers::read(response).await;
    (status, body, total)
}

fn titles(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|p| p["titleEn"].as_str().expect("a title").to_owned())
        .collect()
}

/// A listing with the given English title, number, price and status.
async fn listing(
    app: &TestApp,
    catalog: &Catalog,
    title: &str,
    number: &str,
    price: f64,
    status: &str,
) -> Value {
    let mut body = full_form(catalog, title);
    body["propertyNumber"] = json!(number);
    body["price"] = json!(price);
    body["status"] = json!(status);
    create_property(app, body).await
}

both_databases! {
    async fn pages_carry_the_total_and_the_plain_list_carries_all(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        for n in 1..=25 {
            listing(&app, &catalog, &format!("Listing {n:02}"), &format!("#{n}"), f64::from(n), "active").await;
        }
        let (status, page, total) = listed(&app, "/api/properties?page=1&pageSize=10").await;
        assert_eq!(status, Status::Ok);
        assert_eq!(total, Some(25));
        assert_eq!(titles(&page).first().map(String::as_str), Some("Listing 25"), "newest first");
        assert_eq!(page.as_array().map(Vec::len), Some(10));
        let (_, third, total) = listed(&app, "/api/properties?page=3&pageSize=10").await;
        assert_eq!(total, Some(25));
        assert_eq!(titles(&third), ["Listing 05", "Listing 04", "Listing 03", "Listing 02", "Listing 01"]);
        let (_, beyond, total) = listed(&app, "/api/properties?page=4&pageSize=10").await;
        assert_eq!((beyond, total), (json!([]), Some(25)));
        let (_, default_size, _) = listed(&app, "/api/properties?page=2").await;
        assert_eq!(default_size.as_array().map(Vec::len), Some(10), "pageSize defaults to 10");
        let (_, all, total) = listed(&app, "/api/properties").await;
        assert_eq!(total, None, "the plain list is the specification's array");
        assert_eq!(all.as_array().map(Vec::len), Some(25));
        let mut seen: Vec<String> = Vec::new();
        for page in 1..=3 {
            let (_, items, _) = listed(&app, &format!("/api/properties?page={page}&pageSize=10")).await;
            seen.extend(titles(&items));
        }
        assert_eq!(seen, titles(&all), "the pages, one after another, are the list");
        assert_eq!(all[0]["images"].as_array().map(Vec::len), Some(3), "each with its images");
        // A q matching every listing, and one whose words narrow it: 'listing' and a word
        // beginning with '1' (Listing 10 to 19, and Listing 01 by its number #1).
        let (_, common, total) = listed(&app, "/api/properties?q=listing&page=2&pageSize=5").await;
        assert_eq!(total, Some(25));
        assert_eq!(titles(&common), ["Listing 20", "Listing 19", "Listing 18", "Listing 17", "Listing 16"]);
        let (_, rarer, total) = listed(&app, "/api/properties?q=listing%201&page=2&pageSize=5&sort=titleEn").await;
        assert_eq!(total, Some(11));
        assert_eq!(titles(&rarer), ["Listing 14", "Listing 15", "Listing 16", "Listing 17", "Listing 18"]);
        let (_, filtered, total) = listed(&app, "/api/properties?q=listing&status=active&page=5&pageSize=5").await;
        assert_eq!(total, Some(25));
        assert_eq!(titles(&filtered), ["Listing 05", "Listing 04", "Listing 03", "Listing 02", "Listing 01"]);
    }

    async fn q_matches_titles_number_and_locations_folded(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let mut villa = full_form(&catalog, "Sea View VILLA");
        villa["titleAr"] = json!("فيلا أحمد بإطلالة");
        villa["propertyNumber"] = json!("JO-1234");
        create_property(&app, villa).await;
        let mut flat = full_form(&catalog, "Garden Flat");
        flat["titleAr"] = json!("شقة المدينة");
        flat["propertyNumber"] = json!("JO-77");
        flat["locationEn"] = json!("Sweifieh, Amman");
        flat["locationAr"] = json!("الصويفية، عمّان");
        create_property(&app, flat).await;
        let cases: [(&str, &[&str]); 14] = [
            ("villa", &["Sea View VILLA"]),
            ("VIEW", &["Sea View VILLA"]),
            ("sea view", &["Sea View VILLA"]),
            ("Vi", &["Sea View VILLA"]),
            ("1234", &["Sea View VILLA"]),
            ("jo-", &["Garden Flat", "Sea View VILLA"]),
            ("sweif", &["Garden Flat"]),
            ("احمد", &["Sea View VILLA"]),
            ("أحمد", &["Sea View VILLA"]),
            ("إطلالة", &["Sea View VILLA"]),
            ("المدينه", &["Garden Flat"]),
            ("عمان", &["Garden Flat", "Sea View VILLA"]),
            ("ش", &["Garden Flat"]),
            ("castle", &[]),
        ];
        for (q, expected) in cases {
            let path = format!("/api/properties?q={}&sort=titleEn", urlencode(q));
            let (status, page, total) = listed(&app, &path).await;
            assert_eq!(status, Status::Ok, "{q}");
            assert_eq!(titles(&page), expected, "q={q}");
            assert_eq!(total, Some(expected.len() as i64), "q={q}");
        }
        let (_, all, total) = listed(&app, "/api/properties?q=").await;
        assert_eq!((all.as_array().map(Vec::len), total), (Some(2), Some(2)), "blank q does not narrow");
    }

    async fn q_is_words_and_never_query_syntax(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let odd = "100% Sea_View \"Quoted\" back\\slash";
        create_property(&app, full_form(&catalog, odd)).await;
        create_property(&app, full_form(&catalog, "1000 Sea View")).await;
        let both: &[&str] = &[odd, "1000 Sea View"];
        let cases: [(&str, &[&str]); 9] = [
            ("sea_view", both),
            ("\"quoted\"", &[odd]),
            ("k\\s", &[]),
            ("back\\slash", &[odd]),
            ("1000", &["1000 Sea View"]),
            ("NOT", &[]),
            ("*", both),
            ("%", both),
            ("\"", both),
        ];
        for (q, expected) in cases {
            let path = format!("/api/properties?q={}&sort=titleEn", urlencode(q));
            let (status, page, total) = listed(&app, &path).await;
            assert_eq!(status, Status::Ok, "q={q}");
            assert_eq!(titles(&page), expected, "q={q}");
            assert_eq!(total, Some(expected.len() as i64), "q={q}");
        }
    }

    async fn every_sort_orders_both_ways(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let b = listing(&app, &catalog, "Bravo", "#2", 300.0, "sold").await;
        let a = listing(&app, &catalog, "Alpha", "#3", 100.0, "pending").await;
        let c = listing(&app, &catalog, "Charlie", "#1", 200.0, "active").await;
        // Distinct stamps: the three were written within one second.
        for (record, created_at, updated_at) in [(&b, "2024-01-02T00:00:00Z", "2024-03-01T00:00:00Z"), (&a, "2024-01-03T00:00:00Z", "2024-02-01T00:00:00Z"), (&c, "2024-01-01T00:00:00Z", "2024-04-01T00:00:00Z")] {
            sqlx::query("UPDATE properties SET created_at = $1, updated_at = $2 WHERE id = $3")
                .bind(created_at).bind(updated_at).bind(record["id"].as_i64().expect("id"))
                .execute(app.pool()).await.expect("stamps");
        }
        let cases: [(&str, [&str; 3]); 7] = [
            ("price", ["Alpha", "Charlie", "Bravo"]),
            ("titleEn", ["Alpha", "Bravo", "Charlie"]),
            ("propertyNumber", ["Charlie", "Bravo", "Alpha"]),
            ("status", ["Charlie", "Alpha", "Bravo"]),
            ("createdAt", ["Charlie", "Bravo", "Alpha"]),
            ("updatedAt", ["Alpha", "Bravo", "Charlie"]),
            ("-createdAt", ["Alpha", "Bravo", "Charlie"]),
        ];
        for (sort, expected) in cases {
            let (status, page, _) = listed(&app, &format!("/api/properties?sort={sort}")).await;
            assert_eq!(status, Status::Ok);
            assert_eq!(titles(&page), expected, "sort={sort}");
            if !sort.starts_with('-') {
                let (_, reversed, _) = listed(&app, &format!("/api/properties?sort=-{sort}")).await;
                let mut descending = expected.to_vec();
                descending.reverse();
                assert_eq!(titles(&reversed), descending, "sort=-{sort}");
            }
        }
        let (_, default, _) = listed(&app, "/api/properties?page=1").await;
        assert_eq!(titles(&default), ["Alpha", "Bravo", "Charlie"], "newest first by default");
        let (_, plain, _) = listed(&app, "/api/properties").await;
        assert_eq!(titles(&plain), ["Alpha", "Bravo", "Charlie"], "the plain list too");
    }

    async fn every_filter_narrows(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let land = created(&app, "/api/categories", json!({ "nameEn": "Land", "nameAr": "أرض" })).await;
        let flat_type = created(&app, "/api/property-types", json!({ "nameEn": "Flat", "nameAr": "شقة" })).await;
        let uae = created(&app, "/api/countries", json!({ "nameEn": "UAE", "nameAr": "الإمارات", "code": "AE" })).await;
        let dubai = created(&app, "/api/cities", json!({ "nameEn": "Dubai", "nameAr": "دبي", "countryId": uae["id"] })).await;
        let irbid = created(&app, "/api/cities", json!({ "nameEn": "Irbid", "nameAr": "إربد", "countryId": catalog.country })).await;

        listing(&app, &catalog, "Plain", "#1", 1.0, "active").await;
        listing(&app, &catalog, "Pending", "#2", 1.0, "pending").await;
        let mut body = full_form(&catalog, "Land plot");
        body["categoryId"] = land["id"].clone();
        create_property(&app, body).await;
        let mut body = full_form(&catalog, "Flat type");
        body["typeId"] = flat_type["id"].clone();
        create_property(&app, body).await;
        let mut body = full_form(&catalog, "Investment");
        body["displayType"] = json!("investment");
        create_property(&app, body).await;
        let mut body = full_form(&catalog, "In Dubai");
        body["countryId"] = uae["id"].clone();
        body["cityId"] = dubai["id"].clone();
        body["regionId"] = Value::Null;
        create_property(&app, body).await;
        let mut body = full_form(&catalog, "In Irbid");
        body["cityId"] = irbid["id"].clone();
        body["regionId"] = Value::Null;
        create_property(&app, body).await;
        let mut body = full_form(&catalog, "Featured");
        body["isFeatured"] = json!(true);
        create_property(&app, body).await;
        let (status, _) = app.send(Method::Post, "/api/properties?form=quick", quick_form(&catalog, "Quick")).await;
        assert_eq!(status, Status::Created);

        let cases: Vec<(String, Vec<&str>)> = vec![
            ("status=pending".into(), vec!["Pending", "Quick"]),
            (format!("categoryId={}", land["id"]), vec!["Land plot"]),
            (format!("typeId={}", flat_type["id"]), vec!["Flat type"]),
            ("displayType=investment".into(), vec!["Investment"]),
            (format!("countryId={}", uae["id"]), vec!["In Dubai"]),
            (format!("cityId={}", irbid["id"]), vec!["In Irbid"]),
            ("isFeatured=true".into(), vec!["Featured"]),
            (format!("isFeatured=false&status=active&countryId={}&cityId={}", catalog.country, catalog.city), vec!["Flat type", "Investment", "Land plot", "Plain"]),
            (format!("status=active&q=plain&categoryId={}", catalog.category), vec!["Plain"]),
        ];
        for (filter, expected) in cases {
            let (status, page, total) = listed(&app, &format!("/api/properties?{filter}&sort=titleEn")).await;
            assert_eq!(status, Status::Ok, "{filter}");
            assert_eq!(titles(&page), expected, "{filter}");
            assert_eq!(total, Some(expected.len() as i64), "{filter}");
        }
    }

    async fn bad_list_parameters_are_400_naming_them(app) {
        app.login_admin().await;
        for (query, name) in [
            ("page=0", "page"),
            ("page=x", "page"),
            ("pageSize=0", "pageSize"),
            ("pageSize=101", "pageSize"),
            ("sort=bedrooms", "sort"),
            ("sort=--price", "sort"),
            ("status=closed", "status"),
            ("displayType=rental", "displayType"),
            ("categoryId=abc", "categoryId"),
            ("typeId=0", "typeId"),
            ("countryId=-1", "countryId"),
            ("cityId=1.5", "cityId"),
            ("isFeatured=yes", "isFeatured"),
            ("page=1&page=2", "page"),
        ] {
            for base in ["/api/properties", "/api/public/properties"] {
                let (status, body) = app.get(&format!("{base}?{query}")).await;
                assert_eq!(status, Status::BadRequest, "{base}?{query}");
                assert!(body["message"].as_str().is_some_and(|m| m.starts_with(name)), "{query}: {body}");
            }
        }
        let (status, _, total) = listed(&app, "/api/properties?pageSize=100&page=2147483647").await;
        assert_eq!((status, total), (Status::Ok, Some(0)));
    }
}

/// Percent-encodes a query value.
fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
