//! One spreadsheet row read as a listing: each mapped cell read by its column's kind, the
//! catalogue's names found (folded, in either language; a city within its country, a region
//! within its city), then the comprehensive form's own reading and rules, so a row fails
//! with the form's messages. Nothing here touches the database: the catalogue comes in as
//! [`Names`], and what the import must add to it comes out as [`Pending`] records.

use std::collections::HashMap;

use rules::fold::fold;
use rules::imports::{number, references, whole_number, yes_no};
use rules::messages;
use rules::properties::columns::{column_by_key, Catalog, Column, Kind, COLUMNS};
use rules::properties::PropertyInput;
use rules::reading::{read_with, Refusal};
use rules::vocabularies::{canonical, Term};
use rules::FieldErrors;
use serde_json::{Map, Value};

use super::catalog_records;

/// A record of the catalogue, as the names are matched against it.
#[derive(Debug, Clone)]
pub struct Named {
    pub catalog: Catalog,
    pub id: i64,
    /// The country of a city, the city of a region.
    pub parent: Option<i64>,
    pub en: String,
    pub ar: String,
}

/// The catalogue's names, folded, by catalogue and parent.
#[derive(Debug, Default)]
pub struct Names {
    index: HashMap<(Catalog, i64, String), i64>,
    /// Country codes in use.
    pub codes: Vec<String>,
}

impl Names {
    pub fn add(&mut self, named: &Named) {
        let parent = named.parent.unwrap_or(0);
        for name in [&named.en, &named.ar] {
            let key = (named.catalog, parent, fold(name.trim()));
            if !key.2.is_empty() {
                self.index.entry(key).or_insert(named.id);
            }
        }
    }

    fn find(&self, catalog: Catalog, parent: Option<i64>, name: &str) -> Option<i64> {
        self.index.get(&(catalog, parent.unwrap_or(0), fold(name.trim()))).copied()
    }
}

/// A place or kind the row names that the catalogue lacks, to be added with the row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub catalog: Catalog,
    pub en: String,
    pub ar: String,
    /// The country of a new city, the city of a new region.
    pub parent: Option<Parent>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parent {
    Existing(i64),
    /// An earlier record of the same row's pending list.
    New(usize),
}

/// A row that reads as a listing.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub input: PropertyInput,
    pub features: Vec<i64>,
    /// Records to add first; while any is left, the input holds [`PLACEHOLDER`] ids.
    pub pending: Vec<Pending>,
}

/// The id a row holds for a record still to be added.
pub const PLACEHOLDER: i64 = i64::MAX;

/// A failing cell: the column's key and the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub field: String,
    pub message: String,
}

/// Which column each of the file's columns is, by position.
pub type Mapping = [Option<&'static Column>];

/// The English and Arabic names a row gives for one catalogue.
#[derive(Default)]
struct Given<'a> {
    en: Option<(&'static str, &'a str)>,
    ar: Option<(&'static str, &'a str)>,
}

impl<'a> Given<'a> {
    fn is_empty(&self) -> bool {
        self.en.is_none() && self.ar.is_none()
    }

    /// The key the row's failure is reported under: the English column's, when mapped.
    fn key(&self) -> &'static str {
        self.en.or(self.ar).map_or("", |(key, _)| key)
    }
}

fn vocabulary(terms: &[Term], text: &str) -> String {
    if let Some(value) = canonical(terms, text) {
        return value.to_owned();
    }
    let folded = fold(text.trim());
    terms
        .iter()
        .find(|t| fold(t.label) == folded)
        .map_or_else(|| text.trim().to_owned(), |t| t.value.to_owned())
}

/// What resolving the names of a catalogue gave.
enum Found {
    None,
    Id(i64),
    New(usize),
    /// Failed (already reported).
    Failed,
}

impl Found {
    fn id(&self) -> Option<i64> {
        match self {
            Found::Id(id) => Some(*id),
            Found::New(_) | Found::Failed => Some(PLACEHOLDER),
            Found::None => None,
        }
    }

