//! Reading the trash table for its screen (the entries are written and taken by
//! `platform::trash`).

use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use super::{Filter, TrashEntry};
use crate::platform::audit::Entity;
use crate::platform::http::error::ApiResult;

fn from_row(row: &AnyRow) -> Result<TrashEntry, sqlx::Error> {
    let entity: String = row.try_get("entity")?;
    Ok(TrashEntry {
        entity: Entity::parse(&entity)
            .ok_or_else(|| sqlx::Error::Decode(format!("unexpected entity '{entity}'").into()))?,
        id: row.try_get("record_id")?,
        name: row.try_get("name")?,
        deleted_by: row.try_get("deleted_by")?,
        deleted_at: row.try_get("deleted_at")?,
        batch: row.try_get("batch")?,
    })
}

/// `%` and `_` in a search are plain characters.
fn contains_pattern(folded: &str) -> String {
    let escaped = folded.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// One page of the entries `filter` picks, the latest deleted first, and how many it picks.
pub async fn page(db: &AnyPool, filter: &Filter, page: i64, size: i64) -> ApiResult<(Vec<TrashEntry>, i64)> {
    let pattern = filter.search.as_deref().map(contains_pattern);
    let condition = "($1 IS NULL OR entity = $1) AND ($2 IS NULL OR search_text LIKE $2 ESCAPE '\\')";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM trash WHERE {condition}"))
        .bind(filter.entity.map(Entity::value))
        .bind(pattern.as_deref())
        .fetch_one(db)
        .await?;
    let sql = format!(
        "SELECT entity, record_id, name, deleted_by, deleted_at, batch FROM trash WHERE {condition} \
         ORDER BY deleted_at DESC, id DESC LIMIT $3 OFFSET $4"
    );
    let rows = sqlx::query(&sql)
        .bind(filter.entity.map(Entity::value))
        .bind(pattern.as_deref())
        .bind(size)
        .bind((page - 1).saturating_mul(size))
        .fetch_all(db)
        .await?;
    Ok((rows.iter().map(from_row).collect::<Result<_, _>>()?, total))
}
