//! SQL of leads: who a new request goes to, the notes, the users' directory and one user's
//! counts.

use std::collections::HashMap;

use rules::vocabularies::ContactStatus;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

use super::super::ContactRequest;
use super::{Agent, LeadClock, LeadNote, MyLeads};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::auth::user::User;
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};

/// Who a new request goes to, in its transaction: the agent of the listing it names while
/// that agent is active; else the next active user receiving leads after the one the
/// rotation last handed a lead to (by id, starting over after the last); else nobody.
///
/// The rotation is one row, locked for the rest of the transaction before it is read, so
/// servers sharing one PostgreSQL take turns from the same place and two requests never
/// go to the same user in one turn. On SQLite the transaction is the database's one writer
/// already.
pub async fn assignee_for(conn: &mut AnyConnection, property_id: Option<i64>) -> ApiResult<Option<i64>> {
    if let Some(property_id) = property_id {
        let agent: Option<i64> = sqlx::query_scalar(
            "SELECT u.id FROM properties p JOIN users u ON u.id = p.agent_id WHERE p.id = $1 AND u.is_active = $2",
        )
        .bind(property_id)
        .bind(true)
        .fetch_optional(&mut *conn)
        .await?;
        if agent.is_some() {
            return Ok(agent);
        }
    }
    db::lock_row(&mut *conn, "lead_rotation", 1).await?;
    let next: Option<i64> = sqlx::query_scalar(
        "SELECT COALESCE(\
           (SELECT MIN(u.id) FROM users u WHERE u.is_active = $1 AND u.receives_leads = $1 AND u.id > r.last_user_id), \
           (SELECT MIN(u.id) FROM users u WHERE u.is_active = $1 AND u.receives_leads = $1)) \
         FROM lead_rotation r WHERE r.id = 1",
    )
    .bind(true)
    .fetch_one(&mut *conn)
    .await?;
    if let Some(next) = next {
        sqlx::query("UPDATE lead_rotation SET last_user_id = $1 WHERE id = 1")
            .bind(next)
            .execute(&mut *conn)
            .await?;
    }
    Ok(next)
}

/// Whether `id` is an active user, whom a lead can be given to.
pub async fn is_active_user(conn: &mut AnyConnection, id: i64) -> ApiResult<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM users WHERE id = $1 AND is_active = $2")
        .bind(id)
        .bind(true)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(found.is_some())
}

/// The open leads (any status but closed, issue 37) given to `user_id`, oldest first, each
/// held for the rest of the transaction.
pub async fn open_leads_of(conn: &mut AnyConnection, user_id: i64) -> ApiResult<Vec<ContactRequest>> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM contact_requests WHERE assignee_id = $1 AND status <> $2 ORDER BY id",
    )
    .bind(user_id)
    .bind(ContactStatus::Closed.value())
    .fetch_all(&mut *conn)
    .await?;
    db::lock_rows(&mut *conn, "contact_requests", &ids).await?;
    // Read again once held: one may have been closed or given away before the lock.
    let mut found = super::super::store::find_many(&mut *conn, &ids).await?;
    let still_open = |lead: &ContactRequest| {
        lead.assignee_id == Some(user_id) && lead.status != ContactStatus::Closed.value()
    };
    Ok(ids.iter().filter_map(|id| found.remove(id)).filter(still_open).collect())
}

/// Gives request `id` to `assignee`, or to nobody; answers it as written.
pub async fn set_assignee(
    conn: &mut AnyConnection,
    id: i64,
    assignee: Option<i64>,
) -> ApiResult<ContactRequest> {
    let sql = format!(
        "UPDATE contact_requests SET assignee_id = $1, updated_at = $2, version = version + 1 WHERE id = $3 \
         RETURNING {}",
        super::super::store::COLUMNS
    );
    let row = sqlx::query(&sql).bind(assignee).bind(clock::now_text()).bind(id).fetch_one(&mut *conn).await?;
    Ok(super::super::store::from_row(&row)?)
}

const NOTE_COLUMNS: &str = "id, contact_request_id, author_id, author_name, body, created_at";

