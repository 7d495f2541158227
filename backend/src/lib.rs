//! Aqar's server: the JSON API of the panel and the embedded browser app, in one Rocket.
//! `platform` holds the mechanisms every area uses, `areas` one folder per screen family,
//! `fixtures` the demo and seed data; this file only builds the server and mounts them.

pub mod areas;
pub mod fixtures;
pub mod platform;

use rocket::figment::Figment;
use rocket::{Build, Rocket};
use rocket_db_pools::Database;

use crate::areas::{
    account, catalog, contacts, dashboard, history, imports, notifications, portals, properties, site, trash,
    users, website,
};
use crate::platform::config::{self, Config};
use crate::platform::db::{self, Db};
use crate::platform::http::{body, compression, error, headers, host, spa};
use crate::platform::openapi::{self, api_docs, Mount};
use crate::platform::{auth, health, jobs, media};

/// The largest plain form the public site reads: the contact form's JSON bound
/// (`rules::contacts::BODY_MAX_BYTES`) is as generous as percent-encoding needs.
const SITE_FORM_MAX_BYTES: u64 = 3 * rules::contacts::BODY_MAX_BYTES;

/// The server for a given configuration; tests pass their own database and settings. A
/// configuration that cannot be used gives a server that refuses to start, saying why.
pub fn build(figment: Figment) -> Rocket<Build> {
    sqlx::any::install_default_drivers();
    // Rocket would believe X-Real-IP from anyone; the client address is `client`'s to say.
    let figment = figment.merge(("ip_header", false));
    let configured = config::database_url(&figment).and_then(|(url, dialect)| {
        let prepared =
            db::prepare_url(&url).map_err(|problem| config::ConfigError::of("DATABASE_URL", problem))?;
        Ok((prepared, dialect, Config::read(&figment)?))
    });
    let (url, dialect, config) = match configured {
        Ok(configured) => configured,
        Err(error) => return rocket::custom(figment).attach(config::refusal(error)),
    };
    let list_cache = if config.list_cache {
        properties::cache::ListCache::default()
    } else {
        properties::cache::ListCache::disabled()
    };
    let website = match website::Website::load(config.site.theme_dir.as_deref(), config.list_cache) {
        Ok(website) => website,
        Err(problem) => {
            return rocket::custom(figment)
                .attach(config::refusal(config::ConfigError::of("AQAR_SITE_THEME_DIR", problem)))
        }
    };
    // The site's host names need not be listed in `AQAR_PUBLIC_HOSTS` to be answered.
    let hosts = config.public_hosts.joined(&config.site.hosts).joined(&config.site.url_host());
    let outbox = notifications::Outbox::of(&config);
    let mounts = api();
    let document = api_docs::ApiDocument(openapi::document(&mounts));
    // The site's plain forms: every field of the contact form at its longest, percent-encoded.
    let figment = figment.merge(("databases.aqar.url", url)).merge(("limits.form", SITE_FORM_MAX_BYTES));
    let body_limits = config.body_limits;
    let mut rocket = body::watched(rocket::custom(media::with_upload_limits(figment)), body_limits)
        .manage(config.trusted_proxies.clone())
        .manage(hosts)
        .manage(website)
        .manage(config)
        .manage(outbox)
        .manage(dialect)
        .manage(document)
        .manage(list_cache)
        .manage(health::Started::now())
        .manage(media::UploadSlots::default())
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
        .mount("/", website::routes())
        .mount("/", portals::feed::routes())
        .mount("/", spa::routes())
        .register("/", error::catchers())
        .attach(Db::init())
        .attach(db::migrations())
        .attach(properties::search_engine::fairing())
        .attach(properties::search_engine::follower())
        .attach(fixtures::bootstrap::fairing())
        .attach(jobs::periodic_sweep(&[("imports", imports::prune)]))
        .attach(imports::resumer())
        .attach(notifications::outbox::retrier())
        .attach(properties::permits::sweeper())
        .attach(jobs::leftover_uploads())
        .attach(website::launcher())
}

/// Every operation, area by area: what the server mounts and what the OpenAPI document
/// describes, from one list.
pub fn api() -> Vec<Mount> {
    vec![
        Mount::new("/api", account::api()),
        Mount::new("/api", account::two_factor::api()),
        Mount::new("/api", api_docs::api()),
        Mount::new("/api", catalog::categories::api()),
        Mount::new("/api", catalog::property_types::api()),
        Mount::new("/api", catalog::locations::api()),
        Mount::new("/api", catalog::property_features::api()),
        Mount::new("/api", properties::api()),
        Mount::new("/api", imports::api()),
        Mount::new("/api", dashboard::stats::api()),
        Mount::new("/api", history::api()),
        Mount::new("/api", trash::api()),
        Mount::new("/api", site::about::api()),
        Mount::new("/api", site::company_values::api()),
        Mount::new("/api", users::api()),
        Mount::new("/api", site::settings::api()),
        Mount::new("/api", contacts::api()),
        Mount::new("/api", contacts::leads::api()),
        Mount::new("/api", notifications::api()),
        Mount::new("/api", site::team::api()),
        Mount::new("/api", site::services::api()),
        Mount::new("/api", site::process_steps::api()),
        Mount::new("/api", site::testimonials::api()),
        Mount::new("/api", site::hero_images::api()),
        Mount::new("/api", dashboard::status::api()),
        Mount::new("/api", portals::api()),
        Mount::new("/api", media::api()),
        Mount::new("/media", media::file_api()),
        Mount::new("/", health::api()),
    ]
}
