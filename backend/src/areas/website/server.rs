//! The site's own port: a second Rocket of this process, started once the panel's has
//! lifted off, sharing its database pool, search engine, mailer and the site's theme and
//! kept pages. Rocket 0.5 listens on one address per server, hence the second one; every
//! request there is the site's (`OwnPort`). It serves the site, its `/media` images and
//! `/healthz`, behind the same host, origin, security-header and compression checks.

use rocket::fairing::AdHoc;
use rocket::{Build, Orbit, Rocket};
use rocket_db_pools::Database;

use super::visit::{OwnPort, Website};
use crate::areas::notifications::Outbox;
use crate::areas::properties::search_engine::SearchEngine;
use crate::platform::auth;
use crate::platform::config::Config;
use crate::platform::db::{Db, Dialect};
use crate::platform::http::client::TrustedProxies;
use crate::platform::http::host::PublicHosts;
use crate::platform::http::{body, compression, error, headers, host};
use crate::platform::{health, media};

/// Prints where the panel is, and starts the site's own server and prints where it is.
/// A site port that cannot be bound stops the process: an agency must not believe its
/// site is up when it is not.
pub fn launcher() -> AdHoc {
    AdHoc::on_liftoff("Public website", |panel| {
        Box::pin(async move {
            let address = panel.config().address;
            println!("aqar: the panel is at http://{address}:{}", panel.config().port);
            let Some(port) = panel.state::<Config>().and_then(|config| config.site.port) else { return };
            let Some(site) = site(panel, port) else {
                eprintln!("aqar: the public site cannot start: the panel's state is incomplete");
                std::process::exit(1);
            };
            let site = match site.ignite().await {
                Ok(site) => site,
                Err(error) => {
                    eprintln!("aqar: the public site cannot start on port {port}: {error}");
                    std::process::exit(1);
                }
            };
            rocket::tokio::spawn(async move {
                if let Err(error) = site.launch().await {
                    eprintln!("aqar: the public site stopped on port {port}: {error}");
                    std::process::exit(1);
                }
            });
            println!("aqar: the public site is at http://{address}:{port}");
        })
    })
}

fn site(panel: &Rocket<Orbit>, port: u16) -> Option<Rocket<Build>> {
    let config = panel.state::<Config>()?.clone();
    let figment = panel.figment().clone().merge(("port", port));
    let media: Vec<_> = media::file_api().into_iter().map(|endpoint| endpoint.route).collect();
    let health: Vec<_> = health::api().into_iter().map(|endpoint| endpoint.route).collect();
    Some(
        body::watched_as(rocket::custom(figment), panel)?
            .manage(Db::fetch(panel)?.share())
            .manage(panel.state::<SearchEngine>()?.clone())
            .manage(panel.state::<Outbox>()?.clone())
            .manage(panel.state::<Website>()?.clone())
            .manage(*panel.state::<Dialect>()?)
            .manage(panel.state::<TrustedProxies>()?.clone())
            .manage(panel.state::<PublicHosts>()?.clone())
            .manage(health::Started::now())
            .manage(config)
            .manage(OwnPort)
            .attach(host::fairing())
            .attach(auth::origin::fairing())
            .attach(headers::fairing())
            .attach(compression::fairing())
            .mount("/", host::routes())
            .mount("/", auth::origin::routes())
            .mount("/", super::routes())
            .mount("/media", media)
            .mount("/", health)
            .register(
                "/",
                error::catchers().into_iter().filter(|catcher| catcher.code != Some(404)).collect::<Vec<_>>(),
            )
            .register("/", super::catchers()),
    )
}
