//! The trash (issue 24, ADR 0022): every delete moves the record there and answers its batch;
//! a trashed record is gone from lists, reads and unique values; restore puts it back under
//! its id with what belonged to it, one record or one batch; purge, by hand and by age; the
//! history of every move; who may restore.

use rocket::http::{ContentType, Header, Method, Status};
use rocket::local::asynchronous::Client;
use serde_json::{json, Value};

use crate::helpers::{read, TestApp};
use crate::properties::{catalog, create_property, full_form};

const DAY: i64 = 24 * 60 * 60;

async fn created(app: &TestApp, path: &str, body: Value) -> Value {
    let (status, record) = app.send(Method::Post, path, body).await;
    assert_eq!(status, Status::Created, "{path}: {record}");
    record
}

/// Deletes through `client`, answering the status and the batch the delete names.
pub(crate) async fn delete_on(client: &Client, path: &str) -> (Status, Option<String>) {
    let response = client.delete(path.to_owned()).dispatch().await;
    let batch = response.headers().get_one("X-Trash-Batch").map(str::to_owned);
    (response.status(), batch)
}

async fn trashed(app: &TestApp, path: &str) -> String {
    let (status, batch) = delete_on(&app.client, path).await;
    assert_eq!(status, Status::NoContent, "{path}");
    batch.expect("the delete names its batch")
}

async fn restore(app: &TestApp, entity: &str, id: &Value) -> (Status, Value) {
    app.send(Method::Post, &format!("/api/trash/{entity}/{id}/restore"), Value::Null).await
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array().into_iter().flatten().filter_map(|r| r["id"].as_i64()).collect()
}

async fn history_actions(app: &TestApp, entity: &str, id: &Value) -> Vec<String> {
    let (status, page) = app.get(&format!("/api/history?entity={entity}&id={id}")).await;
    assert_eq!(status, Status::Ok, "{page}");
    let mut actions: Vec<String> = page
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["action"].as_str().map(str::to_owned))
        .collect();
    actions.reverse();
    actions
}

/// A second browser signed in as a new user of `role`.
pub(crate) async fn user_client(app: &TestApp, username: &str, role: &str) -> Client {
    let body = json!({
        "username": username, "password": "lina-pass-1", "confirmPassword": "lina-pass-1",
        "email": format!("{username}@aqar.example"), "fullName": "Lina Haddad", "isActive": true, "role": role
    });
    created(app, "/api/users", body).await;
    let client = app.another_server().await;
    let status = client
        .post("/api/login")
        .header(ContentType::JSON)
        .body(json!({ "username": username, "password": "lina-pass-1" }).to_string())
        .dispatch()
        .await
        .status();
    assert_eq!(status, Status::Ok, "{username} signs in");
    client
}

/// One record of every area: its collection path, a new record's body, the history's name.
async fn one_of_each(app: &TestApp) -> Vec<(&'static str, Value, &'static str)> {
    let country =
        created(app, "/api/countries", json!({ "nameEn": "Oman", "nameAr": "عُمان", "code": "OM" })).await;
    let city = created(
        app,
        "/api/cities",
        json!({ "nameEn": "Muscat", "nameAr": "مسقط", "countryId": country["id"] }),
    )
    .await;
    vec![
        ("/api/categories", json!({ "nameEn": "Land", "nameAr": "أراضٍ" }), "category"),
        ("/api/property-types", json!({ "nameEn": "Chalet", "nameAr": "شاليه" }), "propertyType"),
        ("/api/countries", json!({ "nameEn": "Qatar", "nameAr": "قطر", "code": "QA" }), "country"),
        ("/api/cities", json!({ "nameEn": "Sohar", "nameAr": "صحار", "countryId": country["id"] }), "city"),
        ("/api/regions", json!({ "nameEn": "Qurum", "nameAr": "القرم", "cityId": city["id"] }), "region"),
        ("/api/property-features", json!({ "nameEn": "Sauna", "nameAr": "ساونا" }), "propertyFeature"),
        (
            "/api/team-members",
            json!({
                "nameEn": "Sara", "nameAr": "سارة", "positionEn": "Agent", "positionAr": "وكيلة",
                "descriptionEn": "Sells homes", "descriptionAr": "تبيع المنازل", "specializations": ["Villas"]
            }),
            "teamMember",
        ),
        (
            "/api/services",
            json!({ "titleEn": "Valuation", "titleAr": "تقييم", "descriptionEn": "d", "descriptionAr": "و", "icon": "home" }),
            "service",
        ),
        (
            "/api/process-steps",
            json!({ "titleEn": "Visit", "titleAr": "زيارة", "descriptionEn": "d", "descriptionAr": "و", "icon": "home" }),
            "processStep",
        ),
        (
            "/api/testimonials",
            json!({ "clientNameEn": "Omar", "clientNameAr": "عمر", "testimonialEn": "Great", "testimonialAr": "رائع" }),
            "testimonial",
        ),
        (
            "/api/hero-images",
            json!({ "pageName": "about", "titleEn": "Welcome", "titleAr": "أهلاً", "imageUrl": "https://images.example.com/hero.jpg" }),
            "heroImage",
        ),
        (
            "/api/about-sections",
            json!({ "sectionType": "story", "titleEn": "Our Story", "titleAr": "قصتنا", "contentEn": "Since 2005.", "contentAr": "منذ 2005." }),
            "aboutSection",
        ),
        (
            "/api/company-values",
            json!({ "titleEn": "Integrity", "titleAr": "النزاهة", "descriptionEn": "d", "descriptionAr": "و" }),
            "companyValue",
        ),
        (
            "/api/users",
            json!({
                "username": "omar", "password": "omar-pass-1", "confirmPassword": "omar-pass-1",
                "email": "omar@aqar.example", "fullName": "Omar", "isActive": true, "role": "user"
            }),
            "user",
        ),
    ]
}

