//! A listing's cells, one per column of `rules::properties::columns`, in its order.

use std::borrow::Cow;

use rules::properties::columns::{Column, FEATURE_SEPARATOR, IMAGE_SEPARATOR};

use super::super::store::export::{ExportedListing, Names};

/// What one cell holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell<'a> {
    Empty,
    Text(Cow<'a, str>),
    Number(f64),
    Boolean(bool),
}

/// Reads one column's cell of a listing.
pub type Reader = for<'a> fn(&'a ExportedListing) -> Cell<'a>;

fn text(text: &str) -> Cell<'_> {
    if text.is_empty() {
        Cell::Empty
    } else {
        Cell::Text(Cow::Borrowed(text))
    }
}

fn optional(value: Option<&str>) -> Cell<'_> {
    value.map_or(Cell::Empty, text)
}

fn number(value: Option<f64>) -> Cell<'static> {
    value.map_or(Cell::Empty, Cell::Number)
}

fn whole(value: Option<i32>) -> Cell<'static> {
    value.map_or(Cell::Empty, |n| Cell::Number(f64::from(n)))
}

fn count(value: i32) -> Cell<'static> {
    Cell::Number(f64::from(value))
}

fn english(names: Option<&std::sync::Arc<Names>>) -> Cell<'_> {
    optional(names.map(|n| n.en.as_str()))
}

fn arabic(names: Option<&std::sync::Arc<Names>>) -> Cell<'_> {
    optional(names.map(|n| n.ar.as_str()))
}

fn joined<'a>(parts: impl Iterator<Item = &'a str>, separator: &str) -> Cell<'a> {
    let joined: Vec<&str> = parts.collect();
    if joined.is_empty() {
        Cell::Empty
    } else {
        Cell::Text(Cow::Owned(joined.join(separator)))
    }
}

