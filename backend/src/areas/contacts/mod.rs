//! Contact requests (core-panel.md §2 Contact Requests, §3, §4, §7, §8): the public site's
//! form, rate-limited per address, and the inbox in which staff work them through their
//! statuses, delete them and export any period to Excel.

pub mod bulk;
pub mod export;
pub mod leads;
pub mod listing;
pub mod store;

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put, State};
use rules::contacts::{self, ContactRequestInput, ContactStatusChange};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::areas::notifications::Outbox;
use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::AnswerLanguage;
use crate::platform::auth::CurrentUser;
use crate::platform::db::{Db, Dialect};
use crate::platform::form_limit;
use crate::platform::http::client::Client;
use crate::platform::http::error::ApiResult;
use crate::platform::http::if_match::IfMatch;
use crate::platform::http::payload::Payload;
use crate::platform::http::query::Listed;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::Trashed;
use export::{ExportBody, ExportParams, OffsetQuery, Workbook};
use leads::LeadClock;
use listing::ContactQuery;
use rules::vocabularies::LeadSource;

pub fn api() -> Vec<Endpoint> {
    let mut endpoints = vec![
        endpoint!(
            submit,
            Doc::new(
                "The public site's contact form: no session needed; at most 5 per client address in 10 \
                 minutes (429 with Retry-After), counted in the database so every server shares the limit. \
                 Fields are bounded in characters (name 100, email 254, phone 30, subject 200, message \
                 5000); a body over 96 KiB is refused (413) before it is read"
            )
            .takes::<ContactRequestInput>()
            .responds::<Receipt>()
            .status(202)
            .fails(&[413, 429])
        ),
        endpoint!(
            list,
            listing::documented(Doc::new(
                "Every contact request, newest first; with page, pageSize, q, sort, status, from or to, one \
                 page of them with the total in X-Total-Count"
            ))
            .responds::<Vec<ContactRequest>>()
        ),
        endpoint!(counts, Doc::new("How many requests are in each status").responds::<StatusCounts>()),
        endpoint!(
            daily,
            export::documented_daily(Doc::new(
                "Requests per day over the last 30 days (the dashboard's chart), by the client's local day"
            ))
            .responds::<Vec<DailyCount>>()
        ),
        endpoint!(one, Doc::new("One contact request").responds::<ContactRequest>()),
        endpoint!(
            change_status,
            Doc::new(
                "Sets a request's status (Mark Responded, Close), from any status; its follow-up time; and, \
                 for admins, its assignee (403 for anyone else giving a lead to someone)"
            )
            .takes::<ContactStatusChange>()
            .responds::<ContactRequest>()
            .versioned()
            .fails(&[403])
        ),
        endpoint!(remove, Doc::new("Deletes a contact request").status(204).trashes().versioned()),
        endpoint!(
            remove_all,
            Doc::new("Deletes every contact request, in one statement").status(204).trashes()
        ),
        endpoint!(
            export_posted,
            export::documented_post(Doc::new(
                "The requests sent, as an Excel workbook (the specification's call); written row by row in \
                 constant memory"
            ))
            .takes::<export::ExportRequests>()
            .status(200)
        ),
        endpoint!(
            export_selection,
            export::documented_post(Doc::new(
                "The requests of a selection as an Excel workbook: the ids given (in their order; at most \
                 10,000, ids of no request left out) or every request the filter (the inbox's search and \
                 filters, as JSON) matches, newest first"
            ))
            .takes::<rules::bulk::ContactSelection>()
            .status(200)
            .fails(&[422])
        ),
        endpoint!(
            export_period,
            export::documented_get(Doc::new(
                "The requests of a period, read from the database and streamed as an Excel workbook"
            ))
            .status(200)
            .fails(&[422])
        ),
    ];
    endpoints.extend(bulk::api());
    endpoints
}

/// A contact request as the panel shows it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ContactRequest {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub subject: String,
    pub message: String,
    /// pending, responded or closed.
    pub status: String,
    pub property_id: Option<i64>,
    /// The language the visitor wrote in: 'en' or 'ar'.
    pub language: String,
    /// The user who handles it; null while nobody does (issue 26).
    pub assignee_id: Option<i64>,
    /// How it came in: 'website' from the public form, else as recorded by hand.
    pub source: LeadSource,
    /// When to follow it up, if set.
    pub follow_up_at: Option<String>,
    /// Still pending after `AQAR_LEAD_RESPONSE_MINUTES` (60 unless set): judged when answered.
    pub overdue: bool,
    /// When it was first answered: its status leaving pending, a note, or Send Email or the
    /// WhatsApp button used from the panel, whichever came first; null until then.
    pub first_response_at: Option<String>,
    /// The same person's earlier requests (the same e-mail address, or the same phone
    /// digits), newest first, at most 20; said when answered, never stored.
    pub earlier_request_ids: Vec<i64>,
    /// How many earlier requests there are in all.
    pub earlier_request_count: i64,
    pub created_at: String,
    pub updated_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

