//! SQL for properties, their ordered images and their selected features. Every write is one
//! transaction: the references it names are checked, the row written, its images replaced.
//! Lists are two indexed queries (the total and the page) plus one for the page's images
//! (and, for the public site, one for its features); names come by JOIN.

use std::collections::HashMap;

use rules::vocabularies::{DisplayType, FeatureCategory, PropertyStatus};
use rules::{messages, FieldErrors};
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, AnyPool, Row};

use super::body::PropertyBody;
use super::listing::{Filters, ListRequest, Paging, SortKey};
use super::search_index::{self, Facet, Indexed, Scope as ListScope, Word};
use super::{Listing, Property, PublicFeature, PublicImage, PublicProperty};
use crate::areas::catalog::property_features::{self, PropertyFeature};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock, Dialect};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::optional_text;

// Reading.

/// The listing's columns with its category's and type's names, which [`read_listing`]
/// reads by name. `p` is the property. The names are read by subqueries rather
/// than joins: PostgreSQL plans a join of six tables afresh for every list page (1.7 ms
/// against 0.2 ms of execution at 100,000 listings), a subquery per name in a tenth of that.
const LISTING_COLUMNS: &str = "p.id, p.property_number, p.title_en, p.title_ar, p.description_en, \
     p.description_ar, p.price, p.currency, p.area, p.plot_area, p.built_area, p.country_id, \
     p.city_id, p.region_id, p.location_en, p.location_ar, p.continent, p.category_id, p.type_id, \
     p.status, p.display_type, p.facing, p.is_featured, p.building_type_new, p.year_built, \
     p.building_condition, p.number_of_floors_in_building, p.floor_number_unit, \
     p.apartments_per_floor, p.parking_spaces_available, p.elevators_available, \
     p.fire_safety_system, p.hotel_style_entrance, p.bedroom, p.master_bedroom, p.maids_room, \
     p.living_room, p.kitchen, p.open_kitchen, p.service_kitchen, p.laundry_room, p.bathroom, \
     p.balcony, p.terrace, p.guest_room, p.storage, p.parking_space, p.furnished, \
     p.fitted_kitchen, p.kitchen_with_appliances, p.gas_central_heating, \
     p.diesel_central_heating, p.air_conditioning_unit, p.double_glazed_aluminum_windows, \
     p.electric_shutters, p.gas_fireplace, p.diesel_fireplace, p.has_intercom, p.decoration, \
     p.smart_home_system, p.has_underfloor_heating, p.has_central_ac, p.panoramic_view, \
     p.security_system_cctv_alarm, p.swimming_pool_shared_or_private, p.gym_fitness_center, \
     p.sauna_jacuzzi, p.bbq_area, p.kids_play_area, p.lobby, p.private_elevator, p.video_url, \
     p.virtual_tour_url, p.maintenance_fee, p.property_tax, p.bedrooms, p.bathrooms, p.floor, \
     p.total_floors, p.parking_spaces, p.building_age, p.has_balcony, p.has_garden, \
     p.has_elevator, p.has_swimming_pool, p.has_gym, p.has_security, p.pets_allowed, \
     p.created_at, p.updated_at, p.featured_at, p.last_renovated, \
     (SELECT name_en FROM categories WHERE id = p.category_id) AS category_name, \
     (SELECT name_ar FROM categories WHERE id = p.category_id) AS category_name_ar, \
     (SELECT name_en FROM property_types WHERE id = p.type_id) AS type_name, \
     (SELECT name_ar FROM property_types WHERE id = p.type_id) AS type_name_ar";

/// The panel's record: the listing, then its version.
fn panel_select() -> String {
    format!("SELECT {LISTING_COLUMNS}, p.version FROM properties p")
}

/// The public record: the listing, then its places' names.
fn public_select() -> String {
    format!(
        "SELECT {LISTING_COLUMNS}, \
         (SELECT name_en FROM countries WHERE id = p.country_id) AS country_name, \
         (SELECT name_ar FROM countries WHERE id = p.country_id) AS country_name_ar, \
         (SELECT name_en FROM cities WHERE id = p.city_id) AS city_name, (SELECT name_ar FROM cities WHERE id = p.city_id) AS city_name_ar, \
         (SELECT name_en FROM regions WHERE id = p.region_id) AS region_name, (SELECT name_ar FROM regions WHERE id = p.region_id) AS region_name_ar \
         FROM properties p"
    )
}

/// A money column, stored as thousandths (see [`to_thousandths`]).
fn money(row: &AnyRow, column: &str) -> Result<f64, sqlx::Error> {
    row.try_get::<i64, _>(column).map(from_thousandths)
}

fn optional_money(row: &AnyRow, column: &str) -> Result<Option<f64>, sqlx::Error> {
    row.try_get::<Option<i64>, _>(column).map(|n| n.map(from_thousandths))
}

/// A vocabulary column: its stored value, one of `all`.
fn vocabulary<T: Copy>(
    row: &AnyRow,
    column: &str,
    all: &[T],
    value: fn(T) -> &'static str,
) -> Result<T, sqlx::Error> {
    let text: &str = row.try_get(column)?;
    all.iter()
        .copied()
        .find(|t| value(*t) == text)
        .ok_or_else(|| sqlx::Error::Decode(format!("unexpected stored value '{text}' in {column}").into()))
}

/// Money is stored as whole thousandths of the currency unit (see migration 0006): exact on
/// both databases. The rules keep amounts within [`rules::property::MONEY_MAX`], where a
/// thousandth survives the trip through a JSON number.
fn to_thousandths(amount: f64) -> i64 {
    // In range by the rules; `as` saturates rather than wraps were it not.
    (amount * 1000.0).round() as i64
}

fn from_thousandths(thousandths: i64) -> f64 {
    thousandths as f64 / 1000.0
}

