//! Process steps (site-content.md §2 Services Management, §3, §5): how working with the
//! company goes, step by step.

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put};
use rules::services::ProcessStepInput as Input;
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
        endpoint!(
            list,
            Doc::new("Every process steps, by display order then id").responds::<Vec<ProcessStep>>()
        ),
        endpoint!(create, Doc::new("Creates a process step").takes::<Input>().responds::<ProcessStep>()),
        endpoint!(
            update,
            Doc::new("Replaces a process step").takes::<Input>().responds::<ProcessStep>().versioned()
        ),
        endpoint!(remove, Doc::new("Deletes a process step").status(204).trashes().versioned()),
        endpoint!(
            reorder,
            Doc::new(
                "Sets the display order of the process steps listed, in one transaction; \
                 answers them all in the new order",
            )
            .takes::<NewOrder>()
            .responds::<Vec<ProcessStep>>()
            .fails(&[404])
        ),
        endpoint!(
            public_list,
            Doc::new("The active process steps in display order, for the public site")
                .public_read()
                .responds::<Vec<ProcessStep>>()
        ),
    ]
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ProcessStep {
    pub id: i64,
    pub title_en: String,
    pub title_ar: String,
    pub description_en: String,
    pub description_ar: String,
    /// An icon name, such as 'home'.
    pub icon: String,
    pub display_order: i32,
    pub is_active: bool,
    /// The number the step shows, from 1.
    pub step_number: i32,
    pub created_at: String,
    pub updated_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

impl super::ordered::Record for ProcessStep {
    const TABLE: &'static str = "process_steps";
    const WRITTEN: &'static [&'static str] = &[
        "title_en",
        "title_ar",
        "description_en",
        "description_ar",
        "icon",
        "display_order",
        "is_active",
        "step_number",
    ];
    const ENTITY: Entity = Entity::ProcessStep;
    const NOT_FOUND: &'static str = "Process step not found";
    const ORDER: &'static str = "display_order, id";

    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(ProcessStep {
            id: row.try_get("id")?,
            title_en: row.try_get("title_en")?,
            title_ar: row.try_get("title_ar")?,
            description_en: row.try_get("description_en")?,
            description_ar: row.try_get("description_ar")?,
            icon: row.try_get("icon")?,
            display_order: row.try_get("display_order")?,
            is_active: crate::platform::db::flag(row, "is_active")?,
            step_number: row.try_get("step_number")?,
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
        Cell::Int(input.step_number),
    ])
}

#[get("/process-steps")]
async fn list(_user: CurrentUser, db: &Db) -> Listed<ProcessStep> {
    Ok(Json(ordered::list(db.pool(), false).await?))
}

#[get("/public/process-steps")]
async fn public_list(db: &Db) -> ApiResult<Cached<Vec<ProcessStep>>> {
    Ok(Cached(ordered::list(db.pool(), true).await?))
}

#[post("/process-steps", data = "<body>")]
async fn create(user: CurrentUser, db: &Db, body: Payload<Input>) -> ApiResult<(Status, Json<ProcessStep>)> {
    let cells = cells(db.pool(), body.0).await?;
    Ok((Status::Created, Json(ordered::create(db.pool(), &Actor::from(&user), cells).await?)))
}

#[put("/process-steps/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<Input>,
) -> ApiResult<Json<ProcessStep>> {
    let cells = cells(db.pool(), body.0).await?;
    Ok(Json(ordered::update(db.pool(), &Actor::from(&user), id, expected.0, cells).await?))
}

#[delete("/process-steps/<id>")]
async fn remove(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    ordered::delete::<ProcessStep>(db.pool(), &Actor::from(&user), id, expected.0).await
}

#[put("/process-steps/order", data = "<body>")]
async fn reorder(user: CurrentUser, db: &Db, body: Payload<NewOrder>) -> Listed<ProcessStep> {
    Ok(Json(ordered::reorder(db.pool(), &Actor::from(&user), &body.0.ids).await?))
}
