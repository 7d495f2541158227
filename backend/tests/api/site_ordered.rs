//! Team members, services, process steps, testimonials and hero images (site-content.md
//! §2–§9; issue 11): every route, the rules and defaults, the hero page's uniqueness, the
//! reorder in one transaction, the public reads of the active ones in order, the history.

use rocket::http::{ContentType, Header, Method, Status};
use serde_json::{json, Value};

use crate::helpers::{read, TestApp};

const PNG: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

fn member(name: &str) -> Value {
    json!({
        "nameEn": name, "nameAr": "سارة", "positionEn": "Agent", "positionAr": "وكيلة",
        "descriptionEn": "Sells homes", "descriptionAr": "تبيع المنازل", "specializations": [" Villas ", "", "Land"]
    })
}

fn service(title: &str) -> Value {
    json!({ "titleEn": title, "titleAr": "خدمة", "descriptionEn": "d", "descriptionAr": "و", "icon": "home" })
}

fn testimonial(name: &str) -> Value {
    json!({ "clientNameEn": name, "clientNameAr": "عميل", "testimonialEn": "Great", "testimonialAr": "رائع" })
}

fn hero(page: &str) -> Value {
    json!({ "pageName": page, "titleEn": "Welcome", "titleAr": "أهلاً", "imageUrl": "https://images.example.com/hero.jpg" })
}

async fn created(app: &TestApp, path: &str, body: Value) -> Value {
    let (status, record) = app.send(Method::Post, path, body).await;
    assert_eq!(status, Status::Created, "{path}: {record}");
    record
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array().into_iter().flatten().filter_map(|r| r["id"].as_i64()).collect()
}