fn read_listing(row: &AnyRow) -> Result<Listing, sqlx::Error> {
    Ok(Listing {
        id: row.try_get("id")?,
        property_number: row.try_get("property_number")?,
        title_en: row.try_get("title_en")?,
        title_ar: row.try_get("title_ar")?,
        description_en: row.try_get("description_en")?,
        description_ar: row.try_get("description_ar")?,
        price: money(row, "price")?,
        currency: row.try_get("currency")?,
        area: row.try_get("area")?,
        plot_area: row.try_get("plot_area")?,
        built_area: row.try_get("built_area")?,
        country_id: row.try_get("country_id")?,
        city_id: row.try_get("city_id")?,
        region_id: row.try_get("region_id")?,
        location_en: row.try_get("location_en")?,
        location_ar: row.try_get("location_ar")?,
        continent: row.try_get("continent")?,
        category_id: row.try_get("category_id")?,
        type_id: row.try_get("type_id")?,
        status: vocabulary(row, "status", PropertyStatus::ALL, PropertyStatus::value)?,
        display_type: vocabulary(row, "display_type", DisplayType::ALL, DisplayType::value)?,
        facing: row.try_get("facing")?,
        is_featured: db::flag(row, "is_featured")?,
        building_type_new: row.try_get("building_type_new")?,
        year_built: row.try_get("year_built")?,
        building_condition: row.try_get("building_condition")?,
        number_of_floors_in_building: row.try_get("number_of_floors_in_building")?,
        floor_number_unit: row.try_get("floor_number_unit")?,
        apartments_per_floor: row.try_get("apartments_per_floor")?,
        parking_spaces_available: row.try_get("parking_spaces_available")?,
        elevators_available: db::flag(row, "elevators_available")?,
        fire_safety_system: db::flag(row, "fire_safety_system")?,
        hotel_style_entrance: db::flag(row, "hotel_style_entrance")?,
        bedroom: row.try_get("bedroom")?,
        master_bedroom: row.try_get("master_bedroom")?,
        maids_room: row.try_get("maids_room")?,
        living_room: row.try_get("living_room")?,
        kitchen: row.try_get("kitchen")?,
        open_kitchen: row.try_get("open_kitchen")?,
        service_kitchen: row.try_get("service_kitchen")?,
        laundry_room: row.try_get("laundry_room")?,
        bathroom: row.try_get("bathroom")?,
        balcony: row.try_get("balcony")?,
        terrace: row.try_get("terrace")?,
        guest_room: row.try_get("guest_room")?,
        storage: row.try_get("storage")?,
        parking_space: db::flag(row, "parking_space")?,
        furnished: db::flag(row, "furnished")?,
        fitted_kitchen: db::flag(row, "fitted_kitchen")?,
        kitchen_with_appliances: db::flag(row, "kitchen_with_appliances")?,
        gas_central_heating: db::flag(row, "gas_central_heating")?,
        diesel_central_heating: db::flag(row, "diesel_central_heating")?,
        air_conditioning_unit: db::flag(row, "air_conditioning_unit")?,
        double_glazed_aluminum_windows: db::flag(row, "double_glazed_aluminum_windows")?,
        electric_shutters: db::flag(row, "electric_shutters")?,
        gas_fireplace: db::flag(row, "gas_fireplace")?,
        diesel_fireplace: db::flag(row, "diesel_fireplace")?,
        has_intercom: db::flag(row, "has_intercom")?,
        decoration: db::flag(row, "decoration")?,
        smart_home_system: db::flag(row, "smart_home_system")?,
        has_underfloor_heating: db::flag(row, "has_underfloor_heating")?,
        has_central_ac: db::flag(row, "has_central_ac")?,
        panoramic_view: db::flag(row, "panoramic_view")?,
        security_system_cctv_alarm: db::flag(row, "security_system_cctv_alarm")?,
        swimming_pool_shared_or_private: db::flag(row, "swimming_pool_shared_or_private")?,
        gym_fitness_center: db::flag(row, "gym_fitness_center")?,
        sauna_jacuzzi: db::flag(row, "sauna_jacuzzi")?,
        bbq_area: db::flag(row, "bbq_area")?,
        kids_play_area: db::flag(row, "kids_play_area")?,
        lobby: db::flag(row, "lobby")?,
        private_elevator: db::flag(row, "private_elevator")?,
        video_url: row.try_get("video_url")?,
        virtual_tour_url: row.try_get("virtual_tour_url")?,
        maintenance_fee: optional_money(row, "maintenance_fee")?,
        property_tax: optional_money(row, "property_tax")?,
        bedrooms: row.try_get("bedrooms")?,
        bathrooms: row.try_get("bathrooms")?,
        floor: row.try_get("floor")?,
        total_floors: row.try_get("total_floors")?,
        parking_spaces: row.try_get("parking_spaces")?,
        building_age: row.try_get("building_age")?,
        has_balcony: db::flag(row, "has_balcony")?,
        has_garden: db::flag(row, "has_garden")?,
        has_elevator: db::flag(row, "has_elevator")?,
        has_swimming_pool: db::flag(row, "has_swimming_pool")?,
        has_gym: db::flag(row, "has_gym")?,
        has_security: db::flag(row, "has_security")?,
        pets_allowed: db::flag(row, "pets_allowed")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        featured_at: row.try_get("featured_at")?,
        last_renovated: row.try_get("last_renovated")?,
        category_name: row.try_get("category_name")?,
        category_name_ar: row.try_get("category_name_ar")?,
        type_name: row.try_get("type_name")?,
        type_name_ar: row.try_get("type_name_ar")?,
    })
}

fn panel_from_row(row: &AnyRow) -> Result<Property, sqlx::Error> {
    Ok(Property { listing: read_listing(row)?, images: Vec::new(), version: row.try_get("version")? })
}

fn public_from_row(row: &AnyRow) -> Result<PublicProperty, sqlx::Error> {
    Ok(PublicProperty {
        listing: read_listing(row)?,
        country_name: row.try_get("country_name")?,
        country_name_ar: row.try_get("country_name_ar")?,
        city_name: row.try_get("city_name")?,
        city_name_ar: row.try_get("city_name_ar")?,
        region_name: row.try_get("region_name")?,
        region_name_ar: row.try_get("region_name_ar")?,
        images: Vec::new(),
        features: Vec::new(),
    })
}

/// Which properties' images or features to load: a page's ids, or every property the whole
/// list holds (no list of ids, which could outgrow a statement's parameters).
enum Scope<'a> {
    Ids(&'a [i64]),
    All { active_only: bool },
}

impl Scope<'_> {
    /// The condition on `column` (a property id) and the ids to bind, from `$1`.
    fn condition(&self, column: &str) -> String {
        match self {
            Scope::Ids(ids) => {
                let marks: Vec<String> = (1..=ids.len()).map(|n| format!("${n}")).collect();
                format!("{column} IN ({})", marks.join(", "))
            }
            Scope::All { active_only: true } => {
                format!("{column} IN (SELECT id FROM properties WHERE status = 'active')")
            }
            Scope::All { active_only: false } => "1 = 1".to_owned(),
        }
    }

    fn bind_to<'q>(&self, mut query: Query<'q, Any, AnyArguments<'q>>) -> Query<'q, Any, AnyArguments<'q>> {
        if let Scope::Ids(ids) = self {
            for id in *ids {
                query = query.bind(*id);
            }
        }
        query
    }
}

/// The image references of the properties in scope, each list in order.
async fn images_of(conn: &mut AnyConnection, scope: Scope<'_>) -> ApiResult<HashMap<i64, Vec<String>>> {
    if matches!(scope, Scope::Ids([])) {
        return Ok(HashMap::new());
    }
    let sql = format!(
        "SELECT property_id, reference FROM property_images WHERE {} ORDER BY property_id, position",
        scope.condition("property_id")
    );
    let rows = scope.bind_to(sqlx::query(&sql)).fetch_all(&mut *conn).await?;
    let mut images: HashMap<i64, Vec<String>> = HashMap::new();
    for row in &rows {
        let property_id: i64 = row.try_get(0)?;
        images.entry(property_id).or_default().push(row.try_get(1)?);
    }
    Ok(images)
}

