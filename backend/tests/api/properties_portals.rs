//! Where each listing goes and what each portal would refuse (issue 41): the company's
//! default set, the readiness the record carries for every reason, the list's badge and
//! filters, the bulk action, the dashboard's counts and the agent's phone.

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::properties::{catalog, create_property, full_form, Catalog};
use crate::properties_list::listed;

/// Maps the catalog's type, city and region for `portal`, queueing the listings for the
/// search engine as the Portals screen's writes do.
async fn map_all(app: &TestApp, catalog: &Catalog, portal: &str) {
    let now = aqar::platform::db::clock::now_text();
    for (kind, id, value) in [
        ("propertyType", catalog.property_type, if portal == "bayut" { "Villa" } else { "VH" }),
        ("city", catalog.city, "Dubai"),
        ("region", catalog.region, "Dubai Marina"),
    ] {
        sqlx::query(
            "INSERT INTO portal_mappings (portal, kind, record_id, value, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $5)",
        )
        .bind(portal)
        .bind(kind)
        .bind(id)
        .bind(value)
        .bind(&now)
        .execute(app.pool())
        .await
        .expect("a mapping");
    }
    sqlx::query("INSERT INTO search_changes (property_id) SELECT id FROM properties")
        .execute(app.pool())
        .await
        .expect("queued");
}

/// A listing every portal takes once its records are mapped: lengths within the portals',
/// photos, a pin, and an agent with a phone.
fn ready_form(catalog: &Catalog, agent: i64, number: &str) -> Value {
    let mut form = full_form(catalog, "A sea view villa with a garden and a pool");
    form["propertyNumber"] = json!(number);
    form["titleAr"] = json!("فيلا بإطلالة على البحر مع حديقة ومسبح خاص");
    form["descriptionEn"] = json!("A bright villa by the sea. ".repeat(40));
    form["descriptionAr"] = json!("فيلا مشرقة على البحر. ".repeat(40));
    form["latitude"] = json!(25.08);
    form["longitude"] = json!(55.14);
    form["agentId"] = json!(agent);
    form["publishTo"] = json!(["website", "propertyFinder", "bayut", "dubizzle"]);
    form
}

async fn agent_with_phone(app: &TestApp, phone: Option<&str>) -> i64 {
    let body = json!({ "username": format!("agent{}", phone.unwrap_or("none").len()), "password": "agentpass1",
        "confirmPassword": "agentpass1", "fullName": "Sara Agent", "email": "sara@agency.test", "phone": phone });
    let (status, user) = app.send(Method::Post, "/api/users", body).await;
    assert_eq!(status, Status::Created, "{user}");
    user["id"].as_i64().expect("an id")
}

fn verdict<'a>(listing: &'a Value, portal: &str) -> &'a Value {
    listing["readiness"]
        .as_array()
        .expect("readiness")
        .iter()
        .find(|v| v["portal"] == portal)
        .expect("a verdict")
}

