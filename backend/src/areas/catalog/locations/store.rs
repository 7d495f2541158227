//! SQL for countries, cities and regions. Steps that must see one state of the database
//! (check the parent, then write; count the children, then delete) take the connection of
//! the caller's transaction; the foreign keys (ON DELETE RESTRICT) are the safety net.

use rules::catalog::{CityInput, CountryInput, RegionInput};
use rules::{messages, FieldErrors};
use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, AnyPool, Executor, Row};

use super::{City, Country, Region};
use crate::areas::catalog::in_use::{self, Reference};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::trash::{self, Checks, Part, Reference as Needed, Trashed, Unique};

pub const REGION_NOT_FOUND: &str = messages::REGION_NOT_FOUND;

const COUNTRY_COLUMNS: &str = "id, name_en, name_ar, code, advertising_authority, created_at, version";

/// Cities with their country's names; `c` is the city, `k` its country.
const CITY_SELECT: &str = "SELECT c.id, c.name_en, c.name_ar, c.country_id, \
     k.name_en AS country_name_en, k.name_ar AS country_name_ar, c.advertising_authority, c.created_at, \
     c.version FROM cities c JOIN countries k ON k.id = c.country_id";

/// Regions with their city's and country's names; `r` region, `c` city, `k` country.
const REGION_SELECT: &str = "SELECT r.id, r.name_en, r.name_ar, r.city_id, \
     c.name_en AS city_name_en, c.name_ar AS city_name_ar, c.country_id, \
     k.name_en AS country_name_en, k.name_ar AS country_name_ar, r.advertising_authority, r.created_at, \
     r.version FROM regions r JOIN cities c ON c.id = r.city_id JOIN countries k ON k.id = c.country_id";

fn country_from_row(row: &AnyRow) -> Result<Country, sqlx::Error> {
    Ok(Country {
        id: row.try_get("id")?,
        name_en: row.try_get("name_en")?,
        name_ar: row.try_get("name_ar")?,
        code: row.try_get("code")?,
        advertising_authority: row.try_get("advertising_authority")?,
        created_at: row.try_get("created_at")?,
        version: row.try_get("version")?,
    })
}

fn city_from_row(row: &AnyRow) -> Result<City, sqlx::Error> {
    Ok(City {
        id: row.try_get("id")?,
        name_en: row.try_get("name_en")?,
        name_ar: row.try_get("name_ar")?,
        country_id: row.try_get("country_id")?,
        country_name_en: row.try_get("country_name_en")?,
        country_name_ar: row.try_get("country_name_ar")?,
        advertising_authority: row.try_get("advertising_authority")?,
        created_at: row.try_get("created_at")?,
        version: row.try_get("version")?,
    })
}

fn region_from_row(row: &AnyRow) -> Result<Region, sqlx::Error> {
    Ok(Region {
        id: row.try_get("id")?,
        name_en: row.try_get("name_en")?,
        name_ar: row.try_get("name_ar")?,
        city_id: row.try_get("city_id")?,
        city_name_en: row.try_get("city_name_en")?,
        city_name_ar: row.try_get("city_name_ar")?,
        country_id: row.try_get("country_id")?,
        country_name_en: row.try_get("country_name_en")?,
        country_name_ar: row.try_get("country_name_ar")?,
        advertising_authority: row.try_get("advertising_authority")?,
        created_at: row.try_get("created_at")?,
        version: row.try_get("version")?,
    })
}

/// An authority as stored: a known one in its own spelling, blank as none.
fn authority(name: &Option<String>) -> Option<String> {
    rules::advertising::stored(name.as_deref())
}

/// Listings in a place whose authority changed are indexed again: whether the public site
/// shows them now depends on it. `column` is the listing's column naming the place.
async fn reindex_listings(conn: &mut AnyConnection, column: &str, id: i64) -> ApiResult<()> {
    let sql = format!("UPDATE properties SET offering_type = offering_type WHERE {column} = $1");
    sqlx::query(&sql).bind(id).execute(&mut *conn).await?;
    Ok(())
}

/// Codes are stored trimmed and in capitals, so 'jo' and 'JO' are one code.
fn normal_code(code: &str) -> String {
    code.trim().to_uppercase()
}

/// A unique violation on insert or update can only be the country code.
fn code_taken(code: &str, error: sqlx::Error) -> ApiError {
    match &error {
        sqlx::Error::Database(db) if db.is_unique_violation() => {
            ApiError::conflict(rules::messages::country_code_taken(code))
        }
        _ => error.into(),
    }
}

