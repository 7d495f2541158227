//! A feed written as it is read, in constant memory: the listings come in chunks by id from
//! one snapshot of the database (a read transaction), each chunk is written as XML and, when
//! the client takes gzip, compressed, then handed to the answer while the next is read. A
//! first pass over the same snapshot counts the listings that go in (Property Finder's
//! `listing_count` comes before the first of them) and finds the newest change.

use std::io::{self, Write};

use flate2::write::GzEncoder;
use flate2::Compression;
use rocket::tokio::sync::mpsc::{self, Receiver, Sender};
use rules::portals::MappingPortal;
use sqlx::{Any, AnyConnection, AnyPool, Transaction};

use super::listing::{self, Words};
use super::{bayut, property_finder, Census, Site};
use crate::areas::portals::store;
use crate::platform::db::Dialect;
use crate::platform::http::error::{ApiError, ApiResult};

/// Chunks written ahead of the client.
const CHUNKS_AHEAD: usize = 4;

/// The text sent at once: a chunk's listings, or several chunks' when few of their ids are
/// the feed's (64 KiB, so a sparse feed is not sent in crumbs).
const SEND_AT_BYTES: usize = 64 * 1024;

/// What a feed is written from.
pub struct Plan {
    pub feed: MappingPortal,
    pub now: String,
    pub site: Site,
    pub words: Words,
    /// The newest change of the portal's words, RFC 3339.
    pub words_changed: Option<String>,
    /// The last instant a listing's window or permit started or ended.
    pub passed: Option<String>,
    pub sql: String,
}

/// A read transaction: every chunk of the feed sees the database as it was at its first read.
pub async fn snapshot(pool: &AnyPool) -> Result<Transaction<'static, Any>, sqlx::Error> {
    match Dialect::of_pool(pool) {
        Dialect::Postgres => {
            let mut tx = pool.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY").await?;
            // A feed is hundreds of small reads: compiling each (JIT, which PostgreSQL starts on
            // a chunk's cost estimate) took 25 times the read itself.
            sqlx::query("SET LOCAL jit = off").execute(&mut *tx).await?;
            Ok(tx)
        }
        // A deferred transaction reads one snapshot of the WAL from its first read on.
        Dialect::Sqlite => pool.begin().await,
    }
}

/// Calls `each` with every chunk of the feed's listings, in id order.
async fn chunks(
    conn: &mut AnyConnection,
    plan: &Plan,
    mut each: impl FnMut(&[listing::FeedListing]),
) -> ApiResult<()> {
    let mut after = 0;
    while let Some(chunk) = store::feed::chunk(conn, &plan.sql, &plan.now, after).await? {
        each(&chunk.listings);
        after = chunk.through;
    }
    Ok(())
}

/// The first pass: how many listings go in, and the newest change of what the feed shows.
pub async fn census(conn: &mut AnyConnection, plan: &Plan) -> ApiResult<Census> {
    let mut count = 0;
    let mut newest = [plan.words_changed.clone(), plan.passed.clone()].into_iter().flatten().max();
    chunks(conn, plan, |chunk| {
        for listing in chunk {
            if !listing::portals(listing, &plan.words, plan.feed).is_empty() {
                count += 1;
                if newest.as_ref().is_none_or(|newest| listing.updated_at > *newest) {
                    newest = Some(listing.updated_at.clone());
                }
            }
        }
    })
    .await?;
    Ok(Census { count, last_update: newest.unwrap_or_else(|| plan.now.clone()) })
}

/// The answer's bytes: the text as it is, or gzipped as it goes.
struct Output(Option<GzEncoder<Vec<u8>>>);

impl Output {
    fn new(gzip: bool) -> Output {
        // The fastest level, as every answer of this server (see `compression`).
        Output(gzip.then(|| GzEncoder::new(Vec::new(), Compression::fast())))
    }

    fn bytes(&mut self, text: String) -> io::Result<Vec<u8>> {
        match &mut self.0 {
            None => Ok(text.into_bytes()),
            Some(encoder) => {
                encoder.write_all(text.as_bytes())?;
                Ok(std::mem::take(encoder.get_mut()))
            }
        }
    }

    fn finish(self) -> io::Result<Vec<u8>> {
        self.0.map_or_else(|| Ok(Vec::new()), GzEncoder::finish)
    }
}

fn write(out: &mut String, plan: &Plan, listing: &listing::FeedListing) {
    let portals = listing::portals(listing, &plan.words, plan.feed);
    match plan.feed {
        MappingPortal::PropertyFinder => {
            property_finder::property(out, listing, &plan.words, &portals, &plan.site)
        }
        MappingPortal::Bayut => bayut::property(out, listing, &plan.words, &portals, &plan.site),
    }
}

/// The second pass: the document, chunk by chunk, into `sender`; stops early when the
/// client has gone.
async fn produce(
    mut tx: Transaction<'static, Any>,
    plan: Plan,
    census: Census,
    mut output: Output,
    sender: &Sender<io::Result<Vec<u8>>>,
) -> Result<(), String> {
    let mut text = String::new();
    match plan.feed {
        MappingPortal::PropertyFinder => property_finder::start(&mut text, &census),
        MappingPortal::Bayut => bayut::start(&mut text),
    }
    // Each chunk's text goes to the client before the next chunk is read.
    let mut after = 0;
    while let Some(chunk) =
        store::feed::chunk(&mut tx, &plan.sql, &plan.now, after).await.map_err(|e| e.message)?
    {
        for listing in &chunk.listings {
            write(&mut text, &plan, listing);
        }
        after = chunk.through;
        if text.len() >= SEND_AT_BYTES {
            let bytes = output.bytes(std::mem::take(&mut text)).map_err(|e| e.to_string())?;
            if sender.send(Ok(bytes)).await.is_err() {
                return Ok(());
            }
        }
    }
    match plan.feed {
        MappingPortal::PropertyFinder => property_finder::end(&mut text),
        MappingPortal::Bayut => bayut::end(&mut text),
    }
    let last = output.bytes(text).map_err(|e| e.to_string())?;
    let tail = output.finish().map_err(|e| e.to_string())?;
    let _ = sender.send(Ok(last)).await;
    let _ = sender.send(Ok(tail)).await;
    Ok(())
}

/// Starts writing the feed on its own task; answers its first chunk (or the error that came
/// before any byte, which can still be answered as such) and the rest as they come.
pub async fn start(
    tx: Transaction<'static, Any>,
    plan: Plan,
    census: Census,
    gzip: bool,
) -> ApiResult<(Vec<u8>, Receiver<io::Result<Vec<u8>>>)> {
    let (sender, mut receiver) = mpsc::channel(CHUNKS_AHEAD);
    rocket::tokio::spawn(async move {
        if let Err(error) = produce(tx, plan, census, Output::new(gzip), &sender).await {
            rocket::error!("a portal feed broke off: {error}");
            let _ = sender.send(Err(io::Error::other(error))).await;
        }
    });
    match receiver.recv().await {
        Some(Ok(first)) => Ok((first, receiver)),
        Some(Err(error)) => Err(ApiError::internal(error)),
        None => Ok((Vec::new(), receiver)),
    }
}