/// The active features selected for the properties in scope, in display order.
async fn public_features_of(
    conn: &mut AnyConnection,
    scope: Scope<'_>,
) -> ApiResult<HashMap<i64, Vec<PublicFeature>>> {
    if matches!(scope, Scope::Ids([])) {
        return Ok(HashMap::new());
    }
    let sql = format!(
        "SELECT a.property_id, f.id, f.name_en, f.name_ar, f.icon, f.category \
         FROM property_feature_assignments a JOIN property_features f ON f.id = a.feature_id \
         WHERE f.is_active AND {} ORDER BY f.display_order, f.id",
        scope.condition("a.property_id")
    );
    let rows = scope.bind_to(sqlx::query(&sql)).fetch_all(&mut *conn).await?;
    let mut features: HashMap<i64, Vec<PublicFeature>> = HashMap::new();
    for row in &rows {
        let property_id: i64 = row.try_get("property_id")?;
        let feature = PublicFeature {
            id: row.try_get("id")?,
            name_en: row.try_get("name_en")?,
            name_ar: row.try_get("name_ar")?,
            icon: row.try_get("icon")?,
            category: vocabulary(row, "category", FeatureCategory::ALL, FeatureCategory::value)?,
        };
        features.entry(property_id).or_default().push(feature);
    }
    Ok(features)
}

/// One property as the panel reads it, in the caller's transaction or on its own.
async fn find(conn: &mut AnyConnection, id: i64) -> ApiResult<Option<Property>> {
    let sql = format!("{} WHERE p.id = $1", panel_select());
    let Some(row) = sqlx::query(&sql).bind(id).fetch_optional(&mut *conn).await? else {
        return Ok(None);
    };
    let mut property = panel_from_row(&row)?;
    property.images = images_of(conn, Scope::Ids(&[id])).await?.remove(&id).unwrap_or_default();
    Ok(Some(property))
}

pub async fn get(db: &AnyPool, id: i64) -> ApiResult<Property> {
    let mut conn = db.acquire().await?;
    find(&mut conn, id).await?.ok_or_else(|| ApiError::not_found(messages::PROPERTY_NOT_FOUND))
}

pub async fn public_get(db: &AnyPool, id: i64) -> ApiResult<PublicProperty> {
    let mut conn = db.acquire().await?;
    let sql = format!("{} WHERE p.id = $1 AND p.status = 'active'", public_select());
    let row = sqlx::query(&sql).bind(id).fetch_optional(&mut *conn).await?;
    let mut property = db::found(row, messages::PROPERTY_NOT_FOUND, public_from_row)?;
    let images = images_of(&mut conn, Scope::Ids(&[id])).await?.remove(&id).unwrap_or_default();
    property.images = images.into_iter().map(PublicImage::of).collect();
    property.features =
        public_features_of(&mut conn, Scope::Ids(&[id])).await?.remove(&id).unwrap_or_default();
    Ok(property)
}

// Lists.

/// A value bound to a statement.
enum Bound {
    Text(Option<String>),
    Int(Option<i32>),
    Id(Option<i64>),
    Real(Option<f64>),
    Flag(bool),
}

fn bind<'q>(query: Query<'q, Any, AnyArguments<'q>>, value: &'q Bound) -> Query<'q, Any, AnyArguments<'q>> {
    match value {
        Bound::Text(v) => query.bind(v.as_deref()),
        Bound::Int(v) => query.bind(*v),
        Bound::Id(v) => query.bind(*v),
        Bound::Real(v) => db::bind_double(query, *v),
        Bound::Flag(v) => query.bind(*v),
    }
}

/// A statement's values, numbered from `$1` in the order the statement names them.
struct Params {
    values: Vec<Bound>,
}

impl Params {
    fn new() -> Self {
        Params { values: Vec::new() }
    }

    /// The mark that stands for `value` in the statement.
    fn mark(&mut self, value: Bound) -> String {
        self.values.push(value);
        format!("${}", self.values.len())
    }

    fn bound<'q>(&'q self, sql: &'q str) -> Query<'q, Any, AnyArguments<'q>> {
        self.values.iter().fold(sqlx::query(sql), bind)
    }
}

/// How the rows matching `q` are found.
enum Search {
    None,
    /// A one-word `q`: the listings holding one of these words (none: no listing matches).
    Words(Vec<Word>),
    /// Any other `q`: a substring of the folded text.
    Text(String),
}

async fn resolve(conn: &mut AnyConnection, query: &ListRequest) -> ApiResult<Search> {
    let Some(folded) = &query.search else { return Ok(Search::None) };
    Ok(match search_index::words_containing(conn, folded).await? {
        Some(words) => Search::Words(words),
        None => Search::Text(folded.clone()),
    })
}

/// Folded search text of at least this many characters can use the trigram indexes.
const TRIGRAM: usize = 3;

/// How SQLite finds the rows whose folded text holds a `q` that is not one word. Both read
/// the same exact substring of `search_text` (the FTS5 index is case-sensitive over the
/// folded text).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SqliteSearch {
    /// Ask the FTS5 trigram index for every matching row: cost grows with the matches.
    Index,
    /// Test each row met in sort order with `instr`: cost grows with the rows read before
    /// the page is full, so it wins for a common `q` on an early page.
    Scan,
}

/// The folded substring search over `search_text`, the one place the dialects differ:
/// SQLite asks its FTS5 trigram index or tests rows with `instr` (always for `q` shorter
/// than a trigram); PostgreSQL's pg_trgm index serves LIKE, its planner choosing the plan.
fn text_clause(params: &mut Params, dialect: Dialect, plan: SqliteSearch, folded: &str) -> String {
    match dialect {
        Dialect::Sqlite if plan == SqliteSearch::Index && folded.chars().count() >= TRIGRAM => format!(
            "p.id IN (SELECT rowid FROM property_search WHERE property_search MATCH {})",
            params.mark(Bound::Text(Some(fts_phrase(folded))))
        ),
        Dialect::Sqlite => {
            format!("instr(p.search_text, {}) > 0", params.mark(Bound::Text(Some(folded.to_owned()))))
        }
        Dialect::Postgres => {
            let escaped = folded.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
            format!("p.search_text LIKE {}", params.mark(Bound::Text(Some(format!("%{escaped}%")))))
        }
    }
}

/// `q` as one FTS5 phrase: quoted, its quotes doubled, so nothing in it is query syntax.
fn fts_phrase(folded: &str) -> String {
    format!("\"{}\"", folded.replace('"', "\"\""))
}

/// The filters other than the scope's, on the property `p`.
fn filter_clauses(params: &mut Params, filters: &Filters) -> Vec<String> {
    let mut clauses = Vec::new();
    if let Some(status) = filters.status {
        clauses.push(format!("p.status = {}", params.mark(Bound::Text(Some(status.value().to_owned())))));
    }
    if let Some(id) = filters.category_id {
        clauses.push(format!("p.category_id = {}", params.mark(Bound::Id(Some(id)))));
    }
    if let Some(id) = filters.type_id {
        clauses.push(format!("p.type_id = {}", params.mark(Bound::Id(Some(id)))));
    }
    if let Some(display_type) = filters.display_type {
        let value = Bound::Text(Some(display_type.value().to_owned()));
        clauses.push(format!("p.display_type = {}", params.mark(value)));
    }
    if let Some(id) = filters.country_id {
        clauses.push(format!("p.country_id = {}", params.mark(Bound::Id(Some(id)))));
    }
    if let Some(id) = filters.city_id {
        clauses.push(format!("p.city_id = {}", params.mark(Bound::Id(Some(id)))));
    }
    if let Some(featured) = filters.is_featured {
        clauses.push(format!("p.is_featured = {}", params.mark(Bound::Flag(featured))));
    }
    clauses
}

