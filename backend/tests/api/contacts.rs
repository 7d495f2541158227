//! Contact requests (core-panel.md §2, §3, §4, §7; issue 9): the public form with its rate
//! limit and honeypot, the inbox's paged list, statuses with If-Match, deletes, the
//! dashboard's counts and the history they leave.

use std::net::SocketAddr;

use rocket::http::{ContentType, Header, Method, Status};
use rules::contacts::{ContactRequestInput, BODY_MAX_BYTES};
use rules::messages;
use rules::vocabularies::{ContactStatus, Language};
use serde_json::{json, Value};

use crate::helpers::{read, TestApp};

fn visitor(name: &str) -> Value {
    json!({
        "name": name, "email": "visitor@example.com", "phone": "+962 79 555 0142",
        "subject": "Viewing request", "message": "May I visit on Saturday?"
    })
}

async fn submit(app: &TestApp, body: Value) -> (Status, Value) {
    app.send(Method::Post, "/api/public/contact-requests", body).await
}

/// A request stamped `created_at`, written as the demo data is.
pub async fn stored(app: &TestApp, name: &str, created_at: &str) -> Value {
    let input = ContactRequestInput {
        name: name.into(),
        email: "stored@example.com".into(),
        subject: "Stored".into(),
        message: "A stored request".into(),
        language: Language::En,
        ..ContactRequestInput::default()
    };
    let request =
        aqar::areas::contacts::store::insert(app.pool(), &input, ContactStatus::Pending, created_at)
            .await
            .expect("stored");
    serde_json::to_value(request).expect("json")
}

