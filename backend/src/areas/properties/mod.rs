//! Property listings (core-panel.md §2 Properties, §3 Property, §4, §5, §7; issue 8): the
//! panel's list (plain, or paged, searched, sorted and filtered), one listing, its writes by
//! either form, its selected features, and the public site's reads of the active ones.

pub mod body;
pub mod bulk;
pub mod cache;
pub mod export;
pub mod listing;
pub mod permits;
pub mod price_history;
pub mod quality;
pub mod readiness;
mod record;
pub mod search_engine;
pub mod selection;
pub mod store;

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put, State};
use schemars::JsonSchema;
use serde::Serialize;

pub use self::record::{
    ImageVariants, Listing, Property, PublicAgent, PublicFeature, PublicImage, PublicProperty,
};

use self::body::PropertyBody;
use self::cache::{JsonBytes, ListCache};
use self::listing::ListQuery;
use self::search_engine::{Facets, SearchEngine};
use crate::areas::catalog::property_features::{FeatureIds, PropertyFeature};
use crate::endpoint;
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::auth::AnswerLanguage;
use crate::platform::auth::CurrentUser;
use crate::platform::config::Config;
use crate::platform::db::Db;
use crate::platform::http::answer_cache::{Cached, CachedJson};
use crate::platform::http::download::Download;
use crate::platform::http::error::ApiResult;
use crate::platform::http::if_match::IfMatch;
use crate::platform::http::payload::Payload;
use crate::platform::http::query::Listed;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::Trashed;

pub fn api() -> Vec<Endpoint> {
    let mut endpoints = vec![
        endpoint!(
            list,
            listing::documented(Doc::new(
                "Every property, newest first; with any of page, pageSize, q, sort or a filter, one \
                 page of them with the total in X-Total-Count. Each word of q finds the words it \
                 begins, and from five letters the words one typo away, ranked after exact matches \
                 (sort=relevance). 400 naming a bad parameter (minPrice above maxPrice too); 503 \
                 with Retry-After while the search index is built"
            ))
            .responds::<Vec<Property>>()
            .fails(&[503])
        ),
        endpoint!(
            export_listings,
            export::documented(listing::documented_search(Doc::new(
                "Every property the list's own q, sort and filters match (page and pageSize are \
                 ignored) as an Excel workbook (format=xlsx, the default) or a UTF-8 CSV file with a \
                 byte-order mark (format=csv), streamed: the columns of the rules' column list, one \
                 header row in the request's language; template=true answers the header row alone"
            )))
            .status(200)
            .fails(&[503])
        ),
        endpoint!(one, Doc::new("One property").responds::<Property>()),
        endpoint!(
            create,
            body::documented(Doc::new(
                "Creates a property from the comprehensive form, or with ?form=quick from the \
                 quick form; 409 when a category, type, place or agent it names does not exist, \
                 422 naming agentId when its agent is not an active user"
            ))
            .responds::<Property>()
            .fails(&[409])
        ),
        endpoint!(
            update,
            body::documented(Doc::new(
                "Replaces the fields of the form that sent it (the comprehensive one, or with \
                 ?form=quick the quick one); the other form's own fields are kept. A new agent must \
                 be an active user (422 naming agentId); the agent it has is kept as it is"
            ))
            .responds::<Property>()
            .fails(&[409])
            .versioned()
        ),
        endpoint!(remove, Doc::new("Deletes a property").status(204).trashes().versioned()),
        endpoint!(
            features,
            Doc::new("The features selected for a property").responds::<Vec<PropertyFeature>>()
        ),
        endpoint!(
            map_tiles,
            Doc::new("The map tiles the pin picker shows (AQAR_MAP_TILE_URL)").responds::<MapTiles>()
        ),
        endpoint!(
            prices,
            Doc::new(
                "Every price a property asked, oldest first, from its history: one point each time \
                 its price, currency or rent period changed"
            )
            .responds::<Vec<price_history::PricePoint>>()
        ),
        endpoint!(
            replace_features,
            Doc::new("Replaces the features selected for a property; 422 naming featureIds when one does not exist")
                .takes::<FeatureIds>()
                .responds::<Vec<PropertyFeature>>()
                .status(200)
        ),
        endpoint!(
            public_list,
            listing::documented(Doc::new(
                "The active properties, newest first, for the public site; paged, searched, sorted \
                 and filtered like the panel's list"
            ))
            .public_read()
            .responds::<Vec<PublicProperty>>()
            .fails(&[503])
        ),
        endpoint!(
            public_facets,
            listing::documented_search(Doc::new(
                "The counts a filter side bar shows for the active properties the same search and \
                 filters match (page, pageSize and sort are ignored): per category, property type, \
                 city (the 50 largest of each), number of bedrooms, and price band"
            ))
            .public_read()
            .responds::<Facets>()
            .fails(&[503])
        ),
        endpoint!(
            public_one,
            Doc::new("One active property, for the public site (404 unless active)")
                .public_read()
                .responds::<PublicProperty>()
        ),
    ];
    endpoints.extend(bulk::api());
    endpoints
}

