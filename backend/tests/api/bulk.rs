//! Bulk actions (issue 24): one change to many listings or contact requests, by ids or by
//! the list's filter over all pages, in one transaction; stale versions skipped, each record
//! its own history row, every count and text bounded.

use rocket::http::{Method, Status};
use rules::messages;
use serde_json::{json, Value};

use crate::contacts::stored;
use crate::helpers::{Backend, TestApp};
use crate::properties::{catalog, create_property, created, full_form, Catalog};
use crate::properties_index::agrees;
use crate::properties_list::listed;

fn id(record: &Value) -> i64 {
    record["id"].as_i64().expect("an id")
}

async fn listing(app: &TestApp, catalog: &Catalog, title: &str) -> Value {
    create_property(app, full_form(catalog, title)).await
}

async fn bulk(app: &TestApp, body: Value) -> (Status, Value) {
    app.send(Method::Post, "/api/properties/bulk", body).await
}

async fn property(app: &TestApp, id: i64) -> Value {
    let (status, body) = app.get(&format!("/api/properties/{id}")).await;
    assert_eq!(status, Status::Ok, "{body}");
    body
}

async fn history_of(app: &TestApp, entity: &str, id: i64) -> Vec<Value> {
    let (status, entries) = app.get(&format!("/api/history?entity={entity}&id={id}")).await;
    assert_eq!(status, Status::Ok, "{entries}");
    entries.as_array().cloned().unwrap_or_default()
}

fn change<'a>(entry: &'a Value, field: &str) -> Option<&'a Value> {
    entry["changes"].as_array()?.iter().find(|c| c["field"] == field)
}

async fn total(app: &TestApp, path: &str) -> i64 {
    let (status, body, total) = listed(app, path).await;
    assert_eq!(status, Status::Ok, "{path}: {body}");
    total.expect("a total")
}

/// Makes the history refuse its row for `record_id`: one record of a set fails mid-set, as
/// when a write fails on the database's side.
async fn refuse_history_of(app: &TestApp, record_id: i64) {
    let statements = match app.backend {
        Backend::Sqlite => vec![format!(
            "CREATE TRIGGER refuse_one BEFORE INSERT ON history WHEN NEW.record_id = {record_id} \
             BEGIN SELECT RAISE(ABORT, 'refused'); END"
        )],
        Backend::Postgres => vec![
            format!(
                "CREATE FUNCTION refuse_one() RETURNS trigger AS $$ BEGIN \
                 IF NEW.record_id = {record_id} THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END \
                 $$ LANGUAGE plpgsql"
            ),
            "CREATE TRIGGER refuse_one BEFORE INSERT ON history FOR EACH ROW EXECUTE FUNCTION refuse_one()"
                .to_owned(),
        ],
    };
    for statement in statements {
        sqlx::query(&statement).execute(app.pool()).await.expect("the trigger is made");
    }
}