both_databases! {
    async fn each_area_creates_lists_updates_and_deletes_with_its_defaults(app) {
        app.login_admin().await;
        for (path, body) in [
            ("/api/team-members", member("Sara")),
            ("/api/services", service("Buying")),
            ("/api/process-steps", service("Meet us")),
            ("/api/testimonials", testimonial("Omar")),
            ("/api/hero-images", hero("index")),
        ] {
            let record = created(&app, path, body.clone()).await;
            assert_eq!((record["isActive"].as_bool(), record["version"].as_i64()), (Some(true), Some(1)), "{path}");
            let (_, list) = app.get(path).await;
            assert_eq!(ids(&list), [record["id"].as_i64().unwrap_or_default()], "{path}");
            let mut changed = body.clone();
            changed["isActive"] = json!(false);
            let one = format!("{path}/{}", record["id"]);
            let response = app.client.put(one.clone()).header(ContentType::JSON).header(Header::new("If-Match", "\"1\""))
                .body(changed.to_string()).dispatch().await;
            let (status, updated) = read(response).await;
            assert_eq!((status, updated["isActive"].as_bool(), updated["version"].as_i64()), (Status::Ok, Some(false), Some(2)), "{path}");
            let stale = app.client.delete(one.clone()).header(Header::new("If-Match", "\"1\"")).dispatch().await;
            assert_eq!(stale.status(), Status::PreconditionFailed, "{path}");
            assert_eq!(app.client.delete(one.clone()).dispatch().await.status(), Status::NoContent, "{path}");
            assert_eq!(app.send(Method::Put, &one, body).await.0, Status::NotFound, "{path}");
        }
        let sara = created(&app, "/api/team-members", member("Sara")).await;
        assert_eq!((sara["experience"].as_i64(), sara["displayOrder"].as_i64()), (Some(0), Some(0)));
        assert_eq!(sara["specializations"], json!(["Villas", "Land"]), "trimmed, blanks dropped");
        let step = created(&app, "/api/process-steps", service("Meet us")).await;
        assert_eq!(step["stepNumber"], 1);
        let review = created(&app, "/api/testimonials", testimonial("Omar")).await;
        assert_eq!(review["rating"], 5);
        let (_, history) = app.get(&format!("/api/history?entity=teamMember&id={}", sara["id"])).await;
        assert_eq!(history[0]["action"], "create");
    }

    async fn the_rules_messages_are_answered(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Post, "/api/team-members", json!({ "experience": -1, "displayOrder": -1, "email": "x" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"]["experience"], "Experience must be non-negative");
        assert_eq!(body["errors"]["displayOrder"], "Display order must be non-negative");
        assert_eq!(body["errors"]["positionEn"], "This field is required");
        let (_, body) = app.send(Method::Post, "/api/services", json!({ "titleEn": "t" })).await;
        assert_eq!(body["errors"]["icon"], "Icon is required");
        let mut step = service("s");
        step["stepNumber"] = json!(0);
        let (_, body) = app.send(Method::Post, "/api/process-steps", step).await;
        assert_eq!(body["errors"], json!({ "stepNumber": "Step number must be positive" }));
        for (rating, message) in [(0, "Rating must be at least 1"), (6, "Rating cannot exceed 5")] {
            let mut review = testimonial("Omar");
            review["rating"] = json!(rating);
            let (_, body) = app.send(Method::Post, "/api/testimonials", review).await;
            assert_eq!(body["errors"], json!({ "rating": message }));
        }
        let (_, body) = app.send(Method::Post, "/api/hero-images", json!({ "titleEn": "t", "titleAr": "ع" })).await;
        assert_eq!(body["errors"], json!({ "pageName": "This field is required" }));
        let (status, body) = app.send(Method::Post, "/api/hero-images", hero("blog")).await;
        assert_eq!(status, Status::UnprocessableEntity, "only the seven pages");
        assert_eq!(body["errors"], json!({ "pageName": "Please choose a value from the list" }));
    }

    async fn a_page_has_one_hero_image_and_an_upload_clears_the_link(app) {
        app.login_admin().await;
        let home = created(&app, "/api/hero-images", hero("index")).await;
        let (status, body) = app.send(Method::Post, "/api/hero-images", hero("index")).await;
        assert_eq!((status, body["message"].as_str()), (Status::Conflict, Some("A hero image for the Home page already exists")));
        let about = created(&app, "/api/hero-images", hero("about")).await;
        let (status, _) = app.send(Method::Put, &format!("/api/hero-images/{}", about["id"]), hero("index")).await;
        assert_eq!(status, Status::Conflict, "moving onto a taken page");
        let mut uploaded = hero("index");
        uploaded["imageData"] = json!(PNG);
        let (status, updated) = app.send(Method::Put, &format!("/api/hero-images/{}", home["id"]), uploaded).await;
        assert_eq!(status, Status::Ok, "its own page is not taken: {updated}");
        assert!(updated["imageData"].as_str().is_some_and(|r| r.starts_with("/media/")));
        assert_eq!(updated["imageUrl"], Value::Null);
    }

    async fn a_reorder_rewrites_display_orders_in_one_transaction(app) {
        app.login_admin().await;
        let a = created(&app, "/api/services", service("A")).await;
        let b = created(&app, "/api/services", service("B")).await;
        let c = created(&app, "/api/services", service("C")).await;
        let order = json!({ "ids": [c["id"], a["id"], b["id"]] });
        let (status, list) = app.send(Method::Put, "/api/services/order", order).await;
        assert_eq!(status, Status::Ok, "{list}");
        let titles: Vec<&str> = list.as_array().into_iter().flatten().filter_map(|s| s["titleEn"].as_str()).collect();
        assert_eq!(titles, ["C", "A", "B"]);
        assert_eq!(list[1]["displayOrder"], 1);
        let (status, _) = app.send(Method::Put, "/api/services/order", json!({ "ids": [a["id"], 999_999] })).await;
        assert_eq!(status, Status::NotFound);
        let (_, list) = app.get("/api/services").await;
        let titles: Vec<&str> = list.as_array().into_iter().flatten().filter_map(|s| s["titleEn"].as_str()).collect();
        assert_eq!(titles, ["C", "A", "B"], "the refused reorder changed nothing");
        let (status, body) = app.send(Method::Put, "/api/services/order", json!({ "ids": [a["id"], a["id"]] })).await;
        assert_eq!((status, &body["errors"]), (Status::UnprocessableEntity, &json!({ "ids": "An id is listed twice" })));
    }

    async fn every_ordered_area_reorders_and_records_each_move(app) {
        app.login_admin().await;
        for (path, entity, body) in [
            ("/api/team-members", "teamMember", member("M")),
            ("/api/services", "service", service("S")),
            ("/api/process-steps", "processStep", service("P")),
            ("/api/testimonials", "testimonial", testimonial("T")),
        ] {
            let first = created(&app, path, body.clone()).await;
            let second = created(&app, path, body.clone()).await;
            let (status, list) = app.send(Method::Put, &format!("{path}/order"), json!({ "ids": [second["id"], first["id"]] })).await;
            assert_eq!(status, Status::Ok, "{path}: {list}");
            assert_eq!(ids(&list), [second["id"].as_i64().unwrap_or_default(), first["id"].as_i64().unwrap_or_default()], "{path}");
            assert_eq!((list[0]["displayOrder"].as_i64(), list[1]["displayOrder"].as_i64()), (Some(0), Some(1)), "{path}");
            assert_eq!(list[1]["version"], 2, "{path}: the moved record's version grows");
            let (_, history) = app.get(&format!("/api/history?entity={entity}&id={}", first["id"])).await;
            assert_eq!(history[0]["action"], "update", "{path}: {history}");
            assert_eq!(history[0]["changes"][0]["field"], "displayOrder", "{path}: {history}");
            let (status, body) = app.send(Method::Put, &format!("{path}/order"), json!({ "ids": [] })).await;
            assert_eq!((status, &body["errors"]), (Status::UnprocessableEntity, &json!({ "ids": "List the ids in their new order" })), "{path}");
        }
    }

    async fn each_area_answers_its_required_messages(app) {
        app.login_admin().await;
        let (_, body) = app.send(Method::Post, "/api/services", json!({})).await;
        assert_eq!(body["errors"], json!({
            "titleEn": "English title is required", "titleAr": "Arabic title is required",
            "descriptionEn": "English description is required", "descriptionAr": "Arabic description is required",
            "icon": "Icon is required"
        }));
        let (_, body) = app.send(Method::Post, "/api/testimonials", json!({ "displayOrder": -1 })).await;
        assert_eq!(body["errors"], json!({
            "clientNameEn": "English client name is required", "clientNameAr": "Arabic client name is required",
            "testimonialEn": "English testimonial is required", "testimonialAr": "Arabic testimonial is required",
            "displayOrder": "Display order must be non-negative"
        }));
        let (_, body) = app.send(Method::Post, "/api/hero-images", json!({ "pageName": "index" })).await;
        assert_eq!(body["errors"], json!({ "titleEn": "English title is required", "titleAr": "Arabic title is required" }));
        let (_, body) = app.send(Method::Post, "/api/team-members", json!({})).await;
        let fields: Vec<&str> = body["errors"].as_object().into_iter().flatten().map(|(field, _)| field.as_str()).collect();
        assert_eq!(fields.len(), 6, "both names, positions and descriptions: {body}");
    }

    async fn the_public_reads_are_cached_by_etag(app) {
        app.login_admin().await;
        created(&app, "/api/team-members", member("Sara")).await;
        for path in ["/api/public/team-members", "/api/public/services", "/api/public/process-steps", "/api/public/testimonials", "/api/public/hero-images"] {
            let response = app.client.get(path).dispatch().await;
            assert_eq!(response.status(), Status::Ok, "{path}");
            assert!(response.headers().get_one("Cache-Control").is_some(), "{path}");
            let tag = response.headers().get_one("ETag").map(str::to_owned).unwrap_or_default();
            let again = app.client.get(path).header(Header::new("If-None-Match", tag)).dispatch().await;
            assert_eq!(again.status(), Status::NotModified, "{path}");
        }
    }

    async fn the_public_site_reads_the_active_ones_in_order(app) {
        app.login_admin().await;
        let mut hidden = testimonial("Hidden");
        hidden["isActive"] = json!(false);
        created(&app, "/api/testimonials", hidden).await;
        let mut second = testimonial("Second");
        second["displayOrder"] = json!(2);
        created(&app, "/api/testimonials", second).await;
        let mut first = testimonial("First");
        first["displayOrder"] = json!(1);
        created(&app, "/api/testimonials", first).await;
        created(&app, "/api/hero-images", hero("index")).await;
        created(&app, "/api/hero-images", hero("team")).await;
        app.client.post("/api/logout").dispatch().await;
        let (status, public) = app.get("/api/public/testimonials").await;
        assert_eq!(status, Status::Ok);
        let names: Vec<&str> = public.as_array().into_iter().flatten().filter_map(|t| t["clientNameEn"].as_str()).collect();
        assert_eq!(names, ["First", "Second"]);
        let (_, heroes) = app.get("/api/public/hero-images?pageName=team").await;
        assert_eq!(heroes.as_array().map(Vec::len), Some(1));
        assert_eq!(heroes[0]["pageName"], "team");
        let (_, all) = app.get("/api/public/hero-images").await;
        assert_eq!(all.as_array().map(Vec::len), Some(2));
        assert_eq!(app.get("/api/public/hero-images?pageName=blog").await.0, Status::BadRequest);
        for path in ["/api/public/team-members", "/api/public/services", "/api/public/process-steps"] {
            assert_eq!(app.get(path).await, (Status::Ok, json!([])), "{path}");
        }
        assert_eq!(app.get("/api/team-members").await.0, Status::Unauthorized);
    }
}

mod demo {
    use rocket::http::Status;

    use crate::helpers::{Backend, TestApp};

    async fn the_demo_site_content_is_complete_and_bilingual(backend: Backend) {
        let Some(app) = TestApp::spawn_with(backend, |figment| figment.merge(("aqar.demo", true))).await
        else {
            return;
        };
        let (status, team) = app.get("/api/public/team-members").await;
        assert_eq!(status, Status::Ok);
        let team = team.as_array().cloned().unwrap_or_default();
        assert_eq!(team.len(), 6);
        assert!(team.iter().all(|m| m["imageUrl"].as_str().is_some_and(|i| i.starts_with("/media/"))));
        assert!(team.iter().all(|m| m["nameAr"].as_str().is_some_and(|n| !n.is_empty())));
        for (path, count) in [("services", 4), ("process-steps", 4), ("testimonials", 5), ("hero-images", 4)]
        {
            let (_, list) = app.get(&format!("/api/public/{path}")).await;
            assert_eq!(list.as_array().map(Vec::len), Some(count), "{path}");
        }
        let (_, home) = app.get("/api/public/hero-images?pageName=index").await;
        assert_eq!(home[0]["titleEn"], "Find your place");
    }

    #[rocket::async_test]
    async fn sqlite() {
        the_demo_site_content_is_complete_and_bilingual(Backend::Sqlite).await;
    }

    #[rocket::async_test]
    async fn postgres() {
        the_demo_site_content_is_complete_and_bilingual(Backend::Postgres).await;
    }
}
