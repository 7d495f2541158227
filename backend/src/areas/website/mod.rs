//! The agency's public website (issue 40): server-rendered pages in English (`/en/…`) and
//! Arabic (`/ar/…`, right to left) of everything the panel edits, with plain forms that
//! become leads, and what search engines read. Served on its own port (`AQAR_SITE_PORT`)
//! and, for the host names of `AQAR_SITE_HOSTS`, on the panel's (docs/adr/0030).

mod cache;
mod cards;
mod form;
mod listing;
mod pages;
mod search;
mod seo;
mod server;
mod store;
mod theme;
mod visit;
pub mod words;

use std::io::Cursor;
use std::sync::Arc;

use rocket::form::Form;
use rocket::http::{ContentType, Header, Status};
use rocket::response::{self, Responder};
use rocket::{catch, catchers, get, post, routes, Catcher, Either, Request, Response, Route, State};

pub use self::server::launcher;
pub use self::visit::Website;

use self::cache::{Kind, Page, PageCache};
use self::form::{ContactForm, FormState, Sent};
use self::listing::Answer;
use self::theme::Theme;
use self::visit::{Lang, Visit};
use crate::areas::notifications::Outbox;
use crate::platform::http::error::ApiResult;

impl Website {
    /// The theme (`AQAR_SITE_THEME_DIR`'s files in place of the built-in ones) and an empty
    /// page cache, kept only when `cache` is on.
    pub fn load(theme_dir: Option<&std::path::Path>, cache: bool) -> Result<Website, String> {
        Ok(Website { theme: Arc::new(Theme::load(theme_dir)?), cache: Arc::new(PageCache::new(cache)) })
    }
}

/// The site's routes; on the panel's port they answer only for the site's host names. Those
/// under a language rank after the fixed addresses (`/api/…`, `/sitemaps/…`) they could match.
pub fn routes() -> Vec<Route> {
    routes![
        root,
        home,
        properties,
        investors,
        property,
        enquire,
        team,
        about,
        services,
        contact,
        write,
        thanks,
        unknown,
        sitemap,
        sitemap_file,
        robots,
        stylesheet
    ]
}

/// A redirect: `Location`, and for the root's, `Vary: Accept-Language`.
pub struct Moved {
    status: Status,
    location: String,
}

impl<'r> Responder<'r, 'static> for Moved {
    fn respond_to(self, _: &'r Request<'_>) -> response::Result<'static> {
        let mut response = Response::build();
        response.status(self.status).header(Header::new("Location", self.location));
        if self.status == Status::Found {
            response
                .header(Header::new("Vary", "Accept-Language"))
                .header(Header::new("Cache-Control", "no-cache"));
        }
        Ok(response.finalize())
    }
}

#[get("/")]
fn root(visit: Visit<'_>) -> Moved {
    Moved { status: Status::Found, location: format!("/{}/", visit.accepted.tag()) }
}

/// `/en/` (and `/en`: Rocket reads a trailing slash as no segment).
#[get("/<lang>", rank = 2)]
async fn home(lang: Lang, visit: Visit<'_>) -> ApiResult<Page> {
    visit.page(|| pages::home(&visit, lang)).await
}

#[get("/<lang>/properties", rank = 2)]
async fn properties(lang: Lang, visit: Visit<'_>) -> ApiResult<Page> {
    visit.page(|| search::search(&visit, lang, false)).await
}

#[get("/<lang>/investors", rank = 2)]
async fn investors(lang: Lang, visit: Visit<'_>) -> ApiResult<Page> {
    visit.page(|| search::search(&visit, lang, true)).await
}

#[get("/<lang>/properties/<segment>", rank = 2)]
async fn property(lang: Lang, segment: &str, visit: Visit<'_>) -> ApiResult<Either<Page, Moved>> {
    Ok(match listing::one(&visit, lang, segment, None).await? {
        Answer::Page(page) => Either::Left(page),
        Answer::Moved(location) => Either::Right(Moved { status: Status::MovedPermanently, location }),
    })
}

/// Where a received form goes: the thank-you page. A refused one is its page again, with
/// what was typed.
fn thanked(lang: Lang) -> Moved {
    Moved { status: Status::SeeOther, location: format!("/{}/thanks", lang.0.tag()) }
}

#[post("/<lang>/properties/<segment>", data = "<form>", rank = 2)]
async fn enquire(
    lang: Lang,
    segment: &str,
    visit: Visit<'_>,
    outbox: &State<Outbox>,
    form: Form<ContactForm>,
) -> ApiResult<Either<Page, Moved>> {
    let id = cards::id_of(segment);
    match form::submit(&visit, outbox, lang, &form, id).await? {
        Sent::Received => Ok(Either::Right(thanked(lang))),
        Sent::Refused(state) => Ok(match listing::one(&visit, lang, segment, Some(state)).await? {
            Answer::Page(page) => Either::Left(page),
            Answer::Moved(location) => Either::Right(Moved { status: Status::SeeOther, location }),
        }),
    }
}

#[get("/<lang>/team", rank = 2)]
async fn team(lang: Lang, visit: Visit<'_>) -> ApiResult<Page> {
    visit.page(|| pages::team(&visit, lang)).await
}

#[get("/<lang>/about", rank = 2)]
async fn about(lang: Lang, visit: Visit<'_>) -> ApiResult<Page> {
    visit.page(|| pages::about(&visit, lang)).await
}

#[get("/<lang>/services", rank = 2)]
async fn services(lang: Lang, visit: Visit<'_>) -> ApiResult<Page> {
    visit.page(|| pages::services(&visit, lang)).await
}

