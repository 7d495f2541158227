//! The second factor of sign-in (issue 42, docs/adr/0032): the step after the password
//! (`/api/login/second-factor`), enrolling an authenticator from 'Your account' or, when the
//! policy requires one and none is enrolled, during sign-in, and the state of one's own.

use rocket::http::CookieJar;
use rocket::serde::json::Json;
use rocket::{get, post, State};
use rules::account::SecondFactorCode;
use schemars::JsonSchema;
use serde::Serialize;
use sqlx::AnyPool;

use super::{store as account, SignedIn};
use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::two_factor::challenge::SignInChallenge;
use crate::platform::auth::two_factor::{
    recovery_hash, store, totp, Enrolment, Policy, RecoveryCodes, SecondFactorStep, TwoFactorStatus,
};
use crate::platform::auth::user::User;
use crate::platform::auth::{device, session, throttle, CurrentUser};
use crate::platform::config::Config;
use crate::platform::db::{clock, Db};
use crate::platform::http::client::Client;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::Payload;
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            second_factor,
            Doc::new(
                "The second step of a sign-in the password began: a code of the authenticator app (once \
                 each, one 30-second step either side) or an unused recovery code; starts the session. \
                 Wrong codes are throttled as wrong passwords are. `trustDevice` skips this step on this \
                 browser for 30 days"
            )
            .takes::<SecondFactorCode>()
            .responds::<User>()
            .status(200)
            .fails(&[401, 429])
        ),
        endpoint!(
            sign_in_setup,
            Doc::new(
                "During a sign-in that must enrol a second factor first: a new secret for the authenticator \
                 app, with its QR code"
            )
            .responds::<Enrolment>()
            .status(200)
            .fails(&[401, 409])
        ),
        endpoint!(
            sign_in_enrol,
            Doc::new(
                "During a sign-in that must enrol a second factor first: confirms the secret with its first \
                 code, starts the session and answers the ten recovery codes, shown this once"
            )
            .takes::<SecondFactorCode>()
            .responds::<EnrolledSignIn>()
            .status(200)
            .fails(&[401, 409, 429])
        ),
        endpoint!(status, Doc::new("The signed-in user's second factor").responds::<TwoFactorStatus>()),
        endpoint!(
            setup,
            Doc::new(
                "Begins enrolling an authenticator app for the signed-in user: a new secret and its QR code, \
                 waiting for a first code"
            )
            .responds::<Enrolment>()
            .status(200)
            .fails(&[403, 409])
        ),
        endpoint!(
            confirm,
            Doc::new(
                "Confirms the enrolment with the app's first code; answers the ten recovery codes, shown this \
                 once. The account's other sessions end"
            )
            .takes::<SecondFactorCode>()
            .responds::<RecoveryCodes>()
            .status(200)
            .fails(&[403, 409])
        ),
    ]
}

const WRONG_CODE: &str = rules::messages::SECOND_FACTOR_CODE_WRONG;
const ALREADY_ON: &str = rules::messages::SECOND_FACTOR_ALREADY_ON;
const NOT_STARTED: &str = rules::messages::SECOND_FACTOR_NOT_STARTED;
const TURNED_OFF: &str = rules::messages::SECOND_FACTOR_TURNED_OFF;
const EXPIRED: &str = rules::messages::SECOND_FACTOR_SIGN_IN_EXPIRED;

fn wrong_code() -> ApiError {
    let mut errors = rules::FieldErrors::new();
    errors.add("code", WRONG_CODE);
    ApiError::validation(errors)
}

/// What a sign-in whose password was right still needs, if anything: a code when the account
/// has a second factor and this browser is not trusted to skip it, an enrolment when the
/// policy requires one now. An account the policy gives time to enrol starts that time here.
pub async fn step_after_password(
    pool: &AnyPool,
    policy: Policy,
    user: &User,
    known_device: Option<&str>,
) -> ApiResult<Option<SecondFactorStep>> {
    if policy == Policy::Off {
        return Ok(None);
    }
    let mut state = store::state(pool, user.id).await?;
    let now = clock::now_epoch();
    if state.enrolled() {
        let trusted = match known_device {
            Some(device) => store::trusted(pool, user.id, device, now).await?,
            None => false,
        };
        return Ok((!trusted).then_some(SecondFactorStep::Code));
    }
    if policy.requires(user) && policy.grace_secs() > 0 && state.due_epoch.is_none() {
        state.due_epoch = Some(store::start_grace(pool, user.id, now + policy.grace_secs()).await?);
    }
    Ok(state.overdue(policy, user, now).then_some(SecondFactorStep::Enrol))
}

/// The throttle's attempt for a code of the challenged account, judged as its passwords are.
async fn admitted(
    pool: &AnyPool,
    challenge: &SignInChallenge,
    client: &Client,
    jar: &CookieJar<'_>,
) -> ApiResult<(throttle::Attempt, String, Option<String>)> {
    let user = &challenge.user;
    let hash = account::password_hash(pool, user.id).await?.ok_or_else(|| ApiError::unauthorized(EXPIRED))?;
    let known_device = device::recognised(jar, user.id, &hash);
    let attempt = throttle::admit(pool, &user.username, client.address, known_device.as_deref()).await?;
    Ok((attempt, hash, known_device))
}

/// Whether `code` is the account's next authenticator code, or one of its unused recovery
/// codes; either is spent by being accepted.
async fn accepted(pool: &AnyPool, user_id: i64, code: &str) -> ApiResult<bool> {
    let state = store::state(pool, user_id).await?;
    let Some(secret) = state.secret else { return Ok(false) };
    let now = clock::now_epoch();
    if totp::looks_like_code(code) {
        return match totp::matching_step(&secret, code, now, state.last_step) {
            Some(step) => store::accept_step(pool, user_id, step).await,
            None => Ok(false),
        };
    }
    store::spend_recovery_code(pool, user_id, &recovery_hash(code), now).await
}

