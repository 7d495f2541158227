//! Property types (core-panel.md §2 Property types page, §3, §7; site-content.md §2
//! Management).

pub mod store;

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put, routes, Route};
use rules::catalog::PropertyTypeInput;
use schemars::JsonSchema;
use serde::Serialize;

use crate::auth::CurrentUser;
use crate::db::Db;
use crate::error::ApiResult;
use crate::openapi::Operation;
use crate::payload::Payload;

pub fn routes() -> Vec<Route> {
    routes![list, create, update, remove]
}

pub fn operations() -> Vec<Operation> {
    vec![
        Operation::get("/api/property-types", "Every property type, by id").responds::<Vec<PropertyType>>(),
        Operation::post("/api/property-types", "Creates a property type")
            .takes::<PropertyTypeInput>()
            .responds::<PropertyType>(),
        Operation::put("/api/property-types/{id}", "Replaces a property type")
            .takes::<PropertyTypeInput>()
            .responds::<PropertyType>(),
        Operation::delete("/api/property-types/{id}", "Deletes a property type"),
    ]
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PropertyType {
    pub id: i64,
    pub name_en: String,
    pub name_ar: String,
    pub description_en: Option<String>,
    pub description_ar: Option<String>,
    pub created_at: String,
}

#[get("/property-types")]
async fn list(_user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<PropertyType>>> {
    Ok(Json(store::list(db.pool()).await?))
}

#[post("/property-types", data = "<body>")]
async fn create(
    _user: CurrentUser,
    db: &Db,
    body: Payload<PropertyTypeInput>,
) -> ApiResult<(Status, Json<PropertyType>)> {
    let created = store::insert(db.pool(), &body.0).await?;
    Ok((Status::Created, Json(created)))
}

#[put("/property-types/<id>", data = "<body>")]
async fn update(
    id: i64,
    _user: CurrentUser,
    db: &Db,
    body: Payload<PropertyTypeInput>,
) -> ApiResult<Json<PropertyType>> {
    Ok(Json(store::update(db.pool(), id, &body.0).await?))
}

#[delete("/property-types/<id>")]
async fn remove(id: i64, _user: CurrentUser, db: &Db) -> ApiResult<Status> {
    store::delete(db.pool(), id).await?;
    Ok(Status::NoContent)
}
