//! Leads (issue 26): the inbox's requests as work someone owns. A new request is assigned
//! in its own transaction (the listing's agent, else the next user in the round-robin, else
//! nobody); anyone signed in takes an unassigned one, admins give any to someone else; staff
//! record leads taken by phone or in person, keep internal notes on each and see which of
//! theirs are waiting.

pub mod handover;
pub mod speed;
pub mod store;

use rocket::http::Status;
use rocket::request::{FromRequest, Outcome, Request};
use rocket::serde::json::Json;
use rocket::{get, post, State};
use rules::leads::{LeadNoteInput, LeadResponseInput, ManualLeadInput};
use schemars::JsonSchema;
use serde::Serialize;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use super::export::OffsetQuery;
use super::ContactRequest;
use crate::areas::notifications::Outbox;
use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::CurrentUser;
use crate::platform::config::Config;
use crate::platform::db::Db;
use crate::platform::http::error::ApiResult;
use crate::platform::http::payload::Payload;
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            create,
            Doc::new(
                "Records a lead taken by hand (phone, walk-in, email, WhatsApp or a portal): pending, and \
                 assigned at once as a website request is"
            )
            .takes::<ManualLeadInput>()
            .responds::<ContactRequest>()
            .status(201)
        ),
        endpoint!(
            claim,
            Doc::new(
                "Takes an unassigned lead ('Take it'); taking one's own again changes nothing, someone \
                 else's is a 409"
            )
            .responds::<ContactRequest>()
            .status(200)
            .fails(&[409])
        ),
        endpoint!(
            respond,
            Doc::new(
                "Records that the user answered a lead from the panel by e-mail or WhatsApp: its first \
                 response, unless it had one (no new version, no history row)"
            )
            .takes::<LeadResponseInput>()
            .responds::<ContactRequest>()
            .status(200)
        ),
        endpoint!(notes, Doc::new("A lead's internal notes, newest first").responds::<Vec<LeadNote>>()),
        endpoint!(
            add_note,
            Doc::new("Adds an internal note to a lead, signed by the user; never shown publicly")
                .takes::<LeadNoteInput>()
                .responds::<LeadNote>()
                .status(201)
        ),
        endpoint!(
            mine,
            Doc::new("The signed-in user's leads: pending ones and follow-ups due").responds::<MyLeads>()
        ),
        endpoint!(
            response_times,
            super::export::documented_daily(Doc::new(
                "Speed to lead over the last 30 days, by the client's local day: the median time to first \
                 response, the shares answered within 5 minutes and an hour, each user's count and median \
                 (every user's for admins, one's own otherwise) and each day's requests answered in time, \
                 late and not yet"
            ))
            .responds::<speed::ResponseTimes>()
        ),
        endpoint!(
            agents,
            Doc::new(
                "Every user as a lead's assignee or a listing's agent is chosen from: name, whether active \
                 and whether receiving leads"
            )
            .responds::<Vec<Agent>>()
        ),
    ]
}

/// An internal note on a lead.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct LeadNote {
    pub id: i64,
    pub contact_request_id: i64,
    /// Null once the author's account is deleted; the name stays.
    pub author_id: Option<i64>,
    pub author_name: String,
    pub body: String,
    pub created_at: String,
}

/// A user as the inbox and the property form offer them.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Agent {
    pub id: i64,
    pub username: String,
    pub full_name: Option<String>,
    pub is_active: bool,
    pub receives_leads: bool,
    /// The phone number the portals' feeds show with the agent's listings (issue 41).
    pub phone: Option<String>,
}

/// The side bar's count of the signed-in user's work.
#[derive(Debug, Clone, Copy, Default, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MyLeads {
    /// Pending leads assigned to the user.
    pub pending: i64,
    /// The user's leads, not closed, whose follow-up time has come.
    pub follow_ups_due: i64,
}

/// The instants a request is judged by: now, and the arrival time before which a pending
/// request is overdue (`AQAR_LEAD_RESPONSE_MINUTES` earlier).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeadClock {
    pub now: String,
    pub overdue_before: String,
}

