//! The one error type of the API: a status, a sentence for people and, for validation
//! failures, the field map from `rules`. Every non-2xx answer is rendered from it.

use std::io::Cursor;
use std::sync::Mutex;

use rocket::http::{ContentType, Header, Status};
use rocket::response::{self, Responder, Response};
use rocket::{catch, catchers, Catcher, Request, Route};
use rules::FieldErrors;
use schemars::JsonSchema;
use serde::Serialize;

#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: Status,
    pub message: String,
    pub errors: Option<FieldErrors>,
    pub retry_after_secs: Option<u64>,
    /// With 412: the record as it is now, so the client can choose who wins.
    pub current: Option<Box<serde_json::Value>>,
    /// With 405: the methods the address takes.
    pub allow: Option<Box<str>>,
}

/// The JSON body of every non-2xx answer.
#[derive(Serialize, JsonSchema)]
pub struct ErrorBody<'a> {
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<&'a FieldErrors>,
    /// With 412 (edited meanwhile): the record as it is now.
    #[serde(skip_serializing_if = "Option::is_none")]
    current: Option<&'a serde_json::Value>,
}

pub type ApiResult<T> = Result<T, ApiError>;

/// How long an overloaded server asks a client to wait before trying again.
pub const OVERLOADED_RETRY_SECS: u64 = 1;

impl ApiError {
    pub fn new(status: Status, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
            errors: None,
            retry_after_secs: None,
            current: None,
            allow: None,
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(Status::BadRequest, message)
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(Status::Unauthorized, message)
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(Status::Forbidden, message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(Status::NotFound, message)
    }

    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(Status::Conflict, message)
    }

    pub fn validation(errors: FieldErrors) -> Self {
        Self {
            status: Status::UnprocessableEntity,
            message: rules::messages::VALIDATION_FAILED.into(),
            errors: Some(errors),
            retry_after_secs: None,
            current: None,
            allow: None,
        }
    }

    /// 412: the record was changed since the client read it; nothing was written.
    pub fn stale(current: &impl Serialize) -> Self {
        Self {
            current: serde_json::to_value(current).ok().map(Box::new),
            ..Self::new(Status::PreconditionFailed, rules::messages::RECORD_CHANGED)
        }
    }

    pub fn too_many(message: impl Into<String>, retry_after_secs: u64) -> Self {
        Self { retry_after_secs: Some(retry_after_secs), ..Self::new(Status::TooManyRequests, message) }
    }

    /// The database could not serve in time: the server is overloaded, not broken.
    pub fn overloaded() -> Self {
        Self {
            retry_after_secs: Some(OVERLOADED_RETRY_SECS),
            ..Self::new(Status::ServiceUnavailable, rules::messages::SERVER_BUSY)
        }
    }

    /// A failure the user cannot act on; the detail goes to the log, not the answer.
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        rocket::error!("internal error: {detail}");
        Self::new(Status::InternalServerError, rules::messages::SERVER_FAULT)
    }

    /// Keeps this error for the catcher of the same request: request guards can only
    /// hand Rocket a status, and the catcher turns the kept error into the body.
    pub fn stash(self, request: &Request<'_>) -> Status {
        let status = self.status;
        if let Ok(mut slot) = request.local_cache(|| Stashed(Mutex::new(None))).0.lock() {
            *slot = Some(self);
        }
        status
    }
}

struct Stashed(Mutex<Option<ApiError>>);

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        match &error {
            sqlx::Error::RowNotFound => ApiError::not_found(rules::messages::NOT_FOUND),
            sqlx::Error::PoolTimedOut => ApiError::overloaded(),
            sqlx::Error::Database(db) if is_busy(db.as_ref()) => ApiError::overloaded(),
            sqlx::Error::Database(db) if db.is_unique_violation() => {
                ApiError::conflict(rules::messages::DUPLICATE_VALUE)
            }
            sqlx::Error::Database(db) if db.is_foreign_key_violation() => {
                ApiError::conflict(rules::messages::STILL_REFERENCED)
            }
            _ => ApiError::internal(error),
        }
    }
}

