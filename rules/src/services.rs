//! The Services page's three lists: services, process steps and client testimonials.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::bounds::{UrlField, LONG_TEXT_MAX, SHORT_TEXT_MAX};
use crate::{messages, FieldErrors, Validate};

/// Step number a new process step starts with, and the one an unreadable entry falls back to.
pub const STEP_NUMBER_DEFAULT: i32 = 1;
pub const RATING_MIN: i32 = 1;
pub const RATING_MAX: i32 = 5;
pub const RATING_DEFAULT: i32 = 5;

/// `POST /api/services`, `PUT /api/services/{id}`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ServiceInput {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_en: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_ar: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_en: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_ar: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub icon: String,
    pub display_order: i32,
    pub is_active: bool,
}

impl Default for ServiceInput {
    fn default() -> Self {
        Self {
            title_en: String::new(),
            title_ar: String::new(),
            description_en: String::new(),
            description_ar: String::new(),
            icon: String::new(),
            display_order: crate::numbers::DISPLAY_ORDER_DEFAULT,
            is_active: true,
        }
    }
}

impl Validate for ServiceInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        check_service(
            &mut errors,
            &self.title_en,
            &self.title_ar,
            &self.description_en,
            &self.description_ar,
            &self.icon,
        );
        errors.check(self.display_order < 0, "displayOrder", messages::DISPLAY_ORDER_NEGATIVE);
        errors.into_result()
    }
}

/// `POST /api/process-steps`, `PUT /api/process-steps/{id}`: a service plus its step number.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ProcessStepInput {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_en: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_ar: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_en: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_ar: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub icon: String,
    pub display_order: i32,
    pub is_active: bool,
    pub step_number: i32,
}

impl Default for ProcessStepInput {
    fn default() -> Self {
        Self {
            title_en: String::new(),
            title_ar: String::new(),
            description_en: String::new(),
            description_ar: String::new(),
            icon: String::new(),
            display_order: crate::numbers::DISPLAY_ORDER_DEFAULT,
            is_active: true,
            step_number: STEP_NUMBER_DEFAULT,
        }
    }
}

impl Validate for ProcessStepInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        check_service(
            &mut errors,
            &self.title_en,
            &self.title_ar,
            &self.description_en,
            &self.description_ar,
            &self.icon,
        );
        errors.check(self.display_order < 0, "displayOrder", messages::DISPLAY_ORDER_NEGATIVE);
        errors.check(self.step_number < 1, "stepNumber", messages::STEP_NUMBER_NOT_POSITIVE);
        errors.into_result()
    }
}

/// The text rules services and process steps share.
fn check_service(
    errors: &mut FieldErrors,
    title_en: &str,
    title_ar: &str,
    description_en: &str,
    description_ar: &str,
    icon: &str,
) {
    errors.require(title_en, "titleEn", messages::TITLE_EN_REQUIRED);
    errors.limit_short(title_en, "titleEn");
    errors.require(title_ar, "titleAr", messages::TITLE_AR_REQUIRED);
    errors.limit_short(title_ar, "titleAr");
    errors.require(description_en, "descriptionEn", messages::DESCRIPTION_EN_REQUIRED);
    errors.limit_long(Some(description_en), "descriptionEn");
    errors.require(description_ar, "descriptionAr", messages::DESCRIPTION_AR_REQUIRED);
    errors.limit_long(Some(description_ar), "descriptionAr");
    errors.require(icon, "icon", messages::ICON_REQUIRED);
    errors.limit_short(icon, "icon");
}

/// `POST /api/testimonials`, `PUT /api/testimonials/{id}`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct TestimonialInput {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub client_name_en: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub client_name_ar: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub client_position: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub client_company: Option<String>,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub testimonial_en: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub testimonial_ar: String,
    /// 1 to 5 stars.
    pub rating: i32,
    pub client_image: Option<String>,
    pub display_order: i32,
    pub is_active: bool,
}

impl Default for TestimonialInput {
    fn default() -> Self {
        Self {
            client_name_en: String::new(),
            client_name_ar: String::new(),
            client_position: None,
            client_company: None,
            testimonial_en: String::new(),
            testimonial_ar: String::new(),
            rating: RATING_DEFAULT,
            client_image: None,
            display_order: crate::numbers::DISPLAY_ORDER_DEFAULT,
            is_active: true,
        }
    }
}

impl Validate for TestimonialInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.require(&self.client_name_en, "clientNameEn", messages::CLIENT_NAME_EN_REQUIRED);
        errors.limit_short(&self.client_name_en, "clientNameEn");
        errors.require(&self.client_name_ar, "clientNameAr", messages::CLIENT_NAME_AR_REQUIRED);
        errors.limit_short(&self.client_name_ar, "clientNameAr");
        errors.limit_short_optional(self.client_position.as_deref(), "clientPosition");
        errors.limit_short_optional(self.client_company.as_deref(), "clientCompany");
        errors.require(&self.testimonial_en, "testimonialEn", messages::TESTIMONIAL_EN_REQUIRED);
        errors.limit_long(Some(&self.testimonial_en), "testimonialEn");
        errors.require(&self.testimonial_ar, "testimonialAr", messages::TESTIMONIAL_AR_REQUIRED);
        errors.limit_long(Some(&self.testimonial_ar), "testimonialAr");
        errors.check(self.rating < RATING_MIN, "rating", messages::RATING_TOO_LOW);
        errors.check(self.rating > RATING_MAX, "rating", messages::RATING_TOO_HIGH);
        errors.check_url(self.client_image.as_deref(), UrlField::Upload, "clientImage");
        errors.check(self.display_order < 0, "displayOrder", messages::DISPLAY_ORDER_NEGATIVE);
        errors.into_result()
    }
}
