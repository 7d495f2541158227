//! The two migration sets stay in lock-step: the same tables with the same columns.

use std::collections::BTreeMap;

use sqlx::Row;

use crate::helpers::{Backend, TestApp};

async fn columns(app: &TestApp) -> BTreeMap<String, Vec<String>> {
    let sql = match app.backend {
        Backend::Sqlite => {
            // Ordinary tables only: a full-text index is a virtual table with shadow tables of
            // its own, SQLite's counterpart of an index in PostgreSQL.
            "SELECT m.name AS table_name, p.name AS column_name FROM sqlite_master m \
             JOIN pragma_table_list t ON t.name = m.name AND t.schema = 'main' \
             JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND t.type = 'table' \
             AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '\\_sqlx%' ESCAPE '\\' ORDER BY 1, 2"
        }
        Backend::Postgres => {
            "SELECT table_name::text AS table_name, column_name::text AS column_name FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name NOT LIKE '\\_sqlx%' ORDER BY 1, 2"
        }
    };
    let mut tables: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for row in sqlx::query(sql).fetch_all(app.pool()).await.expect("catalog") {
        let table: String = row.get("table_name");
        tables.entry(table).or_default().push(row.get("column_name"));
    }
    tables
}

#[rocket::async_test]
async fn both_dialects_have_the_same_tables_and_columns() {
    let sqlite = TestApp::spawn(Backend::Sqlite).await.expect("SQLite app");
    let Some(postgres) = TestApp::spawn(Backend::Postgres).await else {
        return;
    };
    let (a, b) = (columns(&sqlite).await, columns(&postgres).await);
    assert!(a.contains_key("users") && a.contains_key("sessions"));
    assert_eq!(a, b);
}

/// The frontend's types are generated from this schema (`make types`); it must be current.
/// With `AQAR_UPDATE_SCHEMA=1` the test writes it instead.
#[test]
fn the_frontend_type_schema_is_current() {
    let schema = sorted(aqar::platform::openapi::type_schema(&aqar::api()));
    assert_frontend_file_current("schema.json", &schema);
}

/// The frontend's request paths, parameters and answers are typed from the OpenAPI document
/// the server serves at `/api/openapi.json` (`make types`); its checked-in copy must be
/// current. With `AQAR_UPDATE_SCHEMA=1` the test writes it instead.
#[test]
fn the_frontend_api_document_is_current() {
    let document = sorted(aqar::platform::openapi::document(&aqar::api()));
    assert_frontend_file_current("openapi.json", &document);
}

/// The browser's rules are built without the fixed messages' Arabic and are given it from
/// this table, loaded only when the interface is Arabic (`make types`); it must be current.
/// With `AQAR_UPDATE_SCHEMA=1` the test writes it instead.
#[test]
fn the_frontend_arabic_messages_are_current() {
    let table: serde_json::Map<String, serde_json::Value> = rules::messages::TABLE
        .iter()
        .map(|(english, arabic)| ((*english).to_owned(), serde_json::Value::from(*arabic)))
        .collect();
    assert_frontend_file_current("messages.ar.json", &sorted(serde_json::Value::Object(table)));
}

/// Compares `value` with `frontend/src/generated/<name>`, or writes it there when
/// `AQAR_UPDATE_SCHEMA=1`.
fn assert_frontend_file_current(name: &str, value: &serde_json::Value) {
    let text = format!("{}\n", serde_json::to_string_pretty(value).expect("serialisable"));
    let path = format!("{}/../frontend/src/generated/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var("AQAR_UPDATE_SCHEMA").is_ok_and(|v| v == "1") {
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{name} written: {e}"));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(committed == text, "frontend/src/generated/{name} is stale: run 'make types' and commit it");
}

/// Keys in name order at every depth: serde_json keeps insertion order when another crate of
/// the build enables `preserve_order` (the rules' tests do), and the file must not depend on
/// which crates were built together.
fn sorted(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Object(fields) => {
            let mut fields: Vec<(String, Value)> = fields.into_iter().collect();
            fields.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(fields.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
        other => other,
    }
}

/// Every connection of the pool keeps SQLite's statement journals and temporary B-trees in
/// memory: in files, an import of 50,000 rows wrote 3 GB more than it did in memory.
#[rocket::async_test]
async fn sqlite_connections_keep_temporary_data_in_memory() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite app");
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut conn = app.pool().acquire().await.expect("a connection");
        let store: i64 =
            sqlx::query_scalar("PRAGMA temp_store").fetch_one(&mut *conn).await.expect("temp_store");
        assert_eq!(store, 2, "temp_store = MEMORY");
        held.push(conn);
    }
}
