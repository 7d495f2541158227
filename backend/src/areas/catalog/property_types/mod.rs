//! Property types (core-panel.md §2 Property types page, §3, §7; site-content.md §2
//! Management).

pub mod store;

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put};
use rules::catalog::PropertyTypeInput;
use schemars::JsonSchema;
use serde::Serialize;

use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::CurrentUser;
use crate::platform::db::Db;
use crate::platform::http::answer_cache::Cached;
use crate::platform::http::error::ApiResult;
use crate::platform::http::if_match::IfMatch;
use crate::platform::http::payload::Payload;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::Trashed;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(list, Doc::new("Every property type, by id").responds::<Vec<PropertyType>>()),
        endpoint!(
            create,
            Doc::new("Creates a property type").takes::<PropertyTypeInput>().responds::<PropertyType>()
        ),
        endpoint!(
            update,
            Doc::new("Replaces a property type")
                .takes::<PropertyTypeInput>()
                .responds::<PropertyType>()
                .versioned()
        ),
        endpoint!(
            remove,
            Doc::new("Deletes a property type; 409 while properties use it")
                .status(204)
                .trashes()
                .fails(&[409])
                .versioned()
        ),
        endpoint!(
            public_list,
            Doc::new("Every property type, for the public site")
                .public_read()
                .responds::<Vec<PropertyType>>()
        ),
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
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

#[get("/property-types")]
async fn list(_user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<PropertyType>>> {
    Ok(Json(store::list(db.pool()).await?))
}

#[get("/public/property-types")]
async fn public_list(db: &Db) -> ApiResult<Cached<Vec<PropertyType>>> {
    Ok(Cached(store::list(db.pool()).await?))
}

#[post("/property-types", data = "<body>")]
async fn create(
    user: CurrentUser,
    db: &Db,
    body: Payload<PropertyTypeInput>,
) -> ApiResult<(Status, Json<PropertyType>)> {
    let created = store::create(db.pool(), &Actor::from(&user), &body.0).await?;
    Ok((Status::Created, Json(created)))
}

#[put("/property-types/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<PropertyTypeInput>,
) -> ApiResult<Json<PropertyType>> {
    Ok(Json(store::update(db.pool(), &Actor::from(&user), id, expected.0, &body.0).await?))
}

#[delete("/property-types/<id>")]
async fn remove(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    store::delete(db.pool(), &Actor::from(&user), id, expected.0).await
}
