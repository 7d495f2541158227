//! `GET /healthz`: 200 once the database answers.

use rocket::http::Status;
use rocket::serde::json::{json, Json, Value};
use rocket::{get, routes, Route};

use crate::db::Db;
use crate::openapi::Operation;

pub fn routes() -> Vec<Route> {
    routes![healthz]
}

pub fn operations() -> Vec<Operation> {
    vec![Operation::get("/healthz", "Liveness: 200 once the database answers").public()]
}

#[get("/healthz")]
async fn healthz(db: &Db) -> (Status, Json<Value>) {
    match sqlx::query("SELECT 1").execute(db.pool()).await {
        Ok(_) => (Status::Ok, Json(json!({ "status": "ok" }))),
        Err(_) => (Status::ServiceUnavailable, Json(json!({ "status": "database unavailable" }))),
    }
}
