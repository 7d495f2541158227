//! The portals' lead webhooks (issue 41): a call signed with the portal's secret becomes a
//! contact request of source portal, assigned to the listing's agent, once per lead id;
//! unsigned, badly signed, malformed and lead-less calls are refused; every call is in the
//! delivery log, the latest first.

use hmac::{Hmac, Mac};
use md5::{Digest, Md5};
use rocket::http::{ContentType, Header, Method, Status};
use serde_json::{json, Value};
use sha2::Sha256;

use crate::helpers::{read, TestApp};
use crate::properties::{catalog, create_property, full_form};

const SECRET: &str = "a-long-enough-webhook-secret";

async fn set_secret(app: &TestApp, portal: &str) {
    let path = format!("/api/portals/{portal}/secret");
    assert_eq!(app.send(Method::Put, &path, json!({ "secret": SECRET })).await.0, Status::NoContent);
}

fn bayut_signature(body: &str) -> String {
    let mut digest = Md5::new();
    digest.update(SECRET.as_bytes());
    digest.update(body.as_bytes());
    hex::encode(digest.finalize())
}

fn property_finder_signature(body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(SECRET.as_bytes()).expect("a key");
    mac.update(body.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Posts `body` as it is to a webhook, with a signature header when given.
async fn call(
    app: &TestApp,
    path: &str,
    body: &str,
    signature: Option<(&'static str, String)>,
) -> (Status, Value) {
    let mut request = app.client.post(path.to_owned()).header(ContentType::JSON).body(body);
    if let Some((name, value)) = signature {
        request = request.header(Header::new(name, value));
    }
    read(request.dispatch().await).await
}

async fn portal_leads(app: &TestApp) -> Vec<Value> {
    let (status, requests) = app.get("/api/contact-requests").await;
    assert_eq!(status, Status::Ok, "{requests}");
    requests.as_array().cloned().unwrap_or_default().into_iter().filter(|r| r["source"] == "portal").collect()
}

async fn deliveries(app: &TestApp) -> Vec<Value> {
    let (status, log) = app.get("/api/portals/deliveries").await;
    assert_eq!(status, Status::Ok, "{log}");
    log.as_array().cloned().unwrap_or_default()
}

both_databases! {
    async fn a_signed_bayut_lead_becomes_one_assigned_portal_lead(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let mut form = full_form(&catalog, "A villa by the sea");
        form["propertyNumber"] = json!("VIL-7");
        form["agentId"] = json!(1);
        let listing = create_property(&app, form).await;
        set_secret(&app, "bayut").await;
        let body = json!({
            "lead_id": "bayut-981", "property_reference": "VIL-7", "name": "Sara Ali",
            "email": "sara@example.com", "mobile": "+971 50 000 0000", "message": "Is it still free?"
        })
        .to_string();
        let (status, first) = call(&app, "/api/webhooks/bayut", &body, Some(("X-Bayut-Signature", bayut_signature(&body)))).await;
        assert_eq!(status, Status::Ok, "{first}");
        assert_eq!(first["created"], true);
        let (status, again) = call(&app, "/api/webhooks/bayut", &body, Some(("X-Bayut-Signature", bayut_signature(&body)))).await;
        assert_eq!((status, &again["contactRequestId"], &again["created"]), (Status::Ok, &first["contactRequestId"], &json!(false)));

        let leads = portal_leads(&app).await;
        assert_eq!(leads.len(), 1, "the same lead twice is one: {leads:?}");
        let lead = &leads[0];
        assert_eq!((lead["id"].clone(), lead["propertyId"].clone()), (first["contactRequestId"].clone(), listing["id"].clone()));
        assert_eq!((lead["assigneeId"].as_i64(), lead["subject"].as_str()), (Some(1), Some("Enquiry from Bayut")));
        assert_eq!((lead["name"].as_str(), lead["phone"].as_str()), (Some("Sara Ali"), Some("+971 50 000 0000")));
        let (portal, lead_id): (Option<String>, Option<String>) =
            sqlx::query_as("SELECT portal, portal_lead_id FROM contact_requests WHERE source = 'portal'")
                .fetch_one(app.pool())
                .await
                .expect("the portal's lead");
        assert_eq!((portal.as_deref(), lead_id.as_deref()), (Some("bayut"), Some("bayut-981")));
        let log = deliveries(&app).await;
        assert_eq!(log.len(), 2);
        assert!(log.iter().all(|d| d["status"] == 200 && d["leadId"] == "bayut-981" && d["contactRequestId"] == first["contactRequestId"]));
    }

    async fn a_property_finder_event_is_signed_with_hmac(app) {
        app.login_admin().await;
        set_secret(&app, "propertyFinder").await;
        let body = json!({
            "id": "pf-lead-1", "type": "lead.created",
            "payload": { "channel": "whatsapp", "listing": { "id": 991, "reference": "NOT-OURS" },
                "sender": { "name": "Omar", "contacts": [{ "type": "email", "value": "omar@example.com" }, { "type": "mobile", "value": "+971500000001" }] } }
        })
        .to_string();
        let signature = ("X-Signature", property_finder_signature(&body));
        let (status, received) = call(&app, "/api/webhooks/property-finder", &body, Some(signature)).await;
        assert_eq!(status, Status::Ok, "{received}");
        let leads = portal_leads(&app).await;
        assert_eq!(leads.len(), 1);
        assert_eq!((leads[0]["email"].as_str(), leads[0]["phone"].as_str()), (Some("omar@example.com"), Some("+971500000001")));
        assert_eq!(leads[0]["propertyId"], Value::Null, "a reference of no listing names none");
        assert_eq!(leads[0]["subject"], "Enquiry from Property Finder");
        assert_eq!(leads[0]["message"], "Enquiry from Property Finder (whatsapp) about the listing NOT-OURS.");
        let (status, _) = call(&app, "/api/webhooks/bayut", &body, Some(("X-Bayut-Signature", bayut_signature(&body)))).await;
        assert_eq!(status, Status::Unauthorized, "Bayut has no secret set");
    }

    async fn a_call_back_lead_needs_a_phone_or_an_address_not_both(app) {
        app.login_admin().await;
        set_secret(&app, "propertyFinder").await;
        let event = |id: &str, contacts: Value| {
            json!({ "id": id, "type": "lead.created",
                "payload": { "channel": "call", "sender": { "name": "Huda", "contacts": contacts } } })
            .to_string()
        };
        let phone_only = event("pf-call-1", json!([{ "type": "phone", "value": "+971 4 000 0000" }]));
        let (status, received) =
            call(&app, "/api/webhooks/property-finder", &phone_only, Some(("X-Signature", property_finder_signature(&phone_only)))).await;
        assert_eq!(status, Status::Ok, "{received}");
        let leads = portal_leads(&app).await;
        assert_eq!((leads[0]["email"].as_str(), leads[0]["phone"].as_str()), (Some(""), Some("+971 4 000 0000")));
        let neither = event("pf-call-2", json!([]));
        let (status, body) =
            call(&app, "/api/webhooks/property-finder", &neither, Some(("X-Signature", property_finder_signature(&neither)))).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"]["email"], rules::messages::LEAD_EMAIL_OR_PHONE);
        assert_eq!(portal_leads(&app).await.len(), 1);
    }

    async fn refused_calls_are_answered_and_logged(app) {
        app.login_admin().await;
        set_secret(&app, "bayut").await;
        let lead = json!({ "id": "b-1", "name": "Sara", "email": "sara@example.com", "message": "Hello" }).to_string();
        let (status, body) = call(&app, "/api/webhooks/bayut", &lead, Some(("X-Bayut-Signature", "0".repeat(32)))).await;
        assert_eq!(status, Status::Unauthorized);
        assert_eq!(body["message"], rules::messages::WEBHOOK_SIGNATURE_INVALID);
        let (status, _) = call(&app, "/api/webhooks/bayut", &lead, None).await;
        assert_eq!(status, Status::Unauthorized);
        let malformed = "{\"id\": ";
        let (status, body) = call(&app, "/api/webhooks/bayut", malformed, Some(("X-Bayut-Signature", bayut_signature(malformed)))).await;
        assert_eq!(status, Status::BadRequest, "{body}");
        let not_a_lead = json!({ "hello": "world" }).to_string();
        let (status, body) = call(&app, "/api/webhooks/bayut", &not_a_lead, Some(("X-Bayut-Signature", bayut_signature(&not_a_lead)))).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"]["id"], rules::messages::FIELD_REQUIRED);
        let nameless = json!({ "id": "b-2", "email": "not-an-address" }).to_string();
        let (status, body) = call(&app, "/api/webhooks/bayut", &nameless, Some(("X-Bayut-Signature", bayut_signature(&nameless)))).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"]["name"], rules::messages::FIELD_REQUIRED);
        assert_eq!(body["errors"]["email"], rules::messages::EMAIL_INVALID);
        let huge = format!("{{\"id\": \"{}\"}}", "x".repeat(70_000));
        let (status, _) = call(&app, "/api/webhooks/bayut", &huge, Some(("X-Bayut-Signature", bayut_signature(&huge)))).await;
        assert_eq!(status, Status::PayloadTooLarge);

        assert!(portal_leads(&app).await.is_empty());
        let log = deliveries(&app).await;
        let statuses: Vec<i64> = log.iter().filter_map(|d| d["status"].as_i64()).collect();
        assert_eq!(statuses, [413, 422, 422, 400, 401, 401], "the latest first");
        assert_eq!(log[2]["leadId"], Value::Null);
        assert_eq!(log[1]["leadId"], "b-2");
        assert!(log[5]["error"].as_str().is_some_and(|e| e.contains("signature")), "{}", log[5]);
    }

    async fn the_delivery_log_keeps_the_last_hundred(app) {
        app.login_admin().await;
        for _ in 0..105 {
            call(&app, "/api/webhooks/property-finder", "{}", None).await;
        }
        let log = deliveries(&app).await;
        assert_eq!(log.len(), 100);
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM portal_deliveries").fetch_one(app.pool()).await.expect("a count");
        assert_eq!(count, 100);
    }
}
