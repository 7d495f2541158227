//! Cross-screen constants of both §9 sections, and the one object through which the
//! browser reads every constant and default, so none is spelled twice.

use schemars::JsonSchema;
use serde::Serialize;

use crate::about::{AboutSectionInput, ValuesSectionForm, ICON_EXAMPLES};
use crate::catalog::{
    CategoryInput, CityInput, CountryInput, PropertyFeatureInput, PropertyTypeInput, RegionInput,
    NEW_FEATURE_ICON,
};
use crate::company_values::{CompanyValueInput, ValuesSectionSettingsInput, DEFAULT_ICON_CLASS};
use crate::contacts::ContactRequestInput;
use crate::hero_images::HeroImageInput;
use crate::properties::{PropertyInput, QuickPropertyInput, COPY_SUFFIX_AR, COPY_SUFFIX_EN, YEAR_BUILT_MIN};
use crate::services::{
    ProcessStepInput, ServiceInput, TestimonialInput, RATING_DEFAULT, RATING_MAX, RATING_MIN,
    STEP_NUMBER_DEFAULT,
};
use crate::settings::{
    PRIMARY_COLOR_DEFAULT, STAT_CLIENTS_DEFAULT, STAT_CONTINENTS_DEFAULT, STAT_EXPERIENCE_DEFAULT,
    STAT_PROPERTIES_DEFAULT,
};
use crate::team::TeamMemberInput;
use crate::text::{ELLIPSIS, LOCATION_SEPARATOR_AR, LOCATION_SEPARATOR_EN, TRUNCATE_LENGTH};
use crate::users::{
    AccountInput, UserCreateInput, ADMIN_ROLE, DEFAULT_ROLE, PASSWORD_MIN_LENGTH, PROTECTED_USER_ID,
};
use crate::{bounds, export, images, numbers};

const SECOND_MS: u64 = 1000;
const MINUTE_MS: u64 = 60 * SECOND_MS;

/// Rows per table page.
pub const PAGE_SIZE: u32 = 10;
/// Dashboard: properties shown, inquiries shown, and the slice of inquiries they come from.
pub const DASHBOARD_PROPERTIES: u32 = 3;
pub const DASHBOARD_INQUIRIES: u32 = 3;
pub const DASHBOARD_INQUIRY_SLICE: u32 = 5;
/// Days a deleted record stays in the trash before it is purged (`AQAR_TRASH_DAYS`'s default).
pub const TRASH_DAYS: u32 = 30;
/// Specializations a team card lists before '+N more'.
pub const TEAM_SPECIALIZATIONS_SHOWN: u32 = 3;

pub const TOAST_LIMIT: u32 = 1;
pub const TOAST_DURATION_MS: u64 = 5000;
pub const TOAST_SWIPE_THRESHOLD_PX: u32 = 50;
pub const TOAST_HOTKEY: &str = "F8";
/// A dismissed toast is removed this long after it closes.
pub const TOAST_REMOVE_DELAY_MS: u64 = 1_000_000;

pub const SIDEBAR_COLLAPSED_PX: u32 = 64;
pub const SIDEBAR_EXPANDED_PX: u32 = 288;
pub const TOOLTIP_DELAY_MS: u64 = 700;
pub const SIDEBAR_TOOLTIP_DELAY_MS: u64 = 300;
pub const TOOLTIP_SKIP_DELAY_MS: u64 = 300;

/// The stats call is the one query refetched on an interval.
pub const STATS_REFETCH_MS: u64 = 30 * SECOND_MS;
/// How long an unused query result is kept, unless a list says otherwise.
pub const CACHE_RETENTION_MS: u64 = 5 * MINUTE_MS;
/// How long each list counts as fresh (and, for locations, how long it is kept).
pub const PROPERTIES_FRESH_MS: u64 = 30 * SECOND_MS;
pub const CATALOG_FRESH_MS: u64 = MINUTE_MS;
/// Categories and types read inside the property form.
pub const FORM_CATALOG_FRESH_MS: u64 = 5 * MINUTE_MS;
/// The specifications say "a few minutes" for features.
pub const FEATURES_FRESH_MS: u64 = 5 * MINUTE_MS;
pub const COUNTRIES_FRESH_MS: u64 = 10 * MINUTE_MS;
pub const COUNTRIES_RETENTION_MS: u64 = 30 * MINUTE_MS;
pub const CITIES_REGIONS_FRESH_MS: u64 = 5 * MINUTE_MS;
pub const CITIES_REGIONS_RETENTION_MS: u64 = 15 * MINUTE_MS;

/// The largest video the property form uploads (`POST /api/upload-video`), 200 MB: a few
/// minutes of phone video at 1080p. The server reads the upload to disk and stores it in
/// 1 MiB parts, so the limit bounds disk and database use, not memory.
pub const VIDEO_MAX_BYTES: u64 = 200 * 1024 * 1024;

