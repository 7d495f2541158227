//! The contact requests' exports (core-panel.md §4; issue 9): the posted list and the
//! period read from the database, both read back from the .xlsx, the periods at their edges.

use std::io::Read;

use rocket::http::{ContentType, Status};
use serde_json::{json, Value};

use crate::contacts::stored;
use crate::helpers::TestApp;

/// The cells of the first worksheet of an .xlsx, row by row, as (reference, type, xml).
pub(crate) fn cells(bytes: &[u8]) -> Vec<Vec<String>> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("an .xlsx is a zip");
    let mut xml = String::new();
    archive.by_name("xl/worksheets/sheet1.xml").expect("the sheet").read_to_string(&mut xml).expect("xml");
    xml.split("<row ")
        .skip(1)
        .map(|row| {
            row.split("<c ")
                .skip(1)
                .map(|cell| cell.split("</c>").next().unwrap_or_default().to_owned())
                .collect()
        })
        .collect()
}

pub(crate) fn text_of(cell: &str) -> Option<&str> {
    let start = cell.find("<t>").or_else(|| cell.find("<t xml:space=\"preserve\">"))?;
    let from = cell[start..].find('>')? + start + 1;
    let end = cell[from..].find("</t>")? + from;
    Some(&cell[from..end])
}

async fn export_get(app: &TestApp, query: &str) -> (Status, Option<String>, Vec<u8>) {
    let response = app.client.get(format!("/api/contact-requests/export?{query}")).dispatch().await;
    let status = response.status();
    let disposition = response.headers().get_one("Content-Disposition").map(str::to_owned);
    (status, disposition, response.into_bytes().await.unwrap_or_default())
}

both_databases! {
    async fn the_posted_export_keeps_formula_looking_text_as_text_and_arabic_intact(app) {
        app.login_admin().await;
        let requests = json!({ "requests": [
            { "id": 7, "name": "=HYPERLINK(\"http://evil\")", "email": "+1@example.com", "phone": "-5", "subject": "@SUM(A1)",
              "message": "مرحباً، أرغب في المعاينة", "status": "responded", "propertyId": 3, "language": "ar", "createdAt": "2026-01-31T14:05:00Z" }
        ] });
        let response = app.client.post("/api/contact-requests/export").header(ContentType::JSON).body(requests.to_string()).dispatch().await;
        assert_eq!(response.status(), Status::Ok);
        assert_eq!(response.content_type().map(|ct| ct.to_string()), Some("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".into()));
        assert!(response.headers().get_one("Content-Disposition").is_some_and(|d| d.starts_with("attachment; filename=\"contact_requests_")));
        let bytes = response.into_bytes().await.expect("a workbook");
        let rows = cells(&bytes);
        assert_eq!(rows.len(), 2, "the header and one request");
        let header: Vec<&str> = rows[0].iter().filter_map(|c| text_of(c)).collect();
        assert_eq!(header, ["ID", "Name", "Email", "Phone", "Subject", "Message", "Status", "Property ID", "Language", "Date"]);
        let row = &rows[1];
        for (index, expected) in [(1, "=HYPERLINK(\"http://evil\")"), (2, "+1@example.com"), (3, "-5"), (4, "@SUM(A1)"), (5, "مرحباً، أرغب في المعاينة"), (6, "Responded")] {
            assert!(row[index].contains("t=\"inlineStr\"") || row[index].contains("t=\"str\""), "{}", row[index]);
            assert!(!row[index].contains("<f>"), "never a formula: {}", row[index]);
            assert_eq!(text_of(&row[index]), Some(expected));
        }
        let date = &row[9];
        assert!(date.contains(" s=\"") && !date.contains("t=\"") && date.contains("<v>46053.58"), "an Excel date: {date}");
    }

    async fn a_posted_body_that_is_not_the_calls_json_is_400(app) {
        app.login_admin().await;
        for body in ["{\"rows\": []}", "{\"requests\": [", "[]", "{\"requests\": [{\"name\": \"a\\u0000b\"}]}"] {
            let response = app.client.post("/api/contact-requests/export").header(ContentType::JSON).body(body).dispatch().await;
            assert_eq!(response.status(), Status::BadRequest, "{body}");
        }
        let response = app.client.post("/api/contact-requests/export?offset=120&offset=60").header(ContentType::JSON)
            .body("{\"requests\": []}").dispatch().await;
        assert_eq!(response.status(), Status::BadRequest, "one offset");
        let response = app.client.post("/api/contact-requests/export").header(ContentType::JSON).body("{\"requests\": []}").dispatch().await;
        assert_eq!(response.status(), Status::Ok, "an empty list is an empty workbook");
        assert_eq!(cells(&response.into_bytes().await.expect("bytes")).len(), 1, "the header alone");
    }

    async fn the_period_export_reads_its_range_from_the_database_edges_included(app) {
        for (name, at) in [
            ("before", "2026-01-09T23:59:59Z"), ("first", "2026-01-10T00:00:00Z"),
            ("last", "2026-01-12T23:59:59Z"), ("after", "2026-01-13T00:00:00Z"),
        ] {
            stored(&app, name, at).await;
        }
        app.login_admin().await;
        let (status, name, bytes) = export_get(&app, "period=custom&from=2026-01-10&to=2026-01-12&now=2026-02-01T10:00:00").await;
        assert_eq!(status, Status::Ok);
        assert_eq!(name.as_deref(), Some("attachment; filename=\"contact_requests_2026-01-10_to_2026-01-12_2026-02-01.xlsx\""));
        let names: Vec<String> = cells(&bytes).iter().skip(1).filter_map(|row| text_of(&row[1]).map(str::to_owned)).collect();
        assert_eq!(names, ["first", "last"]);
        // Two hours east of UTC, the local days begin two hours earlier.
        let (_, _, bytes) = export_get(&app, "period=custom&from=2026-01-10&to=2026-01-12&now=2026-02-01T10:00:00&offset=120").await;
        let names: Vec<String> = cells(&bytes).iter().skip(1).filter_map(|row| text_of(&row[1]).map(str::to_owned)).collect();
        assert_eq!(names, ["before", "first"]);
        let (_, name, bytes) = export_get(&app, "period=all&now=2026-02-01T10:00:00").await;
        assert_eq!(name.as_deref(), Some("attachment; filename=\"contact_requests_all_2026-02-01.xlsx\""));
        assert_eq!(cells(&bytes).len(), 5);
        let (_, _, bytes) = export_get(&app, "period=today&now=2026-01-12T08:00:00").await;
        let names: Vec<String> = cells(&bytes).iter().skip(1).filter_map(|row| text_of(&row[1]).map(str::to_owned)).collect();
        assert_eq!(names, ["last", "after"], "today runs on from midnight");
        let (_, _, bytes) = export_get(&app, "period=week&now=2026-01-17T00:00:00").await;
        let names: Vec<String> = cells(&bytes).iter().skip(1).filter_map(|row| text_of(&row[1]).map(str::to_owned)).collect();
        assert_eq!(names, ["first", "last", "after"], "exactly seven days back");
        let (status, _, body) = export_get(&app, "period=custom&from=2026-01-10").await;
        assert_eq!(status, Status::UnprocessableEntity);
        let body: Value = serde_json::from_slice(&body).expect("json");
        assert_eq!(body["errors"], json!({ "to": "This field is required" }));
        assert_eq!(export_get(&app, "period=decade").await.0, Status::BadRequest);
    }
}
