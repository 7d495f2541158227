//! What an import may cost the server (issue 37): the rows it keeps stay within ten times its
//! file (a file whose repeated cells unpack past that is refused and leaves nothing), the
//! catalogue records it adds keep the catalogue's own rules, and reading a file never holds
//! SQLite's write lock, so the panel's saves go on meanwhile.

use std::time::{Duration, Instant};

use rocket::http::{Method, Status};
use serde_json::json;

use crate::helpers::{read, TestApp};
use crate::imports::{check, english, upload, uploaded, xlsx_of, BASIC};
use crate::imports_hostile_files::ods;

async fn kept(app: &TestApp) -> (i64, i64, i64) {
    let count = |table: &'static str| async move {
        sqlx::query_scalar::<_, i64>(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(app.pool())
            .await
            .expect("counts")
    };
    (count("imports").await, count("import_rows").await, count("import_files").await)
}

/// A row of `width` cells, each `text` repeated `columns` times, itself repeated `rows` times:
/// a few hundred bytes of .ods that unpack to `rows` × `width` × `text` of cells.
fn repeated_ods(text: &str, width: usize, rows: usize) -> Vec<u8> {
    let header: String = (0..width)
        .map(|n| format!("<table:table-cell office:value-type=\"string\"><text:p>Column {n}</text:p></table:table-cell>"))
        .collect();
    ods(&format!(
        "<table:table-row>{header}</table:table-row>\
         <table:table-row table:number-rows-repeated=\"{rows}\"><table:table-cell \
         table:number-columns-repeated=\"{width}\" office:value-type=\"string\"><text:p>{text}</text:p>\
         </table:table-cell></table:table-row>"
    ))
}

