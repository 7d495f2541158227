//! Two-factor sign-in (issue 42, docs/adr/0032): enrolment from 'Your account', the code
//! after the password before any session, recovery codes, codes never accepted twice, wrong
//! codes throttled, trusted devices, each `AQAR_2FA` policy with the administrators' grace,
//! and the resets by an admin and from the shell.

use std::net::SocketAddr;

use aqar::platform::auth::two_factor::totp;
use aqar::platform::db::clock;
use rocket::http::{ContentType, Method, Status};
use rocket::local::asynchronous::Client;
use serde_json::{json, Value};

use crate::helpers::{read, TestApp, ADMIN, ADMIN_PASSWORD};

const LINA: &str = "lina";
const LINA_PASSWORD: &str = "lina-pass-1";
const GRACE_SECS: i64 = 7 * 24 * 3600;

/// The code the app shows one step ahead: accepted (the window is one step either side)
/// and newer than any step accepted so far in the test.
fn next_code(secret: &str) -> String {
    totp::code_at(secret, clock::now_epoch() + totp::STEP_SECS).expect("a code")
}

async fn sign_in(client: &Client, username: &str, password: &str) -> (Status, Value) {
    let request = client
        .post("/api/login")
        .remote(SocketAddr::from(([203, 0, 113, 7], 41000)))
        .header(ContentType::JSON)
        .body(json!({ "username": username, "password": password }).to_string());
    read(request.dispatch().await).await
}

async fn second_factor(app: &TestApp, code: &str, trust_device: bool) -> (Status, Value) {
    app.send(Method::Post, "/api/login/second-factor", json!({ "code": code, "trustDevice": trust_device }))
        .await
}

/// Enrols the signed-in user's authenticator from 'Your account'; answers its secret and
/// recovery codes.
async fn enrol(app: &TestApp) -> (String, Vec<String>) {
    let (status, setup) = app.send(Method::Post, "/api/account/two-factor/setup", json!({})).await;
    assert_eq!(status, Status::Ok, "{setup}");
    let secret = setup["secret"].as_str().expect("the secret as text").to_owned();
    assert!(setup["qrSvg"].as_str().is_some_and(|svg| svg.contains("<svg")), "a QR code");
    assert!(setup["uri"].as_str().is_some_and(|uri| uri.starts_with("otpauth://totp/Aqar")));
    let code = totp::code_at(&secret, clock::now_epoch()).expect("a code");
    let (status, confirmed) =
        app.send(Method::Post, "/api/account/two-factor", json!({ "code": code })).await;
    assert_eq!(status, Status::Ok, "{confirmed}");
    let codes: Vec<String> = confirmed["codes"]
        .as_array()
        .expect("codes")
        .iter()
        .map(|c| c.as_str().expect("text").to_owned())
        .collect();
    (secret, codes)
}

async fn create_lina(app: &TestApp, role: &str) -> i64 {
    let lina = json!({
        "username": LINA, "password": LINA_PASSWORD, "confirmPassword": LINA_PASSWORD,
        "role": role, "isActive": true
    });
    let (status, created) = app.send(Method::Post, "/api/users", lina).await;
    assert_eq!(status, Status::Created, "{created}");
    created["id"].as_i64().expect("id")
}

async fn signed_in(app: &TestApp) -> bool {
    app.get("/api/user").await.0 == Status::Ok
}

async fn sign_out(app: &TestApp) {
    app.send(Method::Post, "/api/logout", json!({})).await;
    assert!(!signed_in(app).await);
}