fn note_from_row(row: &AnyRow) -> Result<LeadNote, sqlx::Error> {
    Ok(LeadNote {
        id: row.try_get("id")?,
        contact_request_id: row.try_get("contact_request_id")?,
        author_id: row.try_get("author_id")?,
        author_name: row.try_get("author_name")?,
        body: row.try_get("body")?,
        created_at: row.try_get("created_at")?,
    })
}

/// The note `id`, if there is one.
pub async fn find_note(db: &AnyPool, id: i64) -> ApiResult<Option<LeadNote>> {
    let sql = format!("SELECT {NOTE_COLUMNS} FROM lead_notes WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    Ok(row.as_ref().map(note_from_row).transpose()?)
}

/// A request's notes, newest first; 404 when there is no such request.
pub async fn notes(db: &AnyPool, id: i64) -> ApiResult<Vec<LeadNote>> {
    super::super::store::one(db, id).await?;
    let sql =
        format!("SELECT {NOTE_COLUMNS} FROM lead_notes WHERE contact_request_id = $1 ORDER BY created_at DESC, id DESC");
    let rows = sqlx::query(&sql).bind(id).fetch_all(db).await?;
    Ok(rows.iter().map(note_from_row).collect::<Result<_, _>>()?)
}

/// Adds `author`'s note to the request `id`, recorded in the history; the request is locked
/// so it cannot be deleted meanwhile.
pub async fn add_note(db: &AnyPool, author: &User, id: i64, body: &str) -> ApiResult<LeadNote> {
    let mut tx = db::begin_write(db).await?;
    super::super::store::lock_existing(&mut tx, id).await?;
    let name = author.full_name.as_deref().filter(|name| !name.trim().is_empty()).unwrap_or(&author.username);
    let sql = format!(
        "INSERT INTO lead_notes (contact_request_id, author_id, author_name, body, created_at) \
         VALUES ($1, $2, $3, $4, $5) RETURNING {NOTE_COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(id)
        .bind(author.id)
        .bind(name)
        .bind(body)
        .bind(clock::now_text())
        .fetch_one(&mut *tx)
        .await?;
    let note = note_from_row(&row)?;
    answered(&mut tx, id, &note.created_at).await?;
    audit::created(&mut tx, &Actor::user(author), Entity::LeadNote, note.id, &note).await?;
    tx.commit().await?;
    Ok(note)
}

/// Records that request `id` was answered `at`, unless it was before: its first response.
/// That is a measurement rather than an edit, so it takes neither a version nor a history
/// row of its own (an open form's If-Match stays good).
pub async fn answered(conn: &mut AnyConnection, id: i64, at: &str) -> ApiResult<()> {
    sqlx::query(
        "UPDATE contact_requests SET first_response_at = $1 WHERE id = $2 AND first_response_at IS NULL",
    )
    .bind(at)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Records that a user answered request `id` from the panel by e-mail or WhatsApp (see
/// [`answered`]); the request as it is now, or 404.
pub async fn responded(db: &AnyPool, id: i64) -> ApiResult<ContactRequest> {
    let mut tx = db::begin_write(db).await?;
    super::super::store::lock_existing(&mut tx, id).await?;
    answered(&mut tx, id, &clock::now_text()).await?;
    let request = super::super::store::find(&mut *tx, id)
        .await?
        .ok_or_else(|| ApiError::not_found(super::super::store::NOT_FOUND))?;
    tx.commit().await?;
    Ok(request)
}

/// `requests` as they are answered at `clock`: each with `overdue` said and its earlier
/// requests found.
pub async fn shown(
    db: &AnyPool,
    clock: &LeadClock,
    requests: Vec<ContactRequest>,
) -> ApiResult<Vec<ContactRequest>> {
    let ids: Vec<i64> = requests.iter().map(|request| request.id).collect();
    let mut earlier = earlier_requests(db, &ids).await?;
    Ok(requests
        .into_iter()
        .map(|request| {
            let (ids, count) = earlier.remove(&request.id).unwrap_or_default();
            ContactRequest { earlier_request_ids: ids, earlier_request_count: count, ..request.judged(clock) }
        })
        .collect())
}

/// One request as [`shown`] answers it.
pub async fn shown_one(
    db: &AnyPool,
    clock: &LeadClock,
    request: ContactRequest,
) -> ApiResult<ContactRequest> {
    let mut shown = shown(db, clock, vec![request]).await?;
    shown.pop().ok_or_else(|| ApiError::internal("a request went missing while it was answered"))
}

/// For each of `ids`, the same person's earlier requests (by e-mail key or phone key), newest
/// first and at most [`rules::leads::EARLIER_REQUESTS_SHOWN`], and how many there are.
async fn earlier_requests(db: &AnyPool, ids: &[i64]) -> ApiResult<HashMap<i64, (Vec<i64>, i64)>> {
    let mut found: HashMap<i64, (Vec<i64>, i64)> = HashMap::new();
    for chunk in ids.chunks(db::IDS_PER_STATEMENT) {
        let mut marks = db::Marks::of_pool(db);
        let (by_email, by_phone) = (marks.in_list(chunk.len()), marks.in_list(chunk.len()));
        let sql = format!(
            "SELECT of_id, earlier_id, total FROM (\
               SELECT of_id, earlier_id, ROW_NUMBER() OVER (PARTITION BY of_id ORDER BY earlier_id DESC) AS n, \
                 COUNT(*) OVER (PARTITION BY of_id) AS total FROM (\
                   SELECT r.id AS of_id, e.id AS earlier_id FROM contact_requests r \
                     JOIN contact_requests e ON e.email_key = r.email_key AND e.id < r.id WHERE r.id {by_email} \
                   UNION \
                   SELECT r.id, e.id FROM contact_requests r \
                     JOIN contact_requests e ON e.phone_key = r.phone_key AND e.id < r.id WHERE r.id {by_phone}\
                 ) pairs\
             ) ranked WHERE n <= {} ORDER BY of_id, earlier_id DESC",
            rules::leads::EARLIER_REQUESTS_SHOWN
        );
        let rows =
            chunk.iter().chain(chunk).fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(db).await?;
        for row in &rows {
            let entry = found.entry(row.try_get("of_id")?).or_default();
            entry.0.push(row.try_get("earlier_id")?);
            entry.1 = row.try_get("total")?;
        }
    }
    Ok(found)
}

/// Every user, oldest first, as an assignee or agent is chosen from.
pub async fn agents(db: &AnyPool) -> ApiResult<Vec<Agent>> {
    let rows = sqlx::query(
        "SELECT id, username, full_name, is_active, receives_leads, phone FROM users ORDER BY id",
    )
    .fetch_all(db)
    .await?;
    let agent = |row: &AnyRow| -> Result<Agent, sqlx::Error> {
        Ok(Agent {
            id: row.try_get("id")?,
            username: row.try_get("username")?,
            full_name: row.try_get("full_name")?,
            is_active: db::flag(row, "is_active")?,
            receives_leads: db::flag(row, "receives_leads")?,
            phone: row.try_get("phone")?,
        })
    };
    Ok(rows.iter().map(agent).collect::<Result<_, _>>()?)
}

/// The user's pending leads and follow-ups due at `clock`.
pub async fn mine(db: &AnyPool, user_id: i64, clock: &LeadClock) -> ApiResult<MyLeads> {
    let row = sqlx::query(
        "SELECT (SELECT COUNT(*) FROM contact_requests WHERE assignee_id = $1 AND status = $2) AS pending, \
         (SELECT COUNT(*) FROM contact_requests WHERE assignee_id = $1 AND status <> $3 AND follow_up_at <= $4) \
         AS follow_ups_due",
    )
    .bind(user_id)
    .bind(ContactStatus::Pending.value())
    .bind(ContactStatus::Closed.value())
    .bind(&clock.now)
    .fetch_one(db)
    .await?;
    Ok(MyLeads { pending: row.try_get("pending")?, follow_ups_due: row.try_get("follow_ups_due")? })
}