/// What the public form is answered: the same whether the request was kept or dropped.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Receipt {
    pub received: bool,
}

/// The inbox header's counts.
#[derive(Debug, Clone, Copy, Default, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct StatusCounts {
    pub pending: i64,
    pub responded: i64,
    pub closed: i64,
    pub total: i64,
}

/// Requests received on one local day.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
pub struct DailyCount {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub count: i64,
}

#[post("/public/contact-requests", data = "<body>")]
async fn submit(
    client: Client,
    db: &Db,
    outbox: &State<Outbox>,
    body: Payload<ContactRequestInput, { contacts::BODY_MAX_BYTES }>,
) -> ApiResult<(Status, Json<Receipt>)> {
    form_limit::admit(db.pool(), client.address).await?;
    let input = body.0;
    if !input.is_bot() {
        store::create(db.pool(), outbox, &Actor::visitor(), &input, LeadSource::Website).await?;
    }
    Ok((Status::Accepted, Json(Receipt { received: true })))
}

#[get("/contact-requests?<query..>")]
async fn list(
    query: ContactQuery<'_>,
    user: CurrentUser,
    clock: LeadClock,
    db: &Db,
    dialect: &State<Dialect>,
) -> ApiResult<Listed<Json<Vec<ContactRequest>>>> {
    let request = query.parse(user.0.id, &clock)?;
    let (rows, total) = store::list(db.pool(), *dialect.inner(), &request).await?;
    Ok(Listed(Json(leads::store::shown(db.pool(), &clock, rows).await?), total))
}

#[get("/contact-requests/counts")]
async fn counts(_user: CurrentUser, db: &Db) -> ApiResult<Json<StatusCounts>> {
    Ok(Json(store::counts(db.pool()).await?))
}

#[get("/contact-requests/daily?<query..>")]
async fn daily(query: OffsetQuery<'_>, _user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<DailyCount>>> {
    Ok(Json(store::daily(db.pool(), query.minutes()?).await?))
}

#[get("/contact-requests/<id>")]
async fn one(id: i64, _user: CurrentUser, clock: LeadClock, db: &Db) -> ApiResult<Json<ContactRequest>> {
    Ok(Json(leads::store::shown_one(db.pool(), &clock, store::one(db.pool(), id).await?).await?))
}

#[put("/contact-requests/<id>", data = "<body>")]
async fn change_status(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    clock: LeadClock,
    db: &Db,
    outbox: &State<Outbox>,
    body: Payload<ContactStatusChange>,
) -> ApiResult<Json<ContactRequest>> {
    let change = store::LeadChange::put(&body.0)?;
    let changed =
        store::change(db.pool(), outbox, &Actor::from(&user), user.0.is_admin(), id, expected.0, &change)
            .await?;
    Ok(Json(leads::store::shown_one(db.pool(), &clock, changed).await?))
}

#[delete("/contact-requests/<id>")]
async fn remove(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    store::delete(db.pool(), &Actor::from(&user), id, expected.0).await
}

#[delete("/contact-requests")]
async fn remove_all(user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    store::delete_all(db.pool(), &Actor::from(&user)).await
}

#[post("/contact-requests/export?<query..>", data = "<body>")]
async fn export_posted(
    query: OffsetQuery<'_>,
    _user: CurrentUser,
    language: AnswerLanguage,
    body: ExportBody,
) -> ApiResult<Workbook> {
    export::posted(body, query.minutes()?, language.0).await
}

#[post("/contact-requests/export/selection?<query..>", data = "<body>")]
async fn export_selection(
    query: OffsetQuery<'_>,
    user: CurrentUser,
    language: AnswerLanguage,
    db: &Db,
    dialect: &State<Dialect>,
    clock: LeadClock,
    body: Payload<rules::bulk::ContactSelection, { rules::bulk::BODY_MAX_BYTES }>,
) -> ApiResult<Workbook> {
    let (pool, dialect) = (db.pool().clone(), *dialect.inner());
    export::selected(pool, dialect, body.0, query.minutes()?, language.0, user.0.id, &clock).await
}

#[get("/contact-requests/export?<params..>")]
async fn export_period(
    params: ExportParams<'_>,
    _user: CurrentUser,
    language: AnswerLanguage,
    db: &Db,
) -> ApiResult<Workbook> {
    let query = params.parse(language.0)?;
    export::period(db.pool().clone(), query).await
}
