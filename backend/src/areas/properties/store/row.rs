//! A listing's row: the columns read, decoded into the panel's and the public record.

use rules::portals::CompletionStatus;
use rules::vocabularies::{DisplayType, OfferingType, PropertyStatus, RentFrequency};
use sqlx::any::AnyRow;
use sqlx::Row;

use super::super::{readiness, Listing, Property, PublicAgent, PublicProperty};
use crate::platform::db::{self, clock};

/// The listing's own columns (of the properties table, aliased `p`), read by [`read_listing`]
/// by name. A macro, so [`LISTING_COLUMNS`] can be joined to it at compile time.
macro_rules! property_columns {
    () => {
        "p.id, p.property_number, p.title_en, p.title_ar, p.description_en, \
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
         p.created_at, p.updated_at, p.featured_at, p.last_renovated, p.offering_type, \
         p.rent_frequency, p.latitude, p.longitude, p.location_approximate, p.publish_at, \
         p.unpublish_at, p.permit_number, p.permit_issued_at, p.permit_expires_at, \
         p.contract_ends_at, p.permit_qr_image, p.completion_status"
    };
}

/// The listing's columns with its category's and type's names, which [`read_listing`]
/// reads by name. `p` is the property. The names are read by subqueries rather
/// than joins: PostgreSQL plans a join of six tables afresh for every list page (1.7 ms
/// against 0.2 ms of execution at 100,000 listings), a subquery per name in a tenth of that.
const LISTING_COLUMNS: &str = concat!(
    property_columns!(),
    ", \
     (SELECT name_en FROM categories WHERE id = p.category_id) AS category_name, \
     (SELECT name_ar FROM categories WHERE id = p.category_id) AS category_name_ar, \
     (SELECT name_en FROM property_types WHERE id = p.type_id) AS type_name, \
     (SELECT name_ar FROM property_types WHERE id = p.type_id) AS type_name_ar"
);

/// The panel's record: the listing, then its agent and version.
pub(super) fn panel_select() -> String {
    format!(
        "SELECT {LISTING_COLUMNS}, p.agent_id, p.version, {} AS advertising_authority, p.publish_to, {} \
         FROM properties p",
        super::advertising::AUTHORITY,
        super::portals::COLUMNS,
    )
}

/// The public record: the listing, then its places' names.
pub(super) fn public_select() -> String {
    format!(
        "SELECT {LISTING_COLUMNS}, \
         (SELECT name_en FROM countries WHERE id = p.country_id) AS country_name, \
         (SELECT name_ar FROM countries WHERE id = p.country_id) AS country_name_ar, \
         (SELECT name_en FROM cities WHERE id = p.city_id) AS city_name, (SELECT name_ar FROM cities WHERE id = p.city_id) AS city_name_ar, \
         (SELECT name_en FROM regions WHERE id = p.region_id) AS region_name, (SELECT name_ar FROM regions WHERE id = p.region_id) AS region_name_ar, \
         (SELECT COALESCE(NULLIF(TRIM(full_name), ''), username) FROM users WHERE id = p.agent_id) AS agent_name, \
         (SELECT license_number FROM users WHERE id = p.agent_id) AS agent_license_number, \
         p.previous_price, p.price_changed_at \
         FROM properties p"
    )
}

/// The export's record: the listing's own columns alone. Its names are looked up in the
/// catalogue read once before (see `export`), not per row: a subquery per name and listing
/// is 100,000 × 10 lookups, which PostgreSQL executes one at a time. The four names
/// [`read_listing`] reads are blanks here, filled from that catalogue.
pub(super) fn export_select() -> String {
    concat!(
        "SELECT ",
        property_columns!(),
        ", '' AS category_name, '' AS category_name_ar, '' AS type_name, '' AS type_name_ar FROM properties p"
    )
    .to_owned()
}

/// A money column, stored as thousandths (see [`to_thousandths`]).
fn money(row: &AnyRow, column: &str) -> Result<f64, sqlx::Error> {
    row.try_get::<i64, _>(column).map(from_thousandths)
}

fn optional_money(row: &AnyRow, column: &str) -> Result<Option<f64>, sqlx::Error> {
    row.try_get::<Option<i64>, _>(column).map(|n| n.map(from_thousandths))
}

