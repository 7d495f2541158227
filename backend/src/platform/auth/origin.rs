//! Writes from other sites are refused. A browser names the page that sent a request in
//! `Origin`; a POST, PUT, PATCH or DELETE whose `Origin` is not the panel's own (scheme,
//! host and port, as the client addressed the panel) answers 403 before routing, so no
//! handler runs and nothing changes. A request without `Origin` passes: it does not come
//! from a page of another site (tools, scripts and tests send none).
//!
//! Rocket's request fairings cannot answer, so a refused request is re-routed to a route
//! that only answers the refusal.

use rocket::fairing::AdHoc;
use rocket::http::Method;
use rocket::request::{FromRequest, Outcome, Request};
use rocket::{get, routes, uri, Route};

use crate::platform::http::client::Client;
use crate::platform::http::error::ApiError;

pub fn fairing() -> AdHoc {
    AdHoc::on_request("Same-origin writes", |request, _| {
        Box::pin(async move {
            if let Some(origin) = foreign_origin(request) {
                rocket::warn!(
                    "refused {} {} from the foreign origin {origin}",
                    request.method(),
                    request.uri()
                );
                request.local_cache(|| Refused(true));
                request.set_method(Method::Get);
                request.set_uri(uri!("/cross-origin-refused"));
            }
        })
    })
}

/// The `Origin` of an unsafe request when it is not the panel's own.
fn foreign_origin(request: &Request<'_>) -> Option<String> {
    if matches!(request.method(), Method::Get | Method::Head | Method::Options) {
        return None;
    }
    let origin = request.headers().get_one("Origin")?;
    let client = Client::of(request);
    let own = client.host.as_deref().is_some_and(|host| is_own(origin, client.https, host));
    (!own).then(|| origin.to_owned())
}

/// Whether `origin` is the one a client reaching `host` over http(s) is on. Ports that are
/// the scheme's default may be written or left out; letters compare without case.
fn is_own(origin: &str, https: bool, host: &str) -> bool {
    let Some((scheme, authority)) = origin.split_once("://") else {
        return false;
    };
    if authority.is_empty() || authority.contains('/') || host.is_empty() {
        return false;
    }
    normalised(scheme, authority) == normalised(if https { "https" } else { "http" }, host)
}

fn normalised(scheme: &str, authority: &str) -> String {
    let (scheme, authority) = (scheme.to_ascii_lowercase(), authority.to_ascii_lowercase());
    let default_port = match scheme.as_str() {
        "http" => ":80",
        "https" => ":443",
        _ => "",
    };
    let authority = authority.strip_suffix(default_port).unwrap_or(&authority);
    format!("{scheme}://{authority}")
}

pub fn routes() -> Vec<Route> {
    routes![cross_origin_refused]
}

/// Marks a request the fairing re-routed; any other request to the route is not found.
struct Refused(bool);

#[rocket::async_trait]
impl<'r> FromRequest<'r> for &'r Refused {
    type Error = ();

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, Self::Error> {
        match request.local_cache(|| Refused(false)) {
            refused @ Refused(true) => Outcome::Success(refused),
            Refused(false) => Outcome::Forward(rocket::http::Status::NotFound),
        }
    }
}

#[get("/cross-origin-refused")]
fn cross_origin_refused(_refused: &Refused) -> ApiError {
    ApiError::forbidden(rules::messages::FOREIGN_ORIGIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_panels_own_origin_is_its_scheme_and_host() {
        assert!(is_own("http://panel.example", false, "panel.example"));
        assert!(is_own("http://127.0.0.1:8000", false, "127.0.0.1:8000"));
        assert!(is_own("https://Panel.Example", true, "panel.example"));
        assert!(is_own("https://panel.example:443", true, "panel.example"));
        assert!(is_own("http://panel.example", false, "panel.example:80"));
        assert!(is_own("http://[::1]:8000", false, "[::1]:8000"));
    }

    #[test]
    fn another_scheme_host_or_port_is_foreign() {
        assert!(!is_own("https://panel.example", false, "panel.example"));
        assert!(!is_own("http://panel.example", true, "panel.example"));
        assert!(!is_own("http://evil.example", false, "panel.example"));
        assert!(!is_own("http://panel.example.evil.example", false, "panel.example"));
        assert!(!is_own("http://panel.example:8080", false, "panel.example"));
        assert!(!is_own("http://127.0.0.1:8001", false, "127.0.0.1:8000"));
    }

    #[test]
    fn null_and_malformed_origins_are_foreign() {
        assert!(!is_own("null", false, "panel.example"));
        assert!(!is_own("http://", false, "panel.example"));
        assert!(!is_own("http://panel.example/path", false, "panel.example"));
        assert!(!is_own("http://panel.example", false, ""));
    }
}
