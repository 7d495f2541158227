//! The search engine (issue 38) answers exactly what a reading of every listing answers:
//! after creates, edits that change words and status, and deletes, every page, total and
//! search of the panel's and the public list agrees with the plain list filtered, searched
//! and sorted here by brute force. A word of `q` finds the words it begins (Arabic words
//! also without their article), and from five letters the words one typo away.

use rocket::http::Status;
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::properties::{catalog, create_property, full_form, Catalog};
use crate::properties_list::listed;

/// The folded text a listing is searched by, as the server makes it.
fn search_text(listing: &Value) -> String {
    rules::fold::search_text(
        listing["titleEn"].as_str().unwrap_or_default(),
        listing["titleAr"].as_str().unwrap_or_default(),
        listing["propertyNumber"].as_str(),
        listing["locationEn"].as_str().unwrap_or_default(),
        listing["locationAr"].as_str().unwrap_or_default(),
    )
}

async fn listing(app: &TestApp, catalog: &Catalog, title: &str, title_ar: &str, status: &str) -> Value {
    let mut body = full_form(catalog, title);
    body["titleAr"] = json!(title_ar);
    body["status"] = json!(status);
    create_property(app, body).await
}

/// The optimal string alignment distance: one typo is one edit or one swap of neighbours.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// Whether a listing's folded text is found by the folded `q`, as the engine defines it.
pub fn found(text: &str, q: &str) -> bool {
    let mut words: Vec<String> = Vec::new();
    for word in text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
        let word = word.to_lowercase();
        if let Some(bare) = ["وال", "بال", "لل", "ال"].iter().find_map(|a| word.strip_prefix(a)) {
            if bare.chars().count() >= 2 {
                words.push(bare.to_owned());
            }
        }
        words.push(word);
    }
    rules::search::query_words(q).iter().all(|wanted| {
        words.iter().any(|word| {
            word.starts_with(wanted.as_str())
                || (rules::search::tolerates_typo(wanted) && distance(word, wanted) <= 1)
        })
    })
}

/// The ids the brute force expects for `q` (folded) and the status scope, newest first.
fn expected(all: &[Value], q: &str, active_only: bool, status: Option<&str>) -> Vec<i64> {
    let folded = rules::fold::fold(q);
    let mut matching: Vec<&Value> = all
        .iter()
        .filter(|p| found(&search_text(p), &folded))
        .filter(|p| !active_only || p["status"] == "active")
        .filter(|p| status.is_none_or(|s| p["status"] == s))
        .collect();
    matching.sort_by(|a, b| {
        let key = |p: &Value| (p["createdAt"].as_str().unwrap_or_default().to_owned(), p["id"].as_i64());
        key(b).cmp(&key(a))
    });
    matching.iter().filter_map(|p| p["id"].as_i64()).collect()
}

fn ids(page: &Value) -> Vec<i64> {
    page.as_array().expect("a list").iter().filter_map(|p| p["id"].as_i64()).collect()
}

/// Compares every page of each search against the brute force, on both lists.
pub async fn agrees(app: &TestApp, queries: &[&str]) {
    let (_, all, _) = listed(app, "/api/properties").await;
    let all = all.as_array().expect("the plain list").clone();
    for q in queries {
        for (base, active_only) in [("/api/properties", false), ("/api/public/properties", true)] {
            for status in [None, Some("active"), Some("sold")] {
                let want = expected(&all, q, active_only, status);
                let filter = status.map(|s| format!("&status={s}")).unwrap_or_default();
                let mut got = Vec::new();
                for page in 1..=(want.len() / 3 + 1) {
                    let path = format!("{base}?q={}&page={page}&pageSize=3{filter}", urlencode(q));
                    let (code, body, total) = listed(app, &path).await;
                    assert_eq!(code, Status::Ok, "{path}");
                    assert_eq!(total, Some(want.len() as i64), "the total of {path}");
                    got.extend(ids(&body));
                }
                assert_eq!(got, want, "the pages of q={q} on {base} status={status:?}");
                let oldest_first = format!("{base}?q={}&sort=createdAt&pageSize=100{filter}", urlencode(q));
                let (_, body, _) = listed(app, &oldest_first).await;
                let reversed: Vec<i64> = want.iter().rev().copied().collect();
                assert_eq!(ids(&body), reversed, "{oldest_first}");
            }
        }
    }
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

const QUERIES: [&str; 13] = [
    "villa",
    "VILLAS",
    "ill",
    "garden",
    "فيلا",
    "فيلّا",
    "sea view",
    "zzz",
    "vi",
    "amman",
    "Vilal",
    "gardne",
    "حديقه",
];

both_databases! {
    async fn searches_and_totals_follow_every_write(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let mut made = Vec::new();
        for (n, (title, title_ar, status)) in [
            ("Sea View Villa", "فيلا بإطلالة بحرية", "active"),
            ("Garden Villas", "فلل مع حديقة", "active"),
            ("Villa Garden Villa", "فيلا", "sold"),
            ("City Apartment", "شقة", "pending"),
            ("Small Villa", "فيلا صغيرة", "active"),
            ("Office Garden", "مكتب", "active"),
        ]
        .into_iter()
        .enumerate()
        {
            let created = listing(&app, &catalog, &format!("{title} {n}"), title_ar, status).await;
            made.push(created);
        }
        agrees(&app, &QUERIES).await;

        // An edit that changes words and status moves the listing in every search and total.
        let first = made[0]["id"].as_i64().expect("an id");
        let mut body = full_form(&catalog, "Quiet Garden House");
        body["titleAr"] = json!("بيت هادئ");
        body["status"] = json!("sold");
        let (status, _) = app.send(rocket::http::Method::Put, &format!("/api/properties/{first}"), body).await;
        assert_eq!(status, Status::Ok);
        agrees(&app, &QUERIES).await;

        // A delete takes it out of every search and total.
        let second = made[1]["id"].as_i64().expect("an id");
        let response = app.client.delete(format!("/api/properties/{second}")).dispatch().await;
        assert_eq!(response.status(), Status::NoContent);
        agrees(&app, &QUERIES).await;

        let (_, _, total) = listed(&app, "/api/public/properties?page=1").await;
        assert_eq!(total, Some(2), "the total of active listings");
        let (_, _, total) = listed(&app, "/api/properties?page=1&status=sold").await;
        assert_eq!(total, Some(2), "the total of sold listings");
    }

    async fn a_server_without_an_index_builds_it_at_start(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        listing(&app, &catalog, "Old Villa", "فيلا قديمة", "active").await;
        // Another server has a folder of its own, empty: it builds its index from the database.
        let other = app.another_server().await;
        let response = other.get("/api/public/properties?q=villa&page=1").dispatch().await;
        assert_eq!(response.headers().get_one("X-Total-Count"), Some("1"), "built at start");
    }
}
