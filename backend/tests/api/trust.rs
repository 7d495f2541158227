//! Trust boundaries (the contract's "Mechanisms every area uses"): the client is the socket's
//! peer unless a trusted proxy says otherwise, sign-in throttling lives in the database,
//! writes from other sites are refused, sign-in bodies are small, expired sessions are
//! swept, and configuration is read strictly.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use rocket::http::{ContentType, Header, Method, Status};
use rocket::local::asynchronous::{Client, LocalRequest};
use serde_json::json;
use sqlx::Connection;

use crate::helpers::{read, Backend, TestApp, ADMIN, ADMIN_PASSWORD};

/// The loopback proxy in front of the app in the `behind_a_proxy` tests.
const PROXY: &str = "127.0.0.1:41000";
/// A client connecting directly, from an address nobody trusts.
const STRANGER: &str = "192.0.2.10:41000";
const REFUSED: &str = "Changes are accepted only from the panel's own pages";

fn sign_in<'c>(client: &'c Client, from: &str, username: &str, password: &str) -> LocalRequest<'c> {
    let peer: SocketAddr = from.parse().expect("a socket address");
    client
        .post("/api/login")
        .remote(peer)
        .header(ContentType::JSON)
        .body(json!({ "username": username, "password": password }).to_string())
}

/// As a browser sends a request from the panel's own page at http://127.0.0.1:8000.
fn browser(request: LocalRequest<'_>) -> LocalRequest<'_> {
    request
        .header(Header::new("Host", "127.0.0.1:8000"))
        .header(Header::new("Origin", "http://127.0.0.1:8000"))
}

/// As a browser on https://panel.example sends a request, through a TLS-terminating proxy.
fn forwarded(request: LocalRequest<'_>) -> LocalRequest<'_> {
    request
        .header(Header::new("Host", "10.0.0.5:8000"))
        .header(Header::new("X-Forwarded-Host", "panel.example"))
        .header(Header::new("X-Forwarded-Proto", "https"))
        .header(Header::new("Origin", "https://panel.example"))
}

async fn count(app: &TestApp, table: &str) -> i64 {
    let (count,): (i64,) =
        sqlx::query_as(&format!("SELECT COUNT(*) FROM {table}")).fetch_one(app.pool()).await.expect("count");
    count
}

async fn behind_a_proxy(backend: Backend) -> Option<TestApp> {
    TestApp::spawn_with(backend, |figment| {
        figment
            .merge(("aqar.trusted_proxies", "127.0.0.0/8, 10.0.0.0/8, ::1"))
            .merge(("aqar.public_hosts", "panel.example"))
    })
    .await
}

/// `both_databases!` for an app that trusts the loopback proxy in front of it.
macro_rules! both_databases_behind_a_proxy {
    ($(async fn $name:ident($app:ident) $body:block)*) => {$(
        mod $name {
            use super::*;
            #[rocket::async_test]
            async fn sqlite() {
                let $app = behind_a_proxy(Backend::Sqlite).await.expect("SQLite app");
                $body
            }
            #[rocket::async_test]
            async fn postgres() {
                let Some($app) = behind_a_proxy(Backend::Postgres).await else { return };
                $body
            }
        }
    )*};
}

both_databases! {
    async fn forwarded_addresses_from_an_untrusted_peer_do_not_escape_the_throttle(app) {
        for n in 0..8 {
            let forged = format!("203.0.113.{n}");
            let header = if n % 2 == 0 { "X-Real-IP" } else { "X-Forwarded-For" };
            let response = sign_in(&app.client, PROXY, ADMIN, "wrong").header(Header::new(header, forged)).dispatch().await;
            let expected = if n < 5 { Status::Unauthorized } else { Status::TooManyRequests };
            assert_eq!(response.status(), expected, "guess {n} with {header}");
        }
        let response = sign_in(&app.client, PROXY, ADMIN, ADMIN_PASSWORD)
            .header(Header::new("X-Real-IP", "198.51.100.7"))
            .dispatch()
            .await;
        assert_eq!(response.status(), Status::TooManyRequests, "the right password does not get past the lock-out");
        assert_eq!(count(&app, "sessions").await, 0);
    }

    async fn a_second_server_on_the_same_database_keeps_the_lock_out(app) {
        for _ in 0..5 {
            assert_eq!(sign_in(&app.client, PROXY, ADMIN, "wrong").dispatch().await.status(), Status::Unauthorized);
        }
        let other = app.another_server().await;
        let response = sign_in(&other, PROXY, ADMIN, ADMIN_PASSWORD).dispatch().await;
        assert_eq!(response.status(), Status::TooManyRequests);
        let retry: u64 = response.headers().get_one("Retry-After").expect("Retry-After").parse().expect("seconds");
        assert!(retry > 14 * 60 && retry <= 15 * 60, "{retry}");
        let (_, body) = read(response).await;
        assert_eq!(body["message"], "Too many failed sign-in attempts. Try again in 15 minute(s)");
        // Five failures from devices never signed in from make the next such try wait a second.
        rocket::tokio::time::sleep(Duration::from_millis(1100)).await;
        let response = sign_in(&other, STRANGER, ADMIN, ADMIN_PASSWORD).dispatch().await;
        assert_eq!(response.status(), Status::Ok, "another address is not locked out of the account");
    }

    async fn a_burst_of_concurrent_guesses_gets_no_more_than_five_checked(app) {
        let guesses = (0..12).map(|_| sign_in(&app.client, PROXY, ADMIN, "wrong").dispatch());
        let statuses: Vec<Status> =
            rocket::futures::future::join_all(guesses).await.iter().map(|response| response.status()).collect();
        let checked = statuses.iter().filter(|s| **s == Status::Unauthorized).count();
        assert!(checked <= 5, "{checked} guesses were checked: {statuses:?}");
        assert!(statuses.iter().all(|s| *s == Status::Unauthorized || *s == Status::TooManyRequests), "{statuses:?}");
    }

    async fn a_right_password_forgives_the_addresss_failures(app) {
        for _ in 0..4 {
            sign_in(&app.client, PROXY, ADMIN, "wrong").dispatch().await;
        }
        assert_eq!(sign_in(&app.client, PROXY, ADMIN, ADMIN_PASSWORD).dispatch().await.status(), Status::Ok);
        assert_eq!(count(&app, "sign_in_failures").await, 0);
        for _ in 0..4 {
            assert_eq!(sign_in(&app.client, PROXY, ADMIN, "wrong").dispatch().await.status(), Status::Unauthorized);
        }
    }

    async fn expired_sessions_and_old_failures_are_swept(app) {
        let settings = app.client.rocket().state::<aqar::platform::config::Config>().expect("settings").clone();
        app.login_admin().await;
        sqlx::query("UPDATE sessions SET last_seen_epoch = last_seen_epoch - 31 * 60").execute(app.pool()).await.expect("idle");
        app.login_admin().await;
        sqlx::query("UPDATE sessions SET created_epoch = created_epoch - 13 * 3600 WHERE created_epoch = last_seen_epoch")
            .execute(app.pool()).await.expect("old");
        app.login_admin().await;
        let sixteen_minutes_ago = aqar::platform::db::clock::now_epoch() - 16 * 60;
        sqlx::query("INSERT INTO sign_in_failures (username, address, failed_epoch) VALUES ('ghost', '192.0.2.1', $1)")
            .bind(sixteen_minutes_ago).execute(app.pool()).await.expect("old failure");
        sign_in(&app.client, PROXY, "ghost", "wrong").dispatch().await;

        let now = aqar::platform::db::clock::now_epoch();
        let swept = aqar::platform::jobs::sweep(app.pool(), &settings, now).await.expect("sweeps");
        assert_eq!(swept, aqar::platform::jobs::Swept { sessions: 2, failures: 1, submissions: 0, trashed: 0 });
        assert_eq!(count(&app, "sessions").await, 1);
        assert_eq!(count(&app, "sign_in_failures").await, 1, "the recent failure still counts");
        assert_eq!(app.get("/api/user").await.0, Status::Ok, "the live session is kept");
    }

    async fn a_sign_in_body_over_four_kib_is_413_json(app) {
        let response = sign_in(&app.client, PROXY, ADMIN, &"x".repeat(5000)).dispatch().await;
        let (status, body) = read(response).await;
        assert_eq!(status, Status::PayloadTooLarge);
        assert_eq!(body["message"], "The request body is larger than 4 KB");
        let response = sign_in(&app.client, PROXY, ADMIN, &"x".repeat(4000)).dispatch().await;
        assert_eq!(response.status(), Status::Unauthorized, "a long password within the limit is checked");
    }

    async fn a_write_from_another_origin_is_refused_before_any_handler_runs(app) {
        app.login_admin().await;
        let foreign = [
            (Method::Post, "/api/logout", "http://evil.example"),
            (Method::Post, "/api/logout", "null"),
            (Method::Post, "/api/logout", "https://panel.example"),
            (Method::Delete, "/api/categories/1", "http://evil.example"),
            (Method::Put, "/api/categories/1", "http://panel.example:8080"),
            (Method::Patch, "/api/categories/1", "http://evil.example"),
        ];
        for (method, path, origin) in foreign {
            let response = app
                .client
                .req(method, path)
                .header(Header::new("Host", "127.0.0.1:8000"))
                .header(Header::new("Origin", origin))
                .header(ContentType::JSON)
                .body("{}")
                .dispatch()
                .await;
            let (status, body) = read(response).await;
            assert_eq!(status, Status::Forbidden, "{method} {path} from {origin}");
            assert_eq!(body, json!({ "message": REFUSED }));
        }
        assert_eq!(app.get("/api/user").await.0, Status::Ok, "the refused sign-out did not end the session");
        let response = sign_in(&app.client, STRANGER, ADMIN, ADMIN_PASSWORD)
            .header(Header::new("Origin", "http://evil.example"))
            .dispatch()
            .await;
        assert_eq!(response.status(), Status::Forbidden, "nobody is signed in from another site");
        assert_eq!(count(&app, "sessions").await, 1);
    }

    async fn a_same_origin_write_and_a_write_without_origin_pass(app) {
        let response = browser(sign_in(&app.client, STRANGER, ADMIN, ADMIN_PASSWORD)).dispatch().await;
        assert_eq!(response.status(), Status::Ok);
        let response = app.client.get("/api/user").header(Header::new("Origin", "http://evil.example")).dispatch().await;
        assert_eq!(response.status(), Status::Ok, "reads are not refused");
        let response = browser(app.client.post("/api/logout")).dispatch().await;
        assert_eq!(response.status(), Status::NoContent);
        let response = sign_in(&app.client, STRANGER, ADMIN, ADMIN_PASSWORD).dispatch().await;
        assert_eq!(response.status(), Status::Ok, "a tool sends no Origin");
    }

}

both_databases_behind_a_proxy! {
    async fn forwarded_addresses_count_when_the_peer_is_a_trusted_proxy(app) {
        let from = |address: &str| Header::new("X-Forwarded-For", format!("{address}, 10.1.2.3"));
        for _ in 0..5 {
            let response = sign_in(&app.client, PROXY, ADMIN, "wrong").header(from("203.0.113.1")).dispatch().await;
            assert_eq!(response.status(), Status::Unauthorized);
        }
        let response = sign_in(&app.client, PROXY, ADMIN, ADMIN_PASSWORD).header(from("203.0.113.1")).dispatch().await;
        assert_eq!(response.status(), Status::TooManyRequests, "the forwarded client is locked out");
        // Five failures from devices never signed in from make the next such try wait a second.
        rocket::tokio::time::sleep(Duration::from_millis(1100)).await;
        let other = app.another_server().await;
        let response = sign_in(&other, PROXY, ADMIN, ADMIN_PASSWORD).header(from("203.0.113.2")).dispatch().await;
        assert_eq!(response.status(), Status::Ok, "another client behind the same proxy is not");
        let response = sign_in(&app.client, PROXY, ADMIN, ADMIN_PASSWORD).header(Header::new("X-Real-IP", "203.0.113.1")).dispatch().await;
        assert_eq!(response.status(), Status::TooManyRequests, "X-Real-IP from the proxy is believed too");
    }

    async fn guessing_one_username_from_many_addresses_is_bounded(app) {
        for n in 0..5 {
            let response = sign_in(&app.client, PROXY, ADMIN, "wrong")
                .header(Header::new("X-Forwarded-For", format!("203.0.113.{n}")))
                .dispatch()
                .await;
            assert_eq!(response.status(), Status::Unauthorized, "guess {n}");
        }
        // Fifteen more, six minutes ago: patient enough to have waited out every slowdown.
        let six_minutes_ago = aqar::platform::db::clock::now_epoch() - 6 * 60;
        for n in 5..20 {
            sqlx::query("INSERT INTO sign_in_failures (username, address, failed_epoch) VALUES ($1, $2, $3)")
                .bind(ADMIN).bind(format!("203.0.113.{n}")).bind(six_minutes_ago)
                .execute(app.pool()).await.expect("a failure");
        }
        let response = sign_in(&app.client, PROXY, ADMIN, ADMIN_PASSWORD)
            .header(Header::new("X-Forwarded-For", "198.51.100.1"))
            .dispatch()
            .await;
        assert_eq!(response.status(), Status::TooManyRequests, "twenty failures lock the username for every new device");
        let retry: u64 = response.headers().get_one("Retry-After").expect("Retry-After").parse().expect("seconds");
        assert!(retry > 8 * 60 && retry <= 9 * 60, "until the oldest of the twenty leaves the window: {retry}");
        let response = sign_in(&app.client, PROXY, "someone-else", "wrong")
            .header(Header::new("X-Forwarded-For", "198.51.100.1"))
            .dispatch()
            .await;
        assert_eq!(response.status(), Status::Unauthorized, "other usernames are not locked");
    }

    async fn forwarded_host_and_scheme_count_only_from_a_trusted_proxy(app) {
        let response = forwarded(sign_in(&app.client, PROXY, ADMIN, ADMIN_PASSWORD)).dispatch().await;
        assert_eq!(response.status(), Status::Ok);
        let cookie = response.headers().get("Set-Cookie").find(|c| c.starts_with("aqar_session=")).expect("a session cookie");
        assert!(cookie.contains("Secure"), "the proxy says the client is on HTTPS");
        let response = forwarded(sign_in(&app.client, STRANGER, ADMIN, ADMIN_PASSWORD)).dispatch().await;
        let (status, body) = read(response).await;
        assert_eq!(status, Status::Forbidden, "a stranger's forwarded host is not the panel's");
        assert_eq!(body["message"], REFUSED);
    }
}

async fn the_admin_comes_from_text_that_reads_as_a_number(backend: Backend) {
    let environment = aqar::platform::config::Environment::of([
        ("AQAR_ADMIN_USERNAME", "boss"),
        ("AQAR_ADMIN_PASSWORD", "73190284"),
    ]);
    let Some(app) = TestApp::spawn_with(backend, |figment| figment.merge(environment)).await else { return };
    let (status, user) = read(sign_in(&app.client, STRANGER, "boss", "73190284").dispatch().await).await;
    assert_eq!(status, Status::Ok);
    assert_eq!(user["role"], "admin");
    assert_eq!(count(&app, "users").await, 1, "no other admin was created");
}

mod the_admin_comes_from_variables_whose_text_reads_as_a_number {
    use super::*;
    #[rocket::async_test]
    async fn sqlite() {
        the_admin_comes_from_text_that_reads_as_a_number(Backend::Sqlite).await;
    }
    #[rocket::async_test]
    async fn postgres() {
        the_admin_comes_from_text_that_reads_as_a_number(Backend::Postgres).await;
    }
}

/// The `aqar` binary in `dir`, configured by `vars` alone (the environment is cleared).
fn aqar(dir: &Path, vars: &[(&str, &str)]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_aqar"))
        .env_clear()
        .current_dir(dir)
        .env("DATABASE_URL", format!("sqlite://{}", dir.join("aqar.db").display()))
        .env("AQAR_SITE_PORT", "off")
        .env("ROCKET_PORT", "0")
        .env("ROCKET_LOG_LEVEL", "off")
        .envs(vars.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("aqar runs")
}

/// Ends the server when the test does, passed or failed.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn exit_within(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if let Some(status) = child.try_wait().expect("waits") {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

#[rocket::async_test]
async fn the_binary_creates_the_admin_named_by_variables_whose_text_reads_as_a_number() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let mut server =
        Running(aqar(dir.path(), &[("AQAR_ADMIN_PASSWORD", "73190284"), ("AQAR_ADMIN_USERNAME", "boss")]));
    let stdout = server.0.stdout.take().expect("stdout");
    let (lines, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let announced =
        received.recv_timeout(Duration::from_secs(60)).expect("the server announces the first admin");
    assert_eq!(announced, "Aqar: created the first admin 'boss' with the password from AQAR_ADMIN_PASSWORD");
    drop(server);
    let url = format!("sqlite://{}", dir.path().join("aqar.db").display());
    let mut db = sqlx::SqliteConnection::connect(&url).await.expect("the database");
    let (username, hash): (String, String) =
        sqlx::query_as("SELECT username, password FROM users").fetch_one(&mut db).await.expect("one user");
    assert_eq!(username, "boss");
    assert!(aqar::platform::auth::password::verify("73190284".into(), Some(hash)).await.expect("verifies"));
}

#[test]
fn a_value_that_cannot_be_used_stops_the_binary_naming_its_variable() {
    let refused = [
        ("AQAR_SESSION_IDLE_MINUTES", "abc"),
        ("AQAR_SESSION_ABSOLUTE_HOURS", "-1"),
        ("AQAR_DEMO", "maybe"),
        ("DATABASE_URL", "mysql://x"),
        ("AQAR_TRUSTED_PROXIES", "10.0.0.0/33"),
        ("AQAR_ADMIN_USERNAME", ""),
        ("AQAR_ADMIN_PASSWORD", "password123"),
        ("AQAR_ADMIN_PASSWORD", "short"),
    ];
    for (variable, value) in refused {
        let dir = tempfile::tempdir().expect("temporary folder");
        let mut server = Running(aqar(dir.path(), &[(variable, value)]));
        let status = exit_within(&mut server.0, Duration::from_secs(60)).expect("the start stops");
        assert!(!status.success(), "{variable}={value} must not start");
        let mut stderr = String::new();
        std::io::Read::read_to_string(server.0.stderr.as_mut().expect("stderr"), &mut stderr).expect("reads");
        assert!(
            stderr.starts_with(&format!("aqar: cannot start: {variable}: ")),
            "{variable}={value}: {stderr}"
        );
        assert!(!dir.path().join("aqar.db").exists(), "nothing was created for {variable}={value}");
    }
}
