//! An import is its uploader's (issue 37): another plain user can neither read, check,
//! download nor commit it (404, as for no import at all), an admin can; and a user holds at
//! most three unfinished imports, a newer upload replacing the oldest not being written.

use rocket::http::{ContentType, Header, Method, Status};
use rocket::local::asynchronous::Client;
use serde_json::{json, Value};

use crate::helpers::{read, TestApp};
use crate::imports::{csv_of, multipart, BASIC};
use crate::leads::{send, signed_in, user};

const BOUNDARY: &str = "aqar-import-boundary-41kGv0wq";

/// Uploads a small CSV as the user of `client`: the status and the answer.
async fn upload_as(client: &Client, name: &str) -> (Status, Value) {
    let bytes = csv_of(&BASIC.map(|k| k), &[crate::imports::basic_row("O-1", "Villa", "1000")]);
    let content_type = ContentType::new("multipart", "form-data").with_params(("boundary", BOUNDARY));
    let response = client
        .post("/api/imports/properties")
        .header(content_type)
        .header(Header::new("Accept-Language", "en"))
        .body(multipart(name, &bytes))
        .dispatch()
        .await;
    read(response).await
}

async fn get_as(client: &Client, path: &str) -> Status {
    client.get(path.to_owned()).dispatch().await.status()
}

async fn imports_of(app: &TestApp, user_id: i64) -> Vec<String> {
    sqlx::query_scalar("SELECT file_name FROM imports WHERE user_id = $1 ORDER BY id")
        .bind(user_id)
        .fetch_all(app.pool())
        .await
        .expect("reads")
}

both_databases! {
    async fn an_import_is_seen_only_by_its_uploader_and_the_admins(app) {
        app.login_admin().await;
        user(&app, "sara", json!({})).await;
        user(&app, "omar", json!({})).await;
        let (sara, omar) = (signed_in(&app, "sara").await, signed_in(&app, "omar").await);
        let (status, upload) = upload_as(&sara, "sara.csv").await;
        assert_eq!(status, Status::Created, "{upload}");
        let id = upload["id"].as_i64().expect("an id");
        let body = json!({ "mapping": upload["suggestedMapping"], "mode": "create" });

        for path in [format!("/api/imports/{id}"), format!("/api/imports/{id}/rejected")] {
            assert_eq!(get_as(&omar, &path).await, Status::NotFound, "{path}");
        }
        let (status, answer) = send(&omar, Method::Put, &format!("/api/imports/{id}"), body.clone()).await;
        assert_eq!((status, answer["message"].as_str()), (Status::NotFound, Some(rules::messages::IMPORT_NOT_FOUND)));
        let (status, _) = send(&omar, Method::Post, &format!("/api/imports/{id}/commit"), json!({})).await;
        assert_eq!(status, Status::NotFound, "another user cannot commit it");

        let (status, outcome) = send(&sara, Method::Put, &format!("/api/imports/{id}"), body).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert_eq!(get_as(&sara, &format!("/api/imports/{id}/rejected")).await, Status::Ok);
        let (status, state) = app.get(&format!("/api/imports/{id}")).await;
        assert_eq!((status, state["status"].as_str()), (Status::Ok, Some("checked")), "the admin sees it");
    }

    async fn a_newer_upload_replaces_the_oldest_of_three_unfinished_imports(app) {
        app.login_admin().await;
        let sara_id = user(&app, "sara", json!({})).await;
        let sara = signed_in(&app, "sara").await;
        let mut ids = Vec::new();
        for name in ["1.csv", "2.csv", "3.csv", "4.csv"] {
            let (status, upload) = upload_as(&sara, name).await;
            assert_eq!(status, Status::Created, "{name}: {upload}");
            ids.push(upload["id"].as_i64().expect("an id"));
        }
        assert_eq!(imports_of(&app, sara_id).await, ["2.csv", "3.csv", "4.csv"]);
        assert_eq!(get_as(&sara, &format!("/api/imports/{}", ids[0])).await, Status::NotFound);
        let (status, _) = app.get(&format!("/api/imports/{}", ids[0])).await;
        assert_eq!(status, Status::NotFound, "gone with its rows, not hidden");

        // Imports being written are never replaced: with three at work, a fourth waits.
        sqlx::query("UPDATE imports SET status = 'committing', lease_until = 0 WHERE user_id = $1")
            .bind(sara_id)
            .execute(app.pool())
            .await
            .expect("updates");
        let (status, answer) = upload_as(&sara, "5.csv").await;
        assert_eq!(status, Status::Conflict, "{answer}");
        assert_eq!(answer["message"], rules::messages::IMPORT_TOO_MANY_UNFINISHED);
        assert_eq!(imports_of(&app, sara_id).await, ["2.csv", "3.csv", "4.csv"]);

        // Another user's imports are theirs to count.
        let rows = [crate::imports::basic_row("A-1", "Villa", "1000")];
        let (status, _) = read(crate::imports::upload(&app, "admin.csv", &csv_of(&BASIC.map(|k| k), &rows), "en").await).await;
        assert_eq!(status, Status::Created);
    }
}