both_databases! {
    async fn after_enrolling_the_password_alone_starts_no_session_until_a_code_is_given(app) {
        app.login_admin().await;
        let (secret, codes) = enrol(&app).await;
        assert_eq!(codes.len(), 10, "ten recovery codes");
        let (_, status) = app.get("/api/account/two-factor").await;
        assert_eq!((status["enabled"].clone(), status["recoveryCodesLeft"].clone()), (json!(true), json!(10)));
        sign_out(&app).await;

        let (status, asked) = sign_in(&app.client, ADMIN, ADMIN_PASSWORD).await;
        assert_eq!(status, Status::Accepted, "{asked}");
        assert_eq!(asked, json!({ "secondFactor": "code" }));
        assert!(!signed_in(&app).await, "no session after the password alone");
        let sessions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sessions").fetch_one(app.pool()).await.expect("count");
        assert_eq!(sessions, 0, "not even a row");

        let (status, body) = second_factor(&app, "000000", false).await;
        assert_eq!(status, Status::UnprocessableEntity, "{body}");
        assert_eq!(body["errors"]["code"], rules::messages::SECOND_FACTOR_CODE_WRONG);
        assert!(!signed_in(&app).await);
        let (status, user) = second_factor(&app, &next_code(&secret), false).await;
        assert_eq!(status, Status::Ok, "{user}");
        assert_eq!(user["username"], ADMIN);
        assert!(user["twoFactorSince"].is_string());
        assert!(signed_in(&app).await);
    }

    async fn a_code_is_never_accepted_twice(app) {
        app.login_admin().await;
        let (secret, _) = enrol(&app).await;
        sign_out(&app).await;
        let code = next_code(&secret);
        assert_eq!(sign_in(&app.client, ADMIN, ADMIN_PASSWORD).await.0, Status::Accepted);
        assert_eq!(second_factor(&app, &code, false).await.0, Status::Ok);
        sign_out(&app).await;
        assert_eq!(sign_in(&app.client, ADMIN, ADMIN_PASSWORD).await.0, Status::Accepted);
        let (status, body) = second_factor(&app, &code, false).await;
        assert_eq!(status, Status::UnprocessableEntity, "the same code again: {body}");
        assert!(!signed_in(&app).await);
    }

    async fn the_first_code_of_an_enrolment_cannot_sign_in_again(app) {
        app.login_admin().await;
        let (status, setup) = app.send(Method::Post, "/api/account/two-factor/setup", json!({})).await;
        assert_eq!(status, Status::Ok);
        let secret = setup["secret"].as_str().expect("secret").to_owned();
        let code = totp::code_at(&secret, clock::now_epoch()).expect("code");
        assert_eq!(app.send(Method::Post, "/api/account/two-factor", json!({ "code": code })).await.0, Status::Ok);
        sign_out(&app).await;
        assert_eq!(sign_in(&app.client, ADMIN, ADMIN_PASSWORD).await.0, Status::Accepted);
        assert_eq!(second_factor(&app, &code, false).await.0, Status::UnprocessableEntity);
    }

    async fn a_recovery_code_signs_in_once_however_it_is_typed(app) {
        app.login_admin().await;
        let (_, codes) = enrol(&app).await;
        sign_out(&app).await;
        let typed = codes[3].replace('-', " ").to_lowercase();
        assert_eq!(sign_in(&app.client, ADMIN, ADMIN_PASSWORD).await.0, Status::Accepted);
        let (status, body) = second_factor(&app, &typed, false).await;
        assert_eq!(status, Status::Ok, "{body}");
        let (_, state) = app.get("/api/account/two-factor").await;
        assert_eq!(state["recoveryCodesLeft"], 9);
        sign_out(&app).await;
        assert_eq!(sign_in(&app.client, ADMIN, ADMIN_PASSWORD).await.0, Status::Accepted);
        assert_eq!(second_factor(&app, &codes[3], false).await.0, Status::UnprocessableEntity, "used once");
        assert_eq!(second_factor(&app, "AAAA-BBBB-CCCC-DDDD", false).await.0, Status::UnprocessableEntity);
        assert_eq!(second_factor(&app, &codes[4], false).await.0, Status::Ok);
    }

    async fn wrong_codes_count_toward_the_sign_in_throttle(app) {
        app.login_admin().await;
        let (secret, _) = enrol(&app).await;
        sign_out(&app).await;
        assert_eq!(sign_in(&app.client, ADMIN, ADMIN_PASSWORD).await.0, Status::Accepted);
        // The right password stays counted until its code: 1 failure, then 4 wrong codes.
        for _ in 0..4 {
            assert_eq!(second_factor(&app, "123456", false).await.0, Status::UnprocessableEntity);
        }
        let (status, body) = second_factor(&app, &next_code(&secret), false).await;
        assert_eq!(status, Status::TooManyRequests, "the fifth failure locks: {body}");
        assert_eq!(sign_in(&app.client, ADMIN, ADMIN_PASSWORD).await.0, Status::TooManyRequests);
        assert!(!signed_in(&app).await);
    }

    async fn a_sign_in_awaiting_its_code_expires_after_five_minutes(app) {
        app.login_admin().await;
        let (secret, _) = enrol(&app).await;
        sign_out(&app).await;
        assert_eq!(sign_in(&app.client, ADMIN, ADMIN_PASSWORD).await.0, Status::Accepted);
        sqlx::query("UPDATE sign_in_challenges SET created_epoch = created_epoch - 301")
            .execute(app.pool())
            .await
            .expect("aged");
        let (status, body) = second_factor(&app, &next_code(&secret), false).await;
        assert_eq!(status, Status::Unauthorized);
        assert_eq!(body["message"], rules::messages::SECOND_FACTOR_SIGN_IN_EXPIRED);
    }

    async fn a_trusted_device_skips_the_code_for_30_days_and_no_other_does(app) {
        app.login_admin().await;
        let (secret, _) = enrol(&app).await;
        sign_out(&app).await;
        assert_eq!(sign_in(&app.client, ADMIN, ADMIN_PASSWORD).await.0, Status::Accepted);
        assert_eq!(second_factor(&app, &next_code(&secret), true).await.0, Status::Ok);
        sign_out(&app).await;
        let (status, body) = sign_in(&app.client, ADMIN, ADMIN_PASSWORD).await;
        assert_eq!(status, Status::Ok, "the trusted browser signs in with the password: {body}");
        sign_out(&app).await;

        let elsewhere = app.another_server().await;
        assert_eq!(sign_in(&elsewhere, ADMIN, ADMIN_PASSWORD).await.0, Status::Accepted, "another browser is asked");

        let until: i64 = sqlx::query_scalar("SELECT trusted_until FROM trusted_devices").fetch_one(app.pool()).await.expect("trust");
        let days = (until - clock::now_epoch() + 60) / 86_400;
        assert_eq!(days, 30);
        sqlx::query("UPDATE trusted_devices SET trusted_until = $1").bind(clock::now_epoch() - 1).execute(app.pool()).await.expect("ended");
        assert_eq!(sign_in(&app.client, ADMIN, ADMIN_PASSWORD).await.0, Status::Accepted, "after 30 days it is asked again");
    }

    async fn policy_off_asks_no_code_and_offers_no_enrolment(app) {
        app.login_admin().await;
        let (_, _) = enrol(&app).await;
        sign_out(&app).await;
        let off = app.another_server_with(|figment| figment.merge(("aqar.2fa", "off"))).await;
        let (status, _) = sign_in(&off, ADMIN, ADMIN_PASSWORD).await;
        assert_eq!(status, Status::Ok, "off: the password alone");
        let response = off.post("/api/account/two-factor/setup").dispatch().await;
        assert_eq!(response.status(), Status::Forbidden);
    }

    async fn policy_optional_never_requires_a_second_factor(app) {
        app.login_admin().await;
        let (_, state) = app.get("/api/account/two-factor").await;
        assert_eq!(state["policy"], "optional");
        assert_eq!(state["required"], false);
        assert_eq!(state["enrolBy"], Value::Null);
    }

    async fn admins_get_seven_days_from_their_next_sign_in_and_are_told_so_each_time(app) {
        let admins = app.another_server_with(|figment| figment.merge(("aqar.2fa", "admins"))).await;
        let (status, _) = sign_in(&admins, ADMIN, ADMIN_PASSWORD).await;
        assert_eq!(status, Status::Ok, "within the grace period the password signs in");
        let (_, state) = read(admins.get("/api/account/two-factor").dispatch().await).await;
        assert_eq!((state["policy"].clone(), state["required"].clone()), (json!("admins"), json!(true)));
        let enrol_by = state["enrolBy"].as_str().expect("a date to enrol by").to_owned();
        let due: i64 = sqlx::query_scalar("SELECT two_factor_due_epoch FROM users WHERE username = $1")
            .bind(ADMIN).fetch_one(app.pool()).await.expect("due");
        assert!((due - clock::now_epoch() - GRACE_SECS).abs() < 60, "seven days from this sign-in");
        assert_eq!(enrol_by, clock::text_of(due));
        assert_eq!(sign_in(&admins, ADMIN, ADMIN_PASSWORD).await.0, Status::Ok);
        let (_, again) = read(admins.get("/api/account/two-factor").dispatch().await).await;
        assert_eq!(again["enrolBy"], enrol_by.as_str(), "the grace counts from the first sign-in, and is told again");

        // A plain user is not required to enrol under `admins`.
        app.login_admin().await;
        create_lina(&app, "user").await;
        assert_eq!(sign_in(&admins, LINA, LINA_PASSWORD).await.0, Status::Ok);
        let (_, lina) = read(admins.get("/api/account/two-factor").dispatch().await).await;
        assert_eq!((lina["required"].clone(), lina["enrolBy"].clone()), (json!(false), Value::Null));

        // Once the grace ran out, the admin's open session ends and a sign-in must enrol.
        assert_eq!(sign_in(&admins, ADMIN, ADMIN_PASSWORD).await.0, Status::Ok);
        sqlx::query("UPDATE users SET two_factor_due_epoch = $1 WHERE username = $2")
            .bind(clock::now_epoch() - 1).bind(ADMIN).execute(app.pool()).await.expect("overdue");
        let (status, body) = read(admins.get("/api/user").dispatch().await).await;
        assert_eq!(status, Status::Unauthorized, "{body}");
        let (status, asked) = sign_in(&admins, ADMIN, ADMIN_PASSWORD).await;
        assert_eq!((status, asked), (Status::Accepted, json!({ "secondFactor": "enrol" })));
        assert_eq!(admins.get("/api/user").dispatch().await.status(), Status::Unauthorized);
    }

    async fn policy_all_enrols_everyone_at_sign_in_before_any_session(app) {
        app.login_admin().await;
        create_lina(&app, "user").await;
        let all = app.another_server_with(|figment| figment.merge(("aqar.2fa", "all"))).await;
        let (status, asked) = sign_in(&all, LINA, LINA_PASSWORD).await;
        assert_eq!((status, asked), (Status::Accepted, json!({ "secondFactor": "enrol" })));
        assert_eq!(all.get("/api/user").dispatch().await.status(), Status::Unauthorized);
        let (status, code_step) = read(all.post("/api/login/second-factor").header(ContentType::JSON)
            .body(json!({ "code": "123456" }).to_string()).dispatch().await).await;
        assert_eq!(status, Status::UnprocessableEntity, "no code before an enrolment: {code_step}");
        let (status, setup) = read(all.post("/api/login/second-factor/setup").dispatch().await).await;
        assert_eq!(status, Status::Ok, "{setup}");
        let secret = setup["secret"].as_str().expect("secret");
        let code = totp::code_at(secret, clock::now_epoch()).expect("code");
        let (status, enrolled) = read(all.post("/api/login/second-factor/enrol").header(ContentType::JSON)
            .body(json!({ "code": code }).to_string()).dispatch().await).await;
        assert_eq!(status, Status::Ok, "{enrolled}");
        assert_eq!(enrolled["user"]["username"], LINA);
        assert_eq!(enrolled["recoveryCodes"].as_array().map(Vec::len), Some(10));
        assert_eq!(all.get("/api/user").dispatch().await.status(), Status::Ok, "signed in once enrolled");
    }

    async fn an_admin_resets_a_users_second_factor_in_the_history(app) {
        app.login_admin().await;
        let lina = create_lina(&app, "user").await;
        assert_eq!(sign_in(&app.client, LINA, LINA_PASSWORD).await.0, Status::Ok);
        enrol(&app).await;
        let (status, body) = app.send(Method::Delete, &format!("/api/users/{lina}/two-factor"), json!({})).await;
        assert_eq!(status, Status::Forbidden, "a plain user cannot: {body}");
        sign_out(&app).await;

        app.login_admin().await;
        let (status, user) = app.send(Method::Delete, &format!("/api/users/{lina}/two-factor"), json!({})).await;
        assert_eq!(status, Status::Ok, "{user}");
        assert_eq!(user["twoFactorSince"], Value::Null);
        let (_, history) = app.get(&format!("/api/history?entity=user&id={lina}")).await;
        let reset = &history.as_array().expect("entries")[0];
        assert_eq!(reset["username"], ADMIN);
        assert!(reset["changes"].as_array().expect("changes").iter().any(|c| c["field"] == "twoFactorSince" && c["new"].is_null()));
        sign_out(&app).await;
        assert_eq!(sign_in(&app.client, LINA, LINA_PASSWORD).await.0, Status::Ok, "the password alone again");
        let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM recovery_codes").fetch_one(app.pool()).await.expect("count");
        assert_eq!(left, 0, "the recovery codes went with it");
    }

    async fn reset_2fa_from_the_shell_lets_the_last_admin_enrol_again(app) {
        let admins = app.another_server_with(|figment| figment.merge(("aqar.2fa", "admins"))).await;
        assert_eq!(sign_in(&admins, ADMIN, ADMIN_PASSWORD).await.0, Status::Ok);
        let (_, setup) = read(admins.post("/api/account/two-factor/setup").dispatch().await).await;
        let code = totp::code_at(setup["secret"].as_str().expect("secret"), clock::now_epoch()).expect("code");
        let response = admins.post("/api/account/two-factor").header(ContentType::JSON)
            .body(json!({ "code": code }).to_string()).dispatch().await;
        assert_eq!(response.status(), Status::Ok);

        let figment = rocket::figment::Figment::new()
            .merge(("databases.aqar.url", app.database_url()))
            .merge(("aqar.2fa", "admins"));
        aqar::areas::users::command::run(&figment, "ADMIN").await.expect("reset");
        let missing = aqar::areas::users::command::run(&figment, "nobody").await;
        assert_eq!(missing, Err("no user is called 'nobody'".into()));

        let (status, asked) = sign_in(&admins, ADMIN, ADMIN_PASSWORD).await;
        assert_eq!((status, asked), (Status::Accepted, json!({ "secondFactor": "enrol" })), "an admin enrols again at once");
        let (action, username): (String, Option<String>) =
            sqlx::query_as("SELECT action, username FROM history WHERE entity = 'user' ORDER BY id DESC LIMIT 1")
                .fetch_one(app.pool()).await.expect("history");
        assert_eq!((action.as_str(), username), ("update", None), "recorded, by no user");
    }
}
