//! Aqar: a hook that sees every request body before anything reads it, Rocket's own
//! `_method` peek included (`server.rs`). Upstream Rocket 0.5.2 reads a body for as long as
//! its client cares to take (its `Data::from` notes that "some kind of idle timeout should be
//! implemented"); the application builds that timeout, and any bound on open bodies, on this.

use std::pin::Pin;

use tokio::io::AsyncRead;

use crate::http::Status;
use crate::Request;

/// A request body's bytes, as the readers of its `Data` receive them.
pub type BodyStream<'r> = Pin<Box<dyn AsyncRead + Send + 'r>>;

/// Managed as `Arc<dyn BodyWatch>`, it is handed every request that has a body, before the
/// body is read.
pub trait BodyWatch: Send + Sync + 'static {
    /// The stream `request`'s readers are to read in place of `body`, or the status that
    /// refuses the request unrouted (answered by that status's catcher, then the response
    /// fairings).
    fn watch<'r>(&self, request: &Request<'_>, body: BodyStream<'r>) -> Result<BodyStream<'r>, Status>;
}
