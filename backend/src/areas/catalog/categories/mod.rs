//! Property categories (core-panel.md §2 Categories page, §3, §7). A category's image
//! arrives inline from the browser and is kept in the media store; the record holds its
//! `/media` path.

pub mod store;

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put};
use rules::catalog::CategoryInput;
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
use crate::platform::media;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::Trashed;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(list, Doc::new("Every category, by id").responds::<Vec<Category>>()),
        endpoint!(
            create,
            Doc::new("Creates a category; an inline image is stored")
                .takes::<CategoryInput>()
                .responds::<Category>()
        ),
        endpoint!(
            update,
            Doc::new("Replaces a category").takes::<CategoryInput>().responds::<Category>().versioned()
        ),
        endpoint!(
            remove,
            Doc::new("Deletes a category; 409 while properties use it")
                .status(204)
                .trashes()
                .fails(&[409])
                .versioned()
        ),
        endpoint!(
            public_list,
            Doc::new("Every category, for the public site").public_read().responds::<Vec<Category>>()
        ),
    ]
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub id: i64,
    pub name_en: String,
    pub name_ar: String,
    pub description_en: Option<String>,
    pub description_ar: Option<String>,
    /// `/media/{sha256}.{ext}` or an outside image URL.
    pub image_url: Option<String>,
    pub created_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

/// The input with its image settled into a reference.
pub async fn prepared(db: &Db, input: CategoryInput) -> ApiResult<store::CategoryRow> {
    let image_url = media::keep_image(db.pool(), "imageUrl", input.image_url).await?;
    Ok(store::CategoryRow::new(
        input.name_en,
        input.name_ar,
        input.description_en,
        input.description_ar,
        image_url,
    ))
}

#[get("/categories")]
async fn list(_user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<Category>>> {
    Ok(Json(store::list(db.pool()).await?))
}

#[get("/public/categories")]
async fn public_list(db: &Db) -> ApiResult<Cached<Vec<Category>>> {
    Ok(Cached(store::list(db.pool()).await?))
}

#[post("/categories", data = "<body>")]
async fn create(
    user: CurrentUser,
    db: &Db,
    body: Payload<CategoryInput>,
) -> ApiResult<(Status, Json<Category>)> {
    let row = prepared(db, body.0).await?;
    Ok((Status::Created, Json(store::create(db.pool(), &Actor::from(&user), &row).await?)))
}

#[put("/categories/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<CategoryInput>,
) -> ApiResult<Json<Category>> {
    let row = prepared(db, body.0).await?;
    Ok(Json(store::update(db.pool(), &Actor::from(&user), id, expected.0, &row).await?))
}

#[delete("/categories/<id>")]
async fn remove(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    store::delete(db.pool(), &Actor::from(&user), id, expected.0).await
}
