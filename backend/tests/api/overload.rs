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
