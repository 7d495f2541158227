//! The inbox's bulk actions (issue 24): mark responded, close or move to the trash many
//! requests in one transaction, for the checked ids or the inbox's filter.

use std::collections::BTreeMap;

use rocket::serde::json::Json;
use rocket::{post, State};
use rules::bulk::{BulkOutcome, ContactBulkRequest, BODY_MAX_BYTES};
use rules::vocabularies::{ContactBulkAction, ContactStatus, SkipReason};
use sqlx::{AnyConnection, AnyPool};

use super::leads::LeadClock;
use super::listing::ContactListRequest;
use super::{store, ContactRequest};
use crate::areas::notifications::Outbox;
use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::{AnswerLanguage, CurrentUser};
use crate::platform::bulk;
use crate::platform::db::{self, Db, Dialect};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::Payload;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash;

pub fn api() -> Vec<Endpoint> {
    vec![endpoint!(
        bulk_change,
        Doc::new(
            "One change to many requests, in one transaction: mark responded, close or move to the \
                 trash, for the ids given or every request the filter (the inbox's search and filters, \
                 as JSON) matches (at most 10,000, else 422). Requests that do not exist, whose version \
                 is not the one given in versions, or that already are as asked are skipped and listed \
                 with the reason; each changed request gets its history row"
        )
        .takes::<ContactBulkRequest>()
        .responds::<BulkOutcome>()
        .status(200)
        .fails(&[413])
    )]
}

/// Moves each request to the trash by the single delete's own path, all in one batch, so the
/// trash restores them together.
async fn trash(
    conn: &mut AnyConnection,
    actor: &Actor,
    ids: &[i64],
    versions: &BTreeMap<i64, i64>,
) -> ApiResult<()> {
    let batch = trash::new_batch();
    for id in ids {
        store::trash_in(&mut *conn, actor, *id, versions.get(id).copied(), &batch).await?;
    }
    Ok(())
}

/// Applies `request` in one transaction: how many requests changed, and the ones skipped.
async fn apply(
    db: &AnyPool,
    outbox: &Outbox,
    dialect: Dialect,
    actor: &Actor,
    clock: &LeadClock,
    request: ContactBulkRequest,
) -> ApiResult<(usize, Vec<(i64, SkipReason)>)> {
    let status = match request.action {
        Some(ContactBulkAction::MarkResponded) => Some(ContactStatus::Responded),
        Some(ContactBulkAction::Close) => Some(ContactStatus::Closed),
        Some(ContactBulkAction::Trash) => None,
        // The rules made sure an action was sent.
        None => return Err(ApiError::bad_request(rules::messages::FIELD_REQUIRED)),
    };
    let versions = request.versions.unwrap_or_default();
    let mut mails = false;
    let mut tx = db::begin_write(db).await?;
    let ids = match (request.ids, request.filter) {
        (Some(ids), _) => bulk::distinct(&ids),
        (None, filter) => {
            let me = actor.user_id.unwrap_or_default();
            let list = ContactListRequest::filtered(&filter.unwrap_or_default(), me, clock)?;
            store::matching(&mut tx, dialect, &list).await?
        }
    };
    let mut locked = ids.clone();
    locked.sort_unstable();
    db::lock_rows(&mut tx, "contact_requests", &locked).await?;
    let before = store::find_many(&mut tx, &ids).await?;
    let already = |r: &ContactRequest| status.is_some_and(|s| s.value() == r.status);
    let (chosen, skipped) = bulk::sort_out(&ids, &before, &versions, |r| r.version, already);
    match status {
        Some(status) => {
            mails = store::set_status_many(&mut tx, outbox, actor, &chosen, status, &before).await?
        }
        None => trash(&mut tx, actor, &chosen, &versions).await?,
    }
    tx.commit().await?;
    if mails {
        outbox.wake(db);
    }
    Ok((chosen.len(), skipped))
}

#[post("/contact-requests/bulk", data = "<body>")]
async fn bulk_change(
    user: CurrentUser,
    language: AnswerLanguage,
    db: &Db,
    dialect: &State<Dialect>,
    outbox: &State<Outbox>,
    clock: LeadClock,
    body: Payload<ContactBulkRequest, { BODY_MAX_BYTES }>,
) -> ApiResult<Json<BulkOutcome>> {
    let actor = Actor::from(&user);
    let (changed, skipped) = apply(db.pool(), outbox, *dialect.inner(), &actor, &clock, body.0).await?;
    Ok(Json(BulkOutcome::new(changed, &skipped, language.0)))
}
