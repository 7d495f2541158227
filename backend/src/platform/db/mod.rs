//! The database: one pool over SQLite or PostgreSQL, chosen by `DATABASE_URL`, with the
//! schema migrated at start. Everything that must differ between the two dialects lives
//! in this module.

pub mod clock;
mod marks;
mod pool;

pub use self::marks::Marks;

use std::ops::Deref;

use rocket::fairing::{self, AdHoc};
use rocket::{Build, Rocket};
use rocket_db_pools::Database;
use sqlx::migrate::Migrator;

#[derive(Database)]
#[database("aqar")]
pub struct Db(pool::AnyPool);

impl Db {
    pub fn pool(&self) -> &sqlx::AnyPool {
        &self.0
    }

    /// The same pool, for a second server of this process (the public website's port).
    pub fn share(&self) -> Db {
        Db(pool::AnyPool::sharing(self.0.deref().clone()))
    }
}

/// Each dialect's migrations, embedded so the binary needs no file beside it.
static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/postgres");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

impl Dialect {
    pub fn of_url(url: &str) -> Option<Dialect> {
        if url.starts_with("sqlite:") {
            Some(Dialect::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Some(Dialect::Postgres)
        } else {
            None
        }
    }

    fn migrator(self) -> &'static Migrator {
        match self {
            Dialect::Sqlite => &SQLITE_MIGRATIONS,
            Dialect::Postgres => &POSTGRES_MIGRATIONS,
        }
    }
}

/// Makes a SQLite URL create its file (and folder) on first start; other URLs pass as given.
pub fn prepare_url(url: &str) -> Result<String, String> {
    if Dialect::of_url(url) != Some(Dialect::Sqlite) {
        return Ok(url.to_owned());
    }
    let path = url.trim_start_matches("sqlite:").trim_start_matches("//");
    let path = path.split('?').next().unwrap_or_default();
    if path != ":memory:" {
        if let Some(parent) = std::path::Path::new(path).parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
    }
    if url.contains("mode=") {
        Ok(url.to_owned())
    } else if url.contains('?') {
        Ok(format!("{url}&mode=rwc"))
    } else {
        Ok(format!("{url}?mode=rwc"))
    }
}

/// Brings the schema up to date before the server takes requests.
pub fn migrations() -> AdHoc {
    AdHoc::try_on_ignite("Database migrations", migrate)
}

async fn migrate(rocket: Rocket<Build>) -> fairing::Result {
    let Some(db) = Db::fetch(&rocket) else {
        return Err(rocket);
    };
    let dialect = rocket.state::<Dialect>().copied().unwrap_or(Dialect::Sqlite);
    match migrate_pool(db.pool(), dialect).await {
        Ok(()) => Ok(rocket),
        Err(error) => {
            rocket::error!("{error}");
            Err(rocket)
        }
    }
}

/// Brings the schema of `pool` up to date, SQLite in WAL mode: what the server does at
/// start, and `aqar seed` before it writes.
pub async fn migrate_pool(pool: &sqlx::AnyPool, dialect: Dialect) -> Result<(), String> {
    if dialect == Dialect::Sqlite {
        // WAL lets readers go on while a write is under way; the mode sticks to the file.
        sqlx::query("PRAGMA journal_mode = WAL")
            .execute(pool)
            .await
            .map_err(|error| format!("cannot switch SQLite to WAL: {error}"))?;
    }
    dialect.migrator().run(pool).await.map_err(|error| format!("database migration failed: {error}"))
}

/// Reads a boolean column, by name or position. PostgreSQL answers a real boolean; SQLite's
/// booleans are stored as 0/1 integers because sqlx's Any driver cannot decode SQLite's
/// BOOLEAN affinity. The value's kind decides, so no failed decode is paid for per value.
pub fn flag<I>(row: &sqlx::any::AnyRow, column: I) -> Result<bool, sqlx::Error>
where
    I: sqlx::ColumnIndex<sqlx::any::AnyRow> + std::fmt::Debug + Copy,
{
    use sqlx::any::{Any, AnyTypeInfoKind};
    use sqlx::{Decode, Row, ValueRef};
    let value = row.try_get_raw(column)?;
    let decoded = if value.type_info().kind() == AnyTypeInfoKind::Bool {
        <bool as Decode<Any>>::decode(value)
    } else {
        <i64 as Decode<Any>>::decode(value).map(|n| n != 0)
    };
    decoded.map_err(|source| sqlx::Error::ColumnDecode { index: format!("{column:?}"), source })
}

