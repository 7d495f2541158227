//! SQL for the contact_requests table.

use std::collections::HashMap;

use rules::contacts::{ContactRequestInput, ContactStatusChange};
use rules::vocabularies::{ContactStatus, LeadSource};
use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, AnyPool, Executor, Row};

use super::leads;
use super::listing::{AssigneeFilter, ContactListRequest};
use super::{ContactRequest, DailyCount, StatusCounts};
use crate::areas::notifications::{self, Outbox};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock, Dialect};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::optional_text;
use crate::platform::trash::{self, Checks, Cleared, Part, Trashed};

pub const COLUMNS: &str =
    "id, name, email, phone, subject, message, status, property_id, language, assignee_id, \
     source, follow_up_at, first_response_at, created_at, updated_at, version";

pub const NOT_FOUND: &str = rules::messages::CONTACT_REQUEST_NOT_FOUND;
const PROPERTY_NOT_FOUND: &str = rules::messages::NO_PROPERTY_WITH_ID;

/// Days the dashboard's chart covers, today included.
pub const CHART_DAYS: i64 = 30;

pub fn from_row(row: &AnyRow) -> Result<ContactRequest, sqlx::Error> {
    Ok(ContactRequest {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        email: row.try_get("email")?,
        phone: row.try_get("phone")?,
        subject: row.try_get("subject")?,
        message: row.try_get("message")?,
        status: row.try_get("status")?,
        property_id: row.try_get("property_id")?,
        language: row.try_get("language")?,
        assignee_id: row.try_get("assignee_id")?,
        source: {
            let text: String = row.try_get("source")?;
            LeadSource::from_value(&text).ok_or_else(|| sqlx::Error::ColumnDecode {
                index: "source".into(),
                source: format!("'{text}' is not a lead source").into(),
            })?
        },
        follow_up_at: row.try_get("follow_up_at")?,
        overdue: false,
        first_response_at: row.try_get("first_response_at")?,
        earlier_request_ids: Vec::new(),
        earlier_request_count: 0,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        version: row.try_get("version")?,
    })
}

/// What the inbox's q matches: the folded sender, subject and message, one per line.
pub fn search_text(input: &ContactRequestInput) -> String {
    let parts = [
        &input.name,
        &input.email,
        input.phone.as_deref().unwrap_or_default(),
        &input.subject,
        &input.message,
    ];
    parts.map(rules::fold::fold).join("\n")
}

/// Writes a request as given, stamped `created_at`, without history or checks: the demo
/// data's and the seeder's way in. It came from the website and is nobody's yet.
pub async fn insert<'c, E: Executor<'c, Database = Any>>(
    db: E,
    input: &ContactRequestInput,
    status: ContactStatus,
    created_at: &str,
) -> ApiResult<ContactRequest> {
    insert_lead(db, input, status, created_at, LeadSource::Website, None).await
}

