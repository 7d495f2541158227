//! `POST /api/imports/{id}/commit`: the valid rows written in the background, in batches of
//! [`BATCH_ROWS`]. Each batch is one transaction holding its listings (each through the
//! property writes, with its history row and the search index), the catalogue records its
//! rows add, and the import's progress: a crash leaves every row written or not, and the
//! commit resumes after the last batch written.
//!
//! One server commits an import at a time: it claims the import with a lease of
//! [`LEASE_SECS`] that every batch renews. A server that stops lets its lease run out; the
//! resumer of every server (started at liftoff) takes such imports over, as does a repeated
//! commit call. Committing again while a commit runs, or after it ended, writes nothing.

use std::collections::HashMap;
use std::sync::LazyLock;

use rocket::fairing::AdHoc;
use rocket_db_pools::Database;
use rules::imports::{ImportMode, BATCH_ROWS};
use rules::language::Language;
use rules::messages;
use rules::properties::columns::Kind;
use sqlx::{AnyConnection, AnyPool};

use super::catalog_records::Record;
use super::check::current_year;
use super::rows::{self, Named, Names, Parent, Pending, Resolved};
use super::store::{self, Progress, RowFilter};
use super::{localise, ImportState};
use crate::areas::catalog::{categories, locations, property_types};
use crate::areas::properties::body::PropertyBody;
use crate::areas::properties::store::{self as properties, NewListing};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock, Db};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::jobs;

/// Seconds a commit's claim lasts unless a batch renews it: longer than any batch takes (a
/// batch holds SQLite's write lock, so nothing renews the lease while it runs).
pub const LEASE_SECS: i64 = 15;

/// The imports this server is committing, by database and id: a server never claims its own
/// running commit again, even when a slow batch let the lease run out.
static RUNNING: LazyLock<std::sync::Mutex<std::collections::HashSet<(String, i64)>>> =
    LazyLock::new(Default::default);

fn key(db: &AnyPool, id: i64) -> (String, i64) {
    (db.connect_options().database_url.to_string(), id)
}

fn running(db: &AnyPool, id: i64) -> bool {
    RUNNING.lock().map(|set| set.contains(&key(db, id))).unwrap_or(true)
}

/// This server's name in the leases it holds.
static OWNER: LazyLock<String> = LazyLock::new(|| {
    use rand::Rng;
    format!("{:016x}", rand::thread_rng().gen::<u64>())
});

/// Starts (or resumes) the commit of import `id` unless one is running; answers its state.
pub async fn start(db: &AnyPool, id: i64, actor: Actor, language: Language) -> ApiResult<ImportState> {
    let state = store::state(db, id).await?;
    match state.status.as_str() {
        "uploaded" => return Err(ApiError::conflict(localise(messages::IMPORT_NOT_CHECKED, language))),
        "done" => return Ok(state),
        _ => {}
    }
    let now = clock::now_epoch();
    if !running(db, id) && store::claim(db, id, &OWNER, now, now + LEASE_SECS).await? {
        spawn(db.clone(), id, actor);
    }
    store::state(db, id).await
}

fn spawn(db: AnyPool, id: i64, actor: Actor) {
    let fresh = RUNNING.lock().map(|mut set| set.insert(key(&db, id))).unwrap_or(false);
    if !fresh {
        return;
    }
    rocket::tokio::spawn(async move {
        let outcome = run(&db, id, &actor).await;
        if let Ok(mut set) = RUNNING.lock() {
            set.remove(&key(&db, id));
        }
        match outcome {
            Ok(()) => {}
            Err(Stop::LeaseLost) => rocket::warn!("import {id}: another server took its commit over"),
            Err(Stop::Failed(error)) => {
                rocket::warn!("import {id} failed: {}", error.message);
                let said = format!("{}: {}", messages::IMPORT_INTERRUPTED, error.message);
                if let Err(error) = store::finish(&db, id, &OWNER, Some(&said)).await {
                    rocket::warn!("import {id}: recording its failure failed: {}", error.message);
                }
            }
        }
    });
}

enum Stop {
    LeaseLost,
    Failed(ApiError),
}

impl From<ApiError> for Stop {
    fn from(error: ApiError) -> Self {
        Stop::Failed(error)
    }
}

impl From<sqlx::Error> for Stop {
    fn from(error: sqlx::Error) -> Self {
        Stop::Failed(error.into())
    }
}

/// The tables an import's batches write, whose statistics it refreshes as it grows them.
const WRITTEN: [&str; 4] =
    ["properties", "property_images", "property_feature_assignments", "search_changes"];

