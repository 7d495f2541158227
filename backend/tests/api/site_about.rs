//! About sections (site-content.md §2, §3, §5, §7; issue 12): create, list, replace, delete,
//! the specification's delete of every values section, the atomic values save that changes
//! nothing when a step fails, and the public read of the active ones.

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::helpers::{Backend, TestApp};

// A real 1x1 PNG as a data URL, which the media store accepts.
const PNG: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

fn story() -> Value {
    json!({
        "sectionType": "story", "titleEn": "Our Story", "titleAr": "قصتنا",
        "contentEn": "Founded in Amman in 2005.", "contentAr": "تأسست في عمّان عام 2005.",
        "iconClass": "fas fa-home"
    })
}

fn values_form(titles: &[&str]) -> Value {
    let values: Vec<Value> = titles
        .iter()
        .map(|title| json!({ "titleEn": title, "titleAr": "قيمة", "contentEn": format!("{title} first"), "contentAr": "أولاً" }))
        .collect();
    json!({
        "sectionTitleEn": "Our Values", "sectionTitleAr": "قيمنا",
        "sectionSubtitleEn": "What guides us", "sectionSubtitleAr": "ما يوجهنا",
        "values": values
    })
}

async fn list(app: &TestApp) -> Vec<Value> {
    let (status, body) = app.get("/api/about-sections").await;
    assert_eq!(status, Status::Ok, "{body}");
    body.as_array().cloned().unwrap_or_default()
}

fn values_titles(sections: &[Value]) -> Vec<String> {
    sections
        .iter()
        .filter(|s| s["sectionType"] == "values")
        .filter_map(|s| s["titleEn"].as_str().map(str::to_owned))
        .collect()
}

/// Makes every insert of an about section titled 'Breaks here' fail inside the database, so a
/// write can be made to fail midway.
async fn break_inserts_titled_breaks_here(app: &TestApp) {
    let statements: &[&str] = match app.backend {
        Backend::Sqlite => &["CREATE TRIGGER break_here BEFORE INSERT ON about_sections \
             WHEN NEW.title_en = 'Breaks here' BEGIN SELECT RAISE(ABORT, 'injected failure'); END"],
        Backend::Postgres => &[
            "CREATE FUNCTION break_here() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
             IF NEW.title_en = 'Breaks here' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END; $$",
            "CREATE TRIGGER break_here BEFORE INSERT ON about_sections FOR EACH ROW EXECUTE FUNCTION break_here()",
        ],
    };
    for statement in statements {
        sqlx::query(statement).execute(app.pool()).await.expect("trigger");
    }
}

