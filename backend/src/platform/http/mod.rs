//! HTTP mechanisms: errors and catchers, request guards and answers every area uses, and the
//! fairings that shape every answer.

pub mod answer_cache;
pub mod body;
pub mod client;
pub mod compression;
pub mod download;
pub mod error;
pub mod headers;
pub mod host;
pub mod if_match;
pub mod language;
pub mod payload;
pub mod query;
pub mod spa;
