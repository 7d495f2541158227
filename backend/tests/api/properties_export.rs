//! The export of listings (issue 25): both formats read back cell by cell, the headers in
//! either language, the catalogue's names, features and images, formula-looking texts kept as
//! text, the list's own search, filters and sort, the empty template and the session.

use std::collections::HashMap;
use std::io::Read;

use rocket::http::{Header, Method, Status};
use rules::language::Language;
use rules::properties::columns::{self, csv_cell_text, COLUMNS};
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::properties::{catalog, create_property, created, full_form, Catalog};

/// A read-back cell: the text of a string cell, a number's or a boolean's value as text.
#[derive(Debug, Clone, PartialEq)]
enum Cell {
    Text(String),
    Number(String),
    Boolean(bool),
}

fn unescape(xml: &str) -> String {
    xml.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

fn column_of(reference: &str) -> usize {
    reference
        .chars()
        .take_while(char::is_ascii_uppercase)
        .fold(0, |n, c| n * 26 + (c as usize - 'A' as usize + 1))
        - 1
}

/// The first worksheet of an .xlsx: its rows, each a map from column index to cell, and
/// whether the sheet reads right to left.
fn sheet(bytes: &[u8]) -> (Vec<HashMap<usize, Cell>>, bool) {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("an .xlsx is a zip");
    let mut xml = String::new();
    archive.by_name("xl/worksheets/sheet1.xml").expect("the sheet").read_to_string(&mut xml).expect("xml");
    let right_to_left = xml.contains("rightToLeft=\"1\"");
    let rows = xml
        .split("<row ")
        .skip(1)
        .map(|row| {
            let row = row.split("</row>").next().unwrap_or_default();
            row.split("<c ")
                .skip(1)
                .map(|cell| {
                    let reference =
                        cell.split("r=\"").nth(1).and_then(|r| r.split('"').next()).expect("a reference");
                    assert!(!cell.contains("<f>"), "never a formula: {cell}");
                    let inner = |tag: &str| {
                        let start = cell.find(&format!("<{tag}"))?;
                        let from = cell[start..].find('>')? + start + 1;
                        let end = cell[from..].find(&format!("</{tag}>"))? + from;
                        Some(unescape(&cell[from..end]))
                    };
                    let value = if cell.contains("t=\"inlineStr\"") || cell.contains("t=\"str\"") {
                        Cell::Text(inner("t").expect("a text"))
                    } else if cell.contains("t=\"b\"") {
                        Cell::Boolean(inner("v").as_deref() == Some("1"))
                    } else {
                        Cell::Number(inner("v").expect("a value"))
                    };
                    (column_of(reference), value)
                })
                .collect()
        })
        .collect();
    (rows, right_to_left)
}

/// RFC 4180 records of a CSV text.
fn csv_records(text: &str) -> Vec<Vec<String>> {
    let (mut records, mut record, mut field) = (Vec::new(), Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    assert!(field.is_empty() && record.is_empty(), "every record ends with CRLF");
    records
}

struct Download {
    status: Status,
    content_type: Option<String>,
    disposition: Option<String>,
    bytes: Vec<u8>,
}

/// Exports with an `Accept-Language` of `language`, as a user who chose that language: the
/// signed-in user's stored choice names the headers, the header only a client without one.
async fn download(app: &TestApp, query: &str, language: Option<&str>) -> Download {
    let mut request = app.client.get(format!("/api/properties/export?{query}"));
    if let Some(language) = language {
        let chosen = Language::from_accept_language(language).tag();
        let preferences = json!({ "language": chosen, "numerals": "latin" });
        let (status, answer) = app.send(Method::Put, "/api/account/preferences", preferences).await;
        assert_eq!(status, Status::Ok, "{answer}");
        request = request.header(Header::new("Accept-Language", language.to_owned()));
    }
    let response = request.dispatch().await;
    Download {
        status: response.status(),
        content_type: response.content_type().map(|c| c.to_string()),
        disposition: response.headers().get_one("Content-Disposition").map(str::to_owned),
        bytes: response.into_bytes().await.unwrap_or_default(),
    }
}

fn index(key: &str) -> usize {
    COLUMNS.iter().position(|c| c.key == key).expect(key)
}

/// The exported rows as text by column key, from the .xlsx.
fn xlsx_rows(bytes: &[u8]) -> Vec<HashMap<&'static str, Cell>> {
    let (rows, _) = sheet(bytes);
    rows.into_iter()
        .skip(1)
        .map(|row| row.into_iter().map(|(n, cell)| (COLUMNS[n].key, cell)).collect())
        .collect()
}

fn text(row: &HashMap<&'static str, Cell>, key: &str) -> Option<String> {
    match row.get(key) {
        Some(Cell::Text(text)) => Some(text.clone()),
        Some(Cell::Number(number)) => Some(number.clone()),
        Some(Cell::Boolean(b)) => Some(b.to_string()),
        None => None,
    }
}

/// Three listings: a villa with features, images and formula-looking texts; a sold flat with
/// no region nor features; a pending house.
async fn listings(app: &TestApp) -> Catalog {
    let catalog = catalog(app).await;
    let pool = created(
        app,
        "/api/property-features",
        json!({ "nameEn": "Pool", "nameAr": "مسبح", "category": "luxury", "displayOrder": 2 }),
    )
    .await;
    let gym = created(
        app,
        "/api/property-features",
        json!({ "nameEn": "Gym", "nameAr": "نادي رياضي", "category": "amenities", "displayOrder": 1 }),
    )
    .await;
    let mut villa = full_form(&catalog, "=HYPERLINK(\"http://evil.example\",\"click\")");
    villa["propertyNumber"] = json!("@A1");
    villa["descriptionEn"] = json!("+971 4 000 0000, \"quoted\"\nsecond line");
    villa["locationEn"] = json!("-5 Abdoun, Amman");
    villa["price"] = json!(250000.5);
    let villa = create_property(app, villa).await;
    let (status, _) = app
        .send(
            Method::Post,
            &format!("/api/properties/{}/features", villa["id"]),
            json!({ "featureIds": [pool["id"], gym["id"]] }),
        )
        .await;
    assert_eq!(status, Status::Ok);
    let mut flat = full_form(&catalog, "Garden Flat");
    flat["propertyNumber"] = json!("#2");
    flat["status"] = json!("sold");
    flat["price"] = json!(90000);
    flat["regionId"] = Value::Null;
    flat["images"] = json!([]);
    flat["isFeatured"] = json!(true);
    create_property(app, flat).await;
    let mut house = full_form(&catalog, "Town House");
    house["propertyNumber"] = json!("#3");
    house["status"] = json!("pending");
    house["price"] = json!(120000);
    create_property(app, house).await;
    catalog
}

/// `aqar seed ARGS` on the app's database.
async fn seed(app: &TestApp, args: &[&str]) {
    let url = app.database_url().to_owned();
    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    let output = rocket::tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_aqar"))
            .arg("seed")
            .args(args)
            .env("DATABASE_URL", url)
            .env("AQAR_SITE_PORT", "off")
            .env("ROCKET_LOG_LEVEL", "off")
            .output()
            .expect("aqar runs")
    })
    .await
    .expect("joined");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}