/// Locks the row `id` of `table` until the caller's transaction ends, so that no other
/// transaction can start referring to it meanwhile (a foreign key check waits for the lock).
/// PostgreSQL takes the row lock with FOR UPDATE (a plain UPDATE's lock would let foreign
/// key checks through); SQLite has no row locks, and a write makes the transaction the one
/// writer of the database.
pub async fn lock_row(
    conn: &mut sqlx::AnyConnection,
    table: &str,
    id: i64,
) -> crate::platform::http::error::ApiResult<()> {
    let sql = if Dialect::of_connection(conn) == Dialect::Postgres {
        format!("SELECT id FROM {table} WHERE id = $1 FOR UPDATE")
    } else {
        format!("UPDATE {table} SET id = id WHERE id = $1")
    };
    sqlx::query(&sql).bind(id).execute(&mut *conn).await?;
    Ok(())
}

/// Holds the rows `ids` of `table` for the transaction's writes, as [`lock_row`] does for
/// one, in id order so that two sets never wait on each other crosswise. SQLite needs
/// nothing: [`begin_write`] already holds the whole database's write lock.
pub async fn lock_rows(
    conn: &mut sqlx::AnyConnection,
    table: &str,
    ids: &[i64],
) -> crate::platform::http::error::ApiResult<()> {
    if Dialect::of_connection(conn) != Dialect::Postgres {
        return Ok(());
    }
    for chunk in ids.chunks(IDS_PER_STATEMENT) {
        let sql = format!(
            "SELECT id FROM {table} WHERE id {} ORDER BY id FOR UPDATE",
            Marks::of(conn).in_list(chunk.len())
        );
        chunk.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await?;
    }
    Ok(())
}

/// Refreshes PostgreSQL's statistics of `tables`; SQLite's planner keeps none that matter
/// here. A bulk write that multiplies a table's rows leaves PostgreSQL's picture of it stale
/// until autovacuum comes round (a minute or more), and with it stale the planner read whole
/// tables for each of an import's batches: its time grew with the square of its rows.
pub async fn refresh_statistics(
    pool: &sqlx::AnyPool,
    tables: &[&str],
) -> crate::platform::http::error::ApiResult<()> {
    if Dialect::of_pool(pool) == Dialect::Postgres {
        sqlx::query(&format!("ANALYZE {}", tables.join(", "))).execute(pool).await?;
    }
    Ok(())
}

/// Ids bound to one statement: far below either database's limit on values.
pub const IDS_PER_STATEMENT: usize = 1000;

/// Values bound to one statement that writes many rows: far below either database's limit.
/// Statements write their placeholders through [`Marks`]: with `$N` on SQLite, binding took
/// time in the square of the values' number, and 6,500 values to a statement made an
/// import's batches fifty times slower than 1,000 did.
pub const VALUES_PER_STATEMENT: usize = 1000;

/// The record an UPDATE ... RETURNING or a lookup answered, or the area's 404 when no row
/// has that id.
pub fn found<T>(
    row: Option<sqlx::any::AnyRow>,
    not_found: &'static str,
    read: impl Fn(&sqlx::any::AnyRow) -> Result<T, sqlx::Error>,
) -> crate::platform::http::error::ApiResult<T> {
    match row {
        Some(row) => Ok(read(&row)?),
        None => Err(crate::platform::http::error::ApiError::not_found(not_found)),
    }
}

/// An UPDATE or DELETE by id that touched no row means the id does not exist: the area's 404.
pub fn touched(
    done: sqlx::any::AnyQueryResult,
    not_found: &'static str,
) -> crate::platform::http::error::ApiResult<()> {
    if done.rows_affected() == 0 {
        Err(crate::platform::http::error::ApiError::not_found(not_found))
    } else {
        Ok(())
    }
}

