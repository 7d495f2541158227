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

async fn find<'c, R: Record, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<R>> {
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

pub async fn delete<R: Record>(db: &AnyPool, actor: &Actor, id: i64, expected: Option<i64>) -> ApiResult<()> {
    let mut tx = db::begin_write(db).await?;
    db::lock_row(&mut tx, R::TABLE, id).await?;
    let before: R = db::expected_version(find(&mut *tx, id).await?, expected, R::version, R::NOT_FOUND)?;
    sqlx::query(&format!("DELETE FROM {} WHERE id = $1", R::TABLE)).bind(id).execute(&mut *tx).await?;
    audit::deleted(&mut tx, actor, R::ENTITY, id, &before).await?;
    tx.commit().await?;
    Ok(())
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

/// The routes of an ordered area: list, create, update, delete, reorder and the public read.
/// `$area` is a module with `Input`, `Record` (a [`Record`]) and `async fn cells(db, input)`.
macro_rules! ordered_routes {
    (path: $path:tt, one: $one:tt, order: $order:tt, public: $public:tt, nouns: $nouns:tt, noun: $noun:tt) => {
        pub fn api() -> Vec<$crate::platform::openapi::Endpoint> {
            use $crate::platform::openapi::Doc;
            vec![
                $crate::endpoint!(
                    list,
                    Doc::new(concat!("Every ", $nouns, ", by display order then id"))
                        .responds::<Vec<Record>>()
                ),
                $crate::endpoint!(
                    create,
                    Doc::new(concat!("Creates a ", $noun)).takes::<Input>().responds::<Record>()
                ),
                $crate::endpoint!(
                    update,
                    Doc::new(concat!("Replaces a ", $noun)).takes::<Input>().responds::<Record>().versioned()
                ),
                $crate::endpoint!(remove, Doc::new(concat!("Deletes a ", $noun)).status(204).versioned()),
                $crate::endpoint!(
                    reorder,
                    Doc::new(concat!(
                        "Sets the display order of the ",
                        $nouns,
                        " listed, in one transaction; answers them all in the new order"
                    ))
                    .takes::<$crate::areas::site::ordered::NewOrder>()
                    .responds::<Vec<Record>>()
                    .fails(&[404])
                ),
                $crate::endpoint!(
                    public_list,
                    Doc::new(concat!("The active ", $nouns, " in display order, for the public site"))
                        .public_read()
                        .responds::<Vec<Record>>()
                ),
            ]
        }

        #[rocket::get($path)]
        async fn list(
            _user: $crate::platform::auth::CurrentUser,
            db: &$crate::platform::db::Db,
        ) -> $crate::areas::site::ordered::Listed<Record> {
            Ok(rocket::serde::json::Json($crate::areas::site::ordered::list(db.pool(), false).await?))
        }

        #[rocket::get($public)]
        async fn public_list(
            db: &$crate::platform::db::Db,
        ) -> $crate::platform::http::error::ApiResult<$crate::platform::http::answer_cache::Cached<Vec<Record>>> {
            Ok($crate::platform::http::answer_cache::Cached($crate::areas::site::ordered::list(db.pool(), true).await?))
        }

        #[rocket::post($path, data = "<body>")]
        async fn create(
            user: $crate::platform::auth::CurrentUser,
            db: &$crate::platform::db::Db,
            body: $crate::platform::http::payload::Payload<Input>,
        ) -> $crate::platform::http::error::ApiResult<(rocket::http::Status, rocket::serde::json::Json<Record>)> {
            let cells = cells(db.pool(), body.0).await?;
            let actor = $crate::platform::audit::Actor::from(&user);
            Ok((
                rocket::http::Status::Created,
                rocket::serde::json::Json($crate::areas::site::ordered::create(db.pool(), &actor, cells).await?),
            ))
        }

        #[rocket::put($one, data = "<body>")]
        async fn update(
            id: i64,
            expected: $crate::platform::http::if_match::IfMatch,
            user: $crate::platform::auth::CurrentUser,
            db: &$crate::platform::db::Db,
            body: $crate::platform::http::payload::Payload<Input>,
        ) -> $crate::platform::http::error::ApiResult<rocket::serde::json::Json<Record>> {
            let cells = cells(db.pool(), body.0).await?;
            let actor = $crate::platform::audit::Actor::from(&user);
            Ok(rocket::serde::json::Json(
                $crate::areas::site::ordered::update(db.pool(), &actor, id, expected.0, cells).await?,
            ))
        }

        #[rocket::delete($one)]
        async fn remove(
            id: i64,
            expected: $crate::platform::http::if_match::IfMatch,
            user: $crate::platform::auth::CurrentUser,
            db: &$crate::platform::db::Db,
        ) -> $crate::platform::http::error::ApiResult<rocket::http::Status> {
            $crate::areas::site::ordered::delete::<Record>(
                db.pool(),
                &$crate::platform::audit::Actor::from(&user),
                id,
                expected.0,
            )
            .await?;
            Ok(rocket::http::Status::NoContent)
        }

        #[rocket::put($order, data = "<body>")]
        async fn reorder(
            user: $crate::platform::auth::CurrentUser,
            db: &$crate::platform::db::Db,
            body: $crate::platform::http::payload::Payload<$crate::areas::site::ordered::NewOrder>,
        ) -> $crate::areas::site::ordered::Listed<Record> {
            let actor = $crate::platform::audit::Actor::from(&user);
            Ok(rocket::serde::json::Json($crate::areas::site::ordered::reorder(db.pool(), &actor, &body.0.ids).await?))
        }
    };
}

pub(crate) use ordered_routes;
