//! Notifications (issue 26): a lead given to someone other than whoever gave it tells them
//! in the bell (listed, counted unread, marked read), and by e-mail in their language when
//! `AQAR_SMTP_URL` is set, delivered to a real SMTP server (aiosmtpd) after the commit; a
//! failing SMTP server neither fails nor slows the submission, and the e-mail is retried.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use aqar::areas::notifications::outbox::{self, Delivered};
use aqar::areas::notifications::Outbox;
use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::helpers::{Backend, TestApp};
use crate::leads::{admin_receives, newest, send, signed_in, user, visitor};
use crate::properties::{catalog, create_property, full_form, Catalog};

/// aiosmtpd on a port of its own, printing each message it takes as a JSON line.
struct SmtpServer {
    child: Child,
    port: u16,
    messages: Receiver<Value>,
}

impl SmtpServer {
    /// Starts the server; it answers the first `refuse` messages 451 (try again later).
    fn start(refuse: u32) -> SmtpServer {
        let python = std::env::var("AQAR_TEST_SMTP_PYTHON").unwrap_or_else(|_| "python3".into());
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/smtp-server.py");
        let mut child = Command::new(&python)
            .args([script, &port.to_string(), "--refuse", &refuse.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| panic!("{python} starts the SMTP server: {error}"));
        let stdout = child.stdout.take().expect("its output");
        let (ready_tx, ready) = mpsc::channel();
        let (message_tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if line == "ready" {
                    let _ = ready_tx.send(());
                } else if let Ok(message) = serde_json::from_str::<Value>(&line) {
                    let _ = message_tx.send(message);
                }
            }
        });
        ready.recv_timeout(Duration::from_secs(30)).unwrap_or_else(|_| {
            panic!("aiosmtpd did not start with {python}: `make smtp-server` installs it (AQAR_TEST_SMTP_PYTHON)")
        });
        SmtpServer { child, port, messages }
    }

    fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// The next line the server printed: a message, or `{"refused": true}`.
    fn next(&self) -> Value {
        self.messages.recv_timeout(Duration::from_secs(20)).expect("the SMTP server heard from the panel")
    }

    /// No message for a while.
    fn quiet(&self) -> bool {
        self.messages.recv_timeout(Duration::from_secs(2)).is_err()
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn mailing(backend: Backend, smtp: &SmtpServer) -> Option<TestApp> {
    let url = smtp.url();
    TestApp::spawn_with(backend, move |figment| {
        figment.merge(("aqar.smtp_url", url)).merge(("aqar.panel_url", "https://panel.example/"))
    })
    .await
}

/// What the notifications table says of the e-mail about request `request`.
async fn mail_state(app: &TestApp, request: i64) -> (String, i64) {
    let row: (String, i64) =
        sqlx::query_as("SELECT mail_status, mail_attempts FROM notifications WHERE contact_request_id = $1")
            .bind(request)
            .fetch_one(app.pool())
            .await
            .expect("a notification");
    row
}

/// Waits for the e-mail about `request` to reach `expected`: the sender marks it once the
/// SMTP server has taken it.
async fn mail_reaches(app: &TestApp, request: i64, expected: (&str, i64)) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (status, attempts) = mail_state(app, request).await;
        if (status.as_str(), attempts) == expected {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the e-mail stays {status} after {attempts} attempts, not {expected:?}"
        );
        rocket::tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A listing whose responsible agent is `agent`.
async fn listing_of(app: &TestApp, catalog: &Catalog, agent: i64, title: &str) -> i64 {
    let mut form = full_form(catalog, title);
    form["agentId"] = json!(agent);
    create_property(app, form).await["id"].as_i64().expect("an id")
}

async fn submit(app: &TestApp, name: &str, property: Option<i64>) {
    let (status, answer) =
        app.send(Method::Post, "/api/public/contact-requests", visitor(name, property)).await;
    assert_eq!((status, answer), (Status::Accepted, json!({ "received": true })));
}

both_databases! {
    async fn a_lead_given_to_someone_tells_them_in_the_bell(app) {
        app.login_admin().await;
        admin_receives(&app, false).await;
        let sara = user(&app, "sara", json!({})).await;
        let omar = user(&app, "omar", json!({ "receivesLeads": false })).await;
        submit(&app, "Rana", None).await;
        let rana = newest(&app).await;
        assert_eq!(rana["assigneeId"], json!(sara), "the only user receiving leads");

        let sara_client = signed_in(&app, "sara").await;
        let (status, bell) = send(&sara_client, Method::Get, "/api/notifications", Value::Null).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(bell["unread"], 1);
        assert_eq!(bell["items"][0]["contactRequestId"], rana["id"]);
        assert_eq!((&bell["items"][0]["name"], &bell["items"][0]["subject"]), (&json!("Rana"), &json!("Viewing")));
        assert_eq!(bell["items"][0]["read"], false);
        let (_, admin_bell) = app.get("/api/notifications").await;
        assert_eq!(admin_bell, json!({ "unread": 0, "items": [] }), "nobody gave the admin a lead");

        // A lead one takes for oneself tells nobody; one the admin gives to Omar tells him.
        let (status, own) = send(&sara_client, Method::Post, "/api/contact-requests", json!({
            "name": "Walk-in", "phone": "+962 79 111 2222", "subject": "Visit", "message": "Came by", "source": "walkIn"
        })).await;
        assert_eq!((status, &own["assigneeId"]), (Status::Created, &json!(sara)));
        let (status, given) = app.send(Method::Put, &format!("/api/contact-requests/{}", rana["id"]), json!({ "assigneeId": omar })).await;
        assert_eq!((status, &given["assigneeId"]), (Status::Ok, &json!(omar)), "{given}");
        let omar_client = signed_in(&app, "omar").await;
        let (_, omar_bell) = send(&omar_client, Method::Get, "/api/notifications", Value::Null).await;
        assert_eq!((&omar_bell["unread"], &omar_bell["items"][0]["contactRequestId"]), (&json!(1), &rana["id"]));
        let (_, sara_bell) = send(&sara_client, Method::Get, "/api/notifications", Value::Null).await;
        assert_eq!(sara_bell["unread"], 1, "her own walk-in told her nothing: {sara_bell}");
        // Giving it back to the admin's own self tells nobody.
        let (status, _) = app.send(Method::Put, &format!("/api/contact-requests/{}", rana["id"]), json!({ "assigneeId": 1 })).await;
        assert_eq!(status, Status::Ok);
        let (_, admin_bell) = app.get("/api/notifications").await;
        assert_eq!(admin_bell["unread"], 0);

        // Read: one, someone else's (404, as if it did not exist), then all.
        let omar_note = omar_bell["items"][0]["id"].as_i64().expect("an id");
        let (status, refused) = send(&sara_client, Method::Post, &format!("/api/notifications/{omar_note}/read"), Value::Null).await;
        assert_eq!((status, &refused["message"]), (Status::NotFound, &json!("Notification not found")));
        let (status, read) = send(&omar_client, Method::Post, &format!("/api/notifications/{omar_note}/read"), Value::Null).await;
        assert_eq!((status, &read["unread"], &read["items"][0]["read"]), (Status::Ok, &json!(0), &json!(true)));
        let (status, read) = send(&sara_client, Method::Post, "/api/notifications/read", Value::Null).await;
        assert_eq!((status, &read["unread"], &read["items"][0]["read"]), (Status::Ok, &json!(0), &json!(true)));
        assert_eq!(read["items"].as_array().map(Vec::len), Some(1), "{read}");
    }

    async fn the_bell_lists_the_newest_twenty_and_counts_them_all(app) {
        app.login_admin().await;
        admin_receives(&app, false).await;
        user(&app, "sara", json!({})).await;
        // Taken by hand: the public form's rate limit would stop a visitor sending 23.
        for n in 0..23 {
            let (status, _) = app.send(Method::Post, "/api/contact-requests", json!({
                "name": format!("Visitor {n}"), "phone": "+962 79 000 0000", "subject": "Call", "message": "Rang", "source": "phone"
            })).await;
            assert_eq!(status, Status::Created);
        }
        let sara = signed_in(&app, "sara").await;
        let (_, bell) = send(&sara, Method::Get, "/api/notifications", Value::Null).await;
        assert_eq!(bell["unread"], 23);
        let names: Vec<&str> = bell["items"].as_array().expect("items").iter().filter_map(|n| n["name"].as_str()).collect();
        assert_eq!(names.len(), rules::leads::NOTIFICATIONS_SHOWN);
        assert_eq!((names[0], names[19]), ("Visitor 22", "Visitor 3"), "newest first");
    }
}

/// Both databases, each with an SMTP server of its own.
macro_rules! both_databases_mailing {
    ($(async fn $name:ident($app:ident, $smtp:ident, refusing $refuse:literal) $body:block)*) => {$(
        mod $name {
            use super::*;
            #[rocket::async_test]
            async fn sqlite() {
                let $smtp = SmtpServer::start($refuse);
                let $app = mailing(Backend::Sqlite, &$smtp).await.expect("SQLite app");
                $body
            }
            #[rocket::async_test]
            async fn postgres() {
                let $smtp = SmtpServer::start($refuse);
                let Some($app) = mailing(Backend::Postgres, &$smtp).await else { return };
                $body
            }
        }
    )*};
}

both_databases_mailing! {
    async fn the_assignee_is_emailed_in_their_language(app, smtp, refusing 0) {
        app.login_admin().await;
        admin_receives(&app, false).await;
        let huda = user(&app, "huda", json!({ "email": "huda@example.com", "receivesLeads": false })).await;
        let adam = user(&app, "adam", json!({ "email": "adam@example.com", "receivesLeads": false })).await;
        let nour = user(&app, "nour", json!({ "receivesLeads": false })).await;
        let catalog = catalog(&app).await;
        let huda_client = signed_in(&app, "huda").await;
        let (status, _) = send(&huda_client, Method::Put, "/api/account/preferences", json!({ "language": "ar", "numerals": "latin" })).await;
        assert_eq!(status, Status::Ok);

        submit(&app, "Rana", Some(listing_of(&app, &catalog, huda, "Villa in Abdoun").await)).await;
        let rana = newest(&app).await;
        let mail = smtp.next();
        assert_eq!(mail["to"], json!(["huda@example.com"]));
        assert_eq!(mail["subject"], "عميل محتمل جديد: Rana");
        let body = mail["body"].as_str().expect("a body").replace("\r\n", "\n");
        assert!(body.starts_with("أُسند إليك عميل محتمل في عقار."), "{body}");
        assert!(body.contains("الموضوع: Viewing\n") && body.contains("May I visit?"), "{body}");
        assert!(body.contains(&format!("https://panel.example/contacts?request={}", rana["id"])), "{body}");
        mail_reaches(&app, rana["id"].as_i64().expect("an id"), ("sent", 1)).await;

        submit(&app, "Sam", Some(listing_of(&app, &catalog, adam, "Flat in Sweifieh").await)).await;
        let mail = smtp.next();
        assert_eq!((&mail["to"], &mail["subject"]), (&json!(["adam@example.com"]), &json!("New lead: Sam")));
        assert!(mail["body"].as_str().is_some_and(|body| body.starts_with("A lead has been assigned to you in Aqar.")));

        // Without an address, the bell alone tells.
        submit(&app, "Lina", Some(listing_of(&app, &catalog, nour, "Shop downtown").await)).await;
        let lina = newest(&app).await;
        assert!(smtp.quiet(), "nobody to write to");
        assert_eq!(mail_state(&app, lina["id"].as_i64().expect("an id")).await, ("none".to_owned(), 0));
    }

    async fn a_failing_smtp_server_neither_fails_nor_holds_the_submission(app, smtp, refusing 1) {
        app.login_admin().await;
        admin_receives(&app, false).await;
        user(&app, "sara", json!({ "email": "sara@example.com" })).await;
        let started = Instant::now();
        submit(&app, "Rana", None).await;
        let rana = newest(&app).await;
        assert!(started.elapsed() < Duration::from_secs(5), "the submission does not wait on e-mail");
        assert_eq!(smtp.next(), json!({ "refused": true }));
        let id = rana["id"].as_i64().expect("an id");
        mail_reaches(&app, id, ("due", 1)).await;
        let outbox = app.client.rocket().state::<Outbox>().expect("the outbox");
        let now = aqar::platform::db::clock::now_epoch();
        assert_eq!(outbox::deliver_due(app.pool(), outbox, now).await.ok(), Some(Delivered::default()), "not yet");
        let retry = now + rules::leads::MAIL_RETRY_SECS[0] + 1;
        assert_eq!(outbox::deliver_due(app.pool(), outbox, retry).await.ok(), Some(Delivered { sent: 1, failed: 0 }));
        assert_eq!(smtp.next()["to"], json!(["sara@example.com"]));
        assert_eq!(mail_state(&app, id).await, ("sent".to_owned(), 2));
        let (_, lead) = app.get(&format!("/api/contact-requests/{id}")).await;
        assert_eq!(lead["status"], "pending");
    }
}
