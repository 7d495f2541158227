//! The pool behind `Db`: sqlx's Any pool, so one binary serves SQLite or PostgreSQL as the
//! URL says. rocket_db_pools' own sqlx support is pinned to sqlx 0.7, whose Any driver
//! cannot read NULLs; this plugs sqlx 0.8 into the same `Database` machinery.

use std::ops::Deref;
use std::time::Duration;

use rocket::figment::Figment;
use sqlx::pool::PoolConnection;
use sqlx::Any;

pub struct AnyPool(sqlx::AnyPool);

impl AnyPool {
    pub(super) fn sharing(pool: sqlx::AnyPool) -> AnyPool {
        AnyPool(pool)
    }
}

impl Deref for AnyPool {
    type Target = sqlx::AnyPool;

    fn deref(&self) -> &sqlx::AnyPool {
        &self.0
    }
}

#[rocket::async_trait]
impl rocket_db_pools::Pool for AnyPool {
    type Connection = PoolConnection<Any>;
    type Error = rocket_db_pools::Error<sqlx::Error>;

    async fn init(figment: &Figment) -> Result<Self, Self::Error> {
        let config: rocket_db_pools::Config = figment.extract().map_err(rocket_db_pools::Error::Config)?;
        sqlx::pool::PoolOptions::new()
            .max_connections(config.max_connections as u32)
            .min_connections(config.min_connections.unwrap_or_default())
            .acquire_timeout(Duration::from_secs(config.connect_timeout))
            .idle_timeout(config.idle_timeout.map(Duration::from_secs))
            .after_connect(|conn, _| Box::pin(async move { configure(conn).await }))
            .connect(&config.url)
            .await
            .map(AnyPool)
            .map_err(rocket_db_pools::Error::Init)
    }

    async fn get(&self) -> Result<Self::Connection, Self::Error> {
        self.0.acquire().await.map_err(rocket_db_pools::Error::Get)
    }

    async fn close(&self) {
        self.0.close().await;
    }
}

/// SQLite keeps a statement's undo copy of the pages it changes (its statement journal) and
/// the B-trees of its sorts and unions in memory, not in temporary files: an import of
/// 50,000 rows wrote 3 GB to those files, and the varied searches ran 14–28% faster (with
/// migration 0025; ADR 0005). A statement binds few values, so its journal stays small.
async fn configure(conn: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
    if super::Dialect::of_connection(conn) == super::Dialect::Sqlite {
        sqlx::query("PRAGMA temp_store = MEMORY").execute(&mut *conn).await?;
    }
    Ok(())
}