both_databases! {
    async fn every_area_deletes_to_the_trash_and_restores_under_the_same_id(app) {
        app.login_admin().await;
        for (path, body, entity) in one_of_each(&app).await {
            let record = created(&app, path, body).await;
            let id = record["id"].clone();
            let record_path = format!("{path}/{id}");
            trashed(&app, &record_path).await;
            let (_, list) = app.get(path).await;
            assert!(!ids(&list).contains(&id.as_i64().expect("id")), "{entity} is gone from its list");
            assert_eq!(delete_on(&app.client, &record_path).await.0, Status::NotFound, "{entity}: a second delete");

            let (status, page) = app.get(&format!("/api/trash?entity={entity}")).await;
            assert_eq!(status, Status::Ok);
            assert_eq!(page[0]["id"], id, "{entity} is in the trash");
            assert_eq!(page[0]["deletedBy"], "admin");

            let (status, answer) = restore(&app, entity, &id).await;
            assert_eq!((status, answer), (Status::Ok, json!({ "restored": 1 })), "{entity} restored");
            let (_, list) = app.get(path).await;
            let back = list.as_array().into_iter().flatten().find(|r| r["id"] == id).cloned();
            assert_eq!(back, Some(record), "{entity} is back as it was");
            assert_eq!(history_actions(&app, entity, &id).await, ["create", "delete", "restore"], "{entity}");
            assert_eq!(restore(&app, entity, &id).await.0, Status::NotFound, "{entity}: no longer in the trash");
        }
        let (_, page) = app.get("/api/trash").await;
        assert_eq!(page, json!([]));
    }

    async fn a_contact_request_goes_to_the_trash_and_delete_all_restores_as_one_batch(app) {
        for name in ["Huda", "Rami", "Yousef"] {
            let body = json!({ "name": name, "email": "v@example.com", "subject": "Viewing", "message": "May I visit?" });
            let (status, _) = app.send(Method::Post, "/api/public/contact-requests", body).await;
            assert_eq!(status, Status::Accepted);
        }
        app.login_admin().await;
        let (_, list) = app.get("/api/contact-requests").await;
        let before = list.clone();
        let first = list[0]["id"].clone();
        let single = trashed(&app, &format!("/api/contact-requests/{first}")).await;
        let batch = trashed(&app, "/api/contact-requests").await;
        assert_ne!(single, batch);
        assert_eq!(app.get("/api/contact-requests").await.1, json!([]));
        let (_, counts) = app.get("/api/contact-requests/counts").await;
        assert_eq!(counts["total"], 0, "{counts}");

        let response = app.client.get("/api/trash?entity=contactRequest&pageSize=2").dispatch().await;
        assert_eq!(response.headers().get_one("X-Total-Count"), Some("3"));
        let (_, page) = read(response).await;
        assert_eq!(page.as_array().map(Vec::len), Some(2));
        assert_eq!(page[0]["batch"], batch.as_str(), "the latest deleted first");

        let path = format!("/api/trash/batches/{batch}/restore");
        assert_eq!(app.send(Method::Post, &path, Value::Null).await, (Status::Ok, json!({ "restored": 2 })));
        assert_eq!(app.send(Method::Post, &path, Value::Null).await.0, Status::NotFound, "the batch is back");
        let (_, list) = app.get("/api/contact-requests").await;
        assert_eq!(list.as_array().map(Vec::len), Some(2));
        restore(&app, "contactRequest", &first).await;
        assert_eq!(app.get("/api/contact-requests").await.1, before);
    }

    async fn a_listing_takes_its_images_and_features_to_the_trash_and_back(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let property = create_property(&app, full_form(&catalog, "Sea View Villa")).await;
        let id = property["id"].clone();
        let pool = created(&app, "/api/property-features", json!({ "nameEn": "Pool", "nameAr": "مسبح" })).await;
        let gym = created(&app, "/api/property-features", json!({ "nameEn": "Gym", "nameAr": "نادي" })).await;
        let features = format!("/api/properties/{id}/features");
        let (status, selected) =
            app.send(Method::Post, &features, json!({ "featureIds": [pool["id"], gym["id"]] })).await;
        assert_eq!(status, Status::Ok);
        let property = app.get(&format!("/api/properties/{id}")).await.1;

        // A feature trashed first takes its assignment along: it stays off the listing until it comes back.
        trashed(&app, &format!("/api/property-features/{}", gym["id"])).await;
        trashed(&app, &format!("/api/properties/{id}")).await;
        assert_eq!(app.get(&format!("/api/properties/{id}")).await.0, Status::NotFound);
        assert_eq!(app.get(&format!("/api/public/properties/{id}")).await.0, Status::NotFound);
        assert_eq!(app.get("/api/properties?q=villa").await.1, json!([]));
        let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM property_images").fetch_one(app.pool()).await.expect("count");
        assert_eq!(kept, 0, "the images' rows are in the trash entry");

        assert_eq!(restore(&app, "property", &id).await.0, Status::Ok);
        assert_eq!(app.get(&format!("/api/properties/{id}")).await.1, property, "images and all, as it was");
        assert_eq!(app.get(&features).await.1, json!([selected[0].clone()]), "the pool, not the gym");
        assert_eq!(ids(&app.get("/api/properties?q=villa").await.1), [id.as_i64().expect("id")], "indexed again");

        // The feature comes back onto the listing, which is there again.
        assert_eq!(restore(&app, "propertyFeature", &gym["id"]).await.0, Status::Ok);
        assert_eq!(app.get(&features).await.1, selected);
    }

    async fn a_unique_value_is_free_while_in_the_trash_and_a_taken_one_refuses_the_restore(app) {
        app.login_admin().await;
        let jordan = created(&app, "/api/countries", json!({ "nameEn": "Jordan", "nameAr": "الأردن", "code": "JO" })).await;
        trashed(&app, &format!("/api/countries/{}", jordan["id"])).await;
        created(&app, "/api/countries", json!({ "nameEn": "Jordan", "nameAr": "الأردن", "code": "jo" })).await;
        let (status, refused) = restore(&app, "country", &jordan["id"]).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(refused["errors"], json!({ "code": rules::messages::country_code_taken("JO") }));
        let (_, page) = app.get("/api/trash?entity=country").await;
        assert_eq!(page[0]["id"], jordan["id"], "still in the trash");

        let user = created(&app, "/api/users", json!({
            "username": "lina", "password": "lina-pass-1", "confirmPassword": "lina-pass-1",
            "email": "lina@aqar.example", "fullName": "Lina", "isActive": true, "role": "user"
        })).await;
        trashed(&app, &format!("/api/users/{}", user["id"])).await;
        created(&app, "/api/users", json!({
            "username": "LINA", "password": "lina-pass-2", "confirmPassword": "lina-pass-2",
            "email": "lina2@aqar.example", "fullName": "Lina", "isActive": true, "role": "user"
        })).await;
        let (status, refused) = restore(&app, "user", &user["id"]).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(refused["errors"], json!({ "username": rules::messages::USERNAME_TAKEN }));

        let hero = json!({ "pageName": "index", "titleEn": "Hi", "titleAr": "أهلاً", "imageUrl": "https://images.example.com/a.jpg" });
        let first = created(&app, "/api/hero-images", hero.clone()).await;
        trashed(&app, &format!("/api/hero-images/{}", first["id"])).await;
        created(&app, "/api/hero-images", hero).await;
        let (status, refused) = restore(&app, "heroImage", &first["id"]).await;
        assert_eq!(status, Status::Conflict);
        assert!(refused["errors"]["pageName"].is_string(), "{refused}");
    }

    async fn a_record_whose_parent_is_gone_is_refused_naming_the_field(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let property = create_property(&app, full_form(&catalog, "Lone Villa")).await;
        trashed(&app, &format!("/api/properties/{}", property["id"])).await;
        trashed(&app, &format!("/api/regions/{}", catalog.region)).await;
        let (status, refused) = restore(&app, "property", &property["id"]).await;
        assert_eq!(status, Status::Conflict);
        assert_eq!(refused["errors"], json!({ "regionId": rules::messages::REGION_NOT_FOUND }));
        assert_eq!(restore(&app, "region", &json!(catalog.region)).await.0, Status::Ok);
        assert_eq!(restore(&app, "property", &property["id"]).await.0, Status::Ok);

        // The referential rules of a delete stand: a category in use is not moved.
        let (status, _) = delete_on(&app.client, &format!("/api/categories/{}", catalog.category)).await;
        assert_eq!(status, Status::Conflict);
    }

    async fn a_purge_is_final_by_hand_and_by_age(app) {
        app.login_admin().await;
        let land = created(&app, "/api/categories", json!({ "nameEn": "Land", "nameAr": "أراضٍ" })).await;
        trashed(&app, &format!("/api/categories/{}", land["id"])).await;
        let path = format!("/api/trash/category/{}", land["id"]);
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NotFound);
        assert_eq!(restore(&app, "category", &land["id"]).await.0, Status::NotFound);
        assert_eq!(history_actions(&app, "category", &land["id"]).await, ["create", "delete", "purge"]);

        let farm = created(&app, "/api/categories", json!({ "nameEn": "Farm", "nameAr": "مزرعة" })).await;
        trashed(&app, &format!("/api/categories/{}", farm["id"])).await;
        let settings = aqar::platform::config::Config::default();
        let now = aqar::platform::db::clock::now_epoch();
        let kept = aqar::platform::trash::prune(app.pool(), settings.trash_days, now + 29 * DAY).await.expect("prunes");
        assert_eq!(kept, 0, "29 days on, it is still kept");
        let (_, page) = app.get("/api/trash").await;
        assert_eq!(ids(&page), [farm["id"].as_i64().expect("id")]);
        // The periodic sweep, its clock 31 days on (which also ends the session).
        let swept = aqar::platform::jobs::sweep(app.pool(), &settings, now + 31 * DAY).await.expect("sweeps");
        assert_eq!(swept.trashed, 1, "31 days on, it is purged");
        app.login_admin().await;
        assert_eq!(app.get("/api/trash").await.1, json!([]));
        let (_, history) = app.get(&format!("/api/history?entity=category&id={}", farm["id"])).await;
        assert_eq!(history[0]["action"], "purge");
        assert_eq!(history[0]["username"], Value::Null, "by the server");
        assert_eq!(history[0]["label"], "Farm");
    }

    async fn whoever_deleted_a_record_may_undo_it_and_only_admins_see_and_purge_the_trash(app) {
        app.login_admin().await;
        let staff = user_client(&app, "staff", "user").await;
        let other = user_client(&app, "other", "user").await;
        let land = created(&app, "/api/categories", json!({ "nameEn": "Land", "nameAr": "أراضٍ" })).await;
        let (status, batch) = delete_on(&staff, &format!("/api/categories/{}", land["id"])).await;
        assert_eq!(status, Status::NoContent);
        let batch = batch.expect("a batch");

        assert_eq!(other.get("/api/trash").dispatch().await.status(), Status::Forbidden);
        let restore_path = format!("/api/trash/batches/{batch}/restore");
        let (status, refused) = read(other.post(restore_path.clone()).dispatch().await).await;
        assert_eq!(status, Status::Forbidden);
        assert_eq!(refused["message"], rules::messages::RESTORE_NOT_ALLOWED);
        let purge = format!("/api/trash/category/{}", land["id"]);
        assert_eq!(staff.delete(purge).dispatch().await.status(), Status::Forbidden);

        let (status, answer) = read(staff.post(restore_path).header(Header::new("Accept", "application/json")).dispatch().await).await;
        assert_eq!((status, answer), (Status::Ok, json!({ "restored": 1 })));
        let (_, history) = app.get(&format!("/api/history?entity=category&id={}", land["id"])).await;
        assert_eq!((history[0]["action"].clone(), history[0]["username"].clone()), (json!("restore"), json!("staff")));
    }

    async fn the_values_editor_keeps_the_sections_it_replaces_in_the_trash(app) {
        app.login_admin().await;
        let form = |titles: &[&str]| {
            let values: Vec<Value> = titles
                .iter()
                .map(|t| json!({ "titleEn": t, "titleAr": "قيمة", "contentEn": "c", "contentAr": "م" }))
                .collect();
            json!({ "sectionTitleEn": "Our Values", "sectionTitleAr": "قيمنا", "sectionSubtitleEn": "s", "sectionSubtitleAr": "س", "values": values })
        };
        let (status, first) = app.send(Method::Put, "/api/about-sections/values", form(&["Trust", "Care"])).await;
        assert_eq!(status, Status::Ok, "{first}");
        let (status, _) = app.send(Method::Put, "/api/about-sections/values", form(&["Speed"])).await;
        assert_eq!(status, Status::Ok);
        let (_, page) = app.get("/api/trash?entity=aboutSection").await;
        assert_eq!(page.as_array().map(Vec::len), Some(2));
        assert_eq!(page[0]["batch"], page[1]["batch"], "one save, one batch");
        let (_, found) = app.get("/api/trash?q=CARE").await;
        assert_eq!(found.as_array().map(Vec::len), Some(1), "searched by folded name: {page}");
    }
}
