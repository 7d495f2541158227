//! Aqar's server: the JSON API of the panel and the embedded browser app, in one Rocket.

pub mod auth;
pub mod bootstrap;
pub mod categories;
pub mod client;
pub mod config;
pub mod db;
pub mod demo;
pub mod error;
pub mod health;
pub mod locations;
pub mod media;
pub mod openapi;
pub mod payload;
pub mod property_features;
pub mod property_types;
pub mod spa;
pub mod users;

use rocket::figment::Figment;
use rocket::serde::json::{Json, Value};
use rocket::{get, routes, Build, Rocket, Route};
use rocket_db_pools::Database;

use crate::auth::CurrentUser;
use crate::config::Settings;
use crate::db::Db;
use crate::openapi::Operation;

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
    rocket::custom(media::with_upload_limits(figment.merge(("databases.aqar.url", url))))
        .manage(settings)
        .manage(dialect)
        .attach(auth::origin::fairing())
        .mount("/", auth::origin::routes())
        .mount("/api", auth::routes())
        .mount("/api", routes![openapi_document])
        .mount("/api", categories::routes())
        .mount("/api", property_types::routes())
        .mount("/api", locations::routes())
        .mount("/api", property_features::routes())
        .mount("/api", media::routes())
        .mount("/media", media::file_routes())
        .mount("/", health::routes())
        .mount("/", spa::routes())
        .register("/", error::catchers())
        .attach(Db::init())
        .attach(db::migrations())
        .attach(bootstrap::fairing())
        .attach(auth::sweep::fairing())
}

/// Every documented operation, area by area.
pub fn operations() -> Vec<Operation> {
    [
        auth::operations(),
        health::operations(),
        categories::operations(),
        property_types::operations(),
        locations::operations(),
        property_features::operations(),
        media::operations(),
        vec![Operation::get("/api/openapi.json", "This OpenAPI document")],
    ]
    .concat()
}

#[get("/openapi.json")]
fn openapi_document(_user: CurrentUser) -> Json<Value> {
    Json(openapi::document(&operations()))
}

/// Routes that are deliberately not in the OpenAPI document: the browser app's pages, and
/// the answer to a refused cross-origin write (reached only by re-routing, see `auth::origin`).
pub fn undocumented(route: &Route) -> bool {
    matches!(route.name.as_deref(), Some("asset" | "cross_origin_refused"))
}
