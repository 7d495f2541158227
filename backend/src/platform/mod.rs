//! The mechanisms every area uses. Nothing here knows an area or the fixtures: areas depend
//! on the platform, never the reverse (`backend/tests/layout.rs` holds it so).

pub mod audit;
pub mod auth;
pub mod bulk;
pub mod config;
pub mod db;
pub mod form_limit;
pub mod health;
pub mod http;
pub mod jobs;
pub mod mail;
pub mod media;
pub mod openapi;
pub mod trash;
