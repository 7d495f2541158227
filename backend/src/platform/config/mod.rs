//! Configuration: Rocket's own (`Rocket.toml`, `ROCKET_*`), the database from
//! `DATABASE_URL`, and Aqar's settings from `AQAR_*` (the contract's table).
//!
//! Aqar's values are read strictly and as the text they are: a value that cannot be used
//! stops the start with a message naming its variable, and nothing falls back to a default
//! in silence.

use std::fmt;
use std::time::Duration;

use rocket::fairing::AdHoc;
use rocket::figment::Figment;

mod environment;
mod site;
mod two_factor;
mod values;

pub use environment::{figment, Environment};
pub use site::{SiteConfig, DEFAULT_SITE_PORT};
pub use two_factor::Policy;

use self::values::{find, flag, text, whole};
use crate::platform::db::Dialect;
use crate::platform::http::body::BodyLimits;
use crate::platform::http::client::TrustedProxies;
use crate::platform::http::host::PublicHosts;

pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/aqar.db";
pub const DEFAULT_SEARCH_DIR: &str = "data/search";
/// OpenStreetMap's own tiles: the map pin picker's default (issue 39).
pub const DEFAULT_MAP_TILE_URL: &str = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
pub const DEFAULT_SMTP_FROM: &str = "Aqar <aqar@localhost>";
pub const DEFAULT_PANEL_URL: &str = "http://localhost:8000";

/// The panel's address as links start with it: http or https, without a trailing slash.
fn panel_url(text: &str) -> Result<String, ConfigError> {
    let url = text.trim().trim_end_matches('/');
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(rest) if !rest.is_empty() && !rest.contains(char::is_whitespace) => Ok(url.to_owned()),
        _ => {
            Err(ConfigError::of("AQAR_PANEL_URL", format!("'{text}' is not an http:// or https:// address")))
        }
    }
}

/// The longest idle and absolute session lifetimes accepted: a year.
const MAX_IDLE_MINUTES: i64 = 365 * 24 * 60;
const MAX_ABSOLUTE_HOURS: i64 = 365 * 24;
/// The longest time a deleted record may be kept in the trash: ten years.
const MAX_TRASH_DAYS: i64 = 3650;
/// The longest silence a request body may be allowed: an hour.
const MAX_BODY_IDLE_SECONDS: i64 = 3600;
const MAX_BODIES_PER_ADDRESS: i64 = 100_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Username of the first admin, created when no user exists.
    pub admin_username: String,
    /// That admin's password; a random one is generated and printed once when unset.
    pub admin_password: Option<String>,
    /// Load the bilingual demo data set when the database is empty.
    pub demo: bool,
    pub session_idle_minutes: i64,
    pub session_absolute_hours: i64,
    /// Proxies whose forwarded headers are believed (see `client`).
    pub trusted_proxies: TrustedProxies,
    /// Host names the panel answers for besides IP addresses and `localhost` (see `host`).
    pub public_hosts: PublicHosts,
    /// Keep the property lists' answers in memory while nothing they read changes; off for
    /// benchmarks that measure the database's own speed.
    pub list_cache: bool,
    /// Days a deleted record stays in the trash before the periodic sweep purges it.
    pub trash_days: i64,
    /// How long a lead may wait for its first answer before it is overdue (issue 26).
    pub lead_response_minutes: i64,
    /// The SMTP server leads are e-mailed through (`smtp://user:password@host:587`, or
    /// `smtps://` for TLS from the start); none: no e-mail is sent.
    pub smtp_url: Option<String>,
    /// The sender of those e-mails, `Name <address>` or an address.
    pub smtp_from: String,
    /// Where the panel is reached from outside, for the links an e-mail carries.
    pub panel_url: String,
    /// The folder of this server's search index (issue 38): derived data, rebuilt from the
    /// database when missing. Each server of a deployment has its own.
    pub search_dir: std::path::PathBuf,
    /// The map tiles the pin picker shows, a template with `{z}`, `{x}` and `{y}`.
    pub map_tile_url: String,
    /// The public website's (issue 40).
    pub site: SiteConfig,
    /// How long a request body may send nothing, and how many one address may have open.
    pub body_limits: BodyLimits,
    /// Who must sign in with a second factor (`AQAR_2FA`, issue 42).
    pub two_factor: Policy,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            admin_username: "admin".into(),
            admin_password: None,
            demo: false,
            session_idle_minutes: 30,
            session_absolute_hours: 12,
            trusted_proxies: TrustedProxies::NONE,
            public_hosts: PublicHosts::default(),
            list_cache: true,
            trash_days: i64::from(rules::constants::TRASH_DAYS),
            lead_response_minutes: rules::leads::RESPONSE_MINUTES_DEFAULT,
            smtp_url: None,
            smtp_from: DEFAULT_SMTP_FROM.into(),
            panel_url: DEFAULT_PANEL_URL.into(),
            search_dir: DEFAULT_SEARCH_DIR.into(),
            map_tile_url: DEFAULT_MAP_TILE_URL.into(),
            site: SiteConfig::default(),
            body_limits: BodyLimits::default(),
            two_factor: Policy::Admins,
        }
    }
}

