//! Restoring an earlier version from the history (issue 24): the version a change left is
//! rebuilt and written back through the area's own update, so the rules refuse what they
//! refuse today, If-Match guards it and the restore is itself a recorded update.

use rocket::http::{Header, Method, Status};
use serde_json::{json, Value};

use crate::helpers::{read, TestApp};
use crate::properties::{catalog, create_property, created, full_form};

async fn history_of(app: &TestApp, entity: &str, id: &Value) -> Vec<Value> {
    let (status, entries) = app.get(&format!("/api/history?entity={entity}&id={id}")).await;
    assert_eq!(status, Status::Ok, "{entries}");
    entries.as_array().cloned().unwrap_or_default()
}

/// The `nth_oldest` row of a record's history, counting from 0.
async fn row(app: &TestApp, entity: &str, id: &Value, nth_oldest: usize) -> Value {
    let mut entries = history_of(app, entity, id).await;
    entries.reverse();
    entries[nth_oldest].clone()
}

async fn preview(app: &TestApp, entry: &Value) -> (Status, Value) {
    app.get(&format!("/api/history/{}/restore", entry["id"])).await
}

async fn restore(app: &TestApp, entry: &Value, if_match: Option<i64>) -> (Status, Value) {
    let mut request = app.client.post(format!("/api/history/{}/restore", entry["id"]));
    if let Some(version) = if_match {
        request = request.header(Header::new("If-Match", format!("\"{version}\"")));
    }
    read(request.dispatch().await).await
}

fn fields(answer: &Value) -> Vec<&str> {
    answer["changes"].as_array().into_iter().flatten().filter_map(|c| c["field"].as_str()).collect()
}

async fn put(app: &TestApp, path: &str, body: Value) -> Value {
    let (status, record) = app.send(Method::Put, path, body).await;
    assert_eq!(status, Status::Ok, "{path}: {record}");
    record
}

