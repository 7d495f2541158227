//! Staff accounts (site-content.md §2 User Management, §3, §5): managed by admins only, the
//! server refusing everyone else; and each user's own name and password (`/api/account`).

pub mod store;

use rocket::http::{CookieJar, Status};
use rocket::serde::json::Json;
use rocket::{delete, get, post, put};
use rules::users::{AccountInput, UserCreateInput, UserUpdateInput, PROTECTED_USER_ID};
use schemars::JsonSchema;
use serde::Serialize;

use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::{password, session, throttle, AdminUser, CurrentUser};
use crate::platform::db::Db;
use crate::platform::http::client::Client;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::if_match::IfMatch;
use crate::platform::http::payload::{optional_text, Payload};
use crate::platform::openapi::{Doc, Endpoint};

pub const ROLE_ADMIN: &str = rules::users::ADMIN_ROLE;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new("Every user, oldest first (admins only)").responds::<Vec<User>>().fails(&[403])
        ),
        endpoint!(
            create,
            Doc::new("Creates a user (admins only); the username is unique whatever its case")
                .takes::<UserCreateInput>()
                .responds::<User>()
                .fails(&[403, 409])
        ),
        endpoint!(
            update,
            Doc::new(
                "Edits a user (admins only); a blank password keeps the current one. Deactivating a user or \
                 changing their password ends their other sessions"
            )
            .takes::<UserUpdateInput>()
            .responds::<User>()
            .versioned()
            .fails(&[403, 409])
        ),
        endpoint!(
            remove,
            Doc::new("Deletes a user (admins only); never user 1, yourself or the last active admin")
                .status(204)
                .versioned()
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
    ]
}

/// An account as the API shows it: never the password hash.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: i64,
    pub username: String,
    pub role: String,
    pub email: Option<String>,
    pub full_name: Option<String>,
    pub is_active: bool,
    pub created_at: String,
    pub updated_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

impl User {
    pub fn is_admin(&self) -> bool {
        self.role == ROLE_ADMIN
    }
}

const PROTECTED: &str = rules::messages::FIRST_USER_PROTECTED;
const NOT_YOURSELF_DELETE: &str = rules::messages::NOT_YOURSELF_DELETE;
const NOT_YOURSELF_DEACTIVATE: &str = rules::messages::NOT_YOURSELF_DEACTIVATE;
const NOT_YOUR_OWN_ROLE: &str = rules::messages::NOT_YOUR_OWN_ROLE;
const WRONG_PASSWORD: &str = rules::messages::CURRENT_PASSWORD_WRONG;

#[get("/users")]
async fn list(_admin: AdminUser, db: &Db) -> ApiResult<Json<Vec<User>>> {
    Ok(Json(store::list(db.pool()).await?))
}

#[post("/users", data = "<body>")]
async fn create(
    admin: AdminUser,
    db: &Db,
    body: Payload<UserCreateInput>,
) -> ApiResult<(Status, Json<User>)> {
    let input = body.0;
    let hash = password::hash(input.password).await?;
    let email = optional_text(input.email);
    let full_name = optional_text(input.full_name);
    let user = store::NewUser {
        username: input.username.trim(),
        password_hash: &hash,
        email: email.as_deref(),
        full_name: full_name.as_deref(),
        role: input.role.value(),
        is_active: input.is_active,
    };
    Ok((Status::Created, Json(store::create(db.pool(), &Actor::from(&admin), user).await?)))
}

#[put("/users/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    admin: AdminUser,
    db: &Db,
    jar: &CookieJar<'_>,
    body: Payload<UserUpdateInput>,
) -> ApiResult<Json<User>> {
    let input = body.0;
    if id == admin.0.id && !input.is_active {
        return Err(ApiError::forbidden(NOT_YOURSELF_DEACTIVATE));
    }
    if id == admin.0.id && input.role.value() != admin.0.role {
        return Err(ApiError::forbidden(NOT_YOUR_OWN_ROLE));
    }
    let hash = match input.new_password() {
        Some(new) => Some(password::hash(new.to_owned()).await?),
        None => None,
    };
    let email = optional_text(input.email.clone());
    let full_name = optional_text(input.full_name.clone());
    let change = store::UserChange {
        username: input.username.trim(),
        password_hash: hash.as_deref(),
        email: email.as_deref(),
        full_name: full_name.as_deref(),
        role: input.role.value(),
        is_active: input.is_active,
    };
    let (before, updated) = store::update(db.pool(), &Actor::from(&admin), id, expected.0, change).await?;
    if hash.is_some() || (before.is_active && !updated.is_active) {
        session::end_others(db.pool(), jar, id).await?;
    }
    Ok(Json(updated))
}

#[delete("/users/<id>")]
async fn remove(id: i64, expected: IfMatch, admin: AdminUser, db: &Db) -> ApiResult<Status> {
    if id == PROTECTED_USER_ID {
        return Err(ApiError::forbidden(PROTECTED));
    }
    if id == admin.0.id {
        return Err(ApiError::forbidden(NOT_YOURSELF_DELETE));
    }
    store::delete(db.pool(), &Actor::from(&admin), id, expected.0).await?;
    Ok(Status::NoContent)
}

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