/// A vocabulary column: its stored value, one of `all`.
pub(super) fn vocabulary<T: Copy>(
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

/// A vocabulary column that may be NULL.
fn optional_vocabulary<T: Copy>(
    row: &AnyRow,
    column: &str,
    all: &[T],
    value: fn(T) -> &'static str,
) -> Result<Option<T>, sqlx::Error> {
    match row.try_get::<Option<&str>, _>(column)? {
        Some(_) => vocabulary(row, column, all, value).map(Some),
        None => Ok(None),
    }
}

/// Money is stored as whole thousandths of the currency unit (see migration 0006): exact on
/// both databases. The rules keep amounts within [`rules::properties::MONEY_MAX`], where a
/// thousandth survives the trip through a JSON number.
pub(super) fn to_thousandths(amount: f64) -> i64 {
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
        offering_type: vocabulary(row, "offering_type", OfferingType::ALL, OfferingType::value)?,
        rent_frequency: optional_vocabulary(row, "rent_frequency", RentFrequency::ALL, RentFrequency::value)?,
        latitude: row.try_get("latitude")?,
        longitude: row.try_get("longitude")?,
        location_approximate: db::flag(row, "location_approximate")?,
        permit_number: row.try_get("permit_number")?,
        permit_qr_image: row.try_get("permit_qr_image")?,
        permit_issued_at: row.try_get("permit_issued_at")?,
        permit_expires_at: row.try_get("permit_expires_at")?,
        contract_ends_at: row.try_get("contract_ends_at")?,
        publish_at: row.try_get("publish_at")?,
        unpublish_at: row.try_get("unpublish_at")?,
        completion_status: vocabulary(
            row,
            "completion_status",
            CompletionStatus::ALL,
            CompletionStatus::value,
        )?,
        category_name: row.try_get("category_name")?,
        category_name_ar: row.try_get("category_name_ar")?,
        type_name: row.try_get("type_name")?,
        type_name_ar: row.try_get("type_name_ar")?,
    })
}

/// The panel's record with each portal's verdict on it at `now` (its quality is scored once
/// its images are read).
pub(super) fn panel_from_row(row: &AnyRow, now: &str) -> Result<Property, sqlx::Error> {
    let mut property = Property {
        listing: read_listing(row)?,
        images: Vec::new(),
        agent_id: row.try_get("agent_id")?,
        version: row.try_get("version")?,
        advertising_authority: row.try_get("advertising_authority")?,
        quality: 0,
        publish_to: rules::portals::read_set(&row.try_get::<String, _>("publish_to")?),
        readiness: Vec::new(),
        blocked_for: Vec::new(),
    };
    let (images, agent_phone, mapped) = super::portals::facts(row)?;
    let authority = property.advertising_authority.clone();
    let context = readiness::Context { images, agent_phone, mapped, authority: authority.as_deref(), now };
    readiness::judge(&mut property, &context);
    Ok(property)
}

pub(super) fn public_from_row(row: &AnyRow) -> Result<PublicProperty, sqlx::Error> {
    let mut listing = read_listing(row)?;
    if listing.location_approximate {
        listing.latitude = listing.latitude.map(rules::geo::approximate);
        listing.longitude = listing.longitude.map(rules::geo::approximate);
    }
    let drop = price_drop(
        listing.price,
        row.try_get::<Option<i64>, _>("previous_price")?.map(from_thousandths),
        row.try_get("price_changed_at")?,
        clock::now_epoch(),
    );
    Ok(PublicProperty {
        previous_price: drop.as_ref().map(|(price, _)| *price),
        price_changed_at: drop.map(|(_, at)| at),
        listing,
        agent: match row.try_get::<Option<String>, _>("agent_name")? {
            Some(name) => Some(PublicAgent { name, license_number: row.try_get("agent_license_number")? }),
            None => None,
        },
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

/// The price before a drop within the last [`rules::properties::PRICE_DROP_DAYS`] days and
/// when it dropped, if the listing's last change of price was such a drop.
fn price_drop(
    price: f64,
    previous: Option<f64>,
    changed_at: Option<String>,
    now: i64,
) -> Option<(f64, String)> {
    let previous = previous.filter(|previous| *previous > price)?;
    let changed_at = changed_at?;
    let when = rules::advertising::epoch_of(&changed_at)?;
    (now - when <= rules::properties::PRICE_DROP_DAYS * 86_400).then_some((previous, changed_at))
}

/// The listing of an export's row (its names blank, see [`export_select`]).
pub(super) fn export_from_row(row: &AnyRow) -> Result<Listing, sqlx::Error> {
    read_listing(row)
}
