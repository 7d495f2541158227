//! Requests are answered only for the panel's own hosts, against DNS rebinding: a page of
//! `evil.example` whose name is made to resolve to 127.0.0.1 would otherwise reach a panel
//! bound there, with the browser believing it same-origin. A rebinding attack needs a name
//! the attacker controls, so an IP address (any one the server was reached at, the bound
//! address among them) and `localhost` are always accepted; other names only when
//! `AQAR_PUBLIC_HOSTS` lists them. The host judged is the one the client addressed: its
//! `Host`, or a trusted proxy's `X-Forwarded-Host` (see `client`). A request without a
//! host (HTTP/1.0 tools, the in-process test client) names no host to rebind.
//!
//! Rocket's request fairings cannot answer, so a refused request is re-routed to a route
//! that only answers the refusal, as `auth::origin` does.

use std::net::IpAddr;

use rocket::fairing::AdHoc;
use rocket::http::Method;
use rocket::request::{FromRequest, Outcome, Request};
use rocket::{get, routes, uri, Route};

use crate::platform::http::client::Client;
use crate::platform::http::error::ApiError;

/// The host names of `AQAR_PUBLIC_HOSTS`, lower-cased, each with the port it was given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PublicHosts(Vec<(String, Option<u16>)>);

impl PublicHosts {
    /// Reads a comma-separated list such as `panel.example, panel.example:8443`; an entry
    /// without a port accepts any port.
    pub fn parse(text: &str) -> Result<PublicHosts, String> {
        text.split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                split(entry)
                    .filter(|(name, _)| is_host_name(name))
                    .ok_or_else(|| format!("'{entry}' is not a host name, with or without a port"))
            })
            .collect::<Result<_, _>>()
            .map(PublicHosts)
    }

    /// Whether a request addressed to `host` (`name[:port]`, as in `Host`) is answered.
    pub fn allows(&self, host: &str) -> bool {
        let Some((name, port)) = split(host) else { return false };
        if name == "localhost" || name.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().is_ok()
        {
            return true;
        }
        self.0
            .iter()
            .any(|(allowed, allowed_port)| *allowed == name && allowed_port.is_none_or(|p| Some(p) == port))
    }
}

impl PublicHosts {
    /// Whether `host` is one of the listed names (an address or `localhost` is not).
    pub fn lists(&self, host: &str) -> bool {
        let Some((name, port)) = split(host) else { return false };
        self.0
            .iter()
            .any(|(listed, listed_port)| *listed == name && listed_port.is_none_or(|p| Some(p) == port))
    }

    /// These hosts and `other`'s.
    pub fn joined(&self, other: &PublicHosts) -> PublicHosts {
        PublicHosts(self.0.iter().chain(&other.0).cloned().collect())
    }
}

/// A `name[:port]` split, the name lower-cased; `None` when the port is not a number.
fn split(host: &str) -> Option<(String, Option<u16>)> {
    let host = host.trim().to_ascii_lowercase();
    // An IPv6 literal is bracketed, and its colons are not a port's.
    let port_at = match host.rfind(']') {
        Some(close) => host[close..].find(':').map(|at| close + at),
        None => host.rfind(':'),
    };
    match port_at {
        Some(at) => Some((host[..at].to_owned(), Some(host[at + 1..].parse().ok()?))),
        None => Some((host, None)),
    }
}

fn is_host_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
}

pub fn fairing() -> AdHoc {
    AdHoc::on_request("Own hosts only", |request, _| {
        Box::pin(async move {
            let Some(host) = Client::of(request).host else { return };
            let allowed = request.rocket().state::<PublicHosts>().is_some_and(|hosts| hosts.allows(&host));
            if !allowed {
                rocket::warn!("refused {} {} for the host {host}", request.method(), request.uri());
                request.local_cache(|| Misdirected(true));
                request.set_method(Method::Get);
                request.set_uri(uri!("/unknown-host-refused"));
            }
        })
    })
}

pub fn routes() -> Vec<Route> {
    routes![unknown_host_refused]
}

/// Marks a request the fairing re-routed; any other request to the route is not found.
struct Misdirected(bool);

#[rocket::async_trait]
impl<'r> FromRequest<'r> for &'r Misdirected {
    type Error = ();

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, Self::Error> {
        match request.local_cache(|| Misdirected(false)) {
            refused @ Misdirected(true) => Outcome::Success(refused),
            Misdirected(false) => Outcome::Forward(rocket::http::Status::NotFound),
        }
    }
}

#[get("/unknown-host-refused")]
fn unknown_host_refused(_refused: &Misdirected) -> ApiError {
    ApiError::bad_request(rules::messages::UNKNOWN_HOST)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_localhost_are_always_answered() {
        let none = PublicHosts::default();
        for host in ["127.0.0.1:8000", "127.0.0.1", "localhost:8000", "LOCALHOST", "[::1]:8000", "10.0.0.5"] {
            assert!(none.allows(host), "{host}");
        }
    }

    #[test]
    fn other_names_only_when_listed_and_on_their_port() {
        let hosts = PublicHosts::parse("panel.example, admin.example:8443").expect("parses");
        assert!(hosts.allows("panel.example"));
        assert!(hosts.allows("Panel.Example:443"));
        assert!(hosts.allows("admin.example:8443"));
        assert!(!hosts.allows("admin.example"));
        assert!(!hosts.allows("evil.example"));
        assert!(!hosts.allows("panel.example.evil.example"));
        assert!(!hosts.allows("panel.example:x"));
        assert!(!PublicHosts::default().allows("panel.example"));
    }

    #[test]
    fn entries_that_are_not_host_names_are_refused() {
        for bad in ["https://panel.example", "panel.example/x", "panel.example:99999", "pan el"] {
            assert!(PublicHosts::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(PublicHosts::parse(" ").expect("parses"), PublicHosts::default());
    }
}
