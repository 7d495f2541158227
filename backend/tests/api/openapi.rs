//! The OpenAPI document describes every route as mounted, and is public; every non-public
//! operation needs a session, and exactly those documented as admin-only refuse a plain
//! user; unknown methods and malformed ids are refused plainly.

use std::collections::BTreeSet;

use rocket::http::{Header, Method, Status};
use serde_json::json;

use crate::helpers::{Backend, TestApp};

#[rocket::async_test]
async fn every_mounted_route_is_documented_and_nothing_else() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("app");
    let mounted: BTreeSet<(String, String)> = app
        .client
        .rocket()
        .routes()
        .filter(|route| !aqar::platform::http::error::undocumented(route))
        .map(|route| {
            let path = route.uri.path().to_string().replace('<', "{").replace('>', "}").replace("..}", "}");
            (route.method.as_str().to_owned(), path)
        })
        .collect();
    let (status, document) = app.get("/api/openapi.json").await;
    assert_eq!(status, Status::Ok, "the document is public");
    let documented: BTreeSet<(String, String)> = document["paths"]
        .as_object()
        .expect("paths")
        .iter()
        .flat_map(|(path, item)| {
            item.as_object().expect("operations").keys().map(move |m| (m.to_uppercase(), path.clone()))
        })
        .collect();
    assert_eq!(mounted, documented);
}

#[rocket::async_test]
async fn operations_document_their_statuses_and_typed_parameters() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("app");
    let (_, document) = app.get("/api/openapi.json").await;
    let put = &document["paths"]["/api/categories/{id}"]["put"];
    let statuses: Vec<&str> =
        put["responses"].as_object().expect("responses").keys().map(String::as_str).collect();
    assert_eq!(statuses, ["200", "400", "401", "403", "404", "408", "412", "413", "415", "422", "429"]);
    assert_eq!(put["parameters"][0]["schema"]["type"], "integer", "ids are integers");
    assert!(put["responses"]["412"]["description"].as_str().is_some_and(|d| d.contains("If-Match")));
    assert_eq!(
        put["responses"]["408"]["description"], "The request body stopped arriving",
        "every body is watched"
    );
    let input = &document["components"]["schemas"]["CategoryInput"];
    assert_eq!(input["required"], json!(["nameEn", "nameAr"]), "the rules' required fields");
    let name = &input["properties"]["nameEn"];
    assert_eq!(name["allOf"][0]["pattern"], rules::field_errors::VISIBLE_TEXT, "a visible character");
    assert_eq!(name["pattern"], r"^[^\x00]*$", "and no NUL");
    assert_eq!(document["paths"]["/api/cities"]["get"]["parameters"][0]["name"], "countryId");
}

#[rocket::async_test]
async fn the_api_reference_page_is_public() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("app");
    let response = app.client.get("/api/docs").dispatch().await;
    // The page is part of the UI build; a server compiled without it says so in JSON.
    match response.status() {
        Status::Ok => {
            assert_eq!(response.content_type(), Some(rocket::http::ContentType::HTML));
            let page = response.into_string().await.unwrap_or_default();
            assert!(page.contains("openapi.json") || page.contains("script"), "the reference page");
        }
        status => assert_eq!(status, Status::NotFound),
    }
}

/// A documented path with a value in each of its parameters.
fn concrete_path(path: &str) -> String {
    let values = [
        ("{id}", "1"),
        ("{file}", "x.png"),
        ("{entity}", "category"),
        ("{batch}", "b"),
        ("{portal}", "bayut"),
        ("{kind}", "city"),
        ("{recordId}", "1"),
    ];
    values.iter().fold(path.to_owned(), |path, (name, value)| path.replace(name, value))
}

