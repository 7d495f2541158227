//! Reference data a listing points at: categories, property types, locations (country,
//! city, region) and selectable property features.
//!
//! The schemas name the required fields, though an absent field parses as blank: the rules
//! then answer with their own messages rather than a parse error.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::bounds::{UrlField, LONG_TEXT_MAX, SHORT_TEXT_MAX};
use crate::field_errors::VISIBLE_TEXT;
use crate::lenient::null_as_default;
use crate::vocabularies::FeatureCategory;
use crate::{messages, FieldErrors, Validate};

/// Icon a new property feature starts with (site §2).
pub const NEW_FEATURE_ICON: &str = "fi fi-rr-star";

/// `POST /api/categories`, `PUT /api/categories/{id}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[schemars(extend("required" = ["nameEn", "nameAr"]))]
#[serde(rename_all = "camelCase", default)]
pub struct CategoryInput {
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_en: String,
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_ar: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_en: Option<String>,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_ar: Option<String>,
    /// An inline data URL or an image reference.
    pub image_url: Option<String>,
}

impl Validate for CategoryInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = names(&self.name_en, &self.name_ar);
        errors.limit_long(self.description_en.as_deref(), "descriptionEn");
        errors.limit_long(self.description_ar.as_deref(), "descriptionAr");
        errors.check_url(self.image_url.as_deref(), UrlField::Upload, "imageUrl");
        errors.into_result()
    }
}

/// `POST /api/property-types`, `PUT /api/property-types/{id}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[schemars(extend("required" = ["nameEn", "nameAr"]))]
#[serde(rename_all = "camelCase", default)]
pub struct PropertyTypeInput {
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_en: String,
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_ar: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_en: Option<String>,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_ar: Option<String>,
}

impl Validate for PropertyTypeInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = names(&self.name_en, &self.name_ar);
        errors.limit_long(self.description_en.as_deref(), "descriptionEn");
        errors.limit_long(self.description_ar.as_deref(), "descriptionAr");
        errors.into_result()
    }
}

/// `POST /api/countries`, `PUT /api/countries/{id}`. The code's uniqueness is the server's
/// to check, against the stored rows.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[schemars(extend("required" = ["nameEn", "nameAr", "code"]))]
#[serde(rename_all = "camelCase", default)]
pub struct CountryInput {
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_en: String,
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_ar: String,
    /// Short code such as 'JO'.
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub code: String,
    /// Who regulates property advertising here (issue 39): `DLD`, `ADREC`, `REGA` or
    /// another name; none when absent or blank. The closest of region, city and country wins.
    #[serde(default)]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub advertising_authority: Option<String>,
}

impl Validate for CountryInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = names(&self.name_en, &self.name_ar);
        errors.require(&self.code, "code", messages::FIELD_REQUIRED);
        errors.limit_short(&self.code, "code");
        errors.limit_short_optional(self.advertising_authority.as_deref(), "advertisingAuthority");
        errors.into_result()
    }
}

/// `POST /api/cities`, `PUT /api/cities/{id}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[schemars(extend("required" = ["nameEn", "nameAr", "countryId"]))]
#[serde(rename_all = "camelCase", default)]
pub struct CityInput {
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_en: String,
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_ar: String,
    #[serde(deserialize_with = "null_as_default")]
    #[schemars(range(min = 1))]
    pub country_id: i64,
    /// Who regulates property advertising here (issue 39): `DLD`, `ADREC`, `REGA` or
    /// another name; none when absent or blank. The closest of region, city and country wins.
    #[serde(default)]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub advertising_authority: Option<String>,
}

impl Validate for CityInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = names(&self.name_en, &self.name_ar);
        errors.check(self.country_id < 1, "countryId", messages::COUNTRY_REQUIRED);
        errors.limit_short_optional(self.advertising_authority.as_deref(), "advertisingAuthority");
        errors.into_result()
    }
}

/// `POST /api/regions`, `PUT /api/regions/{id}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[schemars(extend("required" = ["nameEn", "nameAr", "cityId"]))]
#[serde(rename_all = "camelCase", default)]
pub struct RegionInput {
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_en: String,
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_ar: String,
    #[serde(deserialize_with = "null_as_default")]
    #[schemars(range(min = 1))]
    pub city_id: i64,
    /// Who regulates property advertising here (issue 39): `DLD`, `ADREC`, `REGA` or
    /// another name; none when absent or blank. The closest of region, city and country wins.
    #[serde(default)]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub advertising_authority: Option<String>,
}

impl Validate for RegionInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = names(&self.name_en, &self.name_ar);
        errors.check(self.city_id < 1, "cityId", messages::CITY_REQUIRED);
        errors.limit_short_optional(self.advertising_authority.as_deref(), "advertisingAuthority");
        errors.into_result()
    }
}

/// `POST /api/property-features`, `PUT /api/property-features/{id}`. The category is one
/// of luxury, amenities or general by its type.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[schemars(extend("required" = ["nameEn", "nameAr"]))]
#[serde(rename_all = "camelCase", default)]
pub struct PropertyFeatureInput {
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_en: String,
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_ar: String,
    #[schemars(pattern(VISIBLE_TEXT))]
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub icon: String,
    pub category: FeatureCategory,
    pub is_active: bool,
    #[schemars(range(min = 0))]
    pub display_order: i32,
}

impl Default for PropertyFeatureInput {
    /// A new feature (site §2): the star icon, the general category, active.
    fn default() -> Self {
        Self {
            name_en: String::new(),
            name_ar: String::new(),
            icon: NEW_FEATURE_ICON.into(),
            category: FeatureCategory::General,
            is_active: true,
            display_order: crate::numbers::DISPLAY_ORDER_DEFAULT,
        }
    }
}

impl Validate for PropertyFeatureInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = names(&self.name_en, &self.name_ar);
        errors.require(&self.icon, "icon", messages::ICON_REQUIRED);
        errors.limit_short(&self.icon, "icon");
        errors.check(self.display_order < 0, "displayOrder", messages::DISPLAY_ORDER_NEGATIVE);
        errors.into_result()
    }
}

/// The English and Arabic name rules every catalog entry shares.
fn names(name_en: &str, name_ar: &str) -> FieldErrors {
    let mut errors = FieldErrors::new();
    errors.require(name_en, "nameEn", messages::NAME_EN_REQUIRED);
    errors.limit_short(name_en, "nameEn");
    errors.require(name_ar, "nameAr", messages::NAME_AR_REQUIRED);
    errors.limit_short(name_ar, "nameAr");
    errors
}
