//! The listings' search engine (issue 38, docs/adr/0028): a Tantivy index in this server's
//! own folder, derived from the database, which stays the source of truth.
//!
//! Every write to a listing or its features appends the listing's id to `search_changes`
//! in the write's own transaction (migration 0027's triggers). Each server applies the
//! changes it has not applied yet before it answers a list, and every half second besides,
//! so a save is in the next list of any server; a server that was down catches up at start.
//! An index that is missing, unreadable, of another schema or of another database, or that
//! fell behind the changes kept, is rebuilt from the listings while lists answer 503.

mod collect;
pub mod facets;
mod order;
mod query;
mod schema;
mod start;
mod store;

pub use collect::Hits;
pub use facets::Facets;
pub use start::{fairing, follower};
pub use store::reset;

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rocket::http::Status;
use rules::portals::FeedPortal;
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;
use tantivy::directory::MmapDirectory;
use tantivy::query::EnableScoring;
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

use self::collect::Relevance;
use self::order::{Filter, Orders};
use self::schema::Fields;
use super::listing::{ListRequest, Sort, SortKey, DEFAULT_SORT};
use crate::platform::http::error::{ApiError, ApiResult};

/// How often a server looks for changes made through others.
const FOLLOW_EVERY: Duration = Duration::from_millis(500);

/// Changes are kept this long; a server down for longer rebuilds.
const KEEP_CHANGES_SECS: i64 = 24 * 3600;

/// How many changes are read at once while catching up.
const CHANGES_PER_READ: i64 = 20_000;

/// Listings read at once by a rebuild.
const REBUILD_CHUNK: i64 = 5_000;

/// The indexing memory of the one writer.
const WRITER_MEMORY: usize = 64 * 1024 * 1024;

/// Seconds a list asks to be retried after while the index is built.
const RETRY_SECS: u64 = 2;

/// A rebuild at start is waited for this long before the server answers (then `/healthz`
/// answers and lists answer 503 until it ends): a small database's index is ready before
/// the first request.
const WAIT_AT_START: Duration = Duration::from_millis(500);

/// What each commit records: which schema, database and change the index holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Payload {
    version: u32,
    origin: String,
    seq: i64,
}

pub struct Engine {
    fields: Fields,
    reader: IndexReader,
    writer: Arc<rocket::tokio::sync::Mutex<Writer>>,
    /// The newest change the searchers see.
    applied: AtomicI64,
    origin: Mutex<String>,
    ready: AtomicBool,
    orders: Orders,
}

fn failed(error: impl std::fmt::Display) -> ApiError {
    ApiError::internal(format!("search index: {error}"))
}

type Writer = IndexWriter<TantivyDocument>;

/// The writer, held until its holder lets it go.
type Held = rocket::tokio::sync::OwnedMutexGuard<Writer>;

/// Runs `work` on the writer on a blocking thread: indexing waits for the indexing threads
/// and a commit for the disk, which must not hold up the server's request threads.
async fn blocking(
    mut writer: Held,
    work: impl FnOnce(&mut Writer) -> tantivy::Result<()> + Send + 'static,
) -> ApiResult<Held> {
    let (writer, done) = rocket::tokio::task::spawn_blocking(move || {
        let done = work(&mut writer);
        (writer, done)
    })
    .await
    .map_err(failed)?;
    done.map_err(failed)?;
    Ok(writer)
}

/// The index in `dir`, or a new empty one when it is missing, unreadable or of another
/// schema; its payload when it has one of this schema.
fn open(dir: &Path) -> tantivy::Result<(Index, Option<Payload>)> {
    let (schema, _) = schema::schema();
    let opened = Index::open_in_dir(dir).ok().filter(|index| index.schema() == schema);
    let payload = opened
        .as_ref()
        .and_then(|index| index.load_metas().ok())
        .and_then(|metas| metas.payload)
        .and_then(|text| serde_json::from_str::<Payload>(&text).ok())
        .filter(|payload| payload.version == schema::VERSION);
    let index = match (opened, &payload) {
        (Some(index), Some(_)) => index,
        _ => {
            if dir.exists() {
                std::fs::remove_dir_all(dir)?;
            }
            std::fs::create_dir_all(dir)?;
            Index::create(MmapDirectory::open(dir)?, schema, tantivy::IndexSettings::default())?
        }
    };
    index.tokenizers().register(schema::TOKENIZER, schema::tokenizer());
    Ok((index, payload))
}

