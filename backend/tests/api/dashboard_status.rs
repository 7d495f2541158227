//! The dashboard's System Status (issue 9): real checks, measured when asked.

use rocket::http::Status;

use crate::helpers::Backend;

both_databases! {
    async fn the_status_names_the_database_its_latency_the_version_and_the_uptime(app) {
        app.login_admin().await;
        let (status, body) = app.get("/api/system-status").await;
        assert_eq!(status, Status::Ok, "{body}");
        assert_eq!(body["databaseOk"], true);
        assert!(body["databaseLatencyMs"].as_f64().is_some_and(|ms| (0.0..5000.0).contains(&ms)), "{body}");
        let kind = match app.backend { Backend::Sqlite => "SQLite", Backend::Postgres => "PostgreSQL" };
        assert_eq!(body["databaseKind"], kind);
        assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
        assert!(body["startedAt"].as_str().is_some_and(|at| at.ends_with('Z')));
        assert!(body["uptimeSecs"].as_u64().is_some());
    }

    async fn the_status_needs_a_session(app) {
        assert_eq!(app.get("/api/system-status").await.0, Status::Unauthorized);
    }
}
