//! Notifications (issue 26): a lead given to someone other than whoever gave it tells them,
//! in the panel's bell and, when `AQAR_SMTP_URL` is set, by e-mail in their language. The
//! row is written in the transaction that assigns the lead; the e-mail goes once it has
//! committed ([`outbox`]), retried without anyone waiting for it.

pub mod outbox;
pub mod store;

use rocket::serde::json::Json;
use rocket::{get, post};
use schemars::JsonSchema;
use serde::Serialize;

use rules::vocabularies::NotificationKind;

use crate::endpoint;
use crate::platform::auth::CurrentUser;
use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::openapi::{Doc, Endpoint};

pub use outbox::Outbox;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new("The signed-in user's newest notifications (at most 20) and how many are unread")
                .responds::<Notifications>()
        ),
        endpoint!(
            read_one,
            Doc::new("Marks one of the user's notifications read; answers the list as it is now")
                .responds::<Notifications>()
                .status(200)
                .fails(&[404])
        ),
        endpoint!(
            read_all,
            Doc::new("Marks every notification of the user read; answers the list as it is now")
                .responds::<Notifications>()
                .status(200)
        ),
    ]
}

/// What the bell lists: a lead given to the user (whose and about what), or the permit of
/// one of their listings expiring or expired (which listing, which permit).
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub id: i64,
    pub kind: NotificationKind,
    /// The lead, for a lead.
    pub contact_request_id: Option<i64>,
    /// The listing, for a permit notice.
    pub property_id: Option<i64>,
    /// The name of whoever sent the request; the listing's English title.
    pub name: String,
    /// The request's subject; the listing's permit number.
    pub subject: String,
    pub created_at: String,
    pub read: bool,
}

/// The bell: the newest notifications and the count of unread ones among them all.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Notifications {
    pub unread: i64,
    pub items: Vec<Notification>,
}

async fn answer(db: &Db, user_id: i64) -> ApiResult<Json<Notifications>> {
    let items = store::newest(db.pool(), user_id).await?;
    Ok(Json(Notifications { unread: store::unread(db.pool(), user_id).await?, items }))
}

#[get("/notifications")]
async fn list(user: CurrentUser, db: &Db) -> ApiResult<Json<Notifications>> {
    answer(db, user.0.id).await
}

#[post("/notifications/<id>/read")]
async fn read_one(id: i64, user: CurrentUser, db: &Db) -> ApiResult<Json<Notifications>> {
    if !store::mark_read(db.pool(), user.0.id, id).await? {
        return Err(ApiError::not_found(rules::messages::NOTIFICATION_NOT_FOUND));
    }
    answer(db, user.0.id).await
}

#[post("/notifications/read")]
async fn read_all(user: CurrentUser, db: &Db) -> ApiResult<Json<Notifications>> {
    store::mark_all_read(db.pool(), user.0.id).await?;
    answer(db, user.0.id).await
}
