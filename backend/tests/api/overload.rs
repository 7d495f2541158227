//! Overload is a clear answer (issue 19, item 4): when the database pool cannot lend a
//! connection within its wait, the answer is 503 with `Retry-After` and the contract's JSON
//! body, never a 500.

use rocket::http::Status;

use crate::helpers::{read, Backend, TestApp};

async fn a_busy_pool_answers_503_with_retry_after(backend: Backend) {
    let configure = |figment: rocket::figment::Figment| {
        figment.merge(("databases.aqar.max_connections", 1)).merge(("databases.aqar.connect_timeout", 1))
    };
    let Some(app) = TestApp::spawn_with(backend, configure).await else { return };
    let held = app.pool().acquire().await.expect("the one connection");
    let response = app.client.get("/api/public/properties?page=1").dispatch().await;
    assert_eq!(response.headers().get_one("Retry-After"), Some("1"));
    let (status, body) = read(response).await;
    assert_eq!(status, Status::ServiceUnavailable);
    assert_eq!(body["message"], rules::messages::SERVER_BUSY);
    drop(held);
    let response = app.client.get("/api/public/properties?page=1").dispatch().await;
    assert_eq!(response.status(), Status::Ok, "answers again once a connection is free");
}

#[rocket::async_test]
async fn a_busy_pool_answers_503_on_sqlite() {
    a_busy_pool_answers_503_with_retry_after(Backend::Sqlite).await;
}

#[rocket::async_test]
async fn a_busy_pool_answers_503_on_postgres() {
    a_busy_pool_answers_503_with_retry_after(Backend::Postgres).await;
}

/// SQLite's writers take turns in the order they came (`db::begin_write`): left to SQLite's
/// busy handler, the lock went to whichever waiting writer polled first, and from 8 clients
/// saving at once one save in a hundred waited over a second.
#[rocket::async_test]
async fn sqlite_writers_take_the_write_lock_in_the_order_they_came() {
    use std::sync::{Arc, Mutex};
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite app");
    let pool = app.pool().clone();
    let first = aqar::platform::db::begin_write(&pool).await.expect("the first writer");
    let order = Arc::new(Mutex::new(Vec::new()));
    let mut writers = Vec::new();
    for n in 0..5 {
        let (pool, order) = (pool.clone(), Arc::clone(&order));
        writers.push(rocket::tokio::spawn(async move {
            let mut tx = aqar::platform::db::begin_write(&pool).await.expect("a writer's turn");
            order.lock().expect("the order").push(n);
            sqlx::query("UPDATE revisions SET value = value + 1 WHERE name = 'properties'")
                .execute(&mut *tx)
                .await
                .expect("a write");
            tx.commit().await.expect("committed");
        }));
        // Each writer is waiting before the next comes.
        rocket::tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    first.commit().await.expect("the first writer done");
    for writer in writers {
        writer.await.expect("a writer finished");
    }
    assert_eq!(*order.lock().expect("the order"), [0, 1, 2, 3, 4]);
}

/// A writer that waits for its turn longer than SQLite's busy timeout (5 s) is told the
/// server is busy, as a pool wait is: 503 with `Retry-After`, nothing written.
#[rocket::async_test]
async fn a_sqlite_writer_kept_waiting_for_its_turn_answers_503() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite app");
    app.login_admin().await;
    let holder = aqar::platform::db::begin_write(app.pool()).await.expect("the turn held");
    let body = serde_json::json!({ "nameEn": "Land", "nameAr": "أراضي" }).to_string();
    let response = app
        .client
        .post("/api/categories")
        .header(rocket::http::ContentType::JSON)
        .body(body.clone())
        .dispatch()
        .await;
    assert_eq!(response.headers().get_one("Retry-After"), Some("1"));
    let (status, answer) = read(response).await;
    assert_eq!(status, Status::ServiceUnavailable, "{answer}");
    assert_eq!(answer["message"], rules::messages::SERVER_BUSY);
    holder.rollback().await.expect("the turn let go");
    let response = app
        .client
        .post("/api/categories")
        .header(rocket::http::ContentType::JSON)
        .body(body)
        .dispatch()
        .await;
    assert_eq!(response.status(), Status::Created, "writes again once the turn is free");
}
