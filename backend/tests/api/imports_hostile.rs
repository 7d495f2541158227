//! No spreadsheet can hurt the server (issue 37): each hostile file is uploaded to the real
//! binary, which must answer 422 with the rules' message, keep answering, and never have
//! held more than 150 MB (its peak resident size, read from /proc); the column and cell
//! limits hold in every format.

use std::io::{Read, Write};
use std::time::Duration;

use rocket::http::Status;
use rules::messages;
use serde_json::Value;

use crate::helpers::TestApp;
use crate::imports::{multipart, spawn_server, upload};
use crate::imports_hostile_files as files;

/// The most one import may make the server hold.
const MAX_PEAK_KB: u64 = 150 * 1024;

/// One HTTP/1.1 exchange: the status and the body.
fn exchange(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> (u16, String) {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connects");
    stream.set_read_timeout(Some(Duration::from_secs(300))).expect("a timeout");
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).expect("sends");
    stream.write_all(body).expect("sends");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, answer)
}

/// The server's peak resident size so far, in kB.
fn peak_kb(server: &std::process::Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.id())).expect("the server runs");
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a peak")
}

/// A server of its own, signed in: what uploading `bytes` as `name` answers, with the
/// server's peak resident size (kB) before and after. The server must still be up.
pub fn upload_to_a_server(app: &TestApp, name: &str, bytes: &[u8]) -> (u16, Value, u64, u64) {
    let (mut server, port) = spawn_server(app);
    let login = format!(
        r#"{{"username":"{}","password":"{}"}}"#,
        crate::helpers::ADMIN,
        crate::helpers::ADMIN_PASSWORD
    );
    let (status, answer) =
        exchange(port, "POST", "/api/login", &[("Content-Type", "application/json")], login.as_bytes());
    assert_eq!(status, 200, "{answer}");
    let cookie = answer
        .lines()
        .filter_map(|line| line.split_once(": ").filter(|(n, _)| n.eq_ignore_ascii_case("set-cookie")))
        .filter_map(|(_, value)| value.split(';').next())
        .find(|cookie| cookie.starts_with("aqar_session="))
        .unwrap_or_else(|| panic!("a session cookie: {answer}"))
        .to_owned();
    let before = peak_kb(&server);
    let content_type = format!("multipart/form-data; boundary={}", crate::imports::BOUNDARY);
    let (status, answer) = exchange(
        port,
        "POST",
        "/api/imports/properties",
        &[("Cookie", &cookie), ("Content-Type", &content_type)],
        &multipart(name, bytes),
    );
    let alive = server.try_wait().expect("the server's state").is_none();
    assert!(alive, "{name}: the server is still up ({status})");
    let (health, _) = exchange(port, "GET", "/healthz", &[], b"");
    assert_eq!(health, 200, "{name}: the server still answers");
    let after = peak_kb(&server);
    let _ = server.kill();
    let _ = server.wait();
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    let body = serde_json::from_str(body).unwrap_or(Value::Null);
    eprintln!(
        "{name} ({} bytes): {status}, peak {before} kB before the upload, {after} kB after",
        bytes.len()
    );
    (status, body, before, after)
}

/// Uploads `bytes` to a server of its own: refused with `message`, held at most 150 MB.
fn refused_within_bounds(app: &TestApp, name: &str, bytes: &[u8], message: &str) {
    let (status, body, _, peak) = upload_to_a_server(app, name, bytes);
    assert_eq!(status, 422, "{name}: {body}");
    assert_eq!(body["errors"]["file"], message, "{name}: {body}");
    assert!(peak <= MAX_PEAK_KB, "{name}: the server held {peak} kB");
}

