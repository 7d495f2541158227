//! The security headers of every answer.
//!
//! - A strict Content-Security-Policy: scripts only from the server itself (and the WASM
//!   rules compiled from them), nothing may frame the panel, no plug-ins, no `<base>`.
//!   Styles may be inline because Swagger UI at `/api/docs` and the panel's components set
//!   `style` attributes; images and videos may come from any http(s) address because
//!   listings link outside media.
//! - `Referrer-Policy: no-referrer`, so outside images never learn the panel's addresses,
//!   unless the answer sets its own.
//! - HSTS when the client is on HTTPS (ours, or a trusted proxy's `X-Forwarded-Proto`):
//!   over plain HTTP it would be ignored, and on a name without HTTPS it would lock users out.
//! - `Cache-Control: no-store` on the answers of a session (and on those that start one),
//!   so no shared or browser cache keeps a signed-in user's data; public reads keep theirs.

use rocket::fairing::AdHoc;
use rocket::http::Header;
use rocket::Request;

use crate::platform::http::client::Client;

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https: http:; \
     media-src 'self' blob: https: http:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// A year, for this host only: the panel's own name says nothing of its parent's other
/// sites, which `includeSubDomains` would bind too when the panel is at a domain's apex.
const HSTS: &str = "max-age=31536000";

/// Marks a request whose session was found valid (see `auth::session`).
pub struct SignedIn;

pub fn fairing() -> AdHoc {
    AdHoc::on_response("Security headers", |request, response| {
        Box::pin(async move {
            response.set_header(Header::new("Content-Security-Policy", CONTENT_SECURITY_POLICY));
            response.set_header(Header::new("X-Frame-Options", "DENY"));
            response.set_header(Header::new("X-Content-Type-Options", "nosniff"));
            // An answer may say its own (the public website's pages: under `no-referrer` a
            // browser posts their forms with `Origin: null`, which the origin check refuses).
            if !response.headers().contains("Referrer-Policy") {
                response.set_header(Header::new("Referrer-Policy", "no-referrer"));
            }
            if Client::of(request).https {
                response.set_header(Header::new("Strict-Transport-Security", HSTS));
            }
            let starts_session = response.headers().get("Set-Cookie").next().is_some();
            if signed_in(request) || starts_session {
                response.set_header(Header::new("Cache-Control", "no-store"));
            }
        })
    })
}

fn signed_in(request: &Request<'_>) -> bool {
    request.local_cache(|| None::<SignedIn>).is_some()
}
