//! Services (site-content.md §2 Services Management, §3, §5): what the company offers.

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put};
use rules::services::ServiceInput as Input;
use schemars::JsonSchema;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use super::ordered::{self, Cell, Listed, NewOrder};
use crate::endpoint;
use crate::platform::audit::{Actor, Entity};
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
        endpoint!(list, Doc::new("Every services, by display order then id").responds::<Vec<Service>>()),
        endpoint!(create, Doc::new("Creates a service").takes::<Input>().responds::<Service>()),
        endpoint!(update, Doc::new("Replaces a service").takes::<Input>().responds::<Service>().versioned()),
        endpoint!(remove, Doc::new("Deletes a service").status(204).trashes().versioned()),
        endpoint!(
            reorder,
            Doc::new(
                "Sets the display order of the services listed, in one transaction; \
                 answers them all in the new order",
            )
            .takes::<NewOrder>()
            .responds::<Vec<Service>>()
            .fails(&[404])
        ),
        endpoint!(
            public_list,
            Doc::new("The active services in display order, for the public site")
                .public_read()
                .responds::<Vec<Service>>()
        ),
    ]
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Service {
    pub id: i64,
    pub title_en: String,
    pub title_ar: String,
    pub description_en: String,
    pub description_ar: String,
    /// An icon name, such as 'home'.
    pub icon: String,
    pub display_order: i32,
    pub is_active: bool,
    pub created_at: String,
    pub updated_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

impl super::ordered::Record for Service {
    const TABLE: &'static str = "services";
    const WRITTEN: &'static [&'static str] =
        &["title_en", "title_ar", "description_en", "description_ar", "icon", "display_order", "is_active"];
    const ENTITY: Entity = Entity::Service;
    const NOT_FOUND: &'static str = "Service not found";
    const ORDER: &'static str = "display_order, id";

    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Service {
            id: row.try_get("id")?,
            title_en: row.try_get("title_en")?,
            title_ar: row.try_get("title_ar")?,
            description_en: row.try_get("description_en")?,
            description_ar: row.try_get("description_ar")?,
            icon: row.try_get("icon")?,
            display_order: row.try_get("display_order")?,
            is_active: crate::platform::db::flag(row, "is_active")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
            version: row.try_get("version")?,
        })
    }

    fn id(&self) -> i64 {
        self.id
    }

    fn version(&self) -> i64 {
        self.version
    }
}

pub async fn cells(_db: &AnyPool, input: Input) -> ApiResult<Vec<Cell>> {
    Ok(vec![
        Cell::Text(Some(input.title_en)),
        Cell::Text(Some(input.title_ar)),
        Cell::Text(Some(input.description_en)),
        Cell::Text(Some(input.description_ar)),
        Cell::Text(Some(input.icon)),
        Cell::Int(input.display_order),
        Cell::Bool(input.is_active),
    ])
}

#[get("/services")]
async fn list(_user: CurrentUser, db: &Db) -> Listed<Service> {
    Ok(Json(ordered::list(db.pool(), false).await?))
}

#[get("/public/services")]
async fn public_list(db: &Db) -> ApiResult<Cached<Vec<Service>>> {
    Ok(Cached(ordered::list(db.pool(), true).await?))
}

#[post("/services", data = "<body>")]
async fn create(user: CurrentUser, db: &Db, body: Payload<Input>) -> ApiResult<(Status, Json<Service>)> {
    let cells = cells(db.pool(), body.0).await?;
    Ok((Status::Created, Json(ordered::create(db.pool(), &Actor::from(&user), cells).await?)))
}

#[put("/services/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<Input>,
) -> ApiResult<Json<Service>> {
    let cells = cells(db.pool(), body.0).await?;
    Ok(Json(ordered::update(db.pool(), &Actor::from(&user), id, expected.0, cells).await?))
}

#[delete("/services/<id>")]
async fn remove(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    ordered::delete::<Service>(db.pool(), &Actor::from(&user), id, expected.0).await
}

#[put("/services/order", data = "<body>")]
async fn reorder(user: CurrentUser, db: &Db, body: Payload<NewOrder>) -> Listed<Service> {
    Ok(Json(ordered::reorder(db.pool(), &Actor::from(&user), &body.0.ids).await?))
}
