//! The site's look: its templates and stylesheet, built into the binary, each replaceable by
//! a file of the same name in `AQAR_SITE_THEME_DIR` (`templates/NAME.html`, `site.css`). The
//! folder is read once, at start, and every template is compiled then: a theme that does not
//! compile stops the start naming the file, rather than failing a visitor's page later.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use minijinja::{Environment, UndefinedBehavior};
use rust_embed::RustEmbed;
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::platform::http::error::{ApiError, ApiResult};

#[derive(RustEmbed)]
#[folder = "site/"]
struct BuiltIn;

/// The stylesheet as served: its bytes, gzipped once, and a name that changes with them, so
/// browsers may keep it for good.
pub struct Stylesheet {
    pub name: String,
    pub plain: Arc<[u8]>,
    pub gzip: Arc<[u8]>,
}

pub struct Theme {
    templates: Environment<'static>,
    pub stylesheet: Stylesheet,
}

impl Theme {
    /// The built-in theme with `dir`'s files in place of theirs.
    pub fn load(dir: Option<&Path>) -> Result<Theme, String> {
        let mut templates = Environment::new();
        templates.set_undefined_behavior(UndefinedBehavior::Chainable);
        templates.add_function("srcset", srcset);
        templates.set_formatter(escaped);
        let names: Vec<String> =
            BuiltIn::iter().filter_map(|name| name.strip_prefix("templates/").map(str::to_owned)).collect();
        for name in names {
            let source = read(dir, &format!("templates/{name}"))?;
            let source =
                String::from_utf8(source).map_err(|_| format!("the template {name} is not UTF-8 text"))?;
            templates
                .add_template_owned(name.clone(), source)
                .map_err(|error| format!("the template {name}: {error}"))?;
        }
        let css = read(dir, "site.css")?;
        let digest = hex::encode(&Sha256::digest(&css)[..6]);
        let gzip =
            gzipped(&css).map_err(|error| format!("the stylesheet could not be compressed: {error}"))?;
        Ok(Theme {
            templates,
            stylesheet: Stylesheet {
                name: format!("site.{digest}.css"),
                plain: css.into(),
                gzip: gzip.into(),
            },
        })
    }

    /// The page of the template `name` for `context`.
    pub fn render(&self, name: &str, context: impl Serialize) -> ApiResult<String> {
        let template = self.templates.get_template(name).map_err(ApiError::internal)?;
        template.render(context).map_err(|error| ApiError::internal(format!("{name}: {error:#}")))
    }
}

/// A value as a page shows it: HTML's five special characters escaped (minijinja's own
/// escaping also writes `/` as `&#x2f;`, which would make every address unreadable to
/// people viewing the source); nothing for a missing value.
fn escaped(
    out: &mut minijinja::Output,
    state: &minijinja::State,
    value: &minijinja::Value,
) -> Result<(), minijinja::Error> {
    let failed =
        |_| minijinja::Error::new(minijinja::ErrorKind::WriteFailure, "the page could not be written");
    if value.is_undefined() || value.is_none() {
        return Ok(());
    }
    if value.is_safe() || matches!(state.auto_escape(), minijinja::AutoEscape::None) {
        return out.write_fmt(format_args!("{value}")).map_err(failed);
    }
    let text = value.to_string();
    let mut rest = text.as_str();
    while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
        out.write_str(&rest[..at]).map_err(failed)?;
        let entity = match rest.as_bytes()[at] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => "&#39;",
        };
        out.write_str(entity).map_err(failed)?;
        rest = &rest[at + 1..];
    }
    out.write_str(rest).map_err(failed)
}

/// The scaled copies of a stored image for `srcset`; none for an outside or inline one.
fn srcset(url: Option<String>) -> Option<String> {
    url.and_then(|url| super::seo::Picture::of(&url, "").srcset)
}

/// The theme folder's file at `path` when there is one, else the built-in one.
fn read(dir: Option<&Path>, path: &str) -> Result<Vec<u8>, String> {
    if let Some(own) = dir.map(|dir| dir.join(path)).filter(|own: &PathBuf| own.is_file()) {
        return std::fs::read(&own).map_err(|error| format!("{}: {error}", own.display()));
    }
    BuiltIn::get(path)
        .map(|file| file.data.into_owned())
        .ok_or_else(|| format!("the built-in {path} is missing"))
}

fn gzipped(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes)?;
    encoder.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_theme_folder_replaces_a_template_and_the_stylesheet_and_a_broken_one_is_refused() {
        let built_in = Theme::load(None).expect("the built-in theme compiles");
        let dir = tempfile::tempdir().expect("a folder");
        std::fs::create_dir(dir.path().join("templates")).expect("templates");
        std::fs::write(dir.path().join("templates/thanks.html"), "Merci {{ words.thanks_title }}")
            .expect("a template");
        std::fs::write(dir.path().join("site.css"), "body{color:red}").expect("a stylesheet");
        let themed = Theme::load(Some(dir.path())).expect("the theme compiles");
        let words = minijinja::context! { words => crate::areas::website::words::EN };
        assert_eq!(themed.render("thanks.html", &words).expect("rendered"), "Merci Thank you");
        assert_eq!(&*themed.stylesheet.plain, b"body{color:red}");
        assert_ne!(themed.stylesheet.name, built_in.stylesheet.name);
        std::fs::write(dir.path().join("templates/thanks.html"), "{% if %}").expect("a broken template");
        let refusal = Theme::load(Some(dir.path())).err().expect("refused");
        assert!(refusal.contains("thanks.html"), "{refusal}");
    }
}
