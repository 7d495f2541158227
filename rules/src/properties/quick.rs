//! The quick property form: its payload, defaults and rules.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::checks::{
    below, check_images, check_offering, check_texts, check_year_built, not_positive, too_large,
};
use super::MONEY_MAX;
use crate::bounds::{LISTING_IMAGES_MAX, LONG_TEXT_MAX, MEDIUM_TEXT_MAX, SHORT_TEXT_MAX, URL_MAX};
use crate::lenient::null_as_default;
use crate::vocabularies::{self, spelled, DisplayType, OfferingType, PropertyStatus, RentFrequency};
use crate::{messages, FieldErrors};

/// The quick property form, the simpler one (English and Arabic tabs, basic fields, room counts,
/// feature checkboxes, image upload). It posts to the same calls as [`PropertyInput`].
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct QuickPropertyInput {
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
    #[schemars(range(min = 0, max = MONEY_MAX))]
    pub price: Option<f64>,
    #[serde(deserialize_with = "spelled::currency")]
    #[schemars(schema_with = "spelled::currency_schema")]
    pub currency: String,
    /// Optional in this form; at least 0 when given.
    pub area: Option<f64>,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub location_en: String,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub location_ar: String,
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
    /// As on the comprehensive form.
    pub offering_type: OfferingType,
    pub rent_frequency: Option<RentFrequency>,
    pub display_type: DisplayType,
    pub is_featured: bool,
    pub year_built: Option<i32>,
    pub building_age: Option<i32>,
    pub floor: Option<i32>,
    pub total_floors: Option<i32>,
    pub parking_spaces: i32,
    pub bedrooms: i32,
    pub bathrooms: i32,
    pub has_balcony: bool,
    pub has_garden: bool,
    pub has_elevator: bool,
    pub has_swimming_pool: bool,
    pub has_gym: bool,
    pub has_security: bool,
    pub pets_allowed: bool,
    pub parking_space: bool,
    pub furnished: bool,
    #[schemars(length(max = LISTING_IMAGES_MAX), inner(length(max = URL_MAX)))]
    pub images: Vec<String>,
}

impl QuickPropertyInput {
    /// What the quick form starts from (core §9): JOD, Asia, active, public, counts 0.
    pub fn new_form() -> Self {
        Self { currency: "JOD".into(), continent: Some("Asia".into()), ..Self::default() }
    }

    /// Checks the form against the rules of core §5; `current_year` bounds yearBuilt.
    pub fn validate_in_year(&self, current_year: i32) -> Result<(), FieldErrors> {
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
        errors.check(self.area.is_some_and(|a| a < 0.0), "area", messages::AREA_NOT_POSITIVE);
        errors.require(&self.location_en, "locationEn", messages::LOCATION_EN_REQUIRED);
        errors.limit_medium(Some(&self.location_en), "locationEn");
        errors.require(&self.location_ar, "locationAr", messages::LOCATION_AR_REQUIRED);
        errors.limit_medium(Some(&self.location_ar), "locationAr");
        errors.check_listed(self.continent.as_deref(), vocabularies::CONTINENTS, "continent");
        errors.check(self.category_id < 1, "categoryId", messages::CATEGORY_REQUIRED);
        errors.check(self.type_id < 1, "typeId", messages::PROPERTY_TYPE_REQUIRED);
        check_year_built(&mut errors, self.year_built, current_year);
        errors.check(below(self.floor, 0), "floor", messages::FLOOR_NEGATIVE);
        errors.check(below(self.total_floors, 1), "totalFloors", messages::TOTAL_FLOORS_TOO_SMALL);
        errors.check(self.parking_spaces < 0, "parkingSpaces", messages::PARKING_SPACES_NEGATIVE);
        errors.check(self.bedrooms < 0, "bedrooms", messages::BEDROOMS_NEGATIVE);
        errors.check(self.bathrooms < 0, "bathrooms", messages::BATHROOMS_NEGATIVE);
        check_images(&mut errors, &self.images);
        check_offering(&mut errors, self.offering_type, self.rent_frequency, self.status);
        errors.into_result()
    }
}