/// The WHERE clause of a list: its scope, filters and search.
fn where_clause(
    params: &mut Params,
    dialect: Dialect,
    scope: &ListScope,
    search: &Search,
    plan: SqliteSearch,
) -> String {
    let mut clauses = Vec::new();
    if scope.active {
        let active = Bound::Text(Some(PropertyStatus::Active.value().to_owned()));
        clauses.push(format!("p.status = {}", params.mark(active)));
    }
    clauses.extend(filter_clauses(params, &scope.filters));
    match search {
        Search::None => {}
        Search::Words(words) => {
            let marks: Vec<String> = words.iter().map(|w| params.mark(Bound::Id(Some(w.id)))).collect();
            let active = if scope.active { " AND active = 1" } else { "" };
            clauses.push(format!(
                "p.id IN (SELECT property_id FROM property_words WHERE word_id IN ({}){active})",
                marks.join(", ")
            ));
        }
        Search::Text(folded) => clauses.push(text_clause(params, dialect, plan, folded)),
    }
    if clauses.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", clauses.join(" AND "))
    }
}

fn direction(descending: bool) -> &'static str {
    if descending {
        "DESC"
    } else {
        "ASC"
    }
}

fn order_by(query: &ListRequest) -> String {
    let direction = direction(query.sort.descending);
    // The id breaks ties, so pages neither repeat nor skip a row.
    format!(" ORDER BY {} {direction}, p.id {direction}", query.sort.key.column())
}

/// `LIMIT` and `OFFSET` as values, so that every page of a list is one prepared statement.
fn limit(params: &mut Params, paging: Paging) -> String {
    format!(
        " LIMIT {} OFFSET {}",
        params.mark(Bound::Id(Some(paging.size))),
        params.mark(Bound::Id(Some(paging.offset())))
    )
}

/// A statement of a list and its values.
struct Statement {
    sql: String,
    params: Params,
}

/// How a paged list's total is had.
enum Total {
    /// Kept by the writers, or known without asking.
    Known(i64),
    Counted(Statement),
}

/// How many rows a paged list matches: a kept total for a list with at most one filter or
/// a one-word search alone (no row is read), else counted from the indexes.
async fn total(
    conn: &mut AnyConnection,
    dialect: Dialect,
    scope: &ListScope,
    search: &Search,
) -> ApiResult<Total> {
    let facets = scope.facets();
    Ok(match search {
        Search::None if facets.len() <= 1 => {
            let facet = facets.first().unwrap_or(&Facet::All);
            Total::Known(search_index::kept_total(conn, facet, scope.active).await?)
        }
        Search::Words(words) if words.is_empty() => Total::Known(0),
        Search::Words(words) if words.len() == 1 && facets.is_empty() => {
            Total::Known(if scope.active { words[0].active } else { words[0].properties })
        }
        Search::Text(folded)
            if dialect == Dialect::Sqlite
                && facets.is_empty()
                && !scope.active
                && folded.chars().count() >= TRIGRAM =>
        {
            let mut params = Params::new();
            let sql = format!(
                "SELECT COUNT(*) FROM property_search WHERE property_search MATCH {}",
                params.mark(Bound::Text(Some(fts_phrase(folded))))
            );
            Total::Counted(Statement { sql, params })
        }
        _ => {
            let mut params = Params::new();
            let filter = where_clause(&mut params, dialect, scope, search, SqliteSearch::Index);
            Total::Counted(Statement { sql: format!("SELECT COUNT(*) FROM properties p{filter}"), params })
        }
    })
}

async fn counted(conn: &mut AnyConnection, total: Total) -> ApiResult<i64> {
    match total {
        Total::Known(n) => Ok(n),
        Total::Counted(statement) => {
            let row = statement.params.bound(&statement.sql).fetch_one(&mut *conn).await?;
            Ok(row.try_get::<i64, _>(0)?)
        }
    }
}

/// Which way SQLite finds a page searched by text, from how many rows match: scanning in
/// sort order reads about `(offset + size) × rows / matches` rows, asking the index handles
/// every match.
async fn sqlite_search_plan(
    conn: &mut AnyConnection,
    query: &ListRequest,
    search: &Search,
    matches: i64,
) -> ApiResult<SqliteSearch> {
    let (Some(paging), Search::Text(folded)) = (query.paging, search) else { return Ok(SqliteSearch::Index) };
    if folded.chars().count() < TRIGRAM {
        return Ok(SqliteSearch::Scan);
    }
    let rows = search_index::kept_total(conn, &Facet::All, false).await?;
    let read = (paging.offset().saturating_add(paging.size) as f64) * (rows as f64) / (matches.max(1) as f64);
    Ok(if read < matches as f64 { SqliteSearch::Scan } else { SqliteSearch::Index })
}

/// The ids of a one-word search's page in `created_at` order, read from each word's list
/// of listings: a page at offset N reads N + size entries of each word's index, whatever
/// the table holds. Several words are merged, a listing holding two of them counted once.
fn word_page(
    params: &mut Params,
    scope: &ListScope,
    words: &[Word],
    descending: bool,
    paging: Paging,
) -> String {
    let dir = direction(descending);
    let arm = |params: &mut Params, word: &Word, columns: &str| {
        let mut clauses = vec![format!("w.word_id = {}", params.mark(Bound::Id(Some(word.id))))];
        if scope.active {
            clauses.push("w.active = 1".to_owned());
        }
        let filters = filter_clauses(params, &scope.filters);
        let join = if filters.is_empty() { "" } else { " JOIN properties p ON p.id = w.property_id" };
        clauses.extend(filters);
        format!(
            "SELECT {columns} FROM property_words w{join} WHERE {} ORDER BY w.created_at {dir}, w.property_id {dir}",
            clauses.join(" AND ")
        )
    };
    if let [word] = words {
        let sql = arm(params, word, "w.property_id");
        return format!("{sql}{}", limit(params, paging));
    }
    let enough = Paging { page: 1, size: paging.offset().saturating_add(paging.size) };
    let arms: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(n, word)| {
            let sql = arm(params, word, "w.created_at, w.property_id");
            format!("SELECT * FROM ({sql}{}) a{n}", limit(params, enough))
        })
        .collect();
    format!(
        "SELECT u.property_id FROM ({}) u ORDER BY u.created_at {dir}, u.property_id {dir}{}",
        arms.join(" UNION "),
        limit(params, paging)
    )
}

/// The statement that reads a list: a paged list's ids in order, from the indexes alone
/// (its rows are then read by id, see [`rows_and_total`]); the plain list's rows.
fn rows_statement(
    dialect: Dialect,
    select: &str,
    query: &ListRequest,
    scope: &ListScope,
    search: &Search,
    plan: SqliteSearch,
) -> Statement {
    let mut params = Params::new();
    let sql = match (query.paging, search) {
        (None, _) => {
            let filter = where_clause(&mut params, dialect, scope, search, plan);
            format!("{select}{filter}{}", order_by(query))
        }
        (Some(paging), Search::Words(words)) if query.sort.key == SortKey::CreatedAt => {
            word_page(&mut params, scope, words, query.sort.descending, paging)
        }
        (Some(paging), _) => {
            let filter = where_clause(&mut params, dialect, scope, search, plan);
            format!("SELECT p.id FROM properties p{filter}{}{}", order_by(query), limit(&mut params, paging))
        }
    };
    Statement { sql, params }
}

