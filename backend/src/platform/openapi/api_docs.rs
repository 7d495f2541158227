//! The API's own documentation, public: the OpenAPI document built from the mounted
//! endpoints, and an interactive reference page over it (Swagger UI, bundled into the
//! embedded browser app by Vite; no CDN).

use rocket::get;
use rocket::serde::json::{Json, Value};
use rocket::State;
use schemars::{json_schema, Schema, SchemaGenerator};

use crate::endpoint;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::spa;
use crate::platform::openapi::{Doc, Endpoint};

/// The document, built once at start from the same list of endpoints that is mounted.
pub struct ApiDocument(pub Value);

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            openapi_document,
            Doc::new("This OpenAPI document").public().responds_media("application/json", any_json)
        ),
        endpoint!(
            reference_page,
            Doc::new("An interactive reference of this API")
                .public()
                .responds_media("text/html", text)
                .fails(&[404])
        ),
    ]
}

fn any_json(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "object" })
}

fn text(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "string" })
}

#[get("/openapi.json")]
fn openapi_document(document: &State<ApiDocument>) -> Json<Value> {
    Json(document.0.clone())
}

#[get("/docs")]
fn reference_page() -> ApiResult<spa::Asset> {
    spa::page("api-docs.html").ok_or_else(|| ApiError::not_found(rules::messages::API_REFERENCE_MISSING))
}
