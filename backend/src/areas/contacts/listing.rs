//! The inbox's query string (contract "Lists at scale"): with no parameter the whole list;
//! with any of `page`, `pageSize`, `q`, `sort`, `status`, `from` or `to`, one page of it with
//! the total in `X-Total-Count`. `from` and `to` are RFC 3339 instants, inclusive. Issue 26's
//! filters page too: `assignee` (`me` or `none`), `followUps=due` and `overdue=true`; and
//! `repeats=grouped` keeps one request per person (by e-mail or phone digits), their newest
//! among those the other filters keep, so a repeat contact is one row of the inbox.

use rocket::FromForm;
use rules::bulk::{ContactFilter, FollowUps, LeadAssignee};
use rules::vocabularies::ContactStatus;
use serde_json::json;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::query::{one_of, single, whole_number};
use crate::platform::openapi::Doc;

use super::leads::LeadClock;

pub const DEFAULT_PAGE_SIZE: i64 = 10;
pub const MAX_PAGE_SIZE: i64 = 100;

#[derive(FromForm, Default)]
pub struct ContactQuery<'r> {
    page: Vec<&'r str>,
    #[field(name = "pageSize")]
    page_size: Vec<&'r str>,
    q: Vec<&'r str>,
    sort: Vec<&'r str>,
    status: Vec<&'r str>,
    from: Vec<&'r str>,
    to: Vec<&'r str>,
    assignee: Vec<&'r str>,
    #[field(name = "followUps")]
    follow_ups: Vec<&'r str>,
    overdue: Vec<&'r str>,
    repeats: Vec<&'r str>,
}

const ASSIGNEES: [&str; 2] = ["me", "none"];
const FOLLOW_UPS: [&str; 1] = ["due"];
const OVERDUE: [&str; 1] = ["true"];
const REPEATS: [&str; 1] = ["grouped"];

/// Whose requests a list holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssigneeFilter {
    User(i64),
    Nobody,
}

/// What the inbox sorts by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortKey {
    CreatedAt,
    Name,
    Subject,
    Status,
}