#[get("/properties?<query..>")]
async fn list(
    query: ListQuery<'_>,
    _user: CurrentUser,
    db: &Db,
    engine: &State<SearchEngine>,
    cache: &State<ListCache>,
) -> ApiResult<Listed<JsonBytes>> {
    let request = query.parse(false)?;
    let (pool, engine) = (db.pool(), engine.inner());
    let answer = cache::answer(cache, pool, request.clone(), || async move {
        let hits = engine.find(pool, &request, None).await?;
        let properties = store::list(pool, &hits.ids, request.paging.is_none()).await?;
        let total = request.paging.map(|_| hits.total);
        Ok((cache::json(&properties)?, total))
    })
    .await?;
    Ok(Listed(JsonBytes(answer.body), answer.total))
}

/// `format`, `template` and `offset` are the export's own; the rest is the list's query.
#[allow(clippy::too_many_arguments)]
#[get("/properties/export?<format>&<template>&<offset>&<query..>")]
async fn export_listings(
    format: Vec<&str>,
    template: Vec<&str>,
    offset: Vec<&str>,
    query: ListQuery<'_>,
    _user: CurrentUser,
    language: AnswerLanguage,
    db: &Db,
    engine: &State<SearchEngine>,
) -> ApiResult<Download> {
    let list = query.parse(false)?;
    let request = export::ExportRequest::parse(&format, &template, &offset, language.0)?;
    let ids = if request.template {
        Vec::new()
    } else {
        selection::Selection::Matching(Box::new(list)).ids(engine, db.pool(), None).await?
    };
    export::export(db.pool().clone(), ids, request).await
}

#[get("/properties/<id>")]
async fn one(id: i64, _user: CurrentUser, db: &Db) -> ApiResult<Json<Property>> {
    Ok(Json(store::get(db.pool(), id).await?))
}

/// `?form=quick` is read by the body guard, which parses the form it names.
#[post("/properties", data = "<body>")]
async fn create(user: CurrentUser, db: &Db, body: PropertyBody) -> ApiResult<(Status, Json<Property>)> {
    Ok((Status::Created, Json(store::insert(db.pool(), &Actor::from(&user), &body).await?)))
}

#[put("/properties/<id>", data = "<body>")]
async fn update(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: PropertyBody,
) -> ApiResult<Json<Property>> {
    Ok(Json(store::update(db.pool(), &Actor::from(&user), id, expected.0, &body).await?))
}

#[delete("/properties/<id>")]
async fn remove(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    store::delete(db.pool(), &Actor::from(&user), id, expected.0).await
}

#[get("/properties/<id>/features")]
async fn features(id: i64, _user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<PropertyFeature>>> {
    Ok(Json(store::features(db.pool(), id).await?))
}

/// Where the pin picker's map tiles come from.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MapTiles {
    /// A tile address template with `{z}`, `{x}` and `{y}` (and optionally `{s}`).
    pub tile_url: String,
}

#[get("/map-tiles")]
fn map_tiles(_user: CurrentUser, config: &State<Config>) -> Json<MapTiles> {
    Json(MapTiles { tile_url: config.map_tile_url.clone() })
}

#[get("/properties/<id>/price-history")]
async fn prices(id: i64, _user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<price_history::PricePoint>>> {
    store::get(db.pool(), id).await?;
    let entries = audit::past_of(db.pool(), Entity::Property, id, price_history::ENTRIES_READ).await?;
    Ok(Json(price_history::points(&entries)))
}

#[post("/properties/<id>/features", data = "<body>")]
async fn replace_features(
    id: i64,
    user: CurrentUser,
    db: &Db,
    body: Payload<FeatureIds>,
) -> ApiResult<Json<Vec<PropertyFeature>>> {
    Ok(Json(store::replace_features(db.pool(), &Actor::from(&user), id, &body.0.feature_ids).await?))
}

#[get("/public/properties?<query..>")]
async fn public_list(
    query: ListQuery<'_>,
    db: &Db,
    engine: &State<SearchEngine>,
    cache: &State<ListCache>,
) -> ApiResult<Listed<CachedJson>> {
    let request = query.parse(true)?;
    let (pool, engine) = (db.pool(), engine.inner());
    let answer = cache::answer(cache, pool, request.clone(), || async move {
        let hits = engine.find(pool, &request, None).await?;
        let properties = store::public_list(pool, &hits.ids, request.paging.is_none()).await?;
        let total = request.paging.map(|_| hits.total);
        Ok((cache::json(&properties)?, total))
    })
    .await?;
    Ok(Listed(CachedJson(answer.body), answer.total))
}

#[get("/public/properties/facets?<query..>")]
async fn public_facets(
    query: ListQuery<'_>,
    db: &Db,
    engine: &State<SearchEngine>,
) -> ApiResult<Cached<Facets>> {
    let request = query.parse(true)?;
    Ok(Cached(engine.facets(db.pool(), &request).await?))
}

#[get("/public/properties/<id>")]
async fn public_one(id: i64, db: &Db) -> ApiResult<Cached<PublicProperty>> {
    Ok(Cached(store::public_get(db.pool(), id).await?))
}
