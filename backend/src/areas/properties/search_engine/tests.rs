//! The engine's start: an index it cannot follow from is made anew, and lists wait for it.

use super::*;
use crate::areas::properties::listing::ListQuery;

#[test]
fn an_unreadable_index_is_made_anew() {
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::write(dir.path().join("meta.json"), b"{ not an index").expect("written");
    let (index, payload) = open(dir.path()).expect("opened");
    assert_eq!(payload, None, "nothing to follow from");
    assert_eq!(index.schema(), schema::schema().0);
    assert!(index.searchable_segment_ids().expect("segments").is_empty());
}

#[test]
fn an_index_of_another_version_is_made_anew() {
    let dir = tempfile::tempdir().expect("a folder");
    let (engine, seq) = Engine::open(dir.path()).expect("opened");
    assert_eq!(seq, None);
    let payload =
        serde_json::to_string(&Payload { version: schema::VERSION + 1, origin: "o".into(), seq: 7 })
            .expect("payload");
    let mut writer = engine.writer.try_lock().expect("the writer");
    let mut prepared = writer.prepare_commit().expect("prepared");
    prepared.set_payload(&payload);
    prepared.commit().expect("committed");
    drop(writer);
    drop(engine);
    let (_, seq) = Engine::open(dir.path()).expect("opened again");
    assert_eq!(seq, None, "rebuilt, not followed");
}

#[rocket::async_test]
async fn lists_answer_503_until_the_index_is_built() {
    let dir = tempfile::tempdir().expect("a folder");
    let (engine, _) = Engine::open(dir.path()).expect("opened");
    sqlx::any::install_default_drivers();
    let pool = AnyPool::connect("sqlite::memory:").await.expect("a pool");
    let request = ListQuery::default().parse(true).expect("parsed");
    let error = engine.find(&pool, &request, None).await.expect_err("not ready");
    assert_eq!(error.status.code, 503);
    assert_eq!(error.retry_after_secs, Some(RETRY_SECS));
    assert_eq!(error.message, rules::messages::SEARCH_INDEX_BUILDING);
}
