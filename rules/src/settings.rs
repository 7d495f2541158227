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

/// The public website's colour (issue 40) while none is set: a deep teal on which white
/// text reads at 7:1.
pub const PRIMARY_COLOR_DEFAULT: &str = "#0f5c4d";
/// The least contrast of white text on the primary colour: WCAG AA for body text, so the
/// site's buttons and header stay readable whatever colour an agency picks.
pub const PRIMARY_COLOR_MIN_CONTRAST: f64 = 4.5;

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
    /// The public website's primary colour, `#rrggbb`; none: [`PRIMARY_COLOR_DEFAULT`].
    #[schemars(regex(pattern = r"^#[0-9a-fA-F]{6}$"))]
    pub primary_color: Option<String>,
    /// Where new listings are published unless their form says otherwise (issue 41); none
    /// keeps the current set, which starts as the website only.
    #[serde(deserialize_with = "crate::portals::deserialize_set")]
    pub default_publish_to: Option<Vec<crate::portals::Portal>>,
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
        if let Some(color) = self.primary_color.as_deref().filter(|color| !color.is_empty()) {
            match rgb_of(color) {
                None => errors.add("primaryColor", messages::PRIMARY_COLOR_INVALID),
                Some(rgb) => errors.check(
                    contrast_with_white(rgb) < PRIMARY_COLOR_MIN_CONTRAST,
                    "primaryColor",
                    messages::PRIMARY_COLOR_TOO_LIGHT,
                ),
            }
        }
        errors.into_result()
    }
}

/// The red, green and blue of a `#rrggbb` colour.
pub fn rgb_of(color: &str) -> Option<[u8; 3]> {
    let hex = color.strip_prefix('#').filter(|hex| hex.len() == 6 && hex.is_ascii())?;
    let channel = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

/// The WCAG contrast ratio of white on `rgb`, from 1 (white) to 21 (black).
pub fn contrast_with_white(rgb: [u8; 3]) -> f64 {
    let linear = |channel: u8| {
        let c = f64::from(channel) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let luminance = 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
    1.05 / (luminance + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_primary_colour_must_carry_white_text() {
        let with = |color: &str| SettingsInput {
            company_name: "Aqar".into(),
            primary_color: Some(color.into()),
            ..SettingsInput::default()
        };
        assert!(with(PRIMARY_COLOR_DEFAULT).validate().is_ok());
        assert!(with("#000000").validate().is_ok());
        let refused =
            |color: &str| with(color).validate().expect_err(color).get("primaryColor").map(str::to_owned);
        assert_eq!(refused("#ffff00").as_deref(), Some(messages::PRIMARY_COLOR_TOO_LIGHT));
        assert_eq!(refused("teal").as_deref(), Some(messages::PRIMARY_COLOR_INVALID));
        assert_eq!(refused("#12345g").as_deref(), Some(messages::PRIMARY_COLOR_INVALID));
        assert!((contrast_with_white([0, 0, 0]) - 21.0).abs() < 1e-9);
        assert!((contrast_with_white([255, 255, 255]) - 1.0).abs() < 1e-9);
    }
}