#[get("/<lang>/contact", rank = 2)]
async fn contact(lang: Lang, visit: Visit<'_>) -> ApiResult<Page> {
    visit.page(|| pages::contact(&visit, lang, FormState::general())).await
}

#[post("/<lang>/contact", data = "<form>", rank = 2)]
async fn write(
    lang: Lang,
    visit: Visit<'_>,
    outbox: &State<Outbox>,
    form: Form<ContactForm>,
) -> ApiResult<Either<Page, Moved>> {
    match form::submit(&visit, outbox, lang, &form, None).await? {
        Sent::Received => Ok(Either::Right(thanked(lang))),
        Sent::Refused(state) => Ok(Either::Left(pages::contact(&visit, lang, state).await?)),
    }
}

#[get("/<lang>/thanks", rank = 2)]
async fn thanks(lang: Lang, visit: Visit<'_>) -> ApiResult<Page> {
    visit.page(|| pages::thanks(&visit, lang)).await
}

#[get("/<lang>/<_..>", rank = 20)]
async fn unknown(lang: Lang, visit: Visit<'_>) -> ApiResult<Page> {
    visit.page(|| pages::not_found(&visit, lang)).await
}

fn xml(body: String) -> Page {
    Page::new(Status::Ok, Kind::Xml, body)
}

#[get("/sitemap.xml")]
async fn sitemap(visit: Visit<'_>) -> ApiResult<Page> {
    visit
        .page(|| async {
            let count = crate::areas::properties::store::public_count(visit.db).await?;
            Ok(xml(seo::sitemap_index(&visit.origin, count)))
        })
        .await
}

#[get("/sitemaps/<file>")]
async fn sitemap_file(file: &str, visit: Visit<'_>) -> ApiResult<Page> {
    let listings_file = file
        .strip_prefix("listings-")
        .and_then(|rest| rest.strip_suffix(".xml"))
        .and_then(|n| n.parse::<i64>().ok());
    if file == "pages.xml" {
        return visit
            .page(|| async {
                let changed = store::content_changed(visit.db)
                    .await?
                    .unwrap_or_else(crate::platform::db::clock::now_text);
                Ok(xml(seo::sitemap_pages(&visit.origin, &changed)))
            })
            .await;
    }
    // A file number from a stranger: its offset must not overflow.
    let offset =
        listings_file.filter(|n| *n >= 1).and_then(|n| (n - 1).checked_mul(seo::LISTINGS_PER_SITEMAP));
    let Some(offset) = offset else {
        return pages::not_found(&visit, Lang(rules::language::Language::En)).await;
    };
    visit
        .page(|| async {
            let listed =
                crate::areas::properties::store::public_index(visit.db, offset, seo::LISTINGS_PER_SITEMAP)
                    .await?;
            Ok(xml(seo::sitemap_listings(&visit.origin, &listed)))
        })
        .await
}

#[get("/robots.txt")]
async fn robots(visit: Visit<'_>) -> Page {
    Page::new(Status::Ok, Kind::Text, seo::robots(&visit.origin))
}

/// The stylesheet, under a name that changes with its bytes: kept by browsers for good.
pub struct Stylesheet {
    body: Arc<[u8]>,
    gzipped: bool,
}

impl<'r> Responder<'r, 'static> for Stylesheet {
    fn respond_to(self, _: &'r Request<'_>) -> response::Result<'static> {
        let mut response = Response::build();
        response
            .header(ContentType::CSS)
            .header(Header::new("Cache-Control", "public, max-age=31536000, immutable"))
            .header(Header::new("Vary", "Accept-Encoding"));
        if self.gzipped {
            response.header(Header::new("Content-Encoding", "gzip"));
        }
        Ok(response.sized_body(self.body.len(), Cursor::new(self.body)).finalize())
    }
}

#[get("/site-assets/<name>")]
async fn stylesheet(
    name: &str,
    visit: Visit<'_>,
    accepts: AcceptsGzip,
) -> ApiResult<Either<Stylesheet, Page>> {
    let sheet = &visit.website.theme.stylesheet;
    if name != sheet.name {
        return Ok(Either::Right(pages::not_found(&visit, Lang(rules::language::Language::En)).await?));
    }
    let (body, gzipped) = if accepts.0 { (sheet.gzip.clone(), true) } else { (sheet.plain.clone(), false) };
    Ok(Either::Left(Stylesheet { body, gzipped }))
}

/// Whether the client takes gzip.
pub struct AcceptsGzip(bool);

#[rocket::async_trait]
impl<'r> rocket::request::FromRequest<'r> for AcceptsGzip {
    type Error = std::convert::Infallible;

    async fn from_request(request: &'r Request<'_>) -> rocket::request::Outcome<Self, Self::Error> {
        use crate::platform::http::compression::{preferred, Coding};
        let coding = preferred(request.headers().get_one("Accept-Encoding"), &[Coding::Gzip]);
        rocket::request::Outcome::Success(AcceptsGzip(coding == Coding::Gzip))
    }
}

/// The site's own port answers an unknown address with the site's 404 page.
pub fn catchers() -> Vec<Catcher> {
    catchers![missing]
}

#[catch(404)]
async fn missing(request: &Request<'_>) -> Result<Page, Status> {
    use rocket::request::FromRequest;
    let visit = match Visit::from_request(request).await {
        rocket::outcome::Outcome::Success(visit) => visit,
        _ => return Err(Status::NotFound),
    };
    let lang = Lang(visit::language_of_path(request.uri().path().as_str()));
    pages::not_found(&visit, lang).await.map_err(|_| Status::NotFound)
}
