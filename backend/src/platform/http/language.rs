//! The language of an answer's texts (contract: Languages; issue 23): the signed-in user's
//! stored language when the request has a session, else the `Accept-Language` of the
//! request, else English.
//!
//! The session guard (`platform::auth`) remembers the user's language in the request's local
//! cache when it resolves the user ([`remember`]); the error answer, rendered without awaiting
//! anything, reads it from there. The guard a handler asks for, `auth::AnswerLanguage`, lives
//! beside the session, which it resolves first (HTTP mechanisms never import the auth ones).

use std::sync::OnceLock;

use rocket::request::Request;
use rules::language::Language;

/// The signed-in user's language, once the session guard has found the user.
#[derive(Default)]
struct SessionLanguage(OnceLock<Language>);

/// Keeps the signed-in user's stored language for the rest of the request.
pub fn remember(request: &Request<'_>, language: Language) {
    let _ = request.local_cache(SessionLanguage::default).0.set(language);
}

/// The language of this request's answer as far as it is known now: the signed-in user's
/// when the session was resolved, else the `Accept-Language`'s.
pub fn of(request: &Request<'_>) -> Language {
    request.local_cache(SessionLanguage::default).0.get().copied().unwrap_or_else(|| accepted(request))
}

/// The first of ours in the `Accept-Language` header; English when it names none.
pub fn accepted(request: &Request<'_>) -> Language {
    request.headers().get_one("Accept-Language").map(Language::from_accept_language).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use rocket::http::Header;
    use rocket::local::blocking::Client;

    use super::*;

    #[test]
    fn the_users_language_wins_over_the_header() {
        let client = Client::debug(rocket::build()).expect("a client");
        let mut request = client.get("/");
        request.add_header(Header::new("Accept-Language", "ar-JO,en;q=0.5"));
        assert_eq!(of(request.inner()), Language::Ar);
        let mut request = client.get("/");
        assert_eq!(of(request.inner()), Language::En, "no header: English");
        request.add_header(Header::new("Accept-Language", "ar"));
        remember(request.inner(), Language::En);
        assert_eq!(of(request.inner()), Language::En, "the stored language wins");
    }
}
