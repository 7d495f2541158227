//! SQL of leads: who a new request goes to, the notes, the users' directory and one user's
//! counts.

use rules::vocabularies::ContactStatus;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

use super::{Agent, LeadClock, LeadNote, MyLeads};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::auth::user::User;
use crate::platform::db::{self, clock};
use crate::platform::http::error::ApiResult;

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
    audit::created(&mut tx, &Actor::user(author), Entity::LeadNote, note.id, &note).await?;
    tx.commit().await?;
    Ok(note)
}

/// Every user, oldest first, as an assignee or agent is chosen from.
pub async fn agents(db: &AnyPool) -> ApiResult<Vec<Agent>> {
    let rows =
        sqlx::query("SELECT id, username, full_name, is_active, receives_leads FROM users ORDER BY id")
            .fetch_all(db)
            .await?;
    let agent = |row: &AnyRow| -> Result<Agent, sqlx::Error> {
        Ok(Agent {
            id: row.try_get("id")?,
            username: row.try_get("username")?,
            full_name: row.try_get("full_name")?,
            is_active: db::flag(row, "is_active")?,
            receives_leads: db::flag(row, "receives_leads")?,
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