/// SQLite's result codes whose primary code (the low byte) says another connection holds
/// the lock the statement needed, after busy_timeout has been waited out.
const SQLITE_BUSY: i64 = 5;
const SQLITE_LOCKED: i64 = 6;

/// PostgreSQL's SQLSTATEs of a write that lost to others or a server that is full:
/// serialization_failure, deadlock_detected, lock_not_available, too_many_connections,
/// cannot_connect_now. Each succeeds when tried again, so the client is told to retry.
const POSTGRES_BUSY: [&str; 5] = ["40001", "40P01", "55P03", "53300", "57P03"];

/// Whether the database refused for contention rather than for the request itself: such a
/// refusal is load, and load is a 503, never a 500.
fn is_busy(error: &dyn sqlx::error::DatabaseError) -> bool {
    if error.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() {
        let primary = error.code().and_then(|code| code.parse::<i64>().ok()).map(|code| code & 0xff);
        matches!(primary, Some(SQLITE_BUSY | SQLITE_LOCKED))
    } else if error.try_downcast_ref::<sqlx::postgres::PgDatabaseError>().is_some() {
        error.code().is_some_and(|code| POSTGRES_BUSY.contains(&code.as_ref()))
    } else {
        false
    }
}

impl<'r> Responder<'r, 'static> for ApiError {
    /// The one place an error becomes its answer: its message and field messages are put
    /// in the answer's language here (see [`super::language`]), not by each handler.
    fn respond_to(self, request: &'r Request<'_>) -> response::Result<'static> {
        let language = super::language::of(request);
        let errors = self.errors.map(|errors| errors.in_language(language));
        // A message may quote what the client sent (a serde error names the value it could
        // not read): U+0000 never goes back, as the answer's schema promises.
        let message = rules::messages::in_language(&self.message, language).replace('\0', "\u{FFFD}");
        let body = serde_json::to_string(&ErrorBody {
            message: &message,
            errors: errors.as_ref(),
            current: self.current.as_deref(),
        })
        .map_err(|_| Status::InternalServerError)?;
        let mut response = Response::build();
        response.status(self.status).header(ContentType::JSON).sized_body(body.len(), Cursor::new(body));
        if let Some(secs) = self.retry_after_secs {
            response.header(Header::new("Retry-After", secs.to_string()));
        }
        if let Some(allow) = self.allow {
            response.header(Header::new("Allow", allow.into_string()));
        }
        Ok(response.finalize())
    }
}

/// Every status Rocket answers on its own (unknown route, guard failure, oversized body)
/// gets the same JSON shape as the handlers' errors.
#[catch(default)]
fn json_catcher(status: Status, request: &Request<'_>) -> ApiError {
    let stashed =
        request.local_cache(|| Stashed(Mutex::new(None))).0.lock().ok().and_then(|mut slot| slot.take());
    if let Some(error) = stashed {
        return error;
    }
    match status.code {
        // `PUT /api/contact-requests/counts` (or `PUT /api/imports/properties`, whatever its
        // body) reaches `PUT .../<id>` with an id that is not a number; when a route of another
        // method has that very path, the method is the fault. Otherwise, without a stashed
        // error, Rocket itself refused a form, or a path or query value that does not parse
        // (an id that is not a number): the request is malformed, not its body invalid.
        422 => match allowed_methods(request, true) {
            Some(allow) => method_not_allowed(allow),
            None if request.content_type().is_some_and(|ct| ct.is_form_data()) => {
                ApiError::new(status, rules::messages::FORM_FIELDS)
            }
            None => ApiError::bad_request(WRONG_TYPE_IN_ADDRESS),
        },
        // `GET /api/imports/properties` reaches `GET /api/imports/<id>`, whose id does not
        // parse, and the browser app's catch-all GET route answers 404 in its place: the path
        // is the literal one of `POST /api/imports/properties`, so the method is the fault.
        // Otherwise, when a route of this method has this path, a value in it did not parse
        // (an id beyond 64 bits) and the catch-all GET route answered 404 in its place.
        404 => match allowed_methods(request, true) {
            Some(allow) => method_not_allowed(allow),
            None if has_route_for(request) => ApiError::bad_request(WRONG_TYPE_IN_ADDRESS),
            None => match allowed_methods(request, false) {
                Some(allow) => method_not_allowed(allow),
                None => ApiError::new(status, default_message(status)),
            },
        },
        _ => ApiError::new(status, default_message(status)),
    }
}