/// Category names the add-property page preselects, matched without regard to case.
pub const INVESTMENT_CATEGORY_NAME: &str = "investment";
pub const SALE_CATEGORY_NAME: &str = "residential";

/// Every constant and default the browser reads, keyed by camelCase names.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Constants {
    pub page_size: u32,
    pub truncate_length: usize,
    pub ellipsis: &'static str,
    pub dashboard_properties: u32,
    pub dashboard_inquiries: u32,
    pub dashboard_inquiry_slice: u32,
    pub team_specializations_shown: u32,
    /// The days the trash keeps a record unless the server is set otherwise (`AQAR_TRASH_DAYS`).
    pub trash_days: u32,
    pub toast_limit: u32,
    pub toast_duration_ms: u64,
    pub toast_swipe_threshold_px: u32,
    pub toast_hotkey: &'static str,
    pub toast_remove_delay_ms: u64,
    pub sidebar_collapsed_px: u32,
    pub sidebar_expanded_px: u32,
    pub tooltip_delay_ms: u64,
    pub sidebar_tooltip_delay_ms: u64,
    pub tooltip_skip_delay_ms: u64,
    pub stats_refetch_ms: u64,
    pub cache_retention_ms: u64,
    pub properties_fresh_ms: u64,
    pub catalog_fresh_ms: u64,
    pub form_catalog_fresh_ms: u64,
    pub features_fresh_ms: u64,
    pub countries_fresh_ms: u64,
    pub countries_retention_ms: u64,
    pub cities_regions_fresh_ms: u64,
    pub cities_regions_retention_ms: u64,
    pub category_image_max_bytes: u64,
    pub logo_max_bytes: u64,
    pub hero_image_max_bytes: u64,
    pub team_image_max_bytes: u64,
    pub section_image_max_bytes: u64,
    pub video_max_bytes: u64,
    pub year_built_min: i32,
    pub rating_min: i32,
    pub rating_max: i32,
    pub rating_default: i32,
    pub step_number_default: i32,
    pub display_order_default: i32,
    pub default_role: &'static str,
    pub admin_role: &'static str,
    pub protected_user_id: i64,
    pub password_min_length: usize,
    pub feature_icon_default: &'static str,
    pub company_value_icon_default: &'static str,
    pub about_icon_examples: [&'static str; 2],
    pub copy_suffix_en: &'static str,
    pub copy_suffix_ar: &'static str,
    pub location_separator_en: &'static str,
    pub location_separator_ar: &'static str,
    pub export_rolling_window_days: i64,
    pub investment_category_name: &'static str,
    pub sale_category_name: &'static str,
    /// What each statistic shows while its value is empty.
    pub statistic_defaults: StatisticDefaults,
    /// The public website's colour while the company settings name none (issue 40).
    pub primary_color_default: &'static str,
    /// The values-section header before anyone saved one.
    pub values_section_defaults: ValuesSectionSettingsInput,
    /// What each create form starts from.
    pub new_forms: NewForms,
    /// How long texts and lists may be (`rules::bounds`).
    pub limits: Limits,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    pub short_text: usize,
    pub medium_text: usize,
    pub long_text: usize,
    pub url: usize,
    pub listing_images: usize,
    pub specializations: usize,
    pub values: usize,
    /// The most records one bulk change may touch.
    pub bulk_records: usize,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatisticDefaults {
    pub stat_properties: &'static str,
    pub stat_continents: &'static str,
    pub stat_clients: &'static str,
    pub stat_experience: &'static str,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewForms {
    pub property: PropertyInput,
    pub quick_property: QuickPropertyInput,
    pub category: CategoryInput,
    pub property_type: PropertyTypeInput,
    pub country: CountryInput,
    pub city: CityInput,
    pub region: RegionInput,
    pub property_feature: PropertyFeatureInput,
    pub team_member: TeamMemberInput,
    pub user: UserCreateInput,
    pub account: AccountInput,
    pub service: ServiceInput,
    pub process_step: ProcessStepInput,
    pub testimonial: TestimonialInput,
    pub hero_image: HeroImageInput,
    pub about_section: AboutSectionInput,
    pub values_section_form: ValuesSectionForm,
    pub company_value: CompanyValueInput,
    pub values_section_settings: ValuesSectionSettingsInput,
    pub contact_request: ContactRequestInput,
}

/// The constants object of the `constants` operation.
pub fn all() -> Constants {
    Constants {
        page_size: PAGE_SIZE,
        truncate_length: TRUNCATE_LENGTH,
        ellipsis: ELLIPSIS,
        dashboard_properties: DASHBOARD_PROPERTIES,
        dashboard_inquiries: DASHBOARD_INQUIRIES,
        dashboard_inquiry_slice: DASHBOARD_INQUIRY_SLICE,
        team_specializations_shown: TEAM_SPECIALIZATIONS_SHOWN,
        trash_days: TRASH_DAYS,
        toast_limit: TOAST_LIMIT,
        toast_duration_ms: TOAST_DURATION_MS,
        toast_swipe_threshold_px: TOAST_SWIPE_THRESHOLD_PX,
        toast_hotkey: TOAST_HOTKEY,
        toast_remove_delay_ms: TOAST_REMOVE_DELAY_MS,
        sidebar_collapsed_px: SIDEBAR_COLLAPSED_PX,
        sidebar_expanded_px: SIDEBAR_EXPANDED_PX,
        tooltip_delay_ms: TOOLTIP_DELAY_MS,
        sidebar_tooltip_delay_ms: SIDEBAR_TOOLTIP_DELAY_MS,
        tooltip_skip_delay_ms: TOOLTIP_SKIP_DELAY_MS,
        stats_refetch_ms: STATS_REFETCH_MS,
        cache_retention_ms: CACHE_RETENTION_MS,
        properties_fresh_ms: PROPERTIES_FRESH_MS,
        catalog_fresh_ms: CATALOG_FRESH_MS,
        form_catalog_fresh_ms: FORM_CATALOG_FRESH_MS,
        features_fresh_ms: FEATURES_FRESH_MS,
        countries_fresh_ms: COUNTRIES_FRESH_MS,
        countries_retention_ms: COUNTRIES_RETENTION_MS,
        cities_regions_fresh_ms: CITIES_REGIONS_FRESH_MS,
        cities_regions_retention_ms: CITIES_REGIONS_RETENTION_MS,
        category_image_max_bytes: images::CATEGORY_IMAGE_MAX_BYTES,
        logo_max_bytes: images::LOGO_MAX_BYTES,
        hero_image_max_bytes: images::HERO_IMAGE_MAX_BYTES,
        team_image_max_bytes: images::TEAM_IMAGE_MAX_BYTES,
        section_image_max_bytes: images::SECTION_IMAGE_MAX_BYTES,
        video_max_bytes: VIDEO_MAX_BYTES,
        year_built_min: YEAR_BUILT_MIN,
        rating_min: RATING_MIN,
        rating_max: RATING_MAX,
        rating_default: RATING_DEFAULT,
        step_number_default: STEP_NUMBER_DEFAULT,
        display_order_default: numbers::DISPLAY_ORDER_DEFAULT,
        default_role: DEFAULT_ROLE,
        admin_role: ADMIN_ROLE,
        protected_user_id: PROTECTED_USER_ID,
        password_min_length: PASSWORD_MIN_LENGTH,
        feature_icon_default: NEW_FEATURE_ICON,
        company_value_icon_default: DEFAULT_ICON_CLASS,
        about_icon_examples: ICON_EXAMPLES,
        copy_suffix_en: COPY_SUFFIX_EN,
        copy_suffix_ar: COPY_SUFFIX_AR,
        location_separator_en: LOCATION_SEPARATOR_EN,
        location_separator_ar: LOCATION_SEPARATOR_AR,
        export_rolling_window_days: export::ROLLING_WINDOW_DAYS,
        investment_category_name: INVESTMENT_CATEGORY_NAME,
        sale_category_name: SALE_CATEGORY_NAME,
        statistic_defaults: StatisticDefaults {
            stat_properties: STAT_PROPERTIES_DEFAULT,
            stat_continents: STAT_CONTINENTS_DEFAULT,
            stat_clients: STAT_CLIENTS_DEFAULT,
            stat_experience: STAT_EXPERIENCE_DEFAULT,
        },
        primary_color_default: PRIMARY_COLOR_DEFAULT,
        values_section_defaults: ValuesSectionSettingsInput::new_form(),
        new_forms: NewForms {
            property: PropertyInput::new_form(),
            quick_property: QuickPropertyInput::new_form(),
            category: CategoryInput::default(),
            property_type: PropertyTypeInput::default(),
            country: CountryInput::default(),
            city: CityInput::default(),
            region: RegionInput::default(),
            property_feature: PropertyFeatureInput::default(),
            team_member: TeamMemberInput::default(),
            user: UserCreateInput::new_form(),
            account: AccountInput::default(),
            service: ServiceInput::default(),
            process_step: ProcessStepInput::default(),
            testimonial: TestimonialInput::default(),
            hero_image: HeroImageInput::default(),
            about_section: AboutSectionInput::default(),
            values_section_form: ValuesSectionForm::new_form(),
            company_value: CompanyValueInput::default(),
            values_section_settings: ValuesSectionSettingsInput::new_form(),
            contact_request: ContactRequestInput::default(),
        },
        limits: Limits {
            short_text: bounds::SHORT_TEXT_MAX,
            medium_text: bounds::MEDIUM_TEXT_MAX,
            long_text: bounds::LONG_TEXT_MAX,
            url: bounds::URL_MAX,
            listing_images: bounds::LISTING_IMAGES_MAX,
            specializations: bounds::SPECIALIZATIONS_MAX,
            values: bounds::VALUES_MAX,
            bulk_records: crate::bulk::BULK_MAX_RECORDS,
        },
    }
}
