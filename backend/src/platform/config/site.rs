//! The public website's settings (issue 40): where it is served and what it looks like.

use std::path::PathBuf;

use rocket::figment::Figment;

use super::values::{find, text, whole};
use super::ConfigError;
use crate::platform::http::host::PublicHosts;

/// The site's own port while `AQAR_SITE_PORT` is unset.
pub const DEFAULT_SITE_PORT: u16 = 8080;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteConfig {
    /// `AQAR_SITE_PORT`: the site's own port on `ROCKET_ADDRESS`; `off`: none (the site is
    /// then served only for `hosts`, on the panel's port).
    pub port: Option<u16>,
    /// `AQAR_SITE_HOSTS`: host names for which the panel's port serves the site at its root.
    pub hosts: PublicHosts,
    /// `AQAR_SITE_URL`: the site's public address for canonical links, hreflang and the
    /// sitemap, without a trailing slash; none: each request's own host.
    pub url: Option<String>,
    /// `AQAR_SITE_THEME_DIR`: a folder whose templates and stylesheet replace the built-in ones.
    pub theme_dir: Option<PathBuf>,
}

impl Default for SiteConfig {
    fn default() -> Self {
        SiteConfig {
            port: Some(DEFAULT_SITE_PORT),
            hosts: PublicHosts::default(),
            url: None,
            theme_dir: None,
        }
    }
}

impl SiteConfig {
    /// `AQAR_SITE_URL`'s host, answered like those of `AQAR_SITE_HOSTS`.
    pub fn url_host(&self) -> PublicHosts {
        let host = self.url.as_deref().and_then(|url| url.split_once("://")).map(|(_, host)| host);
        host.and_then(|host| PublicHosts::parse(host).ok()).unwrap_or_default()
    }

    pub fn read(figment: &Figment) -> Result<SiteConfig, ConfigError> {
        let defaults = SiteConfig::default();
        let port = match find(figment, "site_port")? {
            Some(value) => match &value {
                rocket::figment::value::Value::String(_, text) if text.trim().eq_ignore_ascii_case("off") => {
                    None
                }
                _ => Some(
                    u16::try_from(whole("AQAR_SITE_PORT", value, i64::from(u16::MAX))?)
                        .map_err(|_| ConfigError::of("AQAR_SITE_PORT", "is not a port"))?,
                ),
            },
            None => defaults.port,
        };
        let hosts = match find(figment, "site_hosts")? {
            Some(value) => PublicHosts::parse(&text("AQAR_SITE_HOSTS", value)?)
                .map_err(|problem| ConfigError::of("AQAR_SITE_HOSTS", problem))?,
            None => defaults.hosts,
        };
        let url = match find(figment, "site_url")? {
            Some(value) => site_url(&text("AQAR_SITE_URL", value)?)?,
            None => defaults.url,
        };
        let theme_dir = match find(figment, "site_theme_dir")? {
            Some(value) => match text("AQAR_SITE_THEME_DIR", value)?.trim() {
                "" => None,
                dir if PathBuf::from(dir).is_dir() => Some(PathBuf::from(dir)),
                dir => {
                    return Err(ConfigError::of("AQAR_SITE_THEME_DIR", format!("'{dir}' is not a folder")))
                }
            },
            None => defaults.theme_dir,
        };
        Ok(SiteConfig { port, hosts, url, theme_dir })
    }
}

/// An http(s) origin, without a path or a trailing slash: links append their own paths.
fn site_url(text: &str) -> Result<Option<String>, ConfigError> {
    let url = text.trim().trim_end_matches('/');
    if url.is_empty() {
        return Ok(None);
    }
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(rest)
            if !rest.is_empty() && !rest.contains(['/', '?', '#']) && !rest.contains(char::is_whitespace) =>
        {
            Ok(Some(url.to_owned()))
        }
        _ => Err(ConfigError::of(
            "AQAR_SITE_URL",
            format!("'{text}' is not an http:// or https:// address without a path"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::config::Environment;

    fn read(vars: &[(&str, &str)]) -> Result<SiteConfig, ConfigError> {
        SiteConfig::read(&Figment::from(Environment::of(vars.iter().copied())))
    }

    #[test]
    fn the_site_is_on_8080_unless_told_otherwise() {
        assert_eq!(read(&[]).expect("read"), SiteConfig::default());
        let configured = read(&[
            ("AQAR_SITE_PORT", "off"),
            ("AQAR_SITE_HOSTS", "www.agency.example"),
            ("AQAR_SITE_URL", "https://www.agency.example/"),
        ])
        .expect("read");
        assert_eq!(configured.port, None);
        assert!(configured.hosts.allows("www.agency.example"));
        assert_eq!(configured.url.as_deref(), Some("https://www.agency.example"));
        assert_eq!(read(&[("AQAR_SITE_PORT", "9090")]).expect("read").port, Some(9090));
    }

    #[test]
    fn unusable_values_are_refused_naming_the_variable() {
        for (name, value) in [
            ("AQAR_SITE_PORT", "70000"),
            ("AQAR_SITE_PORT", "web"),
            ("AQAR_SITE_URL", "www.agency.example"),
            ("AQAR_SITE_URL", "https://agency.example/site"),
            ("AQAR_SITE_HOSTS", "bad host"),
            ("AQAR_SITE_THEME_DIR", "/no/such/folder"),
        ] {
            let refusal = read(&[(name, value)]).expect_err(value).to_string();
            assert!(refusal.contains(name), "{refusal}");
        }
    }
}
