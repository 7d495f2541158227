//! The spreadsheet columns of a listing, written once: the export writes them in this order
//! with the headers of the user's language, the import maps a file's headers onto them.
//!
//! Every field of core §3 has its column, keyed by the name `PropertyInput` gives it, except
//! that the catalogue a listing points at travels by name rather than id: `category`,
//! `propertyType`, `country`, `city` and `region` hold the English name and a column of their
//! own (`categoryAr`, ...) the Arabic one, as every catalogue record has both. `features`
//! and `featuresAr` hold the selected features' names joined by [`FEATURE_SEPARATOR`],
//! `images` the image references one per line ([`IMAGE_SEPARATOR`]). Vocabulary columns hold
//! the stored value ('Apartment', 'active', 'USD'), which reads the same in either language.

use crate::calendar::Date;
use crate::fold::fold;
use crate::language::Language;
use crate::vocabularies::{
    DisplayType, OfferingType, PropertyStatus, RentFrequency, Term, BUILDING_CONDITIONS, BUILDING_TYPES,
    CONTINENTS, CURRENCIES, ORIENTATIONS,
};

/// Joins the names of a listing's features in one cell.
pub const FEATURE_SEPARATOR: &str = "; ";
/// Joins a listing's image references in one cell: one per line.
pub const IMAGE_SEPARATOR: &str = "\n";

/// The catalogue a name column points into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Catalog {
    Category,
    PropertyType,
    Country,
    City,
    Region,
    Feature,
}

/// What a column's cells hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Free text, written as text whatever it starts with.
    Text,
    /// A decimal number (money, square metres).
    Number,
    /// A whole number (years, floors, room counts).
    Integer,
    /// Yes or no.
    Boolean,
    /// One of these terms, by its stored value.
    Vocabulary(&'static [Term]),
    /// A catalogue record by its name in this language.
    Name(Catalog, Language),
    /// Several feature names in this language, joined by [`FEATURE_SEPARATOR`].
    FeatureNames(Language),
    /// Image references (stored `/media/...` paths or outside URLs), joined by [`IMAGE_SEPARATOR`].
    ImageReferences,
}

impl Kind {
    /// The kind as the agreed API names it: text, number, integer, boolean, vocabulary, name
    /// or list.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Text => "text",
            Kind::Number => "number",
            Kind::Integer => "integer",
            Kind::Boolean => "boolean",
            Kind::Vocabulary(_) => "vocabulary",
            Kind::Name(..) => "name",
            Kind::FeatureNames(_) | Kind::ImageReferences => "list",
        }
    }
}

/// One spreadsheet column of a listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// Stable camelCase key: the `PropertyInput` field, or the name column's own key.
    pub key: &'static str,
    /// The field the form's rules report a failing value under (`countryId` for both
    /// `country` and `countryAr`; `features` for the feature names, which the form sends in
    /// their own call).
    pub field: &'static str,
    pub en: &'static str,
    pub ar: &'static str,
    pub kind: Kind,
    /// Whether a listing cannot do without it. A name given in both languages is required
    /// on its English column only; its Arabic column ([`Column::pair`]) gives it as well.
    pub required: bool,
    /// Other headers a user's own spreadsheet may carry for this column (the form's labels,
    /// the bare names), matched like the headers.
    pub also: &'static [&'static str],
}

impl Column {
    /// The header in `language`.
    pub fn header(&self, language: Language) -> &'static str {
        match language {
            Language::En => self.en,
            Language::Ar => self.ar,
        }
    }

    /// For a name or feature column, the key of the column holding the same records' names in
    /// the other language.
    pub fn pair(&self) -> Option<&'static str> {
        let same = |other: &Column| match (self.kind, other.kind) {
            (Kind::Name(a, la), Kind::Name(b, lb)) => a == b && la != lb,
            (Kind::FeatureNames(la), Kind::FeatureNames(lb)) => la != lb,
            _ => false,
        };
        COLUMNS.iter().find(|other| same(other)).map(|other| other.key)
    }
}

