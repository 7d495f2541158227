//! Sign-in, sessions and their limits (core-panel.md §2, §7, §8; the contract's auth rules).

use rocket::http::{ContentType, Header, Method, Status};
use serde_json::json;

use crate::helpers::{read, ADMIN, ADMIN_PASSWORD};

both_databases! {
    async fn the_first_admin_signs_in_and_is_the_current_user(app) {
        let (status, user) = read(app.login(ADMIN, ADMIN_PASSWORD).await).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(user["username"], ADMIN);
        assert_eq!(user["role"], "admin");
        assert_eq!(user["id"], 1);
        assert!(user.get("password").is_none(), "the hash never leaves the server");
        let (status, me) = app.get("/api/user").await;
        assert_eq!(status, Status::Ok);
        assert_eq!(me, user);
    }

    async fn without_a_session_the_current_user_is_401_json(app) {
        let (status, body) = app.get("/api/user").await;
        assert_eq!(status, Status::Unauthorized);
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
        assert!(body.get("errors").is_none());
    }

    async fn a_wrong_password_is_401_with_a_message(app) {
        let (status, body) = read(app.login(ADMIN, "nope").await).await;
        assert_eq!(status, Status::Unauthorized);
        assert_eq!(body["message"], "Invalid username or password");
        let (status, _) = read(app.login("nobody", "nope").await).await;
        assert_eq!(status, Status::Unauthorized);
    }

    async fn empty_fields_are_422_with_both_messages(app) {
        let (status, body) = app.send(Method::Post, "/api/login", json!({ "username": "", "password": "" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "username": "Username is required", "password": "Password is required" }));
    }

    async fn a_malformed_body_is_400_and_a_non_json_body_415(app) {
        let response = app.client.post("/api/login").header(ContentType::JSON).body("{bad").dispatch().await;
        let (status, body) = read(response).await;
        assert_eq!(status, Status::BadRequest);
        assert!(body["message"].is_string());
        let response = app.client.post("/api/login").header(ContentType::Form).body("username=a").dispatch().await;
        assert_eq!(response.status(), Status::UnsupportedMediaType);
    }

    async fn five_failures_lock_the_username_out_with_retry_after(app) {
        for _ in 0..5 {
            assert_eq!(app.login(ADMIN, "wrong").await.status(), Status::Unauthorized);
        }
        let response = app.login(ADMIN, ADMIN_PASSWORD).await;
        assert_eq!(response.status(), Status::TooManyRequests);
        let retry: u64 = response.headers().get_one("Retry-After").expect("Retry-After").parse().expect("seconds");
        assert!(retry > 14 * 60 && retry <= 15 * 60);
        let (_, body) = read(response).await;
        assert!(body["message"].as_str().is_some_and(|m| m.contains("Too many failed sign-in attempts")));
    }

    async fn the_cookie_is_http_only_and_same_site_lax(app) {
        let response = app.login(ADMIN, ADMIN_PASSWORD).await;
        let cookie = response.headers().get("Set-Cookie").find(|c| c.starts_with("aqar_session=")).expect("a session cookie").to_owned();
        assert!(cookie.starts_with("aqar_session="));
        assert!(cookie.contains("HttpOnly"));
        assert!(cookie.contains("SameSite=Lax"));
        assert!(!cookie.contains("Secure"), "plain HTTP gets no Secure flag");
        let response = app
            .client
            .post("/api/login")
            .header(ContentType::JSON)
            .header(Header::new("X-Forwarded-Proto", "https"))
            .body(json!({ "username": ADMIN, "password": ADMIN_PASSWORD }).to_string())
            .dispatch()
            .await;
        let cookie = response.headers().get("Set-Cookie").find(|c| c.starts_with("aqar_session=")).expect("a session cookie");
        assert!(!cookie.contains("Secure"), "X-Forwarded-Proto counts only from a trusted proxy (see trust.rs)");
    }

    async fn every_sign_in_gets_a_new_token(app) {
        let first = app.login(ADMIN, ADMIN_PASSWORD).await.cookies().get("aqar_session").map(|c| c.value().to_owned());
        let second = app.login(ADMIN, ADMIN_PASSWORD).await.cookies().get("aqar_session").map(|c| c.value().to_owned());
        assert!(first.is_some() && second.is_some());
        assert_ne!(first, second);
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM sessions").fetch_one(app.pool()).await.expect("count");
        assert_eq!(count, 2, "sessions are server-side rows");
    }

    async fn signing_out_revokes_the_session(app) {
        let response = app.login(ADMIN, ADMIN_PASSWORD).await;
        let token = response.cookies().get("aqar_session").expect("cookie").value().to_owned();
        let response = app.client.post("/api/logout").dispatch().await;
        assert_eq!(response.status(), Status::NoContent);
        assert_eq!(app.get("/api/user").await.0, Status::Unauthorized);
        let replay = app.client.get("/api/user").cookie(rocket::http::Cookie::new("aqar_session", token)).dispatch().await;
        assert_eq!(replay.status(), Status::Unauthorized, "the old token is dead on the server too");
    }

    async fn a_session_idle_for_thirty_minutes_expires(app) {
        app.login_admin().await;
        sqlx::query("UPDATE sessions SET last_seen_epoch = last_seen_epoch - 31 * 60").execute(app.pool()).await.expect("age");
        let (status, body) = app.get("/api/user").await;
        assert_eq!(status, Status::Unauthorized);
        assert_eq!(body["message"], "Your session has expired. Sign in again");
    }

    async fn a_session_older_than_twelve_hours_expires_even_when_busy(app) {
        app.login_admin().await;
        sqlx::query("UPDATE sessions SET created_epoch = created_epoch - 12 * 3600 - 1").execute(app.pool()).await.expect("age");
        assert_eq!(app.get("/api/user").await.0, Status::Unauthorized);
    }

    async fn an_inactive_user_cannot_sign_in_and_loses_their_session(app) {
        app.login_admin().await;
        sqlx::query("UPDATE users SET is_active = $1").bind(false).execute(app.pool()).await.expect("deactivate");
        assert_eq!(app.get("/api/user").await.0, Status::Unauthorized);
        let (status, body) = read(app.login(ADMIN, ADMIN_PASSWORD).await).await;
        assert_eq!(status, Status::Unauthorized);
        assert_eq!(body["message"], "Invalid username or password");
    }

    async fn health_answers_once_the_database_does(app) {
        let (status, body) = app.get("/healthz").await;
        assert_eq!(status, Status::Ok);
        assert_eq!(body["status"], "ok");
    }

    async fn an_unknown_api_path_is_a_json_404(app) {
        app.login_admin().await;
        let (status, body) = app.get("/api/no-such-thing").await;
        assert_eq!(status, Status::NotFound);
        assert!(body["message"].is_string());
    }
}