both_databases! {
    async fn a_visitor_submits_without_a_session_and_staff_see_it_pending(app) {
        let (status, receipt) = submit(&app, visitor("Rana")).await;
        assert_eq!((status, receipt), (Status::Accepted, json!({ "received": true })));
        app.login_admin().await;
        let (status, list) = app.get("/api/contact-requests").await;
        assert_eq!(status, Status::Ok);
        let request = &list[0];
        assert_eq!(
            (request["name"].as_str(), request["status"].as_str(), request["language"].as_str(), request["version"].as_i64()),
            (Some("Rana"), Some("pending"), Some("en"), Some(1))
        );
        let (_, one) = app.get(&format!("/api/contact-requests/{}", request["id"])).await;
        assert_eq!(&one, request);
        let (_, history) = app.get(&format!("/api/history?entity=contactRequest&id={}", request["id"])).await;
        assert_eq!(history[0]["action"], "create");
        assert_eq!(history[0]["username"], Value::Null, "a visitor made it");
    }

    async fn the_form_is_checked_by_the_rules_and_the_property_must_exist(app) {
        let (status, body) = submit(&app, json!({ "email": "not-an-address" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({
            "name": "This field is required", "email": "Please enter a valid email address",
            "subject": "This field is required", "message": "This field is required"
        }));
        let mut about_a_listing = visitor("Rana");
        about_a_listing["propertyId"] = json!(999_999);
        let (status, body) = submit(&app, about_a_listing).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "propertyId": "No property has this id" }));
        let mut arabic = visitor("خالد");
        arabic["language"] = json!("ar");
        assert_eq!(submit(&app, arabic).await.0, Status::Accepted);
        app.login_admin().await;
        let (_, list) = app.get("/api/contact-requests").await;
        assert_eq!(list.as_array().map(Vec::len), Some(1));
        assert_eq!(list[0]["language"], "ar");
    }

    async fn a_bot_filling_the_hidden_field_is_answered_but_dropped(app) {
        let mut bot = visitor("Bot");
        bot["website"] = json!("http://spam.example");
        assert_eq!(submit(&app, bot).await, (Status::Accepted, json!({ "received": true })));
        app.login_admin().await;
        let (_, list) = app.get("/api/contact-requests").await;
        assert_eq!(list, json!([]));
    }

    async fn six_submissions_in_ten_minutes_from_one_address_are_429_on_every_server(app) {
        for n in 0..3 {
            assert_eq!(submit(&app, visitor(&format!("V{n}"))).await.0, Status::Accepted);
        }
        let other = app.another_server().await;
        for n in 3..5 {
            let answer = other.post("/api/public/contact-requests").header(ContentType::JSON)
                .body(visitor(&format!("V{n}")).to_string()).dispatch().await;
            assert_eq!(answer.status(), Status::Accepted);
        }
        let response = app.client.post("/api/public/contact-requests").header(ContentType::JSON)
            .body(visitor("V5").to_string()).dispatch().await;
        assert_eq!(response.status(), Status::TooManyRequests);
        let wait: u64 = response.headers().get_one("Retry-After").and_then(|v| v.parse().ok()).expect("Retry-After");
        assert!((1..=600).contains(&wait), "{wait}");
        let answer = other.post("/api/public/contact-requests").header(ContentType::JSON)
            .body(visitor("V6").to_string()).dispatch().await;
        assert_eq!(answer.status(), Status::TooManyRequests, "the limit is shared through the database");
    }

    async fn forty_eight_simultaneous_submissions_from_one_address_admit_exactly_five(app) {
        // Half through each of two servers on the one database, all at once.
        let other = app.another_server().await;
        let peer: SocketAddr = "198.51.100.7:40000".parse().expect("an address");
        let burst = (0..48).map(|n| {
            let client = if n % 2 == 0 { &app.client } else { &other };
            client.post("/api/public/contact-requests").remote(peer).header(ContentType::JSON)
                .body(visitor(&format!("V{n}")).to_string()).dispatch()
        });
        let statuses: Vec<Status> =
            rocket::futures::future::join_all(burst).await.iter().map(|response| response.status()).collect();
        let accepted = statuses.iter().filter(|s| **s == Status::Accepted).count();
        let refused = statuses.iter().filter(|s| **s == Status::TooManyRequests).count();
        assert_eq!((accepted, refused), (5, 43), "{statuses:?}");
        app.login_admin().await;
        let (_, counts) = app.get("/api/contact-requests/counts").await;
        assert_eq!(counts["total"], 5);
        let (status, body) = read(app.client.post("/api/public/contact-requests").remote(peer)
            .header(ContentType::JSON).body(visitor("Late").to_string()).dispatch().await).await;
        assert_eq!((status, body["message"].as_str()), (Status::TooManyRequests, Some(messages::CONTACT_TOO_MANY)));
    }

    async fn each_field_of_the_form_is_bounded_in_characters(app) {
        let longest = json!({
            "name": "ن".repeat(100), "email": format!("{}@example.com", "a".repeat(64)), "phone": "1".repeat(30),
            "subject": "s".repeat(200), "message": "م".repeat(5000)
        });
        assert_eq!(submit(&app, longest).await.0, Status::Accepted, "every field at its longest");
        let too_long = json!({
            "name": "ن".repeat(101), "email": format!("{}@{}.com", "a".repeat(64), "b".repeat(190)),
            "phone": "1".repeat(31), "subject": "s".repeat(201), "message": "م".repeat(5001)
        });
        let (status, body) = submit(&app, too_long).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({
            "name": messages::CONTACT_NAME_TOO_LONG, "email": messages::CONTACT_EMAIL_TOO_LONG,
            "phone": messages::CONTACT_PHONE_TOO_LONG, "subject": messages::CONTACT_SUBJECT_TOO_LONG,
            "message": messages::CONTACT_MESSAGE_TOO_LONG
        }));
        app.login_admin().await;
        let (_, counts) = app.get("/api/contact-requests/counts").await;
        assert_eq!(counts["total"], 1);
    }

    async fn a_body_larger_than_the_form_can_hold_is_413_before_it_is_read(app) {
        let mut huge = visitor("Rana");
        huge["website"] = json!("w".repeat(BODY_MAX_BYTES as usize));
        let (status, body) = submit(&app, huge).await;
        assert_eq!(status, Status::PayloadTooLarge);
        assert!(body["message"].as_str().is_some_and(|m| m.starts_with("The request body is larger than")), "{body}");
        // Declared too large, refused on its head: nothing is read or counted.
        for _ in 0..6 {
            let response = app.client.post("/api/public/contact-requests").header(ContentType::JSON)
                .header(Header::new("Content-Length", "15728640")).body("{}").dispatch().await;
            assert_eq!(response.status(), Status::PayloadTooLarge);
        }
        assert_eq!(submit(&app, visitor("Rana")).await.0, Status::Accepted, "refused bodies do not count");
    }

    async fn the_inbox_pages_searches_sorts_and_filters_on_the_server(app) {
        for (name, at) in [("Rana", "2026-01-01T09:00:00Z"), ("James", "2026-01-02T09:00:00Z"), ("خالد العتيبي", "2026-01-03T09:00:00Z")] {
            stored(&app, name, at).await;
        }
        app.login_admin().await;
        let response = app.client.get("/api/contact-requests?page=1&pageSize=2").dispatch().await;
        assert_eq!(response.headers().get_one("X-Total-Count"), Some("3"));
        let (_, page) = read(response).await;
        let names: Vec<&str> = page.as_array().into_iter().flatten().filter_map(|r| r["name"].as_str()).collect();
        assert_eq!(names, ["خالد العتيبي", "James"], "newest first");
        let (_, found) = app.get("/api/contact-requests?q=%D8%AE%D8%A7%D9%84%D8%AF").await;
        assert_eq!(found.as_array().map(Vec::len), Some(1), "Arabic found: {found}");
        let (_, found) = app.get("/api/contact-requests?q=RANA").await;
        assert_eq!(found[0]["name"], "Rana", "folded: case does not matter");
        let (_, sorted) = app.get("/api/contact-requests?sort=name").await;
        assert_eq!(sorted[0]["name"], "James");
        let (_, ranged) = app.get("/api/contact-requests?from=2026-01-02T00:00:00Z&to=2026-01-02T23:59:59Z").await;
        assert_eq!(ranged.as_array().map(Vec::len), Some(1));
        let (_, pending) = app.get("/api/contact-requests?status=closed").await;
        assert_eq!(pending, json!([]));
        for bad in ["page=0", "pageSize=101", "sort=email", "status=open", "from=yesterday", "page=1&page=2"] {
            assert_eq!(app.get(&format!("/api/contact-requests?{bad}")).await.0, Status::BadRequest, "{bad}");
        }
    }

    async fn statuses_change_from_any_state_with_if_match_and_counts_follow(app) {
        submit(&app, visitor("Rana")).await;
        submit(&app, visitor("James")).await;
        app.login_admin().await;
        let (_, list) = app.get("/api/contact-requests").await;
        let id = list[0]["id"].clone();
        let put = |status: &str, version: &str| {
            app.client.put(format!("/api/contact-requests/{id}")).header(ContentType::JSON)
                .header(Header::new("If-Match", version.to_owned())).body(json!({ "status": status }).to_string())
        };
        let (status, responded) = read(put("responded", "\"1\"").dispatch().await).await;
        assert_eq!((status, responded["status"].as_str(), responded["version"].as_i64()), (Status::Ok, Some("responded"), Some(2)));
        assert_eq!(put("closed", "\"1\"").dispatch().await.status(), Status::PreconditionFailed);
        let (_, closed) = read(put("closed", "\"2\"").dispatch().await).await;
        assert_eq!(closed["status"], "closed");
        let (_, pending) = read(put("pending", "\"3\"").dispatch().await).await;
        assert_eq!(pending["status"], "pending", "any state may follow any other");
        let (status, body) = app.send(Method::Put, &format!("/api/contact-requests/{id}"), json!({})).await;
        assert_eq!((status, &body["errors"]), (Status::UnprocessableEntity, &json!({ "status": "This field is required" })));
        read(put("closed", "\"4\"").dispatch().await).await;
        let (_, counts) = app.get("/api/contact-requests/counts").await;
        assert_eq!(counts, json!({ "pending": 1, "responded": 0, "closed": 1, "total": 2 }));
        let (_, stats) = app.get("/api/stats").await;
        assert_eq!(stats["pendingRequests"], 1);
        let (_, history) = app.get(&format!("/api/history?entity=contactRequest&id={id}")).await;
        let actions: Vec<&str> = history.as_array().into_iter().flatten().filter_map(|h| h["action"].as_str()).collect();
        assert_eq!(actions, ["update", "update", "update", "update", "create"]);
        assert_eq!(history[0]["changes"], json!([{ "field": "status", "old": "pending", "new": "closed" }]));
    }

    async fn one_is_deleted_with_if_match_then_all_in_one_go(app) {
        for name in ["A", "B", "C"] {
            submit(&app, visitor(name)).await;
        }
        app.login_admin().await;
        let (_, list) = app.get("/api/contact-requests").await;
        let id = list[0]["id"].clone();
        let stale = app.client.delete(format!("/api/contact-requests/{id}")).header(Header::new("If-Match", "\"7\"")).dispatch().await;
        assert_eq!(stale.status(), Status::PreconditionFailed);
        assert_eq!(app.client.delete(format!("/api/contact-requests/{id}")).dispatch().await.status(), Status::NoContent);
        assert_eq!(app.get(&format!("/api/contact-requests/{id}")).await.0, Status::NotFound);
        let (_, history) = app.get(&format!("/api/history?entity=contactRequest&id={id}")).await;
        assert_eq!(history[0]["action"], "delete");
        assert_eq!(app.client.delete("/api/contact-requests").dispatch().await.status(), Status::NoContent);
        let (_, list) = app.get("/api/contact-requests").await;
        assert_eq!(list, json!([]));
        let (_, all) = app.get("/api/history?entity=contactRequest").await;
        let deletes: Vec<&Value> = all.as_array().into_iter().flatten().filter(|row| row["action"] == "delete").collect();
        assert_eq!(deletes.len(), 3, "a row for each request moved to the trash: {all}");
    }

    async fn the_dashboard_reads_daily_counts_and_the_last_request(app) {
        submit(&app, visitor("Rana")).await;
        submit(&app, visitor("James")).await;
        app.login_admin().await;
        let (_, days) = app.get("/api/contact-requests/daily").await;
        let days = days.as_array().cloned().unwrap_or_default();
        assert_eq!(days.len(), 30);
        assert_eq!(days.last().map(|d| d["count"].clone()), Some(json!(2)), "today");
        assert_eq!(days.iter().filter_map(|d| d["count"].as_i64()).sum::<i64>(), 2);
        let (_, status) = app.get("/api/system-status").await;
        assert!(status["lastContactRequestAt"].as_str().is_some_and(|at| at.ends_with('Z')), "{status}");
        assert_eq!(app.get("/api/contact-requests/daily?offset=900").await.0, Status::BadRequest);
    }

    async fn the_inbox_needs_a_session(app) {
        for path in ["/api/contact-requests", "/api/contact-requests/counts", "/api/contact-requests/daily", "/api/contact-requests/export"] {
            assert_eq!(app.get(path).await.0, Status::Unauthorized, "{path}");
        }
    }
}