    fn parent(&self) -> Option<Parent> {
        match self {
            Found::Id(id) => Some(Parent::Existing(*id)),
            Found::New(index) => Some(Parent::New(*index)),
            Found::None | Found::Failed => None,
        }
    }
}

fn unknown(catalog: Catalog) -> &'static str {
    match catalog {
        Catalog::Category => messages::IMPORT_CATEGORY_UNKNOWN,
        Catalog::PropertyType => messages::IMPORT_PROPERTY_TYPE_UNKNOWN,
        Catalog::Country => messages::IMPORT_COUNTRY_UNKNOWN,
        Catalog::City => messages::IMPORT_CITY_UNKNOWN,
        Catalog::Region => messages::IMPORT_REGION_UNKNOWN,
        Catalog::Feature => messages::IMPORT_FEATURE_UNKNOWN,
    }
}

struct Reader<'a> {
    names: &'a Names,
    create_missing: bool,
    errors: FieldErrors,
    pending: Vec<Pending>,
}

impl Reader<'_> {
    /// The record a row names in `catalog` under `parent` (whose own lookup is `above`).
    fn resolve(&mut self, catalog: Catalog, given: &Given<'_>, above: Option<&Found>) -> Found {
        if given.is_empty() {
            return Found::None;
        }
        let parent = match above {
            None => None,
            Some(Found::Id(id)) => Some(*id),
            // Under a parent to be added, every child is new; under a failed one, the
            // parent's failure says it all.
            Some(Found::New(_)) => None,
            Some(Found::None) if catalog == Catalog::Region => {
                self.errors.add(given.key(), messages::IMPORT_REGION_WITHOUT_CITY);
                return Found::Failed;
            }
            Some(Found::None | Found::Failed) => return Found::Failed,
        };
        let parent_is_new = matches!(above, Some(Found::New(_)));
        if !parent_is_new {
            let found = [given.en, given.ar]
                .into_iter()
                .flatten()
                .find_map(|(_, name)| self.names.find(catalog, parent, name));
            if let Some(id) = found {
                return Found::Id(id);
            }
        }
        if !self.create_missing {
            self.errors.add(given.key(), unknown(catalog));
            return Found::Failed;
        }
        match (given.en, given.ar) {
            (Some((en_key, en)), Some((ar_key, ar))) => {
                if catalog_records::refused(
                    catalog,
                    (en_key, en.trim()),
                    (ar_key, ar.trim()),
                    &mut self.errors,
                ) {
                    return Found::Failed;
                }
                let pending = Pending {
                    catalog,
                    en: en.trim().to_owned(),
                    ar: ar.trim().to_owned(),
                    parent: above.and_then(Found::parent),
                };
                self.pending.push(pending);
                Found::New(self.pending.len() - 1)
            }
            _ => {
                self.errors.add(given.key(), messages::IMPORT_NAME_BOTH_LANGUAGES);
                Found::Failed
            }
        }
    }
}

/// The key a rule's field is reported under: the mapped column for that field (the English
/// one first), else the first column with it.
fn key_of(field: &str, mapping: &Mapping) -> String {
    let mapped = mapping.iter().flatten().copied().find(|c| c.field == field || c.key == field);
    mapped
        .or_else(|| COLUMNS.iter().find(|c| c.field == field || c.key == field))
        .map_or_else(|| field.to_owned(), |c| c.key.to_owned())
}