impl LeadClock {
    pub fn at(now: OffsetDateTime, response_minutes: i64) -> LeadClock {
        let text = |at: OffsetDateTime| {
            at.replace_nanosecond(0).ok().and_then(|at| at.format(&Rfc3339).ok()).unwrap_or_default()
        };
        LeadClock { now: text(now), overdue_before: text(now - time::Duration::minutes(response_minutes)) }
    }
}

#[rocket::async_trait]
impl<'r> FromRequest<'r> for LeadClock {
    type Error = std::convert::Infallible;

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, Self::Error> {
        let minutes = request
            .rocket()
            .state::<Config>()
            .map_or(rules::leads::RESPONSE_MINUTES_DEFAULT, |config| config.lead_response_minutes);
        Outcome::Success(LeadClock::at(OffsetDateTime::now_utc(), minutes))
    }
}

impl ContactRequest {
    /// The request with `overdue` said as of `clock`: pending since before its deadline.
    pub fn judged(self, clock: &LeadClock) -> ContactRequest {
        let overdue = self.status == rules::vocabularies::ContactStatus::Pending.value()
            && self.created_at < clock.overdue_before;
        ContactRequest { overdue, ..self }
    }
}

#[post("/contact-requests", data = "<body>")]
async fn create(
    user: CurrentUser,
    clock: LeadClock,
    db: &Db,
    outbox: &State<Outbox>,
    body: Payload<ManualLeadInput>,
) -> ApiResult<(Status, Json<ContactRequest>)> {
    let input = body.0;
    let source = input.source.unwrap_or_default();
    let created =
        super::store::create(db.pool(), outbox, &Actor::from(&user), &input.to_request(), source).await?;
    Ok((Status::Created, Json(store::shown_one(db.pool(), &clock, created).await?)))
}

#[post("/contact-requests/<id>/claim")]
async fn claim(id: i64, user: CurrentUser, clock: LeadClock, db: &Db) -> ApiResult<Json<ContactRequest>> {
    let claimed = super::store::claim(db.pool(), &Actor::from(&user), user.0.id, id).await?;
    Ok(Json(store::shown_one(db.pool(), &clock, claimed).await?))
}

#[post("/contact-requests/<id>/responses", data = "<_answer>")]
async fn respond(
    id: i64,
    _user: CurrentUser,
    clock: LeadClock,
    db: &Db,
    // Either channel is a response; the guard only makes sure one was named.
    _answer: Payload<LeadResponseInput>,
) -> ApiResult<Json<ContactRequest>> {
    let answered = store::responded(db.pool(), id).await?;
    Ok(Json(store::shown_one(db.pool(), &clock, answered).await?))
}

#[get("/contact-requests/<id>/notes")]
async fn notes(id: i64, _user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<LeadNote>>> {
    Ok(Json(store::notes(db.pool(), id).await?))
}

#[post("/contact-requests/<id>/notes", data = "<body>")]
async fn add_note(
    id: i64,
    user: CurrentUser,
    db: &Db,
    body: Payload<LeadNoteInput>,
) -> ApiResult<(Status, Json<LeadNote>)> {
    let note = store::add_note(db.pool(), &user.0, id, body.0.body.trim()).await?;
    Ok((Status::Created, Json(note)))
}

#[get("/contact-requests/mine")]
async fn mine(user: CurrentUser, clock: LeadClock, db: &Db) -> ApiResult<Json<MyLeads>> {
    Ok(Json(store::mine(db.pool(), user.0.id, &clock).await?))
}

#[get("/contact-requests/response-times?<query..>")]
async fn response_times(
    query: OffsetQuery<'_>,
    user: CurrentUser,
    config: &State<Config>,
    db: &Db,
) -> ApiResult<Json<speed::ResponseTimes>> {
    let only = (!user.0.is_admin()).then_some(user.0.id);
    let minutes = config.lead_response_minutes;
    Ok(Json(speed::response_times(db.pool(), query.minutes()?, minutes, only).await?))
}

#[get("/agents")]
async fn agents(_user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<Agent>>> {
    Ok(Json(store::agents(db.pool()).await?))
}
