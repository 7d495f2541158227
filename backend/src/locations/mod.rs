//! Countries, their cities and the cities' regions (core-panel.md §3, §7; site-content.md
//! §2 Management, §3, §7). A country or city still holding cities or regions cannot be
//! deleted: the answer names what still belongs to it.

pub mod store;

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, put, routes, FromForm, Route};
use rules::catalog::{CityInput, CountryInput, RegionInput};
use schemars::JsonSchema;
use serde::Serialize;

use crate::auth::CurrentUser;
use crate::db::Db;
use crate::error::{ApiError, ApiResult};
use crate::openapi::Operation;
use crate::payload::Payload;

pub fn routes() -> Vec<Route> {
    routes![
        list_countries,
        create_country,
        update_country,
        delete_country,
        list_cities,
        create_city,
        update_city,
        delete_city,
        list_regions,
        create_region,
        update_region,
        delete_region,
    ]
}

pub fn operations() -> Vec<Operation> {
    vec![
        Operation::get("/api/countries", "Every country, by id").responds::<Vec<Country>>(),
        Operation::post("/api/countries", "Creates a country; its code must be new")
            .takes::<CountryInput>()
            .responds::<Country>(),
        Operation::put("/api/countries/{id}", "Replaces a country")
            .takes::<CountryInput>()
            .responds::<Country>(),
        Operation::delete("/api/countries/{id}", "Deletes a country; 409 while cities belong to it"),
        Operation::get("/api/cities", "Every city by id, or only a country's with ?countryId=")
            .query("countryId")
            .responds::<Vec<City>>(),
        Operation::post("/api/cities", "Creates a city in an existing country")
            .takes::<CityInput>()
            .responds::<City>(),
        Operation::put("/api/cities/{id}", "Replaces a city").takes::<CityInput>().responds::<City>(),
        Operation::delete("/api/cities/{id}", "Deletes a city; 409 while regions belong to it"),
        Operation::get("/api/regions", "Every region by id, or only a city's with ?cityId=")
            .query("cityId")
            .responds::<Vec<Region>>(),
        Operation::post("/api/regions", "Creates a region in an existing city")
            .takes::<RegionInput>()
            .responds::<Region>(),
        Operation::put("/api/regions/{id}", "Replaces a region").takes::<RegionInput>().responds::<Region>(),
        Operation::delete("/api/regions/{id}", "Deletes a region"),
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
    pub created_at: String,
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
    pub created_at: String,
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
    pub created_at: String,
}

#[derive(FromForm)]
struct CityFilter<'r> {
    #[field(name = "countryId")]
    country_id: Option<&'r str>,
}

#[derive(FromForm)]
struct RegionFilter<'r> {
    #[field(name = "cityId")]
    city_id: Option<&'r str>,
}

/// An id given in the query string. Rocket would quietly drop one that does not parse and
/// list everything, which hides the caller's mistake; this refuses it instead.
fn query_id(value: Option<&str>, name: &str) -> ApiResult<Option<i64>> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(text) => text
            .parse()
            .map(Some)
            .map_err(|_| ApiError::bad_request(format!("{name} must be a whole number"))),
    }
}

#[get("/countries")]
async fn list_countries(_user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<Country>>> {
    Ok(Json(store::list_countries(db.pool()).await?))
}

#[post("/countries", data = "<body>")]
async fn create_country(
    _user: CurrentUser,
    db: &Db,
    body: Payload<CountryInput>,
) -> ApiResult<(Status, Json<Country>)> {
    let created = store::insert_country(db.pool(), &body.0).await?;
    Ok((Status::Created, Json(created)))
}

#[put("/countries/<id>", data = "<body>")]
async fn update_country(
    id: i64,
    _user: CurrentUser,
    db: &Db,
    body: Payload<CountryInput>,
) -> ApiResult<Json<Country>> {
    Ok(Json(store::update_country(db.pool(), id, &body.0).await?))
}

#[delete("/countries/<id>")]
async fn delete_country(id: i64, _user: CurrentUser, db: &Db) -> ApiResult<Status> {
    let mut tx = db.pool().begin().await?;
    store::delete_country(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Status::NoContent)
}

#[get("/cities?<filter..>")]
async fn list_cities(filter: CityFilter<'_>, _user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<City>>> {
    let country_id = query_id(filter.country_id, "countryId")?;
    Ok(Json(store::list_cities(db.pool(), country_id).await?))
}

#[post("/cities", data = "<body>")]
async fn create_city(
    _user: CurrentUser,
    db: &Db,
    body: Payload<CityInput>,
) -> ApiResult<(Status, Json<City>)> {
    let mut tx = db.pool().begin().await?;
    let created = store::insert_city(&mut tx, &body.0).await?;
    tx.commit().await?;
    Ok((Status::Created, Json(created)))
}

#[put("/cities/<id>", data = "<body>")]
async fn update_city(
    id: i64,
    _user: CurrentUser,
    db: &Db,
    body: Payload<CityInput>,
) -> ApiResult<Json<City>> {
    let mut tx = db.pool().begin().await?;
    let updated = store::update_city(&mut tx, id, &body.0).await?;
    tx.commit().await?;
    Ok(Json(updated))
}

#[delete("/cities/<id>")]
async fn delete_city(id: i64, _user: CurrentUser, db: &Db) -> ApiResult<Status> {
    let mut tx = db.pool().begin().await?;
    store::delete_city(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Status::NoContent)
}

#[get("/regions?<filter..>")]
async fn list_regions(filter: RegionFilter<'_>, _user: CurrentUser, db: &Db) -> ApiResult<Json<Vec<Region>>> {
    let city_id = query_id(filter.city_id, "cityId")?;
    Ok(Json(store::list_regions(db.pool(), city_id).await?))
}

#[post("/regions", data = "<body>")]
async fn create_region(
    _user: CurrentUser,
    db: &Db,
    body: Payload<RegionInput>,
) -> ApiResult<(Status, Json<Region>)> {
    let mut tx = db.pool().begin().await?;
    let created = store::insert_region(&mut tx, &body.0).await?;
    tx.commit().await?;
    Ok((Status::Created, Json(created)))
}

#[put("/regions/<id>", data = "<body>")]
async fn update_region(
    id: i64,
    _user: CurrentUser,
    db: &Db,
    body: Payload<RegionInput>,
) -> ApiResult<Json<Region>> {
    let mut tx = db.pool().begin().await?;
    let updated = store::update_region(&mut tx, id, &body.0).await?;
    tx.commit().await?;
    Ok(Json(updated))
}

#[delete("/regions/<id>")]
async fn delete_region(id: i64, _user: CurrentUser, db: &Db) -> ApiResult<Status> {
    store::delete_region(db.pool(), id).await?;
    Ok(Status::NoContent)
}