/// The statements a list runs: its total's (when counted) and its rows'; `None` when the
/// list is known to be empty.
async fn statements(
    conn: &mut AnyConnection,
    dialect: Dialect,
    select: &str,
    query: &ListRequest,
) -> ApiResult<Option<(Option<i64>, Statement)>> {
    let Some(scope) = ListScope::of(query) else { return Ok(None) };
    let search = resolve(conn, query).await?;
    if matches!(&search, Search::Words(words) if words.is_empty()) {
        return Ok(None);
    }
    let total = match query.paging {
        Some(_) => {
            let total = total(conn, dialect, &scope, &search).await?;
            Some(counted(conn, total).await?)
        }
        None => None,
    };
    if total == Some(0) {
        return Ok(None);
    }
    let plan = match (dialect, total) {
        (Dialect::Sqlite, Some(matches)) => sqlite_search_plan(conn, query, &search, matches).await?,
        _ => SqliteSearch::Index,
    };
    Ok(Some((total, rows_statement(dialect, select, query, &scope, &search, plan))))
}

/// The rows of a list and, when paged, the total matching.
async fn rows_and_total(
    conn: &mut AnyConnection,
    dialect: Dialect,
    select: &str,
    query: &ListRequest,
) -> ApiResult<(Vec<AnyRow>, Option<i64>)> {
    let Some((total, statement)) = statements(conn, dialect, select, query).await? else {
        return Ok((Vec::new(), query.paging.map(|_| 0)));
    };
    let found = statement.params.bound(&statement.sql).fetch_all(&mut *conn).await?;
    if query.paging.is_none() {
        return Ok((found, total));
    }
    // Two short statements rather than one: PostgreSQL plans each afresh, and the page's
    // ids alone are a plan of one index; the rows by id another.
    let ids = found.iter().map(|row| row.try_get::<i64, _>(0)).collect::<Result<Vec<_>, _>>()?;
    if ids.is_empty() {
        return Ok((Vec::new(), total));
    }
    let marks: Vec<String> = (1..=ids.len()).map(|n| format!("${n}")).collect();
    let sql = format!("{select} WHERE p.id IN ({})", marks.join(", "));
    let rows = ids.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await?;
    let mut by_id: HashMap<i64, AnyRow> = HashMap::with_capacity(rows.len());
    for row in rows {
        by_id.insert(row.try_get("id")?, row);
    }
    Ok((ids.iter().filter_map(|id| by_id.remove(id)).collect(), total))
}

/// The query plans of the statements a list runs (its total's when counted, and its rows'),
/// one line per step: what the plan tests read to prove no list scans the whole table.
pub async fn explain(
    conn: &mut AnyConnection,
    dialect: Dialect,
    query: &ListRequest,
) -> ApiResult<Vec<String>> {
    let select = if query.active_only { public_select() } else { panel_select() };
    let mut plans = Vec::new();
    let Some(scope) = ListScope::of(query) else { return Ok(plans) };
    let search = resolve(conn, query).await?;
    let mut explained = Vec::new();
    if query.paging.is_some() {
        if let Total::Counted(statement) = total(conn, dialect, &scope, &search).await? {
            explained.push(statement);
        }
    }
    let plan = match (dialect, &search) {
        (Dialect::Sqlite, Search::Text(_)) => {
            let total = total(conn, dialect, &scope, &search).await?;
            let matches = counted(conn, total).await?;
            sqlite_search_plan(conn, query, &search, matches).await?
        }
        _ => SqliteSearch::Index,
    };
    explained.push(rows_statement(dialect, &select, query, &scope, &search, plan));
    let explain = match dialect {
        Dialect::Sqlite => "EXPLAIN QUERY PLAN",
        Dialect::Postgres => "EXPLAIN",
    };
    for statement in explained {
        let sql = format!("{explain} {}", statement.sql);
        let column = if dialect == Dialect::Sqlite { 3 } else { 0 };
        for row in statement.params.bound(&sql).fetch_all(&mut *conn).await? {
            plans.push(row.try_get::<String, _>(column)?);
        }
    }
    Ok(plans)
}

fn scope_of<'a>(query: &ListRequest, ids: &'a [i64]) -> Scope<'a> {
    match query.paging {
        Some(_) => Scope::Ids(ids),
        None => Scope::All { active_only: query.active_only },
    }
}

/// The revision of everything the panel's list reads (migration 0008's triggers bump it).
pub async fn revision(db: &AnyPool) -> ApiResult<i64> {
    let sql = "SELECT value FROM revisions WHERE name = 'properties'";
    Ok(sqlx::query_scalar(sql).fetch_one(db).await?)
}

pub async fn list(
    db: &AnyPool,
    dialect: Dialect,
    query: &ListRequest,
) -> ApiResult<(Vec<Property>, Option<i64>)> {
    let mut conn = db.acquire().await?;
    let (rows, total) = rows_and_total(&mut conn, dialect, &panel_select(), query).await?;
    let mut properties = rows.iter().map(panel_from_row).collect::<Result<Vec<_>, _>>()?;
    let ids: Vec<i64> = properties.iter().map(|p| p.listing.id).collect();
    let mut images = images_of(&mut conn, scope_of(query, &ids)).await?;
    for property in &mut properties {
        property.images = images.remove(&property.listing.id).unwrap_or_default();
    }
    Ok((properties, total))
}

pub async fn public_list(
    db: &AnyPool,
    dialect: Dialect,
    query: &ListRequest,
) -> ApiResult<(Vec<PublicProperty>, Option<i64>)> {
    let mut conn = db.acquire().await?;
    let (rows, total) = rows_and_total(&mut conn, dialect, &public_select(), query).await?;
    let mut properties = rows.iter().map(public_from_row).collect::<Result<Vec<_>, _>>()?;
    let ids: Vec<i64> = properties.iter().map(|p| p.listing.id).collect();
    let mut images = images_of(&mut conn, scope_of(query, &ids)).await?;
    let mut features = public_features_of(&mut conn, scope_of(query, &ids)).await?;
    for property in &mut properties {
        let id = property.listing.id;
        property.images = images.remove(&id).unwrap_or_default().into_iter().map(PublicImage::of).collect();
        property.features = features.remove(&id).unwrap_or_default();
    }
    Ok((properties, total))
}

// Writes.

