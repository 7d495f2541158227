//! Each user's interface language and digits (issue 23): stored on the user, answered by
//! `GET /api/user`, changed by `PUT /api/account/preferences` with history, and the language
//! every error the server answers is written in.

use rocket::http::{Method, Status};
use serde_json::json;

use crate::helpers::{ADMIN, ADMIN_PASSWORD};

const PREFERENCES: &str = "/api/account/preferences";

both_databases! {
    async fn a_user_starts_in_english_with_latin_digits_and_changes_both(app) {
        app.login_admin().await;
        let (status, me) = app.get("/api/user").await;
        assert_eq!(status, Status::Ok);
        assert_eq!((&me["language"], &me["numerals"]), (&json!("en"), &json!("latin")));

        let (status, updated) = app.send(Method::Put, PREFERENCES, json!({ "language": "ar", "numerals": "arabic" })).await;
        assert_eq!(status, Status::Ok, "{updated}");
        assert_eq!((&updated["language"], &updated["numerals"]), (&json!("ar"), &json!("arabic")));
        assert_eq!(updated["version"], me["version"].as_i64().expect("a version") + 1);
        let (_, me) = app.get("/api/user").await;
        assert_eq!(me, updated, "GET /api/user answers the stored choice");

        // Stored on the record: a new sign-in answers it too.
        app.client.post("/api/logout").dispatch().await;
        let (status, signed_in) = crate::helpers::read(app.login(ADMIN, ADMIN_PASSWORD).await).await;
        assert_eq!(status, Status::Ok);
        assert_eq!((&signed_in["language"], &signed_in["numerals"]), (&json!("ar"), &json!("arabic")));

        let (_, history) = app.get(&format!("/api/history?entity=user&id={}", me["id"])).await;
        assert_eq!(history[0]["action"], "update", "{history}");
        assert_eq!(
            history[0]["changes"],
            json!([
                { "field": "language", "old": "en", "new": "ar" },
                { "field": "numerals", "old": "latin", "new": "arabic" }
            ]),
            "{history}"
        );

        // The same choice again changes nothing and records nothing.
        let (status, same) = app.send(Method::Put, PREFERENCES, json!({ "language": "ar", "numerals": "arabic" })).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(same["version"], updated["version"]);
        let (_, again) = app.get(&format!("/api/history?entity=user&id={}", me["id"])).await;
        assert_eq!(again.as_array().map(Vec::len), history.as_array().map(Vec::len));
    }

    async fn an_unknown_or_missing_choice_is_a_422_naming_its_field(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Put, PREFERENCES, json!({ "language": "fr", "numerals": "latin" })).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"], json!({ "language": "Please choose a value from the list" }));
        let (status, body) = app.send(Method::Put, PREFERENCES, json!({ "language": "en", "numerals": "roman" })).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"], json!({ "numerals": "Please choose a value from the list" }));
        let (status, body) = app.send(Method::Put, PREFERENCES, json!({})).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"], json!({ "language": "This field is required", "numerals": "This field is required" }));
        let (_, me) = app.get("/api/user").await;
        assert_eq!((&me["language"], &me["numerals"]), (&json!("en"), &json!("latin")), "nothing was stored");
    }

    async fn preferences_need_a_session(app) {
        let (status, _) = app.send(Method::Put, PREFERENCES, json!({ "language": "ar", "numerals": "latin" })).await;
        assert_eq!(status, Status::Unauthorized);
    }
}
