//! What every answer carries and whom the server answers (issue 21, items 7 and 9): the
//! security headers, `no-store` on signed-in answers, HSTS only over HTTPS, and the Host
//! check against DNS rebinding.

use std::net::SocketAddr;

use rocket::http::{Header, Status};
use rocket::local::asynchronous::LocalResponse;

use crate::helpers::{Backend, TestApp};

const PROXY: &str = "127.0.0.1:41000";

fn header<'r>(response: &'r LocalResponse<'_>, name: &str) -> Option<&'r str> {
    response.headers().get_one(name)
}

async fn behind_a_proxy(backend: Backend) -> Option<TestApp> {
    TestApp::spawn_with(backend, |figment| {
        figment.merge(("aqar.trusted_proxies", "127.0.0.0/8")).merge(("aqar.public_hosts", "panel.example"))
    })
    .await
}

both_databases! {
    async fn every_answer_forbids_framing_and_referrers_with_a_strict_policy(app) {
        for path in ["/healthz", "/api/docs", "/api/public/categories", "/api/nothing-here"] {
            let response = app.client.get(path).dispatch().await;
            let policy = header(&response, "Content-Security-Policy").unwrap_or_default();
            assert!(policy.contains("frame-ancestors 'none'"), "{path}: {policy}");
            assert!(policy.contains("script-src 'self' 'wasm-unsafe-eval';"), "no inline or outside scripts: {policy}");
            assert!(policy.contains("object-src 'none'"), "{policy}");
            assert_eq!(header(&response, "Referrer-Policy"), Some("no-referrer"), "{path}");
            assert_eq!(header(&response, "X-Frame-Options"), Some("DENY"), "{path}");
            assert_eq!(header(&response, "X-Content-Type-Options"), Some("nosniff"), "{path}");
            assert_eq!(header(&response, "Strict-Transport-Security"), None, "plain HTTP gets no HSTS: {path}");
        }
    }

    async fn signed_in_answers_are_never_stored_and_public_reads_keep_their_caching(app) {
        let response = app.client.get("/api/public/categories").dispatch().await;
        assert!(header(&response, "Cache-Control").is_some_and(|c| c.starts_with("public")), "public reads are cacheable");
        let response = app.login(crate::helpers::ADMIN, crate::helpers::ADMIN_PASSWORD).await;
        assert_eq!(header(&response, "Cache-Control"), Some("no-store"), "the sign-in answer");
        for path in ["/api/user", "/api/categories", "/api/properties", "/api/history/recent"] {
            let response = app.client.get(path).dispatch().await;
            assert_eq!(response.status(), Status::Ok, "{path}");
            assert_eq!(header(&response, "Cache-Control"), Some("no-store"), "{path}");
        }
        let response = app.client.get("/api/public/categories").dispatch().await;
        assert!(header(&response, "Cache-Control").is_some_and(|c| c.starts_with("public")), "even with a session");
    }

    async fn a_request_for_a_host_name_not_configured_is_refused(app) {
        for host in ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "192.0.2.7"] {
            let response = app.client.get("/healthz").header(Header::new("Host", host)).dispatch().await;
            assert_eq!(response.status(), Status::Ok, "{host}");
        }
        let response = app.client.get("/api/public/categories").header(Header::new("Host", "rebound.evil.example:8000")).dispatch().await;
        assert_eq!(response.status(), Status::BadRequest);
        let (_, body) = crate::helpers::read(response).await;
        assert_eq!(body["message"], "This server does not answer for that host; see AQAR_PUBLIC_HOSTS");
        let response = app.client.post("/api/login").header(Header::new("Host", "rebound.evil.example:8000")).dispatch().await;
        assert_eq!(response.status(), Status::BadRequest, "writes too, before anything runs");
    }
}

/// `both_databases!` for an app behind a trusted loopback proxy, answering for panel.example.
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

both_databases_behind_a_proxy! {
    async fn hsts_is_sent_when_the_trusted_proxy_says_https(app) {
        let peer: SocketAddr = PROXY.parse().expect("an address");
        let response = app.client.get("/healthz").remote(peer)
            .header(Header::new("Host", "10.0.0.5:8000"))
            .header(Header::new("X-Forwarded-Host", "panel.example"))
            .header(Header::new("X-Forwarded-Proto", "https"))
            .dispatch().await;
        assert_eq!(response.status(), Status::Ok);
        assert!(header(&response, "Strict-Transport-Security").is_some_and(|h| h.starts_with("max-age=31536000")));
        let stranger: SocketAddr = "192.0.2.10:41000".parse().expect("an address");
        let response = app.client.get("/healthz").remote(stranger)
            .header(Header::new("X-Forwarded-Proto", "https"))
            .dispatch().await;
        assert_eq!(header(&response, "Strict-Transport-Security"), None, "only a trusted proxy is believed");
    }

    async fn configured_public_hosts_are_answered_and_others_refused(app) {
        let peer: SocketAddr = PROXY.parse().expect("an address");
        for (host, expected) in [("panel.example", Status::Ok), ("PANEL.example:443", Status::Ok), ("other.example", Status::BadRequest)] {
            let response = app.client.get("/healthz").remote(peer)
                .header(Header::new("Host", "10.0.0.5:8000"))
                .header(Header::new("X-Forwarded-Host", host))
                .dispatch().await;
            assert_eq!(response.status(), expected, "{host}");
        }
    }
}