const fn column(key: &'static str, en: &'static str, ar: &'static str, kind: Kind) -> Column {
    Column { key, field: key, en, ar, kind, required: false, also: &[] }
}

const fn required(column: Column) -> Column {
    Column { required: true, ..column }
}

const fn also(column: Column, also: &'static [&'static str]) -> Column {
    Column { also, ..column }
}

const fn name(
    key: &'static str,
    field: &'static str,
    en: &'static str,
    ar: &'static str,
    catalog: Catalog,
    language: Language,
) -> Column {
    Column { key, field, en, ar, kind: Kind::Name(catalog, language), required: false, also: &[] }
}

use Kind::{Boolean, Integer, Number, Text};
use Language::{Ar, En};

/// Every column, in the order the export writes them: the order of the form's tabs.
pub const COLUMNS: &[Column] = &[
    column("propertyNumber", "Property Number", "رقم العقار", Text),
    required(column("titleEn", "Title (English)", "العنوان بالإنجليزية", Text)),
    required(column("titleAr", "Title (Arabic)", "العنوان بالعربية", Text)),
    required(column("descriptionEn", "Description (English)", "الوصف بالإنجليزية", Text)),
    required(column("descriptionAr", "Description (Arabic)", "الوصف بالعربية", Text)),
    required(column("price", "Price", "السعر", Number)),
    required(column("currency", "Currency", "العملة", Kind::Vocabulary(CURRENCIES))),
    required(also(column("area", "Area (sq m)", "المساحة (م²)", Number), &["Area", "المساحة"])),
    column("plotArea", "Plot Area (sq m)", "مساحة الأرض (م²)", Number),
    column("builtArea", "Built Area (sq m)", "مساحة البناء (م²)", Number),
    required(also(
        name("country", "countryId", "Country (English)", "الدولة بالإنجليزية", Catalog::Country, En),
        &["Country", "الدولة", "البلد"],
    )),
    name("countryAr", "countryId", "Country (Arabic)", "الدولة بالعربية", Catalog::Country, Ar),
    required(also(
        name("city", "cityId", "City (English)", "المدينة بالإنجليزية", Catalog::City, En),
        &["City", "المدينة"],
    )),
    name("cityAr", "cityId", "City (Arabic)", "المدينة بالعربية", Catalog::City, Ar),
    also(
        name("region", "regionId", "Region (English)", "المنطقة بالإنجليزية", Catalog::Region, En),
        &["Region", "المنطقة", "الحي"],
    ),
    name("regionAr", "regionId", "Region (Arabic)", "المنطقة بالعربية", Catalog::Region, Ar),
    required(column("locationEn", "Location (English)", "الموقع بالإنجليزية", Text)),
    required(column("locationAr", "Location (Arabic)", "الموقع بالعربية", Text)),
    column("continent", "Continent", "القارة", Kind::Vocabulary(CONTINENTS)),
    required(also(
        name("category", "categoryId", "Category (English)", "الفئة بالإنجليزية", Catalog::Category, En),
        &["Category", "الفئة", "التصنيف"],
    )),
    name("categoryAr", "categoryId", "Category (Arabic)", "الفئة بالعربية", Catalog::Category, Ar),
    required(also(
        name(
            "propertyType",
            "typeId",
            "Property Type (English)",
            "نوع العقار بالإنجليزية",
            Catalog::PropertyType,
            En,
        ),
        &["Property Type", "Type", "نوع العقار", "النوع"],
    )),
    name(
        "propertyTypeAr",
        "typeId",
        "Property Type (Arabic)",
        "نوع العقار بالعربية",
        Catalog::PropertyType,
        Ar,
    ),
    column("status", "Status", "الحالة", Kind::Vocabulary(PropertyStatus::TERMS)),
    column("displayType", "Display Type", "نوع العرض", Kind::Vocabulary(DisplayType::TERMS)),
    also(column("facing", "Orientation", "الواجهة", Kind::Vocabulary(ORIENTATIONS)), &["Facing", "الاتجاه"]),
    also(
        column("isFeatured", "Featured on homepage", "مميز في الصفحة الرئيسية", Boolean),
        &["Featured", "مميز"],
    ),
    required(column("buildingTypeNew", "Building Type", "نوع المبنى", Kind::Vocabulary(BUILDING_TYPES))),
    column("yearBuilt", "Year Built", "سنة البناء", Integer),
    column("buildingCondition", "Building Condition", "حالة المبنى", Kind::Vocabulary(BUILDING_CONDITIONS)),
    column("numberOfFloorsInBuilding", "Floors in Building", "عدد طوابق المبنى", Integer),
    also(column("floorNumberUnit", "Floor Number (unit)", "طابق الوحدة", Integer), &["رقم الطابق (الوحدة)"]),
    column("apartmentsPerFloor", "Apartments per Floor", "عدد الشقق في الطابق", Integer),
    also(
        column("parkingSpacesAvailable", "Parking Spaces Available", "عدد مواقف السيارات", Integer),
        &["مواقف السيارات المتاحة"],
    ),
    also(column("elevatorsAvailable", "Elevators available", "تتوفر مصاعد", Boolean), &["مصاعد متوفرة"]),
    also(
        column("fireSafetySystem", "Fire safety system", "نظام الحماية من الحريق", Boolean),
        &["نظام السلامة من الحرائق"],
    ),
    column("hotelStyleEntrance", "Hotel-style entrance", "مدخل فندقي", Boolean),
    also(column("bedroom", "Bedrooms", "عدد غرف النوم", Integer), &["غرف النوم"]),
    also(
        column("masterBedroom", "Master Bedrooms", "عدد غرف النوم الرئيسية", Integer),
        &["غرف النوم الرئيسية"],
    ),
    also(column("maidsRoom", "Maid's Rooms", "عدد غرف الخادمة", Integer), &["غرف الخادمة"]),
    also(column("livingRoom", "Living Rooms", "عدد غرف المعيشة", Integer), &["غرف المعيشة"]),
    also(column("kitchen", "Kitchens", "عدد المطابخ", Integer), &["المطابخ"]),
    also(column("openKitchen", "Open Kitchens", "عدد المطابخ المفتوحة", Integer), &["المطابخ المفتوحة"]),
    also(column("serviceKitchen", "Service Kitchens", "عدد مطابخ الخدمة", Integer), &["مطابخ الخدمة"]),
    also(column("laundryRoom", "Laundry Rooms", "عدد غرف الغسيل", Integer), &["غرف الغسيل"]),
    also(column("bathroom", "Bathrooms", "عدد الحمامات", Integer), &["الحمامات"]),
    also(column("balcony", "Balconies", "عدد الشرفات", Integer), &["الشرفات"]),
    also(column("terrace", "Terraces", "عدد التراسات", Integer), &["التراسات"]),
    also(column("guestRoom", "Guest Rooms", "عدد غرف الضيوف", Integer), &["غرف الضيوف"]),
    also(column("storage", "Storage Rooms", "عدد غرف التخزين", Integer), &["المخازن"]),
    column("parkingSpace", "Parking space", "موقف سيارات", Boolean),
    column("furnished", "Furnished", "مفروش", Boolean),
    column("fittedKitchen", "Fitted kitchen", "مطبخ مجهز", Boolean),
    also(
        column("kitchenWithAppliances", "Kitchen with appliances", "مطبخ مع الأجهزة", Boolean),
        &["مطبخ مع أجهزة"],
    ),
    column("gasCentralHeating", "Gas central heating", "تدفئة مركزية بالغاز", Boolean),
    column("dieselCentralHeating", "Diesel central heating", "تدفئة مركزية بالديزل", Boolean),
    column("airConditioningUnit", "Air conditioning unit", "وحدة تكييف", Boolean),
    column(
        "doubleGlazedAluminumWindows",
        "Double-glazed aluminium windows",
        "نوافذ ألمنيوم بزجاج مزدوج",
        Boolean,
    ),
    also(column("electricShutters", "Electric shutters", "مصاريع كهربائية", Boolean), &["شتر كهربائي"]),
    column("gasFireplace", "Gas fireplace", "مدفأة غاز", Boolean),
    column("dieselFireplace", "Diesel fireplace", "مدفأة ديزل", Boolean),
    also(column("hasIntercom", "Intercom", "اتصال داخلي (إنتركم)", Boolean), &["انتركم"]),
    also(column("decoration", "Decoration", "ديكورات", Boolean), &["ديكور"]),
    column("smartHomeSystem", "Smart home system", "نظام منزل ذكي", Boolean),
    column("hasUnderfloorHeating", "Underfloor heating", "تدفئة أرضية", Boolean),
    column("hasCentralAC", "Central air conditioning", "تكييف مركزي", Boolean),
    column("panoramicView", "Panoramic view", "إطلالة بانورامية", Boolean),
    column("securitySystemCCTVAlarm", "Security system (CCTV, alarm)", "نظام أمني (كاميرات، إنذار)", Boolean),
    column(
        "swimmingPoolSharedOrPrivate",
        "Swimming pool (shared or private)",
        "مسبح (مشترك أو خاص)",
        Boolean,
    ),
    also(column("gymFitnessCenter", "Gym / fitness center", "نادٍ رياضي", Boolean), &["Gym", "صالة رياضية"]),
    column("saunaJacuzzi", "Sauna / jacuzzi", "ساونا / جاكوزي", Boolean),
    column("bbqArea", "BBQ area", "منطقة شواء", Boolean),
    column("kidsPlayArea", "Kids' play area", "منطقة ألعاب للأطفال", Boolean),
    also(column("lobby", "Lobby", "ردهة استقبال", Boolean), &["ردهة", "لوبي"]),
    column("privateElevator", "Private elevator", "مصعد خاص", Boolean),
    also(
        Column {
            field: "features",
            ..column("features", "Features (English)", "المزايا بالإنجليزية", Kind::FeatureNames(En))
        },
        &["Features", "المزايا"],
    ),
    Column {
        field: "features",
        ..column("featuresAr", "Features (Arabic)", "المزايا بالعربية", Kind::FeatureNames(Ar))
    },
    also(column("images", "Images", "الصور", Kind::ImageReferences), &["Image", "صورة"]),
    column("videoUrl", "Video URL", "رابط الفيديو", Text),
    column("virtualTourUrl", "Virtual Tour URL", "رابط الجولة الافتراضية", Text),
    also(
        column("maintenanceFee", "Maintenance Fee (monthly)", "رسوم الصيانة (شهرياً)", Number),
        &["رسوم الصيانة"],
    ),
    also(column("propertyTax", "Property Tax (annual)", "ضريبة العقار (سنوياً)", Number), &["ضريبة العقار"]),
    column("offeringType", "Offering", "نوع العرض التجاري", Kind::Vocabulary(OfferingType::TERMS)),
    column("rentFrequency", "Rent Period", "دورية الإيجار", Kind::Vocabulary(RentFrequency::TERMS)),
    column(
        "completionStatus",
        "Completion Status",
        "حالة الإنجاز",
        Kind::Vocabulary(crate::portals::CompletionStatus::TERMS),
    ),
    column("latitude", "Latitude", "خط العرض", Number),
    column("longitude", "Longitude", "خط الطول", Number),
    column("locationApproximate", "Approximate location", "الموقع تقريبي", Boolean),
    column("publishAt", "Publish From", "النشر من", Text),
    column("unpublishAt", "Publish Until", "النشر حتى", Text),
    column("permitNumber", "Permit Number", "رقم التصريح", Text),
    column("permitIssuedAt", "Permit Issued", "تاريخ إصدار التصريح", Text),
    column("permitExpiresAt", "Permit Expires", "تاريخ انتهاء التصريح", Text),
    column("contractEndsAt", "Brokerage Contract Ends", "انتهاء عقد الوساطة", Text),
    column("permitQrImage", "Permit QR Code", "رمز QR للتصريح", Text),
];

