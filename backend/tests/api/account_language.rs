//! Each user's interface language and digits (issue 23): stored on the user, answered by
//! `GET /api/user`, changed by `PUT /api/account/preferences` with history, and the language
//! every error the server answers is written in.

use rocket::http::{ContentType, Header, Method, Status};
use serde_json::{json, Value};

use crate::helpers::{read, TestApp, ADMIN, ADMIN_PASSWORD};

const PREFERENCES: &str = "/api/account/preferences";

/// Sends `body` with an `Accept-Language` of `language`.
async fn send_in(app: &TestApp, method: Method, path: &str, body: Value, language: &str) -> (Status, Value) {
    let request = app
        .client
        .req(method, path.to_owned())
        .header(ContentType::JSON)
        .header(Header::new("Accept-Language", language.to_owned()))
        .body(body.to_string());
    read(request.dispatch().await).await
}

/// What the browser's rules (the same `call_in` `rules-wasm` exports) answer for `body`.
fn browser_errors(op: &str, body: &Value, language: &str) -> Value {
    let answer = rules::dispatch::call_in(op, &body.to_string(), language).expect("the rules answer");
    serde_json::from_str(&answer).expect("json")
}

async fn choose(app: &TestApp, language: &str) {
    let (status, user) =
        app.send(Method::Put, PREFERENCES, json!({ "language": language, "numerals": "latin" })).await;
    assert_eq!(status, Status::Ok, "{user}");
}

