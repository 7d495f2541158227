//! Spawning the app for a test: a fresh SQLite file or a fresh PostgreSQL database,
//! dropped when the test ends, so runs never see each other's rows.

use std::sync::atomic::{AtomicU32, Ordering};

use rocket::http::{ContentType, Status};
use rocket::local::asynchronous::{Client, LocalResponse};
use serde_json::{json, Value};
use sqlx::Connection;

pub const ADMIN: &str = "admin";
pub const ADMIN_PASSWORD: &str = "test-admin-password";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct TestApp {
    pub client: Client,
    pub backend: Backend,
    url: String,
    database: Database,
    /// The search index folders of this app's servers (each server has its own).
    search_dirs: std::sync::Mutex<Vec<tempfile::TempDir>>,
}

enum Database {
    Sqlite(#[allow(dead_code)] tempfile::TempDir),
    Postgres { admin_url: String, name: String },
}

fn postgres_url() -> String {
    std::env::var("AQAR_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

fn unique_name() -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    format!("aqar_test_{}_{}_{}", std::process::id(), n, rand::random::<u32>())
}

/// Replaces the database name at the end of a PostgreSQL URL.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let base = base.rsplit_once('/').map_or(base, |(head, _)| head);
    match query {
        Some(query) => format!("{base}/{name}?{query}"),
        None => format!("{base}/{name}"),
    }
}

fn figment(url: &str, search_dir: &std::path::Path) -> rocket::figment::Figment {
    aqar::platform::config::figment()
        .merge(("databases.aqar.url", url))
        .merge(("aqar.search_dir", search_dir.display().to_string()))
        .merge(("databases.aqar.max_connections", 4))
        .merge(("aqar.admin_username", ADMIN))
        .merge(("aqar.admin_password", ADMIN_PASSWORD))
        .merge(("aqar.demo", false))
        // Tests sign in as the admin with a password alone; two_factor.rs tests the policies.
        .merge(("aqar.2fa", "optional"))
        .merge(("aqar.site_port", "off"))
        .merge(("aqar.site_hosts", crate::website::SITE_HOST))
        .merge(("log_level", std::env::var("AQAR_TEST_LOG").unwrap_or_else(|_| "off".into())))
}

impl TestApp {
    /// The app on a fresh database; `None` (with a loud note) when PostgreSQL is asked for
    /// but not reachable and `AQAR_REQUIRE_POSTGRES` is not set.
    pub async fn spawn(backend: Backend) -> Option<TestApp> {
        Self::spawn_with(backend, |figment| figment).await
    }

    pub async fn spawn_with(
        backend: Backend,
        configure: impl FnOnce(rocket::figment::Figment) -> rocket::figment::Figment,
    ) -> Option<TestApp> {
        let (url, database) = match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().expect("temporary folder");
                let url = format!("sqlite://{}", dir.path().join("aqar.db").display());
                (url, Database::Sqlite(dir))
            }
            Backend::Postgres => {
                let admin_url = postgres_url();
                let name = unique_name();
                match sqlx::PgConnection::connect(&admin_url).await {
                    Ok(mut conn) => {
                        sqlx::query(&format!("CREATE DATABASE {name}"))
                            .execute(&mut conn)
                            .await
                            .expect("create database");
                    }
                    Err(error) => {
                        let required = std::env::var("AQAR_REQUIRE_POSTGRES").is_ok_and(|v| v == "1");
                        assert!(
                            !required,
                            "PostgreSQL is required but not reachable at {admin_url}: {error}"
                        );
                        eprintln!("\n*** SKIPPED on PostgreSQL: not reachable at {admin_url}: {error} ***\n");
                        return None;
                    }
                }
                (with_database(&admin_url, &name), Database::Postgres { admin_url, name })
            }
        };
        let search_dir = tempfile::tempdir().expect("a search index folder");
        let client = Client::tracked(aqar::build(configure(figment(&url, search_dir.path()))))
            .await
            .expect("the app starts");
        let search_dirs = std::sync::Mutex::new(vec![search_dir]);
        Some(TestApp { client, backend, url, database, search_dirs })
    }

    /// The database URL this app runs on, for a command (`aqar seed`) run beside it.
    pub fn database_url(&self) -> &str {
        &self.url
    }

    /// Another server on this app's database, as after a restart or beside it on one PostgreSQL.
    pub async fn another_server(&self) -> Client {
        let search_dir = tempfile::tempdir().expect("a search index folder");
        let client = Client::tracked(aqar::build(figment(&self.url, search_dir.path())))
            .await
            .expect("the other server starts");
        self.search_dirs.lock().expect("the folders").push(search_dir);
        client
    }

    /// Another server on this app's database, configured further by `configure`.
    pub async fn another_server_with(
        &self,
        configure: impl FnOnce(rocket::figment::Figment) -> rocket::figment::Figment,
    ) -> Client {
        let search_dir = tempfile::tempdir().expect("a search index folder");
        let client = Client::tracked(aqar::build(configure(figment(&self.url, search_dir.path()))))
            .await
            .expect("the other server starts");
        self.search_dirs.lock().expect("the folders").push(search_dir);
        client
    }

    pub fn pool(&self) -> &sqlx::AnyPool {
        use rocket_db_pools::Database;
        aqar::platform::db::Db::fetch(self.client.rocket()).expect("database attached").pool()
    }

    pub async fn login(&self, username: &str, password: &str) -> LocalResponse<'_> {
        self.client
            .post("/api/login")
            .header(ContentType::JSON)
            .body(json!({ "username": username, "password": password }).to_string())
            .dispatch()
            .await
    }

    pub async fn login_admin(&self) {
        let response = self.login(ADMIN, ADMIN_PASSWORD).await;
        assert_eq!(response.status(), Status::Ok, "the admin signs in");
    }

    pub async fn get(&self, path: &str) -> (Status, Value) {
        read(self.client.get(path.to_owned()).dispatch().await).await
    }

    pub async fn send(&self, method: rocket::http::Method, path: &str, body: Value) -> (Status, Value) {
        let request =
            self.client.req(method, path.to_owned()).header(ContentType::JSON).body(body.to_string());
        read(request.dispatch().await).await
    }
}

pub async fn read(response: LocalResponse<'_>) -> (Status, Value) {
    let status = response.status();
    let text = response.into_string().await.unwrap_or_default();
    let value = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or(Value::String(text))
    };
    (status, value)
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Database::Postgres { admin_url, name } = &self.database {
            let (admin_url, name) = (admin_url.clone(), name.clone());
            // Drop runs outside any async context we may block; a short-lived runtime on
            // its own thread removes the database even when the test panicked.
            let _ = std::thread::spawn(move || {
                let runtime =
                    tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
                runtime.block_on(async move {
                    if let Ok(mut conn) = sqlx::PgConnection::connect(&admin_url).await {
                        let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                            .execute(&mut conn)
                            .await;
                    }
                });
            })
            .join();
        }
    }
}

/// Writes each test twice: `name::sqlite` and `name::postgres`.
macro_rules! both_databases {
    ($(async fn $name:ident($app:ident) $body:block)*) => {$(
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            #[rocket::async_test]
            async fn sqlite() {
                let $app = $crate::helpers::TestApp::spawn($crate::helpers::Backend::Sqlite).await.expect("SQLite app");
                $body
            }
            #[rocket::async_test]
            async fn postgres() {
                let Some($app) = $crate::helpers::TestApp::spawn($crate::helpers::Backend::Postgres).await else { return };
                $body
            }
        }
    )*};
}