impl SortKey {
    const ALL: [(&'static str, SortKey); 4] = [
        ("createdAt", SortKey::CreatedAt),
        ("name", SortKey::Name),
        ("subject", SortKey::Subject),
        ("status", SortKey::Status),
    ];

    pub fn column(self) -> &'static str {
        match self {
            SortKey::CreatedAt => "created_at",
            SortKey::Name => "name",
            SortKey::Subject => "subject",
            SortKey::Status => "status",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactListRequest {
    /// `None`: the whole list, as the specification's plain call answers it.
    pub paging: Option<(i64, i64)>,
    /// The folded search text; `None` when absent or blank.
    pub search: Option<String>,
    pub sort: SortKey,
    pub descending: bool,
    pub status: Option<ContactStatus>,
    /// Stored-form instants (`YYYY-MM-DDTHH:MM:SSZ`), inclusive.
    pub from: Option<String>,
    pub to: Option<String>,
    pub assignee: Option<AssigneeFilter>,
    /// Requests, not closed, whose follow-up is at or before this stored instant.
    pub follow_ups_due_by: Option<String>,
    /// Pending requests that arrived before this stored instant: overdue.
    pub pending_before: Option<String>,
    /// Only the newest request of each person among those kept.
    pub grouped: bool,
}

/// An RFC 3339 instant as the database stores timestamps: UTC, whole seconds, 'Z'.
pub fn stored_instant(text: &str) -> Option<String> {
    let instant = OffsetDateTime::parse(text.trim(), &Rfc3339).ok()?.to_offset(time::UtcOffset::UTC);
    instant.replace_nanosecond(0).ok()?.format(&Rfc3339).ok()
}

fn instant(values: &[&str], name: &str) -> ApiResult<Option<String>> {
    let Some(text) = single(values, name)? else { return Ok(None) };
    stored_instant(text).map(Some).ok_or_else(|| {
        ApiError::bad_request(format!("{name} must be an RFC 3339 instant such as 2026-01-31T00:00:00Z"))
    })
}

impl ContactListRequest {
    /// The whole inbox, newest first, narrowed by a bulk call's filter for user `me` at
    /// `clock`: the query string's search and filters, read from JSON; an instant that does
    /// not read is a 422 naming it.
    pub fn filtered(filter: &ContactFilter, me: i64, clock: &LeadClock) -> ApiResult<ContactListRequest> {
        let mut errors = rules::FieldErrors::new();
        let mut read = |text: &Option<String>, field: &'static str| {
            let stored = text.as_deref().map(stored_instant);
            errors.check(stored.as_ref().is_some_and(Option::is_none), field, rules::messages::BULK_INSTANT);
            stored.flatten()
        };
        let (from, to) = (read(&filter.from, "filter.from"), read(&filter.to, "filter.to"));
        if !errors.is_empty() {
            return Err(ApiError::validation(errors));
        }
        Ok(ContactListRequest {
            paging: None,
            search: filter.q.as_deref().map(rules::fold::fold).filter(|q| !q.trim().is_empty()),
            sort: SortKey::CreatedAt,
            descending: true,
            status: filter.status,
            from,
            to,
            assignee: filter.assignee.map(|assignee| match assignee {
                LeadAssignee::Me => AssigneeFilter::User(me),
                LeadAssignee::None => AssigneeFilter::Nobody,
            }),
            follow_ups_due_by: filter.follow_ups.map(|FollowUps::Due| clock.now.clone()),
            pending_before: filter.overdue.then(|| clock.overdue_before.clone()),
            grouped: filter.grouped,
        })
    }
}

impl ContactQuery<'_> {
    fn is_empty(&self) -> bool {
        [
            &self.page,
            &self.page_size,
            &self.q,
            &self.sort,
            &self.status,
            &self.from,
            &self.to,
            &self.assignee,
            &self.follow_ups,
            &self.overdue,
            &self.repeats,
        ]
        .iter()
        .all(|values| values.is_empty())
    }

    /// The request these parameters make for user `me` at `clock`, or a 400 naming the
    /// first bad one.
    pub fn parse(&self, me: i64, clock: &LeadClock) -> ApiResult<ContactListRequest> {
        let page = whole_number(&self.page, "page", 1, i64::from(i32::MAX), "a whole number from 1")?;
        let size =
            whole_number(&self.page_size, "pageSize", 1, MAX_PAGE_SIZE, "a whole number from 1 to 100")?;
        let q = single(&self.q, "q")?;
        if q.is_some_and(|q| q.contains('\0')) {
            return Err(ApiError::bad_request(rules::messages::QUERY_WITH_NUL));
        }
        let search = q.map(rules::fold::fold).filter(|q| !q.trim().is_empty());
        let (sort, descending) = match single(&self.sort, "sort")? {
            None => (SortKey::CreatedAt, true),
            Some(text) => {
                let (descending, name) = text.strip_prefix('-').map_or((false, text), |name| (true, name));
                let key =
                    SortKey::ALL.iter().find(|(n, _)| *n == name).map(|(_, key)| *key).ok_or_else(|| {
                        let names: Vec<&str> = SortKey::ALL.iter().map(|(n, _)| *n).collect();
                        ApiError::bad_request(format!(
                            "sort must be one of {}, with '-' before it for descending order",
                            names.join(", ")
                        ))
                    })?;
                (key, descending)
            }
        };
        let status = one_of(&self.status, "status", ContactStatus::ALL, ContactStatus::value)?;
        let paging = (!self.is_empty()).then(|| (page.unwrap_or(1), size.unwrap_or(DEFAULT_PAGE_SIZE)));
        Ok(ContactListRequest {
            paging,
            search,
            sort,
            descending,
            status,
            from: instant(&self.from, "from")?,
            to: instant(&self.to, "to")?,
            assignee: one_of(&self.assignee, "assignee", &ASSIGNEES, |a| a)?.map(|a| match a {
                "me" => AssigneeFilter::User(me),
                _ => AssigneeFilter::Nobody,
            }),
            follow_ups_due_by: one_of(&self.follow_ups, "followUps", &FOLLOW_UPS, |a| a)?
                .map(|_| clock.now.clone()),
            pending_before: one_of(&self.overdue, "overdue", &OVERDUE, |a| a)?
                .map(|_| clock.overdue_before.clone()),
            grouped: one_of(&self.repeats, "repeats", &REPEATS, |a| a)?.is_some(),
        })
    }
}

/// Declares the inbox's query parameters and its total header.
pub fn documented(doc: Doc) -> Doc {
    let sorts: Vec<String> =
        SortKey::ALL.iter().flat_map(|(name, _)| [(*name).to_owned(), format!("-{name}")]).collect();
    let statuses: Vec<&str> = ContactStatus::ALL.iter().map(|s| s.value()).collect();
    doc.query("page", json!({ "type": "integer", "format": "int32", "minimum": 1 }))
        .query("pageSize", json!({ "type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE }))
        .query("q", json!({ "type": "string", "pattern": r"^[^\x00]*$" }))
        .query("sort", json!({ "type": "string", "enum": sorts }))
        .query("status", json!({ "type": "string", "enum": statuses }))
        .query("from", json!({ "type": "string", "format": "date-time" }))
        .query("to", json!({ "type": "string", "format": "date-time" }))
        .query("assignee", json!({ "type": "string", "enum": ASSIGNEES }))
        .query("followUps", json!({ "type": "string", "enum": FOLLOW_UPS }))
        .query("overdue", json!({ "type": "string", "enum": OVERDUE }))
        .query("repeats", json!({ "type": "string", "enum": REPEATS }))
        .header("X-Total-Count", "With paging: how many requests match, over all pages")
}
