//! A request of the public site: which site it is for, in which language, and the page
//! frame every template shares (the agency's name, colour, navigation and head).
//!
//! The site answers on its own port (every request there), and on the panel's port for
//! the host names of `AQAR_SITE_HOSTS`. Elsewhere its routes forward, so the panel's own
//! routes and the browser app answer as before.

use std::future::Future;
use std::sync::Arc;

use rocket::request::{self, FromParam, FromRequest, Request};
use rocket_db_pools::Database;
use rules::language::Language;
use serde::Serialize;
use sqlx::AnyPool;

use super::cache::{Page, PageCache};
use super::theme::Theme;
use super::words::{self, Words};
use super::{seo, store};
use crate::areas::properties::search_engine::SearchEngine;
use crate::areas::properties::store as listings;
use crate::areas::site::hero_images::HeroImage;
use crate::areas::site::ordered;
use crate::areas::site::settings::{store as settings, CompanySettings};
use crate::platform::config::Config;
use crate::platform::db::{clock, Db};
use crate::platform::http::client::Client;
use crate::platform::http::error::{ApiError, ApiResult};

/// What both the panel's server and the site's own share: the theme and the kept pages.
#[derive(Clone)]
pub struct Website {
    pub theme: Arc<Theme>,
    pub cache: Arc<PageCache>,
}

/// Managed only by the site's own server: every request there is the site's.
pub struct OwnPort;

/// A language of the site's addresses: `en` or `ar`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lang(pub Language);

impl<'a> FromParam<'a> for Lang {
    type Error = ();

    fn from_param(param: &'a str) -> Result<Self, Self::Error> {
        match param {
            "en" => Ok(Lang(Language::En)),
            "ar" => Ok(Lang(Language::Ar)),
            _ => Err(()),
        }
    }
}

pub struct Visit<'r> {
    /// `https://www.agency.example`: `AQAR_SITE_URL`, or the address the visitor used.
    pub origin: String,
    /// The path and query asked for, as the cache keys the page.
    pub target: String,
    pub db: &'r AnyPool,
    pub engine: &'r SearchEngine,
    pub website: &'r Website,
    pub client: Client,
    /// The visitor's language by `Accept-Language`: where `/` sends them.
    pub accepted: Language,
}

/// Whether `request` is for the public site.
pub fn is_site(request: &Request<'_>) -> bool {
    if request.rocket().state::<OwnPort>().is_some() {
        return true;
    }
    let listed = request.rocket().state::<Config>().map(|config| &config.site.hosts);
    Client::of(request).host.is_some_and(|host| listed.is_some_and(|hosts| hosts.lists(&host)))
}

#[rocket::async_trait]
impl<'r> FromRequest<'r> for Visit<'r> {
    type Error = ApiError;

    async fn from_request(request: &'r Request<'_>) -> request::Outcome<Self, Self::Error> {
        use rocket::outcome::Outcome;
        if !is_site(request) {
            return Outcome::Forward(rocket::http::Status::NotFound);
        }
        let rocket = request.rocket();
        let (Some(db), Some(engine), Some(website), Some(config)) = (
            Db::fetch(rocket),
            rocket.state::<SearchEngine>(),
            rocket.state::<Website>(),
            rocket.state::<Config>(),
        ) else {
            let error = ApiError::internal("the public site is not set up in this server");
            return Outcome::Error((error.status, error));
        };
        let client = Client::of(request);
        let origin = config.site.url.clone().unwrap_or_else(|| {
            let scheme = if client.https { "https" } else { "http" };
            format!("{scheme}://{}", client.host.as_deref().unwrap_or("localhost"))
        });
        let target = request.uri().to_string();
        let accepted = crate::platform::http::language::accepted(request);
        Outcome::Success(Visit { origin, target, db: db.pool(), engine, website, client, accepted })
    }
}

impl Visit<'_> {
    /// The page kept for this address while nothing it shows has changed, or the one
    /// `render` makes, then kept.
    pub async fn page<F, Fut>(&self, render: F) -> ApiResult<Page>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = ApiResult<Page>>,
    {
        let key = format!("{}{}", self.origin, self.target);
        let revisions = store::revisions(self.db).await?;
        let now = clock::now_epoch();
        if let Some(page) = self.website.cache.get(&key, revisions, now) {
            return Ok(page);
        }
        let page = render().await?;
        let until = listings::next_change(self.db, now).await?;
        self.website.cache.put(key, revisions, until, page.clone());
        Ok(page)
    }

    pub fn theme(&self) -> &Theme {
        &self.website.theme
    }
}