async fn insert_lead<'c, E: Executor<'c, Database = Any>>(
    db: E,
    input: &ContactRequestInput,
    status: ContactStatus,
    created_at: &str,
    source: LeadSource,
    assignee_id: Option<i64>,
) -> ApiResult<ContactRequest> {
    let sql = format!(
        "INSERT INTO contact_requests (name, email, phone, subject, message, status, property_id, language, \
         search_text, source, assignee_id, email_key, phone_key, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(input.name.trim())
        .bind(input.email.trim())
        .bind(optional_text(input.phone.clone()))
        .bind(input.subject.trim())
        .bind(&input.message)
        .bind(status.value())
        .bind(input.property_id)
        .bind(input.language.value())
        .bind(search_text(input))
        .bind(source.value())
        .bind(assignee_id)
        .bind(rules::leads::email_key(&input.email))
        .bind(rules::leads::phone_key(input.phone.as_deref()))
        .bind(created_at)
        .fetch_one(db)
        .await?;
    Ok(from_row(&row)?)
}

/// A new request, pending, assigned at once (see [`leads::store::assignee_for`]) and
/// recorded in the history: a visitor's from the website, or a lead a user took by hand.
/// The property it names must exist.
pub async fn create(
    db: &AnyPool,
    outbox: &Outbox,
    actor: &Actor,
    input: &ContactRequestInput,
    source: LeadSource,
) -> ApiResult<ContactRequest> {
    let mut tx = db::begin_write(db).await?;
    let (created, told) = create_in(&mut tx, outbox, actor, input, source).await?;
    tx.commit().await?;
    if told {
        outbox.wake(db);
    }
    Ok(created)
}

/// [`create`] in the caller's transaction; true when an e-mail became due (wake the outbox
/// once it commits).
async fn create_in(
    tx: &mut AnyConnection,
    outbox: &Outbox,
    actor: &Actor,
    input: &ContactRequestInput,
    source: LeadSource,
) -> ApiResult<(ContactRequest, bool)> {
    if let Some(property_id) = input.property_id {
        let found: Option<i64> = sqlx::query_scalar("SELECT id FROM properties WHERE id = $1")
            .bind(property_id)
            .fetch_optional(&mut *tx)
            .await?;
        if found.is_none() {
            let mut errors = rules::FieldErrors::new();
            errors.add("propertyId", PROPERTY_NOT_FOUND);
            return Err(ApiError::validation(errors));
        }
    }
    let assignee = leads::store::assignee_for(tx, input.property_id).await?;
    let created =
        insert_lead(&mut *tx, input, ContactStatus::Pending, &clock::now_text(), source, assignee).await?;
    audit::created(tx, actor, Entity::ContactRequest, created.id, &created).await?;
    let told = tell(tx, outbox, actor, None, &created).await?;
    Ok((created, told))
}

/// A lead a portal sent (issue 41), created as [`create`] creates one (source `portal`,
/// assigned, its assignee told) with the portal's name and its own id of the lead, once:
/// the same id sent again answers the request it became, and `false`.
pub async fn create_from_portal(
    db: &AnyPool,
    outbox: &Outbox,
    actor: &Actor,
    input: &ContactRequestInput,
    portal: &str,
    lead_id: &str,
) -> ApiResult<(ContactRequest, bool)> {
    let mut tx = db::begin_write(db).await?;
    let known: Option<i64> =
        sqlx::query_scalar("SELECT id FROM contact_requests WHERE portal = $1 AND portal_lead_id = $2")
            .bind(portal)
            .bind(lead_id)
            .fetch_optional(&mut *tx)
            .await?;
    if let Some(id) = known {
        let request = find(&mut *tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
        return Ok((request, false));
    }
    let (created, told) = create_in(&mut tx, outbox, actor, input, LeadSource::Portal).await?;
    sqlx::query("UPDATE contact_requests SET portal = $1, portal_lead_id = $2 WHERE id = $3")
        .bind(portal)
        .bind(lead_id)
        .bind(created.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    if told {
        outbox.wake(db);
    }
    Ok((created, true))
}

/// A value a list condition binds.
enum Bound {
    Text(String),
    Id(i64),
}

/// The WHERE clause of a list request and its values, numbered from `$1`.
fn conditions(dialect: Dialect, request: &ContactListRequest) -> (String, Vec<Bound>) {
    let mut clauses = Vec::new();
    let mut values = Vec::new();
    if request.assignee == Some(AssigneeFilter::Nobody) {
        clauses.push("assignee_id IS NULL".to_owned());
    }
    let mut add_bound = |clause: &dyn Fn(usize) -> String, value: Bound| {
        values.push(value);
        clauses.push(clause(values.len()));
    };
    if let Some(AssigneeFilter::User(id)) = request.assignee {
        add_bound(&|n| format!("assignee_id = ${n}"), Bound::Id(id));
    }
    if let Some(now) = &request.follow_ups_due_by {
        add_bound(
            &|n| format!("follow_up_at <= ${n} AND status <> '{}'", ContactStatus::Closed.value()),
            Bound::Text(now.clone()),
        );
    }
    if let Some(before) = &request.pending_before {
        add_bound(
            &|n| format!("created_at < ${n} AND status = '{}'", ContactStatus::Pending.value()),
            Bound::Text(before.clone()),
        );
    }
    let mut add = |clause: &dyn Fn(usize) -> String, value: String| add_bound(clause, Bound::Text(value));
    if let Some(status) = request.status {
        add(&|n| format!("status = ${n}"), status.value().to_owned());
    }
    if let Some(from) = &request.from {
        add(&|n| format!("created_at >= ${n}"), from.clone());
    }
    if let Some(to) = &request.to {
        add(&|n| format!("created_at <= ${n}"), to.clone());
    }
    if let Some(search) = &request.search {
        // A substring of the folded text; no index serves it, a scan of 100,000 requests does.
        match dialect {
            Dialect::Sqlite => add(&|n| format!("instr(search_text, ${n}) > 0"), search.clone()),
            Dialect::Postgres => add(&|n| format!("strpos(search_text, ${n}) > 0"), search.clone()),
        }
    }
    if request.grouped {
        // A later request of the same person that the same filters keep hides this one. Its
        // unqualified columns are the later request's: the filters are the same clauses, with
        // the same values.
        let same_filters = clauses.iter().map(|clause| format!(" AND {clause}")).collect::<String>();
        clauses.push(format!(
            "NOT EXISTS (SELECT 1 FROM contact_requests later WHERE later.id > contact_requests.id \
             AND (later.email_key = contact_requests.email_key OR later.phone_key = contact_requests.phone_key)\
             {same_filters})"
        ));
    }
    let sql = if clauses.is_empty() { String::new() } else { format!(" WHERE {}", clauses.join(" AND ")) };
    (sql, values)
}

fn bind_all<'q>(
    mut query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    values: &'q [Bound],
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    for value in values {
        query = match value {
            Bound::Text(text) => query.bind(text.as_str()),
            Bound::Id(id) => query.bind(*id),
        };
    }
    query
}

/// The requests asked for, newest first unless sorted otherwise, and when paged the total.
pub async fn list(
    db: &AnyPool,
    dialect: Dialect,
    request: &ContactListRequest,
) -> ApiResult<(Vec<ContactRequest>, Option<i64>)> {
    let (filter, values) = conditions(dialect, request);
    let direction = if request.descending { "DESC" } else { "ASC" };
    let order = format!(" ORDER BY {} {direction}, id {direction}", request.sort.column());
    let Some((page, size)) = request.paging else {
        let sql = format!("SELECT {COLUMNS} FROM contact_requests{filter}{order}");
        let rows = bind_all(sqlx::query(&sql), &values).fetch_all(db).await?;
        return Ok((rows.iter().map(from_row).collect::<Result<_, _>>()?, None));
    };
    let count_sql = format!("SELECT COUNT(*) FROM contact_requests{filter}");
    let total: i64 = bind_all(sqlx::query(&count_sql), &values).fetch_one(db).await?.try_get(0)?;
    let offset = (page - 1).saturating_mul(size);
    let sql = format!("SELECT {COLUMNS} FROM contact_requests{filter}{order} LIMIT {size} OFFSET {offset}");
    let rows = bind_all(sqlx::query(&sql), &values).fetch_all(db).await?;
    Ok((rows.iter().map(from_row).collect::<Result<_, _>>()?, Some(total)))
}

pub async fn counts(db: &AnyPool) -> ApiResult<StatusCounts> {
    let rows = sqlx::query("SELECT status, COUNT(*) AS n FROM contact_requests GROUP BY status")
        .fetch_all(db)
        .await?;
    let mut counts = StatusCounts::default();
    for row in rows {
        let n: i64 = row.try_get("n")?;
        let status: String = row.try_get("status")?;
        match status.as_str() {
            "pending" => counts.pending = n,
            "responded" => counts.responded = n,
            "closed" => counts.closed = n,
            _ => {}
        }
        counts.total += n;
    }
    Ok(counts)
}

pub async fn pending(db: &AnyPool) -> ApiResult<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM contact_requests WHERE status = $1")
        .bind(ContactStatus::Pending.value())
        .fetch_one(db)
        .await?)
}