async fn run(db: &AnyPool, id: i64, actor: &Actor) -> Result<(), Stop> {
    let mut batches: u64 = 0;
    while batch(db, id, actor).await? {
        batches += 1;
        // After 10, 20, 40... batches: a handful of refreshes, however long the import.
        if batches.is_multiple_of(10) && (batches / 10).is_power_of_two() {
            // Statistics only guide the planner: the import goes on without fresh ones.
            if let Err(error) = db::refresh_statistics(db, &WRITTEN).await {
                rocket::warn!("import {id}: refreshing the statistics failed: {}", error.message);
            }
        }
    }
    store::finish(db, id, &OWNER, None).await?;
    Ok(())
}

/// Writes the next batch; whether there may be more.
async fn batch(db: &AnyPool, id: i64, actor: &Actor) -> Result<bool, Stop> {
    let mut tx = db::begin_write(db).await?;
    let settings = store::settings(&mut tx, id).await?;
    let position = store::position(&mut tx, id).await?;
    let rows = store::rows_after(&mut tx, id, position, BATCH_ROWS, RowFilter::Valid).await?;
    let Some(last) = rows.last().map(|row| row.line) else { return Ok(false) };
    let keys = settings.mapping.unwrap_or_default();
    let mapping = rows::mapping(&keys, settings.columns.len()).map_err(ApiError::internal)?;
    let features_mapped = mapping.iter().flatten().any(|c| matches!(c.kind, Kind::FeatureNames(_)));
    let mode = settings.mode.as_deref().and_then(ImportMode::parse).unwrap_or(ImportMode::Create);
    let mut names = store::names(&mut tx).await?;
    let year = current_year();
    let mut step = Progress { position: last, done: 0, created: 0, updated: 0, invalid: 0 };
    let mut read = Vec::with_capacity(rows.len());
    for row in &rows {
        read.push(
            settled(&mut tx, actor, &row.cells, &mapping, &mut names, settings.create_missing, year).await?,
        );
    }
    let numbers: Vec<&str> = read.iter().flatten().filter_map(|resolved| number_of(resolved)).collect();
    let mut known = store::listings_with_numbers(&mut tx, &numbers).await?;
    // New listings wait to be written together, until the batch ends or a row names one of them.
    let mut new = Added::default();
    for resolved in read {
        step.done += 1;
        let Some(resolved) = resolved else {
            step.invalid += 1;
            continue;
        };
        let number = number_of(&resolved).map(str::to_owned);
        if number.as_ref().is_some_and(|number| new.numbers.iter().flatten().any(|waiting| waiting == number))
        {
            new.write(&mut tx, actor, id, &mut known, &mut step).await?;
        }
        let existing = number.as_ref().and_then(|number| known.get(number).copied());
        // An update keeps the listing's agent (issue 26): a spreadsheet has no column for it.
        let mut input = resolved.input;
        input.agent_id = existing.and_then(|(_, agent)| agent);
        let body = PropertyBody::Full(Box::new(input));
        let written = match (existing.map(|(listing, _)| listing), mode) {
            (Some(_), ImportMode::Create) => Err(ApiError::conflict(messages::IMPORT_PROPERTY_NUMBER_EXISTS)),
            (Some(listing), ImportMode::CreateOrUpdate) => {
                let written = properties::update_in(&mut tx, actor, listing, None, &body).await;
                if written.is_ok() && features_mapped {
                    properties::replace_features_in(&mut tx, actor, listing, &resolved.features).await?;
                }
                written
            }
            (None, _) => {
                new.push(number, NewListing { body, features: resolved.features });
                continue;
            }
        };
        match written {
            Ok(_) => step.updated += 1,
            // The catalogue changed since the check (a place deleted...): the row is left out.
            Err(error) if error.status.code < 500 => step.invalid += 1,
            Err(error) => return Err(Stop::Failed(error)),
        }
    }
    new.write(&mut tx, actor, id, &mut known, &mut step).await?;
    let now = clock::now_epoch();
    if !store::advance(&mut tx, id, &OWNER, &step, now + LEASE_SECS).await? {
        return Err(Stop::LeaseLost);
    }
    tx.commit().await?;
    Ok(true)
}

/// The listing number a row gives, if any.
fn number_of(resolved: &Resolved) -> Option<&str> {
    resolved.input.property_number.as_deref().map(str::trim).filter(|number| !number.is_empty())
}

/// The new listings of a batch not yet written, and their numbers.
#[derive(Default)]
struct Added {
    listings: Vec<NewListing>,
    numbers: Vec<Option<String>>,
}

impl Added {
    fn push(&mut self, number: Option<String>, listing: NewListing) {
        self.listings.push(listing);
        self.numbers.push(number);
    }

