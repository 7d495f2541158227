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
pub mod search_engine;
pub mod selection;
pub mod store;

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put, State};
use rules::vocabularies::{DisplayType, FeatureCategory, OfferingType, PropertyStatus, RentFrequency};
use schemars::JsonSchema;
use serde::Serialize;

use self::body::PropertyBody;
use self::cache::{JsonBytes, ListCache};
use self::listing::ListQuery;
use self::search_engine::{Facets, SearchEngine};
use crate::areas::catalog::property_features::{FeatureIds, PropertyFeature};
use crate::areas::history::store as history_store;
use crate::endpoint;
use crate::platform::audit::{Actor, Entity};
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

/// What a listing is, as both the panel and the public site read it. Money is a number of
/// the currency's units (stored exactly, as thousandths).
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Listing {
    pub id: i64,
    pub property_number: Option<String>,
    pub title_en: String,
    pub title_ar: String,
    pub description_en: String,
    pub description_ar: String,
    pub price: f64,
    pub currency: String,
    pub area: Option<f64>,
    pub plot_area: Option<f64>,
    pub built_area: Option<f64>,
    /// Absent on listings made with the quick form, which has no location picker.
    pub country_id: Option<i64>,
    pub city_id: Option<i64>,
    pub region_id: Option<i64>,
    pub location_en: String,
    pub location_ar: String,
    pub continent: Option<String>,
    pub category_id: i64,
    pub type_id: i64,
    pub status: PropertyStatus,
    pub display_type: DisplayType,
    pub facing: Option<String>,
    pub is_featured: bool,

    /// Absent on listings made with the quick form.
    pub building_type_new: Option<String>,
    pub year_built: Option<i32>,
    pub building_condition: Option<String>,
    pub number_of_floors_in_building: Option<i32>,
    pub floor_number_unit: Option<i32>,
    pub apartments_per_floor: Option<i32>,
    pub parking_spaces_available: Option<i32>,
    pub elevators_available: bool,
    pub fire_safety_system: bool,
    pub hotel_style_entrance: bool,

    pub bedroom: i32,
    pub master_bedroom: i32,
    pub maids_room: i32,
    pub living_room: i32,
    pub kitchen: i32,
    pub open_kitchen: i32,
    pub service_kitchen: i32,
    pub laundry_room: i32,
    pub bathroom: i32,
    pub balcony: i32,
    pub terrace: i32,
    pub guest_room: i32,
    pub storage: i32,

    pub parking_space: bool,
    pub furnished: bool,
    pub fitted_kitchen: bool,
    pub kitchen_with_appliances: bool,
    pub gas_central_heating: bool,
    pub diesel_central_heating: bool,
    pub air_conditioning_unit: bool,
    pub double_glazed_aluminum_windows: bool,
    pub electric_shutters: bool,
    pub gas_fireplace: bool,
    pub diesel_fireplace: bool,
    pub has_intercom: bool,
    pub decoration: bool,
    pub smart_home_system: bool,
    pub has_underfloor_heating: bool,
    #[serde(rename = "hasCentralAC")]
    pub has_central_ac: bool,
    pub panoramic_view: bool,
    #[serde(rename = "securitySystemCCTVAlarm")]
    pub security_system_cctv_alarm: bool,
    pub swimming_pool_shared_or_private: bool,
    pub gym_fitness_center: bool,
    pub sauna_jacuzzi: bool,
    pub bbq_area: bool,
    pub kids_play_area: bool,
    pub lobby: bool,
    pub private_elevator: bool,

    pub video_url: Option<String>,
    pub virtual_tour_url: Option<String>,
    pub maintenance_fee: Option<f64>,
    pub property_tax: Option<f64>,

    /// The quick form's own fields (absent or false on listings made with the other form).
    pub bedrooms: Option<i32>,
    pub bathrooms: Option<i32>,
    pub floor: Option<i32>,
    pub total_floors: Option<i32>,
    pub parking_spaces: Option<i32>,
    pub building_age: Option<i32>,
    pub has_balcony: bool,
    pub has_garden: bool,
    pub has_elevator: bool,
    pub has_swimming_pool: bool,
    pub has_gym: bool,
    pub has_security: bool,
    pub pets_allowed: bool,

    pub created_at: String,
    pub updated_at: String,
    /// When the listing last became featured; null while it is not.
    pub featured_at: Option<String>,
    pub last_renovated: Option<String>,

    /// Sale or rent (issue 39); a rent listing's price is per `rentFrequency`.
    pub offering_type: OfferingType,
    pub rent_frequency: Option<RentFrequency>,
    /// The map pin, WGS84 degrees; the public site's is rounded to about 500 m when
    /// `locationApproximate`.
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub location_approximate: bool,
    /// The advertising permit (Trakheesi, ADREC) or licence (REGA) the listing is shown with.
    pub permit_number: Option<String>,
    /// The permit's QR code image: a `/media/...` path or an outside URL.
    pub permit_qr_image: Option<String>,
    pub permit_issued_at: Option<String>,
    pub permit_expires_at: Option<String>,
    /// The end of the brokerage contract behind a REGA licence.
    pub contract_ends_at: Option<String>,
    /// The publishing window (RFC 3339 UTC): public reads show the listing from
    /// `publishAt` (none: at once) until `unpublishAt` (none: for good).
    pub publish_at: Option<String>,
    pub unpublish_at: Option<String>,

    pub category_name: String,
    pub category_name_ar: String,
    pub type_name: String,
    pub type_name_ar: String,
}

