//! The portals' XML feeds (issue 41): `GET /feeds/property-finder/{token}.xml` and
//! `GET /feeds/bayut/{token}.xml` (Bayut's, which dubizzle reads too). No session: the
//! token in the address is the key, and an unknown or revoked one is a plain 404. A feed
//! holds every listing that may be advertised now, chosen for one of its portals, that the
//! rules find ready for it (on the website or not).
//!
//! Its `ETag` is known before a byte is written: it is computed from the token, the panel's
//! address, the revisions of everything a feed shows (listings and catalog, the portals'
//! words and the agents, the company settings) and the last instant a listing's window or
//! permit started or ended (an indexed read per column), so it changes exactly when the
//! feed's content can. A matching `If-None-Match` answers 304 without reading a listing.
//! `Last-Modified` is the newest of the listings' own changes, the portal's words' and that
//! instant: a hint only, since an unmapping or an agent's new phone leaves no time stamp
//! (the tag covers them).

mod bayut;
pub mod listing;
mod property_finder;
mod stream;
mod xml;

use rocket::http::{ContentType, Header, Status};
use rocket::request::{self, FromRequest};
use rocket::response::{self, Responder};
use rocket::tokio::sync::mpsc::Receiver;
use rocket::{get, routes, Request, Response, Route, State};
use rules::portals::MappingPortal;

use self::listing::Words;
use super::store;
use crate::platform::config::Config;
use crate::platform::db::{clock, Db};
use crate::platform::http::answer_cache::{entity_tag, matches};
use crate::platform::http::compression::{self, Coding};
use crate::platform::http::download::ChunkReader;
use crate::platform::http::error::{ApiError, ApiResult};

pub fn routes() -> Vec<Route> {
    routes![property_finder_feed, bayut_feed]
}

/// What the feeds are written with beyond the database: where the panel is, for the photos'
/// addresses, and the company's e-mail address, for an agent who has none.
pub struct Site {
    pub panel_url: String,
    pub company_email: Option<String>,
}

/// The first pass over a feed: how many listings go in, and the newest change (RFC 3339).
#[derive(Debug, Clone)]
pub struct Census {
    pub count: u64,
    pub last_update: String,
}

/// A photo's address as a portal fetches it: a `/media` reference under the panel's
/// address, an outside URL as it is.
pub fn photo_url(image: &str, site: &Site) -> Option<String> {
    if image.starts_with('/') {
        Some(format!("{}{image}", site.panel_url))
    } else if image.starts_with("https://") || image.starts_with("http://") {
        Some(image.to_owned())
    } else {
        None
    }
}

/// What the client asked beyond the address: a tag it holds, and whether it takes gzip.
pub struct Asked<'r> {
    if_none_match: Option<&'r str>,
    gzip: bool,
}

#[rocket::async_trait]
impl<'r> FromRequest<'r> for Asked<'r> {
    type Error = std::convert::Infallible;

    async fn from_request(request: &'r Request<'_>) -> request::Outcome<Self, Self::Error> {
        let accepted = request.headers().get_one("Accept-Encoding");
        request::Outcome::Success(Asked {
            if_none_match: request.headers().get_one("If-None-Match"),
            gzip: compression::preferred(accepted, &[Coding::Gzip]) == Coding::Gzip,
        })
    }
}

/// A feed's answer: its tag, and the document as it is written, or none for a 304.
pub struct Answer {
    tag: String,
    gzip: bool,
    written: Option<Written>,
}

pub struct Written {
    last_modified: Option<String>,
    first: Vec<u8>,
    rest: Receiver<std::io::Result<Vec<u8>>>,
}

impl<'r> Responder<'r, 'static> for Answer {
    fn respond_to(self, _request: &'r Request<'_>) -> response::Result<'static> {
        // The gzipped bytes are not the plain ones: their tag is weak (RFC 9110 §8.8.1).
        let tag = if self.gzip { format!("W/{}", self.tag) } else { self.tag };
        let mut response = Response::build();
        response
            .header(Header::new("ETag", tag))
            .header(Header::new("Cache-Control", "no-cache"))
            .header(Header::new("Vary", "Accept-Encoding"));
        let Some(written) = self.written else {
            return response.status(Status::NotModified).ok();
        };
        response
            .header(ContentType::new("application", "xml").with_params(("charset", "utf-8")))
            .streamed_body(ChunkReader::new(written.first, written.rest));
        if let Some(date) = written.last_modified {
            response.header(Header::new("Last-Modified", date));
        }
        if self.gzip {
            response.header(Header::new("Content-Encoding", Coding::Gzip.name()));
        }
        response.ok()
    }
}

/// The token of a feed's file name (`{64 hexadecimal digits}.xml`).
fn token_of(file: &str) -> Option<&str> {
    file.strip_suffix(".xml")
        .filter(|token| token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit()))
}

async fn serve(
    feed: MappingPortal,
    file: &str,
    asked: Asked<'_>,
    db: &Db,
    config: &Config,
) -> ApiResult<Answer> {
    let not_found = || ApiError::not_found(rules::messages::NOT_FOUND);
    let token = token_of(file).ok_or_else(not_found)?;
    let mut tx = stream::snapshot(db.pool()).await?;
    if !store::tokens::is_live(&mut tx, feed, token).await? {
        return Err(not_found());
    }
    let now = clock::now_text();
    let (version, passed) = store::feed::version(&mut tx, &now).await?;
    let tag = entity_tag(format!("{}|{token}|{}|{version}", feed.value(), config.panel_url).as_bytes());
    if asked.if_none_match.is_some_and(|header| matches(header, &tag)) {
        return Ok(Answer { tag, gzip: asked.gzip, written: None });
    }
    let (words, words_changed) = store::feed::words(&mut tx, feed).await?;
    let site = Site {
        panel_url: config.panel_url.clone(),
        company_email: store::feed::company_email(&mut tx).await?,
    };
    let sql = store::feed::chunk_sql(feed, &now);
    let plan = stream::Plan { feed, now, site, words: Words::new(words), words_changed, passed, sql };
    let census = stream::census(&mut tx, &plan).await?;
    let last_modified = xml::http_date(&census.last_update);
    let (first, rest) = stream::start(tx, plan, census, asked.gzip).await?;
    Ok(Answer { tag, gzip: asked.gzip, written: Some(Written { last_modified, first, rest }) })
}

#[get("/feeds/property-finder/<file>")]
async fn property_finder_feed(
    file: &str,
    asked: Asked<'_>,
    db: &Db,
    config: &State<Config>,
) -> ApiResult<Answer> {
    serve(MappingPortal::PropertyFinder, file, asked, db, config).await
}

#[get("/feeds/bayut/<file>")]
async fn bayut_feed(file: &str, asked: Asked<'_>, db: &Db, config: &State<Config>) -> ApiResult<Answer> {
    serve(MappingPortal::Bayut, file, asked, db, config).await
}