both_databases! {
    async fn a_listing_comes_back_with_its_features_and_both_languages(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let property = create_property(&app, full_form(&catalog, "Sea view villa")).await;
        let path = format!("/api/properties/{}", property["id"]);
        let feature = |name: &str| json!({ "nameEn": name, "nameAr": "ميزة", "icon": "fi fi-rr-star", "category": "luxury" });
        let pool = created(&app, "/api/property-features", feature("Pool")).await;
        let garden = created(&app, "/api/property-features", feature("Garden")).await;
        let (status, _) = app.send(Method::Post, &format!("{path}/features"), json!({ "featureIds": [pool["id"]] })).await;
        assert_eq!(status, Status::Ok);
        let mut edited = full_form(&catalog, "Villa, price cut");
        edited["titleAr"] = json!("فيلا بسعر مخفض");
        edited["price"] = json!(199000.5);
        edited["images"] = json!(["/media/bbbb.jpg"]);
        put(&app, &path, edited).await;
        let (status, _) = app.send(Method::Post, &format!("{path}/features"), json!({ "featureIds": [garden["id"]] })).await;
        assert_eq!(status, Status::Ok);

        let with_pool = row(&app, "property", &property["id"], 1).await;
        let (status, plan) = preview(&app, &with_pool).await;
        assert_eq!(status, Status::Ok, "{plan}");
        assert_eq!(plan["version"], 2, "the version now, for If-Match");
        assert_eq!(fields(&plan), ["featureIds", "images", "price", "titleAr", "titleEn"], "{plan}");
        let title = plan["changes"].as_array().and_then(|c| c.iter().find(|c| c["field"] == "titleAr")).cloned();
        assert_eq!(title, Some(json!({ "field": "titleAr", "old": "فيلا بسعر مخفض", "new": "فيلا بإطلالة بحرية" })));

        let (status, restored) = restore(&app, &with_pool, Some(2)).await;
        assert_eq!(status, Status::Ok, "{restored}");
        assert_eq!(restored["version"], 3);
        let (_, now) = app.get(&path).await;
        assert_eq!(now["titleEn"], "Sea view villa");
        assert_eq!(now["titleAr"], "فيلا بإطلالة بحرية");
        assert_eq!(now["price"], 250000.0);
        assert_eq!(now["images"], full_form(&catalog, "")["images"]);
        let (_, features) = app.get(&format!("{path}/features")).await;
        assert_eq!(features.as_array().map(|f| f.iter().map(|f| f["id"].clone()).collect::<Vec<_>>()), Some(vec![pool["id"].clone()]));

        let entries = history_of(&app, "property", &property["id"]).await;
        assert_eq!(entries[0]["changes"], json!([{ "field": "featureIds", "old": [garden["id"]], "new": [pool["id"]] }]));
        assert_eq!(entries[1]["action"], "update", "the restore is an update like any save");
        assert!(fields(&entries[1]).contains(&"titleAr"), "{}", entries[1]);
    }

    async fn a_category_a_user_and_a_team_member_come_back(app) {
        app.login_admin().await;
        let category = created(&app, "/api/categories", json!({ "nameEn": "Villas", "nameAr": "فلل", "descriptionEn": "Big" })).await;
        let path = format!("/api/categories/{}", category["id"]);
        put(&app, &path, json!({ "nameEn": "Villas & Chalets", "nameAr": "فلل وشاليهات" })).await;
        let (status, answer) = restore(&app, &row(&app, "category", &category["id"], 0).await, None).await;
        assert_eq!(status, Status::Ok, "{answer}");
        assert_eq!(fields(&answer), ["descriptionEn", "nameAr", "nameEn"]);
        let (_, now) = app.get("/api/categories").await;
        assert_eq!(now[0]["nameAr"], "فلل");
        assert_eq!(now[0]["descriptionEn"], "Big");
        assert_eq!(now[0]["version"], 3);

        let lina = created(&app, "/api/users", json!({
            "username": "lina", "password": "lina-pass-1", "confirmPassword": "lina-pass-1",
            "email": "lina@example.com", "fullName": "Lina", "role": "user", "isActive": true
        })).await;
        let user_path = format!("/api/users/{}", lina["id"]);
        put(&app, &user_path, json!({
            "username": "lina.h", "password": "", "email": "lina.h@example.com", "fullName": "Lina H.", "role": "admin", "isActive": false
        })).await;
        let (status, answer) = restore(&app, &row(&app, "user", &lina["id"], 0).await, None).await;
        assert_eq!(status, Status::Ok, "{answer}");
        let (_, users) = app.get("/api/users").await;
        let now = users.as_array().and_then(|u| u.iter().find(|u| u["id"] == lina["id"]).cloned()).unwrap_or_default();
        assert_eq!((&now["username"], &now["fullName"], &now["role"], &now["isActive"]), (&json!("lina"), &json!("Lina"), &json!("user"), &json!(true)));
        assert_eq!(app.login("lina", "lina-pass-1").await.status(), Status::Ok, "the password was kept");

        app.login_admin().await;
        let member = json!({
            "nameEn": "Sara", "nameAr": "سارة", "positionEn": "Agent", "positionAr": "وكيلة",
            "descriptionEn": "Sells homes", "descriptionAr": "تبيع المنازل", "specializations": ["Villas"]
        });
        let sara = created(&app, "/api/team-members", member.clone()).await;
        let mut promoted = member;
        promoted["positionEn"] = json!("Head of sales");
        promoted["positionAr"] = json!("مديرة المبيعات");
        promoted["specializations"] = json!(["Villas", "Land"]);
        put(&app, &format!("/api/team-members/{}", sara["id"]), promoted).await;
        let (status, answer) = restore(&app, &row(&app, "teamMember", &sara["id"], 0).await, None).await;
        assert_eq!(status, Status::Ok, "{answer}");
        let (_, team) = app.get("/api/team-members").await;
        assert_eq!((&team[0]["positionAr"], &team[0]["specializations"]), (&json!("وكيلة"), &json!(["Villas"])));
    }

    async fn a_version_naming_a_deleted_category_is_refused_with_the_rules_message(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let property = create_property(&app, full_form(&catalog, "Sea view villa")).await;
        let path = format!("/api/properties/{}", property["id"]);
        let offices = created(&app, "/api/categories", json!({ "nameEn": "Offices", "nameAr": "مكاتب" })).await;
        let mut moved = full_form(&catalog, "Sea view villa");
        moved["categoryId"] = offices["id"].clone();
        put(&app, &path, moved).await;
        let (status, _) = app.send(Method::Delete, &format!("/api/categories/{}", catalog.category), Value::Null).await;
        assert_eq!(status, Status::NoContent);
        let before = history_of(&app, "property", &property["id"]).await.len();

        let (status, answer) = restore(&app, &row(&app, "property", &property["id"], 0).await, None).await;
        assert_eq!(status, Status::Conflict, "{answer}");
        assert_eq!(answer["errors"], json!({ "categoryId": rules::messages::CATEGORY_NOT_FOUND }));
        let (_, now) = app.get(&path).await;
        assert_eq!((&now["categoryId"], &now["version"]), (&offices["id"], &json!(2)), "nothing written");
        assert_eq!(history_of(&app, "property", &property["id"]).await.len(), before, "nothing recorded");
    }

    async fn a_stale_if_match_is_412_and_without_one_the_version_read_is_expected(app) {
        app.login_admin().await;
        let category = created(&app, "/api/categories", json!({ "nameEn": "Villas", "nameAr": "فلل" })).await;
        let path = format!("/api/categories/{}", category["id"]);
        put(&app, &path, json!({ "nameEn": "Chalets", "nameAr": "شاليهات" })).await;
        let first = row(&app, "category", &category["id"], 0).await;
        let (_, plan) = preview(&app, &first).await;
        assert_eq!(plan["version"], 2);
        put(&app, &path, json!({ "nameEn": "Cabins", "nameAr": "أكواخ" })).await;

        let (status, answer) = restore(&app, &first, Some(2)).await;
        assert_eq!(status, Status::PreconditionFailed, "{answer}");
        assert_eq!(answer["current"]["nameEn"], "Cabins", "the record as it is now");
        assert_eq!(history_of(&app, "category", &category["id"]).await.len(), 3, "nothing recorded");

        let (status, answer) = restore(&app, &first, None).await;
        assert_eq!(status, Status::Ok, "{answer}");
        assert_eq!(answer["changes"], json!([
            { "field": "nameAr", "old": "أكواخ", "new": "فلل" },
            { "field": "nameEn", "old": "Cabins", "new": "Villas" }
        ]));
    }

    async fn what_is_no_version_of_a_record_is_refused(app) {
        app.login_admin().await;
        let (status, _) = app.get("/api/history/999999/restore").await;
        assert_eq!(status, Status::NotFound);
        let category = created(&app, "/api/categories", json!({ "nameEn": "Villas", "nameAr": "فلل" })).await;
        let path = format!("/api/categories/{}", category["id"]);
        assert_eq!(app.send(Method::Delete, &path, Value::Null).await.0, Status::NoContent);
        let (status, answer) = restore(&app, &row(&app, "category", &category["id"], 0).await, None).await;
        assert_eq!((status, &answer["message"]), (Status::NotFound, &json!(rules::messages::RESTORE_RECORD_GONE)));
        let (status, answer) = preview(&app, &row(&app, "category", &category["id"], 1).await).await;
        assert_eq!((status, &answer["message"]), (Status::Conflict, &json!(rules::messages::RESTORE_DELETION)));

        // Before the trash, 'Delete All' left one row for every request, as record 0: such
        // rows stay in upgraded databases' histories.
        sqlx::query(
            "INSERT INTO history (at, user_id, username, entity, record_id, action, label, changes) \
             VALUES ('2025-01-01T00:00:00Z', NULL, 'admin', 'contactRequest', 0, 'delete', 'All contact requests (1)', '[]')",
        )
        .execute(app.pool())
        .await
        .expect("an old 'Delete All' row");
        let (_, entries) = app.get("/api/history?entity=contactRequest").await;
        let all = entries.as_array().and_then(|e| e.iter().find(|e| e["recordId"] == 0).cloned()).unwrap_or_default();
        let (status, answer) = restore(&app, &all, None).await;
        assert_eq!((status, &answer["message"]), (Status::Conflict, &json!(rules::messages::RESTORE_MANY_RECORDS)));
    }

    async fn restoring_is_for_administrators(app) {
        app.login_admin().await;
        let category = created(&app, "/api/categories", json!({ "nameEn": "Villas", "nameAr": "فلل" })).await;
        let first = row(&app, "category", &category["id"], 0).await;
        crate::history::sign_in_plain_user(&app).await;
        assert_eq!(preview(&app, &first).await.0, Status::Forbidden);
        assert_eq!(restore(&app, &first, None).await.0, Status::Forbidden);
    }
}
