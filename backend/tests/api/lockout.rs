//! Guessing passwords is bounded without handing strangers a way to lock the owner out
//! (issue 21, items 2, 3 and 9): device cookies, the progressive slowdown of unknown devices,
//! the per-address bound across usernames, wrong current passwords on `PUT /api/account`,
//! inactive accounts and the passwords that can be set.

use std::net::SocketAddr;

use rocket::http::{ContentType, Method, Status};
use rocket::local::asynchronous::{Client, LocalRequest};
use serde_json::json;

use crate::helpers::{read, TestApp, ADMIN, ADMIN_PASSWORD};

const TOO_COMMON: &str = "This password is one of the most common; choose one that is harder to guess";

fn sign_in<'c>(client: &'c Client, from: &str, username: &str, password: &str) -> LocalRequest<'c> {
    let peer: SocketAddr = format!("{from}:41000").parse().expect("a socket address");
    client
        .post("/api/login")
        .remote(peer)
        .header(ContentType::JSON)
        .body(json!({ "username": username, "password": password }).to_string())
}

/// `count` failed sign-ins of `username` from devices never signed in from, `secs_ago`,
/// spread over four addresses: what a patient stranger leaves behind.
async fn strangers_failed(app: &TestApp, username: &str, count: usize, secs_ago: i64) {
    let at = aqar::platform::db::clock::now_epoch() - secs_ago;
    for n in 0..count {
        sqlx::query("INSERT INTO sign_in_failures (username, address, failed_epoch) VALUES ($1, $2, $3)")
            .bind(username)
            .bind(format!("198.51.100.{}", n % 4))
            .bind(at)
            .execute(app.pool())
            .await
            .expect("a failure");
    }
}

fn retry_after(response: &rocket::local::asynchronous::LocalResponse<'_>) -> u64 {
    response.headers().get_one("Retry-After").expect("Retry-After").parse().expect("seconds")
}

