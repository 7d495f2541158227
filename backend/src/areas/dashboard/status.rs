//! The dashboard's System Status card: `GET /api/system-status`, whether the database answers
//! and how fast, the server's version and uptime, and when the last contact request arrived.

use std::time::Instant;

use rocket::serde::json::Json;
use rocket::{get, State};
use schemars::JsonSchema;
use serde::Serialize;

use crate::endpoint;
use crate::platform::auth::CurrentUser;
use crate::platform::db::{Db, Dialect};
use crate::platform::http::health::Started;
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![endpoint!(
        system_status,
        Doc::new(
            "The dashboard's System Status: whether the database answers and how fast, the server's \
             version and uptime, and when the last contact request arrived"
        )
        .responds::<SystemStatus>()
    )]
}

/// `GET /api/system-status`: measured when asked, nothing cached.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SystemStatus {
    /// Whether the database answered a query just now.
    pub database_ok: bool,
    /// How long that query took, in milliseconds.
    pub database_latency_ms: f64,
    /// 'SQLite' or 'PostgreSQL'.
    pub database_kind: &'static str,
    /// The server's version.
    pub version: &'static str,
    /// When this server started, RFC 3339 UTC.
    pub started_at: String,
    /// Seconds since this server started.
    pub uptime_secs: u64,
    /// When the newest contact request arrived; null when there is none.
    pub last_contact_request_at: Option<String>,
}

#[get("/system-status")]
async fn system_status(
    _user: CurrentUser,
    db: &Db,
    dialect: &State<Dialect>,
    started: &State<Started>,
) -> Json<SystemStatus> {
    let asked = Instant::now();
    let database_ok = sqlx::query("SELECT 1").execute(db.pool()).await.is_ok();
    let database_latency_ms = (asked.elapsed().as_secs_f64() * 1000.0 * 100.0).round() / 100.0;
    let last_contact_request_at =
        crate::areas::contacts::store::last_received(db.pool()).await.ok().flatten();
    Json(SystemStatus {
        database_ok,
        database_latency_ms,
        database_kind: match dialect.inner() {
            Dialect::Sqlite => "SQLite",
            Dialect::Postgres => "PostgreSQL",
        },
        version: env!("CARGO_PKG_VERSION"),
        started_at: started.at.clone(),
        uptime_secs: started.instant.elapsed().as_secs(),
        last_contact_request_at,
    })
}
