//! Team members shown on the public site.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::bounds::{UrlField, LONG_TEXT_MAX, SHORT_TEXT_MAX, SPECIALIZATIONS_MAX, URL_MAX};
use crate::{messages, FieldErrors, Validate};

/// `POST /api/team-members`, `PUT /api/team-members/{id}`. The form fills the Arabic
/// fields by copying the English ones, but the payload checks both.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct TeamMemberInput {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_en: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub name_ar: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub position_en: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub position_ar: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_en: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub description_ar: String,
    pub image_url: Option<String>,
    /// Years of experience.
    pub experience: i32,
    /// Checked as an e-mail address when given.
    pub email: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub phone: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub whatsapp: Option<String>,
    #[schemars(length(max = URL_MAX))]
    pub linkedin: Option<String>,
    #[schemars(length(max = URL_MAX))]
    pub twitter: Option<String>,
    pub display_order: i32,
    pub is_active: bool,
    /// Shown on the member's card (at most three, then '+N more').
    // At most 20 by the rules; no maxItems in the schema, as the TypeScript generator
    // would spell a list of up to 20 as 21 tuple types.
    #[schemars(inner(length(max = SHORT_TEXT_MAX)))]
    pub specializations: Vec<String>,
}

impl Default for TeamMemberInput {
    fn default() -> Self {
        Self {
            name_en: String::new(),
            name_ar: String::new(),
            position_en: String::new(),
            position_ar: String::new(),
            description_en: String::new(),
            description_ar: String::new(),
            image_url: None,
            experience: 0,
            email: None,
            phone: None,
            whatsapp: None,
            linkedin: None,
            twitter: None,
            display_order: crate::numbers::DISPLAY_ORDER_DEFAULT,
            is_active: true,
            specializations: Vec::new(),
        }
    }
}

impl Validate for TeamMemberInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.require(&self.name_en, "nameEn", messages::NAME_EN_REQUIRED);
        errors.limit_short(&self.name_en, "nameEn");
        errors.require(&self.name_ar, "nameAr", messages::NAME_AR_REQUIRED);
        errors.limit_short(&self.name_ar, "nameAr");
        errors.require(&self.position_en, "positionEn", messages::FIELD_REQUIRED);
        errors.limit_short(&self.position_en, "positionEn");
        errors.require(&self.position_ar, "positionAr", messages::FIELD_REQUIRED);
        errors.limit_short(&self.position_ar, "positionAr");
        errors.require(&self.description_en, "descriptionEn", messages::DESCRIPTION_EN_REQUIRED);
        errors.limit_long(Some(&self.description_en), "descriptionEn");
        errors.require(&self.description_ar, "descriptionAr", messages::DESCRIPTION_AR_REQUIRED);
        errors.limit_long(Some(&self.description_ar), "descriptionAr");
        errors.check_url(self.image_url.as_deref(), UrlField::Upload, "imageUrl");
        errors.check(self.experience < 0, "experience", messages::EXPERIENCE_NEGATIVE);
        errors.check_email(self.email.as_deref(), "email", messages::EMAIL_INVALID);
        errors.limit_short_optional(self.phone.as_deref(), "phone");
        errors.limit_short_optional(self.whatsapp.as_deref(), "whatsapp");
        errors.check_url(self.linkedin.as_deref(), UrlField::Link, "linkedin");
        errors.check_url(self.twitter.as_deref(), UrlField::Link, "twitter");
        errors.check(self.display_order < 0, "displayOrder", messages::DISPLAY_ORDER_NEGATIVE);
        errors.limit_list(
            &self.specializations,
            SPECIALIZATIONS_MAX,
            "specializations",
            messages::SPECIALIZATIONS_TOO_MANY,
        );
        for specialization in self.specializations.iter().take(SPECIALIZATIONS_MAX) {
            errors.limit_short(specialization, "specializations");
        }
        errors.into_result()
    }
}