/// The 409 for a parent that still has children, naming them and how many.
fn still_holds(parent: &str, count: i64, child: &str, children: &str) -> ApiError {
    let (noun, verb) = if count == 1 { (child, "belongs") } else { (children, "belong") };
    ApiError::conflict(format!("Cannot delete this {parent}: {count} {noun} {verb} to it"))
}

/// The 409 for a payload naming a parent that does not exist, as for any broken reference
/// (the foreign key's own answer), with the rules' message under the field that named it so
/// the form can show it there.
fn missing_parent(field: &'static str, message: &'static str) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add(field, message);
    ApiError { errors: Some(errors), ..ApiError::conflict(message) }
}

async fn exists(conn: &mut AnyConnection, table: &str, id: i64) -> ApiResult<bool> {
    let sql = format!("SELECT 1 FROM {table} WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(&mut *conn).await?;
    Ok(row.is_some())
}

async fn count_children(
    conn: &mut AnyConnection,
    table: &str,
    parent_column: &str,
    id: i64,
) -> ApiResult<i64> {
    let sql = format!("SELECT COUNT(*) FROM {table} WHERE {parent_column} = $1");
    Ok(sqlx::query_scalar(&sql).bind(id).fetch_one(&mut *conn).await?)
}

// Countries.

/// A country's restore from the trash: its code may have been given to another meanwhile.
pub const COUNTRY_RESTORE: Checks = Checks {
    references: &[],
    unique: Some(Unique {
        field: "code",
        message: |country| {
            messages::country_code_taken(
                country.get("code").and_then(serde_json::Value::as_str).unwrap_or_default(),
            )
        },
    }),
    cleared: &[],
};

pub async fn list_countries(db: &AnyPool) -> ApiResult<Vec<Country>> {
    let sql = format!("SELECT {COUNTRY_COLUMNS} FROM countries ORDER BY id");
    let rows = sqlx::query(&sql).fetch_all(db).await?;
    Ok(rows.iter().map(country_from_row).collect::<Result<_, _>>()?)
}

pub async fn find_country<'c, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<Country>> {
    let sql = format!("SELECT {COUNTRY_COLUMNS} FROM countries WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    Ok(row.as_ref().map(country_from_row).transpose()?)
}

pub async fn insert_country<'c, E: Executor<'c, Database = Any>>(
    db: E,
    input: &CountryInput,
) -> ApiResult<Country> {
    let code = normal_code(&input.code);
    let sql = format!(
        "INSERT INTO countries (name_en, name_ar, code, created_at, advertising_authority) \
         VALUES ($1, $2, $3, $4, $5) RETURNING {COUNTRY_COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(&input.name_en)
        .bind(&input.name_ar)
        .bind(&code)
        .bind(clock::now_text())
        .bind(authority(&input.advertising_authority))
        .fetch_one(db)
        .await
        .map_err(|e| code_taken(&code, e))?;
    Ok(country_from_row(&row)?)
}

/// Creates a country for `actor`, recorded in the history.
pub async fn create_country(
    conn: &mut AnyConnection,
    actor: &Actor,
    input: &CountryInput,
) -> ApiResult<Country> {
    let created = insert_country(&mut *conn, input).await?;
    audit::created(conn, actor, Entity::Country, created.id, &created).await?;
    Ok(created)
}

pub async fn update_country(
    conn: &mut AnyConnection,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    input: &CountryInput,
) -> ApiResult<Country> {
    db::lock_row(conn, "countries", id).await?;
    let before = db::expected_version(
        find_country(&mut *conn, id).await?,
        expected,
        |c| c.version,
        messages::COUNTRY_NOT_FOUND,
    )?;
    let code = normal_code(&input.code);
    let sql = format!(
        "UPDATE countries SET name_en = $1, name_ar = $2, code = $3, advertising_authority = $5, \
         version = version + 1 WHERE id = $4 RETURNING {COUNTRY_COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(&input.name_en)
        .bind(&input.name_ar)
        .bind(&code)
        .bind(id)
        .bind(authority(&input.advertising_authority))
        .fetch_one(&mut *conn)
        .await
        .map_err(|e| code_taken(&code, e))?;
    let updated = country_from_row(&row)?;
    if updated.advertising_authority != before.advertising_authority {
        reindex_listings(conn, "country_id", id).await?;
    }
    audit::updated(conn, actor, Entity::Country, id, &before, &updated).await?;
    Ok(updated)
}

pub async fn delete_country(
    conn: &mut AnyConnection,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
) -> ApiResult<Trashed> {
    in_use::refuse_if_used(conn, Reference::Country, id).await?;
    let before = db::expected_version(
        find_country(&mut *conn, id).await?,
        expected,
        |c| c.version,
        messages::COUNTRY_NOT_FOUND,
    )?;
    let cities = count_children(conn, "cities", "country_id", id).await?;
    if cities > 0 {
        return Err(still_holds("country", cities, "city", "cities"));
    }
    trash::discard_alone(conn, actor, Entity::Country, id, &before, &[Part::record("countries")]).await
}

// Cities.

/// A city's restore from the trash: its country must still be there.
pub const CITY_RESTORE: Checks = Checks {
    references: &[Needed {
        column: "country_id",
        table: "countries",
        field: "countryId",
        message: messages::COUNTRY_NOT_FOUND,
    }],
    unique: None,
    cleared: &[],
};

pub async fn list_cities(db: &AnyPool, country_id: Option<i64>) -> ApiResult<Vec<City>> {
    let rows = match country_id {
        Some(country_id) => {
            let sql = format!("{CITY_SELECT} WHERE c.country_id = $1 ORDER BY c.id");
            sqlx::query(&sql).bind(country_id).fetch_all(db).await?
        }
        None => {
            let sql = format!("{CITY_SELECT} ORDER BY c.id");
            sqlx::query(&sql).fetch_all(db).await?
        }
    };
    Ok(rows.iter().map(city_from_row).collect::<Result<_, _>>()?)
}

pub async fn find_city(conn: &mut AnyConnection, id: i64) -> ApiResult<Option<City>> {
    let sql = format!("{CITY_SELECT} WHERE c.id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(&mut *conn).await?;
    Ok(row.as_ref().map(city_from_row).transpose()?)
}

pub async fn insert_city(conn: &mut AnyConnection, input: &CityInput) -> ApiResult<City> {
    if !exists(conn, "countries", input.country_id).await? {
        return Err(missing_parent("countryId", messages::COUNTRY_NOT_FOUND));
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO cities (name_en, name_ar, country_id, created_at, advertising_authority) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(&input.name_en)
    .bind(&input.name_ar)
    .bind(input.country_id)
    .bind(clock::now_text())
    .bind(authority(&input.advertising_authority))
    .fetch_one(&mut *conn)
    .await?;
    find_city(conn, id).await?.ok_or_else(|| ApiError::not_found(messages::CITY_NOT_FOUND))
}

/// Creates a city for `actor`, recorded in the history.
pub async fn create_city(conn: &mut AnyConnection, actor: &Actor, input: &CityInput) -> ApiResult<City> {
    let created = insert_city(conn, input).await?;
    audit::created(conn, actor, Entity::City, created.id, &created).await?;
    Ok(created)
}

pub async fn update_city(
    conn: &mut AnyConnection,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    input: &CityInput,
) -> ApiResult<City> {
    db::lock_row(conn, "cities", id).await?;
    let before =
        db::expected_version(find_city(conn, id).await?, expected, |c| c.version, messages::CITY_NOT_FOUND)?;
    if !exists(conn, "countries", input.country_id).await? {
        return Err(missing_parent("countryId", messages::COUNTRY_NOT_FOUND));
    }
    sqlx::query(
        "UPDATE cities SET name_en = $1, name_ar = $2, country_id = $3, advertising_authority = $5, \
         version = version + 1 WHERE id = $4",
    )
    .bind(&input.name_en)
    .bind(&input.name_ar)
    .bind(input.country_id)
    .bind(id)
    .bind(authority(&input.advertising_authority))
    .execute(&mut *conn)
    .await?;
    let updated = find_city(conn, id).await?.ok_or_else(|| ApiError::not_found(messages::CITY_NOT_FOUND))?;
    if updated.advertising_authority != before.advertising_authority {
        reindex_listings(conn, "city_id", id).await?;
    }
    audit::updated(conn, actor, Entity::City, id, &before, &updated).await?;
    Ok(updated)
}

pub async fn delete_city(
    conn: &mut AnyConnection,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
) -> ApiResult<Trashed> {
    in_use::refuse_if_used(conn, Reference::City, id).await?;
    let before =
        db::expected_version(find_city(conn, id).await?, expected, |c| c.version, messages::CITY_NOT_FOUND)?;
    let regions = count_children(conn, "regions", "city_id", id).await?;
    if regions > 0 {
        return Err(still_holds("city", regions, "region", "regions"));
    }
    trash::discard_alone(conn, actor, Entity::City, id, &before, &[Part::record("cities")]).await
}

// Regions.

/// A region's restore from the trash: its city must still be there.
pub const REGION_RESTORE: Checks = Checks {
    references: &[Needed {
        column: "city_id",
        table: "cities",
        field: "cityId",
        message: messages::CITY_NOT_FOUND,
    }],
    unique: None,
    cleared: &[],
};

pub async fn list_regions(db: &AnyPool, city_id: Option<i64>) -> ApiResult<Vec<Region>> {
    let rows = match city_id {
        Some(city_id) => {
            let sql = format!("{REGION_SELECT} WHERE r.city_id = $1 ORDER BY r.id");
            sqlx::query(&sql).bind(city_id).fetch_all(db).await?
        }
        None => {
            let sql = format!("{REGION_SELECT} ORDER BY r.id");
            sqlx::query(&sql).fetch_all(db).await?
        }
    };
    Ok(rows.iter().map(region_from_row).collect::<Result<_, _>>()?)
}

pub async fn find_region<'c, E: Executor<'c, Database = Any>>(db: E, id: i64) -> ApiResult<Option<Region>> {
    let sql = format!("{REGION_SELECT} WHERE r.id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    Ok(row.as_ref().map(region_from_row).transpose()?)
}

pub async fn insert_region(conn: &mut AnyConnection, input: &RegionInput) -> ApiResult<Region> {
    if !exists(conn, "cities", input.city_id).await? {
        return Err(missing_parent("cityId", messages::CITY_NOT_FOUND));
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO regions (name_en, name_ar, city_id, created_at, advertising_authority) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(&input.name_en)
    .bind(&input.name_ar)
    .bind(input.city_id)
    .bind(clock::now_text())
    .bind(authority(&input.advertising_authority))
    .fetch_one(&mut *conn)
    .await?;
    find_region(&mut *conn, id).await?.ok_or_else(|| ApiError::not_found(REGION_NOT_FOUND))
}

/// Creates a region for `actor`, recorded in the history.
pub async fn create_region(
    conn: &mut AnyConnection,
    actor: &Actor,
    input: &RegionInput,
) -> ApiResult<Region> {
    let created = insert_region(conn, input).await?;
    audit::created(conn, actor, Entity::Region, created.id, &created).await?;
    Ok(created)
}

pub async fn update_region(
    conn: &mut AnyConnection,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    input: &RegionInput,
) -> ApiResult<Region> {
    db::lock_row(conn, "regions", id).await?;
    let before =
        db::expected_version(find_region(&mut *conn, id).await?, expected, |r| r.version, REGION_NOT_FOUND)?;
    if !exists(conn, "cities", input.city_id).await? {
        return Err(missing_parent("cityId", messages::CITY_NOT_FOUND));
    }
    sqlx::query(
        "UPDATE regions SET name_en = $1, name_ar = $2, city_id = $3, advertising_authority = $5, \
         version = version + 1 WHERE id = $4",
    )
    .bind(&input.name_en)
    .bind(&input.name_ar)
    .bind(input.city_id)
    .bind(id)
    .bind(authority(&input.advertising_authority))
    .execute(&mut *conn)
    .await?;
    let updated = find_region(&mut *conn, id).await?.ok_or_else(|| ApiError::not_found(REGION_NOT_FOUND))?;
    if updated.advertising_authority != before.advertising_authority {
        reindex_listings(conn, "region_id", id).await?;
    }
    audit::updated(conn, actor, Entity::Region, id, &before, &updated).await?;
    Ok(updated)
}

/// Refused with 409 while properties use it (counted in the delete's transaction).
pub async fn delete_region(
    conn: &mut AnyConnection,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
) -> ApiResult<Trashed> {
    in_use::refuse_if_used(conn, Reference::Region, id).await?;
    let before =
        db::expected_version(find_region(&mut *conn, id).await?, expected, |r| r.version, REGION_NOT_FOUND)?;
    trash::discard_alone(conn, actor, Entity::Region, id, &before, &[Part::record("regions")]).await
}