fn codes(listing: &Value, portal: &str) -> Vec<String> {
    verdict(listing, portal)["reasons"]
        .as_array()
        .expect("reasons")
        .iter()
        .map(|r| r["code"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// A change to a ready form that blocks it for one reason.
type Change = Box<dyn Fn(&mut Value)>;

async fn ids(app: &TestApp, query: &str) -> Vec<i64> {
    let (status, list, _) = listed(app, &format!("/api/properties?pageSize=100{query}")).await;
    assert_eq!(status, Status::Ok, "{list}");
    list.as_array().expect("a list").iter().filter_map(|p| p["id"].as_i64()).collect()
}

both_databases! {
    async fn new_listings_get_the_company_set_and_keep_their_own(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let (_, settings) = app.get("/api/settings").await;
        assert_eq!(settings["defaultPublishTo"], json!(["website"]));
        let (status, saved) = app.send(Method::Post, "/api/settings",
            json!({ "companyName": "Aqar", "defaultPublishTo": ["bayut", "website"] })).await;
        assert_eq!(status, Status::Ok, "{saved}");
        assert_eq!(saved["defaultPublishTo"], json!(["website", "bayut"]));

        let listing = create_property(&app, full_form(&catalog, "Defaulted")).await;
        assert_eq!(listing["publishTo"], json!(["website", "bayut"]));
        assert_eq!(listing["completionStatus"], "ready");

        let mut form = full_form(&catalog, "Chosen");
        form["propertyNumber"] = json!("#102");
        form["publishTo"] = json!(["propertyFinder"]);
        form["completionStatus"] = json!("offPlan");
        let chosen = create_property(&app, form.clone()).await;
        assert_eq!(chosen["publishTo"], json!(["propertyFinder"]));
        assert_eq!(chosen["completionStatus"], "offPlan");

        // An edit that names no set keeps the listing's.
        form.as_object_mut().expect("an object").remove("publishTo");
        let path = format!("/api/properties/{}", chosen["id"]);
        let (status, edited) = app.send(Method::Put, &path, form).await;
        assert_eq!(status, Status::Ok, "{edited}");
        assert_eq!(edited["publishTo"], json!(["propertyFinder"]));

        // The public site shows only the listings published to the website.
        let (status, public, _) = listed(&app, "/api/public/properties?pageSize=100").await;
        assert_eq!(status, Status::Ok, "{public}");
        let shown: Vec<&Value> = public.as_array().expect("a list").iter().map(|p| &p["id"]).collect();
        assert_eq!(shown, [&listing["id"]]);
        let (status, _) = app.get(&format!("/api/public/properties/{}", chosen["id"])).await;
        assert_eq!(status, Status::NotFound);

        let mut form = full_form(&catalog, "Twice");
        form["publishTo"] = json!(["bayut", "bayut"]);
        let (status, body) = app.send(Method::Post, "/api/properties", form).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert!(body["errors"]["publishTo"].is_string(), "{body}");
    }

    async fn readiness_names_every_reason_and_clears_when_they_are_met(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let agent = agent_with_phone(&app, Some("+971 50 123 4567")).await;
        let listing = create_property(&app, ready_form(&catalog, agent, "R-1")).await;
        for portal in ["propertyFinder", "bayut", "dubizzle"] {
            assert_eq!(codes(&listing, portal), ["typeUnmapped", "locationUnmapped"], "{portal}");
            assert_eq!(verdict(&listing, portal)["chosen"], true);
            assert_eq!(verdict(&listing, portal)["ready"], false);
        }
        let reason = &verdict(&listing, "bayut")["reasons"][0];
        assert!(reason["en"].as_str().is_some_and(|en| en.contains("Bayut")), "{reason}");
        assert!(reason["ar"].as_str().is_some_and(|ar| ar.contains("بيوت")), "{reason}");

        map_all(&app, &catalog, "propertyFinder").await;
        map_all(&app, &catalog, "bayut").await;
        let (_, listing) = app.get(&format!("/api/properties/{}", listing["id"])).await;
        for portal in ["propertyFinder", "bayut", "dubizzle"] {
            assert_eq!(codes(&listing, portal), Vec::<String>::new(), "{portal}");
        }
        assert_eq!(listing["blockedFor"], json!([]));

        // Each reason on its own: a short title, no photos, no pin, no period, no agent phone.
        let phoneless = agent_with_phone(&app, None).await;
        let cases: Vec<(&str, Change, &str)> = vec![
            ("R-2", Box::new(|f: &mut Value| f["titleEn"] = json!("Villa")), "titleEn"),
            ("R-3", Box::new(|f: &mut Value| f["titleAr"] = json!("فيلا")), "titleAr"),
            ("R-4", Box::new(|f: &mut Value| f["descriptionEn"] = json!("Short")), "descriptionEn"),
            ("R-5", Box::new(|f: &mut Value| f["images"] = json!([])), "photos"),
            ("R-6", Box::new(move |f: &mut Value| f["agentId"] = json!(phoneless)), "agent"),
        ];
        for (number, change, code) in cases {
            let mut form = ready_form(&catalog, agent, number);
            change(&mut form);
            let blocked = create_property(&app, form).await;
            assert!(codes(&blocked, "bayut").contains(&code.to_owned()), "{code}: {blocked}");
        }
        let mut form = ready_form(&catalog, agent, "R-7");
        form["latitude"] = Value::Null;
        form["longitude"] = Value::Null;
        let unpinned = create_property(&app, form).await;
        assert_eq!(codes(&unpinned, "propertyFinder"), ["coordinates"]);
        assert_eq!(codes(&unpinned, "bayut"), Vec::<String>::new());

        // A rental without its period cannot be saved; one written so by another way is blocked.
        let mut form = ready_form(&catalog, agent, "R-8");
        form["offeringType"] = json!("rent");
        form["rentFrequency"] = json!("yearly");
        form["status"] = json!("active");
        let rental = create_property(&app, form).await;
        sqlx::query("UPDATE properties SET rent_frequency = NULL WHERE id = $1")
            .bind(rental["id"].as_i64())
            .execute(app.pool())
            .await
            .expect("an update");
        let (_, rental) = app.get(&format!("/api/properties/{}", rental["id"])).await;
        assert_eq!(codes(&rental, "bayut"), ["rentPeriod"]);
    }

    async fn the_list_filters_and_badges_and_the_bulk_action_follow_the_portals(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let agent = agent_with_phone(&app, Some("0501234567")).await;
        map_all(&app, &catalog, "bayut").await;
        let ready = create_property(&app, ready_form(&catalog, agent, "L-1")).await;
        let mut form = ready_form(&catalog, agent, "L-2");
        form["images"] = json!([]);
        form["publishTo"] = json!(["website", "bayut"]);
        let photoless = create_property(&app, form).await;
        let mut form = ready_form(&catalog, agent, "L-3");
        form["publishTo"] = json!(["website"]);
        let website_only = create_property(&app, form).await;
        let id = |listing: &Value| listing["id"].as_i64().expect("an id");

        let (_, list, _) = listed(&app, "/api/properties?pageSize=100").await;
        let row = |wanted: i64| list.as_array().expect("a list").iter().find(|p| p["id"] == wanted).cloned().expect("a row");
        assert_eq!(row(id(&photoless))["blockedFor"], json!(["bayut"]));
        assert_eq!(row(id(&ready))["blockedFor"], json!(["propertyFinder"]));
        assert_eq!(row(id(&website_only))["blockedFor"], json!([]));

        assert_eq!(ids(&app, "&blockedFor=bayut").await, [id(&photoless)]);
        let mut to_bayut = ids(&app, "&publishTo=bayut").await;
        to_bayut.sort_unstable();
        assert_eq!(to_bayut, [id(&ready), id(&photoless)]);
        let (status, _, _) = listed(&app, "/api/properties?blockedFor=website").await;
        assert_eq!(status, Status::BadRequest);

        let (status, outcome) = app.send(Method::Post, "/api/properties/bulk",
            json!({ "ids": [id(&ready), id(&website_only)], "action": "removePortal", "value": "propertyFinder" })).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert_eq!(outcome["changed"], 1, "{outcome}");
        let (status, outcome) = app.send(Method::Post, "/api/properties/bulk",
            json!({ "filter": { "publishTo": "website" }, "action": "addPortal", "value": "dubizzle" })).await;
        assert_eq!(status, Status::Ok, "{outcome}");
        assert_eq!(outcome["changed"], 2, "{outcome}");
        let (_, website_only) = app.get(&format!("/api/properties/{}", id(&website_only))).await;
        assert_eq!(website_only["publishTo"], json!(["website", "dubizzle"]));
        let (_, history) = app.get(&format!("/api/history?entity=property&id={}", id(&website_only))).await;
        assert!(history.to_string().contains("publishTo"), "{history}");
        let (status, body) = app.send(Method::Post, "/api/properties/bulk",
            json!({ "ids": [1], "action": "addPortal", "value": "craigslist" })).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");

        let (_, stats) = app.get("/api/stats").await;
        let count = |portal: &str| stats["portals"].as_array().expect("counts").iter().find(|c| c["portal"] == portal).cloned().expect("a count");
        assert_eq!(count("bayut"), json!({ "portal": "bayut", "chosen": 2, "ready": 1, "blocked": 1 }));
        assert_eq!(count("propertyFinder")["chosen"], 0);
    }

    async fn an_agents_phone_is_checked_kept_and_read_by_the_verdicts(app) {
        app.login_admin().await;
        let body = json!({ "username": "omar", "password": "agentpass1", "confirmPassword": "agentpass1", "phone": "12" });
        let (status, refused) = app.send(Method::Post, "/api/users", body).await;
        assert_eq!(status, Status::UnprocessableEntity, "{refused}");
        assert_eq!(refused["errors"]["phone"], "Enter a phone number of 7 to 15 digits");

        let catalog = catalog(&app).await;
        let agent = agent_with_phone(&app, None).await;
        map_all(&app, &catalog, "bayut").await;
        let listing = create_property(&app, ready_form(&catalog, agent, "P-1")).await;
        assert_eq!(codes(&listing, "bayut"), ["agent"]);
        let (_, users) = app.get("/api/users").await;
        let user = users.as_array().expect("users").iter().find(|u| u["id"] == agent).cloned().expect("the agent");
        let mut edit = user.clone();
        edit["phone"] = json!("+971 4 555 0100");
        let (status, user) = app.send(Method::Put, &format!("/api/users/{agent}"), edit).await;
        assert_eq!(status, Status::Ok, "{user}");
        assert_eq!(user["phone"], "+971 4 555 0100");
        assert_eq!(ids(&app, "&blockedFor=bayut").await, Vec::<i64>::new());
    }
}