both_databases! {
    async fn a_user_starts_in_english_with_latin_digits_and_changes_both(app) {
        app.login_admin().await;
        let (status, me) = app.get("/api/user").await;
        assert_eq!(status, Status::Ok);
        assert_eq!((&me["language"], &me["numerals"]), (&json!("en"), &json!("latin")));

        let (status, updated) = app.send(Method::Put, PREFERENCES, json!({ "language": "ar", "numerals": "arabic" })).await;
        assert_eq!(status, Status::Ok, "{updated}");
        assert_eq!((&updated["language"], &updated["numerals"]), (&json!("ar"), &json!("arabic")));
        assert_eq!(updated["version"], me["version"].as_i64().expect("a version") + 1);
        let (_, me) = app.get("/api/user").await;
        assert_eq!(me, updated, "GET /api/user answers the stored choice");

        // Stored on the record: a new sign-in answers it too.
        app.client.post("/api/logout").dispatch().await;
        let (status, signed_in) = crate::helpers::read(app.login(ADMIN, ADMIN_PASSWORD).await).await;
        assert_eq!(status, Status::Ok);
        assert_eq!((&signed_in["language"], &signed_in["numerals"]), (&json!("ar"), &json!("arabic")));

        let (_, history) = app.get(&format!("/api/history?entity=user&id={}", me["id"])).await;
        assert_eq!(history[0]["action"], "update", "{history}");
        assert_eq!(
            history[0]["changes"],
            json!([
                { "field": "language", "old": "en", "new": "ar" },
                { "field": "numerals", "old": "latin", "new": "arabic" }
            ]),
            "{history}"
        );

        // The same choice again changes nothing and records nothing.
        let (status, same) = app.send(Method::Put, PREFERENCES, json!({ "language": "ar", "numerals": "arabic" })).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(same["version"], updated["version"]);
        let (_, again) = app.get(&format!("/api/history?entity=user&id={}", me["id"])).await;
        assert_eq!(again.as_array().map(Vec::len), history.as_array().map(Vec::len));
    }

    async fn an_unknown_or_missing_choice_is_a_422_naming_its_field(app) {
        app.login_admin().await;
        let (status, body) = app.send(Method::Put, PREFERENCES, json!({ "language": "fr", "numerals": "latin" })).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"], json!({ "language": "Please choose a value from the list" }));
        let (status, body) = app.send(Method::Put, PREFERENCES, json!({ "language": "en", "numerals": "roman" })).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"], json!({ "numerals": "Please choose a value from the list" }));
        let (status, body) = app.send(Method::Put, PREFERENCES, json!({})).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"], json!({ "language": "This field is required", "numerals": "This field is required" }));
        let (_, me) = app.get("/api/user").await;
        assert_eq!((&me["language"], &me["numerals"]), (&json!("en"), &json!("latin")), "nothing was stored");
    }

    async fn preferences_need_a_session(app) {
        let (status, _) = app.send(Method::Put, PREFERENCES, json!({ "language": "ar", "numerals": "latin" })).await;
        assert_eq!(status, Status::Unauthorized);
    }

    async fn an_arabic_user_gets_every_error_in_arabic_as_the_browser_shows_it(app) {
        app.login_admin().await;
        choose(&app, "ar").await;
        let empty = json!({ "nameEn": "", "nameAr": "" });
        // The stored language wins over the request's header.
        let (status, body) = send_in(&app, Method::Post, "/api/categories", empty.clone(), "en").await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"], json!({ "nameEn": "الاسم بالإنجليزية مطلوب", "nameAr": "الاسم بالعربية مطلوب" }));
        assert_eq!(body["message"], "بعض البيانات المدخلة غير صحيحة");
        assert_eq!(body["errors"], browser_errors("validate.category", &empty, "ar"), "server and browser agree");
        // A formatted message and a value outside a list, read through the rules' reading.
        let user = json!({ "username": "sam", "password": "short7!", "confirmPassword": "short7!", "role": "owner" });
        let (status, body) = app.send(Method::Post, "/api/users", user.clone()).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"], json!({ "role": "يرجى اختيار قيمة من القائمة", "password": "يجب ألا يقل الطول عن 8 أحرف" }));
        assert_eq!(body["errors"], browser_errors("validate.userCreate", &user, "ar"));
        // Refusals that are not of a payload: a missing record, a conflict.
        let (status, body) = app.send(Method::Delete, "/api/categories/999999", Value::Null).await;
        assert_eq!(status, Status::NotFound, "{body}");
        assert!(body["message"].as_str().is_some_and(|m| m.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))), "{body}");
        let (status, body) = app.send(Method::Put, PREFERENCES, json!({ "language": "fr", "numerals": "latin" })).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "language": "يرجى اختيار قيمة من القائمة" }));

        // Back to English: the next answer is English again, whatever the header says.
        choose(&app, "en").await;
        let (status, body) = send_in(&app, Method::Post, "/api/categories", empty.clone(), "ar").await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "nameEn": "English name is required", "nameAr": "Arabic name is required" }));
        assert_eq!(body["message"], "Validation failed");
        assert_eq!(body["errors"], browser_errors("validate.category", &empty, "en"));
    }

    async fn without_a_session_accept_language_chooses_and_english_is_the_default(app) {
        let empty = json!({ "username": "", "password": "" });
        let (status, body) = send_in(&app, Method::Post, "/api/login", empty.clone(), "ar-JO,en;q=0.5").await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "username": "اسم المستخدم مطلوب", "password": "كلمة المرور مطلوبة" }));
        assert_eq!(body["errors"], browser_errors("validate.signIn", &empty, "ar"));
        let (status, body) = send_in(&app, Method::Post, "/api/login", json!({ "username": ADMIN, "password": "nope" }), "ar").await;
        assert_eq!(status, Status::Unauthorized);
        assert_eq!(body["message"], "اسم المستخدم أو كلمة المرور غير صحيحة");
        let response = app.client.get("/api/user").header(Header::new("Accept-Language", "ar")).dispatch().await;
        let (status, body) = read(response).await;
        assert_eq!(status, Status::Unauthorized);
        assert_eq!(body["message"], "سجّل الدخول للمتابعة");

        // No header, or none of ours: English, as the API has always answered.
        let (status, body) = app.send(Method::Post, "/api/login", empty.clone()).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(body["errors"], json!({ "username": "Username is required", "password": "Password is required" }));
        assert_eq!(body["errors"], browser_errors("validate.signIn", &empty, "en"));
        let (_, body) = send_in(&app, Method::Post, "/api/login", json!({ "username": ADMIN, "password": "nope" }), "fr").await;
        assert_eq!(body["message"], "Invalid username or password");
    }

    async fn an_arabic_users_export_has_arabic_headers_and_file_name(app) {
        crate::contacts::stored(&app, "Rana", "2026-01-10T09:00:00Z").await;
        app.login_admin().await;
        choose(&app, "ar").await;
        let response = app.client.get("/api/contact-requests/export?period=all&now=2026-02-01T10:00:00").dispatch().await;
        assert_eq!(response.status(), Status::Ok);
        let disposition = response.headers().get_one("Content-Disposition").map(str::to_owned);
        // UTF-8 'طلبات_التواصل_الكل_2026-02-01.xlsx', with the English name for older clients.
        let arabic_name: String = "طلبات_التواصل_الكل_2026-02-01.xlsx"
            .bytes()
            .map(|b| if b.is_ascii_alphanumeric() || b"-._".contains(&b) { char::from(b).to_string() } else { format!("%{b:02X}") })
            .collect();
        assert_eq!(
            disposition,
            Some(format!("attachment; filename=\"contact_requests_all_2026-02-01.xlsx\"; filename*=UTF-8''{arabic_name}"))
        );
        let rows = crate::contacts_export::cells(&response.into_bytes().await.expect("a workbook"));
        let header: Vec<&str> = rows[0].iter().filter_map(|c| crate::contacts_export::text_of(c)).collect();
        assert_eq!(header, ["المعرّف", "الاسم", "البريد الإلكتروني", "الهاتف", "الموضوع", "الرسالة", "الحالة", "رقم العقار", "اللغة", "التاريخ"]);
        let status = rows[1].iter().find(|cell| cell.starts_with("r=\"G2\"")).expect("a status cell");
        assert_eq!(crate::contacts_export::text_of(status), Some("قيد الانتظار"), "the status in Arabic");

        let posted = json!({ "requests": [] });
        let response = app.client.post("/api/contact-requests/export").header(ContentType::JSON).body(posted.to_string()).dispatch().await;
        let disposition = response.headers().get_one("Content-Disposition").unwrap_or_default().to_owned();
        assert!(disposition.contains("filename*=UTF-8''%D8%B7%D9%84%D8%A8%D8%A7%D8%AA_"), "{disposition}");

        choose(&app, "en").await;
        let response = app.client.get("/api/contact-requests/export?period=all&now=2026-02-01T10:00:00").dispatch().await;
        assert_eq!(response.headers().get_one("Content-Disposition"), Some("attachment; filename=\"contact_requests_all_2026-02-01.xlsx\""));
        let rows = crate::contacts_export::cells(&response.into_bytes().await.expect("a workbook"));
        let header: Vec<&str> = rows[0].iter().filter_map(|c| crate::contacts_export::text_of(c)).collect();
        assert_eq!(header[0], "ID");
    }
}
