//! The About page's sections (site-content.md §2 About Page Management, §3, §4, §5, §7): a
//! story, a mission and any number of values sections. The values editor saves its whole list
//! with one call, in one transaction, so a failure midway leaves the page as it was.

pub mod store;

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put};
use rules::about::{AboutSectionInput, ValuesSectionForm};
use rules::vocabularies::AboutSectionType;
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
use crate::platform::trash::{self, Trashed};

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new("Every about section, by order index then id").responds::<Vec<AboutSection>>()
        ),
        endpoint!(
            create,
            Doc::new("Creates an about section; an inline image (imageData, at most 5 MB) is stored")
                .takes::<AboutSectionInput>()
                .responds::<AboutSection>()
        ),
        endpoint!(
            update,
            Doc::new("Replaces an about section")
                .takes::<AboutSectionInput>()
                .responds::<AboutSection>()
                .versioned()
        ),
        endpoint!(remove, Doc::new("Deletes one about section").status(204).trashes().versioned()),
        endpoint!(
            replace_values,
            Doc::new(
                "Replaces every values section with the values form's list, in one transaction: orderIndex \
                 1..n, active, the first carrying the section title and subtitle, later ones their own title \
                 as subtitle. If anything fails, nothing changes"
            )
            .takes::<ValuesSectionForm>()
            .responds::<Vec<AboutSection>>()
            .status(200)
        ),
        endpoint!(
            remove_values,
            Doc::new("Deletes every values section (the specification's call)").status(204).trashes()
        ),
        endpoint!(
            public_list,
            Doc::new("The active about sections, by order index then id, for the public site")
                .public_read()
                .responds::<Vec<AboutSection>>()
        ),
    ]
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AboutSection {
    pub id: i64,
    pub section_type: AboutSectionType,
    pub title_en: String,
    pub title_ar: String,
    pub subtitle_en: Option<String>,
    pub subtitle_ar: Option<String>,
    pub content_en: String,
    pub content_ar: String,
    pub icon_class: Option<String>,
    /// An outside image URL.
    pub image_url: Option<String>,
    /// The uploaded image: a `/media/{sha256}.{ext}` reference.
    pub image_data: Option<String>,
    pub order_index: i32,
    pub is_active: bool,
    pub created_at: String,
    pub updated_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

#[get("/about-sections")]
async fn list(_user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<AboutSection>>> {
    Ok(Json(store::list(db.pool(), false).await?))
}

#[get("/public/about-sections")]
async fn public_list(db: &Db) -> ApiResult<Cached<Vec<AboutSection>>> {
    Ok(Cached(store::list(db.pool(), true).await?))
}

#[post("/about-sections", data = "<body>")]
async fn create(
    user: CurrentUser,
    db: &Db,
    body: Payload<AboutSectionInput>,
) -> ApiResult<(Status, Json<AboutSection>)> {
    let row = store::prepared(db.pool(), body.0, "imageData".into()).await?;
    Ok((Status::Created, Json(store::create(db.pool(), &Actor::from(&user), &row).await?)))
}

#[put("/about-sections/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<AboutSectionInput>,
) -> ApiResult<Json<AboutSection>> {
    let row = store::prepared(db.pool(), body.0, "imageData".into()).await?;
    Ok(Json(store::update(db.pool(), &Actor::from(&user), id, expected.0, &row).await?))
}

#[delete("/about-sections/<id>")]
async fn remove(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    store::delete(db.pool(), &Actor::from(&user), id, expected.0).await
}

#[put("/about-sections/values", data = "<body>")]
async fn replace_values(
    user: CurrentUser,
    db: &Db,
    body: Payload<ValuesSectionForm>,
) -> ApiResult<Json<Vec<AboutSection>>> {
    Ok(Json(store::replace_values(db.pool(), &Actor::from(&user), &body.0).await?))
}

#[delete("/about-sections/values")]
async fn remove_values(user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    let batch = trash::new_batch();
    let mut tx = crate::platform::db::begin_write(db.pool()).await?;
    store::delete_values(&mut tx, &Actor::from(&user), &batch).await?;
    tx.commit().await?;
    Ok(Trashed(batch))
}
