//! What each portal's feed format allows: its property types, and the lengths, photos and
//! coordinates it requires. Sources and the choices made without one are in
//! docs/spec-notes.md ("Portal feeds").

use super::{FeedPortal, MappingPortal};
use crate::vocabularies::{term, Term};

/// Property Finder's property types: its two-letter codes.
pub const PROPERTY_FINDER_TYPES: &[Term] = &[
    term("AP", "Apartment"),
    term("BW", "Bungalow"),
    term("CD", "Compound"),
    term("DX", "Duplex"),
    term("HA", "Hotel Apartment"),
    term("PH", "Penthouse"),
    term("TH", "Townhouse"),
    term("VH", "Villa"),
    term("FF", "Full Floor"),
    term("HF", "Half Floor"),
    term("WB", "Whole Building"),
    term("LP", "Land / Plot"),
    term("BU", "Bulk Units"),
    term("OF", "Office Space"),
    term("BC", "Business Centre"),
    term("CW", "Co-working Space"),
    term("RE", "Retail"),
    term("RT", "Restaurant"),
    term("SH", "Shop"),
    term("SR", "Showroom"),
    term("WH", "Warehouse"),
    term("ST", "Storage"),
    term("FA", "Factory"),
    term("FM", "Farm"),
    term("LC", "Labour Camp"),
    term("SA", "Staff Accommodation"),
];

/// The Property Finder types that are only commercial: a listing of one is offered as CS or
/// CR. The others are offered as RS or RR, those that may be either (floors, buildings,
/// land, bulk units) included, unless the listing's category maps to a commercial type.
pub const PROPERTY_FINDER_COMMERCIAL: &[&str] =
    &["OF", "BC", "CW", "RE", "RT", "SH", "SR", "WH", "ST", "FA", "FM", "LC", "SA"];

/// Bayut's (and dubizzle's) property types, by name.
pub const BAYUT_TYPES: &[Term] = &[
    term("Apartment", "Apartment"),
    term("Villa", "Villa"),
    term("Townhouse", "Townhouse"),
    term("Penthouse", "Penthouse"),
    term("Villa Compound", "Villa Compound"),
    term("Hotel Apartment", "Hotel Apartment"),
    term("Residential Plot", "Residential Plot"),
    term("Residential Floor", "Residential Floor"),
    term("Residential Building", "Residential Building"),
    term("Office", "Office"),
    term("Shop", "Shop"),
    term("Warehouse", "Warehouse"),
    term("Factory", "Factory"),
    term("Labour Camp", "Labour Camp"),
    term("Commercial Building", "Commercial Building"),
    term("Other Commercial", "Other Commercial"),
    term("Commercial Floor", "Commercial Floor"),
    term("Commercial Plot", "Commercial Plot"),
    term("Bulk Units", "Bulk Units"),
    term("Industrial Land", "Industrial Land"),
    term("Mixed Used Land", "Mixed Used Land"),
    term("Showroom", "Showroom"),
    term("Commercial Villa", "Commercial Villa"),
];

/// The property types a mapping to `portal` chooses from.
pub fn types_of(portal: MappingPortal) -> &'static [Term] {
    match portal {
        MappingPortal::PropertyFinder => PROPERTY_FINDER_TYPES,
        MappingPortal::Bayut => BAYUT_TYPES,
    }
}

/// A length a text must have, in characters, inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Length {
    pub min: u32,
    pub max: u32,
}

impl Length {
    pub fn fits(self, characters: u32) -> bool {
        (self.min..=self.max).contains(&characters)
    }
}

/// What a portal refuses a listing without.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Format {
    pub title: Length,
    pub description: Length,
    /// The Arabic title and description are optional in both feeds; when given they must fit
    /// the same lengths.
    pub min_photos: u32,
    pub needs_coordinates: bool,
}

/// Property Finder's requirements.
pub const PROPERTY_FINDER: Format = Format {
    title: Length { min: 30, max: 50 },
    description: Length { min: 750, max: 2_000 },
    min_photos: 1,
    needs_coordinates: true,
};

/// Bayut's requirements; dubizzle, which reads Bayut's feed, has the same.
pub const BAYUT: Format = Format {
    title: Length { min: 30, max: 50 },
    description: Length { min: 750, max: 2_000 },
    min_photos: 1,
    needs_coordinates: false,
};

/// The requirements of `portal`.
pub fn format_of(portal: FeedPortal) -> Format {
    match portal.mapping() {
        MappingPortal::PropertyFinder => PROPERTY_FINDER,
        MappingPortal::Bayut => BAYUT,
    }
}

/// Square feet in a square metre: both feeds give sizes in square feet.
pub const SQFT_PER_SQM: f64 = 10.763_910_416_709_722;