/// The reader of the column called `key`; `None` for a key this export does not know, which
/// a test rules out for every column of the list.
pub fn reader(key: &str) -> Option<Reader> {
    macro_rules! flag {
        ($field:ident) => {
            Some(|r| Cell::Boolean(r.listing.$field))
        };
    }
    macro_rules! rooms {
        ($field:ident) => {
            Some(|r| count(r.listing.$field))
        };
    }
    Some(match key {
        "propertyNumber" => |r| optional(r.listing.property_number.as_deref()),
        "titleEn" => |r| text(&r.listing.title_en),
        "titleAr" => |r| text(&r.listing.title_ar),
        "descriptionEn" => |r| text(&r.listing.description_en),
        "descriptionAr" => |r| text(&r.listing.description_ar),
        "price" => |r| Cell::Number(r.listing.price),
        "currency" => |r| text(&r.listing.currency),
        "area" => |r| number(r.listing.area),
        "plotArea" => |r| number(r.listing.plot_area),
        "builtArea" => |r| number(r.listing.built_area),
        "country" => |r| english(r.country.as_ref()),
        "countryAr" => |r| arabic(r.country.as_ref()),
        "city" => |r| english(r.city.as_ref()),
        "cityAr" => |r| arabic(r.city.as_ref()),
        "region" => |r| english(r.region.as_ref()),
        "regionAr" => |r| arabic(r.region.as_ref()),
        "locationEn" => |r| text(&r.listing.location_en),
        "locationAr" => |r| text(&r.listing.location_ar),
        "continent" => |r| optional(r.listing.continent.as_deref()),
        "category" => |r| text(&r.listing.category_name),
        "categoryAr" => |r| text(&r.listing.category_name_ar),
        "propertyType" => |r| text(&r.listing.type_name),
        "propertyTypeAr" => |r| text(&r.listing.type_name_ar),
        "status" => |r| text(r.listing.status.value()),
        "displayType" => |r| text(r.listing.display_type.value()),
        "facing" => |r| optional(r.listing.facing.as_deref()),
        "isFeatured" => return flag!(is_featured),
        "buildingTypeNew" => |r| optional(r.listing.building_type_new.as_deref()),
        "yearBuilt" => |r| whole(r.listing.year_built),
        "buildingCondition" => |r| optional(r.listing.building_condition.as_deref()),
        "numberOfFloorsInBuilding" => |r| whole(r.listing.number_of_floors_in_building),
        "floorNumberUnit" => |r| whole(r.listing.floor_number_unit),
        "apartmentsPerFloor" => |r| whole(r.listing.apartments_per_floor),
        "parkingSpacesAvailable" => |r| whole(r.listing.parking_spaces_available),
        "elevatorsAvailable" => return flag!(elevators_available),
        "fireSafetySystem" => return flag!(fire_safety_system),
        "hotelStyleEntrance" => return flag!(hotel_style_entrance),
        "bedroom" => return rooms!(bedroom),
        "masterBedroom" => return rooms!(master_bedroom),
        "maidsRoom" => return rooms!(maids_room),
        "livingRoom" => return rooms!(living_room),
        "kitchen" => return rooms!(kitchen),
        "openKitchen" => return rooms!(open_kitchen),
        "serviceKitchen" => return rooms!(service_kitchen),
        "laundryRoom" => return rooms!(laundry_room),
        "bathroom" => return rooms!(bathroom),
        "balcony" => return rooms!(balcony),
        "terrace" => return rooms!(terrace),
        "guestRoom" => return rooms!(guest_room),
        "storage" => return rooms!(storage),
        "parkingSpace" => return flag!(parking_space),
        "furnished" => return flag!(furnished),
        "fittedKitchen" => return flag!(fitted_kitchen),
        "kitchenWithAppliances" => return flag!(kitchen_with_appliances),
        "gasCentralHeating" => return flag!(gas_central_heating),
        "dieselCentralHeating" => return flag!(diesel_central_heating),
        "airConditioningUnit" => return flag!(air_conditioning_unit),
        "doubleGlazedAluminumWindows" => return flag!(double_glazed_aluminum_windows),
        "electricShutters" => return flag!(electric_shutters),
        "gasFireplace" => return flag!(gas_fireplace),
        "dieselFireplace" => return flag!(diesel_fireplace),
        "hasIntercom" => return flag!(has_intercom),
        "decoration" => return flag!(decoration),
        "smartHomeSystem" => return flag!(smart_home_system),
        "hasUnderfloorHeating" => return flag!(has_underfloor_heating),
        "hasCentralAC" => return flag!(has_central_ac),
        "panoramicView" => return flag!(panoramic_view),
        "securitySystemCCTVAlarm" => return flag!(security_system_cctv_alarm),
        "swimmingPoolSharedOrPrivate" => return flag!(swimming_pool_shared_or_private),
        "gymFitnessCenter" => return flag!(gym_fitness_center),
        "saunaJacuzzi" => return flag!(sauna_jacuzzi),
        "bbqArea" => return flag!(bbq_area),
        "kidsPlayArea" => return flag!(kids_play_area),
        "lobby" => return flag!(lobby),
        "privateElevator" => return flag!(private_elevator),
        "features" => |r| joined(r.features.iter().map(|f| f.en.as_str()), FEATURE_SEPARATOR),
        "featuresAr" => |r| joined(r.features.iter().map(|f| f.ar.as_str()), FEATURE_SEPARATOR),
        "images" => |r| joined(r.images.iter().map(String::as_str), IMAGE_SEPARATOR),
        "videoUrl" => |r| optional(r.listing.video_url.as_deref()),
        "virtualTourUrl" => |r| optional(r.listing.virtual_tour_url.as_deref()),
        "maintenanceFee" => |r| number(r.listing.maintenance_fee),
        "propertyTax" => |r| number(r.listing.property_tax),
        "offeringType" => |r| text(r.listing.offering_type.value()),
        "rentFrequency" => |r| optional(r.listing.rent_frequency.map(|f| f.value())),
        "completionStatus" => |r| text(r.listing.completion_status.value()),
        "latitude" => |r| number(r.listing.latitude),
        "longitude" => |r| number(r.listing.longitude),
        "locationApproximate" => return flag!(location_approximate),
        "publishAt" => |r| optional(r.listing.publish_at.as_deref()),
        "unpublishAt" => |r| optional(r.listing.unpublish_at.as_deref()),
        "permitNumber" => |r| optional(r.listing.permit_number.as_deref()),
        "permitIssuedAt" => |r| optional(r.listing.permit_issued_at.as_deref()),
        "permitExpiresAt" => |r| optional(r.listing.permit_expires_at.as_deref()),
        "contractEndsAt" => |r| optional(r.listing.contract_ends_at.as_deref()),
        "permitQrImage" => |r| optional(r.listing.permit_qr_image.as_deref()),
        _ => return None,
    })
}

/// The readers of `columns`, in order; `None` names the first column without one.
pub fn readers(columns: &[Column]) -> Result<Vec<Reader>, &'static str> {
    columns.iter().map(|c| reader(c.key).ok_or(c.key)).collect()
}

#[cfg(test)]
mod tests {
    use rules::properties::columns::COLUMNS;

    #[test]
    fn every_column_has_its_reader() {
        assert_eq!(super::readers(COLUMNS).map(|r| r.len()), Ok(COLUMNS.len()));
    }
}