/// When the newest request arrived.
pub async fn last_received(db: &AnyPool) -> ApiResult<Option<String>> {
    Ok(sqlx::query_scalar("SELECT MAX(created_at) FROM contact_requests").fetch_one(db).await?)
}

/// The dashboard's [`CHART_DAYS`] local days (`offset_minutes` east of UTC), today last.
pub struct ChartDays {
    offset: time::Duration,
    first: time::Date,
    /// The first day's start, as the database stores instants.
    pub since: String,
}

impl ChartDays {
    pub fn ending_today(offset_minutes: i64) -> ApiResult<ChartDays> {
        let offset = time::Duration::minutes(offset_minutes);
        let today = (time::OffsetDateTime::now_utc() + offset).date();
        let first = today - time::Duration::days(CHART_DAYS - 1);
        let start = first.midnight().assume_utc() - offset;
        let since = crate::areas::contacts::listing::stored_instant(
            &start.format(&time::format_description::well_known::Rfc3339).map_err(ApiError::internal)?,
        )
        .unwrap_or_default();
        Ok(ChartDays { offset, first, since })
    }

    /// The index of `at`'s local day, counted from the first; `None` outside the days.
    pub fn day_of(&self, at: time::OffsetDateTime) -> Option<usize> {
        let day = usize::try_from(((at + self.offset).date() - self.first).whole_days()).ok()?;
        (day < usize::try_from(CHART_DAYS).unwrap_or_default()).then_some(day)
    }

