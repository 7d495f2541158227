//! The bilingual demo data set `AQAR_DEMO=1` loads into an empty database, so a newcomer
//! sees a realistic panel on first start. Each area adds its rows here as it lands.

pub(crate) mod contact_requests;
mod listings;
pub mod photos;
mod site_about;
mod site_content;

use rules::catalog::{CityInput, CountryInput, PropertyFeatureInput, PropertyTypeInput, RegionInput};
use rules::settings::SettingsInput;
use rules::vocabularies::FeatureCategory;
use sqlx::{Any, AnyConnection, Transaction};

use crate::auth::password;
use crate::error::ApiResult;
use crate::users::store::{self as users, NewUser};
use crate::{categories, locations, property_features, property_types, settings};

/// Demo staff sign in with this password; the demo is for trying the panel, not for production.
pub const DEMO_STAFF_PASSWORD: &str = "demo-staff-2026";

pub async fn seed(tx: &mut Transaction<'static, Any>) -> ApiResult<()> {
    let hash = password::hash(DEMO_STAFF_PASSWORD.into()).await?;
    let staff = [
        ("sara.haddad", "sara.haddad@aqar.example", "Sara Haddad", true),
        ("omar.khalil", "omar.khalil@aqar.example", "Omar Khalil", true),
        ("lina.nasser", "lina.nasser@aqar.example", "Lina Nasser", false),
    ];
    for (username, email, full_name, is_active) in staff {
        users::insert(
            &mut **tx,
            NewUser {
                username,
                password_hash: &hash,
                email: Some(email),
                full_name: Some(full_name),
                role: "user",
                is_active,
            },
        )
        .await?;
    }
    // `aqar seed` may have put the demo catalog into this database before its first start.
    if catalog_is_empty(tx).await? {
        seed_catalog(tx).await?;
    }
    listings::seed(tx).await?;
    site_about::seed(tx).await?;
    settings::store::insert(&mut **tx, &company_settings()).await?;
    site_content::seed(tx).await?;
    contact_requests::seed(tx).await
}

/// The demo company's card and the public site's four statistics.
fn company_settings() -> SettingsInput {
    let text = |value: &str| Some(value.to_owned());
    SettingsInput {
        company_name: "Aqar Real Estate".into(),
        company_name_en: text("Aqar Real Estate"),
        company_name_ar: text("عقار للعقارات"),
        company_logo: None,
        company_description: text(
            "Homes, offices and land across Jordan and the Gulf, bought, sold and managed since 2014.",
        ),
        contact_email: text("info@aqar.example"),
        contact_phone: text("+962 6 555 0100"),
        address: text("Abdali Boulevard, Amman, Jordan"),
        stat_properties: text("750"),
        stat_properties_label: text("Properties"),
        stat_properties_label_en: text("Properties listed"),
        stat_properties_label_ar: text("عقار معروض"),
        stat_continents: text("3"),
        stat_continents_label: text("Continents"),
        stat_continents_label_en: text("Continents served"),
        stat_continents_label_ar: text("قارات نخدمها"),
        stat_clients: text("1200"),
        stat_clients_label: text("Clients"),
        stat_clients_label_en: text("Happy clients"),
        stat_clients_label_ar: text("عميل سعيد"),
        stat_experience: text("12"),
        stat_experience_label: text("Years"),
        stat_experience_label_en: text("Years of experience"),
        stat_experience_label_ar: text("سنة من الخبرة"),
    }
}

/// Whether the database has no category, property type and country yet.
pub async fn catalog_is_empty(conn: &mut AnyConnection) -> ApiResult<bool> {
    let rows: i64 = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM categories) + (SELECT COUNT(*) FROM property_types) \
         + (SELECT COUNT(*) FROM countries)",
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok(rows == 0)
}

