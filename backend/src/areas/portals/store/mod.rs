//! The portals' SQL: mappings, feed tokens, webhook secrets and deliveries, the feeds'
//! reads, and the listings' references.

pub mod deliveries;
pub mod feed;
pub mod mappings;
pub mod references;
pub mod secrets;
pub mod tokens;
