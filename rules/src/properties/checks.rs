//! The checks both property forms share: texts, money, year built and images.

use super::{MONEY_MAX, YEAR_BUILT_MIN};
use crate::bounds::{UrlField, LISTING_IMAGES_MAX};
use crate::vocabularies::{OfferingType, PropertyStatus, RentFrequency};
use crate::{messages, FieldErrors};

/// A number that must be given and at least 0.
pub(super) fn not_positive(value: Option<f64>) -> bool {
    value.is_none_or(|v| v < 0.0)
}

/// An amount beyond what is stored exactly, either way.
pub(super) fn too_large(value: Option<f64>) -> bool {
    value.is_some_and(|v| v.abs() > MONEY_MAX)
}

/// Year built, on both forms: from [`YEAR_BUILT_MIN`] to the current year, when given.
pub(super) fn check_year_built(errors: &mut FieldErrors, year: Option<i32>, current_year: i32) {
    errors.check(below(year, YEAR_BUILT_MIN), "yearBuilt", messages::YEAR_BUILT_TOO_EARLY);
    errors.check(year.is_some_and(|y| y > current_year), "yearBuilt", messages::YEAR_BUILT_IN_FUTURE);
}

/// Titles and descriptions, on both forms: required, and bounded.
pub(super) fn check_texts(
    errors: &mut FieldErrors,
    [title_en, title_ar, description_en, description_ar]: [&str; 4],
) {
    errors.require(title_en, "titleEn", messages::TITLE_EN_REQUIRED);
    errors.limit_short(title_en, "titleEn");
    errors.require(title_ar, "titleAr", messages::TITLE_AR_REQUIRED);
    errors.limit_short(title_ar, "titleAr");
    errors.require(description_en, "descriptionEn", messages::DESCRIPTION_EN_REQUIRED);
    errors.limit_long(Some(description_en), "descriptionEn");
    errors.require(description_ar, "descriptionAr", messages::DESCRIPTION_AR_REQUIRED);
    errors.limit_long(Some(description_ar), "descriptionAr");
}

/// At most [`LISTING_IMAGES_MAX`] images, each a safe reference; the first failing image
/// names the field. Only as many as are allowed are looked at, so an oversized list costs
/// no more than a full one.
pub(super) fn check_images(errors: &mut FieldErrors, images: &[String]) {
    errors.limit_list(images, LISTING_IMAGES_MAX, "images", messages::IMAGES_TOO_MANY);
    for image in images.iter().take(LISTING_IMAGES_MAX) {
        errors.check_url(Some(image), UrlField::ListingImage, "images");
    }
}

pub(super) fn below(value: Option<i32>, minimum: i32) -> bool {
    value.is_some_and(|v| v < minimum)
}

/// Offering, rent period and status, on both forms: a rental names its period, and the
/// status must fit the offering.
pub(super) fn check_offering(
    errors: &mut FieldErrors,
    offering: OfferingType,
    rent_frequency: Option<RentFrequency>,
    status: PropertyStatus,
) {
    errors.check(
        offering == OfferingType::Rent && rent_frequency.is_none(),
        "rentFrequency",
        messages::RENT_FREQUENCY_REQUIRED,
    );
    let message = match status {
        PropertyStatus::Sold => messages::SOLD_NEEDS_SALE,
        _ => messages::RENTED_NEEDS_RENT,
    };
    errors.check(!status.fits(offering), "status", message);
}