    /// The `index`th day as `YYYY-MM-DD`.
    pub fn date(&self, index: usize) -> String {
        (self.first + time::Duration::days(i64::try_from(index).unwrap_or_default())).to_string()
    }
}

/// Requests per local day (`offset_minutes` east of UTC) over the last [`CHART_DAYS`] days,
/// every day listed, oldest first.
pub async fn daily(db: &AnyPool, offset_minutes: i64) -> ApiResult<Vec<DailyCount>> {
    let chart = ChartDays::ending_today(offset_minutes)?;
    let stamps: Vec<String> =
        sqlx::query_scalar("SELECT created_at FROM contact_requests WHERE created_at >= $1")
            .bind(&chart.since)
            .fetch_all(db)
            .await?;
    let mut counts = vec![0_i64; usize::try_from(CHART_DAYS).unwrap_or_default()];
    for stamp in stamps {
        let Ok(at) = time::OffsetDateTime::parse(&stamp, &time::format_description::well_known::Rfc3339)
        else {
            continue;
        };
        if let Some(slot) = chart.day_of(at).and_then(|day| counts.get_mut(day)) {
            *slot += 1;
        }
    }
    Ok(counts
        .into_iter()
        .enumerate()
        .map(|(index, count)| DailyCount { date: chart.date(index), count })
        .collect())
}