/// The column called `key`.
pub fn column_by_key(key: &str) -> Option<&'static Column> {
    COLUMNS.iter().find(|c| c.key == key)
}

/// The headers of the export, in `language`, in column order.
pub fn headers(language: Language) -> impl Iterator<Item = &'static str> {
    COLUMNS.iter().map(move |c| c.header(language))
}

/// A header as the mapping compares it: folded ([`fold`]), then only its letters and digits,
/// so 'Title (English)', 'title english', 'TITLE_EN' and the key 'titleEn' compare alike, as
/// do the Arabic spellings with or without hamza, taa marbuta or parentheses.
pub fn header_match_key(header: &str) -> String {
    fold(header).chars().filter(|c| c.is_alphanumeric()).collect()
}

/// The column a file's header names: its key, its English or Arabic header or one of its
/// other spellings, compared by [`header_match_key`].
pub fn column_for_header(header: &str) -> Option<&'static Column> {
    let wanted = header_match_key(header);
    if wanted.is_empty() {
        return None;
    }
    COLUMNS.iter().find(|c| spellings(c).any(|s| header_match_key(s) == wanted))
}

fn spellings(column: &Column) -> impl Iterator<Item = &'static str> {
    [column.key, column.en, column.ar].into_iter().chain(column.also.iter().copied())
}