/// The record a write by id is about to change, read after `lock_row` in the write's
/// transaction: the area's 404 when there is none, and 412 with the record as it is when the
/// client's `If-Match` named another version. No other write can come between this check and
/// the write, since the row stays locked until the transaction ends.
pub fn expected_version<T: serde::Serialize>(
    current: Option<T>,
    expected: Option<i64>,
    version: impl Fn(&T) -> i64,
    not_found: &'static str,
) -> crate::platform::http::error::ApiResult<T> {
    match current {
        None => Err(crate::platform::http::error::ApiError::not_found(not_found)),
        Some(record) if expected.is_some_and(|expected| expected != version(&record)) => {
            Err(crate::platform::http::error::ApiError::stale(&record))
        }
        Some(record) => Ok(record),
    }
}

/// Binds an optional DOUBLE PRECISION. sqlx 0.8.6's Any driver sends a NULL `f64` to
/// PostgreSQL as a `real` (and a NULL `f32` as a `double precision`): the statement, once
/// prepared with a NULL there, then refuses a number ("incorrect binary data format"). A
/// NULL is therefore bound as `f32`, which arrives as the column's own type.
pub fn bind_double<'q>(
    query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    value: Option<f64>,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    match value {
        Some(value) => query.bind(value),
        None => query.bind(None::<f32>),
    }
}

/// Begins a transaction that will write. On SQLite it takes the write lock at once (BEGIN
/// IMMEDIATE): a deferred transaction that reads and then writes fails with SQLITE_BUSY
/// when another connection wrote in between, which busy_timeout cannot wait out. Before
/// that, the writer waits for its [`Turn`].
pub async fn begin_write(pool: &sqlx::AnyPool) -> Result<WriteTx, sqlx::Error> {
    if Dialect::of_pool(pool) == Dialect::Sqlite {
        let turn = Turn::take(pool).await?;
        Ok(WriteTx { tx: pool.begin_with("BEGIN IMMEDIATE").await?, _turn: Some(turn) })
    } else {
        Ok(WriteTx { tx: pool.begin().await?, _turn: None })
    }
}

/// A transaction of [`begin_write`], used as its connection; it holds the writer's turn
/// until it ends.
pub struct WriteTx {
    // Declared first, dropped first: the transaction ends before the turn passes on.
    tx: sqlx::Transaction<'static, sqlx::Any>,
    _turn: Option<Turn>,
}

impl WriteTx {
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.tx.commit().await
    }

    pub async fn rollback(self) -> Result<(), sqlx::Error> {
        self.tx.rollback().await
    }
}

impl std::ops::Deref for WriteTx {
    type Target = sqlx::AnyConnection;

    fn deref(&self) -> &sqlx::AnyConnection {
        &self.tx
    }
}

impl std::ops::DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut sqlx::AnyConnection {
        &mut self.tx
    }
}

/// A SQLite writer's turn: this server's writers to one database queue for it in the order
/// they came, so SQLite's lock is asked for by one at a time. Left to SQLite, writers poll
/// the lock with sleeps growing to 100 ms and the lock goes to whichever polls first: from
/// 8 clients saving at once, one save in a hundred waited over a second (ADR 0002).
struct Turn {
    _held: rocket::tokio::sync::OwnedMutexGuard<()>,
}

/// How long a writer waits for its turn: SQLite's own busy timeout, which it replaces.
const TURN_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

impl Turn {
    async fn take(pool: &sqlx::AnyPool) -> Result<Turn, sqlx::Error> {
        use std::collections::HashMap;
        use std::sync::{Arc, LazyLock, Mutex};
        type Queues = Mutex<HashMap<String, Arc<rocket::tokio::sync::Mutex<()>>>>;
        static QUEUES: LazyLock<Queues> = LazyLock::new(Default::default);
        let queue = {
            let mut queues = QUEUES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let url = pool.connect_options().database_url.to_string();
            Arc::clone(queues.entry(url).or_default())
        };
        // Waiting longer is load, answered as a pool wait is: 503 with Retry-After.
        match rocket::tokio::time::timeout(TURN_WAIT, queue.lock_owned()).await {
            Ok(held) => Ok(Turn { _held: held }),
            Err(_) => Err(sqlx::Error::PoolTimedOut),
        }
    }
}

/// [`begin_write`] on a connection already held (the seed's loads).
pub async fn begin_write_on(
    conn: &mut sqlx::AnyConnection,
) -> Result<sqlx::Transaction<'_, sqlx::Any>, sqlx::Error> {
    use sqlx::Connection;
    if Dialect::of_connection(conn) == Dialect::Sqlite {
        conn.begin_with("BEGIN IMMEDIATE").await
    } else {
        conn.begin().await
    }
}