    /// Writes the listings waiting, counts them in `step`, and adds their numbers to `known`.
    async fn write(
        &mut self,
        tx: &mut AnyConnection,
        actor: &Actor,
        import_id: i64,
        known: &mut HashMap<String, (i64, Option<i64>)>,
        step: &mut Progress,
    ) -> Result<(), Stop> {
        let outcomes = properties::insert_many_in(tx, actor, &self.listings, Some(import_id)).await?;
        for (outcome, number) in outcomes.into_iter().zip(self.numbers.drain(..)) {
            match outcome {
                Ok(id) => {
                    step.created += 1;
                    if let Some(number) = number {
                        known.entry(number).or_insert((id, None));
                    }
                }
                // The catalogue changed since the check (a place deleted...): the row is left out.
                Err(error) if error.status.code < 500 => step.invalid += 1,
                Err(error) => return Err(Stop::Failed(error)),
            }
        }
        self.listings.clear();
        Ok(())
    }
}

/// The row read with every catalogue record it names in place: records it adds are created
/// first (one at a time, parents first), so a later row naming them finds them. `None`: the
/// row no longer reads (the catalogue changed since the check).
async fn settled(
    conn: &mut AnyConnection,
    actor: &Actor,
    cells: &[String],
    mapping: &rows::Mapping,
    names: &mut Names,
    create_missing: bool,
    year: i32,
) -> ApiResult<Option<Resolved>> {
    // A row adds at most a category, a type, a country, a city, a region and its features.
    for _ in 0..=(5 + rules::bounds::FEATURE_IDS_MAX) {
        let Ok(resolved) = rows::resolve(cells, mapping, names, create_missing, year) else {
            return Ok(None);
        };
        let Some(first) = resolved.pending.first() else { return Ok(Some(resolved)) };
        add(conn, actor, first, names).await?;
    }
    Ok(None)
}

/// Adds one record to the catalogue, recorded in its history, and to `names`. The check
/// held the record to its form's rules; they are asked again here, since nothing but what
/// they pass may reach the catalogue.
async fn add(conn: &mut AnyConnection, actor: &Actor, pending: &Pending, names: &mut Names) -> ApiResult<()> {
    let parent = match pending.parent {
        Some(Parent::Existing(id)) => Some(id),
        // The first pending record's parent is never itself pending.
        Some(Parent::New(_)) => return Err(ApiError::internal("a new record's parent is not yet added")),
        None => None,
    };
    let taken = |code: &str| names.codes.iter().any(|c| c.eq_ignore_ascii_case(code));
    let record = Record::new(pending.catalog, &pending.en, &pending.ar, parent.unwrap_or_default(), taken);
    record.check().map_err(ApiError::validation)?;
    let id = match &record {
        Record::Category(input) => {
            let row = categories::store::CategoryRow::new(
                input.name_en.clone(),
                input.name_ar.clone(),
                None,
                None,
                None,
            );
            let created = categories::store::insert(&mut *conn, &row).await?;
            audit::created(conn, actor, Entity::Category, created.id, &created).await?;
            created.id
        }
        Record::PropertyType(input) => {
            let created = property_types::store::insert(&mut *conn, input).await?;
            audit::created(conn, actor, Entity::PropertyType, created.id, &created).await?;
            created.id
        }
        Record::Country(input) => {
            names.codes.push(input.code.clone());
            locations::store::create_country(conn, actor, input).await?.id
        }
        Record::City(input) => locations::store::create_city(conn, actor, input).await?.id,
        Record::Region(input) => locations::store::create_region(conn, actor, input).await?.id,
        Record::Feature(input) => {
            let created = crate::areas::catalog::property_features::store::insert(&mut *conn, input).await?;
            audit::created(conn, actor, Entity::PropertyFeature, created.id, &created).await?;
            created.id
        }
    };
    let (en, ar) = (pending.en.clone(), pending.ar.clone());
    names.add(&Named { catalog: pending.catalog, id, parent, en, ar });
    Ok(())
}

/// Takes over, every few seconds, the commits whose server stopped (their lease ran out),
/// from liftoff until shutdown.
pub fn resumer() -> AdHoc {
    AdHoc::on_liftoff("Resuming imports", |rocket| {
        Box::pin(async move {
            let Some(db) = Db::fetch(rocket) else { return };
            let (db, shutdown) = (db.pool().clone(), rocket.shutdown());
            let every = std::time::Duration::from_secs(u64::try_from(LEASE_SECS / 2).unwrap_or(5));
            jobs::every(every, shutdown, move || {
                let db = db.clone();
                async move {
                    if let Err(error) = resume(&db).await {
                        rocket::warn!("resuming imports failed: {}", error.message);
                    }
                }
            });
        })
    })
}

async fn resume(db: &AnyPool) -> ApiResult<()> {
    let now = clock::now_epoch();
    for id in store::abandoned(db, now).await? {
        if !running(db, id) && store::claim(db, id, &OWNER, now, now + LEASE_SECS).await? {
            rocket::info!("resuming import {id}");
            spawn(db.clone(), id, store::uploader(db, id).await?);
        }
    }
    Ok(())
}