both_databases! {
    async fn strangers_failures_never_lock_the_owner_out_of_a_device_that_signed_in_before(app) {
        assert_eq!(sign_in(&app.client, "203.0.113.1", ADMIN, ADMIN_PASSWORD).dispatch().await.status(), Status::Ok);
        strangers_failed(&app, ADMIN, 20, 0).await;
        let stranger = app.another_server().await;
        let response = sign_in(&stranger, "192.0.2.50", ADMIN, ADMIN_PASSWORD).dispatch().await;
        assert_eq!(response.status(), Status::TooManyRequests, "a new device is still held back");
        let response = sign_in(&app.client, "203.0.113.99", ADMIN, ADMIN_PASSWORD).dispatch().await;
        assert_eq!(response.status(), Status::Ok, "the owner's browser signs in, from any address");
    }

    async fn the_device_cookie_is_signed_http_only_strict_and_only_sent_to_sign_in(app) {
        let response = sign_in(&app.client, "203.0.113.1", ADMIN, ADMIN_PASSWORD).dispatch().await;
        let cookie = response.cookies().iter().find(|c| c.name().starts_with("aqar_device_")).expect("a device cookie").clone();
        assert_eq!(cookie.http_only(), Some(true));
        assert_eq!(cookie.same_site(), Some(rocket::http::SameSite::Strict));
        assert_eq!(cookie.path(), Some("/api/login"));
        assert!(cookie.max_age().is_some_and(|age| age.whole_days() >= 365));
        // A forged or altered cookie is a device never signed in from.
        strangers_failed(&app, ADMIN, 20, 0).await;
        let stranger = app.another_server().await;
        let (device, _) = cookie.value().split_once('.').expect("device.signature");
        let forged = rocket::http::Cookie::new(cookie.name().to_owned(), format!("{device}.{}", "0".repeat(64)));
        let response = sign_in(&stranger, "192.0.2.50", ADMIN, ADMIN_PASSWORD).cookie(forged).dispatch().await;
        assert_eq!(response.status(), Status::TooManyRequests);
    }

    async fn a_known_device_gets_five_guesses_of_its_own(app) {
        assert_eq!(sign_in(&app.client, "203.0.113.1", ADMIN, ADMIN_PASSWORD).dispatch().await.status(), Status::Ok);
        for guess in 0..5 {
            let response = sign_in(&app.client, "203.0.113.1", ADMIN, "wrong").dispatch().await;
            assert_eq!(response.status(), Status::Unauthorized, "guess {guess}");
        }
        let response = sign_in(&app.client, "203.0.113.1", ADMIN, ADMIN_PASSWORD).dispatch().await;
        assert_eq!(response.status(), Status::TooManyRequests, "the guessing bound holds for known devices too");
        assert!(retry_after(&response) > 14 * 60);
        let elsewhere = app.another_server().await;
        let response = sign_in(&elsewhere, "192.0.2.50", ADMIN, ADMIN_PASSWORD).dispatch().await;
        assert_eq!(response.status(), Status::Ok, "one device's failures do not lock out another");
    }

    async fn failures_from_unknown_devices_slow_down_progressively(app) {
        for n in 0..5 {
            let response = sign_in(&app.client, &format!("192.0.2.{n}"), ADMIN, "wrong").dispatch().await;
            assert_eq!(response.status(), Status::Unauthorized, "failure {n} is not slowed");
        }
        strangers_failed(&app, ADMIN, 1, 0).await;
        let response = sign_in(&app.client, "192.0.2.9", ADMIN, ADMIN_PASSWORD).dispatch().await;
        assert_eq!(response.status(), Status::TooManyRequests);
        assert!((1..=2).contains(&retry_after(&response)), "after six, two seconds: {}", retry_after(&response));
        strangers_failed(&app, ADMIN, 2, 0).await;
        let response = sign_in(&app.client, "192.0.2.9", ADMIN, ADMIN_PASSWORD).dispatch().await;
        assert_eq!(response.status(), Status::TooManyRequests);
        assert!((7..=8).contains(&retry_after(&response)), "after eight, eight seconds: {}", retry_after(&response));
        sqlx::query("UPDATE sign_in_failures SET failed_epoch = failed_epoch - 9").execute(app.pool()).await.expect("wait");
        let response = sign_in(&app.client, "192.0.2.9", ADMIN, ADMIN_PASSWORD).dispatch().await;
        assert_eq!(response.status(), Status::Ok, "once the wait is over the right password signs in");
    }

    async fn one_address_gets_twenty_password_checks_over_all_usernames(app) {
        let mut statuses = Vec::new();
        for n in 0..25 {
            let response = sign_in(&app.client, "203.0.113.7", &format!("user{n}"), "wrong").dispatch().await;
            statuses.push(response.status());
        }
        let checked = statuses.iter().filter(|s| **s == Status::Unauthorized).count();
        assert_eq!(checked, 20, "{statuses:?}");
        assert!(statuses[20..].iter().all(|s| *s == Status::TooManyRequests), "{statuses:?}");
        let response = sign_in(&app.client, "203.0.113.8", ADMIN, ADMIN_PASSWORD).dispatch().await;
        assert_eq!(response.status(), Status::Ok, "another address is not held back");
    }

    async fn an_inactive_account_answers_the_same_for_the_right_and_a_wrong_password(app) {
        sqlx::query("UPDATE users SET is_active = $1").bind(false).execute(app.pool()).await.expect("deactivate");
        let (right_status, right) = read(sign_in(&app.client, "203.0.113.1", ADMIN, ADMIN_PASSWORD).dispatch().await).await;
        let (wrong_status, wrong) = read(sign_in(&app.client, "203.0.113.1", ADMIN, "wrong-password").dispatch().await).await;
        assert_eq!(right_status, Status::Unauthorized);
        assert_eq!((right_status, &right), (wrong_status, &wrong));
    }

    async fn wrong_current_passwords_on_the_account_are_throttled_like_sign_ins(app) {
        app.login_admin().await;
        let change = |current: &str| json!({ "currentPassword": current, "newPassword": "a-new-pass-9", "confirmPassword": "a-new-pass-9" });
        for guess in 0..5 {
            let (status, body) = app.send(Method::Put, "/api/account", change("wrong")).await;
            assert_eq!(status, Status::UnprocessableEntity, "guess {guess}: {body}");
        }
        let (status, _) = app.send(Method::Put, "/api/account", change(ADMIN_PASSWORD)).await;
        assert_eq!(status, Status::TooManyRequests);
        let other = app.another_server().await;
        assert_eq!(sign_in(&other, "192.0.2.50", ADMIN, ADMIN_PASSWORD).dispatch().await.status(), Status::Ok,
            "a session's guesses do not lock the owner out of signing in");
    }

    async fn the_most_common_passwords_cannot_be_set(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/users", json!({
            "username": "lina", "password": "Password1", "confirmPassword": "Password1", "isActive": true
        })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "password": TOO_COMMON }));
        let (status, body) = app.send(Method::Put, "/api/account", json!({
            "currentPassword": ADMIN_PASSWORD, "newPassword": "12345678", "confirmPassword": "12345678"
        })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "newPassword": TOO_COMMON }));
    }

    async fn a_password_longer_than_sign_in_accepts_cannot_be_set(app) {
        app.login_admin().await;
        let long = "é".repeat(129);
        let (status, body) = app.send(Method::Post, "/api/users", json!({
            "username": "lina", "password": long, "confirmPassword": long, "isActive": true
        })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["password"], "Password must be at most 128 characters");
        let longest = "é".repeat(128);
        let (status, _) = app.send(Method::Post, "/api/users", json!({
            "username": "lina", "password": longest, "confirmPassword": longest, "isActive": true
        })).await;
        assert_eq!(status, Status::Created);
        let other = app.another_server().await;
        assert_eq!(sign_in(&other, "192.0.2.50", "lina", &longest).dispatch().await.status(), Status::Ok,
            "the longest password that can be set signs in");
    }
}
