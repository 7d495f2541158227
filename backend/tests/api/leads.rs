//! Leads (issue 26): a new request is assigned at once (the listing's active agent, else the
//! round-robin of active users receiving leads, fair across servers, else nobody); 'Take it'
//! and an admin's reassignment, each in the history; leads taken by hand with their source;
//! internal notes; follow-ups; the inbox's filters and the overdue mark.

use std::collections::BTreeMap;

use rocket::http::{ContentType, Method, Status};
use rocket::local::asynchronous::Client;
use rules::contacts::ContactRequestInput;
use rules::vocabularies::{Language, LeadSource};
use serde_json::{json, Value};

use crate::contacts::stored;
use crate::helpers::{read, TestApp};
use crate::properties::{catalog, create_property, full_form};

const PASSWORD: &str = "lead-pass-73";

/// A user made by the admin; `extra` adds or overrides fields (`isActive`, `receivesLeads`).
pub(crate) async fn user(app: &TestApp, username: &str, extra: Value) -> i64 {
    let mut body = json!({
        "username": username, "password": PASSWORD, "confirmPassword": PASSWORD,
        "fullName": format!("Agent {username}"), "isActive": true, "role": "user"
    });
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    let (status, created) = app.send(Method::Post, "/api/users", body).await;
    assert_eq!(status, Status::Created, "{created}");
    created["id"].as_i64().expect("an id")
}

/// Turns the admin's own receiving of leads on or off.
pub(crate) async fn admin_receives(app: &TestApp, receives: bool) {
    let body = json!({ "username": "admin", "role": "admin", "isActive": true, "receivesLeads": receives });
    let (status, answer) = app.send(Method::Put, "/api/users/1", body).await;
    assert_eq!((status, answer["receivesLeads"].as_bool()), (Status::Ok, Some(receives)), "{answer}");
}

/// A second browser signed in as `username`.
pub(crate) async fn signed_in(app: &TestApp, username: &str) -> Client {
    let client = app.another_server().await;
    let status = client
        .post("/api/login")
        .header(ContentType::JSON)
        .body(json!({ "username": username, "password": PASSWORD }).to_string())
        .dispatch()
        .await
        .status();
    assert_eq!(status, Status::Ok, "{username} signs in");
    client
}

pub(crate) async fn send(client: &Client, method: Method, path: &str, body: Value) -> (Status, Value) {
    read(
        client.req(method, path.to_owned()).header(ContentType::JSON).body(body.to_string()).dispatch().await,
    )
    .await
}

pub(crate) fn visitor(name: &str, property_id: Option<i64>) -> Value {
    json!({
        "name": name, "email": "visitor@example.com", "subject": "Viewing", "message": "May I visit?",
        "propertyId": property_id
    })
}

/// Takes a lead by hand as the app's signed-in user.
async fn manual(app: &TestApp, name: &str) -> Value {
    let body = json!({
        "name": name, "phone": "+962 79 000 0000", "subject": "Call", "message": "Called the office",
        "source": "phone"
    });
    let (status, lead) = app.send(Method::Post, "/api/contact-requests", body).await;
    assert_eq!(status, Status::Created, "{lead}");
    lead
}

/// Takes a lead by hand from `phone`.
async fn manual_from(app: &TestApp, name: &str, phone: &str) -> Value {
    let body = json!({ "name": name, "phone": phone, "subject": "Call", "message": "Called again", "source": "phone" });
    let (status, lead) = app.send(Method::Post, "/api/contact-requests", body).await;
    assert_eq!(status, Status::Created, "{lead}");
    lead
}

pub(crate) async fn newest(app: &TestApp) -> Value {
    let (_, list) = app.get("/api/contact-requests").await;
    list[0].clone()
}

/// The assignee changes the history recorded for request `id`, oldest first.
async fn assignments(app: &TestApp, id: &Value) -> Vec<(Value, Value)> {
    let (status, history) = app.get(&format!("/api/history?entity=contactRequest&id={id}")).await;
    assert_eq!(status, Status::Ok);
    let mut found: Vec<(Value, Value)> = history
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|entry| entry["changes"].as_array().cloned().unwrap_or_default())
        .filter(|change| change["field"] == "assigneeId")
        .map(|change| (change["old"].clone(), change["new"].clone()))
        .collect();
    found.reverse();
    found
}

