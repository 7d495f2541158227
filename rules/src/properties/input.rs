//! The comprehensive property form: its payload, defaults, duplicate transform and rules.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::checks::{
    below, check_images, check_offering, check_texts, check_year_built, not_positive, too_large,
};
use super::{COPY_SUFFIX_AR, COPY_SUFFIX_EN, MONEY_MAX};
use crate::advertising::Permit;
use crate::bounds::{UrlField, LISTING_IMAGES_MAX, LONG_TEXT_MAX, MEDIUM_TEXT_MAX, SHORT_TEXT_MAX, URL_MAX};
use crate::leads::is_instant;
use crate::lenient::null_as_default;
use crate::portals::{CompletionStatus, Portal};
use crate::vocabularies::{self, spelled, DisplayType, OfferingType, PropertyStatus, RentFrequency};
use crate::{messages, FieldErrors};

/// `POST /api/properties`, `PUT /api/properties/{id}`: the comprehensive property form.
///
/// Fields are declared in the order of the form's tabs (Basic Info, Details, Features,
/// Media, Financial), which is the order failing fields are reported in. The server keeps
/// id and timestamps; selected feature ids travel in their own call.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct PropertyInput {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub property_number: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_en: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_ar: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_en: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_ar: String,
    /// Absent reads as not given and fails like a negative price.
    #[schemars(range(min = 0, max = MONEY_MAX))]
    pub price: Option<f64>,
    /// One of the `currencies` vocabulary.
    #[serde(deserialize_with = "spelled::currency")]
    #[schemars(schema_with = "spelled::currency_schema")]
    pub currency: String,
    /// Square metres; absent reads as not given and fails like a negative area.
    pub area: Option<f64>,
    pub plot_area: Option<f64>,
    pub built_area: Option<f64>,
    #[serde(deserialize_with = "null_as_default")]
    #[schemars(with = "Option<i64>")]
    pub country_id: i64,
    #[serde(deserialize_with = "null_as_default")]
    #[schemars(with = "Option<i64>")]
    pub city_id: i64,
    pub region_id: Option<i64>,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub location_en: String,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub location_ar: String,
    /// One of the `continents` vocabulary, when given.
    #[serde(deserialize_with = "spelled::continent")]
    #[schemars(schema_with = "spelled::continent_schema")]
    pub continent: Option<String>,
    #[serde(deserialize_with = "null_as_default")]
    #[schemars(with = "Option<i64>")]
    pub category_id: i64,
    #[serde(deserialize_with = "null_as_default")]
    #[schemars(with = "Option<i64>")]
    pub type_id: i64,
    pub status: PropertyStatus,
    /// Sale (the default) or rent; `sold` fits a sale only and `rented` a rental only.
    pub offering_type: OfferingType,
    /// Required for a rental, whose price is per this period; a sale keeps none.
    pub rent_frequency: Option<RentFrequency>,
    pub display_type: DisplayType,
    /// One of the `orientations` vocabulary, when given.
    #[serde(deserialize_with = "spelled::orientation")]
    #[schemars(schema_with = "spelled::orientation_schema")]
    pub facing: Option<String>,
    pub is_featured: bool,
    /// The user responsible for the listing, who is handed its leads (issue 26).
    pub agent_id: Option<i64>,

    /// One of the `buildingTypes` vocabulary.
    #[serde(deserialize_with = "spelled::building_type")]
    #[schemars(schema_with = "spelled::building_type_schema")]
    pub building_type_new: String,
    pub year_built: Option<i32>,
    /// One of the `buildingConditions` vocabulary, when given.
    #[serde(deserialize_with = "spelled::building_condition")]
    #[schemars(schema_with = "spelled::building_condition_schema")]
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

    /// Image references: stored `/media/...` paths, uploads and accepted URLs.
    #[schemars(length(max = LISTING_IMAGES_MAX), inner(length(max = URL_MAX)))]
    pub images: Vec<String>,
    #[schemars(length(max = URL_MAX))]
    pub video_url: Option<String>,
    #[schemars(length(max = URL_MAX))]
    pub virtual_tour_url: Option<String>,

    #[schemars(range(min = -MONEY_MAX, max = MONEY_MAX))]
    pub maintenance_fee: Option<f64>,
    #[schemars(range(min = -MONEY_MAX, max = MONEY_MAX))]
    pub property_tax: Option<f64>,

    /// The map pin (WGS84 degrees): both or neither.
    #[schemars(range(min = -90, max = 90))]
    pub latitude: Option<f64>,
    #[schemars(range(min = -180, max = 180))]
    pub longitude: Option<f64>,
    /// Public reads round an approximate pin to about 500 m.
    pub location_approximate: bool,

    /// When public reads start showing the listing (an RFC 3339 instant); none is at once.
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub publish_at: Option<String>,
    /// When public reads stop showing it; none is never.
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub unpublish_at: Option<String>,

    /// The advertising permit (Trakheesi, ADREC) or licence (REGA) where the listing's
    /// place names an authority: an `active` listing there must hold a valid one.
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub permit_number: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub permit_issued_at: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub permit_expires_at: Option<String>,
    /// The end of the brokerage contract a REGA licence rests on.
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub contract_ends_at: Option<String>,
    /// The permit's QR code image, a stored `/media/...` path or an accepted URL.
    #[schemars(length(max = URL_MAX))]
    pub permit_qr_image: Option<String>,

    /// Where the listing is published (issue 41): none on create is the company's default
    /// set, none on update keeps the listing's.
    #[serde(deserialize_with = "crate::portals::deserialize_set")]
    pub publish_to: Option<Vec<Portal>>,
    /// Ready or off-plan, as the portals' feeds say it.
    pub completion_status: CompletionStatus,
}

