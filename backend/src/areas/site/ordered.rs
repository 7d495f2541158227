//! The public site's ordered content (site-content.md §2–§9, issue 11): team members,
//! services, process steps, testimonials and hero images. Each area is a table of records
//! with a version and an active flag, written with its history and read by the public site
//! when active; this module is the one store they share, each area saying its columns.

use rocket::serde::json::Json;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{Any, AnyPool, Executor};

use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::trash::{self, Part, Trashed};

/// A value written to a column.
pub enum Cell {
    Text(Option<String>),
    Int(i32),
    Bool(bool),
}

/// One area's records.
pub trait Record: Serialize + Sized {
    const TABLE: &'static str;
    /// The columns an input writes, in the order of [`Record::cells`].
    const WRITTEN: &'static [&'static str];
    const ENTITY: Entity;
    const NOT_FOUND: &'static str;
    /// How lists are ordered.
    const ORDER: &'static str;
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error>;
    fn id(&self) -> i64;
    fn version(&self) -> i64;
}

pub use rules::ordering::NewOrder;

fn columns<R: Record>() -> String {
    format!("id, {}, created_at, updated_at, version", R::WRITTEN.join(", "))
}

fn bind<'q>(
    query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    cell: Cell,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    match cell {
        Cell::Text(text) => query.bind(text),
        Cell::Int(number) => query.bind(number),
        Cell::Bool(flag) => query.bind(flag),
    }
}

/// Every record, or the active ones, in the area's order.
pub async fn list<R: Record>(db: &AnyPool, active_only: bool) -> ApiResult<Vec<R>> {
    let filter = if active_only { " WHERE is_active = $1" } else { "" };
    let sql = format!("SELECT {} FROM {}{filter} ORDER BY {}", columns::<R>(), R::TABLE, R::ORDER);
    let query = sqlx::query(&sql);
    let query = if active_only { query.bind(true) } else { query };
    let rows = query.fetch_all(db).await?;
    Ok(rows.iter().map(R::from_row).collect::<Result<_, _>>()?)
}

pub async fn find<'c, R: Record, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<R>> {
    let sql = format!("SELECT {} FROM {} WHERE id = $1", columns::<R>(), R::TABLE);
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    Ok(row.as_ref().map(R::from_row).transpose()?)
}

/// Writes a record as given, without history: the demo data's way in.
pub async fn insert<'c, R: Record, E: Executor<'c, Database = Any>>(db: E, cells: Vec<Cell>) -> ApiResult<R> {
    let count = cells.len();
    let placeholders: Vec<String> = (1..=count).map(|n| format!("${n}")).collect();
    let sql = format!(
        "INSERT INTO {} ({}, created_at, updated_at) VALUES ({}, ${}, ${}) RETURNING {}",
        R::TABLE,
        R::WRITTEN.join(", "),
        placeholders.join(", "),
        count + 1,
        count + 1,
        columns::<R>()
    );
    let mut query = sqlx::query(&sql);
    for cell in cells {
        query = bind(query, cell);
    }
    let row = query.bind(clock::now_text()).fetch_one(db).await?;
    Ok(R::from_row(&row)?)
}

pub async fn create<R: Record>(db: &AnyPool, actor: &Actor, cells: Vec<Cell>) -> ApiResult<R> {
    let mut tx = db::begin_write(db).await?;
    let created: R = insert(&mut *tx, cells).await?;
    audit::created(&mut tx, actor, R::ENTITY, created.id(), &created).await?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update<R: Record>(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    cells: Vec<Cell>,
) -> ApiResult<R> {
    let mut tx = db::begin_write(db).await?;
    db::lock_row(&mut tx, R::TABLE, id).await?;
    let before: R = db::expected_version(find(&mut *tx, id).await?, expected, R::version, R::NOT_FOUND)?;
    let count = cells.len();
    let sets: Vec<String> =
        R::WRITTEN.iter().zip(1..).map(|(column, n)| format!("{column} = ${n}")).collect();
    let sql = format!(
        "UPDATE {} SET {}, updated_at = ${}, version = version + 1 WHERE id = ${} RETURNING {}",
        R::TABLE,
        sets.join(", "),
        count + 1,
        count + 2,
        columns::<R>()
    );
    let mut query = sqlx::query(&sql);
    for cell in cells {
        query = bind(query, cell);
    }
    let row = query.bind(clock::now_text()).bind(id).fetch_one(&mut *tx).await?;
    let updated = R::from_row(&row)?;
    audit::updated(&mut tx, actor, R::ENTITY, id, &before, &updated).await?;
    tx.commit().await?;
    Ok(updated)
}

pub async fn delete<R: Record>(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
) -> ApiResult<Trashed> {
    let mut tx = db::begin_write(db).await?;
    db::lock_row(&mut tx, R::TABLE, id).await?;
    let before: R = db::expected_version(find(&mut *tx, id).await?, expected, R::version, R::NOT_FOUND)?;
    let trashed =
        trash::discard_alone(&mut tx, actor, R::ENTITY, id, &before, &[Part::record(R::TABLE)]).await?;
    tx.commit().await?;
    Ok(trashed)
}

/// Gives the listed records display orders 0, 1, 2... in one transaction, each change in
/// the history; answers the whole list in its new order. An id that names no record is 404.
pub async fn reorder<R: Record>(db: &AnyPool, actor: &Actor, ids: &[i64]) -> ApiResult<Vec<R>> {
    let mut tx = db::begin_write(db).await?;
    for (position, id) in (0_i32..).zip(ids) {
        db::lock_row(&mut tx, R::TABLE, *id).await?;
        let before: R = find(&mut *tx, *id).await?.ok_or_else(|| ApiError::not_found(R::NOT_FOUND))?;
        let sql = format!(
            "UPDATE {} SET display_order = $1, updated_at = $2, version = version + 1 \
             WHERE id = $3 AND display_order <> $1 RETURNING {}",
            R::TABLE,
            columns::<R>()
        );
        let row = sqlx::query(&sql)
            .bind(position)
            .bind(clock::now_text())
            .bind(*id)
            .fetch_optional(&mut *tx)
            .await?;
        if let Some(row) = row {
            let after = R::from_row(&row)?;
            audit::updated(&mut tx, actor, R::ENTITY, *id, &before, &after).await?;
        }
    }
    tx.commit().await?;
    list(db, false).await
}

/// A list answer.
pub type Listed<R> = ApiResult<Json<Vec<R>>>;