both_databases! {
    async fn registration_is_closed_once_a_user_exists(app) {
        let body = json!({ "username": "intruder", "password": "pw", "confirmPassword": "pw" });
        let (status, answer) = app.send(Method::Post, "/api/register", body).await;
        assert_eq!(status, Status::Forbidden);
        assert!(answer["message"].is_string());
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users").fetch_one(app.pool()).await.expect("count");
        assert_eq!(count, 1, "nothing was created");
    }

    async fn registration_on_an_empty_database_creates_the_first_admin_signed_in(app) {
        sqlx::query("DELETE FROM users").execute(app.pool()).await.expect("empty the users table");
        let body = json!({ "username": "", "password": "pw", "confirmPassword": "other" });
        let (status, answer) = app.send(Method::Post, "/api/register", body).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(answer["errors"]["username"], "Username is required");
        assert_eq!(answer["errors"]["confirmPassword"], "Passwords don't match");
        let body = json!({ "username": "owner", "password": "owner-pass", "confirmPassword": "owner-pass", "fullName": "Owner" });
        let (status, user) = app.send(Method::Post, "/api/register", body).await;
        assert_eq!(status, Status::Created);
        assert_eq!(user["role"], "admin");
        let (status, me) = app.get("/api/user").await;
        assert_eq!(status, Status::Ok, "registration signs the user in");
        assert_eq!(me["username"], "owner");
    }
}
