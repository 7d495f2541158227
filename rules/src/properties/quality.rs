//! A listing's quality score (issue 39): how complete a listing is, from 0 to 100, and the
//! fixes that would raise it. The form scores the listing while it is typed and the server
//! scores what it stores, both by [`score`], so the two never show different numbers.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::advertising::Permit;
use crate::fold::fold;
use crate::language::Language;
use crate::vocabularies::PropertyStatus;
use crate::{messages, FieldErrors};

/// A listing scoring this much or more is a good one: the dashboard shows the share of
/// active listings that are.
pub const GOOD_SCORE: u8 = 80;

/// Photos a listing needs for full marks.
pub const PHOTOS_NEEDED: u32 = 5;
/// Photos a villa or a large listing needs for full marks: a house with its garden, or any
/// place from [`LARGE_AREA`], has more rooms and outside to show than five photos cover.
pub const PHOTOS_NEEDED_LARGE: u32 = 8;
/// The area, in m², from which a listing counts as large.
pub const LARGE_AREA: f64 = 300.0;
/// A title's length in characters, inclusive, in each language.
pub const TITLE_CHARS_MIN: u32 = 30;
pub const TITLE_CHARS_MAX: u32 = 70;
/// A description's shortest length in characters, in each language.
pub const DESCRIPTION_CHARS_MIN: u32 = 750;

/// What each item of the score is worth. The title, description and location count once per
/// language, so a table's total is `photos + 2 × (title + description + location) + map_pin
/// + permit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    pub photos: u8,
    pub title: u8,
    pub description: u8,
    pub location: u8,
    pub map_pin: u8,
    pub permit: u8,
}

/// Where a permit is required: 25 + 2 × (8 + 12 + 5) + 10 + 15 = 100.
pub const WEIGHTS_WITH_PERMIT: Weights =
    Weights { photos: 25, title: 8, description: 12, location: 5, map_pin: 10, permit: 15 };

/// Where none is, the permit's 15 are shared out so that a complete listing still scores 100:
/// each other weight grows by 100/85 to the nearest point (8 → 9, 12 → 14, 5 → 6, 10 → 12),
/// and the photos, the largest, also take the point that rounding leaves over (25 → 30, not
/// 29): 30 + 2 × (9 + 14 + 6) + 12 + 0 = 100.
pub const WEIGHTS_WITHOUT_PERMIT: Weights =
    Weights { photos: 30, title: 9, description: 14, location: 6, map_pin: 12, permit: 0 };

/// Whether the listing needs a permit, and whether it has a valid one.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum PermitState {
    #[default]
    NotRequired,
    Missing,
    Valid,
}

impl PermitState {
    /// The permit's state at `now` for a listing in a place of `authority` (none: not
    /// required): valid when an active listing there could carry it.
    pub fn of(authority: Option<&str>, permit: Permit<'_>, now: &str) -> PermitState {
        let Some(authority) = authority else { return PermitState::NotRequired };
        let mut errors = FieldErrors::new();
        permit.check_shape(&mut errors);
        permit.check_for(&mut errors, authority, PropertyStatus::Active, now);
        if errors.is_empty() {
            PermitState::Valid
        } else {
            PermitState::Missing
        }
    }
}

/// What the form knows beyond its own fields to score a listing: its type's names, and the
/// authority of its place with the instant to judge the permit by.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct FormContext {
    pub type_name_en: String,
    pub type_name_ar: String,
    pub advertising_authority: Option<String>,
    pub now: String,
}

impl QualityFacts {
    /// The facts of the comprehensive form as typed.
    pub fn of_form(form: &super::PropertyInput, context: &FormContext) -> QualityFacts {
        QualityFacts {
            title_en: form.title_en.clone(),
            title_ar: form.title_ar.clone(),
            description_en: form.description_en.clone(),
            description_ar: form.description_ar.clone(),
            images: u32::try_from(form.images.len()).unwrap_or(u32::MAX),
            area: form.area,
            villa: is_villa(&context.type_name_en, &context.type_name_ar, Some(&form.building_type_new)),
            location_en: form.location_en.clone(),
            location_ar: form.location_ar.clone(),
            pinned: form.latitude.is_some() && form.longitude.is_some(),
            permit: PermitState::of(context.advertising_authority.as_deref(), form.permit(), &context.now),
        }
    }
}

/// Whether a listing needs the photos of a villa: its type's English or Arabic name says
/// villa, or its building type is one.
pub fn is_villa(type_name_en: &str, type_name_ar: &str, building_type: Option<&str>) -> bool {
    fold(type_name_en).contains("villa")
        || fold(type_name_ar).contains("فيلا")
        || building_type == Some("Villa")
}