pub async fn find<'c, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<ContactRequest>> {
    let sql = format!("SELECT {COLUMNS} FROM contact_requests WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

pub async fn one(db: &AnyPool, id: i64) -> ApiResult<ContactRequest> {
    find(db, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

/// What a lead's PUT changes; `None` keeps the field as it is.
#[derive(Debug, Clone, Default)]
pub struct LeadChange {
    pub status: Option<ContactStatus>,
    pub assignee_id: Option<i64>,
    /// `Some(None)` clears the follow-up; an instant is in its stored form.
    pub follow_up_at: Option<Option<String>>,
}

impl LeadChange {
    /// What a PUT asks: an absent field is kept, a null or empty follow-up clears it, and any
    /// other must be an RFC 3339 instant (422 naming followUpAt).
    pub fn put(body: &ContactStatusChange) -> ApiResult<LeadChange> {
        let follow_up_at = match body.follow_up_at.as_ref().map(|text| text.as_deref().map(str::trim)) {
            None => None,
            Some(None | Some("")) => Some(None),
            Some(Some(text)) => Some(Some(super::listing::stored_instant(text).ok_or_else(|| {
                let mut errors = rules::FieldErrors::new();
                errors.add("followUpAt", rules::messages::LEAD_FOLLOW_UP_INVALID);
                ApiError::validation(errors)
            })?)),
        };
        Ok(LeadChange { status: body.status, assignee_id: body.assignee_id, follow_up_at })
    }

    /// What restoring a recorded version asks: its status, and of its assignee and follow-up
    /// the ones `changed` names (a recorded follow-up of null clears it).
    pub fn restored(version: &ContactStatusChange, changed: &[String]) -> ApiResult<LeadChange> {
        let mut change = LeadChange::put(version)?;
        if !changed.iter().any(|field| field == "assigneeId") {
            change.assignee_id = None;
        }
        change.follow_up_at = match (changed.iter().any(|field| field == "followUpAt"), change.follow_up_at) {
            (false, _) => None,
            (true, None) => Some(None),
            (true, set) => set,
        };
        Ok(change)
    }
}

/// Changes a request's status, assignee and follow-up in one write, recorded in the
/// history. Only an admin gives a lead to someone else than whoever has it now (403), and
/// only to an active user (422 naming assigneeId).
pub async fn change(
    db: &AnyPool,
    outbox: &Outbox,
    actor: &Actor,
    admin: bool,
    id: i64,
    expected: Option<i64>,
    change: &LeadChange,
) -> ApiResult<ContactRequest> {
    let mut tx = db::begin_write(db).await?;
    db::lock_row(&mut tx, "contact_requests", id).await?;
    let before = db::expected_version(find(&mut *tx, id).await?, expected, |r| r.version, NOT_FOUND)?;
    let assignee_id = match change.assignee_id {
        Some(assignee) if Some(assignee) != before.assignee_id => {
            if !admin {
                return Err(ApiError::forbidden(rules::messages::LEAD_REASSIGN_ADMINS_ONLY));
            }
            if !leads::store::is_active_user(&mut tx, assignee).await? {
                let mut errors = rules::FieldErrors::new();
                errors.add("assigneeId", rules::messages::LEAD_ASSIGNEE_NOT_FOUND);
                return Err(ApiError::validation(errors));
            }
            Some(assignee)
        }
        _ => before.assignee_id,
    };
    let status = change.status.map_or(before.status.clone(), |status| status.value().to_owned());
    let follow_up_at = change.follow_up_at.clone().unwrap_or_else(|| before.follow_up_at.clone());
    let now = clock::now_text();
    let pending = ContactStatus::Pending.value();
    let answered = before.status == pending && status != pending;
    let first_response_at = before.first_response_at.clone().or_else(|| answered.then(|| now.clone()));
    let sql = format!(
        "UPDATE contact_requests SET status = $1, assignee_id = $2, follow_up_at = $3, updated_at = $4, \
         first_response_at = $5, version = version + 1 WHERE id = $6 RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(status)
        .bind(assignee_id)
        .bind(follow_up_at)
        .bind(now.as_str())
        .bind(first_response_at)
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let updated = from_row(&row)?;
    audit::updated(&mut tx, actor, Entity::ContactRequest, id, &before, &updated).await?;
    let told = tell(&mut tx, outbox, actor, before.assignee_id, &updated).await?;
    let (updated, routed) = leads::handover::reopened(&mut tx, outbox, actor, &before, updated).await?;
    tx.commit().await?;
    if told || routed {
        outbox.wake(db);
    }
    Ok(updated)
}

/// Tells a lead's new assignee it is theirs (a notification, an e-mail when the outbox
/// mails), in the transaction that gave it, unless they gave it to themselves or it was
/// theirs already (`before`); true when an e-mail became due.
pub(super) async fn tell(
    conn: &mut AnyConnection,
    outbox: &Outbox,
    actor: &Actor,
    before: Option<i64>,
    lead: &ContactRequest,
) -> ApiResult<bool> {
    match lead.assignee_id {
        Some(assignee) if Some(assignee) != before && Some(assignee) != actor.user_id => {
            notifications::store::tell(conn, assignee, lead.id, outbox.mails()).await?;
            Ok(outbox.mails())
        }
        _ => Ok(false),
    }
}

/// Gives an unassigned request to `user_id` ('Take it'), recorded in the history. Taking
/// one's own lead again changes nothing; someone else's is a 409.
pub async fn claim(db: &AnyPool, actor: &Actor, user_id: i64, id: i64) -> ApiResult<ContactRequest> {
    let mut tx = db::begin_write(db).await?;
    db::lock_row(&mut tx, "contact_requests", id).await?;
    let before = find(&mut *tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    match before.assignee_id {
        Some(assignee) if assignee == user_id => return Ok(before),
        Some(_) => return Err(ApiError::conflict(rules::messages::LEAD_TAKEN)),
        None => {}
    }
    let sql = format!(
        "UPDATE contact_requests SET assignee_id = $1, updated_at = $2, version = version + 1 WHERE id = $3 \
         RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql).bind(user_id).bind(clock::now_text()).bind(id).fetch_one(&mut *tx).await?;
    let updated = from_row(&row)?;
    audit::updated(&mut tx, actor, Entity::ContactRequest, id, &before, &updated).await?;
    tx.commit().await?;
    Ok(updated)
}

/// What a request's restore from the trash lets go when it is gone meanwhile: the listing it
/// named, its assignee and its notes' authors (the author's name stays on the note).
pub const RESTORE_CHECKS: Checks = Checks {
    references: &[],
    unique: None,
    cleared: &[
        Cleared { table: "contact_requests", column: "property_id", target: "properties" },
        Cleared { table: "contact_requests", column: "assignee_id", target: "users" },
        Cleared { table: "lead_notes", column: "author_id", target: "users" },
    ],
};

/// The tables a request spans in the trash: its row and its internal notes (issue 26).
const TRASHED: [Part; 2] = [
    Part::record("contact_requests"),
    Part { table: "lead_notes", key: "contact_request_id", only_if: None },
];

/// Moves the request `id` to the trash under `batch`, in the caller's transaction (a single
/// delete, or one of a bulk move); 404 when there is none, 412 when `expected` is stale.
pub async fn trash_in(
    conn: &mut AnyConnection,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    batch: &str,
) -> ApiResult<()> {
    db::lock_row(conn, "contact_requests", id).await?;
    let before = db::expected_version(find(&mut *conn, id).await?, expected, |r| r.version, NOT_FOUND)?;
    trash::discard(conn, actor, Entity::ContactRequest, id, &before, &TRASHED, batch).await
}

/// Locks the request `id` in the caller's transaction: 404 when there is none.
pub async fn lock_existing(conn: &mut AnyConnection, id: i64) -> ApiResult<()> {
    db::lock_row(&mut *conn, "contact_requests", id).await?;
    find(&mut *conn, id).await?.map(|_| ()).ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

pub async fn delete(db: &AnyPool, actor: &Actor, id: i64, expected: Option<i64>) -> ApiResult<Trashed> {
    let batch = trash::new_batch();
    let mut tx = db::begin_write(db).await?;
    trash_in(&mut tx, actor, id, expected, &batch).await?;
    tx.commit().await?;
    Ok(Trashed(batch))
}

/// Moves every request to the trash in one batch and one transaction, each request an entry
/// and a history row of its own, so the batch's restore brings them all back.
pub async fn delete_all(db: &AnyPool, actor: &Actor) -> ApiResult<Trashed> {
    let batch = trash::new_batch();
    let mut tx = db::begin_write(db).await?;
    let sql = format!("SELECT {COLUMNS} FROM contact_requests ORDER BY id");
    let rows = sqlx::query(&sql).fetch_all(&mut *tx).await?;
    for request in rows.iter().map(from_row) {
        let request = request?;
        trash::discard(&mut tx, actor, Entity::ContactRequest, request.id, &request, &TRASHED, &batch)
            .await?;
    }
    tx.commit().await?;
    Ok(Trashed(batch))
}

/// The ids of every request `request` matches, newest first; a 422 naming `filter` when
/// they are more than a bulk change may touch.
pub async fn matching(
    conn: &mut AnyConnection,
    dialect: Dialect,
    request: &ContactListRequest,
) -> ApiResult<Vec<i64>> {
    let (filter, values) = conditions(dialect, request);
    let limit = rules::bulk::BULK_MAX_RECORDS + 1;
    let sql =
        format!("SELECT id FROM contact_requests{filter} ORDER BY created_at DESC, id DESC LIMIT {limit}");
    let ids: Vec<i64> = bind_all(sqlx::query(&sql), &values)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|row| row.try_get::<i64, _>(0))
        .collect::<Result<_, _>>()?;
    if ids.len() >= limit {
        let mut errors = rules::FieldErrors::new();
        errors.add("filter", rules::messages::BULK_TOO_MANY);
        return Err(ApiError::validation(errors));
    }
    Ok(ids)
}

/// The requests of `ids` that exist, by id.
pub async fn find_many(conn: &mut AnyConnection, ids: &[i64]) -> ApiResult<HashMap<i64, ContactRequest>> {
    let mut found = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(db::IDS_PER_STATEMENT) {
        let within = db::Marks::of(conn).in_list(chunk.len());
        let sql = format!("SELECT {COLUMNS} FROM contact_requests WHERE id {within}");
        for row in chunk.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await? {
            let request = from_row(&row)?;
            found.insert(request.id, request);
        }
    }
    Ok(found)
}

/// Sets the status of every request of `ids` that `before` holds, and writes each one's
/// history row; a closed lead reopened so whose assignee is no longer active is routed anew.
/// True when an e-mail became due.
pub async fn set_status_many(
    conn: &mut AnyConnection,
    outbox: &Outbox,
    actor: &Actor,
    ids: &[i64],
    status: ContactStatus,
    before: &HashMap<i64, ContactRequest>,
) -> ApiResult<bool> {
    let now = clock::now_text();
    let (status, pending) = (status.value(), ContactStatus::Pending.value());
    for chunk in ids.chunks(db::IDS_PER_STATEMENT) {
        let mut marks = db::Marks::of(conn);
        // A request leaving pending is answered now, unless it was before (issue 26).
        let sql = format!(
            "UPDATE contact_requests SET status = {}, updated_at = {}, version = version + 1, \
             first_response_at = CASE WHEN status = {} AND {} <> {} THEN COALESCE(first_response_at, {}) \
             ELSE first_response_at END WHERE id {}",
            marks.mark(),
            marks.mark(),
            marks.mark(),
            marks.mark(),
            marks.mark(),
            marks.mark(),
            marks.in_list(chunk.len())
        );
        let query =
            sqlx::query(&sql).bind(status).bind(now.as_str()).bind(pending).bind(status).bind(pending);
        chunk.iter().fold(query.bind(now.as_str()), |q, id| q.bind(*id)).execute(&mut *conn).await?;
    }
    let mut after = find_many(&mut *conn, ids).await?;
    let changes: Vec<(i64, &ContactRequest, &ContactRequest)> =
        ids.iter().filter_map(|id| Some((*id, before.get(id)?, after.get(id)?))).collect();
    audit::updated_many(&mut *conn, actor, Entity::ContactRequest, &changes).await?;
    let mut mails = false;
    for id in ids {
        if let (Some(was), Some(now)) = (before.get(id), after.remove(id)) {
            mails |= leads::handover::reopened(&mut *conn, outbox, actor, was, now).await?.1;
        }
    }
    Ok(mails)
}