both_databases! {
    async fn rows_unpacking_past_ten_times_the_file_are_refused_and_leave_nothing(app) {
        app.login_admin().await;
        // The attack: under a kilobyte of .ods repeating one row of 50 cells 40,000 times.
        let ods = repeated_ods("x", 50, 40_000);
        assert!(ods.len() < 2_000, "{} bytes", ods.len());
        // The same in .xlsx: one shared string in every cell.
        let cell = "y".repeat(2_000);
        let header: Vec<String> = (0..50).map(|n| format!("Column {n}")).collect();
        let xlsx = xlsx_of(&header, &vec![vec![cell; 50]; 2_000]);
        for (name, bytes) in [("repeated.ods", ods), ("shared.xlsx", xlsx)] {
            let (status, body) = read(upload(&app, name, &bytes, "en").await).await;
            assert_eq!(status, Status::UnprocessableEntity, "{name}: {body}");
            assert_eq!(body["errors"]["file"], rules::messages::IMPORT_ROWS_TOO_LARGE, "{name}");
            assert_eq!(kept(&app).await, (0, 0, 0), "{name}: nothing is kept");
        }
        // A file whose rows fit is kept, rows and all, within the bound.
        let ods = repeated_ods("fits", 5, 100);
        let upload = uploaded(&app, "fits.ods", &ods).await;
        assert_eq!(upload["rowCount"], 100, "{upload}");
        let rows: i64 = sqlx::query_scalar("SELECT SUM(LENGTH(cells)) FROM import_rows")
            .fetch_one(app.pool())
            .await
            .expect("sums");
        assert!(rows as u64 <= rules::imports::max_row_bytes(ods.len() as u64), "{rows} bytes kept");
    }

    async fn new_catalog_records_keep_the_catalogs_own_rules(app) {
        app.login_admin().await;
        let keys = [
            "titleEn", "titleAr", "descriptionEn", "descriptionAr", "price", "currency", "area", "country",
            "countryAr", "city", "cityAr", "locationEn", "locationAr", "category", "categoryAr", "propertyType",
            "propertyTypeAr", "buildingTypeNew", "features", "featuresAr",
        ];
        let long = "C".repeat(rules::bounds::SHORT_TEXT_MAX + 1);
        let long_ar = "ف".repeat(rules::bounds::SHORT_TEXT_MAX + 1);
        let row: Vec<String> = [
            "Villa", "فيلا", "d", "و", "5", "JOD", "50", "Qatar", "قطر", "Doha", "الدوحة", "Doha", "الدوحة",
            long.as_str(), "تجاري", "Office", long_ar.as_str(), "Apartment", long.as_str(), "مسبح",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        let upload = uploaded(&app, "long.xlsx", &xlsx_of(&english(&keys), &[row])).await;
        let id = upload["id"].as_i64().expect("an id");
        let (status, outcome) = check(&app, id, &upload["suggestedMapping"], "create", true).await;
        assert_eq!((status, outcome["invalid"].as_i64()), (Status::Ok, Some(1)), "{outcome}");

        // The messages are the catalogue forms' own, under the columns that gave the names.
        use rules::Validate;
        let too_long = rules::catalog::CategoryInput { name_en: long.clone(), name_ar: long_ar.clone(), ..Default::default() }
            .validate()
            .expect_err("too long");
        let said: Vec<(String, String)> = outcome["errors"]
            .as_array()
            .expect("errors")
            .iter()
            .map(|e| (e["field"].as_str().unwrap_or("").to_owned(), e["message"].as_str().unwrap_or("").to_owned()))
            .collect();
        for (field, message) in [
            ("category", too_long.get("nameEn")),
            ("propertyTypeAr", too_long.get("nameAr")),
            ("features", too_long.get("nameEn")),
        ] {
            let message = message.expect("a message").to_owned();
            assert!(said.contains(&(field.to_owned(), message.clone())), "{field}: {message} in {said:?}");
        }
        let (status, _) = app.send(Method::Post, &format!("/api/imports/{id}/commit"), json!({})).await;
        assert_eq!(status, Status::Accepted);
        let state = crate::imports::finished(&app, id).await;
        assert_eq!(state["created"], 0, "{state}");
        for path in ["/api/categories", "/api/property-types", "/api/property-features"] {
            let (_, records) = app.get(path).await;
            assert_eq!(records.as_array().map(Vec::len), Some(0), "{path}: {records}");
        }
    }
}

/// 15 MB of CSV: 50,000 rows of 300 bytes.
fn large_csv() -> Vec<u8> {
    let mut csv = english(&BASIC).join(",");
    csv.push('\n');
    let description = "d".repeat(260);
    for n in 0..rules::imports::MAX_ROWS {
        csv.push_str(&format!("L-{n},Villa {n},فيلا,{description},و,1000,USD,320,,,,,,,,,,,\n"));
    }
    csv.into_bytes()
}

#[rocket::async_test]
async fn reading_a_file_leaves_sqlite_free_for_the_panels_saves() {
    let app = TestApp::spawn(crate::helpers::Backend::Sqlite).await.expect("SQLite app");
    app.login_admin().await;
    let (status, category) =
        app.send(Method::Post, "/api/categories", json!({ "nameEn": "Saved", "nameAr": "محفوظ" })).await;
    assert_eq!(status, Status::Created, "{category}");
    let path = format!("/api/categories/{}", category["id"]);
    let csv = large_csv();
    assert!(csv.len() > 15_000_000, "{} bytes", csv.len());
    let done = std::sync::atomic::AtomicBool::new(false);
    let uploading = async {
        let answer = read(upload(&app, "large.csv", &csv, "en").await).await;
        done.store(true, std::sync::atomic::Ordering::SeqCst);
        answer
    };
    let saving = async {
        let mut waits = Vec::new();
        let mut n = 0;
        while !done.load(std::sync::atomic::Ordering::SeqCst) {
            n += 1;
            let body = json!({ "nameEn": format!("Saved {n}"), "nameAr": "محفوظ" });
            let started = Instant::now();
            let (status, answer) = app.send(Method::Put, &path, body).await;
            assert_eq!(status, Status::Ok, "save {n} while the file is read: {answer}");
            waits.push(started.elapsed());
            rocket::tokio::time::sleep(Duration::from_millis(20)).await;
        }
        waits
    };
    let ((status, answer), mut waits) = rocket::tokio::join!(uploading, saving);
    assert_eq!(status, Status::Created, "{answer}");
    assert_eq!(answer["rowCount"], rules::imports::MAX_ROWS as i64);
    waits.sort();
    let longest = waits.last().copied().unwrap_or_default();
    eprintln!(
        "{} saves while 15 MB were read: p99 {:?}, longest {longest:?}",
        waits.len(),
        waits[waits.len() * 99 / 100]
    );
    assert!(waits.len() >= 5, "the saves went on while the file was read: {}", waits.len());
    // The old upload held the lock for the whole file: a save waited it out, or 503.
    assert!(longest < Duration::from_secs(1), "a save waited {longest:?}");
}
