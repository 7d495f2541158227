//! Handing leads back to routing (issue 37): no open lead waits with a user who can no
//! longer answer it. A lead is open until it is closed (pending and responded ones still
//! wait on someone); a closed lead keeps whoever handled it, as a record.
//!
//! A lead handed back is routed as a new request is ([`store::assignee_for`]: the listing's
//! active agent, else the rotation, else nobody), recorded in the history as a change of
//! its assignee, and its new assignee is told, all in the caller's transaction.

use rules::vocabularies::ContactStatus;
use serde_json::{Map, Value};
use sqlx::AnyConnection;

use super::super::store::tell;
use super::super::ContactRequest;
use super::store;
use crate::areas::notifications::Outbox;
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::http::error::ApiResult;

fn is_open(lead: &ContactRequest) -> bool {
    lead.status != ContactStatus::Closed.value()
}

/// Routes `lead` (as read, held by the transaction) anew: the lead then, and whether an
/// e-mail became due.
async fn reroute(
    conn: &mut AnyConnection,
    outbox: &Outbox,
    actor: &Actor,
    lead: &ContactRequest,
) -> ApiResult<(ContactRequest, bool)> {
    let assignee = store::assignee_for(&mut *conn, lead.property_id).await?;
    let routed = store::set_assignee(&mut *conn, lead.id, assignee).await?;
    audit::updated(&mut *conn, actor, Entity::ContactRequest, lead.id, lead, &routed).await?;
    let mails = tell(conn, outbox, actor, lead.assignee_id, &routed).await?;
    Ok((routed, mails))
}

/// Hands each of `leads` back to routing: the open leads of a user who was deactivated, or
/// deleted, earlier in the transaction (read with [`store::open_leads_of`] while they were
/// still theirs). True when an e-mail became due.
pub async fn hand_back(
    conn: &mut AnyConnection,
    outbox: &Outbox,
    actor: &Actor,
    leads: &[ContactRequest],
) -> ApiResult<bool> {
    let mut mails = false;
    for lead in leads.iter().filter(|lead| is_open(lead)) {
        mails |= reroute(conn, outbox, actor, lead).await?.1;
    }
    Ok(mails)
}

/// After a restore from the trash put request `id` back (`record`, as it was answered when
/// deleted): an open one whose assignee is no longer an active user (deactivated, or deleted
/// and so let go by the restore) is routed like a new one. True when an e-mail became due.
pub async fn restored(
    conn: &mut AnyConnection,
    outbox: &Outbox,
    actor: &Actor,
    id: i64,
    record: &Map<String, Value>,
) -> ApiResult<bool> {
    let Some(had) = record.get("assigneeId").and_then(Value::as_i64) else { return Ok(false) };
    let Some(lead) = super::super::store::find(&mut *conn, id).await? else { return Ok(false) };
    if !is_open(&lead) || store::is_active_user(&mut *conn, had).await? {
        return Ok(false);
    }
    Ok(reroute(conn, outbox, actor, &lead).await?.1)
}

/// After a change reopened a closed lead (`before`, now `after`): one whose assignee is no
/// longer an active user is routed like a new one. The lead then, and whether an e-mail
/// became due.
pub async fn reopened(
    conn: &mut AnyConnection,
    outbox: &Outbox,
    actor: &Actor,
    before: &ContactRequest,
    after: ContactRequest,
) -> ApiResult<(ContactRequest, bool)> {
    let reopened = !is_open(before) && is_open(&after);
    match after.assignee_id {
        Some(assignee) if reopened && !store::is_active_user(&mut *conn, assignee).await? => {
            reroute(conn, outbox, actor, &after).await
        }
        _ => Ok((after, false)),
    }
}