/// The suggested mapping of a file's header row: per header, the key of the column it names,
/// or `None` (ignore) when it names none or names a column an earlier header took already.
pub fn suggest_mapping<S: AsRef<str>>(headers: &[S]) -> Vec<Option<&'static str>> {
    let mut taken: Vec<&'static str> = Vec::new();
    headers
        .iter()
        .map(|header| {
            let key = column_for_header(header.as_ref()).map(|c| c.key).filter(|key| !taken.contains(key))?;
            taken.push(key);
            Some(key)
        })
        .collect()
}

/// The two file formats of the export.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum ExportFormat {
    #[default]
    Xlsx,
    Csv,
}

impl ExportFormat {
    pub fn extension(self) -> &'static str {
        match self {
            ExportFormat::Xlsx => "xlsx",
            ExportFormat::Csv => "csv",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            ExportFormat::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            ExportFormat::Csv => "text/csv; charset=utf-8",
        }
    }
}

/// The export's file name in `language`: `properties-2026-11-26.xlsx` (Arabic
/// `العقارات-2026-11-26.xlsx`), or for the empty template `properties-template.xlsx`
/// (`قالب-العقارات.xlsx`). `today` is the user's local date (the rules read no clock).
pub fn export_file_name(language: Language, format: ExportFormat, today: Date, template: bool) -> String {
    let extension = format.extension();
    match (language, template) {
        (Language::En, false) => format!("properties-{today}.{extension}"),
        (Language::Ar, false) => format!("العقارات-{today}.{extension}"),
        (Language::En, true) => format!("properties-template.{extension}"),
        (Language::Ar, true) => format!("قالب-العقارات.{extension}"),
    }
}