impl Config {
    pub fn session_idle_secs(&self) -> i64 {
        self.session_idle_minutes * 60
    }

    pub fn session_absolute_secs(&self) -> i64 {
        self.session_absolute_hours * 3600
    }

    /// The `aqar` section of `figment`, every value checked; unset values take their default.
    pub fn read(figment: &Figment) -> Result<Config, ConfigError> {
        let defaults = Config::default();
        let admin_username = match find(figment, "admin_username")? {
            Some(value) => match text("AQAR_ADMIN_USERNAME", value)? {
                name if name.trim().is_empty() => {
                    return Err(ConfigError::of("AQAR_ADMIN_USERNAME", "is empty; unset it to use 'admin'"));
                }
                name => name,
            },
            None => defaults.admin_username,
        };
        let admin_password = match find(figment, "admin_password")? {
            // Empty reads as unset: a password is then generated and printed, never silently.
            Some(value) => match text("AQAR_ADMIN_PASSWORD", value)? {
                password if password.is_empty() => None,
                // Checked at every start, not only the first: a weak password left in the
                // environment would become the admin's again on a fresh database.
                password => match rules::users::new_password_problem(&password) {
                    Some(problem) => return Err(ConfigError::of("AQAR_ADMIN_PASSWORD", problem)),
                    None => Some(password),
                },
            },
            None => None,
        };
        let demo = match find(figment, "demo")? {
            Some(value) => flag("AQAR_DEMO", value)?,
            None => defaults.demo,
        };
        let session_idle_minutes = match find(figment, "session_idle_minutes")? {
            Some(value) => whole("AQAR_SESSION_IDLE_MINUTES", value, MAX_IDLE_MINUTES)?,
            None => defaults.session_idle_minutes,
        };
        let session_absolute_hours = match find(figment, "session_absolute_hours")? {
            Some(value) => whole("AQAR_SESSION_ABSOLUTE_HOURS", value, MAX_ABSOLUTE_HOURS)?,
            None => defaults.session_absolute_hours,
        };
        let trusted_proxies = match find(figment, "trusted_proxies")? {
            Some(value) => TrustedProxies::parse(&text("AQAR_TRUSTED_PROXIES", value)?)
                .map_err(|problem| ConfigError::of("AQAR_TRUSTED_PROXIES", problem))?,
            None => defaults.trusted_proxies,
        };
        let public_hosts = match find(figment, "public_hosts")? {
            Some(value) => PublicHosts::parse(&text("AQAR_PUBLIC_HOSTS", value)?)
                .map_err(|problem| ConfigError::of("AQAR_PUBLIC_HOSTS", problem))?,
            None => defaults.public_hosts,
        };
        let list_cache = match find(figment, "list_cache")? {
            Some(value) => flag("AQAR_LIST_CACHE", value)?,
            None => defaults.list_cache,
        };
        let trash_days = match find(figment, "trash_days")? {
            Some(value) => whole("AQAR_TRASH_DAYS", value, MAX_TRASH_DAYS)?,
            None => defaults.trash_days,
        };
        let lead_response_minutes = match find(figment, "lead_response_minutes")? {
            Some(value) => whole("AQAR_LEAD_RESPONSE_MINUTES", value, MAX_IDLE_MINUTES)?,
            None => defaults.lead_response_minutes,
        };
        let smtp_url = match find(figment, "smtp_url")? {
            Some(value) => {
                Some(text("AQAR_SMTP_URL", value)?.trim().to_owned()).filter(|url| !url.is_empty())
            }
            None => defaults.smtp_url,
        };
        let smtp_from = match find(figment, "smtp_from")? {
            Some(value) => text("AQAR_SMTP_FROM", value)?.trim().to_owned(),
            None => defaults.smtp_from,
        };
        if let Some(url) = &smtp_url {
            crate::platform::mail::Mailer::new(url, &smtp_from)
                .map_err(|(variable, problem)| ConfigError::of(variable, problem))?;
        }
        let panel_url = match find(figment, "panel_url")? {
            Some(value) => panel_url(&text("AQAR_PANEL_URL", value)?)?,
            None => defaults.panel_url,
        };
        let search_dir = match find(figment, "search_dir")? {
            Some(value) => match text("AQAR_SEARCH_DIR", value)?.trim() {
                "" => {
                    return Err(ConfigError::of("AQAR_SEARCH_DIR", "is empty; unset it to use 'data/search'"))
                }
                dir => dir.into(),
            },
            None => defaults.search_dir,
        };
        let map_tile_url = match find(figment, "map_tile_url")? {
            Some(value) => {
                let url = text("AQAR_MAP_TILE_URL", value)?.trim().to_owned();
                let web = url.starts_with("https://") || url.starts_with("http://");
                if !web || !["{z}", "{x}", "{y}"].iter().all(|part| url.contains(part)) {
                    return Err(ConfigError::of(
                        "AQAR_MAP_TILE_URL",
                        "must be an http(s) address holding {z}, {x} and {y}",
                    ));
                }
                url
            }
            None => defaults.map_tile_url,
        };
        let idle = match find(figment, "body_idle_seconds")? {
            Some(value) => Duration::from_secs(
                whole("AQAR_BODY_IDLE_SECONDS", value, MAX_BODY_IDLE_SECONDS)?.unsigned_abs(),
            ),
            None => defaults.body_limits.idle,
        };
        let open_per_address = match find(figment, "body_open_per_address")? {
            Some(value) => {
                let limit = whole("AQAR_BODY_OPEN_PER_ADDRESS", value, MAX_BODIES_PER_ADDRESS)?;
                usize::try_from(limit)
                    .map_err(|problem| ConfigError::of("AQAR_BODY_OPEN_PER_ADDRESS", problem))?
            }
            None => defaults.body_limits.open_per_address,
        };
        let two_factor = match find(figment, "2fa")? {
            Some(value) => {
                let text = text("AQAR_2FA", value)?;
                Policy::parse(&text).ok_or_else(|| {
                    ConfigError::of("AQAR_2FA", format!("'{text}' is not off, optional, admins or all"))
                })?
            }
            None => defaults.two_factor,
        };
        Ok(Config {
            body_limits: BodyLimits { idle, open_per_address },
            two_factor,
            site: SiteConfig::read(figment)?,
            map_tile_url,
            search_dir,
            smtp_url,
            smtp_from,
            panel_url,
            lead_response_minutes,
            admin_username,
            admin_password,
            demo,
            session_idle_minutes,
            session_absolute_hours,
            trusted_proxies,
            public_hosts,
            list_cache,
            trash_days,
        })
    }
}

