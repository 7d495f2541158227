//! Aqar's server: the JSON API of the panel and the embedded browser app, in one Rocket.

pub mod api_docs;
pub mod auth;
pub mod bootstrap;
pub mod categories;
pub mod config;
pub mod db;
pub mod demo;
pub mod error;
pub mod health;
pub mod if_match;
pub mod locations;
pub mod media;
pub mod openapi;
pub mod payload;
pub mod property_features;
pub mod property_types;
pub mod public;
pub mod spa;
pub mod users;

use rocket::figment::Figment;
use rocket::{Build, Rocket, Route};
use rocket_db_pools::Database;

use crate::config::Settings;
use crate::db::{Db, Dialect};
use crate::openapi::Mount;

/// The server as configured by the environment (see `config`).
pub fn rocket() -> Rocket<Build> {
    build(config::figment())
}

/// The server for a given configuration; tests pass their own database and settings.
pub fn build(figment: Figment) -> Rocket<Build> {
    sqlx::any::install_default_drivers();
    let url: String =
        figment.extract_inner("databases.aqar.url").unwrap_or_else(|_| config::DEFAULT_DATABASE_URL.into());
    let settings: Settings = figment.extract_inner("aqar").unwrap_or_default();
    let (figment, dialect) = match (db::prepare_url(&url), Dialect::of_url(&url)) {
        (Ok(prepared), Some(dialect)) => (figment.merge(("databases.aqar.url", prepared)), Some(dialect)),
        (Err(error), _) => {
            rocket::error!("DATABASE_URL: {error}");
            (figment, None)
        }
        (_, None) => {
            rocket::error!("DATABASE_URL must start with sqlite:// or postgres://");
            (figment, None)
        }
    };
    let mounts = api();
    let document = api_docs::ApiDocument(openapi::document(&mounts));
    let mut rocket = rocket::custom(media::with_upload_limits(figment))
        .manage(settings)
        .manage(auth::throttle::LoginThrottle::default())
        .manage(document);
    for mount in &mounts {
        rocket = rocket.mount(mount.base, mount.routes());
    }
    let mut rocket = rocket.mount("/", spa::routes()).register("/", error::catchers());
    if let Some(dialect) = dialect {
        rocket = rocket.manage(dialect);
    }
    rocket.attach(Db::init()).attach(db::migrations()).attach(bootstrap::fairing())
}

/// Every operation, area by area: what the server mounts and what the OpenAPI document
/// describes, from one list.
pub fn api() -> Vec<Mount> {
    vec![
        Mount::new("/api", auth::api()),
        Mount::new("/api", api_docs::api()),
        Mount::new("/api", categories::api()),
        Mount::new("/api", property_types::api()),
        Mount::new("/api", locations::api()),
        Mount::new("/api", property_features::api()),
        Mount::new("/api", media::api()),
        Mount::new("/media", media::file_api()),
        Mount::new("/", health::api()),
    ]
}

/// Routes that are deliberately not in the OpenAPI document: the browser app's pages.
pub fn undocumented(route: &Route) -> bool {
    route.name.as_deref() == Some("asset")
}