/// The columns a form writes, with their values: each form writes only its own, so editing
/// a listing with one form keeps the other form's fields.
fn written_columns(body: &PropertyBody) -> Vec<(&'static str, Bound)> {
    use Bound::{Flag, Id, Int, Real, Text};
    let money = |v: Option<f64>| Id(v.map(to_thousandths));
    let text = |v: &Option<String>| Text(optional_text(v.clone()));
    match body {
        PropertyBody::Full(p) => vec![
            ("property_number", text(&p.property_number)),
            ("title_en", Text(Some(p.title_en.clone()))),
            ("title_ar", Text(Some(p.title_ar.clone()))),
            ("description_en", Text(Some(p.description_en.clone()))),
            ("description_ar", Text(Some(p.description_ar.clone()))),
            ("price", money(p.price)),
            ("currency", Text(Some(p.currency.clone()))),
            ("area", Real(p.area)),
            ("plot_area", Real(p.plot_area)),
            ("built_area", Real(p.built_area)),
            ("country_id", Id(Some(p.country_id))),
            ("city_id", Id(Some(p.city_id))),
            ("region_id", Id(p.region_id)),
            ("location_en", Text(Some(p.location_en.clone()))),
            ("location_ar", Text(Some(p.location_ar.clone()))),
            ("continent", text(&p.continent)),
            ("category_id", Id(Some(p.category_id))),
            ("type_id", Id(Some(p.type_id))),
            ("status", Text(Some(p.status.value().to_owned()))),
            ("display_type", Text(Some(p.display_type.value().to_owned()))),
            ("facing", text(&p.facing)),
            ("is_featured", Flag(p.is_featured)),
            ("building_type_new", Text(Some(p.building_type_new.clone()))),
            ("year_built", Int(p.year_built)),
            ("building_condition", text(&p.building_condition)),
            ("number_of_floors_in_building", Int(p.number_of_floors_in_building)),
            ("floor_number_unit", Int(p.floor_number_unit)),
            ("apartments_per_floor", Int(p.apartments_per_floor)),
            ("parking_spaces_available", Int(p.parking_spaces_available)),
            ("elevators_available", Flag(p.elevators_available)),
            ("fire_safety_system", Flag(p.fire_safety_system)),
            ("hotel_style_entrance", Flag(p.hotel_style_entrance)),
            ("bedroom", Int(Some(p.bedroom))),
            ("master_bedroom", Int(Some(p.master_bedroom))),
            ("maids_room", Int(Some(p.maids_room))),
            ("living_room", Int(Some(p.living_room))),
            ("kitchen", Int(Some(p.kitchen))),
            ("open_kitchen", Int(Some(p.open_kitchen))),
            ("service_kitchen", Int(Some(p.service_kitchen))),
            ("laundry_room", Int(Some(p.laundry_room))),
            ("bathroom", Int(Some(p.bathroom))),
            ("balcony", Int(Some(p.balcony))),
            ("terrace", Int(Some(p.terrace))),
            ("guest_room", Int(Some(p.guest_room))),
            ("storage", Int(Some(p.storage))),
            ("parking_space", Flag(p.parking_space)),
            ("furnished", Flag(p.furnished)),
            ("fitted_kitchen", Flag(p.fitted_kitchen)),
            ("kitchen_with_appliances", Flag(p.kitchen_with_appliances)),
            ("gas_central_heating", Flag(p.gas_central_heating)),
            ("diesel_central_heating", Flag(p.diesel_central_heating)),
            ("air_conditioning_unit", Flag(p.air_conditioning_unit)),
            ("double_glazed_aluminum_windows", Flag(p.double_glazed_aluminum_windows)),
            ("electric_shutters", Flag(p.electric_shutters)),
            ("gas_fireplace", Flag(p.gas_fireplace)),
            ("diesel_fireplace", Flag(p.diesel_fireplace)),
            ("has_intercom", Flag(p.has_intercom)),
            ("decoration", Flag(p.decoration)),
            ("smart_home_system", Flag(p.smart_home_system)),
            ("has_underfloor_heating", Flag(p.has_underfloor_heating)),
            ("has_central_ac", Flag(p.has_central_ac)),
            ("panoramic_view", Flag(p.panoramic_view)),
            ("security_system_cctv_alarm", Flag(p.security_system_cctv_alarm)),
            ("swimming_pool_shared_or_private", Flag(p.swimming_pool_shared_or_private)),
            ("gym_fitness_center", Flag(p.gym_fitness_center)),
            ("sauna_jacuzzi", Flag(p.sauna_jacuzzi)),
            ("bbq_area", Flag(p.bbq_area)),
            ("kids_play_area", Flag(p.kids_play_area)),
            ("lobby", Flag(p.lobby)),
            ("private_elevator", Flag(p.private_elevator)),
            ("video_url", text(&p.video_url)),
            ("virtual_tour_url", text(&p.virtual_tour_url)),
            ("maintenance_fee", money(p.maintenance_fee)),
            ("property_tax", money(p.property_tax)),
        ],
        PropertyBody::Quick(p) => vec![
            ("property_number", text(&p.property_number)),
            ("title_en", Text(Some(p.title_en.clone()))),
            ("title_ar", Text(Some(p.title_ar.clone()))),
            ("description_en", Text(Some(p.description_en.clone()))),
            ("description_ar", Text(Some(p.description_ar.clone()))),
            ("price", money(p.price)),
            ("currency", Text(Some(p.currency.clone()))),
            ("area", Real(p.area)),
            ("location_en", Text(Some(p.location_en.clone()))),
            ("location_ar", Text(Some(p.location_ar.clone()))),
            ("continent", text(&p.continent)),
            ("category_id", Id(Some(p.category_id))),
            ("type_id", Id(Some(p.type_id))),
            ("status", Text(Some(p.status.value().to_owned()))),
            ("display_type", Text(Some(p.display_type.value().to_owned()))),
            ("is_featured", Flag(p.is_featured)),
            ("year_built", Int(p.year_built)),
            ("building_age", Int(p.building_age)),
            ("floor", Int(p.floor)),
            ("total_floors", Int(p.total_floors)),
            ("parking_spaces", Int(Some(p.parking_spaces))),
            ("bedrooms", Int(Some(p.bedrooms))),
            ("bathrooms", Int(Some(p.bathrooms))),
            ("has_balcony", Flag(p.has_balcony)),
            ("has_garden", Flag(p.has_garden)),
            ("has_elevator", Flag(p.has_elevator)),
            ("has_swimming_pool", Flag(p.has_swimming_pool)),
            ("has_gym", Flag(p.has_gym)),
            ("has_security", Flag(p.has_security)),
            ("pets_allowed", Flag(p.pets_allowed)),
            ("parking_space", Flag(p.parking_space)),
            ("furnished", Flag(p.furnished)),
        ],
    }
}

/// The fields both forms share, which the search text and the references come from.
struct Shared<'a> {
    title_en: &'a str,
    title_ar: &'a str,
    property_number: Option<&'a str>,
    location_en: &'a str,
    location_ar: &'a str,
    category_id: i64,
    type_id: i64,
    is_featured: bool,
    /// The comprehensive form's place: country, city and optional region.
    place: Option<(i64, i64, Option<i64>)>,
    images: &'a [String],
}

fn shared(body: &PropertyBody) -> Shared<'_> {
    match body {
        PropertyBody::Full(p) => Shared {
            title_en: &p.title_en,
            title_ar: &p.title_ar,
            property_number: p.property_number.as_deref(),
            location_en: &p.location_en,
            location_ar: &p.location_ar,
            category_id: p.category_id,
            type_id: p.type_id,
            is_featured: p.is_featured,
            place: Some((p.country_id, p.city_id, p.region_id)),
            images: &p.images,
        },
        PropertyBody::Quick(p) => Shared {
            title_en: &p.title_en,
            title_ar: &p.title_ar,
            property_number: p.property_number.as_deref(),
            location_en: &p.location_en,
            location_ar: &p.location_ar,
            category_id: p.category_id,
            type_id: p.type_id,
            is_featured: p.is_featured,
            place: None,
            images: &p.images,
        },
    }
}