/// What the rules need to know beyond the form to judge a listing's permit: the authority
/// of its place and the instant to judge expiry by.
#[derive(Debug, Clone, Copy, Default)]
pub struct PermitContext<'a> {
    pub authority: Option<&'a str>,
    pub now: Option<&'a str>,
}

impl PropertyInput {
    /// What the comprehensive form starts from (core §9): USD, active, public, the first
    /// country, city, category and type, every count 0.
    pub fn new_form() -> Self {
        Self {
            currency: "USD".into(),
            country_id: 1,
            city_id: 1,
            category_id: 1,
            type_id: 1,
            ..Self::default()
        }
    }

    /// The copy the Duplicate action saves (core §4): a blank property number and titles
    /// marked as copies. Id and timestamps are not part of the payload, so the copy has none.
    pub fn duplicate(&self) -> Self {
        Self {
            property_number: None,
            title_en: format!("{}{COPY_SUFFIX_EN}", self.title_en),
            title_ar: format!("{}{COPY_SUFFIX_AR}", self.title_ar),
            ..self.clone()
        }
    }

    /// The permit fields as the advertising rules read them.
    pub fn permit(&self) -> Permit<'_> {
        Permit {
            number: self.permit_number.as_deref(),
            issued_at: self.permit_issued_at.as_deref(),
            expires_at: self.permit_expires_at.as_deref(),
            contract_ends_at: self.contract_ends_at.as_deref(),
        }
    }

    fn room_counts(&self) -> [(&'static str, i32); 13] {
        [
            ("bedroom", self.bedroom),
            ("masterBedroom", self.master_bedroom),
            ("maidsRoom", self.maids_room),
            ("livingRoom", self.living_room),
            ("kitchen", self.kitchen),
            ("openKitchen", self.open_kitchen),
            ("serviceKitchen", self.service_kitchen),
            ("laundryRoom", self.laundry_room),
            ("bathroom", self.bathroom),
            ("balcony", self.balcony),
            ("terrace", self.terrace),
            ("guestRoom", self.guest_room),
            ("storage", self.storage),
        ]
    }
}

impl PropertyInput {
    /// Checks the form against the rules of core §5; `current_year` bounds yearBuilt (core
    /// §9) and is passed in because the rules read no clock (the browser build has none).
    pub fn validate_in_year(&self, current_year: i32) -> Result<(), FieldErrors> {
        self.validate_in(current_year, PermitContext::default())
    }