mod demo {
    use rocket::http::Status;

    use crate::helpers::{Backend, TestApp};

    async fn the_demo_has_forty_bilingual_requests_in_every_status(backend: Backend) {
        let Some(app) = TestApp::spawn_with(backend, |figment| figment.merge(("aqar.demo", true))).await
        else {
            return;
        };
        app.login_admin().await;
        let (status, counts) = app.get("/api/contact-requests/counts").await;
        assert_eq!(status, Status::Ok);
        assert_eq!(counts["total"], 40);
        for state in ["pending", "responded", "closed"] {
            assert!(counts[state].as_i64().is_some_and(|n| n > 0), "{state}: {counts}");
        }
        let (_, list) = app.get("/api/contact-requests").await;
        let list = list.as_array().cloned().unwrap_or_default();
        assert!(list.iter().any(|r| r["language"] == "ar") && list.iter().any(|r| r["language"] == "en"));
        assert!(list.iter().any(|r| r["propertyId"].is_i64()), "some ask about a listing");
        let oldest = list.last().and_then(|r| r["createdAt"].as_str()).unwrap_or_default().to_owned();
        let newest = list.first().and_then(|r| r["createdAt"].as_str()).unwrap_or_default().to_owned();
        assert!(oldest < newest && oldest.as_str() < "9999");
    }

    #[rocket::async_test]
    async fn sqlite() {
        the_demo_has_forty_bilingual_requests_in_every_status(Backend::Sqlite).await;
    }

    #[rocket::async_test]
    async fn postgres() {
        the_demo_has_forty_bilingual_requests_in_every_status(Backend::Postgres).await;
    }
}
