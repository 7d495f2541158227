//! Aqar's server: the JSON API of the panel and the embedded browser app, in one Rocket.

pub mod about;
pub mod api_docs;
pub mod auth;
pub mod bootstrap;
pub mod categories;
pub mod client;
pub mod company_values;
pub mod compression;
pub mod config;
pub mod contacts;
pub mod content;
pub mod db;
pub mod demo;
pub mod error;
pub mod headers;
pub mod health;
pub mod history;
pub mod host;
pub mod if_match;
pub mod locations;
pub mod media;
pub mod openapi;
pub mod payload;
pub mod properties;
pub mod property_features;
pub mod property_types;
pub mod public;
pub mod query;
pub mod seed;
pub mod settings;
pub mod spa;
pub mod stats;
pub mod users;

use rocket::figment::Figment;
use rocket::{Build, Rocket, Route};
use rocket_db_pools::Database;

use crate::config::Settings;
use crate::db::Db;
use crate::openapi::Mount;

/// The server for a given configuration; tests pass their own database and settings. A
/// configuration that cannot be used gives a server that refuses to start, saying why.
pub fn build(figment: Figment) -> Rocket<Build> {
    sqlx::any::install_default_drivers();
    // Rocket would believe X-Real-IP from anyone; the client address is `client`'s to say.
    let figment = figment.merge(("ip_header", false));
    let configured = config::database_url(&figment).and_then(|(url, dialect)| {
        let prepared =
            db::prepare_url(&url).map_err(|problem| config::ConfigError::of("DATABASE_URL", problem))?;
        Ok((prepared, dialect, Settings::read(&figment)?))
    });
    let (url, dialect, settings) = match configured {
        Ok(configured) => configured,
        Err(error) => return rocket::custom(figment).attach(config::refusal(error)),
    };
    let list_cache = if settings.list_cache {
        properties::cache::ListCache::default()
    } else {
        properties::cache::ListCache::disabled()
    };
    let mounts = api();
    let document = api_docs::ApiDocument(openapi::document(&mounts));
    let mut rocket = rocket::custom(media::with_upload_limits(figment.merge(("databases.aqar.url", url))))
        .manage(settings)
        .manage(dialect)
        .manage(document)
        .manage(list_cache)
        .manage(health::Started::now())
        .attach(host::fairing())
        .attach(auth::origin::fairing())
        .attach(headers::fairing())
        .attach(compression::fairing())
        .mount("/", host::routes())
        .mount("/", auth::origin::routes());
    for mount in &mounts {
        rocket = rocket.mount(mount.base, mount.routes());
    }
    rocket
        .mount("/", spa::routes())
        .register("/", error::catchers())
        .attach(Db::init())
        .attach(db::migrations())
        .attach(properties::search_index::fairing())
        .attach(bootstrap::fairing())
        .attach(auth::sweep::fairing())
        .attach(media::received::leftovers_fairing())
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
        Mount::new("/api", properties::api()),
        Mount::new("/api", stats::api()),
        Mount::new("/api", history::api()),
        Mount::new("/api", about::api()),
        Mount::new("/api", company_values::api()),
        Mount::new("/api", users::api()),
        Mount::new("/api", settings::api()),
        Mount::new("/api", contacts::api()),
        Mount::new("/api", content::team_members::api()),
        Mount::new("/api", content::services::api()),
        Mount::new("/api", content::process_steps::api()),
        Mount::new("/api", content::testimonials::api()),
        Mount::new("/api", content::hero_images::api()),
        Mount::new("/api", health::status_api()),
        Mount::new("/api", media::api()),
        Mount::new("/media", media::file_api()),
        Mount::new("/", health::api()),
    ]
}

/// Routes that are deliberately not in the OpenAPI document: the browser app's pages, and
/// the answers to a refused cross-origin write and to a request for another host (reached
/// only by re-routing, see `auth::origin` and `host`).
pub fn undocumented(route: &Route) -> bool {
    matches!(route.name.as_deref(), Some("asset" | "cross_origin_refused" | "unknown_host_refused"))
}
