//! Configuration: Rocket's own (`Rocket.toml`, `ROCKET_*`), the database from
//! `DATABASE_URL`, and Aqar's settings from `AQAR_*` (the contract's table).

use rocket::figment::providers::{Env, Serialized};
use rocket::figment::Figment;
use serde::{Deserialize, Deserializer};

pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/aqar.db";

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Username of the first admin, created when no user exists.
    pub admin_username: String,
    /// That admin's password; a random one is generated and printed once when unset.
    pub admin_password: Option<String>,
    /// Load the bilingual demo data set when the database is empty.
    #[serde(deserialize_with = "flag")]
    pub demo: bool,
    pub session_idle_minutes: i64,
    pub session_absolute_hours: i64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            admin_username: "admin".into(),
            admin_password: None,
            demo: false,
            session_idle_minutes: 30,
            session_absolute_hours: 12,
        }
    }
}

impl Settings {
    pub fn session_idle_secs(&self) -> i64 {
        self.session_idle_minutes * 60
    }

    pub fn session_absolute_secs(&self) -> i64 {
        self.session_absolute_hours * 3600
    }
}

/// Accepts `1`/`0`, `true`/`false` and their text forms, as environment variables come.
fn flag<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Number(i64),
        Text(String),
    }
    Ok(match Flag::deserialize(deserializer)? {
        Flag::Bool(b) => b,
        Flag::Number(n) => n != 0,
        Flag::Text(t) => matches!(t.trim().to_lowercase().as_str(), "1" | "true" | "yes" | "on"),
    })
}

/// Everything the server reads, lowest priority first.
pub fn figment() -> Figment {
    rocket::Config::figment()
        // A tuple provider would be global and outrank the environment; the default must not.
        .join(Serialized::default("databases.aqar.url", DEFAULT_DATABASE_URL))
        .merge(Env::raw().only(&["DATABASE_URL"]).map(|_| "databases.aqar.url".into()))
        .merge(Env::prefixed("AQAR_").map(|key| format!("aqar.{key}").into()))
}

#[cfg(test)]
#[allow(clippy::result_large_err)] // figment's Jail closures must answer figment's own (large) error
mod tests {
    use super::*;

    #[test]
    fn database_url_from_the_environment_wins_over_the_default() {
        figment::Jail::expect_with(|jail| {
            jail.set_env("DATABASE_URL", "sqlite://elsewhere.db");
            jail.set_env("AQAR_DEMO", "1");
            jail.set_env("AQAR_ADMIN_USERNAME", "owner");
            let figment = figment();
            assert_eq!(figment.extract_inner::<String>("databases.aqar.url")?, "sqlite://elsewhere.db");
            let settings: Settings = figment.extract_inner("aqar")?;
            assert!(settings.demo);
            assert_eq!(settings.admin_username, "owner");
            Ok(())
        });
    }

    #[test]
    fn without_configuration_the_database_is_data_aqar_db() {
        figment::Jail::expect_with(|_| {
            assert_eq!(figment().extract_inner::<String>("databases.aqar.url")?, DEFAULT_DATABASE_URL);
            Ok(())
        });
    }
}
