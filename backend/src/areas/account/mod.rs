//! Your account: sign-in, sign-out, the current user, first-run registration (core-panel.md
//! §2, §7), and each user's own name and password (`/api/account`, site-content.md §5). The
//! second step of sign-in and the enrolment of a second factor are `two_factor`'s.

pub mod store;
pub mod two_factor;

use rocket::http::{CookieJar, Status};
use rocket::serde::json::Json;
use rocket::{get, post, put, State};
use rules::account::{Preferences, SignIn};
use rules::users::{AccountInput, UserCreateInput};
use schemars::JsonSchema;
use serde::Serialize;
use sqlx::AnyPool;

use crate::areas::users::store as users;
use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::two_factor::{self as two_factor_mechanism, challenge, SecondFactorStep};
use crate::platform::auth::user::{User, ROLE_ADMIN};
use crate::platform::auth::{device, password, session, throttle, CurrentUser};
use crate::platform::config::Config;
use crate::platform::db::{clock, Db};
use crate::platform::http::client::Client;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::optional_text;
use crate::platform::http::payload::Payload;
use crate::platform::openapi::{Doc, Endpoint};

/// A sign-in body is two short fields; a larger one is refused before it is read further.
pub const SIGN_IN_BODY_LIMIT: u64 = 4 * 1024;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(current_user, Doc::new("The signed-in user").responds::<User>()),
        endpoint!(
            login,
            Doc::new(
                "Sign in; starts a session, or, when the account signs in with a second factor (or must enrol \
                 one first), answers 202 and the step the sign-in awaits, with no session"
            )
            .takes::<SignIn>()
            .responds::<User>()
            .status(200)
            .answers::<SecondFactorAsked>(
                202,
                "The password was right; the second factor is asked before any session (POST \
                 /api/login/second-factor, or, for `enrol`, /api/login/second-factor/setup and /enrol)"
            )
            .fails(&[401, 429])
        ),
        endpoint!(logout, Doc::new("Sign out; ends the session").status(204)),
        endpoint!(
            register,
            Doc::new("First-run set-up: creates the first admin while no user exists")
                .takes::<UserCreateInput>()
                .responds::<User>()
                .fails(&[403, 409])
        ),
        endpoint!(
            update_account,
            Doc::new(
                "Changes the signed-in user's own full name and, with the current password, password; wrong \
                 current passwords are throttled as sign-ins are"
            )
            .takes::<AccountInput>()
            .responds::<User>()
            .fails(&[429])
        ),
        endpoint!(
            update_preferences,
            Doc::new(
                "Changes the signed-in user's own interface language ('en' or 'ar') and digits ('latin' or \
                 'arabic'); both are required. Every later answer to this user is in that language"
            )
            .takes::<Preferences>()
            .responds::<User>()
        ),
    ]
}

#[get("/user")]
fn current_user(user: CurrentUser) -> Json<User> {
    Json(user.0)
}

#[post("/login", data = "<body>")]
async fn login(
    body: Payload<SignIn, { SIGN_IN_BODY_LIMIT }>,
    client: Client,
    jar: &CookieJar<'_>,
    db: &Db,
    config: &State<Config>,
) -> ApiResult<SignInAnswer> {
    let SignIn { username, password } = body.0;
    let pool = db.pool();
    let found = store::find_with_hash(pool, &username).await?;
    let known_device = found.as_ref().and_then(|(user, hash)| device::recognised(jar, user.id, hash));
    let attempt = throttle::admit(pool, &username, client.address, known_device.as_deref()).await?;
    let (user, hash) = match found {
        Some((user, hash)) => (Some(user), Some(hash)),
        None => (None, None),
    };
    let verified = password::verify(password, hash.clone()).await?;
    // An inactive account answers as a wrong password does, so the answer never tells
    // whether the password was right; the attempt stays counted as a failure.
    let (user, hash) = match (user, hash) {
        (Some(user), Some(hash)) if verified && user.is_active => (user, hash),
        _ => return Err(ApiError::unauthorized(INVALID_CREDENTIALS)),
    };
    match two_factor::step_after_password(pool, config.two_factor, &user, known_device.as_deref()).await? {
        None => {
            let signed_in = SignedIn { user, password_hash: hash, known_device, attempt };
            Ok(SignInAnswer::SignedIn(Box::new(Json(
                signed_in.finish(pool, jar, client.https, false).await?,
            ))))
        }
        // The attempt stays counted until the second factor is given: a right password
        // alone forgives no failure, so codes cannot be guessed by signing in again.
        Some(step) => {
            challenge::begin(pool, jar, client.https, user.id).await?;
            Ok(SignInAnswer::SecondFactor(Json(SecondFactorAsked { second_factor: step })))
        }
    }
}

/// What `POST /api/login` answers: the user signed in, or the second factor asked.
#[derive(rocket::Responder)]
enum SignInAnswer {
    #[response(status = 200)]
    SignedIn(Box<Json<User>>),
    #[response(status = 202)]
    SecondFactor(Json<SecondFactorAsked>),
}

/// The second factor a sign-in awaits before any session exists.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecondFactorAsked {
    pub second_factor: SecondFactorStep,
}

/// A sign-in whose every factor was right, about to get its session.
pub struct SignedIn {
    pub user: User,
    pub password_hash: String,
    pub known_device: Option<String>,
    pub attempt: throttle::Attempt,
}