/// What the score is computed from: the few facts of a listing that the form and the
/// server both hold.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct QualityFacts {
    pub title_en: String,
    pub title_ar: String,
    pub description_en: String,
    pub description_ar: String,
    /// How many photos the listing has.
    pub images: u32,
    /// In m².
    pub area: Option<f64>,
    /// The listing's type is a villa or a house like one.
    pub villa: bool,
    pub location_en: String,
    pub location_ar: String,
    /// The listing has a latitude and a longitude.
    pub pinned: bool,
    pub permit: PermitState,
}

impl QualityFacts {
    /// [`PHOTOS_NEEDED_LARGE`] for a villa or a listing from [`LARGE_AREA`], else
    /// [`PHOTOS_NEEDED`].
    pub fn photos_needed(&self) -> u32 {
        if self.villa || self.area.is_some_and(|area| area >= LARGE_AREA) {
            PHOTOS_NEEDED_LARGE
        } else {
            PHOTOS_NEEDED
        }
    }
}

/// Which item a fix is about; stable, for the form to find the field it points to.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum FixCode {
    TitleEn,
    TitleAr,
    DescriptionEn,
    DescriptionAr,
    LocationEn,
    LocationAr,
    MapPin,
    MorePhotos,
    Permit,
}

/// One thing to do to raise the score, and by how much it would.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct QualityFix {
    pub code: FixCode,
    pub message: String,
    pub points: u8,
}

/// The score and the fixes still open. The score and the fixes' points always add up to
/// 100.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Quality {
    pub score: u8,
    pub fixes: Vec<QualityFix>,
}

impl Quality {
    /// The same score with the fixes' messages in `language`.
    pub fn in_language(mut self, language: Language) -> Quality {
        for fix in &mut self.fixes {
            fix.message = messages::in_language(&fix.message, language).into_owned();
        }
        self
    }
}

/// One scored item: its weight and the part of it the listing has earned.
struct Item {
    code: FixCode,
    message: &'static str,
    weight: u8,
    earned: u8,
}

impl Item {
    /// Earns `have / need` of the weight, rounded down, so that any shortfall leaves a fix.
    fn share(code: FixCode, message: &'static str, weight: u8, have: u32, need: u32) -> Item {
        let earned = u8::try_from(u32::from(weight) * have.min(need) / need).unwrap_or(weight);
        Item { code, message, weight, earned }
    }

    fn all_or_nothing(code: FixCode, message: &'static str, weight: u8, met: bool) -> Item {
        Item::share(code, message, weight, u32::from(met), 1)
    }
}

/// The listing's score and its fixes, in the form's order (titles, descriptions, locations,
/// map pin, photos, permit). Titles count only within their bounds; descriptions and photos
/// earn in proportion to how much of their minimum they reach.
pub fn score(facts: &QualityFacts) -> Quality {
    let weights = match facts.permit {
        PermitState::NotRequired => WEIGHTS_WITHOUT_PERMIT,
        PermitState::Missing | PermitState::Valid => WEIGHTS_WITH_PERMIT,
    };
    let title = |code, message, text: &str| {
        let fits = (TITLE_CHARS_MIN..=TITLE_CHARS_MAX).contains(&characters(text));
        Item::all_or_nothing(code, message, weights.title, fits)
    };
    let description = |code, message, text: &str| {
        Item::share(code, message, weights.description, characters(text), DESCRIPTION_CHARS_MIN)
    };
    let location = |code, message, text: &str| {
        Item::all_or_nothing(code, message, weights.location, !text.trim().is_empty())
    };
    let photos_needed = facts.photos_needed();
    let photos_message = if photos_needed == PHOTOS_NEEDED_LARGE {
        messages::QUALITY_PHOTOS_8
    } else {
        messages::QUALITY_PHOTOS_5
    };
    let items = [
        title(FixCode::TitleEn, messages::QUALITY_TITLE_EN, &facts.title_en),
        title(FixCode::TitleAr, messages::QUALITY_TITLE_AR, &facts.title_ar),
        description(FixCode::DescriptionEn, messages::QUALITY_DESCRIPTION_EN, &facts.description_en),
        description(FixCode::DescriptionAr, messages::QUALITY_DESCRIPTION_AR, &facts.description_ar),
        location(FixCode::LocationEn, messages::QUALITY_LOCATION_EN, &facts.location_en),
        location(FixCode::LocationAr, messages::QUALITY_LOCATION_AR, &facts.location_ar),
        Item::all_or_nothing(FixCode::MapPin, messages::QUALITY_MAP_PIN, weights.map_pin, facts.pinned),
        Item::share(FixCode::MorePhotos, photos_message, weights.photos, facts.images, photos_needed),
        // Where no permit is required its weight is 0, so it is always met.
        Item::all_or_nothing(
            FixCode::Permit,
            messages::QUALITY_PERMIT,
            weights.permit,
            facts.permit == PermitState::Valid,
        ),
    ];
    Quality {
        score: items.iter().map(|item| item.earned).sum(),
        fixes: items
            .iter()
            .filter(|item| item.earned < item.weight)
            .map(|item| QualityFix {
                code: item.code,
                message: item.message.to_owned(),
                points: item.weight - item.earned,
            })
            .collect(),
    }
}

