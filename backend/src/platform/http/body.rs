//! Request bodies that cannot be stalled (issue 42, docs/adr/0033). Every body, whoever
//! reads it (the JSON guard, a form, a multipart or video upload, a webhook), is read
//! through [`Watched`]: a body from which nothing arrives for `AQAR_BODY_IDLE_SECONDS`
//! while it is being read fails, and its request is answered 408 and its connection closed.
//! A client address may have `AQAR_BODY_OPEN_PER_ADDRESS` bodies open at once; one more is
//! refused 429 before it is routed. A body sent slowly but steadily is never cut: only a
//! silence counts, not the total time.
//!
//! Rocket 0.5 has no such timeout; the vendored copy hands every body to [`Watch`] before
//! anything reads it (vendor/README.md), since Rocket itself peeks into each body before
//! any fairing runs.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use rocket::data::{BodyStream, BodyWatch};
use rocket::fairing::AdHoc;
use rocket::http::{Header, Status};
use rocket::response::Responder;
use rocket::tokio::io::{AsyncRead, ReadBuf};
use rocket::tokio::time::{sleep, Sleep};
use rocket::{Build, Orbit, Request, Rocket};
use rules::messages;

use crate::platform::http::client::Client;
use crate::platform::http::error::ApiError;

/// How long a body may send nothing, by default: a phone on a weak network pauses for a few
/// seconds, not for half a minute.
pub const DEFAULT_IDLE: Duration = Duration::from_secs(30);
/// Bodies one address may have open at once, by default: a browser sends at most 6 at once
/// to a server, and an office behind one address has several browsers.
pub const DEFAULT_OPEN_PER_ADDRESS: usize = 32;

/// How bodies are watched: configured by `AQAR_BODY_IDLE_SECONDS` and
/// `AQAR_BODY_OPEN_PER_ADDRESS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyLimits {
    pub idle: Duration,
    pub open_per_address: usize,
}

impl Default for BodyLimits {
    fn default() -> Self {
        BodyLimits { idle: DEFAULT_IDLE, open_per_address: DEFAULT_OPEN_PER_ADDRESS }
    }
}

/// Puts every body of `rocket`'s requests under `limits`, and answers 408 for those that
/// stalled. Attached before the fairings that finish answers (headers, compression), so that
/// they finish the 408 too.
pub fn watched(rocket: Rocket<Build>, limits: BodyLimits) -> Rocket<Build> {
    let watch: Arc<dyn BodyWatch> = Arc::new(Watch { limits, open: Arc::default() });
    rocket.manage(watch).attach(stalled_answers())
}

/// `rocket` under the watch of `panel`, counting open bodies with it: clients see one
/// process as one server, whichever of its ports they send to.
pub fn watched_as(rocket: Rocket<Build>, panel: &Rocket<Orbit>) -> Option<Rocket<Build>> {
    let watch = Arc::clone(panel.state::<Arc<dyn BodyWatch>>()?);
    Some(rocket.manage(watch).attach(stalled_answers()))
}

/// The bodies open per client address.
type OpenBodies = Arc<Mutex<HashMap<IpAddr, usize>>>;

struct Watch {
    limits: BodyLimits,
    open: OpenBodies,
}

impl BodyWatch for Watch {
    fn watch<'r>(&self, request: &Request<'_>, body: BodyStream<'r>) -> Result<BodyStream<'r>, Status> {
        let address = Client::of(request).address;
        let Some(open) = OpenBody::take(&self.open, address, self.limits.open_per_address) else {
            rocket::warn!(
                "refused {} {}: {address} has too many bodies open",
                request.method(),
                request.uri()
            );
            return Err(ApiError::too_many(messages::BODIES_TOO_MANY_OPEN, REFUSED_RETRY_SECS).stash(request));
        };
        let stalled = Arc::clone(&request.local_cache(Stalled::default).0);
        Ok(Box::pin(Watched { body, idle: self.limits.idle, silence: None, stalled, _open: open }))
    }
}

/// A refused client may try again as soon as one of its bodies is done, which takes at most
/// the idle time and usually much less.
const REFUSED_RETRY_SECS: u64 = 1;

/// One open body of an address, counted until it is dropped (read, given up or answered).
struct OpenBody {
    open: OpenBodies,
    address: IpAddr,
}

impl OpenBody {
    fn take(open: &OpenBodies, address: IpAddr, limit: usize) -> Option<OpenBody> {
        let mut counts = open.lock().ok()?;
        let count = counts.entry(address).or_insert(0);
        if *count >= limit {
            return None;
        }
        *count += 1;
        Some(OpenBody { open: Arc::clone(open), address })
    }
}

impl Drop for OpenBody {
    fn drop(&mut self) {
        let Ok(mut counts) = self.open.lock() else { return };
        if let Some(count) = counts.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.address);
            }
        }
    }
}

/// Whether this request's body stalled; set by its [`Watched`] reader, read when answering.
#[derive(Default)]
struct Stalled(Arc<AtomicBool>);

/// A body that fails once nothing arrives for `idle` while it is being read. The clock runs
/// only while a reader waits for bytes: a server slow to read (writing a file, busy) is not
/// the client's silence.
struct Watched<'r> {
    body: BodyStream<'r>,
    idle: Duration,
    /// Since when the reader has been waiting, as the time it gives up.
    silence: Option<Pin<Box<Sleep>>>,
    stalled: Arc<AtomicBool>,
    _open: OpenBody,
}

impl AsyncRead for Watched<'_> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.stalled.load(Ordering::Relaxed) {
            return Poll::Ready(Err(stalled_error()));
        }
        match this.body.as_mut().poll_read(cx, buf) {
            Poll::Ready(read) => {
                this.silence = None;
                Poll::Ready(read)
            }
            Poll::Pending => {
                let idle = this.idle;
                let silence = this.silence.get_or_insert_with(|| Box::pin(sleep(idle)));
                match silence.as_mut().poll(cx) {
                    Poll::Ready(()) => {
                        this.stalled.store(true, Ordering::Relaxed);
                        Poll::Ready(Err(stalled_error()))
                    }
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }
}

fn stalled_error() -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, messages::BODY_STALLED)
}

/// Whatever a stalled body's reader made of the failure (a 400 of the JSON guard, a form's
/// error), the answer is 408, and the connection, whose body is half read, is closed.
fn stalled_answers() -> AdHoc {
    AdHoc::on_response("Stalled bodies are 408", |request, response| {
        Box::pin(async move {
            if !request.local_cache(Stalled::default).0.load(Ordering::Relaxed) {
                return;
            }
            match ApiError::new(Status::RequestTimeout, messages::BODY_STALLED).respond_to(request) {
                Ok(answer) => *response = answer,
                Err(status) => response.set_status(status),
            }
            response.set_header(Header::new("Connection", "close"));
        })
    })
}
