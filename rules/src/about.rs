//! About-page sections (story, mission, values) and the values-section editor that writes
//! one values section per value.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::bounds::{Text, UrlField, LONG_TEXT_MAX, MEDIUM_TEXT_MAX, SHORT_TEXT_MAX, URL_MAX, VALUES_MAX};
use crate::vocabularies::AboutSectionType;
use crate::{images, messages, FieldErrors, Validate};

/// Icon class examples the about-section editor offers as placeholders.
pub const ICON_EXAMPLES: [&str; 2] = ["fas fa-home", "fas fa-play"];

/// `POST /api/about-sections`, `PUT /api/about-sections/{id}`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct AboutSectionInput {
    pub section_type: Option<AboutSectionType>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_en: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_ar: String,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub subtitle_en: Option<String>,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub subtitle_ar: Option<String>,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub content_en: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub content_ar: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub icon_class: Option<String>,
    #[schemars(length(max = URL_MAX))]
    pub image_url: Option<String>,
    /// An uploaded image as a data URL; at most 5 MB of image.
    pub image_data: Option<String>,
    pub order_index: i32,
    pub is_active: bool,
}

impl Default for AboutSectionInput {
    fn default() -> Self {
        Self {
            section_type: None,
            title_en: String::new(),
            title_ar: String::new(),
            subtitle_en: None,
            subtitle_ar: None,
            content_en: String::new(),
            content_ar: String::new(),
            icon_class: None,
            image_url: None,
            image_data: None,
            order_index: 0,
            is_active: true,
        }
    }
}

impl Validate for AboutSectionInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.check(self.section_type.is_none(), "sectionType", messages::FIELD_REQUIRED);
        errors.require(&self.title_en, "titleEn", messages::TITLE_EN_REQUIRED);
        errors.limit_short(&self.title_en, "titleEn");
        errors.require(&self.title_ar, "titleAr", messages::TITLE_AR_REQUIRED);
        errors.limit_short(&self.title_ar, "titleAr");
        errors.limit_medium(self.subtitle_en.as_deref(), "subtitleEn");
        errors.limit_medium(self.subtitle_ar.as_deref(), "subtitleAr");
        errors.require(&self.content_en, "contentEn", messages::FIELD_REQUIRED);
        errors.limit_long(Some(&self.content_en), "contentEn");
        errors.require(&self.content_ar, "contentAr", messages::FIELD_REQUIRED);
        errors.limit_long(Some(&self.content_ar), "contentAr");
        errors.limit_short_optional(self.icon_class.as_deref(), "iconClass");
        errors.check_url(self.image_url.as_deref(), UrlField::Link, "imageUrl");
        errors.check_url(self.image_data.as_deref(), UrlField::Upload, "imageData");
        errors.check(
            images::section_image_too_large(self.image_data.as_deref()),
            "imageData",
            messages::IMAGE_TOO_LARGE,
        );
        errors.into_result()
    }
}

/// One value in the values-section editor.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ValueItem {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_en: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub title_ar: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub content_en: String,
    #[schemars(length(max = LONG_TEXT_MAX))]
    pub content_ar: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub icon_class: Option<String>,
    #[schemars(length(max = URL_MAX))]
    pub image_url: Option<String>,
    pub image_data: Option<String>,
}

/// The values-section editor of the About page: a header and the list of values, sent whole
/// to `PUT /api/about-sections/values`; [`ValuesSectionForm::to_about_sections`] turns it into
/// the sections saved.
///
/// Errors of a value are keyed `values.{index}.{field}` (index from 0), after the header's.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ValuesSectionForm {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub section_title_en: String,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub section_title_ar: String,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub section_subtitle_en: String,
    #[schemars(length(max = MEDIUM_TEXT_MAX))]
    pub section_subtitle_ar: String,
    // At most 20 by the rules; no maxItems in the schema, as the TypeScript generator
    // would spell a list of up to 20 as 21 tuple types.
    pub values: Vec<ValueItem>,
}

impl ValuesSectionForm {
    /// What the editor opens with: the default header and one empty value (the last value
    /// cannot be removed, so there is always one).
    pub fn new_form() -> Self {
        let header = crate::company_values::ValuesSectionSettingsInput::new_form();
        Self {
            section_title_en: header.title_en,
            section_title_ar: header.title_ar,
            section_subtitle_en: header.subtitle_en,
            section_subtitle_ar: header.subtitle_ar,
            values: vec![ValueItem::default()],
        }
    }