both_databases! {
    async fn an_xlsx_declaring_a_quadrillion_shared_strings_is_refused_and_the_server_stays_up(app) {
        let file = files::xlsx_declaring_a_quadrillion_strings();
        assert!(file.len() < 2048, "{} bytes", file.len());
        refused_within_bounds(&app, "quadrillion.xlsx", &file, messages::IMPORT_SHARED_TEXT_TOO_LARGE);
    }

    async fn an_ods_row_16384_columns_wide_repeated_is_refused_within_bounds(app) {
        let wide = files::ods_row(&files::ods_cell("x", 16_384), 1_048_576);
        refused_within_bounds(&app, "wide.ods", &files::ods(&wide), messages::IMPORT_TOO_MANY_COLUMNS);
        // Under a header of one column, the same row is cut to it, and its copies count
        // toward the rows the import may keep: ten times the file (ADR 0027).
        let rows = files::ods_row(&files::ods_cell("Title (English)", 1), 1) + &wide;
        refused_within_bounds(&app, "wide-rows.ods", &files::ods(&rows), messages::IMPORT_ROWS_TOO_LARGE);
    }

    async fn an_ods_of_repeated_strings_is_refused_within_bounds(app) {
        let long = "Villa with a sea view ".repeat(450);
        let rows = files::ods_row(&files::ods_cell(&long, 200), 1_048_576);
        refused_within_bounds(&app, "strings.ods", &files::ods(&rows), messages::IMPORT_UNPACKED_TOO_LARGE);
    }

    async fn a_sparse_xls_with_cells_at_a1_and_iv65536_is_refused_within_bounds(app) {
        let file = files::xls(&[files::xls_label(0, 0, "Title (English)"), files::xls_number(65_535, 255, 1.0)]);
        refused_within_bounds(&app, "sparse.xls", &file, messages::IMPORT_XLS_TOO_LARGE);
    }

    async fn an_xlsx_with_a_100_mb_inline_cell_is_refused_within_bounds(app) {
        let file = files::xlsx_with_a_huge_inline_cell(100);
        refused_within_bounds(&app, "inline.xlsx", &file, messages::IMPORT_CELL_TOO_LONG);
    }

    async fn an_xlsx_whose_cells_repeat_a_long_shared_string_is_read_within_bounds(app) {
        // 200 rows of 200 cells, each the same 10,000 characters: 400 MB of text, held a
        // megabyte at a time on its way to the database.
        let long = "a".repeat(rules::imports::MAX_CELL_CHARS);
        let names: Vec<String> = (0..200).map(|c| format!("C{c}")).collect();
        let mut strings: Vec<&str> = names.iter().map(String::as_str).collect();
        strings.push(&long);
        let mut rows = String::from(r#"<row r="1">"#);
        rows.extend((0..200).map(|c| format!(r#"<c t="s"><v>{c}</v></c>"#)));
        rows.push_str("</row>");
        for r in 2..=201 {
            rows.push_str(&format!(r#"<row r="{r}">"#));
            rows.extend((0..200).map(|_| r#"<c t="s"><v>200</v></c>"#));
            rows.push_str("</row>");
        }
        let file = files::xlsx(&files::shared_strings("201", &strings), rows.as_bytes());
        let (status, body, _, peak) = upload_to_a_server(&app, "repeated.xlsx", &file);
        assert!(status == 201 || status == 422, "{status}: {body}");
        assert!(peak <= MAX_PEAK_KB, "the server held {peak} kB");
    }

    async fn a_csv_of_one_19_mb_cell_is_refused_within_bounds(app) {
        // In the header, so that nothing is stored: what is measured is the reading.
        let mut file = b"\"".to_vec();
        file.resize(19 * 1024 * 1024, b'a');
        file.extend_from_slice(b"\"\n");
        let started = std::time::Instant::now();
        refused_within_bounds(&app, "one-cell.csv", &file, messages::IMPORT_CELL_TOO_LONG);
        assert!(started.elapsed() < Duration::from_secs(60), "{:?}", started.elapsed());
    }

    async fn a_header_over_200_columns_is_refused_in_every_format_before_its_rows(app) {
        app.login_admin().await;
        let names: Vec<String> = (0..201).map(|c| format!("C{c}")).collect();
        // The row after each header would be refused for a cell too long, were it read.
        let long = "a".repeat(rules::imports::MAX_CELL_CHARS + 1);
        let csv = format!("{}\n{long}\n", names.join(","));
        let inline = format!(r#"<row r="2"><c r="A2" t="inlineStr"><is><t>{long}</t></is></c></row>"#);
        let xlsx = files::xlsx(&files::shared_strings("0", &[]), (files::xlsx_row(1, 201) + &inline).as_bytes());
        let header: String = names.iter().map(|n| files::ods_cell(n, 1)).collect();
        let ods = files::ods(&(files::ods_row(&header, 1) + &files::ods_row(&files::ods_cell(&long, 1), 1)));
        let mut cells: Vec<Vec<u8>> = names.iter().enumerate().map(|(c, n)| files::xls_label(0, c as u16, n)).collect();
        cells.push(files::xls_label(1, 0, &"a".repeat(300)));
        let xls = files::xls(&cells);
        for (name, bytes) in [("wide.csv", csv.into_bytes()), ("wide.xlsx", xlsx), ("wide.ods", ods), ("wide.xls", xls)] {
            let (status, body) = crate::helpers::read(upload(&app, name, &bytes, "en").await).await;
            assert_eq!(status, Status::UnprocessableEntity, "{name}");
            assert_eq!(body["errors"]["file"], messages::IMPORT_TOO_MANY_COLUMNS, "{name}: {body}");
        }
        // 200 columns are taken.
        let csv = format!("{}\nv\n", names[..200].join(","));
        let (status, body) = crate::helpers::read(upload(&app, "200.csv", csv.as_bytes(), "en").await).await;
        assert_eq!(status, Status::Created, "{body}");
        assert_eq!(body["columns"].as_array().map(Vec::len), Some(200));
    }

    async fn a_csv_header_of_a_million_columns_is_refused(app) {
        app.login_admin().await;
        let header = vec!["c"; 1_000_000].join(",");
        let (status, body) = crate::helpers::read(upload(&app, "million.csv", header.as_bytes(), "en").await).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["file"], messages::IMPORT_TOO_MANY_COLUMNS, "{body}");
    }

    async fn a_cell_over_10000_characters_is_refused_in_every_format(app) {
        app.login_admin().await;
        let fits = "a".repeat(rules::imports::MAX_CELL_CHARS);
        let long = "a".repeat(rules::imports::MAX_CELL_CHARS + 1);
        let (status, body) = crate::helpers::read(upload(&app, "fits.csv", format!("Title (English)\n{fits}\n").as_bytes(), "en").await).await;
        assert_eq!(status, Status::Created, "{body}");
        let csv = format!("Title (English)\n{long}\n").into_bytes();
        let xlsx = files::xlsx(&files::shared_strings("2", &["Title (English)", &long]), br#"<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>"#);
        let ods = files::ods(&(files::ods_row(&files::ods_cell("Title (English)", 1), 1) + &files::ods_row(&files::ods_cell(&long, 1), 1)));
        for (name, bytes) in [("long.csv", csv), ("long.xlsx", xlsx), ("long.ods", ods)] {
            let (status, body) = crate::helpers::read(upload(&app, name, &bytes, "en").await).await;
            assert_eq!(status, Status::UnprocessableEntity, "{name}");
            assert_eq!(body["errors"]["file"], messages::IMPORT_CELL_TOO_LONG, "{name}: {body}");
        }
    }

    async fn xml_entities_are_refused(app) {
        app.login_admin().await;
        let strings = r#"<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&b;</t></si></sst>"#;
        let file = files::xlsx(strings, br#"<row r="1"><c r="A1" t="s"><v>0</v></c></row>"#);
        let (status, body) = crate::helpers::read(upload(&app, "entities.xlsx", &file, "en").await).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["file"], messages::IMPORT_NOT_A_SPREADSHEET, "{body}");
    }
}

both_databases! {
    async fn a_legitimate_50000_row_xlsx_is_taken_within_bounds(app) {
        use crate::imports::{basic_row, english, xlsx_of, BASIC};
        let rows: Vec<Vec<String>> = (0..rules::imports::MAX_ROWS)
            .map(|n| basic_row(&format!("L-{n:05}"), &format!("Listing number {n}"), &format!("{}", 1000 + n)))
            .collect();
        let file = xlsx_of(&english(&BASIC), &rows);
        drop(rows);
        let (status, body, _, peak) = upload_to_a_server(&app, "listings.xlsx", &file);
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["rowCount"], rules::imports::MAX_ROWS, "{body}");
        assert!(peak <= MAX_PEAK_KB, "the server held {peak} kB");
    }
}
