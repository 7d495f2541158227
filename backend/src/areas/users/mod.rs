//! Staff accounts (site-content.md §2 User Management, §3, §5): managed by admins only, the
//! server refusing everyone else. Each user's own name and password are `areas::account`'s.

pub mod command;
pub mod store;

use rocket::http::{CookieJar, Status};
use rocket::serde::json::Json;
use rocket::{delete, get, post, put, State};
use rules::users::{UserCreateInput, UserUpdateInput, PROTECTED_USER_ID};

use crate::areas::contacts::leads::{handover, store as leads};
use crate::areas::notifications::Outbox;
use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::user::User;
use crate::platform::auth::{password, session, two_factor, AdminUser};
use crate::platform::config::Config;
use crate::platform::db::{self, Db};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::if_match::IfMatch;
use crate::platform::http::payload::{optional_text, Payload};
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::Trashed;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(list, Doc::new("Every user, oldest first (admins only)").responds::<Vec<User>>()),
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
                 changing their password ends their other sessions; deactivating one hands their open leads \
                 back to routing, each a change in the history"
            )
            .takes::<UserUpdateInput>()
            .responds::<User>()
            .versioned()
            .fails(&[403, 409])
        ),
        endpoint!(
            reset_two_factor,
            Doc::new(
                "Removes a user's second factor, recovery codes and trusted devices (admins only), as when \
                 their phone is lost; where the policy requires one, they enrol at their next sign-in. \
                 Recorded in the history"
            )
            .responds::<User>()
            .status(200)
            .fails(&[403])
        ),
        endpoint!(
            remove,
            Doc::new(
                "Deletes a user (admins only); never user 1, yourself or the last active admin. Their open \
                 leads go back to routing, each a change in the history"
            )
            .status(204)
            .trashes()
            .versioned()
            .fails(&[403, 409])
        ),
    ]
}

const PROTECTED: &str = rules::messages::FIRST_USER_PROTECTED;
const NOT_YOURSELF_DELETE: &str = rules::messages::NOT_YOURSELF_DELETE;
const NOT_YOURSELF_DEACTIVATE: &str = rules::messages::NOT_YOURSELF_DEACTIVATE;
const NOT_YOUR_OWN_ROLE: &str = rules::messages::NOT_YOUR_OWN_ROLE;

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
    let license_number = optional_text(input.license_number);
    let phone = optional_text(input.phone);
    let user = store::NewUser {
        username: input.username.trim(),
        password_hash: &hash,
        email: email.as_deref(),
        full_name: full_name.as_deref(),
        role: input.role.value(),
        is_active: input.is_active,
        receives_leads: input.receives_leads,
        license_number: license_number.as_deref(),
        phone: phone.as_deref(),
    };
    Ok((Status::Created, Json(store::create(db.pool(), &Actor::from(&admin), user).await?)))
}

#[put("/users/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    admin: AdminUser,
    db: &Db,
    outbox: &State<Outbox>,
    jar: &CookieJar<'_>,
    body: Payload<UserUpdateInput>,
) -> ApiResult<Json<User>> {
    Ok(Json(save(db, outbox, &admin, jar, id, expected.0, body.0).await?))
}

/// Edits user `id` as `admin`: the edit dialog's save, and a version restored from the history.
/// A user deactivated hands their open leads back to routing in the same transaction (issue
/// 37): no lead waits with someone who can no longer sign in to answer it.
pub async fn save(
    db: &Db,
    outbox: &Outbox,
    admin: &AdminUser,
    jar: &CookieJar<'_>,
    id: i64,
    expected: Option<i64>,
    input: UserUpdateInput,
) -> ApiResult<User> {
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
        receives_leads: input.receives_leads,
        license_number: input.license_number.as_deref(),
        phone: input.phone.as_deref(),
    };
    let actor = Actor::from(admin);
    let mut tx = db::begin_write(db.pool()).await?;
    let (before, updated) = store::update(&mut tx, &actor, id, expected, change).await?;
    let deactivated = before.is_active && !updated.is_active;
    let mails = if deactivated {
        let open = leads::open_leads_of(&mut tx, id).await?;
        handover::hand_back(&mut tx, outbox, &actor, &open).await?
    } else {
        false
    };
    tx.commit().await?;
    if mails {
        outbox.wake(db.pool());
    }
    if hash.is_some() || deactivated {
        session::end_others(db.pool(), jar, id).await?;
    }
    Ok(updated)
}

#[delete("/users/<id>/two-factor")]
async fn reset_two_factor(
    id: i64,
    admin: AdminUser,
    db: &Db,
    config: &State<Config>,
) -> ApiResult<Json<User>> {
    let user = store::find(db.pool(), id).await?.ok_or_else(|| ApiError::not_found(store::NOT_FOUND))?;
    Ok(Json(two_factor::reset(db.pool(), &Actor::from(&admin), &user, config.two_factor).await?))
}

#[delete("/users/<id>")]
async fn remove(
    id: i64,
    expected: IfMatch,
    admin: AdminUser,
    db: &Db,
    outbox: &State<Outbox>,
) -> ApiResult<Trashed> {
    if id == PROTECTED_USER_ID {
        return Err(ApiError::forbidden(PROTECTED));
    }
    if id == admin.0.id {
        return Err(ApiError::forbidden(NOT_YOURSELF_DELETE));
    }
    delete(db, outbox, &Actor::from(&admin), id, expected.0).await
}

/// Moves user `id` to the trash; their open leads, read while still theirs, go back to
/// routing once the account is gone (so the rotation cannot pick them), in one transaction.
async fn delete(
    db: &Db,
    outbox: &Outbox,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
) -> ApiResult<Trashed> {
    let mut tx = db::begin_write(db.pool()).await?;
    let before = store::lock_for_delete(&mut tx, id, expected).await?;
    let open = leads::open_leads_of(&mut tx, id).await?;
    let trashed = store::delete(&mut tx, actor, &before).await?;
    let mails = handover::hand_back(&mut tx, outbox, actor, &open).await?;
    tx.commit().await?;
    if mails {
        outbox.wake(db.pool());
    }
    Ok(trashed)
}
