//! `aqar seed --properties N --contact-requests M`: fills the database that `DATABASE_URL` names (migrated first,
//! as the server would) with N realistic bilingual listings for benchmarks and trials,
//! several hundred rows per INSERT and many thousand per transaction. A database without a
//! catalog gets the demo catalog first.

pub mod contact_requests;
pub mod listings;
pub mod store;

use std::process::ExitCode;
use std::time::Instant;

use rocket::figment::Figment;
use sqlx::{AnyConnection, Connection};

use rocket::tokio::sync::mpsc;

use self::listings::{Catalog, Generator, Listing};
use crate::config;
use crate::db::{self, Dialect};

pub const USAGE: &str = "usage: aqar seed [--properties N] [--contact-requests N]    \
     (DATABASE_URL names the database, as for the server)";

/// Listings made at a time, and written per transaction in an incremental load.
pub const ROWS_PER_TRANSACTION: u64 = 20_000;

/// How far back the seeded listings' creation times reach.
const SPAN_DAYS: i64 = 730;

/// What `aqar seed` was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub properties: u64,
    pub contact_requests: u64,
}

/// Reads the arguments after `seed`.
pub fn parse(args: &[String]) -> Result<Request, String> {
    let mut properties = None;
    let mut contact_requests = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value.to_owned())),
            None => (arg.as_str(), None),
        };
        let target = match name {
            "--properties" => &mut properties,
            "--contact-requests" => &mut contact_requests,
            other => return Err(format!("unknown argument '{other}'")),
        };
        let value = inline.or_else(|| args.next().cloned()).ok_or(format!("{name} needs a number"))?;
        let count = value
            .trim()
            .replace('_', "")
            .parse::<u64>()
            .map_err(|_| format!("{name}: '{value}' is not a whole number"))?;
        *target = Some(count);
    }
    if properties.is_none() && contact_requests.is_none() {
        return Err("say how many: --properties N and/or --contact-requests N".into());
    }
    Ok(Request { properties: properties.unwrap_or(0), contact_requests: contact_requests.unwrap_or(0) })
}

/// What a seeding did.
#[derive(Debug, Clone, PartialEq)]
pub struct Seeded {
    pub properties: u64,
    pub contact_requests: u64,
    pub catalog_created: bool,
    pub seconds: f64,
    /// Of those, making the set-aside indexes again (a bulk load).
    pub index_seconds: f64,
}