impl Engine {
    /// The engine over the index in `dir`, not ready until [`Engine::start`].
    pub fn open(dir: &Path) -> tantivy::Result<(Engine, Option<i64>)> {
        let (index, payload) = open(dir)?;
        let (_, fields) = schema::schema();
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        let writer = index.writer(WRITER_MEMORY)?;
        let (seq, origin) = payload.map_or((None, String::new()), |p| (Some(p.seq), p.origin));
        let engine = Engine {
            fields,
            reader,
            writer: Arc::new(rocket::tokio::sync::Mutex::new(writer)),
            applied: AtomicI64::new(seq.unwrap_or(0)),
            origin: Mutex::new(origin),
            ready: AtomicBool::new(false),
            orders: Orders::default(),
        };
        Ok((engine, seq))
    }

    fn origin(&self) -> String {
        self.origin.lock().map(|o| o.clone()).unwrap_or_default()
    }

    /// Whether the index can follow the feed from where it is, or must be rebuilt.
    async fn can_follow(&self, pool: &AnyPool, seq: Option<i64>) -> ApiResult<bool> {
        let feed = store::feed(pool).await?;
        Ok(seq.is_some_and(|seq| feed.origin == self.origin() && seq >= feed.pruned_through))
    }

    /// Follows the feed, or builds the index if it is not ready (a rebuild that failed is
    /// tried again).
    pub async fn follow(&self, pool: &AnyPool) -> ApiResult<()> {
        if self.ready.load(Ordering::SeqCst) {
            self.catch_up(pool).await
        } else {
            self.rebuild(pool).await
        }
    }