/// Categories, property types, countries with cities and regions, and features in every
/// group: what the property form and the public site need to look alive.
pub async fn seed_catalog(tx: &mut AnyConnection) -> ApiResult<()> {
    for (name_en, name_ar, description_en, description_ar) in CATEGORIES {
        let row = categories::store::CategoryRow::new(
            name_en.into(),
            name_ar.into(),
            Some(description_en.into()),
            Some(description_ar.into()),
            None,
        );
        categories::store::insert(&mut *tx, &row).await?;
    }
    for (name_en, name_ar, description_en, description_ar) in PROPERTY_TYPES {
        let input = PropertyTypeInput {
            name_en: name_en.into(),
            name_ar: name_ar.into(),
            description_en: Some(description_en.into()),
            description_ar: Some(description_ar.into()),
        };
        property_types::store::insert(&mut *tx, &input).await?;
    }
    for (code, name_en, name_ar, cities) in COUNTRIES {
        let country = CountryInput { name_en: name_en.into(), name_ar: name_ar.into(), code: code.into() };
        let country = locations::store::insert_country(&mut *tx, &country).await?;
        for &(name_en, name_ar, regions) in cities {
            let city = CityInput { name_en: name_en.into(), name_ar: name_ar.into(), country_id: country.id };
            let city = locations::store::insert_city(tx, &city).await?;
            for &(name_en, name_ar) in regions {
                let region =
                    RegionInput { name_en: name_en.into(), name_ar: name_ar.into(), city_id: city.id };
                locations::store::insert_region(tx, &region).await?;
            }
        }
    }
    for (category, features) in FEATURES {
        for (position, &(name_en, name_ar, icon, is_active)) in features.iter().enumerate() {
            let input = PropertyFeatureInput {
                name_en: name_en.into(),
                name_ar: name_ar.into(),
                icon: icon.into(),
                category,
                is_active,
                display_order: i32::try_from(position + 1).unwrap_or(i32::MAX),
            };
            property_features::store::insert(&mut *tx, &input).await?;
        }
    }
    Ok(())
}

/// English name, Arabic name, English description, Arabic description.
type Described = (&'static str, &'static str, &'static str, &'static str);

const CATEGORIES: [Described; 5] = [
    (
        "Residential",
        "سكني",
        "Homes for families and individuals: apartments, villas and townhouses.",
        "منازل للعائلات والأفراد: شقق وفلل وتاون هاوس.",
    ),
    (
        "Investment",
        "استثماري",
        "Income-generating properties and off-plan opportunities with strong returns.",
        "عقارات مدرّة للدخل وفرص على الخارطة بعوائد مجزية.",
    ),
    (
        "Commercial",
        "تجاري",
        "Offices, shops and showrooms in prime business districts.",
        "مكاتب ومحلات ومعارض في أبرز المناطق التجارية.",
    ),
    (
        "Land",
        "أراضٍ",
        "Residential, commercial and agricultural plots ready to build on.",
        "قطع أراضٍ سكنية وتجارية وزراعية جاهزة للبناء.",
    ),
    (
        "Holiday Homes",
        "بيوت العطلات",
        "Chalets and holiday homes by the sea and in the mountains.",
        "شاليهات وبيوت عطلات على البحر وفي الجبال.",
    ),
];

const PROPERTY_TYPES: [Described; 10] = [
    (
        "Apartment",
        "شقة",
        "A self-contained home on one floor of a building.",
        "وحدة سكنية مستقلة في طابق من مبنى.",
    ),
    ("Villa", "فيلا", "A detached house with its own garden.", "منزل مستقل بحديقة خاصة."),
    (
        "Duplex",
        "دوبلكس",
        "A home on two floors joined by an inner staircase.",
        "وحدة سكنية من طابقين يربطهما درج داخلي.",
    ),
    (
        "Townhouse",
        "تاون هاوس",
        "A house in a row, sharing side walls with its neighbours.",
        "منزل ضمن صف من المنازل يتشارك الجدران الجانبية.",
    ),
    (
        "Penthouse",
        "بنتهاوس",
        "The top-floor home, often with a private roof terrace.",
        "وحدة في الطابق الأخير غالبًا مع سطح خاص.",
    ),
    (
        "Studio",
        "استوديو",
        "One open room with a kitchenette and a bathroom.",
        "غرفة واحدة مفتوحة مع مطبخ صغير وحمام.",
    ),
    ("Chalet", "شاليه", "A holiday home by the sea or in the mountains.", "بيت عطلات على البحر أو في الجبال."),
    ("Office", "مكتب", "Work space in a commercial building.", "مساحة عمل في مبنى تجاري."),
    ("Shop", "محل تجاري", "Street-level retail space.", "مساحة بيع بالتجزئة على مستوى الشارع."),
    ("Warehouse", "مستودع", "Storage and logistics space.", "مساحة للتخزين والخدمات اللوجستية."),
];