    /// [`Self::validate_in_year`], and the permit the place's authority requires at `now`
    /// when the context names both.
    pub fn validate_in(&self, current_year: i32, context: PermitContext<'_>) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.limit_short_optional(self.property_number.as_deref(), "propertyNumber");
        check_texts(
            &mut errors,
            [&self.title_en, &self.title_ar, &self.description_en, &self.description_ar],
        );
        errors.check(not_positive(self.price), "price", messages::PRICE_NOT_POSITIVE);
        errors.check(too_large(self.price), "price", messages::AMOUNT_TOO_LARGE);
        errors.require(&self.currency, "currency", messages::CURRENCY_REQUIRED);
        errors.check_listed(Some(&self.currency), vocabularies::CURRENCIES, "currency");
        errors.check(not_positive(self.area), "area", messages::AREA_NOT_POSITIVE);
        errors.check(self.country_id < 1, "countryId", messages::COUNTRY_REQUIRED);
        errors.check(self.city_id < 1, "cityId", messages::CITY_REQUIRED);
        errors.require(&self.location_en, "locationEn", messages::LOCATION_EN_REQUIRED);
        errors.limit_medium(Some(&self.location_en), "locationEn");
        errors.require(&self.location_ar, "locationAr", messages::LOCATION_AR_REQUIRED);
        errors.limit_medium(Some(&self.location_ar), "locationAr");
        errors.check_listed(self.continent.as_deref(), vocabularies::CONTINENTS, "continent");
        errors.check(self.category_id < 1, "categoryId", messages::CATEGORY_REQUIRED);
        errors.check(self.type_id < 1, "typeId", messages::PROPERTY_TYPE_REQUIRED);
        errors.check_listed(self.facing.as_deref(), vocabularies::ORIENTATIONS, "facing");

        errors.require(&self.building_type_new, "buildingTypeNew", messages::BUILDING_TYPE_REQUIRED);
        errors.check_listed(Some(&self.building_type_new), vocabularies::BUILDING_TYPES, "buildingTypeNew");
        errors.check_listed(
            self.building_condition.as_deref(),
            vocabularies::BUILDING_CONDITIONS,
            "buildingCondition",
        );
        check_year_built(&mut errors, self.year_built, current_year);
        errors.check(
            below(self.number_of_floors_in_building, 1),
            "numberOfFloorsInBuilding",
            messages::FLOORS_IN_BUILDING_TOO_SMALL,
        );
        errors.check(below(self.floor_number_unit, 0), "floorNumberUnit", messages::FLOOR_NUMBER_NEGATIVE);
        errors.check(
            below(self.apartments_per_floor, 1),
            "apartmentsPerFloor",
            messages::APARTMENTS_PER_FLOOR_TOO_SMALL,
        );
        errors.check(
            below(self.parking_spaces_available, 0),
            "parkingSpacesAvailable",
            messages::PARKING_SPACES_NEGATIVE,
        );
        for (field, count) in self.room_counts() {
            errors.check(count < 0, field, messages::COUNT_NEGATIVE);
        }
        check_images(&mut errors, &self.images);
        errors.check_url(self.video_url.as_deref(), UrlField::Link, "videoUrl");
        errors.check_url(self.virtual_tour_url.as_deref(), UrlField::Link, "virtualTourUrl");
        errors.check(too_large(self.maintenance_fee), "maintenanceFee", messages::AMOUNT_TOO_LARGE);
        errors.check(too_large(self.property_tax), "propertyTax", messages::AMOUNT_TOO_LARGE);
        check_offering(&mut errors, self.offering_type, self.rent_frequency, self.status);
        self.check_pin(&mut errors);
        self.check_window(&mut errors);
        errors.limit_short_optional(self.permit_number.as_deref(), "permitNumber");
        let permit = self.permit();
        permit.check_shape(&mut errors);
        if let (Some(authority), Some(now)) = (context.authority, context.now) {
            permit.check_for(&mut errors, authority, self.status, now);
        }
        errors.check_url(self.permit_qr_image.as_deref(), UrlField::ListingImage, "permitQrImage");
        errors.into_result()
    }

    fn check_pin(&self, errors: &mut FieldErrors) {
        let outside =
            |value: Option<f64>, limit: f64| value.is_some_and(|v| !v.is_finite() || v.abs() > limit);
        errors.check(outside(self.latitude, 90.0), "latitude", messages::LATITUDE_INVALID);
        errors.check(outside(self.longitude, 180.0), "longitude", messages::LONGITUDE_INVALID);
        errors.check(
            self.latitude.is_none() && self.longitude.is_some(),
            "latitude",
            messages::PIN_INCOMPLETE,
        );
        errors.check(
            self.longitude.is_none() && self.latitude.is_some(),
            "longitude",
            messages::PIN_INCOMPLETE,
        );
    }

    fn check_window(&self, errors: &mut FieldErrors) {
        fn given(value: &Option<String>) -> Option<&str> {
            value.as_deref().map(str::trim).filter(|v| !v.is_empty())
        }
        for (field, value) in [("publishAt", &self.publish_at), ("unpublishAt", &self.unpublish_at)] {
            errors.check(given(value).is_some_and(|v| !is_instant(v)), field, messages::DATE_TIME_INVALID);
        }
        let epoch = |value: &Option<String>| given(value).and_then(crate::advertising::epoch_of);
        if let (Some(start), Some(end)) = (epoch(&self.publish_at), epoch(&self.unpublish_at)) {
            errors.check(end <= start, "unpublishAt", messages::UNPUBLISH_BEFORE_PUBLISH);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_new_comprehensive_form_fails_only_on_what_the_user_must_type() {
        let errors = PropertyInput::new_form().validate_in_year(2026).err().unwrap_or_default();
        let fields: Vec<&str> = errors.iter().map(|(field, _)| field).collect();
        assert_eq!(
            fields,
            [
                "titleEn",
                "titleAr",
                "descriptionEn",
                "descriptionAr",
                "price",
                "area",
                "locationEn",
                "locationAr",
                "buildingTypeNew"
            ]
        );
    }

    #[test]
    fn a_duplicate_keeps_everything_but_number_and_titles() {
        let original = PropertyInput {
            property_number: Some("#12".into()),
            title_en: "Villa".into(),
            title_ar: "فيلا".into(),
            bedroom: 3,
            ..PropertyInput::new_form()
        };
        let copy = original.duplicate();
        assert_eq!(copy.property_number, None);
        assert_eq!(copy.title_en, "Villa (Copy)");
        assert_eq!(copy.title_ar, "فيلا (نسخة)");
        assert_eq!(copy.bedroom, 3);
    }
}