/// Checks, in one query, that the references a payload names exist and fit together (the
/// city in the country, the region in the city), and for an update that the property
/// exists: 404 for a missing property, else 409 naming each failing field.
async fn check_references(
    conn: &mut AnyConnection,
    shared: &Shared<'_>,
    property_id: Option<i64>,
) -> ApiResult<()> {
    let (country_id, city_id, region_id) = shared.place.unwrap_or((0, 0, None));
    let row = sqlx::query(
        "SELECT (SELECT id FROM categories WHERE id = $1), (SELECT id FROM property_types WHERE id = $2), \
         (SELECT id FROM countries WHERE id = $3), (SELECT country_id FROM cities WHERE id = $4), \
         (SELECT city_id FROM regions WHERE id = $5), (SELECT id FROM properties WHERE id = $6)",
    )
    .bind(shared.category_id)
    .bind(shared.type_id)
    .bind(country_id)
    .bind(city_id)
    .bind(region_id.unwrap_or(0))
    .bind(property_id.unwrap_or(0))
    .fetch_one(&mut *conn)
    .await?;
    let found = |i: usize| row.try_get::<Option<i64>, _>(i);
    if property_id.is_some() && found(5)?.is_none() {
        return Err(ApiError::not_found(messages::PROPERTY_NOT_FOUND));
    }
    let mut errors = FieldErrors::new();
    errors.check(found(0)?.is_none(), "categoryId", messages::CATEGORY_NOT_FOUND);
    errors.check(found(1)?.is_none(), "typeId", messages::PROPERTY_TYPE_NOT_FOUND);
    if shared.place.is_some() {
        errors.check(found(2)?.is_none(), "countryId", messages::COUNTRY_NOT_FOUND);
        match found(3)? {
            None => errors.add("cityId", messages::CITY_NOT_FOUND),
            Some(country) => errors.check(country != country_id, "cityId", messages::CITY_NOT_IN_COUNTRY),
        }
        if region_id.is_some() {
            match found(4)? {
                None => errors.add("regionId", messages::REGION_NOT_FOUND),
                Some(city) => errors.check(city != city_id, "regionId", messages::REGION_NOT_IN_CITY),
            }
        }
    }
    let first: Option<String> = errors.iter().next().map(|(_, message)| message.to_owned());
    match first {
        None => Ok(()),
        Some(message) => Err(ApiError { errors: Some(errors), ..ApiError::conflict(message) }),
    }
}

/// Writes the property's images in order, replacing any it had.
async fn write_images(
    conn: &mut AnyConnection,
    property_id: i64,
    images: &[String],
    replace: bool,
) -> ApiResult<()> {
    if replace {
        sqlx::query("DELETE FROM property_images WHERE property_id = $1")
            .bind(property_id)
            .execute(&mut *conn)
            .await?;
    }
    // Some hundreds of rows per statement keeps within every dialect's parameter limit.
    for (chunk_index, chunk) in images.chunks(500).enumerate() {
        let rows: Vec<String> =
            (0..chunk.len()).map(|i| format!("($1, ${}, ${})", 2 * i + 2, 2 * i + 3)).collect();
        let sql = format!(
            "INSERT INTO property_images (property_id, position, reference) VALUES {}",
            rows.join(", ")
        );
        let mut query = sqlx::query(&sql).bind(property_id);
        for (i, reference) in chunk.iter().enumerate() {
            let position = i32::try_from(chunk_index * 500 + i).unwrap_or(i32::MAX);
            query = query.bind(position).bind(reference.as_str());
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

pub async fn insert(db: &AnyPool, actor: &Actor, body: &PropertyBody) -> ApiResult<Property> {
    let shared = shared(body);
    let mut tx = crate::platform::db::begin_write(db).await?;
    check_references(&mut tx, &shared, None).await?;
    let now = clock::now_text();
    let mut columns = written_columns(body);
    let search = rules::fold::search_text(
        shared.title_en,
        shared.title_ar,
        shared.property_number,
        shared.location_en,
        shared.location_ar,
    );
    columns.push(("search_text", Bound::Text(Some(search))));
    columns.push(("created_at", Bound::Text(Some(now.clone()))));
    columns.push(("updated_at", Bound::Text(Some(now.clone()))));
    columns.push(("featured_at", Bound::Text(shared.is_featured.then_some(now))));
    let names: Vec<&str> = columns.iter().map(|(name, _)| *name).collect();
    let marks: Vec<String> = (1..=columns.len()).map(|n| format!("${n}")).collect();
    let sql =
        format!("INSERT INTO properties ({}) VALUES ({}) RETURNING id", names.join(", "), marks.join(", "));
    let row = columns.iter().fold(sqlx::query(&sql), |q, (_, v)| bind(q, v)).fetch_one(&mut *tx).await?;
    let id: i64 = row.try_get(0)?;
    write_images(&mut tx, id, shared.images, false).await?;
    let created =
        find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(messages::PROPERTY_NOT_FOUND))?;
    search_index::sync(&mut tx, None, Some(&Indexed::of(&created.listing))).await?;
    audit::created(&mut tx, actor, Entity::Property, id, &created).await?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    body: &PropertyBody,
) -> ApiResult<Property> {
    let shared = shared(body);
    let mut tx = crate::platform::db::begin_write(db).await?;
    db::lock_row(&mut tx, "properties", id).await?;
    check_references(&mut tx, &shared, Some(id)).await?;
    let before = db::expected_version(
        find(&mut tx, id).await?,
        expected,
        |p| p.version,
        messages::PROPERTY_NOT_FOUND,
    )?;
    let now = clock::now_text();
    let mut columns = written_columns(body);
    let search = rules::fold::search_text(
        shared.title_en,
        shared.title_ar,
        shared.property_number,
        shared.location_en,
        shared.location_ar,
    );
    columns.push(("search_text", Bound::Text(Some(search))));
    columns.push(("updated_at", Bound::Text(Some(now))));
    let mut assignments: Vec<String> =
        columns.iter().enumerate().map(|(i, (name, _))| format!("{name} = ${}", i + 1)).collect();
    let n = columns.len();
    // Featured since it last became featured; no longer featured, no date.
    assignments.push(format!(
        "featured_at = CASE WHEN ${featured} THEN COALESCE(featured_at, ${now}) ELSE NULL END",
        featured = n + 1,
        now = n + 2
    ));
    assignments.push("version = version + 1".to_owned());
    let sql = format!("UPDATE properties SET {} WHERE id = ${}", assignments.join(", "), n + 3);
    columns
        .iter()
        .fold(sqlx::query(&sql), |q, (_, v)| bind(q, v))
        .bind(shared.is_featured)
        .bind(clock::now_text())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    write_images(&mut tx, id, shared.images, true).await?;
    let property =
        find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(messages::PROPERTY_NOT_FOUND))?;
    search_index::sync(&mut tx, Some(&Indexed::of(&before.listing)), Some(&Indexed::of(&property.listing)))
        .await?;
    audit::updated(&mut tx, actor, Entity::Property, id, &before, &property).await?;
    tx.commit().await?;
    Ok(property)
}

pub async fn delete(db: &AnyPool, actor: &Actor, id: i64, expected: Option<i64>) -> ApiResult<()> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    db::lock_row(&mut tx, "properties", id).await?;
    let before = db::expected_version(
        find(&mut tx, id).await?,
        expected,
        |p| p.version,
        messages::PROPERTY_NOT_FOUND,
    )?;
    sqlx::query("DELETE FROM properties WHERE id = $1").bind(id).execute(&mut *tx).await?;
    search_index::sync(&mut tx, Some(&Indexed::of(&before.listing)), None).await?;
    audit::deleted(&mut tx, actor, Entity::Property, id, &before).await?;
    tx.commit().await?;
    Ok(())
}