/// A text's length as the user sees it: Unicode characters, not bytes, so Arabic counts as
/// much as English, and surrounding white space does not count.
fn characters(text: &str) -> u32 {
    u32::try_from(text.trim().chars().count()).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(weights: Weights) -> u32 {
        let Weights { photos, title, description, location, map_pin, permit } = weights;
        u32::from(photos)
            + 2 * (u32::from(title) + u32::from(description) + u32::from(location))
            + u32::from(map_pin)
            + u32::from(permit)
    }

    fn letters(letter: char, count: u32) -> String {
        (0..count).map(|_| letter).collect()
    }

    fn complete(permit: PermitState) -> QualityFacts {
        QualityFacts {
            title_en: letters('a', TITLE_CHARS_MIN),
            title_ar: letters('ب', TITLE_CHARS_MAX),
            description_en: letters('a', DESCRIPTION_CHARS_MIN),
            description_ar: letters('ب', DESCRIPTION_CHARS_MIN),
            images: PHOTOS_NEEDED,
            area: None,
            villa: false,
            location_en: "Abdoun, Amman".into(),
            location_ar: "عبدون، عمان".into(),
            pinned: true,
            permit,
        }
    }

    #[test]
    fn the_weights_with_a_permit_sum_to_100() {
        assert_eq!(total(WEIGHTS_WITH_PERMIT), 100);
    }

    #[test]
    fn the_weights_without_a_permit_sum_to_100_and_give_the_permit_nothing() {
        assert_eq!(total(WEIGHTS_WITHOUT_PERMIT), 100);
        assert_eq!(WEIGHTS_WITHOUT_PERMIT.permit, 0);
    }

    #[test]
    fn a_complete_listing_scores_100_whether_or_not_it_needs_a_permit() {
        for permit in [PermitState::NotRequired, PermitState::Valid] {
            assert_eq!(score(&complete(permit)), Quality { score: 100, fixes: Vec::new() }, "{permit:?}");
        }
    }

    #[test]
    fn a_missing_permit_costs_its_weight() {
        let quality = score(&complete(PermitState::Missing));
        assert_eq!(quality.score, 100 - WEIGHTS_WITH_PERMIT.permit);
        assert_eq!(quality.fixes.iter().map(|fix| fix.code).collect::<Vec<_>>(), [FixCode::Permit]);
    }

    /// Whatever is missing, the score and the points of the fixes add up to 100.
    #[test]
    fn score_and_fixes_add_up_to_100() {
        for permit in [PermitState::NotRequired, PermitState::Missing, PermitState::Valid] {
            for images in 0..=PHOTOS_NEEDED_LARGE + 1 {
                for length in [0, 1, 29, 30, 70, 71, 400, 749, 750] {
                    let facts = QualityFacts {
                        title_en: letters('a', length),
                        description_ar: letters('ب', length),
                        images,
                        villa: images % 2 == 0,
                        pinned: length % 2 == 0,
                        permit,
                        ..QualityFacts::default()
                    };
                    let quality = score(&facts);
                    let points: u32 = quality.fixes.iter().map(|fix| u32::from(fix.points)).sum();
                    assert_eq!(u32::from(quality.score) + points, 100, "{facts:?}");
                }
            }
        }
    }

    #[test]
    fn villas_and_large_listings_need_more_photos() {
        let base = QualityFacts::default();
        assert_eq!(base.photos_needed(), PHOTOS_NEEDED);
        assert_eq!(QualityFacts { villa: true, ..base.clone() }.photos_needed(), PHOTOS_NEEDED_LARGE);
        assert_eq!(
            QualityFacts { area: Some(LARGE_AREA), ..base.clone() }.photos_needed(),
            PHOTOS_NEEDED_LARGE
        );
        assert_eq!(QualityFacts { area: Some(LARGE_AREA - 0.5), ..base }.photos_needed(), PHOTOS_NEEDED);
    }

    /// The messages spell the numbers out, so they must say the numbers in force.
    #[test]
    fn the_messages_name_the_numbers_in_force() {
        let says = |message: &str, number: u32| message.contains(&number.to_string());
        for message in [messages::QUALITY_TITLE_EN, messages::QUALITY_TITLE_AR] {
            assert!(says(message, TITLE_CHARS_MIN) && says(message, TITLE_CHARS_MAX), "{message}");
        }
        for message in [messages::QUALITY_DESCRIPTION_EN, messages::QUALITY_DESCRIPTION_AR] {
            assert!(says(message, DESCRIPTION_CHARS_MIN), "{message}");
        }
        assert!(says(messages::QUALITY_PHOTOS_5, PHOTOS_NEEDED));
        assert!(says(messages::QUALITY_PHOTOS_8, PHOTOS_NEEDED_LARGE));
    }
}