/// Reads one row (`cells`, one per file column) through `mapping`.
pub fn resolve(
    cells: &[String],
    mapping: &Mapping,
    names: &Names,
    create_missing: bool,
    current_year: i32,
) -> Result<Resolved, Vec<Problem>> {
    let mut reader = Reader { names, create_missing, errors: FieldErrors::new(), pending: Vec::new() };
    let mut object = Map::new();
    let mut given: HashMap<Catalog, Given<'_>> = HashMap::new();
    let mut feature_names: Vec<(&'static str, &str)> = Vec::new();
    for (column, cell) in mapping.iter().zip(cells) {
        let Some(column) = column else { continue };
        if cell.trim().is_empty() {
            continue;
        }
        let text = cell.trim();
        let key = column.key;
        match column.kind {
            Kind::Text => {
                object.insert(key.to_owned(), Value::String(cell.clone()));
            }
            Kind::Number => match number(text).and_then(serde_json::Number::from_f64) {
                Some(n) => {
                    object.insert(key.to_owned(), Value::Number(n));
                }
                None => reader.errors.add(key, messages::IMPORT_NUMBER_INVALID),
            },
            Kind::Integer => match whole_number(text).and_then(|n| i32::try_from(n).ok()) {
                Some(n) => {
                    object.insert(key.to_owned(), Value::from(n));
                }
                None => reader.errors.add(key, messages::IMPORT_WHOLE_NUMBER_INVALID),
            },
            Kind::Boolean => match yes_no(text) {
                Some(b) => {
                    object.insert(key.to_owned(), Value::Bool(b));
                }
                None => reader.errors.add(key, messages::IMPORT_YES_NO_INVALID),
            },
            Kind::Vocabulary(terms) => {
                object.insert(key.to_owned(), Value::String(vocabulary(terms, text)));
            }
            Kind::Name(catalog, language) => {
                let entry = given.entry(catalog).or_default();
                match language {
                    rules::language::Language::En => entry.en = Some((key, text)),
                    rules::language::Language::Ar => entry.ar = Some((key, text)),
                }
            }
            Kind::FeatureNames(_) => {
                feature_names.extend(rules::imports::names(text).into_iter().map(|n| (key, n)))
            }
            Kind::ImageReferences => {
                let images: Vec<Value> =
                    references(text).into_iter().map(|r| Value::String(r.to_owned())).collect();
                object.insert(key.to_owned(), Value::Array(images));
            }
        }
    }
    let none = Given::default();
    let ids = |reader: &mut Reader<'_>, catalog: Catalog, above: Option<&Found>| {
        reader.resolve(catalog, given.get(&catalog).unwrap_or(&none), above)
    };
    let category = ids(&mut reader, Catalog::Category, None);
    let kind = ids(&mut reader, Catalog::PropertyType, None);
    let country = ids(&mut reader, Catalog::Country, None);
    let city = ids(&mut reader, Catalog::City, Some(&country));
    let region = ids(&mut reader, Catalog::Region, Some(&city));
    for (field, found) in [
        ("categoryId", &category),
        ("typeId", &kind),
        ("countryId", &country),
        ("cityId", &city),
        ("regionId", &region),
    ] {
        if let Some(id) = found.id() {
            object.insert(field.to_owned(), Value::from(id));
        }
    }
    // Features by name, either language; with create_missing, a feature named in both
    // columns, at the same place of each list, is added.
    let (mut en, mut ar) = (Vec::new(), Vec::new());
    for (key, name) in feature_names {
        match column_by_key(key).map(|c| c.kind) {
            Some(Kind::FeatureNames(rules::language::Language::Ar)) => ar.push((key, name)),
            _ => en.push((key, name)),
        }
    }
    let paired = en.len() == ar.len();
    let mut features: Vec<i64> = Vec::new();
    for (index, (key, name)) in en.iter().enumerate() {
        let other = ar.get(index).filter(|_| paired);
        let found = names
            .find(Catalog::Feature, None, name)
            .or_else(|| other.and_then(|(_, n)| names.find(Catalog::Feature, None, n)));
        match (found, other) {
            (Some(id), _) => {
                if !features.contains(&id) {
                    features.push(id);
                }
            }
            (None, Some((ar_key, arabic))) if reader.create_missing => {
                if catalog_records::refused(
                    Catalog::Feature,
                    (*key, name),
                    (*ar_key, arabic),
                    &mut reader.errors,
                ) {
                    continue;
                }
                let pending = Pending {
                    catalog: Catalog::Feature,
                    en: (*name).to_owned(),
                    ar: (*arabic).to_owned(),
                    parent: None,
                };
                if !reader.pending.contains(&pending) {
                    reader.pending.push(pending);
                }
            }
            (None, _) if reader.create_missing => {
                reader.errors.add(*key, messages::IMPORT_NAME_BOTH_LANGUAGES)
            }
            (None, _) => reader.errors.add(*key, messages::IMPORT_FEATURE_UNKNOWN),
        }
    }
    if !paired {
        for (key, name) in &ar {
            match names.find(Catalog::Feature, None, name) {
                Some(id) if !features.contains(&id) => features.push(id),
                Some(_) => {}
                None => reader.errors.add(*key, messages::IMPORT_FEATURE_UNKNOWN),
            }
        }
    }
    for (field, _) in
        [("categoryId", ()), ("typeId", ()), ("countryId", ()), ("cityId", ()), ("regionId", ())]
    {
        object.entry(field.to_owned()).or_insert(Value::Null);
    }
    let mut problems = reader.errors;
    let input = match read_with::<PropertyInput>(object, |p| p.validate_in_year(current_year)) {
        Ok(input) => Some(input),
        Err(Refusal::Invalid(errors)) => {
            for (field, message) in errors.iter() {
                problems.add(key_of(field, mapping), message.to_owned());
            }
            None
        }
        Err(Refusal::Malformed(text)) => {
            let field = text.split(':').next().unwrap_or_default().trim().to_owned();
            problems.add(key_of(&field, mapping), text);
            None
        }
    };
    match input {
        Some(input) if problems.is_empty() => Ok(Resolved { input, features, pending: reader.pending }),
        _ => Err(problems
            .iter()
            .map(|(field, message)| Problem { field: field.to_owned(), message: message.to_owned() })
            .collect()),
    }
}

