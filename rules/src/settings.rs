//! Company settings: the company's details and the four statistics of the public site.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::bounds::{UrlField, LONG_TEXT_MAX, MEDIUM_TEXT_MAX, SHORT_TEXT_MAX};
use crate::{images, messages, FieldErrors, Validate};

/// What a statistic shows while its value is empty (core §9).
pub const STAT_PROPERTIES_DEFAULT: &str = "500";
pub const STAT_CONTINENTS_DEFAULT: &str = "6";
pub const STAT_CLIENTS_DEFAULT: &str = "1000";
pub const STAT_EXPERIENCE_DEFAULT: &str = "10";

/// `POST /api/settings`. Statistic values are stored as text; each statistic has a legacy,
/// an English and an Arabic label.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct SettingsInput {
    /// The legacy company name; the one required field.
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub company_name: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub company_name_en: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub company_name_ar: Option<String>,
    /// An inline image (data URL).
    pub company_logo: Option<String>,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub company_description: Option<String>,
    /// Checked as an e-mail address when given.
    pub contact_email: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub contact_phone: Option<String>,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub address: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_properties: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_properties_label: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_properties_label_en: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_properties_label_ar: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_continents: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_continents_label: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_continents_label_en: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_continents_label_ar: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_clients: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_clients_label: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_clients_label_en: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_clients_label_ar: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_experience: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_experience_label: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_experience_label_en: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub stat_experience_label_ar: Option<String>,
    /// The company's brokerage licence (ORN in Dubai, FAL in Saudi Arabia), shown on the
    /// public site (issue 39).
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub license_number: Option<String>,
    /// Who issued it: `DLD`, `ADREC`, `REGA` or another name.
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub license_authority: Option<String>,
}

impl SettingsInput {
    /// The same settings with every empty statistic value replaced by its default, as the
    /// settings page and the public site show them.
    pub fn with_statistic_defaults(mut self) -> Self {
        for (value, default) in [
            (&mut self.stat_properties, STAT_PROPERTIES_DEFAULT),
            (&mut self.stat_continents, STAT_CONTINENTS_DEFAULT),
            (&mut self.stat_clients, STAT_CLIENTS_DEFAULT),
            (&mut self.stat_experience, STAT_EXPERIENCE_DEFAULT),
        ] {
            if value.as_deref().is_none_or(|v| v.trim().is_empty()) {
                *value = Some(default.into());
            }
        }
        self
    }
}

impl SettingsInput {
    /// The sixteen statistic texts (values and labels), in payload order.
    fn statistics(&self) -> [(Option<&str>, &'static str); 16] {
        [
            (self.stat_properties.as_deref(), "statProperties"),
            (self.stat_properties_label.as_deref(), "statPropertiesLabel"),
            (self.stat_properties_label_en.as_deref(), "statPropertiesLabelEn"),
            (self.stat_properties_label_ar.as_deref(), "statPropertiesLabelAr"),
            (self.stat_continents.as_deref(), "statContinents"),
            (self.stat_continents_label.as_deref(), "statContinentsLabel"),
            (self.stat_continents_label_en.as_deref(), "statContinentsLabelEn"),
            (self.stat_continents_label_ar.as_deref(), "statContinentsLabelAr"),
            (self.stat_clients.as_deref(), "statClients"),
            (self.stat_clients_label.as_deref(), "statClientsLabel"),
            (self.stat_clients_label_en.as_deref(), "statClientsLabelEn"),
            (self.stat_clients_label_ar.as_deref(), "statClientsLabelAr"),
            (self.stat_experience.as_deref(), "statExperience"),
            (self.stat_experience_label.as_deref(), "statExperienceLabel"),
            (self.stat_experience_label_en.as_deref(), "statExperienceLabelEn"),
            (self.stat_experience_label_ar.as_deref(), "statExperienceLabelAr"),
        ]
    }
}

impl Validate for SettingsInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.require(&self.company_name, "companyName", messages::COMPANY_NAME_REQUIRED);
        errors.limit_short(&self.company_name, "companyName");
        errors.limit_short_optional(self.company_name_en.as_deref(), "companyNameEn");
        errors.limit_short_optional(self.company_name_ar.as_deref(), "companyNameAr");
        errors.limit_short_optional(self.license_number.as_deref(), "licenseNumber");
        errors.limit_short_optional(self.license_authority.as_deref(), "licenseAuthority");
        errors.check_url(self.company_logo.as_deref(), UrlField::Upload, "companyLogo");
        // Only inline data is measured; a stored logo is answered as a `/media` reference.
        let logo = self.company_logo.as_deref().filter(|logo| logo.starts_with("data:"));
        errors.check(
            logo.is_some_and(|logo| images::inline_image_bytes(logo) > images::LOGO_MAX_BYTES),
            "companyLogo",
            messages::LOGO_TOO_LARGE,
        );
        errors.limit_long(self.company_description.as_deref(), "companyDescription");
        errors.check_email(self.contact_email.as_deref(), "contactEmail", messages::SETTINGS_EMAIL_INVALID);
        errors.limit_short_optional(self.contact_phone.as_deref(), "contactPhone");
        errors.limit_medium(self.address.as_deref(), "address");
        for (value, field) in self.statistics() {
            errors.limit_short_optional(value, field);
        }
        errors.into_result()
    }
}
