//! Team members (site-content.md §2 Team Management, §3, §5): the people of the company,
//! with their specializations.

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put};
use rules::team::TeamMemberInput as Input;
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
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::if_match::IfMatch;
use crate::platform::http::payload::{optional_text, Payload};
use crate::platform::media;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::Trashed;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new("Every team members, by display order then id").responds::<Vec<TeamMember>>()
        ),
        endpoint!(create, Doc::new("Creates a team member").takes::<Input>().responds::<TeamMember>()),
        endpoint!(
            update,
            Doc::new("Replaces a team member").takes::<Input>().responds::<TeamMember>().versioned()
        ),
        endpoint!(remove, Doc::new("Deletes a team member").status(204).trashes().versioned()),
        endpoint!(
            reorder,
            Doc::new(
                "Sets the display order of the team members listed, in one transaction; \
                 answers them all in the new order",
            )
            .takes::<NewOrder>()
            .responds::<Vec<TeamMember>>()
            .fails(&[404])
        ),
        endpoint!(
            public_list,
            Doc::new("The active team members in display order, for the public site")
                .public_read()
                .responds::<Vec<TeamMember>>()
        ),
    ]
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TeamMember {
    pub id: i64,
    pub name_en: String,
    pub name_ar: String,
    pub position_en: String,
    pub position_ar: String,
    pub description_en: String,
    pub description_ar: String,
    /// The photo: a `/media` reference or an outside URL.
    pub image_url: Option<String>,
    /// Years of experience, 0 or more.
    pub experience: i32,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub whatsapp: Option<String>,
    pub linkedin: Option<String>,
    pub twitter: Option<String>,
    pub display_order: i32,
    pub is_active: bool,
    pub specializations: Vec<String>,
    pub created_at: String,
    pub updated_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

impl super::ordered::Record for TeamMember {
    const TABLE: &'static str = "team_members";
    const WRITTEN: &'static [&'static str] = &[
        "name_en",
        "name_ar",
        "position_en",
        "position_ar",
        "description_en",
        "description_ar",
        "image_url",
        "experience",
        "email",
        "phone",
        "whatsapp",
        "linkedin",
        "twitter",
        "display_order",
        "is_active",
        "specializations",
    ];
    const ENTITY: Entity = Entity::TeamMember;
    const NOT_FOUND: &'static str = "Team member not found";
    const ORDER: &'static str = "display_order, id";

    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        let specializations: String = row.try_get("specializations")?;
        Ok(TeamMember {
            id: row.try_get("id")?,
            name_en: row.try_get("name_en")?,
            name_ar: row.try_get("name_ar")?,
            position_en: row.try_get("position_en")?,
            position_ar: row.try_get("position_ar")?,
            description_en: row.try_get("description_en")?,
            description_ar: row.try_get("description_ar")?,
            image_url: row.try_get("image_url")?,
            experience: row.try_get("experience")?,
            email: row.try_get("email")?,
            phone: row.try_get("phone")?,
            whatsapp: row.try_get("whatsapp")?,
            linkedin: row.try_get("linkedin")?,
            twitter: row.try_get("twitter")?,
            display_order: row.try_get("display_order")?,
            is_active: crate::platform::db::flag(row, "is_active")?,
            specializations: serde_json::from_str(&specializations)
                .map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
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

/// The input's cells: an inline photo stored in the media store first; specializations
/// trimmed, blanks dropped, kept as a JSON list.
pub async fn cells(db: &AnyPool, input: Input) -> ApiResult<Vec<Cell>> {
    let image = media::keep_image(db, "imageUrl", input.image_url).await?;
    let specializations: Vec<String> =
        input.specializations.iter().map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect();
    let specializations = serde_json::to_string(&specializations).map_err(ApiError::internal)?;
    Ok(vec![
        Cell::Text(Some(input.name_en)),
        Cell::Text(Some(input.name_ar)),
        Cell::Text(Some(input.position_en)),
        Cell::Text(Some(input.position_ar)),
        Cell::Text(Some(input.description_en)),
        Cell::Text(Some(input.description_ar)),
        Cell::Text(image),
        Cell::Int(input.experience),
        Cell::Text(optional_text(input.email)),
        Cell::Text(optional_text(input.phone)),
        Cell::Text(optional_text(input.whatsapp)),
        Cell::Text(optional_text(input.linkedin)),
        Cell::Text(optional_text(input.twitter)),
        Cell::Int(input.display_order),
        Cell::Bool(input.is_active),
        Cell::Text(Some(specializations)),
    ])
}

#[get("/team-members")]
async fn list(_user: CurrentUser, db: &Db) -> Listed<TeamMember> {
    Ok(Json(ordered::list(db.pool(), false).await?))
}

#[get("/public/team-members")]
async fn public_list(db: &Db) -> ApiResult<Cached<Vec<TeamMember>>> {
    Ok(Cached(ordered::list(db.pool(), true).await?))
}

#[post("/team-members", data = "<body>")]
async fn create(user: CurrentUser, db: &Db, body: Payload<Input>) -> ApiResult<(Status, Json<TeamMember>)> {
    let cells = cells(db.pool(), body.0).await?;
    Ok((Status::Created, Json(ordered::create(db.pool(), &Actor::from(&user), cells).await?)))
}

#[put("/team-members/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<Input>,
) -> ApiResult<Json<TeamMember>> {
    let cells = cells(db.pool(), body.0).await?;
    Ok(Json(ordered::update(db.pool(), &Actor::from(&user), id, expected.0, cells).await?))
}

#[delete("/team-members/<id>")]
async fn remove(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    ordered::delete::<TeamMember>(db.pool(), &Actor::from(&user), id, expected.0).await
}

#[put("/team-members/order", data = "<body>")]
async fn reorder(user: CurrentUser, db: &Db, body: Payload<NewOrder>) -> Listed<TeamMember> {
    Ok(Json(ordered::reorder(db.pool(), &Actor::from(&user), &body.0.ids).await?))
}
