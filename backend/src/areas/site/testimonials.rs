//! Client testimonials (site-content.md §2 Services Management, §3, §5): what clients say,
//! rated from 1 to 5.

use rules::services::TestimonialInput as Input;
use schemars::JsonSchema;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use super::ordered::{ordered_routes, Cell};
use crate::platform::audit::Entity;
use crate::platform::http::error::ApiResult;
use crate::platform::http::payload::optional_text;
use crate::platform::media;

ordered_routes!(
    path: "/testimonials", one: "/testimonials/<id>", order: "/testimonials/order",
    public: "/public/testimonials", nouns: "testimonials", noun: "testimonial"
);

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

type Record = Testimonial;

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
