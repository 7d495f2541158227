//! Hero images (site-content.md §2 Hero Images Management, §3, §4, §5): one banner per page
//! of the public site, uploaded or linked, the one clearing the other.

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put, FromForm};
use rules::hero_images::HeroImageInput as Input;
use rules::vocabularies::HeroPage;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::json;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use super::ordered::Cell;
use crate::endpoint;
use crate::platform::audit::{Actor, Entity};
use crate::platform::auth::CurrentUser;
use crate::platform::db::Db;
use crate::platform::http::answer_cache::Cached;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::if_match::IfMatch;
use crate::platform::http::payload::{optional_text, Payload};
use crate::platform::http::query::one_of;
use crate::platform::media;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::{Checks, Trashed, Unique};

pub fn api() -> Vec<Endpoint> {
    let pages: Vec<&str> = HeroPage::ALL.iter().map(|p| p.value()).collect();
    vec![
        endpoint!(list, Doc::new("Every hero image, by page").responds::<Vec<HeroImage>>()),
        endpoint!(
            create,
            Doc::new("Creates a page's hero image; one per page (409 naming the page)")
                .takes::<Input>()
                .responds::<HeroImage>()
                .fails(&[409])
        ),
        endpoint!(
            update,
            Doc::new("Replaces a hero image")
                .takes::<Input>()
                .responds::<HeroImage>()
                .versioned()
                .fails(&[409])
        ),
        endpoint!(remove, Doc::new("Deletes a hero image").status(204).trashes().versioned()),
        endpoint!(
            public_list,
            Doc::new("The active hero images, or the one of ?pageName=, for the public site")
                .public_read()
                .query("pageName", json!({ "type": "string", "enum": pages }))
                .responds::<Vec<HeroImage>>()
        ),
    ]
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HeroImage {
    pub id: i64,
    /// One of the seven pages; 'index' is the home page.
    pub page_name: String,
    pub title_en: String,
    pub title_ar: String,
    pub subtitle_en: Option<String>,
    pub subtitle_ar: Option<String>,
    /// An outside image URL; null when an image was uploaded.
    pub image_url: Option<String>,
    /// The uploaded image: a `/media` reference; null when the image is linked.
    pub image_data: Option<String>,
    pub is_active: bool,
    pub created_at: String,
    pub updated_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

impl super::ordered::Record for HeroImage {
    const TABLE: &'static str = "hero_images";
    const WRITTEN: &'static [&'static str] = &[
        "page_name",
        "title_en",
        "title_ar",
        "subtitle_en",
        "subtitle_ar",
        "image_url",
        "image_data",
        "is_active",
    ];
    const ENTITY: Entity = Entity::HeroImage;
    const NOT_FOUND: &'static str = "Hero image not found";
    const ORDER: &'static str = "page_name, id";

    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(HeroImage {
            id: row.try_get("id")?,
            page_name: row.try_get("page_name")?,
            title_en: row.try_get("title_en")?,
            title_ar: row.try_get("title_ar")?,
            subtitle_en: row.try_get("subtitle_en")?,
            subtitle_ar: row.try_get("subtitle_ar")?,
            image_url: row.try_get("image_url")?,
            image_data: row.try_get("image_data")?,
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

/// The input's cells. The page must be free (another record's page is 409 naming it); an
/// uploaded image is stored and clears the linked one (site §4).
pub async fn cells(db: &AnyPool, input: Input, id: Option<i64>) -> ApiResult<Vec<Cell>> {
    // The payload guard has checked the rules already; this keeps the type honest.
    let page = input.page_name.ok_or_else(|| {
        let mut errors = rules::FieldErrors::new();
        errors.add("pageName", rules::messages::FIELD_REQUIRED);
        ApiError::validation(errors)
    })?;
    let taken: Option<i64> =
        sqlx::query_scalar("SELECT id FROM hero_images WHERE page_name = $1 AND id <> $2")
            .bind(page.value())
            .bind(id.unwrap_or(0))
            .fetch_optional(db)
            .await?;
    if taken.is_some() {
        return Err(ApiError::conflict(rules::messages::hero_page_taken(page)));
    }
    let image_data = media::keep_image(db, "imageData", input.image_data).await?;
    let image_url = if image_data.is_some() { None } else { optional_text(input.image_url) };
    Ok(vec![
        Cell::Text(Some(page.value().to_owned())),
        Cell::Text(Some(input.title_en)),
        Cell::Text(Some(input.title_ar)),
        Cell::Text(optional_text(input.subtitle_en)),
        Cell::Text(optional_text(input.subtitle_ar)),
        Cell::Text(image_url),
        Cell::Text(image_data),
        Cell::Bool(input.is_active),
    ])
}

#[get("/hero-images")]
async fn list(_user: CurrentUser, db: &Db) -> super::ordered::Listed<HeroImage> {
    Ok(Json(super::ordered::list(db.pool(), false).await?))
}

#[derive(FromForm, Default)]
pub struct PageQuery<'r> {
    #[field(name = "pageName")]
    page_name: Vec<&'r str>,
}

#[get("/public/hero-images?<query..>")]
async fn public_list(query: PageQuery<'_>, db: &Db) -> ApiResult<Cached<Vec<HeroImage>>> {
    let page = one_of(&query.page_name, "pageName", HeroPage::ALL, HeroPage::value)?;
    let active: Vec<HeroImage> = super::ordered::list(db.pool(), true).await?;
    Ok(Cached(
        active.into_iter().filter(|hero| page.is_none_or(|page| hero.page_name == page.value())).collect(),
    ))
}

#[post("/hero-images", data = "<body>")]
async fn create(user: CurrentUser, db: &Db, body: Payload<Input>) -> ApiResult<(Status, Json<HeroImage>)> {
    let cells = cells(db.pool(), body.0, None).await?;
    Ok((Status::Created, Json(super::ordered::create(db.pool(), &Actor::from(&user), cells).await?)))
}

#[put("/hero-images/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<Input>,
) -> ApiResult<Json<HeroImage>> {
    let cells = cells(db.pool(), body.0, Some(id)).await?;
    Ok(Json(super::ordered::update(db.pool(), &Actor::from(&user), id, expected.0, cells).await?))
}

/// A hero image's restore from the trash: another may have taken its page meanwhile.
pub const RESTORE_CHECKS: Checks = Checks {
    references: &[],
    unique: Some(Unique {
        field: "pageName",
        message: |hero| {
            HeroPage::ALL
                .iter()
                .copied()
                .find(|page| hero.get("pageName").and_then(serde_json::Value::as_str) == Some(page.value()))
                .map_or_else(|| rules::messages::DUPLICATE_VALUE.to_owned(), rules::messages::hero_page_taken)
        },
    }),
    cleared: &[],
};

#[delete("/hero-images/<id>")]
async fn remove(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    super::ordered::delete::<HeroImage>(db.pool(), &Actor::from(&user), id, expected.0).await
}
