//! Company values and the header of the values section that lists them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::bounds::{UrlField, LONG_TEXT_MAX, MEDIUM_TEXT_MAX, SHORT_TEXT_MAX, URL_MAX};
use crate::{messages, FieldErrors, Validate};

/// Icon class of a value nobody picked an icon for.
pub const DEFAULT_ICON_CLASS: &str = "fas fa-star";
pub const DEFAULT_SECTION_TITLE_EN: &str = "Our Values";
pub const DEFAULT_SECTION_TITLE_AR: &str = "قيمنا";
pub const DEFAULT_SECTION_SUBTITLE_EN: &str = "The principles that guide everything we do";
pub const DEFAULT_SECTION_SUBTITLE_AR: &str = "المبادئ التي توجه كل ما نقوم به";

/// `POST /api/company-values`, `PUT /api/company-values/{id}`. The image is uploaded
/// (`imageData`, a data URL) or linked (`imageUrl`); choosing one clears the other.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct CompanyValueInput {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_en: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_ar: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_en: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_ar: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub icon_class: Option<String>,
    #[schemars(length(max = URL_MAX))]
    pub image_url: Option<String>,
    pub image_data: Option<String>,
    pub display_order: i32,
    pub is_active: bool,
}

impl Default for CompanyValueInput {
    fn default() -> Self {
        Self {
            title_en: String::new(),
            title_ar: String::new(),
            description_en: String::new(),
            description_ar: String::new(),
            icon_class: Some(DEFAULT_ICON_CLASS.into()),
            image_url: None,
            image_data: None,
            display_order: crate::numbers::DISPLAY_ORDER_DEFAULT,
            is_active: true,
        }
    }
}

impl Validate for CompanyValueInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.require(&self.title_en, "titleEn", messages::TITLE_EN_REQUIRED);
        errors.limit_short(&self.title_en, "titleEn");
        errors.require(&self.title_ar, "titleAr", messages::TITLE_AR_REQUIRED);
        errors.limit_short(&self.title_ar, "titleAr");
        errors.require(&self.description_en, "descriptionEn", messages::DESCRIPTION_EN_REQUIRED);
        errors.limit_long(Some(&self.description_en), "descriptionEn");
        errors.require(&self.description_ar, "descriptionAr", messages::DESCRIPTION_AR_REQUIRED);
        errors.limit_long(Some(&self.description_ar), "descriptionAr");
        errors.limit_short_optional(self.icon_class.as_deref(), "iconClass");
        errors.check_url(self.image_url.as_deref(), UrlField::Link, "imageUrl");
        errors.check_url(self.image_data.as_deref(), UrlField::Upload, "imageData");
        errors.check(self.display_order < 0, "displayOrder", messages::DISPLAY_ORDER_NEGATIVE);
        errors.into_result()
    }
}

/// `PUT /api/values-section-settings`: the header of the public values section.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ValuesSectionSettingsInput {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_en: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_ar: String,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub subtitle_en: String,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub subtitle_ar: String,
    pub is_active: bool,
}

impl Default for ValuesSectionSettingsInput {
    fn default() -> Self {
        Self {
            title_en: String::new(),
            title_ar: String::new(),
            subtitle_en: String::new(),
            subtitle_ar: String::new(),
            is_active: true,
        }
    }
}

impl ValuesSectionSettingsInput {
    /// The header shown before anyone saved one (site §3, §9), and what the settings
    /// dialog starts from then.
    pub fn new_form() -> Self {
        Self {
            title_en: DEFAULT_SECTION_TITLE_EN.into(),
            title_ar: DEFAULT_SECTION_TITLE_AR.into(),
            subtitle_en: DEFAULT_SECTION_SUBTITLE_EN.into(),
            subtitle_ar: DEFAULT_SECTION_SUBTITLE_AR.into(),
            is_active: true,
        }
    }
}

impl Validate for ValuesSectionSettingsInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.require(&self.title_en, "titleEn", messages::SECTION_TITLE_EN_REQUIRED);
        errors.limit_short(&self.title_en, "titleEn");
        errors.require(&self.title_ar, "titleAr", messages::SECTION_TITLE_AR_REQUIRED);
        errors.limit_short(&self.title_ar, "titleAr");
        errors.require(&self.subtitle_en, "subtitleEn", messages::SECTION_SUBTITLE_EN_REQUIRED);
        errors.limit_medium(Some(&self.subtitle_en), "subtitleEn");
        errors.require(&self.subtitle_ar, "subtitleAr", messages::SECTION_SUBTITLE_AR_REQUIRED);
        errors.limit_medium(Some(&self.subtitle_ar), "subtitleAr");
        errors.into_result()
    }
}
