//! The records an import adds to the catalogue, each built as the catalogue's own form sends
//! it and held to that form's rules: an import writes no name the category, type, place or
//! feature screens would refuse (names bounded, in both languages). The check reads a row's
//! new records through [`Record::check`], and the commit writes only what it passed.

use rules::catalog::{
    CategoryInput, CityInput, CountryInput, PropertyFeatureInput, PropertyTypeInput, RegionInput,
};
use rules::properties::columns::Catalog;
use rules::{FieldErrors, Validate};

/// A new catalogue record, as its form's payload.
pub enum Record {
    Category(CategoryInput),
    PropertyType(PropertyTypeInput),
    Country(CountryInput),
    City(CityInput),
    Region(RegionInput),
    Feature(PropertyFeatureInput),
}

impl Record {
    /// The record named `en` and `ar` in `catalog`, under `parent` (a city's country, a
    /// region's city). A new country's code is the first of its name's that `taken` leaves.
    pub fn new(catalog: Catalog, en: &str, ar: &str, parent: i64, taken: impl Fn(&str) -> bool) -> Record {
        let (name_en, name_ar) = (en.to_owned(), ar.to_owned());
        match catalog {
            Catalog::Category => Record::Category(CategoryInput { name_en, name_ar, ..Default::default() }),
            Catalog::PropertyType => {
                Record::PropertyType(PropertyTypeInput { name_en, name_ar, ..Default::default() })
            }
            Catalog::Country => {
                let code = rules::imports::country_code(en, taken);
                Record::Country(CountryInput { name_en, name_ar, code, advertising_authority: None })
            }
            Catalog::City => {
                Record::City(CityInput { name_en, name_ar, country_id: parent, advertising_authority: None })
            }
            Catalog::Region => {
                Record::Region(RegionInput { name_en, name_ar, city_id: parent, advertising_authority: None })
            }
            Catalog::Feature => {
                Record::Feature(PropertyFeatureInput { name_en, name_ar, ..Default::default() })
            }
        }
    }

    /// The catalogue form's rules on the record: its errors by the form's field names.
    pub fn check(&self) -> Result<(), FieldErrors> {
        match self {
            Record::Category(input) => input.validate(),
            Record::PropertyType(input) => input.validate(),
            Record::Country(input) => input.validate(),
            Record::City(input) => input.validate(),
            Record::Region(input) => input.validate(),
            Record::Feature(input) => input.validate(),
        }
    }
}

/// Whether the rules refuse a record a row would add, their messages then added to `errors`
/// under the row's columns: a name's under the column that gave it (`en_key`, `ar_key`),
/// anything else under the English one.
pub fn refused(
    catalog: Catalog,
    (en_key, en): (&'static str, &str),
    (ar_key, ar): (&'static str, &str),
    errors: &mut FieldErrors,
) -> bool {
    // The parent and the code are the import's to find, not the row's to give: any valid
    // stand-in lets the names' own rules speak.
    let record = Record::new(catalog, en, ar, i64::MAX, |_| false);
    let Err(found) = record.check() else { return false };
    for (field, message) in found.iter() {
        let key = match field {
            "nameAr" => ar_key,
            _ => en_key,
        };
        errors.add(key, message.to_owned());
    }
    true
}