/// A property as the panel reads it (list, one, and the answer of every write).
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Property {
    #[serde(flatten)]
    pub listing: Listing,
    /// Image references in order, the first being the cover: `/media/{sha256}.{ext}` paths
    /// or outside URLs.
    pub images: Vec<String>,
    /// The user responsible for the listing, handed its leads (issue 26); the panel's
    /// only, never the public site's.
    pub agent_id: Option<i64>,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
    /// Who regulates advertising in the listing's place (`DLD`, `ADREC`, `REGA` or another
    /// name; the closest of region, city and country): an active listing there needs a
    /// valid permit. None where nobody does.
    pub advertising_authority: Option<String>,
    /// The rules' quality score of the listing as stored, 0-100 (`sort=quality`).
    pub quality: u8,
}

/// An active property as the public site reads it: the listing with its places' names, its
/// images with their scaled copies, and its selected active features.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PublicProperty {
    #[serde(flatten)]
    pub listing: Listing,
    pub country_name: Option<String>,
    pub country_name_ar: Option<String>,
    pub city_name: Option<String>,
    pub city_name_ar: Option<String>,
    pub region_name: Option<String>,
    pub region_name_ar: Option<String>,
    /// The agent responsible for the listing, as an advertisement must name them.
    pub agent: Option<PublicAgent>,
    /// The price before it dropped, when it dropped within the last 90 days; null otherwise.
    pub previous_price: Option<f64>,
    pub price_changed_at: Option<String>,
    /// In order, the first being the cover.
    pub images: Vec<PublicImage>,
    pub features: Vec<PublicFeature>,
}

/// A listing's agent on the public site: their name and broker licence (BRN, FAL).
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PublicAgent {
    pub name: String,
    pub license_number: Option<String>,
}

/// One image of a public listing.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PublicImage {
    /// `/media/{sha256}.{ext}` or an outside URL.
    pub url: String,
    /// The scaled copies of a `/media` image (`url?w=N`); null for an outside URL.
    pub variants: Option<ImageVariants>,
}

/// The scaled copies of a stored image, by width in pixels.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
pub struct ImageVariants {
    #[serde(rename = "160")]
    pub w160: String,
    #[serde(rename = "320")]
    pub w320: String,
    #[serde(rename = "640")]
    pub w640: String,
    #[serde(rename = "1280")]
    pub w1280: String,
}

impl PublicImage {
    pub fn of(reference: String) -> Self {
        let variants = reference.starts_with("/media/").then(|| ImageVariants {
            w160: format!("{reference}?w=160"),
            w320: format!("{reference}?w=320"),
            w640: format!("{reference}?w=640"),
            w1280: format!("{reference}?w=1280"),
        });
        PublicImage { url: reference, variants }
    }
}

/// A selected feature as the public site shows it.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PublicFeature {
    pub id: i64,
    pub name_en: String,
    pub name_ar: String,
    /// An icon class such as 'fi fi-rr-star'.
    pub icon: String,
    pub category: FeatureCategory,
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
    let entries =
        history_store::of_record(db.pool(), Entity::Property, id, price_history::ENTRIES_READ).await?;
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
