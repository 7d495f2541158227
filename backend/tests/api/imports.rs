//! Listings imported from a spreadsheet (issue 25): upload, check, commit and progress, on
//! each file format, with Arabic headers and digits, every rule's message, the rejected rows
//! read back, both modes, a second commit, and the limits.

use std::time::Duration;

use rocket::http::{ContentType, Header, Method, Status};
use rocket::local::asynchronous::LocalResponse;
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::properties::catalog;

pub const BOUNDARY: &str = "aqar-import-boundary-41kGv0wq";

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
    for _ in 0..2400 {
        let (status, state) = app.get(&format!("/api/imports/{id}")).await;
        // A batch holds SQLite's write lock; a read whose session touch waits too long is a 503.
        if status == Status::ServiceUnavailable {
            continue;
        }
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

pub(crate) fn csv_of(header: &[&str], rows: &[Vec<String>]) -> Vec<u8> {
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
        let company = json!({ "companyName": "Aqar", "defaultPublishTo": ["website", "propertyFinder"] });
        assert_eq!(app.send(Method::Post, "/api/settings", company).await.0, Status::Ok);
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
        assert_eq!(listed[1]["publishTo"], json!(["website", "propertyFinder"]), "the company's set");

        // A second commit writes nothing more.
        let again = committed(&app, id).await;
        assert_eq!(again["created"], 2);
        let (_, all) = app.get("/api/properties").await;
        assert_eq!(all.as_array().map(Vec::len), Some(2));
    }
}

/// The export's English headers of the columns a test fills, with each row's cells.
pub(crate) fn english(columns: &[&str]) -> Vec<String> {
    columns
        .iter()
        .map(|key| rules::properties::columns::column_by_key(key).expect("a column").en.to_owned())
        .collect()
}

/// A workbook of one sheet: the header, then rows; cells that read as numbers are numbers.
pub(crate) fn xlsx_of(header: &[String], rows: &[Vec<String>]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (column, text) in header.iter().enumerate() {
        sheet.write_string(0, column as u16, text).expect("writes");
    }
    for (index, row) in rows.iter().enumerate() {
        for (column, text) in row.iter().enumerate() {
            let at = (index as u32 + 1, column as u16);
            match text.parse::<f64>() {
                Ok(n) if !text.is_empty() => sheet.write_number(at.0, at.1, n).map(|_| ()),
                _ if text.is_empty() => Ok(()),
                _ => sheet.write_string(at.0, at.1, text).map(|_| ()),
            }
            .expect("writes");
        }
    }
    book.save_to_buffer().expect("saves")
}

/// An OpenDocument spreadsheet of one sheet, written as the format says: the stored
/// mimetype first, the manifest, and the table in content.xml.
pub(crate) fn ods_of(header: &[String], rows: &[Vec<String>]) -> Vec<u8> {
    let escape = |t: &str| t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    let row_xml = |cells: &[String]| {
        let cells: Vec<String> = cells
            .iter()
            .map(|c| match c.parse::<f64>() {
                Ok(n) => format!("<table:table-cell office:value-type=\"float\" office:value=\"{n}\"><text:p>{c}</text:p></table:table-cell>"),
                Err(_) => format!("<table:table-cell office:value-type=\"string\"><text:p>{}</text:p></table:table-cell>", escape(c)),
            })
            .collect();
        format!("<table:table-row>{}</table:table-row>", cells.join(""))
    };
    let mut table = row_xml(header);
    for row in rows {
        table.push_str(&row_xml(row));
    }
    crate::imports_hostile_files::ods(&table)
}

pub(crate) const BASIC: [&str; 19] = [
    "propertyNumber",
    "titleEn",
    "titleAr",
    "descriptionEn",
    "descriptionAr",
    "price",
    "currency",
    "area",
    "country",
    "city",
    "region",
    "locationEn",
    "locationAr",
    "category",
    "propertyType",
    "buildingTypeNew",
    "bedroom",
    "furnished",
    "images",
];