impl SignedIn {
    /// Forgives the attempt, remembers the device (trusted to skip the second factor for
    /// 30 days when `trust`) and starts the session; answers the user.
    pub async fn finish(
        self,
        pool: &AnyPool,
        jar: &CookieJar<'_>,
        https: bool,
        trust: bool,
    ) -> ApiResult<User> {
        let SignedIn { user, password_hash, known_device, attempt } = self;
        attempt.passed(pool).await?;
        let device = device::remember(jar, https, user.id, &password_hash, known_device);
        if trust {
            let until = clock::now_epoch() + two_factor_mechanism::TRUSTED_FOR_SECS;
            two_factor_mechanism::store::trust(pool, user.id, &device, until).await?;
        }
        session::start(pool, jar, https, user.id).await?;
        Ok(user)
    }
}

const INVALID_CREDENTIALS: &str = rules::messages::INVALID_CREDENTIALS;

#[post("/logout")]
async fn logout(_user: CurrentUser, jar: &CookieJar<'_>, db: &Db) -> ApiResult<Status> {
    session::end(db.pool(), jar).await?;
    Ok(Status::NoContent)
}

/// Serialises first-run registrations within this server, so two racing requests cannot
/// both find the users table empty.
static REGISTRATION: rocket::tokio::sync::Mutex<()> = rocket::tokio::sync::Mutex::const_new(());

/// Open only while no user exists: an open registration on an admin panel would let anyone
/// in. The account created is the first admin, signed in at once.
/// Lets a request through only while no user exists. A guard, so it answers before the
/// body is judged: once registration is closed, no payload can make it open.
pub struct RegistrationOpen;

#[rocket::async_trait]
impl<'r> rocket::request::FromRequest<'r> for RegistrationOpen {
    type Error = ApiError;

    async fn from_request(request: &'r rocket::Request<'_>) -> rocket::request::Outcome<Self, Self::Error> {
        use rocket_db_pools::Database;
        let open = match Db::fetch(request.rocket()) {
            Some(db) => users::count(db.pool()).await.map(|n| n == 0),
            None => Err(ApiError::internal("database pool missing")),
        };
        match open {
            Ok(true) => rocket::request::Outcome::Success(RegistrationOpen),
            Ok(false) => {
                let error = ApiError::forbidden(CLOSED);
                rocket::request::Outcome::Error((error.clone().stash(request), error))
            }
            Err(error) => rocket::request::Outcome::Error((error.clone().stash(request), error)),
        }
    }
}

const CLOSED: &str = rules::messages::REGISTRATION_CLOSED;

#[post("/register", data = "<body>")]
async fn register(
    _open: RegistrationOpen,
    body: Payload<UserCreateInput>,
    client: Client,
    jar: &CookieJar<'_>,
    db: &Db,
) -> ApiResult<(Status, Json<User>)> {
    let input = body.0;
    let _guard = REGISTRATION.lock().await;
    if users::count(db.pool()).await? > 0 {
        return Err(ApiError::forbidden(CLOSED));
    }
    let hash = password::hash(input.password).await?;
    let user = users::insert(
        db.pool(),
        users::NewUser {
            username: &input.username,
            password_hash: &hash,
            email: input.email.as_deref().filter(|e| !e.is_empty()),
            full_name: input.full_name.as_deref().filter(|n| !n.is_empty()),
            role: ROLE_ADMIN,
            is_active: true,
            receives_leads: true,
            license_number: None,
            phone: None,
        },
    )
    .await?;
    session::start(db.pool(), jar, client.https, user.id).await?;
    Ok((Status::Created, Json(user)))
}

const WRONG_PASSWORD: &str = rules::messages::CURRENT_PASSWORD_WRONG;

#[put("/account", data = "<body>")]
async fn update_account(
    user: CurrentUser,
    client: Client,
    db: &Db,
    jar: &CookieJar<'_>,
    body: Payload<AccountInput>,
) -> ApiResult<Json<User>> {
    let input = body.0;
    let hash = match input.new_password() {
        Some(new) => {
            // A stolen session must not become a way to guess the password it lacks.
            let device = session::throttle_device(jar);
            let attempt =
                throttle::admit(db.pool(), &user.0.username, client.address, device.as_deref()).await?;
            let stored = store::password_hash(db.pool(), user.0.id).await?;
            let current = input.current_password.clone().unwrap_or_default();
            if !password::verify(current, stored).await? {
                let mut errors = rules::FieldErrors::new();
                errors.add("currentPassword", WRONG_PASSWORD);
                return Err(ApiError::validation(errors));
            }
            attempt.passed(db.pool()).await?;
            Some(password::hash(new.to_owned()).await?)
        }
        None => None,
    };
    let full_name = optional_text(input.full_name);
    let updated =
        store::update_own(db.pool(), &Actor::from(&user), user.0.id, full_name.as_deref(), hash.as_deref())
            .await?;
    if hash.is_some() {
        session::end_others(db.pool(), jar, user.0.id).await?;
    }
    Ok(Json(updated))
}

#[put("/account/preferences", data = "<body>")]
async fn update_preferences(user: CurrentUser, db: &Db, body: Payload<Preferences>) -> ApiResult<Json<User>> {
    let (language, numerals) = body.0.chosen();
    let updated =
        store::update_preferences(db.pool(), &Actor::from(&user), user.0.id, language, numerals).await?;
    Ok(Json(updated))
}
