//! Text shown in lists: descriptions cut to length and location lines built from places.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Characters of a description or message a table shows before cutting (core §9).
pub const TRUNCATE_LENGTH: usize = 50;
pub const ELLIPSIS: &str = "...";
pub const LOCATION_SEPARATOR_EN: &str = ", ";
/// The Arabic comma, followed by a space.
pub const LOCATION_SEPARATOR_AR: &str = "، ";

/// The first 50 characters of `text` followed by '...', or `text` itself when it is not
/// longer. Counts characters, not bytes, so an Arabic text is never cut inside a letter.
pub fn truncate(text: &str) -> String {
    match text.char_indices().nth(TRUNCATE_LENGTH) {
        Some((cut, _)) => format!("{}{ELLIPSIS}", &text[..cut]),
        None => text.to_owned(),
    }
}

/// Where `needle` first occurs in `haystack`. A plain scan: the texts are short, and the
/// standard library's substring search would add its weight to the browser build.
pub(crate) fn find(haystack: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    haystack.as_bytes().windows(needle.len()).position(|window| window == needle.as_bytes())
}

/// A country, city or region as the location picker holds it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct Place {
    pub name_en: String,
    pub name_ar: String,
}

/// The places chosen in the location picker; any may be missing.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct LocationParts {
    pub region: Option<Place>,
    pub city: Option<Place>,
    pub country: Option<Place>,
}

/// The location lines a property stores, built from the picker's places.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    pub location_en: String,
    pub location_ar: String,
}

/// Joins region, city and country (in that order) with ', ' in English and '، ' in Arabic,
/// leaving out places that are missing or have a blank name in that language.
pub fn compose_location(parts: &LocationParts) -> Location {
    let places = [&parts.region, &parts.city, &parts.country];
    let join = |name: fn(&Place) -> &str, separator: &str| {
        let names = places
            .iter()
            .filter_map(|place| place.as_ref().map(name).map(str::trim).filter(|n| !n.is_empty()));
        let mut line = String::new();
        for name in names {
            if !line.is_empty() {
                line.push_str(separator);
            }
            line.push_str(name);
        }
        line
    };
    Location {
        location_en: join(|p| &p.name_en, LOCATION_SEPARATOR_EN),
        location_ar: join(|p| &p.name_ar, LOCATION_SEPARATOR_AR),
    }
}
