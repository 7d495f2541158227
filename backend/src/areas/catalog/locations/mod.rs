//! Countries, their cities and the cities' regions (core-panel.md §3, §7; site-content.md
//! §2 Management, §3, §7). A country or city still holding cities or regions cannot be
//! deleted: the answer names what still belongs to it.

pub mod store;

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put, FromForm};
use rules::catalog::{CityInput, CountryInput, RegionInput};
use schemars::JsonSchema;
use serde::Serialize;

use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::CurrentUser;
use crate::platform::db::Db;
use crate::platform::http::answer_cache::Cached;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::if_match::IfMatch;
use crate::platform::http::payload::Payload;
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::Trashed;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(list_countries, Doc::new("Every country, by id").responds::<Vec<Country>>()),
        endpoint!(
            create_country,
            Doc::new("Creates a country; its code must be new")
                .takes::<CountryInput>()
                .responds::<Country>()
                .fails(&[409])
        ),
        endpoint!(
            update_country,
            Doc::new("Replaces a country; its code must stay unique")
                .takes::<CountryInput>()
                .responds::<Country>()
                .fails(&[409])
                .versioned()
        ),
        endpoint!(
            delete_country,
            Doc::new("Deletes a country; 409 while cities belong to it or properties use it")
                .status(204)
                .trashes()
                .fails(&[409])
                .versioned()
        ),
        endpoint!(
            list_cities,
            Doc::new("Every city by id, or only a country's with ?countryId=")
                .query_id("countryId")
                .responds::<Vec<City>>()
        ),
        endpoint!(
            create_city,
            Doc::new("Creates a city in an existing country (409 when it does not exist)")
                .takes::<CityInput>()
                .responds::<City>()
                .fails(&[409])
        ),
        endpoint!(
            update_city,
            Doc::new("Replaces a city").takes::<CityInput>().responds::<City>().fails(&[409]).versioned()
        ),
        endpoint!(
            delete_city,
            Doc::new("Deletes a city; 409 while regions belong to it or properties use it")
                .status(204)
                .trashes()
                .fails(&[409])
                .versioned()
        ),
        endpoint!(
            list_regions,
            Doc::new("Every region by id, or only a city's with ?cityId=")
                .query_id("cityId")
                .responds::<Vec<Region>>()
        ),
        endpoint!(
            create_region,
            Doc::new("Creates a region in an existing city (409 when it does not exist)")
                .takes::<RegionInput>()
                .responds::<Region>()
                .fails(&[409])
        ),
        endpoint!(
            update_region,
            Doc::new("Replaces a region")
                .takes::<RegionInput>()
                .responds::<Region>()
                .fails(&[409])
                .versioned()
        ),
        endpoint!(
            delete_region,
            Doc::new("Deletes a region; 409 while properties use it")
                .status(204)
                .trashes()
                .fails(&[409])
                .versioned()
        ),
        endpoint!(
            public_countries,
            Doc::new("Every country, for the public site").public_read().responds::<Vec<Country>>()
        ),
        endpoint!(
            public_cities,
            Doc::new("Every city, or a country's with ?countryId=, for the public site")
                .public_read()
                .query_id("countryId")
                .responds::<Vec<City>>()
        ),
        endpoint!(
            public_regions,
            Doc::new("Every region, or a city's with ?cityId=, for the public site")
                .public_read()
                .query_id("cityId")
                .responds::<Vec<Region>>()
        ),
    ]
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Country {
    pub id: i64,
    pub name_en: String,
    pub name_ar: String,
    /// Short code such as 'JO', kept in capitals.
    pub code: String,
    /// Who regulates property advertising here (issue 39): `DLD`, `ADREC`, `REGA`, another
    /// name, or none.
    pub advertising_authority: Option<String>,
    pub created_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

/// A city with its country's names, as the Management screen lists it.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct City {
    pub id: i64,
    pub name_en: String,
    pub name_ar: String,
    pub country_id: i64,
    pub country_name_en: String,
    pub country_name_ar: String,
    /// Who regulates property advertising here (issue 39): `DLD`, `ADREC`, `REGA`, another
    /// name, or none.
    pub advertising_authority: Option<String>,
    pub created_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

/// A region with its city's and country's names, as the Management screen lists it.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    pub id: i64,
    pub name_en: String,
    pub name_ar: String,
    pub city_id: i64,
    pub city_name_en: String,
    pub city_name_ar: String,
    pub country_id: i64,
    pub country_name_en: String,
    pub country_name_ar: String,
    /// Who regulates property advertising here (issue 39): `DLD`, `ADREC`, `REGA`, another
    /// name, or none.
    pub advertising_authority: Option<String>,
    pub created_at: String,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
}

#[derive(FromForm)]
struct CityFilter<'r> {
    #[field(name = "countryId")]
    country_id: Vec<&'r str>,
}

#[derive(FromForm)]
struct RegionFilter<'r> {
    #[field(name = "cityId")]
    city_id: Vec<&'r str>,
}

/// An id given in the query string. Rocket would quietly drop one that does not parse, or
/// is given twice, and list everything, which hides the caller's mistake; this refuses it.
fn query_id(values: Vec<&str>, name: &str) -> ApiResult<Option<i64>> {
    let malformed = || ApiError::bad_request(format!("{name} must be one id, a whole number from 1"));
    match values.as_slice() {
        [] => Ok(None),
        [text] => text.trim().parse().ok().filter(|id: &i64| *id >= 1).map(Some).ok_or_else(malformed),
        _ => Err(malformed()),
    }
}

