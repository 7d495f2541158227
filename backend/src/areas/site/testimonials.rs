//! Client testimonials (site-content.md §2 Services Management, §3, §5): what clients say,
//! rated from 1 to 5.

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put};
use rules::services::TestimonialInput as Input;
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
use crate::platform::http::payload::{optional_text, Payload};
use crate::platform::media;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::Trashed;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new("Every testimonials, by display order then id").responds::<Vec<Testimonial>>()
        ),
        endpoint!(create, Doc::new("Creates a testimonial").takes::<Input>().responds::<Testimonial>()),
        endpoint!(
            update,
            Doc::new("Replaces a testimonial").takes::<Input>().responds::<Testimonial>().versioned()
        ),
        endpoint!(remove, Doc::new("Deletes a testimonial").status(204).trashes().versioned()),
        endpoint!(
            reorder,
            Doc::new(
                "Sets the display order of the testimonials listed, in one transaction; \
                 answers them all in the new order",
            )
            .takes::<NewOrder>()
            .responds::<Vec<Testimonial>>()
            .fails(&[404])
        ),
        endpoint!(
            public_list,
            Doc::new("The active testimonials in display order, for the public site")
                .public_read()
                .responds::<Vec<Testimonial>>()
        ),
    ]
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Testimonial {
    pub id: i64,
    pub client_name_en: String,
    pub client_name_ar: String,
    pub client_position: Option<String>,
    pub client_company: Option<String>,
    pub testimonial_en: String,
    pub testimonial_ar: String,
    /// From 1 to 5.
    pub rating: i32,
    /// The client's photo: a `/media` reference or an outside URL.
    pub client_image: Option<String>,
    pub display_order: i32,
    pub is_active: bool,
    pub created_at: String,
    pub updated_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

impl super::ordered::Record for Testimonial {
    const TABLE: &'static str = "testimonials";
    const WRITTEN: &'static [&'static str] = &[
        "client_name_en",
        "client_name_ar",
        "client_position",
        "client_company",
        "testimonial_en",
        "testimonial_ar",
        "rating",
        "client_image",
        "display_order",
        "is_active",
    ];
    const ENTITY: Entity = Entity::Testimonial;
    const NOT_FOUND: &'static str = "Testimonial not found";
    const ORDER: &'static str = "display_order, id";

    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Testimonial {
            id: row.try_get("id")?,
            client_name_en: row.try_get("client_name_en")?,
            client_name_ar: row.try_get("client_name_ar")?,
            client_position: row.try_get("client_position")?,
            client_company: row.try_get("client_company")?,
            testimonial_en: row.try_get("testimonial_en")?,
            testimonial_ar: row.try_get("testimonial_ar")?,
            rating: row.try_get("rating")?,
            client_image: row.try_get("client_image")?,
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

/// The input's cells, an inline client photo stored in the media store first.
pub async fn cells(db: &AnyPool, input: Input) -> ApiResult<Vec<Cell>> {
    let image = media::keep_image(db, "clientImage", input.client_image).await?;
    Ok(vec![
        Cell::Text(Some(input.client_name_en)),
        Cell::Text(Some(input.client_name_ar)),
        Cell::Text(optional_text(input.client_position)),
        Cell::Text(optional_text(input.client_company)),
        Cell::Text(Some(input.testimonial_en)),
        Cell::Text(Some(input.testimonial_ar)),
        Cell::Int(input.rating),
        Cell::Text(image),
        Cell::Int(input.display_order),
        Cell::Bool(input.is_active),
    ])
}

#[get("/testimonials")]
async fn list(_user: CurrentUser, db: &Db) -> Listed<Testimonial> {
    Ok(Json(ordered::list(db.pool(), false).await?))
}

#[get("/public/testimonials")]
async fn public_list(db: &Db) -> ApiResult<Cached<Vec<Testimonial>>> {
    Ok(Cached(ordered::list(db.pool(), true).await?))
}

#[post("/testimonials", data = "<body>")]
async fn create(user: CurrentUser, db: &Db, body: Payload<Input>) -> ApiResult<(Status, Json<Testimonial>)> {
    let cells = cells(db.pool(), body.0).await?;
    Ok((Status::Created, Json(ordered::create(db.pool(), &Actor::from(&user), cells).await?)))
}

#[put("/testimonials/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<Input>,
) -> ApiResult<Json<Testimonial>> {
    let cells = cells(db.pool(), body.0).await?;
    Ok(Json(ordered::update(db.pool(), &Actor::from(&user), id, expected.0, cells).await?))
}

#[delete("/testimonials/<id>")]
async fn remove(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    ordered::delete::<Testimonial>(db.pool(), &Actor::from(&user), id, expected.0).await
}

#[put("/testimonials/order", data = "<body>")]
async fn reorder(user: CurrentUser, db: &Db, body: Payload<NewOrder>) -> Listed<Testimonial> {
    Ok(Json(ordered::reorder(db.pool(), &Actor::from(&user), &body.0.ids).await?))
}