/// The database URL of `figment` and the dialect it names.
pub fn database_url(figment: &Figment) -> Result<(String, Dialect), ConfigError> {
    let url = match figment.find_value("databases.aqar.url") {
        Ok(value) => text("DATABASE_URL", value)?,
        Err(error) if error.missing() => DEFAULT_DATABASE_URL.to_owned(),
        Err(error) => return Err(ConfigError(error.to_string())),
    };
    match Dialect::of_url(&url) {
        Some(dialect) => Ok((url, dialect)),
        None => {
            // Only the scheme is repeated: the rest of a URL may hold a password.
            let scheme = url.split_once("://").map_or("", |(scheme, _)| scheme);
            Err(ConfigError::of(
                "DATABASE_URL",
                format!("must start with sqlite:// or postgres://, not '{scheme}://'"),
            ))
        }
    }
}

/// Everything Aqar reads from `figment`, checked: what `main` verifies before starting.
pub fn check(figment: &Figment) -> Result<(), ConfigError> {
    database_url(figment)?;
    Config::read(figment)?;
    Ok(())
}

/// What `build` attaches instead of the server when the configuration cannot be used: it
/// stops the start and says why, on standard error whatever the log level.
pub fn refusal(error: ConfigError) -> AdHoc {
    AdHoc::try_on_ignite("Configuration", move |rocket| async move {
        eprintln!("aqar: cannot start: {error}");
        Err(rocket)
    })
}