both_databases! {
    async fn a_request_about_a_listing_goes_to_its_active_agent(app) {
        app.login_admin().await;
        let agent = user(&app, "huda", json!({ "receivesLeads": false })).await;
        let catalog = catalog(&app).await;
        let mut form = full_form(&catalog, "Villa with a view");
        form["agentId"] = json!(agent);
        let listing = create_property(&app, form.clone()).await;
        assert_eq!(listing["agentId"], json!(agent));
        let (_, public) = app.get(&format!("/api/public/properties/{}", listing["id"])).await;
        assert!(public.get("agentId").is_none(), "the public site never sees users: {public}");

        let (status, _) = app.send(Method::Post, "/api/public/contact-requests", visitor("Rana", listing["id"].as_i64())).await;
        assert_eq!(status, Status::Accepted);
        let lead = newest(&app).await;
        assert_eq!(lead["assigneeId"], json!(agent), "an agent not in the rotation still gets their listing's leads");
        assert_eq!(lead["source"], "website");
        assert_eq!(assignments(&app, &lead["id"]).await, [(Value::Null, json!(agent))]);

        let body = json!({ "username": "huda", "role": "user", "isActive": false });
        assert_eq!(app.send(Method::Put, &format!("/api/users/{agent}"), body).await.0, Status::Ok);
        app.send(Method::Post, "/api/public/contact-requests", visitor("Sami", listing["id"].as_i64())).await;
        assert_eq!(newest(&app).await["assigneeId"], json!(1), "an inactive agent is skipped for the rotation");

        form["agentId"] = json!(999_999);
        let (status, refused) = app.send(Method::Post, "/api/properties", form).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(refused["errors"]["agentId"], "No user has this id");
    }

    async fn the_round_robin_is_fair_over_thirty_leads_from_two_servers(app) {
        app.login_admin().await;
        admin_receives(&app, false).await;
        let receivers = [user(&app, "a1", json!({})).await, user(&app, "a2", json!({})).await, user(&app, "a3", json!({})).await];
        let resting = user(&app, "a4", json!({ "receivesLeads": false })).await;
        let away = user(&app, "a5", json!({ "isActive": false })).await;
        let other = app.another_server().await;
        let pools = [app.pool().clone(), {
            use rocket_db_pools::Database;
            aqar::platform::db::Db::fetch(other.rocket()).expect("database").pool().clone()
        }];
        let mut arriving = tokio::task::JoinSet::new();
        for n in 0..30 {
            let pool = pools[n % 2].clone();
            arriving.spawn(async move {
                let input = ContactRequestInput {
                    name: format!("Visitor {n}"), email: "v@example.com".into(), subject: "Hi".into(),
                    message: "Hello".into(), language: Language::En, ..ContactRequestInput::default()
                };
                let actor = aqar::platform::audit::Actor::visitor();
                let outbox = aqar::areas::notifications::Outbox::of(&aqar::platform::config::Config::default());
                aqar::areas::contacts::store::create(&pool, &outbox, &actor, &input, LeadSource::Website).await.map(|r| r.assignee_id)
            });
        }
        let mut counts: BTreeMap<Option<i64>, usize> = BTreeMap::new();
        while let Some(done) = arriving.join_next().await {
            *counts.entry(done.expect("the task ran").expect("stored")).or_default() += 1;
        }
        let expected: BTreeMap<Option<i64>, usize> = receivers.iter().map(|id| (Some(*id), 10)).collect();
        assert_eq!(counts, expected, "never the admin, {resting} (not receiving) or {away} (inactive)");
    }

    async fn with_nobody_receiving_a_request_stays_unassigned(app) {
        app.login_admin().await;
        admin_receives(&app, false).await;
        user(&app, "resting", json!({ "receivesLeads": false })).await;
        app.send(Method::Post, "/api/public/contact-requests", visitor("Rana", None)).await;
        let lead = newest(&app).await;
        assert_eq!(lead["assigneeId"], Value::Null);
        let (_, unassigned) = app.get("/api/contact-requests?assignee=none").await;
        assert_eq!(unassigned.as_array().map(Vec::len), Some(1));
        admin_receives(&app, true).await;
        assert_eq!(manual(&app, "Omar").await["assigneeId"], json!(1));
    }

    async fn a_lead_is_taken_once_and_reassigned_by_admins_only(app) {
        app.login_admin().await;
        admin_receives(&app, false).await;
        let first = user(&app, "first", json!({ "receivesLeads": false })).await;
        let second = user(&app, "second", json!({ "receivesLeads": false })).await;
        let away = user(&app, "away", json!({ "isActive": false })).await;
        let lead = manual(&app, "Omar").await;
        assert_eq!(lead["assigneeId"], Value::Null);
        let id = &lead["id"];
        let claim = format!("/api/contact-requests/{id}/claim");
        let as_first = signed_in(&app, "first").await;
        let as_second = signed_in(&app, "second").await;

        let (status, taken) = send(&as_first, Method::Post, &claim, json!({})).await;
        assert_eq!((status, &taken["assigneeId"], &taken["version"]), (Status::Ok, &json!(first), &json!(2)));
        let (status, again) = send(&as_first, Method::Post, &claim, json!({})).await;
        assert_eq!((status, &again["version"]), (Status::Ok, &json!(2)), "taking one's own lead changes nothing");
        let (status, refused) = send(&as_second, Method::Post, &claim, json!({})).await;
        assert_eq!((status, refused["message"].as_str()), (Status::Conflict, Some("This lead is already assigned to someone else")));
        let path = format!("/api/contact-requests/{id}");
        let (status, _) = send(&as_second, Method::Put, &path, json!({ "assigneeId": second })).await;
        assert_eq!(status, Status::Forbidden, "a plain user cannot take someone else's lead");
        let (status, kept) = send(&as_first, Method::Put, &path, json!({ "assigneeId": first, "status": "responded" })).await;
        assert_eq!((status, &kept["status"]), (Status::Ok, &json!("responded")), "naming the current assignee is no reassignment");

        let (status, refused) = app.send(Method::Put, &path, json!({ "assigneeId": away })).await;
        assert_eq!((status, &refused["errors"]["assigneeId"]), (Status::UnprocessableEntity, &json!("No active user has this id")));
        let (status, moved) = app.send(Method::Put, &path, json!({ "assigneeId": second })).await;
        assert_eq!((status, &moved["assigneeId"], &moved["status"]), (Status::Ok, &json!(second), &json!("responded")));
        assert_eq!(
            assignments(&app, id).await,
            [(Value::Null, json!(first)), (json!(first), json!(second))],
            "every assignment is in the history"
        );
        let (status, _) = read(app.client.post("/api/contact-requests/999999/claim").dispatch().await).await;
        assert_eq!(status, Status::NotFound);
    }

    async fn leads_taken_by_hand_carry_their_source(app) {
        let body = json!({ "name": "Omar", "phone": "079", "subject": "Call", "message": "Hi", "source": "phone" });
        assert_eq!(app.send(Method::Post, "/api/contact-requests", body.clone()).await.0, Status::Unauthorized);
        app.login_admin().await;
        for source in ["phone", "walkIn", "email", "whatsapp", "portal"] {
            let mut lead = body.clone();
            lead["source"] = json!(source);
            let (status, created) = app.send(Method::Post, "/api/contact-requests", lead).await;
            assert_eq!((status, &created["source"], &created["status"]), (Status::Created, &json!(source), &json!("pending")));
            assert_eq!(created["email"], "", "a phone lead may have no email address");
        }
        let (status, refused) = app
            .send(Method::Post, "/api/contact-requests", json!({ "name": "Omar", "subject": "Call", "message": "Hi", "source": "website" }))
            .await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(refused["errors"], json!({
            "source": "A lead taken by hand came by phone, walk-in, email, WhatsApp or a portal",
            "email": "Give an email address or a phone number"
        }));
        let (status, refused) = app.send(Method::Post, "/api/contact-requests", json!({ "name": "Omar", "email": "o@example.com", "subject": "Call", "message": "Hi" })).await;
        assert_eq!((status, &refused["errors"]), (Status::UnprocessableEntity, &json!({ "source": "This field is required" })));
        let (status, refused) = app.send(Method::Post, "/api/contact-requests", json!({ "source": "fax" })).await;
        assert_eq!((status, &refused["errors"]["source"]), (Status::UnprocessableEntity, &json!("Please choose a value from the list")));
        let (_, list) = app.get("/api/contact-requests").await;
        assert_eq!(list.as_array().map(Vec::len), Some(5));
    }

    async fn notes_are_signed_kept_newest_first_and_need_a_session(app) {
        app.login_admin().await;
        let lead = manual(&app, "Omar").await;
        let path = format!("/api/contact-requests/{}/notes", lead["id"]);
        let (status, empty) = app.get(&path).await;
        assert_eq!((status, empty), (Status::Ok, json!([])));
        let (status, first) = app.send(Method::Post, &path, json!({ "body": "  Called back, no answer  " })).await;
        assert_eq!(status, Status::Created, "{first}");
        assert_eq!((&first["authorId"], &first["authorName"], &first["body"]), (&json!(1), &json!("Administrator"), &json!("Called back, no answer")));
        user(&app, "noor", json!({})).await;
        let as_noor = signed_in(&app, "noor").await;
        let (status, second) = send(&as_noor, Method::Post, &path, json!({ "body": "Viewing booked" })).await;
        assert_eq!((status, &second["authorName"]), (Status::Created, &json!("Agent noor")));
        let (_, notes) = app.get(&path).await;
        let bodies: Vec<&str> = notes.as_array().into_iter().flatten().filter_map(|n| n["body"].as_str()).collect();
        assert_eq!(bodies, ["Viewing booked", "Called back, no answer"]);

        let (status, refused) = app.send(Method::Post, &path, json!({ "body": "   " })).await;
        assert_eq!((status, &refused["errors"]["body"]), (Status::UnprocessableEntity, &json!("This field is required")));
        let (status, refused) = app.send(Method::Post, &path, json!({ "body": "x".repeat(5_001) })).await;
        assert_eq!((status, &refused["errors"]["body"]), (Status::UnprocessableEntity, &json!("A note must be at most 5,000 characters")));
        assert_eq!(app.get("/api/contact-requests/999999/notes").await.0, Status::NotFound);
        assert_eq!(app.send(Method::Post, "/api/contact-requests/999999/notes", json!({ "body": "x" })).await.0, Status::NotFound);
        let (_, history) = app.get(&format!("/api/history?entity=leadNote&id={}", first["id"])).await;
        assert_eq!(history[0]["action"], "create");

        let (_, public) = app.get("/api/public/settings").await;
        assert!(!public.to_string().contains("Viewing booked"));
        app.send(Method::Post, "/api/logout", json!({})).await;
        assert_eq!(app.get(&path).await.0, Status::Unauthorized);
    }

    async fn a_follow_up_is_set_cleared_and_counted_when_due(app) {
        app.login_admin().await;
        let due = manual(&app, "Due").await;
        let later = manual(&app, "Later").await;
        let put = |id: &Value| format!("/api/contact-requests/{id}");
        let (status, set) = app.send(Method::Put, &put(&due["id"]), json!({ "followUpAt": "2020-01-01T09:00:00+03:00" })).await;
        assert_eq!((status, &set["followUpAt"], &set["status"]), (Status::Ok, &json!("2020-01-01T06:00:00Z"), &json!("pending")));
        app.send(Method::Put, &put(&later["id"]), json!({ "followUpAt": "2999-01-01T09:00:00Z" })).await;
        let (status, list) = app.get("/api/contact-requests?followUps=due").await;
        assert_eq!(status, Status::Ok);
        let names: Vec<&str> = list.as_array().into_iter().flatten().filter_map(|r| r["name"].as_str()).collect();
        assert_eq!(names, ["Due"]);
        let (_, mine) = app.get("/api/contact-requests/mine").await;
        assert_eq!(mine, json!({ "pending": 2, "followUpsDue": 1 }));

        let (status, refused) = app.send(Method::Put, &put(&due["id"]), json!({ "followUpAt": "tomorrow" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert!(refused["errors"]["followUpAt"].as_str().is_some_and(|m| m.starts_with("Give a date and time")));
        let (_, cleared) = app.send(Method::Put, &put(&due["id"]), json!({ "followUpAt": "" })).await;
        assert_eq!(cleared["followUpAt"], Value::Null);
        let (status, refused) = app.send(Method::Put, &put(&due["id"]), json!({})).await;
        assert_eq!((status, &refused["errors"]), (Status::UnprocessableEntity, &json!({ "status": "This field is required" })));
        app.send(Method::Put, &put(&later["id"]), json!({ "status": "closed" })).await;
        let (_, mine) = app.get("/api/contact-requests/mine").await;
        assert_eq!(mine, json!({ "pending": 1, "followUpsDue": 0 }));
    }

    async fn a_null_follow_up_clears_it_and_an_absent_one_keeps_it(app) {
        app.login_admin().await;
        let lead = manual(&app, "Follow me").await;
        let path = format!("/api/contact-requests/{}", lead["id"]);
        let (status, set) = app.send(Method::Put, &path, json!({ "followUpAt": "2999-01-01T09:00:00Z" })).await;
        assert_eq!((status, &set["followUpAt"]), (Status::Ok, &json!("2999-01-01T09:00:00Z")));
        let (status, kept) = app.send(Method::Put, &path, json!({ "status": "responded" })).await;
        assert_eq!((status, &kept["followUpAt"]), (Status::Ok, &json!("2999-01-01T09:00:00Z")));
        let (status, cleared) = app.send(Method::Put, &path, json!({ "followUpAt": null })).await;
        assert_eq!((status, &cleared["followUpAt"]), (Status::Ok, &Value::Null));
        let (_, read) = app.get(&path).await;
        assert_eq!((&read["followUpAt"], &read["status"]), (&Value::Null, &json!("responded")));
        let (_, history) = app.get(&format!("/api/history?entity=contactRequest&id={}", lead["id"])).await;
        assert_eq!(history[0]["changes"], json!([{ "field": "followUpAt", "old": "2999-01-01T09:00:00Z", "new": null }]));
    }

    async fn the_first_response_is_the_first_answer_by_any_means(app) {
        app.login_admin().await;
        let first = |lead: &Value| lead["firstResponseAt"].clone();
        let lead = |name: &'static str| manual(&app, name);
        let (by_status, by_note, by_email, by_whatsapp, by_bulk) =
            (lead("Status").await, lead("Note").await, lead("Email").await, lead("Chat").await, lead("Bulk").await);
        assert_eq!(first(&by_status), Value::Null, "a new lead is unanswered");
        let one = |lead: &Value| format!("/api/contact-requests/{}", lead["id"]);

        let (_, followed) = app.send(Method::Put, &one(&by_status), json!({ "followUpAt": "2999-01-01T09:00:00Z" })).await;
        assert_eq!(first(&followed), Value::Null, "a follow-up alone is no answer");
        let (_, answered) = app.send(Method::Put, &one(&by_status), json!({ "status": "responded" })).await;
        assert!(first(&answered).is_string(), "{answered}");
        let (_, closed) = app.send(Method::Put, &one(&by_status), json!({ "status": "closed" })).await;
        assert_eq!(first(&closed), first(&answered), "the first answer stays the first");

        app.send(Method::Post, &format!("{}/notes", one(&by_note)), json!({ "body": "Rang back" })).await;
        let (_, noted) = app.get(&one(&by_note)).await;
        assert!(first(&noted).is_string(), "{noted}");
        assert_eq!((&noted["status"], &noted["version"]), (&json!("pending"), &by_note["version"]), "a note keeps the status and the version");

        for (lead, channel) in [(&by_email, "email"), (&by_whatsapp, "whatsapp")] {
            let (status, answered) = app.send(Method::Post, &format!("{}/responses", one(lead)), json!({ "channel": channel })).await;
            assert_eq!(status, Status::Ok, "{answered}");
            assert!(first(&answered).is_string(), "{channel}: {answered}");
            assert_eq!(answered["version"], lead["version"], "{channel}: an answer is no edit");
            let (_, again) = app.send(Method::Post, &format!("{}/responses", one(lead)), json!({ "channel": channel })).await;
            assert_eq!(first(&again), first(&answered), "{channel}: the first answer stays the first");
        }
        let (status, refused) = app.send(Method::Post, &format!("{}/responses", one(&by_email)), json!({})).await;
        assert_eq!((status, &refused["errors"]["channel"]), (Status::UnprocessableEntity, &json!("This field is required")));
        let (status, _) = app.send(Method::Post, "/api/contact-requests/999999/responses", json!({ "channel": "email" })).await;
        assert_eq!(status, Status::NotFound);

        let bulk = json!({ "ids": [by_bulk["id"]], "action": "markResponded" });
        let (status, outcome) = app.send(Method::Post, "/api/contact-requests/bulk", bulk).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        let (_, bulked) = app.get(&one(&by_bulk)).await;
        assert!(first(&bulked).is_string(), "{bulked}");
        let (_, closed) = app.send(Method::Post, "/api/contact-requests/bulk", json!({ "ids": [by_bulk["id"]], "action": "close" })).await;
        let (_, again) = app.get(&one(&by_bulk)).await;
        assert_eq!(first(&again), first(&bulked), "{closed}");
    }

    async fn a_repeat_contact_is_linked_to_the_earlier_ones(app) {
        let send = |name: &str, email: &str, phone: Option<&str>| {
            json!({ "name": name, "email": email, "phone": phone, "subject": "Viewing", "message": "May I visit?" })
        };
        for body in [
            send("First", "Sara@Example.com", Some("+962 79 111 2222")),
            send("Stranger", "someone@example.com", None),
            send("Second", "sara@example.COM", None),
            send("Third", "other@example.com", Some("(962) 79-111-2222")),
        ] {
            let (status, receipt) = app.send(Method::Post, "/api/public/contact-requests", body).await;
            assert_eq!((status, receipt), (Status::Accepted, json!({ "received": true })), "the public form answers as before");
        }
        app.login_admin().await;
        let (_, list) = app.get("/api/contact-requests").await;
        let by_name = |name: &str| list.as_array().into_iter().flatten().find(|r| r["name"] == name).cloned().expect(name);
        let (first, stranger, second, third) = (by_name("First"), by_name("Stranger"), by_name("Second"), by_name("Third"));
        assert_eq!((&first["earlierRequestIds"], &first["earlierRequestCount"]), (&json!([]), &json!(0)));
        assert_eq!(stranger["earlierRequestIds"], json!([]));
        assert_eq!((&second["earlierRequestIds"], &second["earlierRequestCount"]), (&json!([first["id"]]), &json!(1)), "the same address in another case");
        assert_eq!(third["earlierRequestIds"], json!([first["id"]]), "the same phone digits, written otherwise");
        let (_, one) = app.get(&format!("/api/contact-requests/{}", second["id"])).await;
        assert_eq!(one["earlierRequestIds"], second["earlierRequestIds"]);
        let (_, page) = app.get("/api/contact-requests?page=1&pageSize=1").await;
        assert_eq!((&page[0]["name"], &page[0]["earlierRequestIds"]), (&json!("Third"), &json!([first["id"]])));

        for n in 0..25 {
            manual_from(&app, &format!("Again {n}"), "+962 79 111 2222").await;
        }
        let (_, page) = app.get("/api/contact-requests?page=1&pageSize=1").await;
        let shown = page[0]["earlierRequestIds"].as_array().map(Vec::len);
        assert_eq!((shown, &page[0]["earlierRequestCount"]), (Some(20), &json!(26)), "at most 20 listed, all counted");
    }

    async fn the_dashboard_shows_the_speed_to_lead_of_a_fixed_set(app) {
        app.login_admin().await;
        let noor = user(&app, "noor", json!({})).await;
        let noon = (time::OffsetDateTime::now_utc() - time::Duration::days(2)).replace_time(time::macros::time!(12:00));
        let at = |minutes: i64| {
            (noon + time::Duration::minutes(minutes)).format(&time::format_description::well_known::Rfc3339).expect("an instant")
        };
        // Answered after 2 minutes, 30 minutes, 3 hours, and not at all.
        for (name, answered_after, assignee) in
            [("A", Some(2), Some(1)), ("B", Some(30), Some(noor)), ("C", Some(180), Some(noor)), ("D", None, None)]
        {
            let request = stored(&app, name, &at(0)).await;
            sqlx::query("UPDATE contact_requests SET first_response_at = $1, assignee_id = $2 WHERE id = $3")
                .bind(answered_after.map(at))
                .bind(assignee)
                .bind(request["id"].as_i64())
                .execute(app.pool())
                .await
                .expect("answered");
        }
        let (status, figures) = app.get("/api/contact-requests/response-times?offset=0").await;
        assert_eq!(status, Status::Ok, "{figures}");
        assert_eq!(
            (&figures["received"], &figures["answered"], &figures["medianMinutes"], &figures["withinFiveMinutes"], &figures["withinAnHour"]),
            (&json!(4), &json!(3), &json!(30.0), &json!(0.25), &json!(0.5))
        );
        assert_eq!(
            figures["users"],
            json!([
                { "userId": 1, "name": "Administrator", "received": 1, "answered": 1, "medianMinutes": 2.0 },
                { "userId": noor, "name": "Agent noor", "received": 2, "answered": 2, "medianMinutes": 105.0 }
            ])
        );
        let days = figures["days"].as_array().expect("days");
        assert_eq!(days.len(), 30);
        let date = noon.date().to_string();
        let day = days.iter().find(|day| day["date"] == date.as_str()).expect("the day");
        assert_eq!(day, &json!({ "date": date, "inTime": 2, "late": 1, "unanswered": 1 }));
        let others: i64 = days.iter().filter(|d| d["date"] != date.as_str()).map(|d| d["inTime"].as_i64().unwrap_or(0) + d["late"].as_i64().unwrap_or(0) + d["unanswered"].as_i64().unwrap_or(0)).sum();
        assert_eq!(others, 0);

        let as_noor = signed_in(&app, "noor").await;
        let (_, own) = read(as_noor.get("/api/contact-requests/response-times?offset=0").dispatch().await).await;
        assert_eq!((&own["received"], &own["users"]), (&json!(4), &json!([{ "userId": noor, "name": "Agent noor", "received": 2, "answered": 2, "medianMinutes": 105.0 }])), "a user sees the business's figures and only their own row");
        assert_eq!(app.get("/api/contact-requests/response-times?offset=9999").await.0, Status::BadRequest);
    }

    async fn a_trashed_lead_takes_its_notes_and_brings_them_back(app) {
        app.login_admin().await;
        let lead = manual(&app, "Trashed").await;
        let notes = format!("/api/contact-requests/{}/notes", lead["id"]);
        app.send(Method::Post, &notes, json!({ "body": "Keep this" })).await;
        let (status, _) = app.send(Method::Delete, &format!("/api/contact-requests/{}", lead["id"]), Value::Null).await;
        assert_eq!(status, Status::NoContent);
        assert_eq!(app.get(&notes).await.0, Status::NotFound);
        let (status, restored) = app.send(Method::Post, &format!("/api/trash/contactRequest/{}/restore", lead["id"]), Value::Null).await;
        assert_eq!(status, Status::Ok, "{restored}");
        let (_, back) = app.get(&notes).await;
        assert_eq!((back[0]["body"].as_str(), back.as_array().map(Vec::len)), (Some("Keep this"), Some(1)));
    }

    async fn a_trashed_lead_whose_people_and_listing_went_meanwhile_comes_back_without_them(app) {
        app.login_admin().await;
        admin_receives(&app, false).await;
        let catalog = catalog(&app).await;
        let sara = user(&app, "sara", json!({})).await;
        let listing = create_property(&app, full_form(&catalog, "Gone villa")).await;
        let (status, _) = app.send(Method::Post, "/api/public/contact-requests", visitor("Rana", listing["id"].as_i64())).await;
        assert_eq!(status, Status::Accepted);
        let lead = newest(&app).await;
        assert_eq!(lead["assigneeId"], json!(sara));
        let sara_client = signed_in(&app, "sara").await;
        let notes = format!("/api/contact-requests/{}/notes", lead["id"]);
        let (status, _) = send(&sara_client, Method::Post, &notes, json!({ "body": "Called her" })).await;
        assert_eq!(status, Status::Created);
        for gone in [format!("/api/contact-requests/{}", lead["id"]), format!("/api/users/{sara}"), format!("/api/properties/{}", listing["id"])] {
            let (status, answer) = app.send(Method::Delete, &gone, Value::Null).await;
            assert_eq!(status, Status::NoContent, "{gone}: {answer}");
        }
        let (status, restored) = app.send(Method::Post, &format!("/api/trash/contactRequest/{}/restore", lead["id"]), Value::Null).await;
        assert_eq!(status, Status::Ok, "{restored}");
        let (_, back) = app.get(&format!("/api/contact-requests/{}", lead["id"])).await;
        assert_eq!((&back["assigneeId"], &back["propertyId"]), (&Value::Null, &Value::Null), "as if they had gone while it was here: {back}");
        let (_, thread) = app.get(&notes).await;
        assert_eq!((&thread[0]["body"], &thread[0]["authorId"], &thread[0]["authorName"]), (&json!("Called her"), &Value::Null, &json!("Agent sara")));
    }

    async fn a_trashed_listing_whose_agent_went_meanwhile_comes_back_without_one(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let huda = user(&app, "huda", json!({})).await;
        let mut form = full_form(&catalog, "Agent's villa");
        form["agentId"] = json!(huda);
        let listing = create_property(&app, form).await;
        for gone in [format!("/api/properties/{}", listing["id"]), format!("/api/users/{huda}")] {
            let (status, answer) = app.send(Method::Delete, &gone, Value::Null).await;
            assert_eq!(status, Status::NoContent, "{gone}: {answer}");
        }
        let (status, restored) = app.send(Method::Post, &format!("/api/trash/property/{}/restore", listing["id"]), Value::Null).await;
        assert_eq!(status, Status::Ok, "{restored}");
        let (_, back) = app.get(&format!("/api/properties/{}", listing["id"])).await;
        assert_eq!(back["agentId"], Value::Null, "{back}");
    }

    async fn the_inbox_groups_a_persons_requests_into_their_newest(app) {
        app.login_admin().await;
        let first = manual_from(&app, "Sam", "079 555 0142").await;
        let lina = manual_from(&app, "Lina", "+962 77 111 2222").await;
        let second = manual_from(&app, "Sam again", "0795550142 ").await;
        let third = manual_from(&app, "Sam, third", "(079) 555-0142").await;
        let (status, _) = app.send(Method::Put, &format!("/api/contact-requests/{}", third["id"]), json!({ "status": "closed" })).await;
        assert_eq!(status, Status::Ok);

        let (status, grouped) = app.get("/api/contact-requests?repeats=grouped&pageSize=10").await;
        assert_eq!(status, Status::Ok);
        let rows: Vec<(Value, Value)> = grouped.as_array().expect("rows").iter().map(|r| (r["id"].clone(), r["earlierRequestCount"].clone())).collect();
        assert_eq!(rows, vec![(third["id"].clone(), json!(2)), (lina["id"].clone(), json!(0))], "one row per person, their newest");
        let response = app.client.get("/api/contact-requests?repeats=grouped&page=1").dispatch().await;
        assert_eq!(response.headers().get_one("X-Total-Count"), Some("2"));

        // Grouped among what the other filters keep: the newest pending request of each.
        let (_, pending) = app.get("/api/contact-requests?repeats=grouped&status=pending").await;
        let ids: Vec<&Value> = pending.as_array().expect("rows").iter().map(|r| &r["id"]).collect();
        assert_eq!(ids, vec![&second["id"], &lina["id"]]);
        let (_, plain) = app.get("/api/contact-requests?status=pending").await;
        assert_eq!(plain.as_array().map(Vec::len), Some(3), "without grouping every request: {}", first["id"]);

        let body = json!({ "filter": { "status": "pending", "grouped": true }, "action": "markResponded" });
        let (status, outcome) = app.send(Method::Post, "/api/contact-requests/bulk", body).await;
        assert_eq!((status, &outcome["changed"]), (Status::Ok, &json!(2)), "what the grouped inbox shows: {outcome}");
        let (_, one) = app.get(&format!("/api/contact-requests/{}", first["id"])).await;
        assert_eq!(one["status"], "pending");
        assert_eq!(app.get("/api/contact-requests?repeats=all").await.0, Status::BadRequest);
    }

    async fn a_bulk_change_by_filter_keeps_to_the_leads_the_inbox_shows(app) {
        app.login_admin().await;
        let mine = manual(&app, "Mine").await;
        admin_receives(&app, false).await;
        let nobodys = manual(&app, "Nobody's").await;
        assert_eq!((&mine["assigneeId"], &nobodys["assigneeId"]), (&json!(1), &Value::Null));
        let body = json!({ "filter": { "assignee": "none" }, "action": "markResponded" });
        let (status, outcome) = app.send(Method::Post, "/api/contact-requests/bulk", body).await;
        assert_eq!((status, &outcome["changed"]), (Status::Ok, &json!(1)), "{outcome}");
        let (_, list) = app.get("/api/contact-requests").await;
        let status_of = |name: &str| list.as_array().into_iter().flatten().find(|r| r["name"] == name).map(|r| r["status"].clone());
        assert_eq!((status_of("Mine"), status_of("Nobody's")), (Some(json!("pending")), Some(json!("responded"))));
        let (status, refused) = app.send(Method::Post, "/api/contact-requests/bulk", json!({ "filter": { "assignee": "someone" }, "action": "close" })).await;
        assert_eq!(status, Status::BadRequest, "{refused}");
        assert!(refused["message"].as_str().is_some_and(|m| m.contains("filter.assignee")), "{refused}");
    }

    async fn a_pending_request_past_the_response_time_is_overdue(app) {
        app.login_admin().await;
        let old = stored(&app, "Old", "2020-01-01T00:00:00Z").await;
        let fresh = manual(&app, "Fresh").await;
        assert_eq!(fresh["overdue"], false);
        let (_, one) = app.get(&format!("/api/contact-requests/{}", old["id"])).await;
        assert_eq!(one["overdue"], true);
        let (_, overdue) = app.get("/api/contact-requests?overdue=true").await;
        let names: Vec<&str> = overdue.as_array().into_iter().flatten().filter_map(|r| r["name"].as_str()).collect();
        assert_eq!(names, ["Old"]);
        let (_, answered) = app.send(Method::Put, &format!("/api/contact-requests/{}", old["id"]), json!({ "status": "responded" })).await;
        assert_eq!(answered["overdue"], false);
        let (_, history) = app.get(&format!("/api/history?entity=contactRequest&id={}", old["id"])).await;
        let mut fields: Vec<&str> = history[0]["changes"].as_array().into_iter().flatten().filter_map(|c| c["field"].as_str()).collect();
        fields.sort_unstable();
        assert_eq!(fields, ["firstResponseAt", "status"], "the mark is said, never recorded");
        let (_, mine) = app.get("/api/contact-requests?assignee=me").await;
        assert_eq!(mine.as_array().map(Vec::len), Some(1), "the fresh lead went to the admin, the stored one to nobody");
    }
}

#[rocket::async_test]
async fn the_response_time_is_configurable() {
    let configure = |figment: rocket::figment::Figment| figment.merge(("aqar.lead_response_minutes", 1));
    let app = TestApp::spawn_with(crate::helpers::Backend::Sqlite, configure).await.expect("app");
    app.login_admin().await;
    let a_minute_ago = (time::OffsetDateTime::now_utc() - time::Duration::seconds(90))
        .replace_nanosecond(0)
        .ok()
        .and_then(|at| at.format(&time::format_description::well_known::Rfc3339).ok())
        .expect("an instant");
    let late = stored(&app, "Late", &a_minute_ago).await;
    let (_, one) = app.get(&format!("/api/contact-requests/{}", late["id"])).await;
    assert_eq!(one["overdue"], true, "90 seconds is past a one-minute response time");
}
