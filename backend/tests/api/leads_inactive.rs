//! No lead waits with an inactive user (issue 37): deactivating or deleting a user hands
//! their open leads back to routing, each a change in the history; a lead restored from the
//! trash whose assignee left is routed like a new one; a listing's agent must be active.

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::leads::{admin_receives, newest, user, visitor};
use crate::properties::{catalog, create_property, full_form};

/// A website request about no listing, as routed: answers the lead.
async fn request(app: &TestApp, name: &str) -> Value {
    let (status, _) = app.send(Method::Post, "/api/public/contact-requests", visitor(name, None)).await;
    assert_eq!(status, Status::Accepted);
    newest(app).await
}

async fn lead(app: &TestApp, id: &Value) -> Value {
    let (status, lead) = app.get(&format!("/api/contact-requests/{id}")).await;
    assert_eq!(status, Status::Ok, "{lead}");
    lead
}

async fn set_status(app: &TestApp, id: &Value, status: &str) {
    let (answer, body) =
        app.send(Method::Put, &format!("/api/contact-requests/{id}"), json!({ "status": status })).await;
    assert_eq!(answer, Status::Ok, "{body}");
}

async fn deactivate(app: &TestApp, id: i64, username: &str) {
    let body = json!({ "username": username, "role": "user", "isActive": false });
    let (status, answer) = app.send(Method::Put, &format!("/api/users/{id}"), body).await;
    assert_eq!(status, Status::Ok, "{answer}");
}

/// The newest history row of request `id`: who made it and its assignee change, if any.
async fn last_change(app: &TestApp, id: &Value) -> (Value, Option<(Value, Value)>) {
    let (status, history) = app.get(&format!("/api/history?entity=contactRequest&id={id}")).await;
    assert_eq!(status, Status::Ok, "{history}");
    let entry = &history[0];
    let assignee = entry["changes"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|change| change["field"] == "assigneeId")
        .map(|change| (change["old"].clone(), change["new"].clone()));
    (entry["username"].clone(), assignee)
}

async fn restore(app: &TestApp, id: &Value) {
    let (status, answer) =
        app.send(Method::Post, &format!("/api/trash/contactRequest/{id}/restore"), Value::Null).await;
    assert_eq!(status, Status::Ok, "{answer}");
}

async fn trash(app: &TestApp, id: &Value) {
    let (status, answer) =
        app.send(Method::Delete, &format!("/api/contact-requests/{id}"), Value::Null).await;
    assert_eq!(status, Status::NoContent, "{answer}");
}

