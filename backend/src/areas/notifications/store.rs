//! SQL of notifications: one written beside a lead's assignment, a user's list and unread
//! count, marking them read, and the e-mails due, each taken by one server before it goes.

use rules::language::Language;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

use rules::vocabularies::NotificationKind;

use super::Notification;
use crate::platform::db::clock;
use crate::platform::http::error::ApiResult;

const MAIL_NONE: &str = "none";
const MAIL_DUE: &str = "due";
const MAIL_SENT: &str = "sent";
const MAIL_FAILED: &str = "failed";

/// Tells `user_id` that the lead `request_id` is theirs now, in the transaction that gave
/// it; with `mail`, an e-mail is due too, when the user has an address.
pub async fn tell(conn: &mut AnyConnection, user_id: i64, request_id: i64, mail: bool) -> ApiResult<()> {
    sqlx::query(
        "INSERT INTO notifications (user_id, contact_request_id, created_at, mail_status) \
         SELECT id, $2, $3, CASE WHEN $4 AND COALESCE(TRIM(email), '') <> '' THEN $5 ELSE $6 END \
         FROM users WHERE id = $1",
    )
    .bind(user_id)
    .bind(request_id)
    .bind(clock::now_text())
    .bind(mail)
    .bind(MAIL_DUE)
    .bind(MAIL_NONE)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Tells `user_id` of the permit notice `kind` about listing `property_id`, in the caller's
/// transaction; with `mail`, an e-mail is due too, when the user has an address.
pub async fn tell_permit(
    conn: &mut AnyConnection,
    user_id: i64,
    property_id: i64,
    kind: NotificationKind,
    mail: bool,
) -> ApiResult<()> {
    sqlx::query(
        "INSERT INTO notifications (user_id, kind, property_id, created_at, mail_status) \
         SELECT id, $2, $3, $4, CASE WHEN $5 AND COALESCE(TRIM(email), '') <> '' THEN $6 ELSE $7 END \
         FROM users WHERE id = $1",
    )
    .bind(user_id)
    .bind(kind.value())
    .bind(property_id)
    .bind(clock::now_text())
    .bind(mail)
    .bind(MAIL_DUE)
    .bind(MAIL_NONE)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

fn from_row(row: &AnyRow) -> Result<Notification, sqlx::Error> {
    let read_at: Option<String> = row.try_get("read_at")?;
    let kind: String = row.try_get("kind")?;
    Ok(Notification {
        id: row.try_get("id")?,
        kind: NotificationKind::from_value(&kind)
            .ok_or_else(|| sqlx::Error::Decode(format!("unexpected notification kind '{kind}'").into()))?,
        contact_request_id: row.try_get("contact_request_id")?,
        property_id: row.try_get("property_id")?,
        name: row.try_get::<Option<String>, _>("name")?.unwrap_or_default(),
        subject: row.try_get::<Option<String>, _>("subject")?.unwrap_or_default(),
        created_at: row.try_get("created_at")?,
        read: read_at.is_some(),
    })
}

/// The user's newest notifications, as many as the bell lists.
pub async fn newest(db: &AnyPool, user_id: i64) -> ApiResult<Vec<Notification>> {
    let rows = sqlx::query(
        "SELECT n.id, n.kind, n.contact_request_id, n.property_id, COALESCE(c.name, p.title_en) AS name, \
         COALESCE(c.subject, p.permit_number) AS subject, n.created_at, n.read_at \
         FROM notifications n LEFT JOIN contact_requests c ON c.id = n.contact_request_id \
         LEFT JOIN properties p ON p.id = n.property_id \
         WHERE n.user_id = $1 ORDER BY n.id DESC LIMIT $2",
    )
    .bind(user_id)
    .bind(i64::try_from(rules::leads::NOTIFICATIONS_SHOWN).unwrap_or(i64::MAX))
    .fetch_all(db)
    .await?;
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

pub async fn unread(db: &AnyPool, user_id: i64) -> ApiResult<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL")
        .bind(user_id)
        .fetch_one(db)
        .await?)
}

/// Marks one of the user's notifications read; false when they have none of this id.
pub async fn mark_read(db: &AnyPool, user_id: i64, id: i64) -> ApiResult<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "UPDATE notifications SET read_at = COALESCE(read_at, $1) WHERE id = $2 AND user_id = $3 RETURNING id",
    )
    .bind(clock::now_text())
    .bind(id)
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(found.is_some())
}