/// Why the configuration cannot be used: one sentence that names the variable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(String);

impl ConfigError {
    pub fn of(variable: &str, problem: impl fmt::Display) -> ConfigError {
        ConfigError(format!("{variable}: {problem}"))
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

#[cfg(test)]
#[allow(clippy::result_large_err)] // figment's Jail closures must answer figment's own (large) error
mod tests {
    use super::*;

    fn settings(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        Config::read(&Figment::new().merge(Environment::of(vars.iter().copied())))
    }

    fn refusal(vars: &[(&str, &str)]) -> String {
        settings(vars).expect_err("refused").to_string()
    }

    #[test]
    fn database_url_from_the_environment_wins_over_the_default() {
        figment::Jail::expect_with(|jail| {
            jail.set_env("DATABASE_URL", "sqlite://elsewhere.db");
            jail.set_env("AQAR_DEMO", "1");
            jail.set_env("AQAR_ADMIN_USERNAME", "owner");
            let figment = figment();
            assert_eq!(database_url(&figment).map(|(url, _)| url), Ok("sqlite://elsewhere.db".into()));
            let settings = Config::read(&figment).expect("readable");
            assert!(settings.demo);
            assert_eq!(settings.admin_username, "owner");
            Ok(())
        });
    }

    #[test]
    fn without_configuration_the_database_is_data_aqar_db_and_settings_are_the_defaults() {
        figment::Jail::expect_with(|_| {
            let figment = figment();
            assert_eq!(database_url(&figment), Ok((DEFAULT_DATABASE_URL.into(), Dialect::Sqlite)));
            assert_eq!(Config::read(&figment), Ok(Config::default()));
            Ok(())
        });
    }

    #[test]
    fn values_that_look_like_numbers_lists_or_flags_stay_text() {
        figment::Jail::expect_with(|jail| {
            jail.set_env("AQAR_ADMIN_PASSWORD", "73190284");
            jail.set_env("AQAR_ADMIN_USERNAME", "boss");
            let settings = Config::read(&figment()).expect("readable");
            assert_eq!(settings.admin_username, "boss");
            assert_eq!(settings.admin_password.as_deref(), Some("73190284"));
            Ok(())
        });
        // Passwords this short are refused (below), so the other look-alikes are usernames.
        for name in ["00123", "1.50", "true", "[a, b]", "{a = 1}", "1e3", "2024"] {
            assert_eq!(settings(&[("AQAR_ADMIN_USERNAME", name)]).map(|s| s.admin_username), Ok(name.into()));
        }
        for password in ["0012300123", "1.5000000001", "[abc, def]", "{alpha = 1}"] {
            let settings = settings(&[("AQAR_ADMIN_PASSWORD", password)]).expect("readable");
            assert_eq!(settings.admin_password.as_deref(), Some(password));
        }
    }

    #[test]
    fn a_short_or_common_admin_password_stops_the_start_with_the_rule() {
        for password in ["short", "password123", "12345678"] {
            let refused = settings(&[("AQAR_ADMIN_PASSWORD", password)]).map(|s| s.admin_password);
            let problem = rules::users::new_password_problem(password).expect("refused by the rules");
            assert_eq!(refused, Err(ConfigError::of("AQAR_ADMIN_PASSWORD", problem)), "{password}");
        }
    }

    #[test]
    fn an_empty_password_is_generated_rather_than_empty() {
        assert_eq!(settings(&[("AQAR_ADMIN_PASSWORD", "")]).map(|s| s.admin_password), Ok(None));
    }

    #[test]
    fn flags_and_numbers_read_their_usual_spellings() {
        let read = settings(&[
            ("AQAR_DEMO", "TRUE"),
            ("AQAR_SESSION_IDLE_MINUTES", "45"),
            ("AQAR_SESSION_ABSOLUTE_HOURS", " 8 "),
            ("AQAR_TRUSTED_PROXIES", "10.0.0.0/8, ::1"),
            ("AQAR_PUBLIC_HOSTS", "Panel.Example, www.panel.example:8443"),
            ("AQAR_TRASH_DAYS", "7"),
            ("AQAR_BODY_IDLE_SECONDS", "5"),
            ("AQAR_BODY_OPEN_PER_ADDRESS", "4"),
            ("AQAR_2FA", " All"),
        ])
        .expect("readable");
        assert_eq!(read.two_factor, Policy::All);
        assert_eq!(Config::default().two_factor, Policy::Admins, "administrators by default");
        assert_eq!(read.trash_days, 7);
        assert_eq!(read.body_limits, BodyLimits { idle: Duration::from_secs(5), open_per_address: 4 });
        assert_eq!(
            Config::default().body_limits,
            BodyLimits { idle: Duration::from_secs(30), open_per_address: 32 }
        );
        assert_eq!(Config::default().trash_days, 30);
        assert!(read.public_hosts.allows("panel.example:443"));
        assert!(read.public_hosts.allows("www.panel.example:8443"));
        assert!(!read.public_hosts.allows("www.panel.example:80"));
        assert!(read.demo);
        assert_eq!((read.session_idle_minutes, read.session_absolute_hours), (45, 8));
        assert!(read.trusted_proxies.contains("10.1.2.3".parse().expect("ip")));
        assert!(!settings(&[("AQAR_DEMO", "0")]).expect("readable").demo);
    }

    #[test]
    fn a_value_that_cannot_be_used_is_refused_naming_its_variable() {
        assert_eq!(
            refusal(&[("AQAR_SESSION_IDLE_MINUTES", "abc")]),
            "AQAR_SESSION_IDLE_MINUTES: 'abc' is not a whole number from 1 to 525600"
        );
        assert_eq!(refusal(&[("AQAR_DEMO", "maybe")]), "AQAR_DEMO: 'maybe' is not 1 or 0");
        assert_eq!(
            refusal(&[("AQAR_BODY_IDLE_SECONDS", "0")]),
            "AQAR_BODY_IDLE_SECONDS: '0' is not a whole number from 1 to 3600"
        );
        assert!(refusal(&[("AQAR_BODY_OPEN_PER_ADDRESS", "many")]).starts_with("AQAR_BODY_OPEN_PER_ADDRESS"));
        assert_eq!(refusal(&[("AQAR_2FA", "yes")]), "AQAR_2FA: 'yes' is not off, optional, admins or all");
        assert!(refusal(&[("AQAR_SESSION_ABSOLUTE_HOURS", "0")])
            .starts_with("AQAR_SESSION_ABSOLUTE_HOURS: '0' is not"));
        assert!(refusal(&[("AQAR_SESSION_IDLE_MINUTES", "-5")]).starts_with("AQAR_SESSION_IDLE_MINUTES"));
        assert!(refusal(&[("AQAR_DEMO", "")]).starts_with("AQAR_DEMO"));
        assert!(refusal(&[("AQAR_TRASH_DAYS", "0")]).starts_with("AQAR_TRASH_DAYS: '0' is not"));
        assert!(refusal(&[("AQAR_ADMIN_USERNAME", " ")]).starts_with("AQAR_ADMIN_USERNAME: is empty"));
        assert_eq!(
            refusal(&[("AQAR_TRUSTED_PROXIES", "10.0.0.0/8,proxy.local")]),
            "AQAR_TRUSTED_PROXIES: 'proxy.local' is not an IP address or CIDR block"
        );
        assert_eq!(
            refusal(&[("AQAR_PUBLIC_HOSTS", "https://panel.example")]),
            "AQAR_PUBLIC_HOSTS: 'https://panel.example' is not a host name, with or without a port"
        );
    }

    #[test]
    fn leads_are_mailed_through_the_smtp_server_given_with_links_to_the_panel() {
        let defaults = settings(&[]).expect("readable");
        assert_eq!((defaults.smtp_url, defaults.smtp_from.as_str()), (None, DEFAULT_SMTP_FROM));
        assert_eq!(defaults.panel_url, DEFAULT_PANEL_URL);
        let set = settings(&[
            ("AQAR_SMTP_URL", "smtps://aqar:secret@mail.example:465"),
            ("AQAR_SMTP_FROM", "Leads <leads@example.com>"),
            ("AQAR_PANEL_URL", "https://panel.example/ "),
        ])
        .expect("readable");
        assert_eq!(set.smtp_url.as_deref(), Some("smtps://aqar:secret@mail.example:465"));
        assert_eq!(
            (set.smtp_from.as_str(), set.panel_url.as_str()),
            ("Leads <leads@example.com>", "https://panel.example")
        );
        assert_eq!(settings(&[("AQAR_SMTP_URL", " ")]).map(|s| s.smtp_url), Ok(None), "empty: no e-mail");
        assert!(refusal(&[("AQAR_SMTP_URL", "mail.example:25")])
            .starts_with("AQAR_SMTP_URL: is not an SMTP address"));
        assert_eq!(
            refusal(&[("AQAR_SMTP_URL", "smtp://mail.example"), ("AQAR_SMTP_FROM", "nobody")]),
            "AQAR_SMTP_FROM: 'nobody' is not an address such as Aqar <panel@example.com>"
        );
        assert_eq!(
            refusal(&[("AQAR_PANEL_URL", "panel.example")]),
            "AQAR_PANEL_URL: 'panel.example' is not an http:// or https:// address"
        );
    }

    #[test]
    fn a_database_url_of_another_kind_is_refused_without_repeating_it() {
        let figment = Figment::new().merge(Environment::of([("DATABASE_URL", "mysql://root:secret@db/x")]));
        let error = database_url(&figment).expect_err("refused").to_string();
        assert_eq!(error, "DATABASE_URL: must start with sqlite:// or postgres://, not 'mysql://'");
        let figment = Figment::new().merge(Environment::of([("DATABASE_URL", "postgres://db/aqar")]));
        assert_eq!(database_url(&figment).map(|(_, dialect)| dialect), Ok(Dialect::Postgres));
    }

    #[test]
    fn values_set_by_code_keep_their_types() {
        let figment = Figment::new()
            .merge(("aqar.demo", true))
            .merge(("aqar.session_idle_minutes", 5))
            .merge(("aqar.admin_username", "owner"));
        let read = Config::read(&figment).expect("readable");
        assert!(read.demo);
        assert_eq!(read.session_idle_minutes, 5);
        let figment = Figment::new().merge(("aqar.admin_username", 7));
        assert_eq!(
            Config::read(&figment).expect_err("refused").to_string(),
            "AQAR_ADMIN_USERNAME: must be text, not 7"
        );
    }
}
