//! Where the configuration comes from: Rocket's own sources, then the environment read as
//! text.

use rocket::figment::providers::Serialized;
use rocket::figment::value::{Dict, Map, Value};
use rocket::figment::{Figment, Metadata, Profile, Provider};

use super::DEFAULT_DATABASE_URL;

/// `DATABASE_URL` and the `AQAR_*` variables, each as the text it is. figment's own `Env`
/// provider parses values, so `AQAR_ADMIN_PASSWORD=12345678` became a number, failed to
/// read as text and, with it, the whole `aqar` section; this provider never guesses.
pub struct Environment {
    vars: Vec<(String, String)>,
    unreadable: Option<String>,
}

impl Environment {
    /// The variables of this process.
    pub fn of_process() -> Environment {
        let mut environment = Environment { vars: Vec::new(), unreadable: None };
        for (name, value) in std::env::vars_os() {
            let Some(name) = name.to_str().filter(|name| Self::is_ours(name)) else { continue };
            match value.into_string() {
                Ok(value) => environment.vars.push((name.to_owned(), value)),
                Err(_) => environment.unreadable = Some(name.to_owned()),
            }
        }
        environment
    }

    /// The given variables, as if they were the environment (tests).
    pub fn of<'a>(vars: impl IntoIterator<Item = (&'a str, &'a str)>) -> Environment {
        let vars = vars
            .into_iter()
            .filter(|(name, _)| Self::is_ours(name))
            .map(|(n, v)| (n.into(), v.into()))
            .collect();
        Environment { vars, unreadable: None }
    }

    fn is_ours(name: &str) -> bool {
        name == "DATABASE_URL" || name.starts_with("AQAR_")
    }
}

impl Provider for Environment {
    fn metadata(&self) -> Metadata {
        Metadata::named("environment variable(s)").interpolater(|_, keys| match keys {
            ["databases", "aqar", "url"] => "DATABASE_URL".into(),
            ["aqar", rest @ ..] => format!("AQAR_{}", rest.join("_").to_uppercase()),
            other => other.join("."),
        })
    }

    fn data(&self) -> Result<Map<Profile, Dict>, rocket::figment::Error> {
        if let Some(name) = &self.unreadable {
            return Err(format!("{name} is not valid UTF-8 text").into());
        }
        let mut aqar = Dict::new();
        let mut root = Dict::new();
        for (name, value) in &self.vars {
            let value = Value::from(value.clone());
            match name.strip_prefix("AQAR_") {
                Some(key) => {
                    aqar.insert(key.to_lowercase(), value);
                }
                None => {
                    root.insert("databases".into(), rocket::figment::util::nest("aqar.url", value));
                }
            }
        }
        if !aqar.is_empty() {
            root.insert("aqar".into(), Value::from(aqar));
        }
        // Global, as Rocket's own `ROCKET_*`: the environment outranks every profile of Rocket.toml.
        Ok(Profile::Global.collect(root))
    }
}

/// Everything the server reads, lowest priority first.
pub fn figment() -> Figment {
    rocket::Config::figment()
        // A tuple provider would be global and outrank the environment; the default must not.
        .join(Serialized::default("databases.aqar.url", DEFAULT_DATABASE_URL))
        .merge(Environment::of_process())
}