/// Marks every notification of the user read.
pub async fn mark_all_read(db: &AnyPool, user_id: i64) -> ApiResult<()> {
    sqlx::query("UPDATE notifications SET read_at = $1 WHERE user_id = $2 AND read_at IS NULL")
        .bind(clock::now_text())
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// An e-mail due: to whom, in which language, about which lead or listing's permit.
#[derive(Debug, Clone)]
pub struct DueMail {
    pub id: i64,
    pub attempts: i64,
    pub after: i64,
    pub to: String,
    pub language: Language,
    pub kind: NotificationKind,
    /// The lead's or the listing's id.
    pub record_id: i64,
    /// The lead's sender, or the listing's title in the reader's language.
    pub name: String,
    /// The lead's subject, or the permit's number.
    pub subject: String,
    /// The lead's message, or the permit's expiry.
    pub message: String,
}

/// The e-mails whose time has come at `now` (epoch seconds), oldest first, at most `limit`.
pub async fn due(db: &AnyPool, now: i64, limit: i64) -> ApiResult<Vec<DueMail>> {
    let rows = sqlx::query(
        "SELECT n.id, n.mail_attempts, n.mail_after, u.email, u.language, n.kind, \
         COALESCE(c.id, p.id) AS record_id, \
         COALESCE(c.name, CASE WHEN u.language = 'ar' THEN p.title_ar ELSE p.title_en END) AS name, \
         COALESCE(c.subject, p.permit_number) AS subject, COALESCE(c.message, p.permit_expires_at) AS message \
         FROM notifications n JOIN users u ON u.id = n.user_id \
         LEFT JOIN contact_requests c ON c.id = n.contact_request_id \
         LEFT JOIN properties p ON p.id = n.property_id \
         WHERE n.mail_status = $1 AND n.mail_after <= $2 ORDER BY n.id LIMIT $3",
    )
    .bind(MAIL_DUE)
    .bind(now)
    .bind(limit)
    .fetch_all(db)
    .await?;
    let read = |row: &AnyRow| -> Result<DueMail, sqlx::Error> {
        let language: String = row.try_get("language")?;
        let kind: String = row.try_get("kind")?;
        let text = |column: &str| row.try_get::<Option<String>, _>(column).map(Option::unwrap_or_default);
        Ok(DueMail {
            id: row.try_get("id")?,
            attempts: row.try_get("mail_attempts")?,
            after: row.try_get("mail_after")?,
            to: row.try_get::<Option<String>, _>("email")?.unwrap_or_default(),
            language: Language::from_value(&language).unwrap_or(Language::En),
            kind: NotificationKind::from_value(&kind).unwrap_or_default(),
            record_id: row.try_get::<Option<i64>, _>("record_id")?.unwrap_or_default(),
            name: text("name")?,
            subject: text("subject")?,
            message: text("message")?,
        })
    };
    Ok(rows.iter().map(read).collect::<Result<_, _>>()?)
}

/// Takes a due e-mail for this server until `until` (epoch seconds): true unless another
/// server took it first (it moved `mail_after` on).
pub async fn take(db: &AnyPool, mail: &DueMail, until: i64) -> ApiResult<bool> {
    let taken = sqlx::query(
        "UPDATE notifications SET mail_after = $1 WHERE id = $2 AND mail_status = $3 AND mail_after = $4",
    )
    .bind(until)
    .bind(mail.id)
    .bind(MAIL_DUE)
    .bind(mail.after)
    .execute(db)
    .await?;
    Ok(taken.rows_affected() == 1)
}

pub async fn sent(db: &AnyPool, id: i64, attempts: i64) -> ApiResult<()> {
    sqlx::query("UPDATE notifications SET mail_status = $1, mail_attempts = $2 WHERE id = $3")
        .bind(MAIL_SENT)
        .bind(attempts)
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

/// A failed attempt: tried again at `retry_at` (epoch seconds), or given up without one.
pub async fn failed(db: &AnyPool, id: i64, attempts: i64, retry_at: Option<i64>) -> ApiResult<()> {
    sqlx::query(
        "UPDATE notifications SET mail_status = $1, mail_attempts = $2, mail_after = $3 WHERE id = $4",
    )
    .bind(if retry_at.is_some() { MAIL_DUE } else { MAIL_FAILED })
    .bind(attempts)
    .bind(retry_at.unwrap_or(0))
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}