// Selected features.

async fn exists(conn: &mut AnyConnection, id: i64) -> ApiResult<bool> {
    let row =
        sqlx::query("SELECT 1 FROM properties WHERE id = $1").bind(id).fetch_optional(&mut *conn).await?;
    Ok(row.is_some())
}

async fn selected(conn: &mut AnyConnection, id: i64) -> ApiResult<Vec<PropertyFeature>> {
    let sql = format!(
        "SELECT {} FROM property_feature_assignments JOIN property_features ON id = feature_id \
         WHERE property_id = $1 ORDER BY display_order, id",
        property_features::store::COLUMNS
    );
    let rows = sqlx::query(&sql).bind(id).fetch_all(&mut *conn).await?;
    Ok(rows.iter().map(property_features::store::from_row).collect::<Result<_, _>>()?)
}

pub async fn features(db: &AnyPool, id: i64) -> ApiResult<Vec<PropertyFeature>> {
    let mut conn = db.acquire().await?;
    if !exists(&mut conn, id).await? {
        return Err(ApiError::not_found(messages::PROPERTY_NOT_FOUND));
    }
    selected(&mut conn, id).await
}

/// Replaces the property's selected features with `ids` (repeats count once), in one
/// transaction; an id no feature has is a 422 naming featureIds and changes nothing.
pub async fn replace_features(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    ids: &[i64],
) -> ApiResult<Vec<PropertyFeature>> {
    let mut wanted = ids.to_vec();
    wanted.sort_unstable();
    wanted.dedup();
    let mut tx = crate::platform::db::begin_write(db).await?;
    if !exists(&mut tx, id).await? {
        return Err(ApiError::not_found(messages::PROPERTY_NOT_FOUND));
    }
    // The catalog of features is small: compare against all of it rather than bind a list
    // of any length the body may hold.
    let known: Vec<i64> = sqlx::query_scalar("SELECT id FROM property_features").fetch_all(&mut *tx).await?;
    let before: Vec<i64> = selected(&mut tx, id).await?.iter().map(|f| f.id).collect();
    if wanted.iter().any(|id| !known.contains(id)) {
        let mut errors = FieldErrors::new();
        errors.add("featureIds", messages::FEATURE_NOT_FOUND);
        return Err(ApiError::validation(errors));
    }
    sqlx::query("DELETE FROM property_feature_assignments WHERE property_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    if !wanted.is_empty() {
        let rows: Vec<String> = (0..wanted.len()).map(|i| format!("($1, ${})", i + 2)).collect();
        let sql = format!(
            "INSERT INTO property_feature_assignments (property_id, feature_id) VALUES {}",
            rows.join(", ")
        );
        let query = wanted.iter().fold(sqlx::query(&sql).bind(id), |q, feature| q.bind(*feature));
        query.execute(&mut *tx).await?;
    }
    let features = selected(&mut tx, id).await?;
    let after: Vec<i64> = features.iter().map(|f| f.id).collect();
    let (before, after) =
        (super::FeatureIds { feature_ids: before }, super::FeatureIds { feature_ids: after });
    audit::updated(&mut tx, actor, Entity::Property, id, &before, &after).await?;
    tx.commit().await?;
    Ok(features)
}

/// How many listings have the feature selected.
pub async fn listings_with_feature(db: &AnyPool, feature_id: i64) -> ApiResult<i64> {
    let count = sqlx::query_scalar("SELECT COUNT(*) FROM property_feature_assignments WHERE feature_id = $1")
        .bind(feature_id)
        .fetch_one(db)
        .await?;
    Ok(count)
}

/// In the transaction of a feature's delete, before it: takes the feature off every listing
/// that has it selected (site §3: assignments go with the feature), each listing's change
/// recorded in its history. The caller has locked the feature's row, so no listing can
/// select it between this and the delete.
pub async fn unselect_everywhere(conn: &mut AnyConnection, actor: &Actor, feature_id: i64) -> ApiResult<()> {
    let rows = sqlx::query(
        "SELECT a.property_id, a.feature_id FROM property_feature_assignments a \
         JOIN property_features f ON f.id = a.feature_id \
         WHERE a.property_id IN (SELECT property_id FROM property_feature_assignments WHERE feature_id = $1) \
         ORDER BY a.property_id, f.display_order, f.id",
    )
    .bind(feature_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut selections: Vec<(i64, Vec<i64>)> = Vec::new();
    for row in &rows {
        let (property, feature): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
        match selections.last_mut() {
            Some((last, ids)) if *last == property => ids.push(feature),
            _ => selections.push((property, vec![feature])),
        }
    }
    sqlx::query("DELETE FROM property_feature_assignments WHERE feature_id = $1")
        .bind(feature_id)
        .execute(&mut *conn)
        .await?;
    for (property, before) in &selections {
        let after = before.iter().copied().filter(|id| *id != feature_id).collect();
        let (before, after) =
            (super::FeatureIds { feature_ids: before.clone() }, super::FeatureIds { feature_ids: after });
        audit::updated(conn, actor, Entity::Property, *property, &before, &after).await?;
    }
    Ok(())
}

// Catalog records that listings use.

/// A catalog record a property can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reference {
    Category,
    PropertyType,
    Country,
    City,
    Region,
}

impl Reference {
    /// The record's table, and the table and column of the properties that use it.
    fn tables(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Reference::Category => ("categories", "properties", "category_id"),
            Reference::PropertyType => ("property_types", "properties", "type_id"),
            Reference::Country => ("countries", "properties", "country_id"),
            Reference::City => ("cities", "properties", "city_id"),
            Reference::Region => ("regions", "properties", "region_id"),
        }
    }

    /// How the refusal names the record.
    fn noun(self) -> &'static str {
        match self {
            Reference::Category => "category",
            Reference::PropertyType => "property type",
            Reference::Country => "country",
            Reference::City => "city",
            Reference::Region => "region",
        }
    }
}

/// In the transaction of a catalog delete, before it: 409 naming how many properties use
/// the record. The record's row is locked first, so no property can start using it between
/// this count and the delete: a concurrent writer naming it waits for this transaction,
/// then finds it gone.
pub async fn refuse_if_used(conn: &mut AnyConnection, reference: Reference, id: i64) -> ApiResult<()> {
    let (table, users, column) = reference.tables();
    db::lock_row(conn, table, id).await?;
    let count: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {users} WHERE {column} = $1"))
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
    if count > 0 {
        return Err(ApiError::conflict(messages::used_by_properties(reference.noun(), count)));
    }
    Ok(())
}