pub(crate) fn basic_row(number: &str, title: &str, price: &str) -> Vec<String> {
    [
        number,
        title,
        "فيلا",
        "Sea view",
        "إطلالة بحرية",
        price,
        "USD",
        "320",
        "Jordan",
        "Amman",
        "Abdoun",
        "Abdoun, Amman",
        "عبدون، عمان",
        "Residential",
        "Villa",
        "Villa",
        "4",
        "yes",
        "/media/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png\nhttps://example.com/b.jpg",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect()
}

/// Every cell the rows' errors name: (row, field, message).
fn said(outcome: &Value) -> Vec<(i64, String, String)> {
    outcome["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| {
            (
                e["row"].as_i64().unwrap_or(0),
                e["field"].as_str().unwrap_or("").to_owned(),
                e["message"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

/// Reads an .xlsx answer back: its rows of texts.
pub(crate) fn read_xlsx(bytes: Vec<u8>) -> Vec<Vec<String>> {
    use calamine::Reader;
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).expect("an xlsx");
    let range = book.worksheet_range_at(0).expect("a sheet").expect("reads");
    range.rows().map(|row| row.iter().map(|c| c.to_string()).collect()).collect()
}

both_databases! {
    async fn xlsx_ods_and_xls_files_are_read_alike(app) {
        app.login_admin().await;
        catalog(&app).await;
        let header = english(&BASIC);
        let rows = vec![basic_row("Q-1", "Villa one", "250000"), basic_row("Q-2", "Villa two", "180000.5")];
        for (name, bytes) in [("listings.xlsx", xlsx_of(&header, &rows)), ("listings.ods", ods_of(&header, &rows))] {
            let upload = uploaded(&app, name, &bytes).await;
            assert_eq!(upload["rowCount"], 2, "{name}: {upload}");
            assert_eq!(upload["sampleRows"][1][5], "180000.5", "{name}");
            let mapping = upload["suggestedMapping"].clone();
            let expected: Vec<Value> = BASIC.iter().map(|k| json!(k)).collect();
            assert_eq!(mapping, json!(expected), "{name}");
            let id = upload["id"].as_i64().expect("an id");
            let (status, outcome) = check(&app, id, &mapping, "create-or-update", false).await;
            assert_eq!(status, Status::Ok, "{name}: {outcome}");
            assert_eq!(outcome["valid"], 2, "{name}: {outcome}");
            let state = committed(&app, id).await;
            assert_eq!(state["status"], "done", "{name}: {state}");
        }
        let (_, listed) = app.get("/api/properties?q=Q-1&page=1").await;
        let listing = &listed[0];
        assert_eq!(listing["images"], json!(["/media/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png", "https://example.com/b.jpg"]));
        assert_eq!(listing["furnished"], true);
        assert_eq!(listing["bedroom"], 4);
        assert!(listing["regionId"].as_i64().is_some());

        let xls = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/listings.xls")).expect("the fixture");
        let upload = uploaded(&app, "listings.xls", &xls).await;
        assert_eq!(upload["rowCount"], 2, "{upload}");
        let id = upload["id"].as_i64().expect("an id");
        let (status, outcome) = check(&app, id, &upload["suggestedMapping"], "create", false).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert_eq!((outcome["valid"].as_i64(), outcome["invalid"].as_i64()), (Some(1), Some(1)), "{outcome}");
        let errors = said(&outcome);
        assert!(errors.contains(&(3, "price".into(), rules::messages::PRICE_NOT_POSITIVE.into())), "{errors:?}");
        assert!(errors.contains(&(3, "furnished".into(), rules::messages::IMPORT_YES_NO_INVALID.into())), "{errors:?}");
    }

    async fn every_rule_fails_a_row_with_the_forms_message(app) {
        app.login_admin().await;
        catalog(&app).await;
        let keys = [
            "propertyNumber", "titleEn", "titleAr", "descriptionEn", "descriptionAr", "price", "currency", "area",
            "country", "city", "region", "locationEn", "locationAr", "category", "propertyType", "buildingTypeNew",
            "continent", "facing", "buildingCondition", "yearBuilt", "numberOfFloorsInBuilding", "floorNumberUnit",
            "apartmentsPerFloor", "parkingSpacesAvailable", "kitchen", "isFeatured", "images", "videoUrl",
            "maintenanceFee", "features", "status",
        ];
        let header = english(&keys);
        let good: Vec<&str> = vec![
            "R-0", "Villa", "فيلا", "Nice", "جميلة", "100", "USD", "100", "Jordan", "Amman", "", "Here", "هنا",
            "Residential", "Villa", "Villa", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
        ];
        let with = |changes: &[(usize, &str)]| -> Vec<String> {
            let mut row: Vec<String> = good.iter().map(|s| (*s).to_owned()).collect();
            for (index, value) in changes {
                row[*index] = (*value).to_owned();
            }
            row
        };
        use rules::messages as m;
        // Row 2 is good; each later row breaks rules, at most one per column.
        let rows = vec![
            with(&[]),
            with(&[(0, "R-1"), (1, ""), (2, ""), (3, ""), (4, ""), (5, "-1"), (6, ""), (7, "-3"), (11, ""), (12, ""), (15, "")]),
            with(&[(0, "R-2"), (6, "XYZ"), (8, ""), (13, ""), (14, ""), (15, "Castle"), (16, "Atlantis"), (17, "up"), (18, "Ruined")]),
            with(&[(0, "R-3"), (19, "1700"), (20, "0"), (21, "-1"), (22, "0"), (23, "-2"), (24, "-1"), (26, "javascript:alert(1)"), (27, "not a url"), (28, "2000000000000")]),
            with(&[(0, "R-4"), (5, "lots"), (8, "Narnia"), (13, "Castles"), (14, "Hut"), (19, "3000"), (24, "1.5"), (25, "perhaps"), (29, "Moat"), (30, "lost")]),
            with(&[(0, "R-5"), (9, "Zarqa"), (10, "Downtown")]),
            with(&[(0, "R-0")]),
        ];
        let upload = uploaded(&app, "bad.xlsx", &xlsx_of(&header, &rows)).await;
        let id = upload["id"].as_i64().expect("an id");
        let (status, outcome) = check(&app, id, &upload["suggestedMapping"], "create", false).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert_eq!((outcome["valid"].as_i64(), outcome["invalid"].as_i64()), (Some(1), Some(6)), "{outcome}");
        let errors = said(&outcome);
        let expected: Vec<(i64, &str, &str)> = vec![
            (3, "titleEn", m::TITLE_EN_REQUIRED),
            (3, "titleAr", m::TITLE_AR_REQUIRED),
            (3, "descriptionEn", m::DESCRIPTION_EN_REQUIRED),
            (3, "descriptionAr", m::DESCRIPTION_AR_REQUIRED),
            (3, "price", m::PRICE_NOT_POSITIVE),
            (3, "currency", m::CURRENCY_REQUIRED),
            (3, "area", m::AREA_NOT_POSITIVE),
            (3, "locationEn", m::LOCATION_EN_REQUIRED),
            (3, "locationAr", m::LOCATION_AR_REQUIRED),
            (3, "buildingTypeNew", m::BUILDING_TYPE_REQUIRED),
            (4, "currency", m::NOT_IN_LIST),
            (4, "country", m::COUNTRY_REQUIRED),
            (4, "category", m::CATEGORY_REQUIRED),
            (4, "propertyType", m::PROPERTY_TYPE_REQUIRED),
            (4, "buildingTypeNew", m::NOT_IN_LIST),
            (4, "continent", m::NOT_IN_LIST),
            (4, "facing", m::NOT_IN_LIST),
            (4, "buildingCondition", m::NOT_IN_LIST),
            (5, "yearBuilt", m::YEAR_BUILT_TOO_EARLY),
            (5, "numberOfFloorsInBuilding", m::FLOORS_IN_BUILDING_TOO_SMALL),
            (5, "floorNumberUnit", m::FLOOR_NUMBER_NEGATIVE),
            (5, "apartmentsPerFloor", m::APARTMENTS_PER_FLOOR_TOO_SMALL),
            (5, "parkingSpacesAvailable", m::PARKING_SPACES_NEGATIVE),
            (5, "kitchen", m::COUNT_NEGATIVE),
            (5, "maintenanceFee", m::AMOUNT_TOO_LARGE),
            (6, "price", m::IMPORT_NUMBER_INVALID),
            (6, "country", m::IMPORT_COUNTRY_UNKNOWN),
            (6, "category", m::IMPORT_CATEGORY_UNKNOWN),
            (6, "propertyType", m::IMPORT_PROPERTY_TYPE_UNKNOWN),
            (6, "yearBuilt", m::YEAR_BUILT_IN_FUTURE),
            (6, "kitchen", m::IMPORT_WHOLE_NUMBER_INVALID),
            (6, "isFeatured", m::IMPORT_YES_NO_INVALID),
            (6, "features", m::IMPORT_FEATURE_UNKNOWN),
            (6, "status", m::NOT_IN_LIST),
            (7, "city", m::IMPORT_CITY_UNKNOWN),
            (8, "propertyNumber", m::IMPORT_PROPERTY_NUMBER_REPEATED),
        ];
        for (row, field, message) in &expected {
            assert!(
                errors.contains(&(*row, (*field).to_owned(), (*message).to_owned())),
                "row {row} {field}: {message}\n{errors:#?}"
            );
        }
        for field in ["images", "videoUrl"] {
            assert!(errors.iter().any(|(row, f, _)| *row == 5 && f == field), "{field}: {errors:#?}");
        }

        // The rejected rows come back as a workbook: the file's columns and their messages.
        let response = app.client.get(format!("/api/imports/{id}/rejected")).dispatch().await;
        assert_eq!(response.status(), Status::Ok);
        let read = read_xlsx(response.into_bytes().await.expect("a body"));
        assert_eq!(read.len(), 7, "the header and six rows");
        assert_eq!(read[0][..header.len()], header[..]);
        assert_eq!(read[0].last().map(String::as_str), Some("Messages"));
        assert_eq!(read[1][0], "R-1");
        assert!(read[1].last().expect("messages").contains("Title (English): English title is required"), "{:?}", read[1]);
        assert_eq!(read[6][0], "R-0");
        assert!(read[6].last().expect("messages").contains(m::IMPORT_PROPERTY_NUMBER_REPEATED));
    }

    async fn create_or_update_finds_listings_by_number(app) {
        app.login_admin().await;
        catalog(&app).await;
        let header = english(&BASIC);
        let first = uploaded(&app, "first.xlsx", &xlsx_of(&header, &[basic_row("N-1", "First title", "1000")])).await;
        let first_id = first["id"].as_i64().expect("an id");
        check(&app, first_id, &first["suggestedMapping"], "create", false).await;
        assert_eq!(committed(&app, first_id).await["created"], 1);

        let rows = [basic_row("N-1", "New title", "2000"), basic_row("N-2", "Second", "3000")];
        let second = uploaded(&app, "second.xlsx", &xlsx_of(&header, &rows)).await;
        let id = second["id"].as_i64().expect("an id");
        let (_, outcome) = check(&app, id, &second["suggestedMapping"], "create", false).await;
        assert_eq!((outcome["valid"].as_i64(), outcome["invalid"].as_i64()), (Some(1), Some(1)), "{outcome}");
        assert_eq!(said(&outcome), [(2, "propertyNumber".to_owned(), rules::messages::IMPORT_PROPERTY_NUMBER_EXISTS.to_owned())]);
        let (_, outcome) = check(&app, id, &second["suggestedMapping"], "create-or-update", false).await;
        assert_eq!((outcome["willCreate"].as_i64(), outcome["willUpdate"].as_i64()), (Some(1), Some(1)), "{outcome}");
        let state = committed(&app, id).await;
        assert_eq!((state["created"].as_i64(), state["updated"].as_i64()), (Some(1), Some(1)), "{state}");
        let (_, all) = app.get("/api/properties?sort=propertyNumber&page=1").await;
        let titles: Vec<&str> = all.as_array().expect("a list").iter().filter_map(|p| p["titleEn"].as_str()).collect();
        assert_eq!(titles, ["New title", "Second"]);
        assert_eq!(all[0]["version"], 2, "updated through the normal path");
        let (_, history) = app.get(&format!("/api/history?entity=property&id={}", all[0]["id"])).await;
        assert!(history.to_string().contains("New title"), "{history}");
        // Only the import's new listings carry its id.
        let (_, mine) = app.get(&format!("/api/properties?importId={id}")).await;
        assert_eq!(mine.as_array().map(Vec::len), Some(1));
        // A checked import that was written is not checked again.
        let (status, _) = check(&app, id, &second["suggestedMapping"], "create", false).await;
        assert_eq!(status, Status::Conflict);
    }

    async fn a_place_deleted_after_the_check_leaves_its_rows_out_of_the_commit(app) {
        app.login_admin().await;
        let places = catalog(&app).await;
        let dabouq = crate::properties::created(
            &app,
            "/api/regions",
            json!({ "nameEn": "Dabouq", "nameAr": "دابوق", "cityId": places.city }),
        )
        .await;
        let mut elsewhere = basic_row("P-2", "Second", "2000");
        elsewhere[10] = "Dabouq".to_owned();
        let rows = [basic_row("P-1", "First", "1000"), elsewhere, basic_row("P-3", "Third", "3000")];
        let upload = uploaded(&app, "places.xlsx", &xlsx_of(&english(&BASIC), &rows)).await;
        let id = upload["id"].as_i64().expect("an id");
        let (_, outcome) = check(&app, id, &upload["suggestedMapping"], "create", false).await;
        assert_eq!(outcome["valid"], 3, "{outcome}");
        let (status, _) = app.send(Method::Delete, &format!("/api/regions/{}", dabouq["id"]), Value::Null).await;
        assert_eq!(status, Status::NoContent);

        let state = committed(&app, id).await;
        assert_eq!((state["created"].as_i64(), state["invalid"].as_i64()), (Some(2), Some(1)), "{state}");
        let (_, listed) = app.get(&format!("/api/properties?importId={id}&sort=propertyNumber")).await;
        let numbers: Vec<&str> =
            listed.as_array().expect("a list").iter().filter_map(|p| p["propertyNumber"].as_str()).collect();
        assert_eq!(numbers, ["P-1", "P-3"]);
        // Each written listing has its images in order and its own history row.
        for listing in listed.as_array().expect("a list") {
            let (_, one) = app.get(&format!("/api/properties/{}", listing["id"])).await;
            assert_eq!(one["images"][1], "https://example.com/b.jpg", "{one}");
            let (_, history) = app.get(&format!("/api/history?entity=property&id={}", listing["id"])).await;
            let actions: Vec<&str> = history.as_array().expect("rows").iter().filter_map(|r| r["action"].as_str()).collect();
            assert_eq!(actions, ["create"], "{history}");
        }
    }

    async fn missing_catalog_records_are_added_when_asked(app) {
        app.login_admin().await;
        let keys = [
            "titleEn", "titleAr", "descriptionEn", "descriptionAr", "price", "currency", "area", "country",
            "countryAr", "city", "cityAr", "region", "regionAr", "locationEn", "locationAr", "category",
            "categoryAr", "propertyType", "propertyTypeAr", "buildingTypeNew",
        ];
        let row = |title: &str| -> Vec<String> {
            [title, "ع", "d", "و", "5", "JOD", "50", "Qatar", "قطر", "Doha", "الدوحة", "West Bay", "الخليج الغربي",
             "Doha", "الدوحة", "Commercial", "تجاري", "Office", "مكتب", "Apartment"]
                .iter().map(|s| (*s).to_owned()).collect()
        };
        let upload = uploaded(&app, "new.xlsx", &xlsx_of(&english(&keys), &[row("One"), row("Two")])).await;
        let id = upload["id"].as_i64().expect("an id");
        let (_, outcome) = check(&app, id, &upload["suggestedMapping"], "create", false).await;
        assert_eq!(outcome["invalid"], 2, "{outcome}");
        let (_, outcome) = check(&app, id, &upload["suggestedMapping"], "create", true).await;
        assert_eq!(outcome["valid"], 2, "{outcome}");
        let state = committed(&app, id).await;
        assert_eq!(state["created"], 2, "{state}");
        let (_, countries) = app.get("/api/countries").await;
        assert_eq!(countries.as_array().map(Vec::len), Some(1), "added once: {countries}");
        assert_eq!(countries[0]["code"], "QA");
        let (_, regions) = app.get("/api/regions").await;
        assert_eq!(regions[0]["nameAr"], "الخليج الغربي");
    }

    async fn files_over_the_limits_or_not_spreadsheets_are_refused(app) {
        app.login_admin().await;
        let big = vec![b'a'; (rules::imports::MAX_FILE_BYTES + 1) as usize];
        let (status, body) = crate::helpers::read(upload(&app, "big.csv", &big, "en").await).await;
        assert_eq!(status, Status::PayloadTooLarge);
        assert_eq!(body["message"], rules::messages::IMPORT_FILE_TOO_LARGE);

        let mut many = String::from("Title (English)\n");
        for n in 0..=rules::imports::MAX_ROWS {
            many.push_str(&format!("t{n}\n"));
        }
        let (status, body) = crate::helpers::read(upload(&app, "many.csv", many.as_bytes(), "en").await).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["file"], rules::messages::IMPORT_TOO_MANY_ROWS, "{body}");

        let png = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13];
        for (name, bytes) in [("photo.png", &png[..]), ("photo.csv", &png[..]), ("notes.txt", &b"a,b\n1,2\n"[..])] {
            let (status, body) = crate::helpers::read(upload(&app, name, bytes, "en").await).await;
            assert_eq!(status, Status::UnprocessableEntity, "{name}");
            assert_eq!(body["errors"]["file"], rules::messages::IMPORT_NOT_A_SPREADSHEET, "{name}: {body}");
        }
        let (status, _) = app.get("/api/imports/999").await;
        assert_eq!(status, Status::NotFound);
    }
}

/// One HTTP/1.1 exchange with the server on `port`: the status and the whole answer.
fn http(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connects");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a timeout");
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).expect("sends");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("reads");
    let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, answer)
}

