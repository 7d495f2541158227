//! Services (site-content.md §2 Services Management, §3, §5): what the company offers.

use rules::services::ServiceInput as Input;
use schemars::JsonSchema;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use super::ordered::{ordered_routes, Cell};
use crate::platform::audit::Entity;
use crate::platform::http::error::ApiResult;

ordered_routes!(
    path: "/services", one: "/services/<id>", order: "/services/order", public: "/public/services",
    nouns: "services", noun: "service"
);

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

type Record = Service;

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
