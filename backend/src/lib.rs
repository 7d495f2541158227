//! Aqar's server: the JSON API of the panel and the embedded browser app, in one Rocket.

pub mod auth;
pub mod bootstrap;
pub mod categories;
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
use crate::db::{Db, Dialect};
use crate::openapi::Operation;

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
    let mut rocket = rocket::custom(media::with_upload_limits(figment))
        .manage(settings)
        .manage(auth::throttle::LoginThrottle::default())
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
        .register("/", error::catchers());
    if let Some(dialect) = dialect {
        rocket = rocket.manage(dialect);
    }
    rocket.attach(Db::init()).attach(db::migrations()).attach(bootstrap::fairing())
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

/// Routes that are deliberately not in the OpenAPI document: the browser app's pages.
pub fn undocumented(route: &Route) -> bool {
    route.name.as_deref() == Some("asset")
}
