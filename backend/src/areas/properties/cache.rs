//! The property lists (the panel's and the public site's), answered from memory while
//! nothing they read has changed.
//!
//! Every server keeps its own bounded map from the parsed request to the serialised answer
//! and the revision it was computed at. The revision lives in the database (migrations 0008
//! and 0014: triggers bump it, in the writing transaction, on every write to a table the
//! answers read), so a write through any server makes every server's copies stale. The
//! revision is read before the answer is computed: a write during the computation can only
//! leave an entry that is stale by revision (recomputed on the next read), never a wrong one.
//! The cache is a bonus: switched off (`AQAR_LIST_CACHE=0`) every answer is computed.

use std::collections::HashMap;
use std::future::Future;
use std::io::Cursor;
use std::sync::{Arc, Mutex};

use rocket::http::ContentType;
use rocket::response::{self, Responder};
use rocket::{Request, Response};
use sqlx::AnyPool;

use super::listing::ListRequest;
use super::store;
use crate::platform::db::clock;
use crate::platform::http::error::{ApiError, ApiResult};

/// How many answers a server keeps.
pub const CAPACITY: usize = 256;

/// One list answer: the JSON body exactly as served, and the total when paged.
#[derive(Debug, Clone)]
pub struct Answer {
    pub revision: i64,
    /// The public lists change at the next instant a listing's window or permit starts or
    /// ends (epoch seconds) even with no write: the answer serves until then.
    pub until: i64,
    pub body: Arc<[u8]>,
    pub total: Option<i64>,
}

/// The answers this server has computed, by request.
pub struct ListCache {
    capacity: usize,
    enabled: bool,
    entries: Mutex<HashMap<ListRequest, Answer>>,
}

impl Default for ListCache {
    fn default() -> Self {
        ListCache::with_capacity(CAPACITY)
    }
}

impl ListCache {
    pub fn with_capacity(capacity: usize) -> Self {
        ListCache { capacity: capacity.max(1), enabled: true, entries: Mutex::new(HashMap::new()) }
    }

    /// A cache that keeps nothing: every answer is computed.
    pub fn disabled() -> Self {
        ListCache { enabled: false, ..ListCache::default() }
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<ListRequest, Answer>> {
        // A panic elsewhere cannot leave the map half-written: every change is one call.
        self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The answer kept for `request`, if it was computed at `revision` and still holds at
    /// `now` (epoch seconds).
    pub fn get(&self, request: &ListRequest, revision: i64, now: i64) -> Option<Answer> {
        self.entries()
            .get(request)
            .filter(|answer| answer.revision == revision && now < answer.until)
            .cloned()
    }

    /// Keeps `answer`, unless one of a later revision is already kept; when full, the entry
    /// of the oldest revision goes.
    pub fn put(&self, request: ListRequest, answer: Answer) {
        let mut entries = self.entries();
        if let Some(kept) = entries.get(&request) {
            if kept.revision > answer.revision {
                return;
            }
        } else if entries.len() >= self.capacity {
            let oldest =
                entries.iter().min_by_key(|(_, kept)| kept.revision).map(|(request, _)| request.clone());
            if let Some(oldest) = oldest {
                entries.remove(&oldest);
            }
        }
        entries.insert(request, answer);
    }

    pub fn len(&self) -> usize {
        self.entries().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The answer to `request`: from `cache` when current, else made by `compute` (the JSON
/// body and the total) and kept.
pub async fn answer<F, Fut>(
    cache: &ListCache,
    db: &AnyPool,
    request: ListRequest,
    compute: F,
) -> ApiResult<Answer>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = ApiResult<(Vec<u8>, Option<i64>)>>,
{
    if !cache.enabled {
        let (body, total) = compute().await?;
        return Ok(Answer { revision: 0, until: 0, body: body.into(), total });
    }
    let revision = store::revision(db).await?;
    let now = clock::now_epoch();
    if let Some(answer) = cache.get(&request, revision, now) {
        return Ok(answer);
    }
    let until = if request.active_only { store::next_change(db, now).await? } else { i64::MAX };
    let (body, total) = compute().await?;
    let answer = Answer { revision, until, body: body.into(), total };
    cache.put(request, answer.clone());
    Ok(answer)
}

/// `value` as the JSON body of an answer.
pub fn json<T: serde::Serialize>(value: &T) -> ApiResult<Vec<u8>> {
    serde_json::to_vec(value).map_err(ApiError::internal)
}

/// A JSON body already serialised, served as `Json` would serve it.
pub struct JsonBytes(pub Arc<[u8]>);

impl<'r> Responder<'r, 'static> for JsonBytes {
    fn respond_to(self, _: &'r Request<'_>) -> response::Result<'static> {
        let length = self.0.len();
        Response::build().header(ContentType::JSON).sized_body(length, Cursor::new(self.0)).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::areas::properties::listing::{Paging, DEFAULT_SORT};

    fn request(page: i64) -> ListRequest {
        ListRequest {
            paging: Some(Paging { page, size: 10 }),
            search: None,
            sort: DEFAULT_SORT,
            filters: Default::default(),
            active_only: false,
        }
    }

    fn answer(revision: i64) -> Answer {
        Answer { revision, until: i64::MAX, body: Arc::from(&b"[]"[..]), total: Some(0) }
    }

    #[test]
    fn an_answer_serves_only_its_revision() {
        let cache = ListCache::default();
        cache.put(request(1), answer(3));
        assert!(cache.get(&request(1), 3, 0).is_some());
        assert!(cache.get(&request(1), 4, 0).is_none(), "a later revision misses");
        assert!(cache.get(&request(2), 3, 0).is_none(), "another request misses");
    }

    #[test]
    fn a_later_answer_is_not_replaced_by_an_earlier_one() {
        let cache = ListCache::default();
        cache.put(request(1), answer(5));
        cache.put(request(1), answer(4));
        assert!(cache.get(&request(1), 5, 0).is_some());
    }

    #[test]
    fn the_map_is_bounded_and_drops_the_oldest() {
        let cache = ListCache::with_capacity(3);
        for page in 1..=3 {
            cache.put(request(page), answer(page));
        }
        cache.put(request(4), answer(9));
        assert_eq!(cache.len(), 3);
        assert!(cache.get(&request(1), 1, 0).is_none(), "the oldest went");
        assert!(cache.get(&request(4), 9, 0).is_some());
    }

    #[test]
    fn an_answer_serves_until_the_next_change_in_time() {
        let cache = ListCache::default();
        cache.put(request(1), Answer { until: 100, ..answer(3) });
        assert!(cache.get(&request(1), 3, 99).is_some());
        assert!(cache.get(&request(1), 3, 100).is_none(), "a window or permit ended meanwhile");
    }
}