    /// Every listing indexed anew, from the database, unless the index can follow the feed
    /// (another rebuild ended while this one waited for the writer). Lists answer 503 while
    /// an index that was not ready at start is built; a rebuild of a ready index (the
    /// database was reloaded, or its changes pruned past this server's) keeps the lists
    /// waiting for the writer instead, and answers them from the new index.
    pub async fn rebuild(&self, pool: &AnyPool) -> ApiResult<()> {
        let mut writer = self.writer.clone().lock_owned().await;
        let applied = Some(self.applied.load(Ordering::SeqCst));
        if self.ready.load(Ordering::SeqCst) && self.can_follow(pool, applied).await? {
            return Ok(());
        }
        let started = std::time::Instant::now();
        // The changes after this one are applied after the rebuild: a listing saved while
        // the table is read is indexed then.
        let feed = store::feed(pool).await?;
        writer = blocking(writer, |w| w.delete_all_documents().map(drop)).await?;
        let mut conn = pool.acquire().await?;
        let mut after = 0;
        let mut count = 0usize;
        loop {
            let rows = store::rows_after(&mut conn, after, REBUILD_CHUNK).await?;
            let Some(last) = rows.last() else { break };
            after = last.id;
            count += rows.len();
            let documents: Vec<TantivyDocument> = rows.iter().map(|row| row.document(&self.fields)).collect();
            writer =
                blocking(writer, |w| documents.into_iter().try_for_each(|d| w.add_document(d).map(drop)))
                    .await?;
        }
        drop(conn);
        let writer = self.commit(writer, &feed.origin, feed.newest.max(feed.pruned_through)).await?;
        if let Ok(mut origin) = self.origin.lock() {
            origin.clone_from(&feed.origin);
        }
        self.ready.store(true, Ordering::SeqCst);
        if count > 0 {
            rocket::info!(
                "search index: {count} listings indexed in {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
        drop(writer);
        self.catch_up(pool).await
    }

    /// Commits what the writer holds as having applied the changes up to `seq`, and shows
    /// it to the next searches.
    async fn commit(&self, writer: Held, origin: &str, seq: i64) -> ApiResult<Held> {
        let payload =
            serde_json::to_string(&Payload { version: schema::VERSION, origin: origin.to_owned(), seq })
                .map_err(failed)?;
        let reader = self.reader.clone();
        let writer = blocking(writer, move |w| {
            let mut prepared = w.prepare_commit()?;
            prepared.set_payload(&payload);
            prepared.commit()?;
            reader.reload()
        })
        .await?;
        self.orders.keep_only(&self.reader.searcher());
        self.applied.store(seq, Ordering::SeqCst);
        Ok(writer)
    }

    /// Applies every change not applied yet. A server that cannot follow (the changes it
    /// lacks were pruned, or the database is another) rebuilds.
    pub async fn catch_up(&self, pool: &AnyPool) -> ApiResult<()> {
        if !self.ready.load(Ordering::SeqCst) {
            return Err(building());
        }
        let current = |origin: &str, newest: i64| {
            newest <= self.applied.load(Ordering::SeqCst) && origin == self.origin()
        };
        let (origin, newest) = store::head(pool).await?;
        if current(&origin, newest) {
            return Ok(());
        }
        let mut writer = self.writer.clone().lock_owned().await;
        if current(&origin, newest) {
            // Another request applied them while this one waited.
            return Ok(());
        }
        let mut seq = self.applied.load(Ordering::SeqCst);
        if !self.can_follow(pool, Some(seq)).await? {
            drop(writer);
            return Box::pin(self.rebuild(pool)).await;
        }
        let mut changed = false;
        loop {
            let (ids, last) = store::changed_after(pool, seq, CHANGES_PER_READ).await?;
            let Some(last) = last else { break };
            let mut conn = pool.acquire().await?;
            let rows = store::rows(&mut conn, &ids).await?;
            drop(conn);
            let terms: Vec<Term> = ids
                .iter()
                .map(|id| Term::from_field_u64(self.fields.id, u64::try_from(*id).unwrap_or(0)))
                .collect();
            let documents: Vec<TantivyDocument> = rows.iter().map(|row| row.document(&self.fields)).collect();
            writer = blocking(writer, move |w| {
                for term in terms {
                    w.delete_term(term);
                }
                documents.into_iter().try_for_each(|d| w.add_document(d).map(drop))
            })
            .await?;
            seq = last;
            changed = true;
        }
        if changed {
            let origin = self.origin();
            self.commit(writer, &origin, seq).await?;
        }
        Ok(())
    }

    /// One page of a list (or all of it, unpaged, at most `limit`) and its total, as the
    /// index holds it once every change so far is applied.
    pub async fn find(&self, pool: &AnyPool, request: &ListRequest, limit: Option<usize>) -> ApiResult<Hits> {
        self.catch_up(pool).await?;
        let sort = match request.sort {
            Sort { key: SortKey::Relevance, .. } if request.search.is_none() => DEFAULT_SORT,
            sort => sort,
        };
        let (keep, skip) = match request.paging {
            Some(paging) => {
                let skip = usize::try_from(paging.offset()).unwrap_or(usize::MAX);
                (skip.saturating_add(usize::try_from(paging.size).unwrap_or(0)), skip)
            }
            None => (limit.unwrap_or(usize::MAX), 0),
        };
        let searcher = self.reader.searcher();
        if sort.key == SortKey::Relevance {
            let query = query::of(&self.fields, request);
            return searcher.search(&query, &Relevance { keep, skip }).map_err(failed);
        }
        self.filtered(&searcher, request, |filter| self.orders.page(&searcher, filter, sort, keep, skip))
    }

    /// The counts of the listings a request matches, for a filter side bar.
    pub async fn facets(&self, pool: &AnyPool, request: &ListRequest) -> ApiResult<Facets> {
        self.catch_up(pool).await?;
        let searcher = self.reader.searcher();
        self.filtered(&searcher, request, |filter| facets::count(&self.orders, &searcher, filter))
    }

    /// The share of active listings whose quality score is `good` or more; `None` with none.
    pub async fn quality_share(&self, pool: &AnyPool, good: u8) -> ApiResult<Option<f64>> {
        self.catch_up(pool).await?;
        let searcher = self.reader.searcher();
        let active =
            [(schema::names::STATUS, schema::status_code(rules::vocabularies::PropertyStatus::Active))];
        let filter = Filter { weight: None, flags: &active, live_at: None };
        let (mut total, mut scoring) = (0u64, 0u64);
        for segment in searcher.segment_readers() {
            let matched = self.orders.matched(segment, &filter).map_err(failed)?;
            let quality = segment.fast_fields().u64(schema::names::QUALITY).map_err(failed)?;
            total += matched.count;
            scoring +=
                matched.docs().filter(|doc| quality.first(*doc).unwrap_or(0) >= u64::from(good)).count()
                    as u64;
        }
        Ok((total > 0).then(|| scoring as f64 / total as f64))
    }

    /// For each feed portal, the active listings chosen for it and those of them it would
    /// refuse (issue 41).
    pub async fn portal_counts(&self, pool: &AnyPool) -> ApiResult<Vec<(FeedPortal, u64, u64)>> {
        use tantivy::collector::Count;
        use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
        use tantivy::schema::IndexRecordOption;
        self.catch_up(pool).await?;
        let searcher = self.reader.searcher();
        let f = &self.fields;
        let active = schema::status_code(rules::vocabularies::PropertyStatus::Active);
        let count = |field: tantivy::schema::Field, code: u64| -> ApiResult<u64> {
            let terms = [(f.status, active), (field, code)];
            let clauses: Vec<(Occur, Box<dyn Query>)> = terms
                .iter()
                .map(|(field, value)| {
                    let term = Term::from_field_u64(*field, *value);
                    (Occur::Must, Box::new(TermQuery::new(term, IndexRecordOption::Basic)) as Box<dyn Query>)
                })
                .collect();
            let found = searcher.search(&BooleanQuery::new(clauses), &Count).map_err(failed)?;
            Ok(found as u64)
        };
        FeedPortal::ALL
            .iter()
            .map(|portal| {
                Ok((*portal, count(f.publish_to, portal.code())?, count(f.blocked, portal.code())?))
            })
            .collect()
    }

    /// Runs `read` on what `request` matches: its vocabulary flags and the rest of its query.
    fn filtered<T>(
        &self,
        searcher: &tantivy::Searcher,
        request: &ListRequest,
        read: impl FnOnce(&Filter<'_>) -> tantivy::Result<T>,
    ) -> ApiResult<T> {
        let flags = query::flags(request);
        let weight = match query::rest(&self.fields, request) {
            Some(query) => {
                Some(query.weight(EnableScoring::disabled_from_searcher(searcher)).map_err(failed)?)
            }
            None => None,
        };
        read(&Filter { weight: weight.as_deref(), flags: &flags, live_at: query::live_at(request) })
            .map_err(failed)
    }
}

/// The 503 of a list while the index is being built.
fn building() -> ApiError {
    ApiError {
        retry_after_secs: Some(RETRY_SECS),
        ..ApiError::new(Status::ServiceUnavailable, rules::messages::SEARCH_INDEX_BUILDING)
    }
}

/// The server's engine, as Rocket manages it.
#[derive(Clone)]
pub struct SearchEngine(pub Arc<Engine>);

impl std::ops::Deref for SearchEngine {
    type Target = Engine;

    fn deref(&self) -> &Engine {
        &self.0
    }
}

#[cfg(test)]
mod tests;