/// A city's English and Arabic names and its regions'.
type CityRows = (&'static str, &'static str, &'static [(&'static str, &'static str)]);

const COUNTRIES: [(&str, &str, &str, &[CityRows]); 3] = [
    (
        "JO",
        "Jordan",
        "الأردن",
        &[
            (
                "Amman",
                "عمّان",
                &[
                    ("Abdoun", "عبدون"),
                    ("Dabouq", "دابوق"),
                    ("Jabal Amman", "جبل عمّان"),
                    ("Khalda", "خلدا"),
                    ("Sweifieh", "الصويفية"),
                ],
            ),
            ("Irbid", "إربد", &[("Al Husn", "الحصن"), ("University Street", "شارع الجامعة")]),
            ("Aqaba", "العقبة", &[("Tala Bay", "تالا باي"), ("Ayla", "أيلة")]),
            ("Zarqa", "الزرقاء", &[]),
        ],
    ),
    (
        "AE",
        "United Arab Emirates",
        "الإمارات العربية المتحدة",
        &[
            (
                "Dubai",
                "دبي",
                &[
                    ("Dubai Marina", "دبي مارينا"),
                    ("Downtown Dubai", "وسط مدينة دبي"),
                    ("Palm Jumeirah", "نخلة جميرا"),
                    ("Business Bay", "الخليج التجاري"),
                ],
            ),
            (
                "Abu Dhabi",
                "أبوظبي",
                &[
                    ("Al Reem Island", "جزيرة الريم"),
                    ("Saadiyat Island", "جزيرة السعديات"),
                    ("Yas Island", "جزيرة ياس"),
                ],
            ),
            ("Sharjah", "الشارقة", &[("Al Majaz", "المجاز"), ("Al Khan", "الخان")]),
        ],
    ),
    (
        "SA",
        "Saudi Arabia",
        "المملكة العربية السعودية",
        &[
            (
                "Riyadh",
                "الرياض",
                &[
                    ("Al Olaya", "العليا"),
                    ("Hittin", "حطين"),
                    ("Al Malqa", "الملقا"),
                    ("Al Nakheel", "النخيل"),
                ],
            ),
            ("Jeddah", "جدة", &[("Al Rawdah", "الروضة"), ("Obhur", "أبحر"), ("Al Shati", "الشاطئ")]),
            ("Dammam", "الدمام", &[("Al Faisaliyah", "الفيصلية"), ("Al Shulah", "الشعلة")]),
        ],
    ),
];

/// English name, Arabic name, icon, active; shown in this order within their group.
type FeatureRow = (&'static str, &'static str, &'static str, bool);

const FEATURES: [(FeatureCategory, &[FeatureRow]); 3] = [
    (
        FeatureCategory::Luxury,
        &[
            ("Private Pool", "مسبح خاص", "fi fi-rr-swimmer", true),
            ("Panoramic View", "إطلالة بانورامية", "fi fi-rr-mountains", true),
            ("Private Elevator", "مصعد خاص", "fi fi-rr-elevator", true),
            ("Smart Home System", "نظام المنزل الذكي", "fi fi-rr-wifi", true),
            ("Sauna & Jacuzzi", "ساونا وجاكوزي", "fi fi-rr-water", true),
            ("Private Garden", "حديقة خاصة", "fi fi-rr-tree", true),
        ],
    ),
    (
        FeatureCategory::Amenities,
        &[
            ("Central Air Conditioning", "تكييف مركزي", "fi fi-rr-snowflake", true),
            ("Central Heating", "تدفئة مركزية", "fi fi-rr-flame", true),
            ("Covered Parking", "موقف سيارات مغطى", "fi fi-rr-car", true),
            ("Gym", "صالة رياضية", "fi fi-rr-gym", true),
            ("Fitted Kitchen", "مطبخ مجهز", "fi fi-rr-utensils", true),
            ("Laundry Room", "غرفة غسيل", "fi fi-rr-washer", true),
        ],
    ),
    (
        FeatureCategory::General,
        &[
            ("24/7 Security", "حراسة على مدار الساعة", "fi fi-rr-shield-check", true),
            ("Near Schools", "قريب من المدارس", "fi fi-rr-school", true),
            ("Near Public Transport", "قريب من المواصلات العامة", "fi fi-rr-bus", true),
            ("Kids Play Area", "منطقة ألعاب للأطفال", "fi fi-rr-child-head", true),
            ("Pet Friendly", "يسمح بالحيوانات الأليفة", "fi fi-rr-paw", false),
        ],
    ),
];
