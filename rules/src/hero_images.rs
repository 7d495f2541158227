//! Hero images: one banner per public-site page.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::bounds::{UrlField, MEDIUM_TEXT_MAX, SHORT_TEXT_MAX, URL_MAX};
use crate::vocabularies::HeroPage;
use crate::{messages, FieldErrors, Validate};

/// `POST /api/hero-images`, `PUT /api/hero-images/{id}`. One image per page: the page's
/// uniqueness is the server's to check, against the stored rows. The image is either
/// uploaded (`imageData`, a data URL) or linked (`imageUrl`); choosing one clears the other.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct HeroImageInput {
    pub page_name: Option<HeroPage>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_en: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_ar: String,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub subtitle_en: Option<String>,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub subtitle_ar: Option<String>,
    #[schemars(length(max = URL_MAX))]
    pub image_url: Option<String>,
    pub image_data: Option<String>,
    pub is_active: bool,
}

impl Default for HeroImageInput {
    fn default() -> Self {
        Self {
            page_name: None,
            title_en: String::new(),
            title_ar: String::new(),
            subtitle_en: None,
            subtitle_ar: None,
            image_url: None,
            image_data: None,
            is_active: true,
        }
    }
}

impl Validate for HeroImageInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.check(self.page_name.is_none(), "pageName", messages::FIELD_REQUIRED);
        errors.require(&self.title_en, "titleEn", messages::TITLE_EN_REQUIRED);
        errors.limit_short(&self.title_en, "titleEn");
        errors.require(&self.title_ar, "titleAr", messages::TITLE_AR_REQUIRED);
        errors.limit_short(&self.title_ar, "titleAr");
        errors.limit_medium(self.subtitle_en.as_deref(), "subtitleEn");
        errors.limit_medium(self.subtitle_ar.as_deref(), "subtitleAr");
        errors.check_url(self.image_url.as_deref(), UrlField::Link, "imageUrl");
        errors.check_url(self.image_data.as_deref(), UrlField::Upload, "imageData");
        errors.into_result()
    }
}