/// The file's mapping as columns, or why it cannot be used: one choice per file column, each
/// a known key, none twice.
pub fn mapping(keys: &[Option<String>], width: usize) -> Result<Vec<Option<&'static Column>>, &'static str> {
    if keys.len() != width {
        return Err(messages::IMPORT_MAPPING_LENGTH);
    }
    let mut columns: Vec<Option<&'static Column>> = Vec::with_capacity(keys.len());
    for key in keys {
        let column = match key.as_deref() {
            None | Some("") => None,
            Some(key) => Some(column_by_key(key).ok_or(messages::IMPORT_MAPPING_UNKNOWN)?),
        };
        if column.is_some_and(|c| columns.iter().flatten().any(|other| other.key == c.key)) {
            return Err(messages::IMPORT_MAPPING_TWICE);
        }
        columns.push(column);
    }
    Ok(columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Names {
        let mut names = Names::default();
        for named in [
            Named {
                catalog: Catalog::Category,
                id: 1,
                parent: None,
                en: "Residential".into(),
                ar: "سكني".into(),
            },
            Named {
                catalog: Catalog::PropertyType,
                id: 2,
                parent: None,
                en: "Villa".into(),
                ar: "فيلا".into(),
            },
            Named {
                catalog: Catalog::Country, id: 3, parent: None, en: "Jordan".into(), ar: "الأردن".into()
            },
            Named {
                catalog: Catalog::City, id: 4, parent: Some(3), en: "Amman".into(), ar: "عمّان".into()
            },
            Named {
                catalog: Catalog::Feature, id: 5, parent: None, en: "Pool".into(), ar: "مسبح".into()
            },
        ] {
            names.add(&named);
        }
        names
    }

    fn row(pairs: &[(&str, &str)]) -> (Vec<String>, Vec<Option<&'static Column>>) {
        let cells = pairs.iter().map(|(_, v)| (*v).to_owned()).collect();
        let mapping = pairs.iter().map(|(k, _)| column_by_key(k)).collect();
        (cells, mapping)
    }

    fn good() -> Vec<(&'static str, &'static str)> {
        vec![
            ("titleEn", "Villa"),
            ("titleAr", "فيلا"),
            ("descriptionEn", "Nice"),
            ("descriptionAr", "جميلة"),
            ("price", "١٬٢٥٠٬٠٠٠"),
            ("currency", "usd"),
            ("area", "300"),
            ("countryAr", "الاردن"),
            ("city", "AMMAN"),
            ("locationEn", "Abdoun"),
            ("locationAr", "عبدون"),
            ("category", "سكنى"),
            ("propertyType", "villa"),
            ("buildingTypeNew", "Villa"),
            ("isFeatured", "نعم"),
            ("features", "pool"),
            ("bedroom", "٣"),
        ]
    }

    #[test]
    fn a_good_row_reads_with_names_numbers_and_yes() {
        let (cells, mapping) = row(&good());
        let resolved = resolve(&cells, &mapping, &catalog(), false, 2026).expect("valid");
        assert_eq!(resolved.input.price, Some(1_250_000.0));
        assert_eq!((resolved.input.country_id, resolved.input.city_id), (3, 4));
        assert_eq!((resolved.input.category_id, resolved.input.type_id), (1, 2));
        assert_eq!(resolved.input.currency, "USD");
        assert!(resolved.input.is_featured);
        assert_eq!(resolved.input.bedroom, 3);
        assert_eq!(resolved.features, [5]);
    }

    #[test]
    fn a_bad_row_says_what_the_form_says() {
        let mut pairs = good();
        pairs.retain(|(k, _)| *k != "titleEn");
        pairs.push(("yearBuilt", "1700"));
        pairs.push(("bathroom", "two"));
        pairs.iter_mut().filter(|(k, _)| *k == "price").for_each(|pair| pair.1 = "-5");
        let (cells, mapping) = row(&pairs);
        let problems = resolve(&cells, &mapping, &catalog(), false, 2026).expect_err("invalid");
        let said: Vec<(&str, &str)> =
            problems.iter().map(|p| (p.field.as_str(), p.message.as_str())).collect();
        assert!(said.contains(&("bathroom", messages::IMPORT_WHOLE_NUMBER_INVALID)), "{said:?}");
        assert!(said.contains(&("titleEn", messages::TITLE_EN_REQUIRED)), "{said:?}");
        assert!(said.contains(&("price", messages::PRICE_NOT_POSITIVE)), "{said:?}");
        assert!(said.contains(&("yearBuilt", messages::YEAR_BUILT_TOO_EARLY)), "{said:?}");
    }

    #[test]
    fn unknown_names_fail_or_become_pending() {
        let mut pairs = good();
        pairs.retain(|(k, _)| *k != "countryAr");
        pairs.push(("country", "Qatar"));
        pairs.push(("countryAr", "قطر"));
        pairs.push(("cityAr", "الدوحة"));
        let (cells, mapping) = row(&pairs);
        let problems = resolve(&cells, &mapping, &catalog(), false, 2026).expect_err("unknown");
        assert_eq!(
            problems[0],
            Problem { field: "country".into(), message: messages::IMPORT_COUNTRY_UNKNOWN.into() }
        );
        let resolved = resolve(&cells, &mapping, &catalog(), true, 2026).expect("pending");
        assert_eq!(resolved.pending.len(), 2);
        assert_eq!(resolved.pending[1].parent, Some(Parent::New(0)));
        assert_eq!(resolved.input.city_id, PLACEHOLDER);
    }

    #[test]
    fn a_mapping_names_each_field_once() {
        let key = |k: &str| Some(k.to_owned());
        assert!(mapping(&[key("titleEn"), None], 2).is_ok());
        assert_eq!(mapping(&[key("titleEn")], 2).err(), Some(messages::IMPORT_MAPPING_LENGTH));
        assert_eq!(mapping(&[key("titleEn"), key("titleEn")], 2).err(), Some(messages::IMPORT_MAPPING_TWICE));
        assert_eq!(mapping(&[key("nope"), None], 2).err(), Some(messages::IMPORT_MAPPING_UNKNOWN));
    }
}