both_databases! {
    async fn a_status_change_by_ids_changes_each_listing_and_records_its_history(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let a = listing(&app, &catalog, "Harbor Villa").await;
        let b = listing(&app, &catalog, "Harbor Loft").await;
        let c = listing(&app, &catalog, "Desert House").await;
        let (status, outcome) =
            bulk(&app, json!({ "ids": [id(&a), id(&b)], "action": "setStatus", "value": "sold" })).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert_eq!(outcome, json!({ "changed": 2, "skipped": [] }));
        for (record, status, version) in [(&a, "sold", 2), (&b, "sold", 2), (&c, "active", 1)] {
            let now = property(&app, id(record)).await;
            assert_eq!((now["status"].as_str(), now["version"].as_i64()), (Some(status), Some(version)));
        }
        let entries = history_of(&app, "property", id(&a)).await;
        assert_eq!(entries[0]["action"], "update");
        let status_change = change(&entries[0], "status").expect("the status is recorded");
        assert_eq!((&status_change["old"], &status_change["new"]), (&json!("active"), &json!("sold")));
        assert_eq!(entries[0]["changes"].as_array().map(Vec::len), Some(1), "{}", entries[0]);
        assert_eq!(history_of(&app, "property", id(&c)).await.len(), 1, "only created");
        // The lists' index and kept totals moved with them.
        assert_eq!(total(&app, "/api/properties?status=sold&page=1").await, 2);
        assert_eq!(total(&app, "/api/public/properties?page=1").await, 1);
        agrees(&app, &["harbor", "villa", "desert"]).await;
    }

    async fn a_filter_selects_every_matching_listing_across_pages(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        for n in 0..12 {
            listing(&app, &catalog, &format!("Harbor Villa {n}")).await;
        }
        for n in 0..3 {
            listing(&app, &catalog, &format!("Desert House {n}")).await;
        }
        let (status, outcome) =
            bulk(&app, json!({ "filter": { "q": "harbor" }, "action": "setFeatured", "value": true })).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert_eq!(outcome["changed"], 12);
        assert_eq!(total(&app, "/api/properties?isFeatured=true&page=1&pageSize=5").await, 12);
        let (_, featured, _) = listed(&app, "/api/properties?isFeatured=true&pageSize=100").await;
        assert!(featured.as_array().expect("a list").iter().all(|p| p["featuredAt"].is_string()));

        let other = created(&app, "/api/categories", json!({ "nameEn": "Coastal", "nameAr": "ساحلي" })).await;
        let filter = json!({ "q": "harbor", "isFeatured": true });
        let (status, outcome) =
            bulk(&app, json!({ "filter": filter, "action": "setCategory", "value": id(&other) })).await;
        assert_eq!((status, &outcome["changed"]), (Status::Ok, &json!(12)), "{outcome}");
        assert_eq!(total(&app, &format!("/api/properties?categoryId={}&page=1", id(&other))).await, 12);
        let (_, page, _) = listed(&app, &format!("/api/properties?categoryId={}&pageSize=1", id(&other))).await;
        assert_eq!(page[0]["categoryNameAr"], "ساحلي");

        let (status, outcome) =
            bulk(&app, json!({ "filter": { "isFeatured": true }, "action": "setFeatured", "value": false })).await;
        assert_eq!((status, &outcome["changed"]), (Status::Ok, &json!(12)), "{outcome}");
        assert_eq!(total(&app, "/api/properties?isFeatured=true&page=1").await, 0);
        agrees(&app, &["harbor", "desert"]).await;
    }

    async fn stale_missing_and_unchanged_listings_are_skipped_not_overwritten(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let a = listing(&app, &catalog, "Harbor Villa").await;
        let b = listing(&app, &catalog, "Harbor Loft").await;
        let c = listing(&app, &catalog, "Harbor Flat").await;
        let mut edited = full_form(&catalog, "Harbor Villa, renovated");
        edited["status"] = json!("pending");
        let (status, _) = app.send(Method::Put, &format!("/api/properties/{}", id(&a)), edited).await;
        assert_eq!(status, Status::Ok);
        let (status, _) = bulk(&app, json!({ "ids": [id(&c)], "action": "setStatus", "value": "sold" })).await;
        assert_eq!(status, Status::Ok);

        let versions = json!({ id(&a).to_string(): 1, id(&b).to_string(): 1 });
        let ids = json!([id(&a), id(&b), id(&c), 999_999]);
        let (status, outcome) =
            bulk(&app, json!({ "ids": ids, "action": "setStatus", "value": "sold", "versions": versions })).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert_eq!(outcome["changed"], 1);
        let skipped: Vec<(i64, &str)> = outcome["skipped"]
            .as_array()
            .expect("a list")
            .iter()
            .map(|s| (s["id"].as_i64().unwrap_or_default(), s["reason"].as_str().unwrap_or_default()))
            .collect();
        assert_eq!(skipped, [(id(&a), "stale"), (id(&c), "unchanged"), (999_999, "notFound")]);
        assert_eq!(outcome["skipped"][0]["message"], messages::SKIPPED_STALE);
        let a_now = property(&app, id(&a)).await;
        assert_eq!((a_now["status"].as_str(), a_now["titleEn"].as_str()), (Some("pending"), Some("Harbor Villa, renovated")));
        assert_eq!(property(&app, id(&b)).await["status"], "sold");
    }

    async fn a_failure_mid_set_changes_nothing(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let a = listing(&app, &catalog, "Harbor Villa").await;
        let b = listing(&app, &catalog, "Harbor Loft").await;
        let c = listing(&app, &catalog, "Harbor Flat").await;
        refuse_history_of(&app, id(&b)).await;
        let ids = json!([id(&a), id(&b), id(&c)]);
        for (action, value) in [("setStatus", json!("sold")), ("setFeatured", json!(true)), ("trash", Value::Null)] {
            let (status, body) = bulk(&app, json!({ "ids": ids, "action": action, "value": value })).await;
            assert!(status.code >= 500, "{action}: {status} {body}");
            for record in [&a, &b, &c] {
                let now = property(&app, id(record)).await;
                assert_eq!(
                    (now["status"].as_str(), now["isFeatured"].as_bool(), now["version"].as_i64()),
                    (Some("active"), Some(false), Some(1)),
                    "{action}"
                );
                assert_eq!(history_of(&app, "property", id(record)).await.len(), 1, "{action}: only created");
            }
        }
        assert_eq!(total(&app, "/api/properties?status=sold&page=1").await, 0);
        assert_eq!(total(&app, "/api/properties?isFeatured=true&page=1").await, 0);
        agrees(&app, &["harbor"]).await;
    }

    async fn moving_listings_to_the_trash_takes_them_out_of_the_lists(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let a = listing(&app, &catalog, "Harbor Villa").await;
        let b = listing(&app, &catalog, "Desert House").await;
        let (status, outcome) = bulk(&app, json!({ "filter": { "q": "harbor" }, "action": "trash" })).await;
        assert_eq!((status, outcome), (Status::Ok, json!({ "changed": 1, "skipped": [] })));
        let (status, _) = app.get(&format!("/api/properties/{}", id(&a))).await;
        assert_eq!(status, Status::NotFound);
        assert_eq!(property(&app, id(&b)).await["status"], "active");
        assert_eq!(history_of(&app, "property", id(&a)).await[0]["action"], "delete");
        assert_eq!(total(&app, "/api/properties?page=1").await, 1);
        agrees(&app, &["harbor", "desert"]).await;
    }

    async fn everything_a_bulk_call_takes_is_bounded(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let a = listing(&app, &catalog, "Harbor Villa").await;
        let too_many: Vec<i64> = (1..=10_001).collect();
        let cases = [
            (json!({ "ids": too_many, "action": "trash" }), "ids", messages::BULK_TOO_MANY),
            (json!({ "ids": [1], "filter": {}, "action": "trash" }), "ids", messages::BULK_SELECTION),
            (json!({ "ids": [], "action": "trash" }), "ids", messages::BULK_NOTHING_SELECTED),
            (json!({ "ids": [1], "action": "setStatus", "value": "closed" }), "value", messages::NOT_IN_LIST),
            (json!({ "ids": [1], "action": "setFeatured" }), "value", messages::BULK_FEATURED_VALUE),
            (json!({ "ids": [1] }), "action", messages::FIELD_REQUIRED),
            (json!({ "ids": [1], "action": "launch" }), "action", messages::NOT_IN_LIST),
            (json!({ "filter": { "q": "a".repeat(201) }, "action": "trash" }), "filter.q", messages::BULK_SEARCH_TOO_LONG),
            (json!({ "filter": { "status": "gone" }, "action": "trash" }), "filter.status", messages::NOT_IN_LIST),
        ];
        for (body, field, message) in cases {
            let (status, answer) = bulk(&app, body).await;
            assert_eq!(status, Status::UnprocessableEntity, "{answer}");
            assert_eq!(answer["errors"][field], message, "{answer}");
        }
        let (status, answer) = bulk(&app, json!({ "ids": [id(&a)], "action": "setCategory", "value": 999_999 })).await;
        assert_eq!((status, &answer["errors"]["value"]), (Status::Conflict, &json!(messages::CATEGORY_NOT_FOUND)));
        let (status, _) = bulk(&app, json!({ "filter": { "nowhere": 1 }, "action": "trash" })).await;
        assert_eq!(status, Status::BadRequest);
        let (status, answer) = app
            .send(Method::Post, "/api/contact-requests/bulk", json!({ "filter": { "from": "yesterday" }, "action": "close" }))
            .await;
        assert_eq!((status, &answer["errors"]["filter.from"]), (Status::UnprocessableEntity, &json!(messages::BULK_INSTANT)));
        assert_eq!(property(&app, id(&a)).await["version"], 1);
    }

    async fn a_filter_matching_more_than_the_limit_is_refused_whole(app) {
        app.login_admin().await;
        let mut conn = app.pool().acquire().await.expect("a connection");
        aqar::fixtures::seed::seed(&mut conn, 10_001, 1).await.expect("seeded");
        drop(conn);
        let (status, answer) = bulk(&app, json!({ "filter": {}, "action": "setStatus", "value": "sold" })).await;
        assert_eq!((status, &answer["errors"]["filter"]), (Status::UnprocessableEntity, &json!(messages::BULK_TOO_MANY)));
        assert!(total(&app, "/api/properties?status=sold&page=1").await < 10_001);
        let (status, outcome) =
            bulk(&app, json!({ "filter": { "status": "pending" }, "action": "setStatus", "value": "sold" })).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert!(outcome["changed"].as_i64().is_some_and(|n| n > 0));
    }

    async fn contact_requests_are_closed_or_trashed_by_ids_or_filter(app) {
        app.login_admin().await;
        let mut ids = Vec::new();
        for (n, name) in ["Rana", "Omar", "Lina", "Sami"].iter().enumerate() {
            ids.push(id(&stored(&app, name, &format!("2026-01-0{}T10:00:00Z", n + 1)).await));
        }
        let send = |body: Value| app.send(Method::Post, "/api/contact-requests/bulk", body);
        let (status, outcome) = send(json!({ "ids": [ids[0], ids[1]], "action": "markResponded" })).await;
        assert_eq!((status, outcome), (Status::Ok, json!({ "changed": 2, "skipped": [] })));
        let (_, counts) = app.get("/api/contact-requests/counts").await;
        assert_eq!((counts["responded"].as_i64(), counts["pending"].as_i64()), (Some(2), Some(2)));
        let entries = history_of(&app, "contactRequest", ids[0]).await;
        let status_change = change(&entries[0], "status").expect("recorded");
        assert_eq!(status_change["new"], "responded");

        let versions = json!({ ids[0].to_string(): 1 });
        let (status, outcome) =
            send(json!({ "filter": { "status": "responded" }, "action": "close", "versions": versions })).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert_eq!(outcome["changed"], 1);
        assert_eq!(outcome["skipped"][0]["id"], ids[0]);
        assert_eq!(outcome["skipped"][0]["reason"], "stale");

        let (status, outcome) = send(json!({ "filter": { "q": "lina" }, "action": "trash" })).await;
        assert_eq!((status, &outcome["changed"]), (Status::Ok, &json!(1)), "{outcome}");
        let (status, _) = app.get(&format!("/api/contact-requests/{}", ids[2])).await;
        assert_eq!(status, Status::NotFound);
        assert_eq!(history_of(&app, "contactRequest", ids[2]).await[0]["action"], "delete");

        refuse_history_of(&app, ids[3]).await;
        let (status, _) = send(json!({ "ids": [ids[1], ids[3]], "action": "close" })).await;
        assert!(status.code >= 500);
        let (_, counts) = app.get("/api/contact-requests/counts").await;
        assert_eq!((counts["closed"].as_i64(), counts["responded"].as_i64()), (Some(1), Some(1)));
    }

    async fn a_selection_is_exported_by_ids_in_their_order_or_by_filter(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let a = listing(&app, &catalog, "Harbor Villa").await;
        let b = listing(&app, &catalog, "Desert House").await;
        listing(&app, &catalog, "Mountain Cabin").await;
        let export = |body: Value| app.send(Method::Post, "/api/properties/export?format=csv", body);
        let (status, file) = export(json!({ "ids": [id(&b), 999_999, id(&a)] })).await;
        assert_eq!(status, Status::Ok);
        let text = file.as_str().expect("CSV text");
        let at = |title: &str| text.find(title).unwrap_or_else(|| panic!("{title} exported: {text}"));
        assert!(at("Desert House") < at("Harbor Villa"), "in the order of the ids: {text}");
        assert!(!text.contains("Mountain Cabin"), "only the selection: {text}");
        let (status, file) = export(json!({ "filter": { "q": "cabin" } })).await;
        assert_eq!(status, Status::Ok);
        let text = file.as_str().expect("CSV text");
        assert!(text.contains("Mountain Cabin") && !text.contains("Harbor Villa"), "{text}");
        let (status, answer) = export(json!({ "ids": [] })).await;
        assert_eq!((status, &answer["errors"]["ids"]), (Status::UnprocessableEntity, &json!(messages::BULK_NOTHING_SELECTED)));
    }
}