both_databases! {
    async fn every_non_public_operation_answers_401_without_a_session(app) {
        let (status, document) = app.get("/api/openapi.json").await;
        assert_eq!(status, Status::Ok);
        let paths = document["paths"].as_object().expect("paths").clone();
        let mut checked = 0;
        for (path, item) in &paths {
            for (method, operation) in item.as_object().expect("operations") {
                let public = operation["security"].as_array().is_some_and(|s| s.is_empty());
                if public {
                    continue;
                }
                let method: Method = method.to_uppercase().parse().expect("method");
                let concrete = concrete_path(path);
                let (status, body) = app.send(method, &concrete, json!({})).await;
                assert_eq!(status, Status::Unauthorized, "{method} {path} must need a session");
                assert!(body["message"].is_string(), "{method} {path} answers the JSON error body");
                checked += 1;
            }
        }
        assert!(checked >= 20, "only {checked} operations checked");
    }

    async fn a_half_signed_in_session_is_refused_every_operation_that_needs_a_session(app) {
        use aqar::platform::auth::two_factor::totp;
        use aqar::platform::db::clock;
        app.login_admin().await;
        let (_, setup) = app.send(Method::Post, "/api/account/two-factor/setup", json!({})).await;
        let secret = setup["secret"].as_str().expect("a secret");
        let code = totp::code_at(secret, clock::now_epoch()).expect("a code");
        let (status, _) = app.send(Method::Post, "/api/account/two-factor", json!({ "code": code })).await;
        assert_eq!(status, Status::Ok, "enrolled");
        app.send(Method::Post, "/api/logout", json!({})).await;
        let response = app.login(crate::helpers::ADMIN, crate::helpers::ADMIN_PASSWORD).await;
        assert_eq!(response.status(), Status::Accepted, "the password is right; the code is awaited");
        let (_, document) = app.get("/api/openapi.json").await;
        let mut checked = 0;
        for (path, item) in document["paths"].as_object().expect("paths") {
            for (method, operation) in item.as_object().expect("operations") {
                if operation["security"].as_array().is_some_and(|s| s.is_empty()) {
                    continue;
                }
                let method: Method = method.to_uppercase().parse().expect("method");
                let (status, body) = app.send(method, &concrete_path(path), json!({})).await;
                assert_eq!(status, Status::Unauthorized, "{method} {path} without the second factor: {body}");
                checked += 1;
            }
        }
        assert!(checked >= 20, "only {checked} operations checked");
        let next = totp::code_at(secret, clock::now_epoch() + totp::STEP_SECS).expect("a code");
        let (status, _) = app.send(Method::Post, "/api/login/second-factor", json!({ "code": next })).await;
        assert_eq!(status, Status::Ok, "the walk kept the sign-in awaiting its code");
        assert_eq!(app.get("/api/user").await.0, Status::Ok);
    }

    async fn a_plain_user_is_refused_exactly_the_operations_documented_as_admin_only(app) {
        app.login_admin().await;
        let lina = json!({
            "username": "lina", "password": "lina-pass-1", "confirmPassword": "lina-pass-1",
            "role": "user", "isActive": true
        });
        let (status, created) = app.send(Method::Post, "/api/users", lina).await;
        assert_eq!(status, Status::Created, "{created}");
        assert_eq!(app.login("lina", "lina-pass-1").await.status(), Status::Ok, "lina signs in");
        let (_, document) = app.get("/api/openapi.json").await;
        let mut admin_only = Vec::new();
        for (path, item) in document["paths"].as_object().expect("paths") {
            for (method, operation) in item.as_object().expect("operations") {
                let documented = operation["x-required-role"] == "admin";
                let method: Method = method.to_uppercase().parse().expect("method");
                let concrete = concrete_path(path);
                let (status, body) = app.send(method, &concrete, json!({})).await;
                // Registration is closed once a user exists: its 403 says so, not a role.
                let closed = path == "/api/register";
                assert_eq!(status == Status::Forbidden, documented || closed, "{method} {path}: {status} {body}");
                if documented {
                    assert_eq!(body["message"], rules::messages::ADMINS_ONLY, "{method} {path}");
                    admin_only.push(format!("{method} {path}"));
                }
                // Signing out is one of the operations; the sweep goes on signed in.
                if app.get("/api/user").await.0 == Status::Unauthorized {
                    assert_eq!(app.login("lina", "lina-pass-1").await.status(), Status::Ok);
                }
            }
        }
        for users in ["GET /api/users", "POST /api/users", "PUT /api/users/{id}", "DELETE /api/users/{id}"] {
            assert!(admin_only.iter().any(|op| op == users), "{users} is documented admin-only: {admin_only:?}");
        }
    }

    async fn an_undeclared_method_is_405_with_allow(app) {
        app.login_admin().await;
        let response = app.client.patch("/api/categories").dispatch().await;
        assert_eq!(response.status(), Status::MethodNotAllowed);
        assert_eq!(response.headers().get_one("Allow"), Some("GET, POST"));
        let (status, body) = crate::helpers::read(response).await;
        assert_eq!(status, Status::MethodNotAllowed);
        assert!(body["message"].is_string());
        let (status, _) = app.send(Method::Post, "/api/categories/1", json!({})).await;
        assert_eq!(status, Status::MethodNotAllowed);
        let (status, _) = app.get("/api/no-such-thing").await;
        assert_eq!(status, Status::NotFound);
    }

    async fn a_path_another_method_names_literally_is_405_not_an_id(app) {
        app.login_admin().await;
        // `GET /api/imports/<id>` and `PUT /api/contact-requests/<id>` would take these paths
        // as ids that are not numbers; the literal routes of other methods own them.
        for (method, path, allow) in
            [(Method::Get, "/api/imports/properties", "POST"), (Method::Put, "/api/contact-requests/counts", "GET")]
        {
            let response = app.client.req(method, path).dispatch().await;
            assert_eq!(response.status(), Status::MethodNotAllowed, "{method} {path}");
            assert_eq!(response.headers().get_one("Allow"), Some(allow), "{method} {path}");
        }
    }

    async fn an_id_that_is_not_a_number_is_400(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Delete, "/api/categories/abc", json!(null)).await;
        assert_eq!(status, Status::BadRequest);
        assert!(body["message"].as_str().is_some_and(|m| m.contains("not a number")), "{body}");
        let response = app.client.put("/api/categories/1").header(Header::new("If-Match", "nonsense")).dispatch().await;
        assert_eq!(response.status(), Status::BadRequest);
    }
}