/// The name of the export's worksheet in `language`.
pub fn sheet_name(language: Language) -> &'static str {
    match language {
        Language::En => "Properties",
        Language::Ar => "العقارات",
    }
}

/// The first characters that make a spreadsheet read a CSV cell as a formula (OWASP's CSV
/// injection list: = + - @, tab and carriage return).
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

fn looks_like_formula(text: &str) -> bool {
    text.trim_start_matches('\'').starts_with(FORMULA_STARTS)
}

/// A text as a CSV cell writes it: a text that would start a formula (after any single quotes)
/// gets one single quote in front, as OWASP advises, so a spreadsheet shows it as text.
/// [`csv_cell_text`] takes the quote away again, so every text round-trips.
pub fn csv_guard(text: &str) -> std::borrow::Cow<'_, str> {
    if looks_like_formula(text) {
        format!("'{text}").into()
    } else {
        text.into()
    }
}

/// The text a CSV cell written by [`csv_guard`] holds: one leading single quote is dropped
/// when what follows it (after any further single quotes) starts a formula; anything else is
/// kept as it is.
pub fn csv_cell_text(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if looks_like_formula(rest) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::properties::PropertyInput;

    #[test]
    fn every_input_field_has_its_column_with_names_for_ids() {
        let input = serde_json::to_value(PropertyInput::default()).unwrap_or_default();
        let fields: Vec<&str> =
            input.as_object().map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();
        assert!(fields.len() > 70, "{fields:?}");
        let by_id = [
            ("countryId", "country"),
            ("cityId", "city"),
            ("regionId", "region"),
            ("categoryId", "category"),
            ("typeId", "propertyType"),
        ];
        // The agent is one of the panel's users, not a value of the listing a spreadsheet
        // carries: exports leave it out and imports keep the listing's own. Where a listing
        // is published is the panel's choice too: imported listings get the company's set.
        for field in fields.into_iter().filter(|field| !["agentId", "publishTo"].contains(field)) {
            let key = by_id.iter().find(|(id, _)| *id == field).map_or(field, |(_, name)| *name);
            assert!(column_by_key(key).is_some(), "{field} has no column");
        }
        let keys: Vec<&str> = COLUMNS.iter().map(|c| c.key).collect();
        for extra in
            ["categoryAr", "propertyTypeAr", "countryAr", "cityAr", "regionAr", "features", "featuresAr"]
        {
            assert!(keys.contains(&extra), "{extra}");
        }
        assert_eq!(keys[..3], ["propertyNumber", "titleEn", "titleAr"]);
        assert_eq!(keys.last(), Some(&"permitQrImage"));
    }

    #[test]
    fn every_spelling_names_one_column_only() {
        let mut seen: Vec<(String, &str)> = Vec::new();
        for column in COLUMNS {
            for spelling in spellings(column) {
                let matched = header_match_key(spelling);
                assert!(!matched.is_empty(), "{spelling}");
                if let Some((_, other)) = seen.iter().find(|(s, key)| *s == matched && *key != column.key) {
                    panic!("'{spelling}' of {} also names {other}", column.key);
                }
                seen.push((matched, column.key));
            }
        }
    }

    #[test]
    fn headers_are_distinct_in_each_language_and_arabic_ones_are_arabic() {
        for &language in Language::ALL {
            let all: Vec<&str> = headers(language).collect();
            assert_eq!(all.len(), COLUMNS.len());
            for (index, header) in all.iter().enumerate() {
                assert!(!all[..index].contains(header), "{header} twice");
            }
        }
        for column in COLUMNS {
            assert!(column.ar.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "{}", column.ar);
            assert!(column.en.is_ascii(), "{}", column.en);
        }
    }

    #[test]
    fn the_exports_own_headers_map_back_to_their_columns_in_either_language() {
        let keys: Vec<Option<&str>> = COLUMNS.iter().map(|c| Some(c.key)).collect();
        for &language in Language::ALL {
            let row: Vec<&str> = headers(language).collect();
            assert_eq!(suggest_mapping(&row), keys);
        }
        let row: Vec<&str> = COLUMNS.iter().map(|c| c.key).collect();
        assert_eq!(suggest_mapping(&row), keys);
    }

    #[test]
    fn a_users_own_headers_are_matched_folded() {
        let row = [
            "  TITLE (english) ",
            "title_ar",
            "عنوان",
            "الفئه",
            "Category",
            "أسعار",
            "السعر",
            "Bedrooms",
            "غرف النّوم",
            "",
            "Features",
            "صورة",
        ];
        assert_eq!(
            suggest_mapping(&row),
            [
                Some("titleEn"),
                Some("titleAr"),
                None,
                Some("category"),
                None, // 'Category' names the category again: the first header keeps it
                None,
                Some("price"),
                Some("bedroom"),
                None, // bedrooms again, through the Arabic label
                None,
                Some("features"),
                Some("images"),
            ]
        );
        assert_eq!(column_for_header("العنوان (بالإنجليزية)").map(|c| c.key), Some("titleEn"));
        assert_eq!(column_for_header("مساحه الارض (م²)").map(|c| c.key), Some("plotArea"));
    }

    #[test]
    fn name_columns_come_in_pairs_and_report_under_the_forms_field() {
        assert_eq!(column_by_key("country").and_then(Column::pair), Some("countryAr"));
        assert_eq!(column_by_key("propertyTypeAr").and_then(Column::pair), Some("propertyType"));
        assert_eq!(column_by_key("features").and_then(Column::pair), Some("featuresAr"));
        assert_eq!(column_by_key("titleEn").and_then(Column::pair), None);
        assert_eq!(column_by_key("propertyTypeAr").map(|c| c.field), Some("typeId"));
        assert_eq!(column_by_key("bedroom").map(|c| c.field), Some("bedroom"));
        let kinds: Vec<&str> =
            ["price", "bedroom", "isFeatured", "status", "city", "features", "images", "videoUrl"]
                .iter()
                .filter_map(|k| column_by_key(k))
                .map(|c| c.kind.name())
                .collect();
        assert_eq!(kinds, ["number", "integer", "boolean", "vocabulary", "name", "list", "list", "text"]);
        let required: Vec<&str> = COLUMNS.iter().filter(|c| c.required).map(|c| c.key).collect();
        assert_eq!(
            required,
            [
                "titleEn",
                "titleAr",
                "descriptionEn",
                "descriptionAr",
                "price",
                "currency",
                "area",
                "country",
                "city",
                "locationEn",
                "locationAr",
                "category",
                "propertyType",
                "buildingTypeNew"
            ]
        );
    }

    #[test]
    fn the_file_name_follows_the_language_format_and_template() {
        let today = Date { year: 2026, month: 11, day: 6 };
        assert_eq!(
            export_file_name(Language::En, ExportFormat::Xlsx, today, false),
            "properties-2026-11-06.xlsx"
        );
        assert_eq!(
            export_file_name(Language::Ar, ExportFormat::Csv, today, false),
            "العقارات-2026-11-06.csv"
        );
        assert_eq!(export_file_name(Language::En, ExportFormat::Csv, today, true), "properties-template.csv");
        assert_eq!(export_file_name(Language::Ar, ExportFormat::Xlsx, today, true), "قالب-العقارات.xlsx");
    }

    #[test]
    fn formula_looking_texts_get_one_quote_that_the_reader_takes_away() {
        for (text, cell) in [
            ("=SUM(A1:A2)", "'=SUM(A1:A2)"),
            ("+971 4 000", "'+971 4 000"),
            ("-5 % off", "'-5 % off"),
            ("@home", "'@home"),
            ("\tindented", "'\tindented"),
            ("'=already quoted", "''=already quoted"),
            ("'quoted", "'quoted"),
            ("''", "''"),
            ("villa = home", "villa = home"),
            ("فيلا", "فيلا"),
            ("", ""),
        ] {
            assert_eq!(csv_guard(text), cell, "{text:?}");
            assert_eq!(csv_cell_text(cell), text, "{cell:?}");
        }
    }
}
