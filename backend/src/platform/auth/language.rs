//! The language of a handler's answer as a guard: the signed-in user's stored language, else
//! the `Accept-Language`'s, else English (`platform::http::language`). It resolves the
//! session first, so a handler gets the user's language whatever order its guards run in.

use rocket::request::{FromRequest, Outcome, Request};
use rules::language::Language;

use super::session;
use crate::platform::http::language;

/// The request's language, as a guard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerLanguage(pub Language);

#[rocket::async_trait]
impl<'r> FromRequest<'r> for AnswerLanguage {
    type Error = std::convert::Infallible;

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, Self::Error> {
        session::resolve_quietly(request).await;
        Outcome::Success(AnswerLanguage(language::of(request)))
    }
}
