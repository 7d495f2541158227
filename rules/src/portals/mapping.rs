//! A mapping: what one of Aqar's catalog records is called in a portal's words. Types and
//! categories take one of the portal's property types; places take the portal's own name for
//! the place, as free text, since neither portal publishes its list of locations.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::formats::types_of;
use super::{MappingKind, MappingPortal};
use crate::bounds::SHORT_TEXT_MAX;
use crate::fold::fold;
use crate::vocabularies::Term;
use crate::{messages, FieldErrors};

/// The longest location name, in characters.
pub const LOCATION_MAX_CHARS: usize = 100;

/// `PUT /api/portals/{portal}/mappings/{kind}/{recordId}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct MappingInput {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub value: String,
}

impl MappingInput {
    /// The value as stored: trimmed, and a type in the portal's own spelling.
    pub fn stored(&self, portal: MappingPortal, kind: MappingKind) -> String {
        let value = self.value.trim();
        if is_type(kind) {
            if let Some(term) = find_type(portal, value) {
                return term.value.to_owned();
            }
        }
        value.to_owned()
    }

    /// A type must be one of the portal's; a place's name must be given and not too long.
    pub fn check(&self, portal: MappingPortal, kind: MappingKind) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        let value = self.value.trim();
        errors.require(value, "value", messages::FIELD_REQUIRED);
        if !value.is_empty() {
            if is_type(kind) {
                errors.check(find_type(portal, value).is_none(), "value", messages::NOT_IN_LIST);
            } else {
                errors.check(
                    value.chars().count() > LOCATION_MAX_CHARS,
                    "value",
                    messages::PORTAL_LOCATION_TOO_LONG,
                );
            }
        }
        errors.into_result()
    }
}

/// Whether mappings of `kind` name a property type.
pub fn is_type(kind: MappingKind) -> bool {
    matches!(kind, MappingKind::Category | MappingKind::PropertyType)
}

/// The portal's type whose code or name is `value`, in any case.
fn find_type(portal: MappingPortal, value: &str) -> Option<&'static Term> {
    types_of(portal)
        .iter()
        .find(|term| term.value.eq_ignore_ascii_case(value) || term.label.eq_ignore_ascii_case(value))
}

/// What the Portals screen suggests for a record named `name_en`: for a type, the portal's
/// type whose name holds the record's name or is held by it (folded, so 'Villas' finds
/// 'Villa / House'); for a place, its English name, which the portals write alike.
pub fn suggestion(portal: MappingPortal, kind: MappingKind, name_en: &str) -> Option<String> {
    let name = fold(name_en.trim());
    if name.is_empty() {
        return None;
    }
    if !is_type(kind) {
        return Some(name_en.trim().to_owned());
    }
    let singular = name.strip_suffix('s').unwrap_or(&name).to_owned();
    types_of(portal)
        .iter()
        .find(|term| fold(term.label) == name || fold(term.label) == singular)
        .or_else(|| {
            types_of(portal).iter().find(|term| {
                let label = fold(term.label);
                label.split([' ', '/']).any(|word| word == singular || word == name)
            })
        })
        .map(|term| term.value.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(value: &str) -> MappingInput {
        MappingInput { value: value.into() }
    }

    #[test]
    fn a_type_must_be_one_of_the_portals() {
        let (pf, bayut) = (MappingPortal::PropertyFinder, MappingPortal::Bayut);
        assert!(input("VH").check(pf, MappingKind::PropertyType).is_ok());
        assert!(input("villa").check(bayut, MappingKind::Category).is_ok());
        assert_eq!(input("Villa").stored(bayut, MappingKind::PropertyType), "Villa");
        assert_eq!(input("apartment").stored(pf, MappingKind::PropertyType), "AP");
        let errors = input("Castle").check(pf, MappingKind::PropertyType).err().unwrap_or_default();
        assert_eq!(errors.get("value"), Some(messages::NOT_IN_LIST));
    }

    #[test]
    fn a_place_is_free_text_within_its_length() {
        let pf = MappingPortal::PropertyFinder;
        assert!(input("Dubai Marina").check(pf, MappingKind::Region).is_ok());
        let long = "a".repeat(LOCATION_MAX_CHARS + 1);
        let errors = input(&long).check(pf, MappingKind::City).err().unwrap_or_default();
        assert_eq!(errors.get("value"), Some(messages::PORTAL_LOCATION_TOO_LONG));
        let errors = input("  ").check(pf, MappingKind::City).err().unwrap_or_default();
        assert_eq!(errors.get("value"), Some(messages::FIELD_REQUIRED));
    }

    #[test]
    fn suggestions_come_by_name() {
        let (pf, bayut) = (MappingPortal::PropertyFinder, MappingPortal::Bayut);
        assert_eq!(suggestion(pf, MappingKind::PropertyType, "Villas").as_deref(), Some("VH"));
        assert_eq!(suggestion(pf, MappingKind::PropertyType, "Apartment").as_deref(), Some("AP"));
        assert_eq!(suggestion(bayut, MappingKind::Category, "Offices").as_deref(), Some("Office"));
        assert_eq!(suggestion(bayut, MappingKind::PropertyType, "Castle"), None);
        assert_eq!(suggestion(bayut, MappingKind::City, " Dubai ").as_deref(), Some("Dubai"));
    }
}