#[get("/countries")]
async fn list_countries(_user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<Country>>> {
    Ok(Json(store::list_countries(db.pool()).await?))
}

#[get("/public/countries")]
async fn public_countries(db: &Db) -> ApiResult<Cached<Vec<Country>>> {
    Ok(Cached(store::list_countries(db.pool()).await?))
}

#[get("/public/cities?<filter..>")]
async fn public_cities(filter: CityFilter<'_>, db: &Db) -> ApiResult<Cached<Vec<City>>> {
    let country_id = query_id(filter.country_id, "countryId")?;
    Ok(Cached(store::list_cities(db.pool(), country_id).await?))
}

#[get("/public/regions?<filter..>")]
async fn public_regions(filter: RegionFilter<'_>, db: &Db) -> ApiResult<Cached<Vec<Region>>> {
    let city_id = query_id(filter.city_id, "cityId")?;
    Ok(Cached(store::list_regions(db.pool(), city_id).await?))
}

#[post("/countries", data = "<body>")]
async fn create_country(
    user: CurrentUser,
    db: &Db,
    body: Payload<CountryInput>,
) -> ApiResult<(Status, Json<Country>)> {
    let mut tx = crate::platform::db::begin_write(db.pool()).await?;
    let created = store::create_country(&mut tx, &Actor::from(&user), &body.0).await?;
    tx.commit().await?;
    Ok((Status::Created, Json(created)))
}

#[put("/countries/<id>", data = "<body>")]
async fn update_country(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<CountryInput>,
) -> ApiResult<Json<Country>> {
    let mut tx = crate::platform::db::begin_write(db.pool()).await?;
    let updated = store::update_country(&mut tx, &Actor::from(&user), id, expected.0, &body.0).await?;
    tx.commit().await?;
    Ok(Json(updated))
}

#[delete("/countries/<id>")]
async fn delete_country(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    let mut tx = crate::platform::db::begin_write(db.pool()).await?;
    let trashed = store::delete_country(&mut tx, &Actor::from(&user), id, expected.0).await?;
    tx.commit().await?;
    Ok(trashed)
}

#[get("/cities?<filter..>")]
async fn list_cities(filter: CityFilter<'_>, _user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<City>>> {
    let country_id = query_id(filter.country_id, "countryId")?;
    Ok(Json(store::list_cities(db.pool(), country_id).await?))
}

#[post("/cities", data = "<body>")]
async fn create_city(
    user: CurrentUser,
    db: &Db,
    body: Payload<CityInput>,
) -> ApiResult<(Status, Json<City>)> {
    let mut tx = crate::platform::db::begin_write(db.pool()).await?;
    let created = store::create_city(&mut tx, &Actor::from(&user), &body.0).await?;
    tx.commit().await?;
    Ok((Status::Created, Json(created)))
}

#[put("/cities/<id>", data = "<body>")]
async fn update_city(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<CityInput>,
) -> ApiResult<Json<City>> {
    let mut tx = crate::platform::db::begin_write(db.pool()).await?;
    let updated = store::update_city(&mut tx, &Actor::from(&user), id, expected.0, &body.0).await?;
    tx.commit().await?;
    Ok(Json(updated))
}

#[delete("/cities/<id>")]
async fn delete_city(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    let mut tx = crate::platform::db::begin_write(db.pool()).await?;
    let trashed = store::delete_city(&mut tx, &Actor::from(&user), id, expected.0).await?;
    tx.commit().await?;
    Ok(trashed)
}

#[get("/regions?<filter..>")]
async fn list_regions(filter: RegionFilter<'_>, _user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<Region>>> {
    let city_id = query_id(filter.city_id, "cityId")?;
    Ok(Json(store::list_regions(db.pool(), city_id).await?))
}

#[post("/regions", data = "<body>")]
async fn create_region(
    user: CurrentUser,
    db: &Db,
    body: Payload<RegionInput>,
) -> ApiResult<(Status, Json<Region>)> {
    let mut tx = crate::platform::db::begin_write(db.pool()).await?;
    let created = store::create_region(&mut tx, &Actor::from(&user), &body.0).await?;
    tx.commit().await?;
    Ok((Status::Created, Json(created)))
}

#[put("/regions/<id>", data = "<body>")]
async fn update_region(
    id: i64,
    expected: IfMatch,
    user: CurrentUser,
    db: &Db,
    body: Payload<RegionInput>,
) -> ApiResult<Json<Region>> {
    let mut tx = crate::platform::db::begin_write(db.pool()).await?;
    let updated = store::update_region(&mut tx, &Actor::from(&user), id, expected.0, &body.0).await?;
    tx.commit().await?;
    Ok(Json(updated))
}

#[delete("/regions/<id>")]
async fn delete_region(id: i64, expected: IfMatch, user: CurrentUser, db: &Db) -> ApiResult<Trashed> {
    let mut tx = crate::platform::db::begin_write(db.pool()).await?;
    let trashed = store::delete_region(&mut tx, &Actor::from(&user), id, expected.0).await?;
    tx.commit().await?;
    Ok(trashed)
}
