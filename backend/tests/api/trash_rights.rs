//! Trash rights (issue 37): a restore never gives back rights one no longer has. A kind of
//! record only administrators may create (a user account) needs an admin at the time of the
//! restore, whoever deleted it; what any user may create, its deleter may still restore.

use rocket::http::{ContentType, Method, Status};
use rocket::local::asynchronous::Client;
use serde_json::{json, Value};

use crate::helpers::{read, TestApp};
use crate::leads::send;
use crate::properties::{catalog, full_form};
use crate::trash::{delete_on, user_client};

/// Demotes `username` (user `id`) to a plain user, as the admin.
async fn demote(app: &TestApp, id: &Value, username: &str) {
    let body = json!({ "username": username, "role": "user", "isActive": true });
    let (status, answer) = app.send(Method::Put, &format!("/api/users/{id}"), body).await;
    assert_eq!((status, &answer["role"]), (Status::Ok, &json!("user")), "{answer}");
}

async fn sign_in(client: &Client, username: &str, password: &str) -> Status {
    let body = json!({ "username": username, "password": password }).to_string();
    client.post("/api/login").header(ContentType::JSON).body(body).dispatch().await.status()
}

both_databases! {
    async fn a_demoted_admin_cannot_restore_the_admin_account_she_deleted(app) {
        app.login_admin().await;
        let mona = user_client(&app, "mona", "admin").await;
        let (_, me) = read(mona.get("/api/user").dispatch().await).await;
        let shadow = json!({
            "username": "shadow", "password": "shadow-pass-9", "confirmPassword": "shadow-pass-9",
            "isActive": true, "role": "admin"
        });
        let (status, shadow) = send(&mona, Method::Post, "/api/users", shadow).await;
        assert_eq!(status, Status::Created, "{shadow}");
        let (status, batch) = delete_on(&mona, &format!("/api/users/{}", shadow["id"])).await;
        assert_eq!(status, Status::NoContent);
        let batch = batch.expect("the delete names its batch");
        demote(&app, &me["id"], "mona").await;

        let single = format!("/api/trash/user/{}/restore", shadow["id"]);
        let batch_path = format!("/api/trash/batches/{batch}/restore");
        for path in [single, batch_path] {
            let (status, refused) = read(mona.post(path.clone()).dispatch().await).await;
            assert_eq!(status, Status::Forbidden, "{path}: {refused}");
            assert_eq!(refused["message"], rules::messages::ADMINS_ONLY, "{path}");
        }
        let outsider = app.another_server().await;
        assert_eq!(sign_in(&outsider, "shadow", "shadow-pass-9").await, Status::Unauthorized, "still in the trash");

        let (status, restored) = app.send(Method::Post, &format!("/api/trash/user/{}/restore", shadow["id"]), Value::Null).await;
        assert_eq!((status, restored), (Status::Ok, json!({ "restored": 1 })), "an admin still may");
    }

    async fn a_demoted_admin_cannot_restore_a_plain_account_she_deleted_either(app) {
        // The batch route checks every entry: a batch is refused whole when one entry is an
        // account, and nothing of it comes back.
        app.login_admin().await;
        let mona = user_client(&app, "mona", "admin").await;
        let (_, me) = read(mona.get("/api/user").dispatch().await).await;
        let helper = json!({
            "username": "helper", "password": "helper-pass-9", "confirmPassword": "helper-pass-9",
            "isActive": true, "role": "user"
        });
        let (_, helper) = send(&mona, Method::Post, "/api/users", helper).await;
        let (status, batch) = delete_on(&mona, &format!("/api/users/{}", helper["id"])).await;
        assert_eq!(status, Status::NoContent);
        demote(&app, &me["id"], "mona").await;
        let (status, _) = read(mona.post(format!("/api/trash/batches/{}/restore", batch.expect("a batch"))).dispatch().await).await;
        assert_eq!(status, Status::Forbidden, "a plain account is still an account only admins create");
        let (_, trash) = app.get("/api/trash?entity=user").await;
        assert_eq!(trash[0]["id"], helper["id"], "it stays in the trash: {trash}");
    }

    async fn a_demoted_admin_may_still_undo_her_delete_of_a_listing(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let mona = user_client(&app, "mona", "admin").await;
        let (_, me) = read(mona.get("/api/user").dispatch().await).await;
        let (status, listing) = send(&mona, Method::Post, "/api/properties", full_form(&catalog, "Mona's flat")).await;
        assert_eq!(status, Status::Created, "{listing}");
        let (status, _) = delete_on(&mona, &format!("/api/properties/{}", listing["id"])).await;
        assert_eq!(status, Status::NoContent);
        demote(&app, &me["id"], "mona").await;

        let (status, restored) = read(mona.post(format!("/api/trash/property/{}/restore", listing["id"])).dispatch().await).await;
        assert_eq!((status, restored), (Status::Ok, json!({ "restored": 1 })), "any user may create a listing");
        assert_eq!(app.get(&format!("/api/properties/{}", listing["id"])).await.0, Status::Ok);
    }
}