    /// The about sections saved for this form, in order (site §7): type values, orderIndex
    /// 1..n, active. The first carries the section title and subtitle; each later one its
    /// own title, repeated as its subtitle.
    pub fn to_about_sections(&self) -> Vec<AboutSectionInput> {
        self.values
            .iter()
            .zip(1..)
            .map(|(value, order_index)| {
                let first = order_index == 1;
                let pick = |section: &str, own: &str| if first { section.to_owned() } else { own.to_owned() };
                AboutSectionInput {
                    section_type: Some(AboutSectionType::Values),
                    title_en: pick(&self.section_title_en, &value.title_en),
                    title_ar: pick(&self.section_title_ar, &value.title_ar),
                    subtitle_en: Some(pick(&self.section_subtitle_en, &value.title_en)),
                    subtitle_ar: Some(pick(&self.section_subtitle_ar, &value.title_ar)),
                    content_en: value.content_en.clone(),
                    content_ar: value.content_ar.clone(),
                    icon_class: value.icon_class.clone(),
                    image_url: value.image_url.clone(),
                    image_data: value.image_data.clone(),
                    order_index,
                    is_active: true,
                }
            })
            .collect()
    }
}

impl Validate for ValuesSectionForm {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.require(&self.section_title_en, "sectionTitleEn", messages::SECTION_TITLE_EN_REQUIRED);
        errors.limit_short(&self.section_title_en, "sectionTitleEn");
        errors.require(&self.section_title_ar, "sectionTitleAr", messages::SECTION_TITLE_AR_REQUIRED);
        errors.limit_short(&self.section_title_ar, "sectionTitleAr");
        errors.require(
            &self.section_subtitle_en,
            "sectionSubtitleEn",
            messages::SECTION_SUBTITLE_EN_REQUIRED,
        );
        errors.limit_medium(Some(&self.section_subtitle_en), "sectionSubtitleEn");
        errors.require(
            &self.section_subtitle_ar,
            "sectionSubtitleAr",
            messages::SECTION_SUBTITLE_AR_REQUIRED,
        );
        errors.limit_medium(Some(&self.section_subtitle_ar), "sectionSubtitleAr");
        errors.check(self.values.is_empty(), "values", messages::VALUES_REQUIRED);
        errors.limit_list(&self.values, VALUES_MAX, "values", messages::VALUES_TOO_MANY);
        for (index, value) in self.values.iter().take(VALUES_MAX).enumerate() {
            let texts = [
                (value.title_en.as_str(), "titleEn", messages::TITLE_EN_REQUIRED, Text::Short),
                (value.title_ar.as_str(), "titleAr", messages::TITLE_AR_REQUIRED, Text::Short),
                (value.content_en.as_str(), "contentEn", messages::DESCRIPTION_EN_REQUIRED, Text::Long),
                (value.content_ar.as_str(), "contentAr", messages::DESCRIPTION_AR_REQUIRED, Text::Long),
            ];
            for (text, field, message, length) in texts {
                if text.trim().is_empty() {
                    errors.add(format!("values.{index}.{field}"), message);
                }
                errors.limit_text(Some(text), length, format!("values.{index}.{field}"));
            }
            errors.limit_text(value.icon_class.as_deref(), Text::Short, format!("values.{index}.iconClass"));
            errors.check_url(value.image_url.as_deref(), UrlField::Link, format!("values.{index}.imageUrl"));
            errors.check_url(
                value.image_data.as_deref(),
                UrlField::Upload,
                format!("values.{index}.imageData"),
            );
            if images::section_image_too_large(value.image_data.as_deref()) {
                errors.add(format!("values.{index}.imageData"), messages::IMAGE_TOO_LARGE);
            }
        }
        errors.into_result()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::images::SECTION_IMAGE_MAX_BYTES;

    /// A base64 data URL whose image has exactly `bytes` bytes (a multiple of 3).
    fn inline_image(bytes: u64) -> String {
        format!("data:image/png;base64,{}", "AAAA".repeat((bytes / 3) as usize))
    }

    fn section_with(image_data: String) -> AboutSectionInput {
        AboutSectionInput {
            section_type: Some(AboutSectionType::Story),
            title_en: "Our Story".into(),
            title_ar: "قصتنا".into(),
            content_en: "Since 2005".into(),
            content_ar: "منذ 2005".into(),
            image_data: Some(image_data),
            ..AboutSectionInput::default()
        }
    }

    #[test]
    fn an_inline_section_image_of_5_mb_is_accepted_and_larger_refused() {
        let limit = SECTION_IMAGE_MAX_BYTES - SECTION_IMAGE_MAX_BYTES % 3;
        assert_eq!(section_with(inline_image(limit)).validate(), Ok(()));
        let errors = section_with(inline_image(limit + 3)).validate().err().unwrap_or_default();
        assert_eq!(errors.get("imageData"), Some(messages::IMAGE_TOO_LARGE));
    }

    #[test]
    fn a_value_image_over_5_mb_is_reported_under_its_index() {
        let value = ValueItem {
            title_en: "Trust".into(),
            title_ar: "الثقة".into(),
            content_en: "First".into(),
            content_ar: "أولاً".into(),
            image_data: Some(inline_image(SECTION_IMAGE_MAX_BYTES + 3)),
            ..ValueItem::default()
        };
        let form = ValuesSectionForm { values: vec![value], ..ValuesSectionForm::new_form() };
        let errors = form.validate().err().unwrap_or_default();
        assert_eq!(errors.iter().collect::<Vec<_>>(), [("values.0.imageData", messages::IMAGE_TOO_LARGE)]);
    }
}