async fn execute(app: &TestApp, sql: &str) {
    sqlx::query(sql).execute(app.pool()).await.expect(sql);
}

both_databases! {
    // 1,250 listings: two full chunks of 500 and a shorter one, each listing's images and
    // features found for it and no other.
    async fn listings_across_chunks_keep_their_own_images_and_features(app) {
        seed(&app, &["--properties", "1250"]).await;
        execute(&app, "DELETE FROM property_images").await;
        execute(&app, "DELETE FROM property_feature_assignments").await;
        execute(&app, "INSERT INTO property_images (property_id, position, reference) \
            SELECT id, 0, 'https://img.example/' || property_number || '.jpg' FROM properties").await;
        execute(&app, "INSERT INTO property_images (property_id, position, reference) \
            SELECT id, 1, 'https://img.example/' || property_number || '-2.jpg' FROM properties WHERE id % 3 = 0").await;
        execute(&app, "INSERT INTO property_feature_assignments (property_id, feature_id) \
            SELECT id, (SELECT MIN(id) FROM property_features) FROM properties WHERE id % 2 = 0").await;
        app.login_admin().await;
        let answer = download(&app, "format=csv&sort=propertyNumber", None).await;
        assert_eq!(answer.status, Status::Ok);
        let csv = String::from_utf8(answer.bytes[3..].to_vec()).expect("UTF-8");
        let records = csv_records(&csv);
        assert_eq!(records.len(), 1251);
        let numbers: Vec<&str> = records[1..].iter().map(|r| r[index("propertyNumber")].as_str()).collect();
        let mut sorted = numbers.clone();
        sorted.sort_unstable();
        assert_eq!(numbers, sorted, "in the list's order");
        let mut two_images = 0;
        for record in &records[1..] {
            let number = &record[index("propertyNumber")];
            let images: Vec<&str> = record[index("images")].split('\n').collect();
            assert_eq!(images[0], format!("https://img.example/{number}.jpg"));
            if let Some(second) = images.get(1) {
                assert_eq!(*second, format!("https://img.example/{number}-2.jpg"));
                two_images += 1;
            }
        }
        assert_eq!(two_images, 416);
        let featured = records[1..].iter().filter(|r| !r[index("features")].is_empty() && !r[index("featuresAr")].is_empty()).count();
        assert_eq!(featured, 625);
        let answer = download(&app, "format=xlsx&sort=propertyNumber", None).await;
        let rows = xlsx_rows(&answer.bytes);
        assert_eq!(rows.len(), 1250);
        let xlsx_numbers: Vec<Option<String>> = rows.iter().map(|r| text(r, "propertyNumber")).collect();
        assert_eq!(xlsx_numbers, numbers.iter().map(|n| Some((*n).to_owned())).collect::<Vec<_>>());
    }

    async fn the_workbook_holds_every_listing_with_names_features_images_and_text_kept_text(app) {
        let refused = download(&app, "format=xlsx", None).await;
        assert_eq!(refused.status, Status::Unauthorized, "a signed-in user's only");
        app.login_admin().await;
        listings(&app).await;
        let answer = download(&app, "format=xlsx&sort=price", None).await;
        assert_eq!(answer.status, Status::Ok);
        assert_eq!(answer.content_type.as_deref(), Some("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"));
        let disposition = answer.disposition.expect("a file name");
        assert!(disposition.starts_with("attachment; filename=\"properties-") && disposition.contains(".xlsx\"; filename*=UTF-8''properties-"), "{disposition}");
        let (rows, right_to_left) = sheet(&answer.bytes);
        assert!(!right_to_left);
        let header: Vec<Cell> = (0..COLUMNS.len()).map(|n| rows[0][&n].clone()).collect();
        let english: Vec<Cell> = columns::headers(Language::En).map(|h| Cell::Text(h.to_owned())).collect();
        assert_eq!(header, english, "one header row, every column, in English");
        let rows = xlsx_rows(&answer.bytes);
        let titles: Vec<Option<String>> = rows.iter().map(|r| text(r, "titleEn")).collect();
        assert_eq!(titles, [Some("Garden Flat".into()), Some("Town House".into()), Some("=HYPERLINK(\"http://evil.example\",\"click\")".into())], "by price");
        let villa = &rows[2];
        for (key, expected) in [
            ("propertyNumber", Cell::Text("@A1".into())),
            ("descriptionEn", Cell::Text("+971 4 000 0000, \"quoted\"\nsecond line".into())),
            ("locationEn", Cell::Text("-5 Abdoun, Amman".into())),
            ("titleAr", Cell::Text("فيلا بإطلالة بحرية".into())),
            ("price", Cell::Number("250000.5".into())),
            ("currency", Cell::Text("USD".into())),
            ("plotArea", Cell::Number("500.5".into())),
            ("country", Cell::Text("Jordan".into())),
            ("countryAr", Cell::Text("الأردن".into())),
            ("city", Cell::Text("Amman".into())),
            ("cityAr", Cell::Text("عمّان".into())),
            ("region", Cell::Text("Abdoun".into())),
            ("regionAr", Cell::Text("عبدون".into())),
            ("category", Cell::Text("Residential".into())),
            ("categoryAr", Cell::Text("سكني".into())),
            ("propertyType", Cell::Text("Villa".into())),
            ("propertyTypeAr", Cell::Text("فيلا".into())),
            ("continent", Cell::Text("Asia".into())),
            ("status", Cell::Text("active".into())),
            ("displayType", Cell::Text("public".into())),
            ("facing", Cell::Text("southwest".into())),
            ("isFeatured", Cell::Boolean(false)),
            ("buildingTypeNew", Cell::Text("Villa".into())),
            ("buildingCondition", Cell::Text("Good".into())),
            ("yearBuilt", Cell::Number("2015".into())),
            ("floorNumberUnit", Cell::Number("0".into())),
            ("elevatorsAvailable", Cell::Boolean(true)),
            ("bedroom", Cell::Number("5".into())),
            ("kitchen", Cell::Number("0".into())),
            ("hasCentralAC", Cell::Boolean(true)),
            ("furnished", Cell::Boolean(false)),
            ("features", Cell::Text("Gym; Pool".into())),
            ("featuresAr", Cell::Text("نادي رياضي; مسبح".into())),
            ("images", Cell::Text("/media/aaaa.png\nhttps://images.unsplash.com/photo.jpg\n/media/bbbb.jpg".into())),
            ("videoUrl", Cell::Text("https://example.com/tour.mp4".into())),
            ("maintenanceFee", Cell::Number("1200.5".into())),
            ("propertyTax", Cell::Number("300".into())),
        ] {
            assert_eq!(villa.get(key), Some(&expected), "{key}");
        }
        assert_eq!(villa.get("virtualTourUrl"), None, "an empty text is an empty cell");
        let flat = &rows[0];
        assert_eq!((flat.get("region"), flat.get("regionAr"), flat.get("features"), flat.get("images")), (None, None, None, None));
        assert_eq!(flat.get("isFeatured"), Some(&Cell::Boolean(true)));
        assert_eq!(flat.get("status"), Some(&Cell::Text("sold".into())));
    }

    async fn the_csv_has_a_bom_arabic_headers_and_quotes_formula_looking_texts(app) {
        app.login_admin().await;
        listings(&app).await;
        let answer = download(&app, "format=csv&sort=-price", Some("ar-JO,ar;q=0.9,en;q=0.5")).await;
        assert_eq!(answer.status, Status::Ok);
        assert_eq!(answer.content_type.as_deref(), Some("text/csv; charset=utf-8"));
        let disposition = answer.disposition.expect("a file name");
        assert!(disposition.starts_with("attachment; filename=\"properties-"), "an ASCII name for old clients: {disposition}");
        assert!(disposition.contains("filename*=UTF-8''%D8%A7%D9%84%D8%B9%D9%82%D8%A7%D8%B1%D8%A7%D8%AA-"), "the Arabic name: {disposition}");
        assert!(answer.bytes.starts_with("\u{FEFF}".as_bytes()), "UTF-8 with a byte-order mark");
        let text = String::from_utf8(answer.bytes[3..].to_vec()).expect("UTF-8");
        let records = csv_records(&text);
        let arabic: Vec<String> = columns::headers(Language::Ar).map(str::to_owned).collect();
        assert_eq!(records[0], arabic, "one header row, in Arabic");
        assert_eq!(records.len(), 4);
        assert!(records.iter().all(|r| r.len() == COLUMNS.len()));
        let villa = &records[1];
        assert_eq!(villa[index("titleEn")], "'=HYPERLINK(\"http://evil.example\",\"click\")");
        assert_eq!(villa[index("propertyNumber")], "'@A1");
        assert_eq!(villa[index("descriptionEn")], "'+971 4 000 0000, \"quoted\"\nsecond line");
        assert_eq!(villa[index("locationEn")], "'-5 Abdoun, Amman");
        assert_eq!(csv_cell_text(&villa[index("titleEn")]), "=HYPERLINK(\"http://evil.example\",\"click\")", "the import takes the quote away");
        assert_eq!(csv_cell_text(&villa[index("locationEn")]), "-5 Abdoun, Amman");
        for (key, expected) in [
            ("titleAr", "فيلا بإطلالة بحرية"),
            ("price", "250000.5"),
            ("area", "320"),
            ("cityAr", "عمّان"),
            ("categoryAr", "سكني"),
            ("isFeatured", "false"),
            ("hasCentralAC", "true"),
            ("bedroom", "5"),
            ("features", "Gym; Pool"),
            ("featuresAr", "نادي رياضي; مسبح"),
            ("images", "/media/aaaa.png\nhttps://images.unsplash.com/photo.jpg\n/media/bbbb.jpg"),
            ("virtualTourUrl", ""),
            ("maintenanceFee", "1200.5"),
        ] {
            assert_eq!(villa[index(key)], expected, "{key}");
        }
        assert_eq!(records[2][index("titleEn")], "Town House");
        assert_eq!(records[3][index("region")], "", "no region");
        // The Arabic workbook reads right to left.
        let answer = download(&app, "format=xlsx&template=true", Some("ar")).await;
        let (rows, right_to_left) = sheet(&answer.bytes);
        assert!(right_to_left);
        assert_eq!(rows[0][&0], Cell::Text("رقم العقار".into()));
    }

    async fn the_export_takes_the_lists_own_search_filters_and_sort(app) {
        app.login_admin().await;
        let catalog = listings(&app).await;
        let other = created(&app, "/api/categories", json!({ "nameEn": "Commercial", "nameAr": "تجاري" })).await;
        let mut shop = full_form(&catalog, "Corner Shop");
        shop["categoryId"] = other["id"].clone();
        shop["status"] = json!("sold");
        create_property(&app, shop).await;
        for query in [
            "status=sold",
            "status=sold&sort=titleEn",
            "q=house",
            "q=%D9%81%D9%8A%D9%84%D8%A7&sort=-price", // فيلا
            &format!("categoryId={}", other["id"]),
            "isFeatured=true",
            "status=active&q=nothing-matches-this",
        ] {
            let (status, list) = app.get(&format!("/api/properties?{query}&page=1&pageSize=100")).await;
            assert_eq!(status, Status::Ok, "{query}");
            let expected: Vec<Option<String>> = list.as_array().expect("a list").iter().map(|p| p["titleEn"].as_str().map(str::to_owned)).collect();
            let answer = download(&app, &format!("{query}&format=xlsx"), None).await;
            assert_eq!(answer.status, Status::Ok, "{query}");
            let titles: Vec<Option<String>> = xlsx_rows(&answer.bytes).iter().map(|r| text(r, "titleEn")).collect();
            assert_eq!(titles, expected, "{query}");
            let answer = download(&app, &format!("{query}&format=csv"), None).await;
            let text = String::from_utf8(answer.bytes[3..].to_vec()).expect("UTF-8");
            let csv_titles: Vec<Option<String>> = csv_records(&text).iter().skip(1).map(|r| Some(csv_cell_text(&r[index("titleEn")]).to_owned())).collect();
            assert_eq!(csv_titles, titles, "{query}: both formats hold the same listings");
        }
        let answer = download(&app, "sort=-titleEn&page=2&pageSize=1", None).await;
        let titles: Vec<Option<String>> = xlsx_rows(&answer.bytes).iter().map(|r| text(r, "titleEn")).collect();
        assert_eq!(titles.len(), 4, "every page: paging is ignored");
        assert_eq!(titles[0].as_deref(), Some("Town House"));
        for query in ["format=pdf", "format=csv&format=xlsx", "template=yes", "status=closed", "offset=900", "sort=bedrooms"] {
            assert_eq!(download(&app, query, None).await.status, Status::BadRequest, "{query}");
        }
    }

    async fn the_template_is_the_header_row_alone(app) {
        app.login_admin().await;
        listings(&app).await;
        let answer = download(&app, "template=true", None).await;
        assert_eq!(answer.status, Status::Ok);
        assert_eq!(answer.disposition.as_deref(), Some("attachment; filename=\"properties-template.xlsx\"; filename*=UTF-8''properties-template.xlsx"));
        let (rows, _) = sheet(&answer.bytes);
        assert_eq!(rows.len(), 1, "the header alone");
        assert_eq!(rows[0].len(), COLUMNS.len());
        let answer = download(&app, "template=true&format=csv&status=sold", Some("ar")).await;
        let text = String::from_utf8(answer.bytes[3..].to_vec()).expect("UTF-8");
        let records = csv_records(&text);
        assert_eq!(records.len(), 1);
        assert_eq!(records[0], columns::headers(Language::Ar).map(str::to_owned).collect::<Vec<_>>());
        // The export's own headers are what the import's suggestion maps back.
        let keys: Vec<Option<&str>> = COLUMNS.iter().map(|c| Some(c.key)).collect();
        assert_eq!(columns::suggest_mapping(&records[0]), keys);
    }
}