/// `aqar seed ...`: the command line's entry.
pub fn main(args: &[String]) -> ExitCode {
    let request = match parse(args) {
        Ok(request) => request,
        Err(problem) => {
            eprintln!("aqar seed: {problem}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match rocket::execute(run(&config::figment(), &request)) {
        Ok(seeded) => {
            if seeded.catalog_created {
                println!("aqar seed: the database had no catalog; added the demo catalog");
            }
            let rate = seeded.properties as f64 / seeded.seconds.max(f64::EPSILON);
            let indexing = if seeded.index_seconds > 0.0 {
                format!(
                    "; the indexes, set aside meanwhile, took {:.2} s to make again",
                    seeded.index_seconds
                )
            } else {
                String::new()
            };
            if seeded.properties > 0 {
                println!(
                    "aqar seed: added {} properties in {:.2} s ({rate:.0} rows/s){indexing}",
                    seeded.properties, seeded.seconds
                );
            }
            if seeded.contact_requests > 0 {
                println!("aqar seed: added {} contact requests", seeded.contact_requests);
            }
            ExitCode::SUCCESS
        }
        Err(problem) => {
            eprintln!("aqar seed: {problem}");
            ExitCode::FAILURE
        }
    }
}

/// Connects to the configured database, migrates it and seeds it.
pub async fn run(figment: &Figment, request: &Request) -> Result<Seeded, String> {
    let (url, dialect) = config::database_url(figment).map_err(|e| e.to_string())?;
    let url = db::prepare_url(&url).map_err(|problem| format!("DATABASE_URL: {problem}"))?;
    sqlx::any::install_default_drivers();
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .map_err(|error| format!("cannot open the database: {error}"))?;
    db::migrate_pool(&pool, dialect).await?;
    let mut conn = pool.acquire().await.map_err(|error| error.to_string())?;
    if dialect == Dialect::Sqlite {
        // Bulk loading: each commit waits for the WAL, not for the main file (as WAL allows),
        // and the indexes being built stay in a page cache of up to 256 MiB.
        for pragma in
            ["PRAGMA synchronous = NORMAL", "PRAGMA cache_size = -262144", "PRAGMA temp_store = MEMORY"]
        {
            sqlx::query(pragma).execute(&mut *conn).await.map_err(|e| e.to_string())?;
        }
    }
    let mut seeded = if request.properties > 0 {
        seed(&mut conn, request.properties, 1).await
    } else {
        Ok(Seeded {
            properties: 0,
            contact_requests: 0,
            catalog_created: false,
            seconds: 0.0,
            index_seconds: 0.0,
        })
    };
    if let Ok(seeded) = &mut seeded {
        if request.contact_requests > 0 {
            seeded.seconds += contact_requests::seed(&mut conn, request.contact_requests).await?;
            seeded.contact_requests = request.contact_requests;
        }
    }
    drop(conn);
    pool.close().await;
    seeded
}

/// How listings are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Load {
    /// With the indexes kept up to date, committing every [`ROWS_PER_TRANSACTION`] rows.
    Incremental,
    /// In one transaction with the indexes set aside and made again at the end (see
    /// `store::set_aside_indexes`): for loads at least as large as the table and [`BULK_FROM`].
    Bulk,
}

/// The smallest load written in bulk.
pub const BULK_FROM: u64 = 10_000;

/// Adds `count` listings made from seed `seed` to the database behind `conn`, after the
/// demo catalog when it has none, in bulk when the load is large.
pub async fn seed(conn: &mut AnyConnection, count: u64, seed: u64) -> Result<Seeded, String> {
    let existing = u64::try_from(store::count(conn, "properties").await.map_err(|e| e.message)?).unwrap_or(0);
    let load = if count >= BULK_FROM && count >= existing { Load::Bulk } else { Load::Incremental };
    seed_with(conn, count, seed, load).await
}

pub async fn seed_with(
    conn: &mut AnyConnection,
    count: u64,
    seed: u64,
    load: Load,
) -> Result<Seeded, String> {
    let failed = |error: crate::error::ApiError| error.message;
    let started = Instant::now();
    let catalog_created = crate::demo::catalog_is_empty(conn).await.map_err(failed)?;
    if catalog_created {
        let mut tx = conn.begin().await.map_err(|e| e.to_string())?;
        crate::demo::seed_catalog(&mut tx).await.map_err(failed)?;
        tx.commit().await.map_err(|e| e.to_string())?;
    }
    let catalog = store::catalog(conn).await.map_err(failed)?;
    let first_number =
        u64::try_from(store::count(conn, "properties").await.map_err(failed)?).unwrap_or(0) + 1;
    let dialect = store::dialect(conn);
    let inserter = store::Inserter::new(dialect);
    let mut batches = make_batches(catalog, seed, count, first_number)?;
    let mut index_seconds = 0.0;
    match load {
        Load::Incremental => {
            while let Some(listings) = batches.recv().await {
                let mut tx = conn.begin().await.map_err(|e| e.to_string())?;
                inserter.insert(&mut tx, &listings).await.map_err(failed)?;
                tx.commit().await.map_err(|e| e.to_string())?;
            }
        }
        Load::Bulk => {
            // One transaction, so on SQLite a rollback journal rather than the WAL: the rows are
            // then written once instead of to the WAL and again at its checkpoint. Only a
            // connection alone on the file can switch; otherwise the load goes through the WAL.
            let journal = dialect == Dialect::Sqlite
                && sqlx::query_scalar::<_, String>("PRAGMA journal_mode = DELETE")
                    .fetch_one(&mut *conn)
                    .await
                    .is_ok_and(|mode| mode.eq_ignore_ascii_case("delete"));
            let mut tx = conn.begin().await.map_err(|e| e.to_string())?;
            let set_aside = store::set_aside_indexes(&mut tx).await.map_err(failed)?;
            while let Some(listings) = batches.recv().await {
                inserter.insert(&mut tx, &listings).await.map_err(failed)?;
            }
            let indexing = Instant::now();
            store::restore_indexes(&mut tx, set_aside).await.map_err(failed)?;
            tx.commit().await.map_err(|e| e.to_string())?;
            index_seconds = indexing.elapsed().as_secs_f64();
            if journal {
                sqlx::query("PRAGMA journal_mode = WAL")
                    .execute(&mut *conn)
                    .await
                    .map_err(|e| e.to_string())?;
            }
        }
    }
    let indexing = Instant::now();
    let mut tx = conn.begin().await.map_err(|e| e.to_string())?;
    crate::properties::search_index::rebuild(&mut tx).await.map_err(failed)?;
    tx.commit().await.map_err(|e| e.to_string())?;
    index_seconds += indexing.elapsed().as_secs_f64();
    Ok(Seeded {
        properties: count,
        contact_requests: 0,
        catalog_created,
        seconds: started.elapsed().as_secs_f64(),
        index_seconds,
    })
}

/// Makes the listings on a thread of their own, [`ROWS_PER_TRANSACTION`] at a time, while the
/// previous ones are written: the database and the generator each keep a core busy.
fn make_batches(
    catalog: Catalog,
    seed: u64,
    count: u64,
    first_number: u64,
) -> Result<mpsc::Receiver<Vec<Listing>>, String> {
    if Generator::new(&catalog, seed, count, SPAN_DAYS, first_number).is_none() {
        return Err("the database has no categories, property types or cities to list properties under; \
                    add some, or seed an empty database (it gets the demo catalog)"
            .into());
    }
    let (sender, receiver) = mpsc::channel(2);
    std::thread::spawn(move || {
        let Some(mut generator) = Generator::new(&catalog, seed, count, SPAN_DAYS, first_number) else {
            return;
        };
        let mut first = 0;
        while first < count {
            let rows = ROWS_PER_TRANSACTION.min(count - first);
            let batch: Vec<Listing> = (first..first + rows).map(|index| generator.listing(index)).collect();
            // The receiver is gone when the load failed: nothing more to make.
            if sender.blocking_send(batch).is_err() {
                return;
            }
            first += rows;
        }
    });
    Ok(receiver)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn the_count_is_read_in_either_spelling() {
        assert_eq!(parse(&args("--properties 250")), Ok(Request { properties: 250, contact_requests: 0 }));
        assert_eq!(
            parse(&args("--properties=100_000")),
            Ok(Request { properties: 100_000, contact_requests: 0 })
        );
        assert_eq!(
            parse(&args("--contact-requests 100_000 --properties 5")),
            Ok(Request { properties: 5, contact_requests: 100_000 })
        );
    }

    #[test]
    fn anything_else_is_refused_with_a_reason() {
        assert_eq!(parse(&args("")), Err("say how many: --properties N and/or --contact-requests N".into()));
        assert_eq!(parse(&args("--properties")), Err("--properties needs a number".into()));
        assert_eq!(
            parse(&args("--properties many")),
            Err("--properties: 'many' is not a whole number".into())
        );
        assert_eq!(parse(&args("--messages 5")), Err("unknown argument '--messages'".into()));
    }
}