/// The agency as every page shows it.
#[derive(Debug, Serialize)]
pub struct Company {
    pub name: String,
    pub logo: Option<String>,
    pub description: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub licence: Option<String>,
    pub licence_authority: Option<String>,
}

impl Company {
    fn of(settings: &CompanySettings, language: Language) -> Company {
        let localised = match language {
            Language::En => settings.company_name_en.as_deref(),
            Language::Ar => settings.company_name_ar.as_deref(),
        };
        let name = localised.filter(|name| !name.trim().is_empty()).unwrap_or(&settings.company_name);
        Company {
            name: if name.trim().is_empty() { "Aqar".to_owned() } else { name.to_owned() },
            logo: settings.company_logo.clone(),
            description: settings.company_description.clone(),
            email: settings.contact_email.clone(),
            phone: settings.contact_phone.clone(),
            address: settings.address.clone(),
            licence: settings.license_number.clone(),
            licence_authority: settings.license_authority.clone(),
        }
    }
}

/// A page's hero image, from the hero images of its page name.
#[derive(Debug, Serialize)]
pub struct Hero {
    pub title: String,
    pub subtitle: Option<String>,
    pub image: Option<seo::Picture>,
}

/// What frames every page: its language, the agency, the navigation and the head.
#[derive(Debug, Serialize)]
pub struct Frame {
    pub lang: &'static str,
    pub dir: &'static str,
    pub other_lang: &'static str,
    /// `En` or `Ar`: the suffix of a record's field in this language (`titleAr`).
    pub suffix: &'static str,
    pub w: &'static Words,
    pub company: Company,
    pub color: String,
    pub css: String,
    /// Which item of the navigation is this page's.
    pub section: &'static str,
    pub head: seo::Head,
    pub hero: Option<Hero>,
    pub year: i32,
}

/// The parts of a frame a page says.
pub struct Framing<'a> {
    pub section: &'static str,
    /// The hero page whose image the page shows.
    pub hero_page: Option<&'static str>,
    /// The page's path after the language (`/properties/12-villa`), without its query.
    pub path: &'a str,
    pub title: String,
    pub description: String,
    pub image: Option<String>,
    pub json_ld: Vec<serde_json::Value>,
    pub indexed: bool,
}

impl Visit<'_> {
    pub async fn settings(&self) -> ApiResult<CompanySettings> {
        settings::read(self.db).await
    }

    /// The frame of a page in `lang`.
    pub async fn frame(
        &self,
        lang: Lang,
        settings: &CompanySettings,
        framing: Framing<'_>,
    ) -> ApiResult<Frame> {
        let language = lang.0;
        let company = Company::of(settings, language);
        let hero = match framing.hero_page {
            Some(page) => hero_of(self.db, page, language).await?,
            None => None,
        };
        let mut json_ld = vec![seo::agent_json(&self.origin, &company, settings)];
        json_ld.extend(framing.json_ld);
        let head = seo::Head::new(
            &self.origin,
            language,
            framing.path,
            format!("{} · {}", framing.title, company.name),
            framing.description,
            framing.image.map(|image| seo::absolute(&self.origin, &image)),
            &json_ld,
            framing.indexed,
        );
        Ok(Frame {
            lang: language.tag(),
            dir: if language == Language::Ar { "rtl" } else { "ltr" },
            other_lang: if language == Language::Ar { "en" } else { "ar" },
            suffix: if language == Language::Ar { "Ar" } else { "En" },
            w: words::of(language),
            color: settings
                .primary_color
                .clone()
                .unwrap_or_else(|| rules::settings::PRIMARY_COLOR_DEFAULT.to_owned()),
            css: format!("/site-assets/{}", self.theme().stylesheet.name),
            section: framing.section,
            head,
            hero,
            company,
            year: time::OffsetDateTime::now_utc().year(),
        })
    }
}

async fn hero_of(db: &AnyPool, page: &str, language: Language) -> ApiResult<Option<Hero>> {
    let heroes: Vec<HeroImage> = ordered::list(db, true).await?;
    Ok(heroes.into_iter().find(|hero| hero.page_name == page).map(|hero| {
        let (title, subtitle) = match language {
            Language::En => (hero.title_en, hero.subtitle_en),
            Language::Ar => (hero.title_ar, hero.subtitle_ar),
        };
        let image = hero.image_url.or(hero.image_data).map(|url| seo::Picture::of(&url, &title));
        Hero { title, subtitle: subtitle.filter(|s| !s.trim().is_empty()), image }
    }))
}

/// The language of a site address, from its first segment; English when it names none.
pub fn language_of_path(path: &str) -> Language {
    match path.trim_start_matches('/').split('/').next() {
        Some("ar") => Language::Ar,
        _ => Language::En,
    }
}
