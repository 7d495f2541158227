//! A stored listing's quality score (issue 39): the rules' score of what the panel reads,
//! so the list's column and the form's panel agree.

use rules::advertising::Permit;
use rules::properties::quality::{self, PermitState, QualityFacts};

use super::Listing;

/// The facts the rules score a listing by, with its photo count and its place's authority,
/// its permit judged at `now`.
pub fn facts(listing: &Listing, images: usize, authority: Option<&str>, now: &str) -> QualityFacts {
    let permit = Permit {
        number: listing.permit_number.as_deref(),
        issued_at: listing.permit_issued_at.as_deref(),
        expires_at: listing.permit_expires_at.as_deref(),
        contract_ends_at: listing.contract_ends_at.as_deref(),
    };
    QualityFacts {
        title_en: listing.title_en.clone(),
        title_ar: listing.title_ar.clone(),
        description_en: listing.description_en.clone(),
        description_ar: listing.description_ar.clone(),
        images: u32::try_from(images).unwrap_or(u32::MAX),
        area: listing.area,
        villa: quality::is_villa(
            &listing.type_name,
            &listing.type_name_ar,
            listing.building_type_new.as_deref(),
        ),
        location_en: listing.location_en.clone(),
        location_ar: listing.location_ar.clone(),
        pinned: listing.latitude.is_some() && listing.longitude.is_some(),
        permit: PermitState::of(authority, permit, now),
    }
}

/// The score of `listing` as the rules give it.
pub fn score(listing: &Listing, images: usize, authority: Option<&str>, now: &str) -> u8 {
    quality::score(&facts(listing, images, authority, now)).score
}