fn method_not_allowed(allow: Box<str>) -> ApiError {
    ApiError {
        allow: Some(allow),
        ..ApiError::new(Status::MethodNotAllowed, rules::messages::METHOD_NOT_ALLOWED)
    }
}

const WRONG_TYPE_IN_ADDRESS: &str = rules::messages::WRONG_TYPE_IN_ADDRESS;

/// Whether one of the API's routes takes the request's method at the request's path.
fn has_route_for(request: &Request<'_>) -> bool {
    let path: Vec<&str> = request.uri().path().segments().collect();
    request
        .rocket()
        .routes()
        .filter(|route| !undocumented(route) && route.method == request.method())
        .any(|route| path_matches(route.uri.path(), &path))
}

/// The methods the API's routes take at the request's path, when it has some but not the
/// request's method: the answer is then 405 with `Allow`, not 404. A path that a route names
/// literally (`/api/contact-requests/counts`) is that route's, not also an id of the routes
/// with a parameter there; with `literal_only`, only such a path counts.
fn allowed_methods(request: &Request<'_>, literal_only: bool) -> Option<Box<str>> {
    let path: Vec<&str> = request.uri().path().segments().collect();
    let routes: Vec<&rocket::Route> = request
        .rocket()
        .routes()
        .filter(|route| !undocumented(route) && route.method != request.method())
        .filter(|route| path_matches(route.uri.path(), &path))
        .collect();
    let literal = routes.iter().any(|route| !route.uri.path().contains('<'));
    let mut methods: Vec<&str> = routes
        .iter()
        .filter(|route| !literal || !route.uri.path().contains('<'))
        .filter(|_| literal || !literal_only)
        .map(|route| route.method.as_str())
        .collect();
    methods.sort_unstable();
    methods.dedup();
    (!methods.is_empty()).then(|| methods.join(", ").into_boxed_str())
}

/// Whether a route's path pattern (`/api/categories/<id>`) matches the request's segments.
fn path_matches(pattern: &str, path: &[&str]) -> bool {
    let pattern: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
    if pattern.last().is_some_and(|last| last.ends_with("..>")) {
        return path.len() >= pattern.len() - 1
            && pattern.iter().zip(path).all(|(p, s)| p.starts_with('<') || p == s);
    }
    pattern.len() == path.len() && pattern.iter().zip(path).all(|(p, s)| p.starts_with('<') || p == s)
}

fn default_message(status: Status) -> String {
    match status.code {
        400 => rules::messages::BODY_MALFORMED.into(),
        401 => rules::messages::SIGN_IN_TO_CONTINUE.into(),
        403 => rules::messages::NOT_ALLOWED.into(),
        404 => rules::messages::NOT_FOUND.into(),
        413 => rules::messages::BODY_TOO_LARGE.into(),
        415 => rules::messages::UNSUPPORTED_MEDIA_TYPE.into(),
        422 => rules::messages::BODY_WRONG_SHAPE.into(),
        _ => status.reason().unwrap_or("Error").to_owned(),
    }
}

pub fn catchers() -> Vec<Catcher> {
    catchers![json_catcher]
}

/// Routes that are deliberately not in the OpenAPI document: every one outside the API's
/// addresses (`/api`, `/media`, `/healthz`): the browser app's pages, the public website's,
/// and the answers to a refused cross-origin write and to a request for another host
/// (reached only by re-routing, see `auth::origin` and `host`).
pub fn undocumented(route: &Route) -> bool {
    let path = route.uri.path().to_string();
    let api =
        path == "/api" || path.starts_with("/api/") || path.starts_with("/media/") || path == "/healthz";
    !api
}