#[post("/login/second-factor", data = "<body>")]
async fn second_factor(
    challenge: SignInChallenge,
    body: Payload<SecondFactorCode>,
    client: Client,
    jar: &CookieJar<'_>,
    db: &Db,
) -> ApiResult<Json<User>> {
    let pool = db.pool();
    let (attempt, password_hash, known_device) = admitted(pool, &challenge, &client, jar).await?;
    if !accepted(pool, challenge.user.id, body.0.code.trim()).await? {
        return Err(wrong_code());
    }
    let user = challenge.end(pool, jar).await?;
    let signed_in = SignedIn { user, password_hash, known_device, attempt };
    Ok(Json(signed_in.finish(pool, jar, client.https, body.0.trust_device).await?))
}

/// Keeps a new secret for `user` until its first code, and answers how to enter it.
async fn begin_enrolment(pool: &AnyPool, policy: Policy, user: &User) -> ApiResult<Json<Enrolment>> {
    if policy == Policy::Off {
        return Err(ApiError::forbidden(TURNED_OFF));
    }
    if store::state(pool, user.id).await?.enrolled() {
        return Err(ApiError::conflict(ALREADY_ON));
    }
    let secret = totp::new_secret();
    store::set_pending(pool, user.id, &secret).await?;
    Ok(Json(Enrolment::of(&user.username, secret)))
}

/// Makes the pending secret `user`'s when `code` is its current code; answers the account
/// and its recovery codes, or the error to show beside the code.
async fn finish_enrolment(
    pool: &AnyPool,
    actor: &Actor,
    user: &User,
    code: &str,
) -> ApiResult<(User, RecoveryCodes)> {
    if store::state(pool, user.id).await?.enrolled() {
        return Err(ApiError::conflict(ALREADY_ON));
    }
    let Some(secret) = store::pending(pool, user.id).await? else {
        return Err(ApiError::conflict(NOT_STARTED));
    };
    let Some(step) = totp::matching_step(&secret, code, clock::now_epoch(), None) else {
        return Err(wrong_code());
    };
    let codes = RecoveryCodes::generate();
    match store::confirm(pool, actor, user.id, &secret, step, &codes).await? {
        Some(user) => Ok((user, codes)),
        None => Err(ApiError::conflict(NOT_STARTED)),
    }
}

#[post("/login/second-factor/setup")]
async fn sign_in_setup(
    challenge: SignInChallenge,
    db: &Db,
    config: &State<Config>,
) -> ApiResult<Json<Enrolment>> {
    begin_enrolment(db.pool(), config.two_factor, &challenge.user).await
}

/// A sign-in that enrolled its second factor: the user, now signed in, and the recovery
/// codes, shown this once.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrolledSignIn {
    pub user: User,
    pub recovery_codes: Vec<String>,
}

#[post("/login/second-factor/enrol", data = "<body>")]
async fn sign_in_enrol(
    challenge: SignInChallenge,
    body: Payload<SecondFactorCode>,
    client: Client,
    jar: &CookieJar<'_>,
    db: &Db,
) -> ApiResult<Json<EnrolledSignIn>> {
    let pool = db.pool();
    let (attempt, password_hash, known_device) = admitted(pool, &challenge, &client, jar).await?;
    let actor = Actor::user(&challenge.user);
    let (user, codes) = finish_enrolment(pool, &actor, &challenge.user, body.0.code.trim()).await?;
    challenge.end(pool, jar).await?;
    let signed_in = SignedIn { user, password_hash, known_device, attempt };
    let user = signed_in.finish(pool, jar, client.https, body.0.trust_device).await?;
    Ok(Json(EnrolledSignIn { user, recovery_codes: codes.codes }))
}

#[get("/account/two-factor")]
async fn status(user: CurrentUser, db: &Db, config: &State<Config>) -> ApiResult<Json<TwoFactorStatus>> {
    let pool = db.pool();
    let state = store::state(pool, user.0.id).await?;
    let required = config.two_factor.requires(&user.0);
    let enrol_by = state.due_epoch.filter(|_| required && !state.enrolled()).map(clock::text_of);
    Ok(Json(TwoFactorStatus {
        policy: config.two_factor,
        enabled: state.enrolled(),
        required,
        enrol_by,
        recovery_codes_left: store::recovery_codes_left(pool, user.0.id).await?,
    }))
}

#[post("/account/two-factor/setup")]
async fn setup(user: CurrentUser, db: &Db, config: &State<Config>) -> ApiResult<Json<Enrolment>> {
    begin_enrolment(db.pool(), config.two_factor, &user.0).await
}

#[post("/account/two-factor", data = "<body>")]
async fn confirm(
    user: CurrentUser,
    body: Payload<SecondFactorCode>,
    jar: &CookieJar<'_>,
    db: &Db,
    config: &State<Config>,
) -> ApiResult<Json<RecoveryCodes>> {
    if config.two_factor == Policy::Off {
        return Err(ApiError::forbidden(TURNED_OFF));
    }
    let pool = db.pool();
    let (_, codes) = finish_enrolment(pool, &Actor::from(&user), &user.0, body.0.code.trim()).await?;
    // Sessions begun with the password alone end: from now on this account needs both.
    session::end_others(pool, jar, user.0.id).await?;
    Ok(Json(codes))
}
