//! The language of an answer's texts (contract: Languages): the `Accept-Language` of the
//! request, English when it names none of ours.

use rocket::request::{FromRequest, Outcome, Request};
use rules::language::Language;

/// The request's language, as a guard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerLanguage(pub Language);

pub fn of(request: &Request<'_>) -> Language {
    request.headers().get_one("Accept-Language").map(Language::from_accept_language).unwrap_or_default()
}

#[rocket::async_trait]
impl<'r> FromRequest<'r> for AnswerLanguage {
    type Error = std::convert::Infallible;

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, Self::Error> {
        Outcome::Success(AnswerLanguage(of(request)))
    }
}