/// The real server binary on the app's database, on a free port, once it answers.
pub fn spawn_server(app: &TestApp) -> (std::process::Child, u16) {
    let port =
        std::net::TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("an address").port();
    let folder = tempfile::tempdir().expect("a folder").keep();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_aqar"))
        .current_dir(folder)
        .env("DATABASE_URL", app.database_url())
        .env("AQAR_SITE_PORT", "off")
        .env("ROCKET_ADDRESS", "127.0.0.1")
        .env("ROCKET_PORT", port.to_string())
        .env("ROCKET_LOG_LEVEL", "off")
        .env("AQAR_DEMO", "0")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the server starts");
    for _ in 0..600 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
            && http(port, "GET", "/healthz", &[], "").0 == 200
        {
            return (child, port);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the server did not answer");
}

async fn count(app: &TestApp, sql: &str, id: i64) -> i64 {
    sqlx::query_scalar(sql).bind(id).fetch_one(app.pool()).await.expect("counts")
}

both_databases! {
    async fn a_server_killed_mid_commit_leaves_whole_batches_and_the_import_resumes(app) {
        app.login_admin().await;
        catalog(&app).await;
        let rows: Vec<Vec<String>> =
            (0..1200).map(|n| basic_row(&format!("K-{n:04}"), &format!("Listing {n}"), "1000")).collect();
        let upload = uploaded(&app, "many.csv", &csv_of(&BASIC.map(|k| k), &rows)).await;
        let id = upload["id"].as_i64().expect("an id");
        let (_, outcome) = check(&app, id, &upload["suggestedMapping"], "create", false).await;
        assert_eq!(outcome["valid"], 1200, "{outcome}");

        let (mut server, port) = spawn_server(&app);
        let login = format!(r#"{{"username":"{}","password":"{}"}}"#, crate::helpers::ADMIN, crate::helpers::ADMIN_PASSWORD);
        let (status, answer) = http(port, "POST", "/api/login", &[("Content-Type", "application/json")], &login);
        assert_eq!(status, 200, "{answer}");
        let cookie = answer
            .lines()
            .filter_map(|line| line.split_once(": ").filter(|(name, _)| name.eq_ignore_ascii_case("set-cookie")))
            .filter_map(|(_, value)| value.split(';').next())
            .find(|cookie| cookie.starts_with("aqar_session="))
            .unwrap_or_else(|| panic!("a session cookie: {answer}"))
            .to_owned();
        let (status, answer) = http(port, "POST", &format!("/api/imports/{id}/commit"), &[("Cookie", &cookie)], "");
        assert_eq!(status, 202, "{answer}");
        // Killed as soon as its first batch is in, while the next is being written.
        let mut written = 0;
        for _ in 0..6000 {
            written = count(&app, "SELECT done FROM imports WHERE id = $1", id).await;
            if written > 0 {
                break;
            }
            rocket::tokio::time::sleep(Duration::from_millis(5)).await;
        }
        server.kill().expect("killed");
        server.wait().expect("stopped");
        let (_, state) = app.get(&format!("/api/imports/{id}")).await;
        assert_eq!(state["status"], "committing", "{state}");
        let done = state["done"].as_i64().expect("done");
        assert!(done > 0 && done < 1200 && done % rules::imports::BATCH_ROWS as i64 == 0, "{state} ({written})");
        let listings = count(&app, "SELECT COUNT(*) FROM properties WHERE import_id = $1", id).await;
        assert_eq!(listings, done, "every row of a batch written or none");
        let recorded: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM history WHERE entity = 'property' AND action = 'create'")
            .fetch_one(app.pool())
            .await
            .expect("counts");
        assert_eq!(recorded, done, "each listing with its history row");

        // This server takes the commit over once the killed one's lease has run out.
        let state = finished(&app, id).await;
        assert_eq!(state["status"], "done", "{state}");
        assert_eq!((state["created"].as_i64(), state["done"].as_i64()), (Some(1200), Some(1200)), "{state}");
        let listings = count(&app, "SELECT COUNT(*) FROM properties WHERE import_id = $1", id).await;
        let numbers = count(&app, "SELECT COUNT(DISTINCT property_number) FROM properties WHERE import_id = $1", id).await;
        assert_eq!((listings, numbers), (1200, 1200));
        let (_, page) = app.get(&format!("/api/properties?importId={id}&page=1&pageSize=5")).await;
        assert_eq!(page.as_array().map(Vec::len), Some(5));
    }
}

both_databases! {
    async fn an_import_is_kept_seven_days_then_deleted_with_its_file_and_rows(app) {
        app.login_admin().await;
        catalog(&app).await;
        let rows: Vec<Vec<String>> = (0..3).map(|n| basic_row(&format!("P-{n}"), &format!("Listing {n}"), "1000")).collect();
        let file = csv_of(&BASIC.map(|k| k), &rows);
        let upload = uploaded(&app, "kept.csv", &file).await;
        let id = upload["id"].as_i64().expect("an id");
        let (_, outcome) = check(&app, id, &upload["suggestedMapping"], "create", false).await;
        assert_eq!(outcome["valid"], 3, "{outcome}");
        assert_eq!(committed(&app, id).await["status"], "done");
        // The file is kept as sent, apart from the import's row that each batch updates.
        let kept: Vec<u8> = sqlx::query_scalar("SELECT file FROM import_files WHERE import_id = $1")
            .bind(id)
            .fetch_one(app.pool())
            .await
            .expect("the file");
        assert_eq!(kept, file);

        let now = aqar::platform::db::clock::now_epoch();
        let day = 86_400;
        assert_eq!(aqar::areas::imports::prune(app.pool(), now + 6 * day).await.expect("sweeps"), 0);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM import_files WHERE import_id = $1", id).await, 1);
        assert_eq!(aqar::areas::imports::prune(app.pool(), now + 8 * day).await.expect("sweeps"), 1);
        for table in ["import_files WHERE import_id", "import_rows WHERE import_id", "imports WHERE id"] {
            assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM {table} = $1"), id).await, 0, "{table}");
        }
        let (status, _) = app.get(&format!("/api/imports/{id}")).await;
        assert_eq!(status, Status::NotFound);
        let listings = count(&app, "SELECT COUNT(*) FROM properties WHERE import_id = $1", id).await;
        assert_eq!(listings, 3, "the listings stay");
    }
}
