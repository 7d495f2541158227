//! The server's health for load balancers: `GET /healthz`, 200 once the database answers.
//! And when this server started, which the dashboard's System Status reports.

use std::time::Instant;

use rocket::get;
use rocket::http::Status;
use rocket::serde::json::Json;
use schemars::JsonSchema;
use serde::Serialize;

use crate::endpoint;
use crate::platform::db::{clock, Db};
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![endpoint!(
        healthz,
        Doc::new("Liveness: 200 once the database answers, 503 while it does not")
            .public()
            .responds::<Health>()
            .fails(&[503])
    )]
}

/// When this server started, kept for its uptime.
pub struct Started {
    pub instant: Instant,
    pub at: String,
}

impl Started {
    pub fn now() -> Started {
        Started { instant: Instant::now(), at: clock::now_text() }
    }
}

/// `GET /healthz`'s answer.
#[derive(Serialize, JsonSchema)]
pub struct Health {
    /// 'ok', or why not.
    status: &'static str,
}

#[get("/healthz")]
async fn healthz(db: &Db) -> (Status, Json<Health>) {
    match sqlx::query("SELECT 1").execute(db.pool()).await {
        Ok(_) => (Status::Ok, Json(Health { status: "ok" })),
        Err(_) => (Status::ServiceUnavailable, Json(Health { status: "database unavailable" })),
    }
}