both_databases! {
    async fn a_section_is_created_with_its_defaults_listed_replaced_and_deleted(app) {
        app.login_admin().await;
        let (status, created) = app.send(Method::Post, "/api/about-sections", story()).await;
        assert_eq!(status, Status::Created, "{created}");
        assert_eq!(created["orderIndex"], 0);
        assert_eq!(created["isActive"], true);
        assert_eq!(created["version"], 1);
        assert_eq!(created["subtitleEn"], Value::Null);
        assert_eq!(list(&app).await, vec![created.clone()]);

        let path = format!("/api/about-sections/{}", created["id"]);
        let mut changed = story();
        changed["sectionType"] = json!("mission");
        changed["titleEn"] = json!("Our Mission");
        let (status, updated) = app.send(Method::Put, &path, changed).await;
        assert_eq!(status, Status::Ok, "{updated}");
        assert_eq!(updated["sectionType"], "mission");
        assert_eq!(updated["version"], 2);
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
        assert!(list(&app).await.is_empty());
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NotFound);
    }

    async fn titles_and_content_are_required_in_both_languages(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/about-sections", json!({ "sectionType": "story" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({
            "titleEn": "English title is required", "titleAr": "Arabic title is required",
            "contentEn": "This field is required", "contentAr": "This field is required"
        }));
        let (status, body) = app.send(Method::Post, "/api/about-sections", json!({ "sectionType": "vision" })).await;
        assert_eq!(status, Status::UnprocessableEntity, "a type outside story, mission, values");
        assert_eq!(body["errors"]["sectionType"], "Please choose a value from the list");
    }

    async fn an_uploaded_image_is_stored_and_over_5_mb_refused(app) {
        app.login_admin().await;
        let mut with_image = story();
        with_image["imageData"] = json!(PNG);
        let (status, created) = app.send(Method::Post, "/api/about-sections", with_image).await;
        assert_eq!(status, Status::Created, "{created}");
        assert!(created["imageData"].as_str().is_some_and(|r| r.starts_with("/media/") && r.ends_with(".png")));
        let mut too_large = story();
        too_large["imageData"] = json!(format!("data:image/png;base64,{}", "A".repeat(7_000_000)));
        let (status, body) = app.send(Method::Post, "/api/about-sections", too_large).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["imageData"], "Please select an image smaller than 5MB");
    }

    async fn the_values_save_replaces_every_values_section_in_order(app) {
        app.login_admin().await;
        let (status, _) = app.send(Method::Post, "/api/about-sections", story()).await;
        assert_eq!(status, Status::Created);
        let (status, first) = app.send(Method::Put, "/api/about-sections/values", values_form(&["Trust", "Care"])).await;
        assert_eq!(status, Status::Ok, "{first}");
        let (status, saved) = app.send(Method::Put, "/api/about-sections/values", values_form(&["Integrity", "Excellence", "Service"])).await;
        assert_eq!(status, Status::Ok, "{saved}");
        let sections = list(&app).await;
        assert_eq!(values_titles(&sections), ["Our Values", "Excellence", "Service"], "the first carries the header");
        let values: Vec<&Value> = sections.iter().filter(|s| s["sectionType"] == "values").collect();
        assert_eq!(values[0]["subtitleEn"], "What guides us");
        assert_eq!(values[0]["contentEn"], "Integrity first");
        assert_eq!(values[1]["subtitleEn"], "Excellence", "later ones reuse their title");
        let orders: Vec<&Value> = values.iter().map(|v| &v["orderIndex"]).collect();
        assert_eq!(orders, [&json!(1), &json!(2), &json!(3)]);
        assert!(values.iter().all(|v| v["isActive"] == true));
        assert_eq!(sections.iter().filter(|s| s["sectionType"] == "story").count(), 1, "the story is kept");
    }

    async fn a_values_save_that_fails_midway_changes_nothing(app) {
        app.login_admin().await;
        app.send(Method::Put, "/api/about-sections/values", values_form(&["Trust", "Care"])).await;
        let before = list(&app).await;
        break_inserts_titled_breaks_here(&app).await;
        let (status, _) = app.send(Method::Put, "/api/about-sections/values", values_form(&["Integrity", "Breaks here"])).await;
        assert_eq!(status, Status::InternalServerError);
        assert_eq!(list(&app).await, before, "the old values stand");

        let mut invalid = values_form(&["Integrity", "Excellence"]);
        invalid["values"][1]["contentAr"] = json!("");
        let (status, body) = app.send(Method::Put, "/api/about-sections/values", invalid).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "values.1.contentAr": "Arabic description is required" }));
        let mut not_an_image = values_form(&["Integrity", "Excellence"]);
        not_an_image["values"][1]["imageData"] = json!("data:image/png;base64,AAAA");
        let (status, body) = app.send(Method::Put, "/api/about-sections/values", not_an_image).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert!(body["errors"]["values.1.imageData"].is_string(), "{body}");
        assert_eq!(list(&app).await, before, "nothing changed");
    }

    async fn the_specifications_delete_removes_every_values_section_only(app) {
        app.login_admin().await;
        app.send(Method::Post, "/api/about-sections", story()).await;
        app.send(Method::Put, "/api/about-sections/values", values_form(&["Trust", "Care"])).await;
        assert_eq!(app.send(Method::Delete, "/api/about-sections/values", Value::Null).await.0, Status::NoContent);
        let sections = list(&app).await;
        assert_eq!(sections.len(), 1);
        assert_eq!(sections[0]["sectionType"], "story");
    }

    async fn the_public_site_reads_the_active_sections(app) {
        app.login_admin().await;
        let mut hidden = story();
        hidden["isActive"] = json!(false);
        hidden["titleEn"] = json!("Draft story");
        app.send(Method::Post, "/api/about-sections", hidden).await;
        app.send(Method::Post, "/api/about-sections", story()).await;
        app.client.post("/api/logout").dispatch().await;
        let (status, public) = app.get("/api/public/about-sections").await;
        assert_eq!(status, Status::Ok);
        let titles: Vec<&str> = public.as_array().into_iter().flatten().filter_map(|s| s["titleEn"].as_str()).collect();
        assert_eq!(titles, ["Our Story"]);
    }

    async fn every_change_is_recorded_in_the_history(app) {
        app.login_admin().await;
        let (_, created) = app.send(Method::Post, "/api/about-sections", story()).await;
        app.send(Method::Put, "/api/about-sections/values", values_form(&["Trust"])).await;
        let (_, entries) = app.get(&format!("/api/history?entity=aboutSection&id={}", created["id"])).await;
        assert_eq!(entries[0]["action"], "create");
        let (_, all) = app.get("/api/history?entity=aboutSection").await;
        assert_eq!(all.as_array().map(Vec::len), Some(2), "the story and the one value");
    }
}

mod demo {
    use rocket::http::Status;

    use crate::helpers::{Backend, TestApp};

    async fn the_demo_about_page_is_complete_and_bilingual(backend: Backend) {
        let Some(app) = TestApp::spawn_with(backend, |figment| figment.merge(("aqar.demo", true))).await
        else {
            return;
        };
        app.login_admin().await;
        let (status, sections) = app.get("/api/about-sections").await;
        assert_eq!(status, Status::Ok);
        let count = |kind: &str| {
            sections.as_array().into_iter().flatten().filter(|s| s["sectionType"] == kind).count()
        };
        assert_eq!((count("story"), count("mission"), count("values")), (1, 1, 4));
        assert!(sections
            .as_array()
            .into_iter()
            .flatten()
            .all(|s| s["titleAr"].as_str().is_some_and(|t| !t.is_empty())));
        let (_, values) = app.get("/api/company-values").await;
        assert_eq!(values.as_array().map(Vec::len), Some(5));
        assert!(values
            .as_array()
            .into_iter()
            .flatten()
            .all(|v| v["iconClass"].as_str().is_some_and(|i| i.starts_with("fas fa-"))));
        let (_, header) = app.get("/api/values-section-settings").await;
        assert_eq!(header["version"], 1, "saved, not the defaults");
    }

    #[rocket::async_test]
    async fn sqlite() {
        the_demo_about_page_is_complete_and_bilingual(Backend::Sqlite).await;
    }

    #[rocket::async_test]
    async fn postgres() {
        the_demo_about_page_is_complete_and_bilingual(Backend::Postgres).await;
    }
}