both_databases! {
    async fn deactivating_a_user_hands_their_open_leads_back_to_routing(app) {
        app.login_admin().await;
        admin_receives(&app, false).await;
        let sara = user(&app, "sara", json!({})).await;
        let (pending, responded, closed) = (request(&app, "Rana").await, request(&app, "Sami").await, request(&app, "Lama").await);
        for lead in [&pending, &responded, &closed] {
            assert_eq!(lead["assigneeId"], json!(sara), "the only one receiving leads");
        }
        set_status(&app, &responded["id"], "responded").await;
        set_status(&app, &closed["id"], "closed").await;
        let omar = user(&app, "omar", json!({})).await;

        deactivate(&app, sara, "sara").await;
        for open in [&pending, &responded] {
            assert_eq!(lead(&app, &open["id"]).await["assigneeId"], json!(omar), "routed anew: {open}");
            assert_eq!(last_change(&app, &open["id"]).await, (json!("admin"), Some((json!(sara), json!(omar)))));
        }
        assert_eq!(lead(&app, &closed["id"]).await["assigneeId"], json!(sara), "a closed lead keeps who handled it");
    }

    async fn a_closed_lead_reopened_after_its_assignee_left_is_routed_anew(app) {
        app.login_admin().await;
        admin_receives(&app, false).await;
        let sara = user(&app, "sara", json!({})).await;
        let (one, two) = (request(&app, "Rana").await, request(&app, "Sami").await);
        set_status(&app, &one["id"], "closed").await;
        set_status(&app, &two["id"], "closed").await;
        deactivate(&app, sara, "sara").await;
        assert_eq!(lead(&app, &one["id"]).await["assigneeId"], json!(sara), "closed, it keeps who handled it");
        let omar = user(&app, "omar", json!({})).await;

        // Reopened one by one, or in bulk: nobody inactive is left holding it.
        set_status(&app, &one["id"], "pending").await;
        let bulk = json!({ "ids": [two["id"]], "action": "markResponded" });
        let (status, outcome) = app.send(Method::Post, "/api/contact-requests/bulk", bulk).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        for reopened in [&one, &two] {
            assert_eq!(lead(&app, &reopened["id"]).await["assigneeId"], json!(omar), "{reopened}");
            assert_eq!(last_change(&app, &reopened["id"]).await, (json!("admin"), Some((json!(sara), json!(omar)))));
        }
    }

    async fn deleting_a_user_hands_their_open_leads_back_to_routing(app) {
        app.login_admin().await;
        admin_receives(&app, false).await;
        let sara = user(&app, "sara", json!({})).await;
        let waiting = request(&app, "Rana").await;
        assert_eq!(waiting["assigneeId"], json!(sara));
        let omar = user(&app, "omar", json!({})).await;

        let (status, answer) = app.send(Method::Delete, &format!("/api/users/{sara}"), Value::Null).await;
        assert_eq!(status, Status::NoContent, "{answer}");
        assert_eq!(lead(&app, &waiting["id"]).await["assigneeId"], json!(omar));
        assert_eq!(last_change(&app, &waiting["id"]).await, (json!("admin"), Some((json!(sara), json!(omar)))));
    }

    async fn a_restored_lead_whose_assignee_was_deactivated_is_routed_like_a_new_one(app) {
        app.login_admin().await;
        admin_receives(&app, false).await;
        let sara = user(&app, "sara", json!({})).await;
        let (first, second, closed) = (request(&app, "Rana").await, request(&app, "Sami").await, request(&app, "Lama").await);
        set_status(&app, &closed["id"], "closed").await;
        for lead in [&first, &second, &closed] {
            assert_eq!(lead["assigneeId"], json!(sara));
            trash(&app, &lead["id"]).await;
        }
        deactivate(&app, sara, "sara").await;

        restore(&app, &first["id"]).await;
        assert_eq!(lead(&app, &first["id"]).await["assigneeId"], Value::Null, "nobody receives leads: unassigned");
        assert_eq!(last_change(&app, &first["id"]).await, (json!("admin"), Some((json!(sara), Value::Null))));

        let omar = user(&app, "omar", json!({})).await;
        restore(&app, &second["id"]).await;
        assert_eq!(lead(&app, &second["id"]).await["assigneeId"], json!(omar), "routed to whoever receives leads now");

        restore(&app, &closed["id"]).await;
        assert_eq!(lead(&app, &closed["id"]).await["assigneeId"], json!(sara), "a closed lead keeps who handled it");
    }

    async fn a_listings_agent_must_be_an_active_user(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let away = user(&app, "away", json!({ "isActive": false })).await;
        let huda = user(&app, "huda", json!({})).await;
        let mut form = full_form(&catalog, "Agent's villa");
        form["agentId"] = json!(away);
        let (status, refused) = app.send(Method::Post, "/api/properties", form.clone()).await;
        assert_eq!(status, Status::UnprocessableEntity, "{refused}");
        assert_eq!(refused["errors"]["agentId"], rules::messages::AGENT_INACTIVE);

        form["agentId"] = json!(huda);
        let listing = create_property(&app, form.clone()).await;
        let path = format!("/api/properties/{}", listing["id"]);
        form["agentId"] = json!(away);
        let (status, refused) = app.send(Method::Put, &path, form.clone()).await;
        assert_eq!(status, Status::UnprocessableEntity, "{refused}");
        assert_eq!(refused["errors"]["agentId"], rules::messages::AGENT_INACTIVE);

        // An agent who leaves afterwards stays on the listing, which stays editable.
        deactivate(&app, huda, "huda").await;
        form["agentId"] = json!(huda);
        form["titleEn"] = json!("Agent's villa, renamed");
        let (status, kept) = app.send(Method::Put, &path, form.clone()).await;
        assert_eq!((status, &kept["agentId"]), (Status::Ok, &json!(huda)), "{kept}");

        // Nor does a version from the history bring an inactive agent back.
        form["agentId"] = Value::Null;
        assert_eq!(app.send(Method::Put, &path, form).await.0, Status::Ok);
        let (_, history) = app.get(&format!("/api/history?entity=property&id={}", listing["id"])).await;
        let with_huda = &history[1];
        let (status, refused) = app.send(Method::Post, &format!("/api/history/{}/restore", with_huda["id"]), Value::Null).await;
        assert_eq!(status, Status::UnprocessableEntity, "{refused}");
        assert_eq!(refused["errors"]["agentId"], rules::messages::AGENT_INACTIVE);
    }
}
