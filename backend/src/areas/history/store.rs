//! SQL for the history table.

use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use super::{Filter, HistoryEntry};
use crate::platform::audit::{Action, Entity, FieldChange};
use crate::platform::http::error::ApiResult;

fn from_row(row: &AnyRow) -> Result<HistoryEntry, sqlx::Error> {
    let unexpected =
        |what: &str, text: &str| sqlx::Error::Decode(format!("unexpected {what} '{text}'").into());
    let entity: String = row.try_get("entity")?;
    let action: String = row.try_get("action")?;
    let changes: String = row.try_get("changes")?;
    Ok(HistoryEntry {
        id: row.try_get("id")?,
        at: row.try_get("at")?,
        user_id: row.try_get("user_id")?,
        username: row.try_get("username")?,
        entity: Entity::parse(&entity).ok_or_else(|| unexpected("entity", &entity))?,
        record_id: row.try_get("record_id")?,
        action: Action::parse(&action).ok_or_else(|| unexpected("action", &action))?,
        label: row.try_get("label")?,
        changes: serde_json::from_str(&changes).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
    })
}

/// The latest `limit` changes, newest first, leaving out those of `hidden` records.
pub async fn recent(db: &AnyPool, limit: i64, hidden: Option<Entity>) -> ApiResult<Vec<HistoryEntry>> {
    let rows = sqlx::query(
        "SELECT id, at, user_id, username, entity, record_id, action, label, changes FROM history \
         WHERE ($1 IS NULL OR entity <> $1) ORDER BY id DESC LIMIT $2",
    )
    .bind(hidden.map(Entity::value))
    .bind(limit)
    .fetch_all(db)
    .await?;
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

/// One page of the changes `filter` selects, newest first, and how many it selects in all.
pub async fn page(db: &AnyPool, filter: Filter, page: i64, size: i64) -> ApiResult<(Vec<HistoryEntry>, i64)> {
    let condition = "($1 IS NULL OR entity = $1) AND ($2 IS NULL OR record_id = $2)";
    let entity = filter.entity.map(Entity::value);
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM history WHERE {condition}"))
        .bind(entity)
        .bind(filter.record_id)
        .fetch_one(db)
        .await?;
    let sql = format!(
        "SELECT id, at, user_id, username, entity, record_id, action, label, changes FROM history \
         WHERE {condition} ORDER BY id DESC LIMIT $3 OFFSET $4"
    );
    let rows = sqlx::query(&sql)
        .bind(entity)
        .bind(filter.record_id)
        .bind(size)
        .bind((page - 1).saturating_mul(size))
        .fetch_all(db)
        .await?;
    let entries = rows.iter().map(from_row).collect::<Result<_, _>>()?;
    Ok((entries, total))
}

/// One row of the history.
pub async fn entry(db: &AnyPool, id: i64) -> ApiResult<Option<HistoryEntry>> {
    let row = sqlx::query(
        "SELECT id, at, user_id, username, entity, record_id, action, label, changes FROM history WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(db)
    .await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

/// The changes recorded for the record of `entry` after it, oldest first.
pub async fn changes_after(db: &AnyPool, entry: &HistoryEntry) -> ApiResult<Vec<Vec<FieldChange>>> {
    let rows: Vec<String> = sqlx::query_scalar(
        "SELECT changes FROM history WHERE entity = $1 AND record_id = $2 AND id > $3 ORDER BY id",
    )
    .bind(entry.entity.value())
    .bind(entry.record_id)
    .bind(entry.id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|changes| serde_json::from_str(changes).map_err(|e| sqlx::Error::Decode(Box::new(e)).into()))
        .collect()
}
