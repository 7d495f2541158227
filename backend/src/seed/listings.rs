//! Realistic bilingual listings made up from a catalog: 'Sea View Villa in Dubai Marina' /
//! 'فيلا بإطلالة بحرية في دبي مارينا', with descriptions, composed locations, prices in the
//! country's currency and room counts that suit the property type. The same seed gives
//! the same listings.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rules::text::{compose_location, LocationParts, Place};
use rules::vocabularies::{self, PropertyStatus, BUILDING_CONDITIONS, ORIENTATIONS};
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

/// A category, type or place: its id and its two names.
#[derive(Debug, Clone)]
pub struct Named {
    pub id: i64,
    pub name_en: String,
    pub name_ar: String,
}

/// Where a listing can be: a city of a country, and one of the city's regions if it has any.
#[derive(Debug, Clone)]
pub struct Spot {
    pub country: Named,
    pub country_code: String,
    pub city: Named,
    pub region: Option<Named>,
}

/// What listings are made from: the catalog as the database holds it.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub categories: Vec<Named>,
    pub types: Vec<Named>,
    pub spots: Vec<Spot>,
}

/// One listing: the columns the seeder and the demo data write. Money is in thousandths.
#[derive(Debug, Clone)]
pub struct Listing {
    pub property_number: String,
    pub title_en: String,
    pub title_ar: String,
    pub description_en: String,
    pub description_ar: String,
    pub location_en: String,
    pub location_ar: String,
    pub price: i64,
    pub currency: &'static str,
    pub area: f64,
    pub plot_area: Option<f64>,
    pub built_area: Option<f64>,
    pub country_id: i64,
    pub city_id: i64,
    pub region_id: Option<i64>,
    pub category_id: i64,
    pub type_id: i64,
    pub continent: Option<&'static str>,
    pub status: &'static str,
    pub display_type: &'static str,
    pub facing: &'static str,
    pub is_featured: bool,
    pub bedroom: i32,
    pub master_bedroom: i32,
    pub living_room: i32,
    pub kitchen: i32,
    pub bathroom: i32,
    pub balcony: i32,
    pub building_type_new: &'static str,
    pub year_built: i32,
    pub building_condition: &'static str,
    pub number_of_floors_in_building: Option<i32>,
    pub floor_number_unit: Option<i32>,
    pub parking_spaces_available: Option<i32>,
    pub elevators_available: bool,
    pub parking_space: bool,
    pub furnished: bool,
    pub fitted_kitchen: bool,
    pub has_central_ac: bool,
    pub panoramic_view: bool,
    pub swimming_pool_shared_or_private: bool,
    pub gym_fitness_center: bool,
    pub security_system_cctv_alarm: bool,
    pub maintenance_fee: Option<i64>,
    pub search_text: String,
    pub created_at: String,
    pub updated_at: String,
    pub featured_at: Option<String>,
}

/// How a property type is priced, sized and described.
#[derive(Clone, Copy)]
struct Profile {
    /// How common the type is among listings.
    weight: u32,
    /// A typical price in US dollars.
    usd: f64,
    area: (f64, f64),
    bedrooms: (i32, i32),
    residential: bool,
    /// The category it is usually listed under (English name, any case).
    category: &'static str,
    /// In a building of several floors (apartments, offices), or a house of its own.
    in_building: bool,
    garden: bool,
}

fn profile(type_name: &str) -> Profile {
    let p = |weight, usd, area, bedrooms, residential, category, in_building, garden| Profile {
        weight,
        usd,
        area,
        bedrooms,
        residential,
        category,
        in_building,
        garden,
    };
    match type_name.to_ascii_lowercase().as_str() {
        "apartment" => p(30, 160_000.0, (75.0, 220.0), (1, 4), true, "residential", true, false),
        "villa" => p(14, 700_000.0, (250.0, 900.0), (3, 7), true, "residential", false, true),
        "duplex" => p(6, 330_000.0, (160.0, 340.0), (2, 5), true, "residential", true, false),
        "townhouse" => p(8, 390_000.0, (180.0, 320.0), (3, 5), true, "residential", false, true),
        "penthouse" => p(4, 950_000.0, (220.0, 600.0), (3, 6), true, "residential", true, false),
        "studio" => p(8, 85_000.0, (30.0, 60.0), (0, 0), true, "residential", true, false),
        "chalet" => p(4, 210_000.0, (90.0, 260.0), (1, 4), true, "holiday homes", false, true),
        "office" => p(8, 260_000.0, (60.0, 500.0), (0, 0), false, "commercial", true, false),
        "shop" => p(6, 190_000.0, (35.0, 250.0), (0, 0), false, "commercial", true, false),
        "warehouse" => p(3, 420_000.0, (400.0, 3000.0), (0, 0), false, "commercial", false, false),
        _ => p(5, 200_000.0, (80.0, 300.0), (0, 3), true, "residential", false, false),
    }
}

/// Which listings a title phrase suits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fit {
    Any,
    Homes,
    /// Homes in a city by the sea.
    Coast,
    /// Homes with a garden of their own.
    Garden,
}

/// English words before the type, Arabic words after it: 'Sea View Villa' / 'فيلا بإطلالة بحرية'.
/// The Arabic phrases are prepositional, so they agree with any type's gender.
const PHRASES: [(&str, &str, Fit); 14] = [
    ("Sea View", "بإطلالة بحرية", Fit::Coast),
    ("Beachfront", "على الواجهة البحرية", Fit::Coast),
    ("City View", "بإطلالة على المدينة", Fit::Homes),
    ("Luxury", "بتشطيبات فاخرة", Fit::Any),
    ("Modern", "بتصميم عصري", Fit::Any),
    ("Spacious", "بمساحة واسعة", Fit::Any),
    ("Family", "للعائلات", Fit::Homes),
    ("Furnished", "مع أثاث كامل", Fit::Homes),
    ("Renovated", "بتجديد كامل", Fit::Any),
    ("Garden", "مع حديقة خاصة", Fit::Garden),
    ("Private Pool", "مع مسبح خاص", Fit::Garden),
    ("Prime Location", "بموقع مميز", Fit::Any),
    ("Corner", "على زاوية", Fit::Any),
    ("Investment", "للاستثمار", Fit::Any),
];

const COASTAL_CITIES: [&str; 6] = ["dubai", "abu dhabi", "sharjah", "aqaba", "jeddah", "dammam"];

const HOME_HIGHLIGHTS: [(&str, &str); 7] = [
    ("Bright open-plan living area with large windows", "صالة معيشة مفتوحة ومشرقة بنوافذ واسعة"),
    ("Walking distance to schools, shops and mosques", "على مسافة قريبة من المدارس والمحلات والمساجد"),
    ("Covered parking and 24/7 security", "موقف سيارات مغطى وحراسة على مدار الساعة"),
    ("Fitted kitchen with modern appliances", "مطبخ مجهز بأجهزة حديثة"),
    ("Quiet street close to the main road", "شارع هادئ قريب من الطريق الرئيسي"),
    ("High-quality finishes throughout", "تشطيبات عالية الجودة في جميع الأرجاء"),
    ("Central air conditioning and heating", "تكييف وتدفئة مركزية"),
];

const BUSINESS_HIGHLIGHTS: [(&str, &str); 4] = [
    ("High footfall on a busy commercial street", "حركة زبائن كثيفة في شارع تجاري نشط"),
    ("Easy access to the main road and ample parking", "سهولة الوصول إلى الطريق الرئيسي ومواقف واسعة"),
    ("High-quality finishes throughout", "تشطيبات عالية الجودة في جميع الأرجاء"),
    ("Central air conditioning and backup power", "تكييف مركزي ومولد كهرباء احتياطي"),
];

const CLOSINGS: [(&str, &str); 4] = [
    ("Available for viewing by appointment.", "العقار متاح للمعاينة بموعد مسبق."),
    ("Title deed ready for transfer.", "سند الملكية جاهز للنقل."),
    ("Flexible payment plans available.", "تتوفر خطط دفع مرنة."),
    ("Ready to move in.", "العقار جاهز للاستخدام فورًا."),
];

/// The currency, its value of one US dollar, the price level and the continent of a country.
fn money_of(country_code: &str) -> (&'static str, f64, f64, Option<&'static str>) {
    match country_code {
        "JO" => ("JOD", 0.709, 0.55, Some("Asia")),
        "AE" => ("AED", 3.6725, 1.35, Some("Asia")),
        "SA" => ("SAR", 3.75, 1.0, Some("Asia")),
        _ => ("USD", 1.0, 1.0, None),
    }
}

fn bedrooms_ar(n: i32) -> String {
    match n {
        1 => "غرفة نوم واحدة".into(),
        2 => "غرفتي نوم".into(),
        3..=10 => format!("{n} غرف نوم"),
        _ => format!("{n} غرفة نوم"),
    }
}

fn bathrooms_ar(n: i32) -> String {
    match n {
        1 => "حمام واحد".into(),
        2 => "حمامين".into(),
        3..=10 => format!("{n} حمامات"),
        _ => format!("{n} حمامًا"),
    }
}

fn article(word: &str) -> &'static str {
    if word.starts_with(|c: char| "aeiouAEIOU8".contains(c))
        || word.starts_with("11")
        || word.starts_with("18")
    {
        "An"
    } else {
        "A"
    }
}

/// RFC 3339 UTC, as `db::clock` writes record times.
fn timestamp(epoch: i64) -> String {
    OffsetDateTime::from_unix_timestamp(epoch).ok().and_then(|t| t.format(&Rfc3339).ok()).unwrap_or_default()
}

/// Makes listings `0..total` from a catalog, created evenly over the `span_days` before now
/// (listing 0 the oldest), numbered from `first_number`.
pub struct Generator<'c> {
    catalog: &'c Catalog,
    profiles: Vec<Profile>,
    /// Running sums of the type weights, for a weighted choice.
    weights: Vec<u32>,
    rng: StdRng,
    start: i64,
    step: f64,
    first_number: u64,
}

impl<'c> Generator<'c> {
    /// `None` when the catalog lacks categories, types or places.
    pub fn new(
        catalog: &'c Catalog,
        seed: u64,
        total: u64,
        span_days: i64,
        first_number: u64,
    ) -> Option<Self> {
        if catalog.categories.is_empty() || catalog.types.is_empty() || catalog.spots.is_empty() {
            return None;
        }
        let profiles: Vec<Profile> = catalog.types.iter().map(|t| profile(&t.name_en)).collect();
        let weights = profiles
            .iter()
            .scan(0, |sum, p| {
                *sum += p.weight;
                Some(*sum)
            })
            .collect();
        let now = OffsetDateTime::now_utc().unix_timestamp();
        let span = span_days * 86_400;
        Some(Generator {
            catalog,
            profiles,
            weights,
            rng: StdRng::seed_from_u64(seed),
            start: now - span,
            step: span as f64 / total.max(1) as f64,
            first_number,
        })
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.rng.gen_range(0..items.len())]
    }

    fn chance(&mut self, probability: f64) -> bool {
        self.rng.gen_bool(probability)
    }

    /// The category named `name` (any case), if the catalog has one.
    fn category(&self, name: &str) -> Option<&'c Named> {
        self.catalog.categories.iter().find(|c| c.name_en.eq_ignore_ascii_case(name))
    }

    pub fn listing(&mut self, index: u64) -> Listing {
        let catalog = self.catalog;
        let total_weight = self.weights.last().copied().unwrap_or(1).max(1);
        let roll = self.rng.gen_range(0..total_weight);
        let type_index = self.weights.iter().position(|&sum| roll < sum).unwrap_or(0);
        let kind = &catalog.types[type_index];
        let profile = self.profiles[type_index];
        let spot = self.pick(&catalog.spots);

        // Category and display type: an investment now and then, else the type's usual one.
        let investment = self.category("investment").filter(|_| self.chance(0.18));
        let category = match investment.or_else(|| self.category(profile.category)) {
            Some(category) => category,
            None => self.pick(&catalog.categories),
        };
        let display_type = if category.name_en.eq_ignore_ascii_case("investment") {
            vocabularies::DisplayType::Investment.value()
        } else {
            vocabularies::DisplayType::Public.value()
        };

        // Title: a phrase that suits the type and the place.
        let coastal = COASTAL_CITIES.contains(&spot.city.name_en.to_ascii_lowercase().as_str());
        let fitting: Vec<&(&str, &str, Fit)> = PHRASES
            .iter()
            .filter(|(_, _, fit)| match fit {
                Fit::Any => true,
                Fit::Homes => profile.residential,
                Fit::Coast => profile.residential && coastal,
                Fit::Garden => profile.garden,
            })
            .collect();
        let &&(phrase_en, phrase_ar, _) = self.pick(&fitting);
        let (place_en, place_ar) = match &spot.region {
            Some(region) => (region.name_en.as_str(), region.name_ar.as_str()),
            None => (spot.city.name_en.as_str(), spot.city.name_ar.as_str()),
        };
        let title_en = format!("{phrase_en} {} in {place_en}", kind.name_en);
        let title_ar = format!("{} {phrase_ar} في {place_ar}", kind.name_ar);
        let location = compose_location(&LocationParts {
            region: spot
                .region
                .as_ref()
                .map(|r| Place { name_en: r.name_en.clone(), name_ar: r.name_ar.clone() }),
            city: Some(Place { name_en: spot.city.name_en.clone(), name_ar: spot.city.name_ar.clone() }),
            country: Some(Place {
                name_en: spot.country.name_en.clone(),
                name_ar: spot.country.name_ar.clone(),
            }),
        });

        // Size, rooms and price.
        let area = (self.rng.gen_range(profile.area.0..=profile.area.1) / 5.0).round() * 5.0;
        let bedroom = self.rng.gen_range(profile.bedrooms.0..=profile.bedrooms.1);
        let bathroom = if profile.residential {
            (bedroom + self.rng.gen_range(-1..=1)).clamp(1, 8)
        } else {
            self.rng.gen_range(1..=2)
        };
        let (currency, per_usd, level, continent) = money_of(&spot.country_code);
        let units =
            profile.usd * per_usd * level * self.rng.gen_range(0.6..1.7) * (area / profile.area.0).sqrt()
                / 1.3;
        let units = (units / 500.0).round().max(1.0) * 500.0;
        let price = units as i64 * 1000;
        let maintenance_fee =
            self.chance(0.45).then(|| (units * self.rng.gen_range(0.001..0.004)).round() as i64 * 1000);

        // Description: what it is, where, a highlight and a closing line.
        let highlights: &[(&str, &str)] =
            if profile.residential { &HOME_HIGHLIGHTS } else { &BUSINESS_HIGHLIGHTS };
        let &(highlight_en, highlight_ar) = self.pick(highlights);
        let &(closing_en, closing_ar) = self.pick(&CLOSINGS);
        let near_en = match &spot.region {
            Some(region) => format!("{}, {}", region.name_en, spot.city.name_en),
            None => spot.city.name_en.clone(),
        };
        let near_ar = match &spot.region {
            Some(region) => format!("{}، {}", region.name_ar, spot.city.name_ar),
            None => spot.city.name_ar.clone(),
        };
        let type_lower = kind.name_en.to_lowercase();
        let (description_en, description_ar) = if bedroom > 0 {
            let bathrooms_en =
                if bathroom == 1 { "1 bathroom".to_owned() } else { format!("{bathroom} bathrooms") };
            (
                format!(
                    "{} {bedroom}-bedroom {type_lower} of {area} m² in {near_en}, with {bathrooms_en}. {highlight_en}. {closing_en}",
                    article(&bedroom.to_string())
                ),
                format!(
                    "{} بمساحة {area} م² في {near_ar}، مع {} و{}. {highlight_ar}. {closing_ar}",
                    kind.name_ar,
                    bedrooms_ar(bedroom),
                    bathrooms_ar(bathroom)
                ),
            )
        } else {
            (
                format!(
                    "{} {type_lower} of {area} m² in {near_en}. {highlight_en}. {closing_en}",
                    article(&type_lower)
                ),
                format!("{} بمساحة {area} م² في {near_ar}. {highlight_ar}. {closing_ar}", kind.name_ar),
            )
        };

        // The building.
        let (floors, floor) = if profile.in_building {
            let floors = self.rng.gen_range(3..=30);
            let floor = if kind.name_en.eq_ignore_ascii_case("penthouse") {
                floors - 1
            } else {
                self.rng.gen_range(0..floors)
            };
            (Some(floors), Some(floor))
        } else {
            (Some(self.rng.gen_range(1..=3)), None)
        };
        let building_type_new = vocabularies::BUILDING_TYPES
            .iter()
            .find(|term| term.value.eq_ignore_ascii_case(&kind.name_en))
            .map_or("Apartment", |term| term.value);

        // Status (mostly active) and times: created evenly over the span, edited since.
        let roll = self.rng.gen_range(0..100);
        let status = match roll {
            0..=79 => PropertyStatus::Active,
            80..=91 => PropertyStatus::Pending,
            _ => PropertyStatus::Sold,
        }
        .value();
        let now = OffsetDateTime::now_utc().unix_timestamp();
        let created = (self.start
            + (index as f64 * self.step) as i64
            + self.rng.gen_range(0..=self.step.max(1.0) as i64))
        .min(now);
        let updated = (created + self.rng.gen_range(0..=30 * 86_400)).min(now);
        let is_featured = self.chance(0.06);
        let property_number = format!("AQ-{:06}", self.first_number + index);
        let search_text = rules::fold::search_text(
            &title_en,
            &title_ar,
            Some(&property_number),
            &location.location_en,
            &location.location_ar,
        );
        Listing {
            search_text,
            property_number,
            title_en,
            title_ar,
            description_en,
            description_ar,
            location_en: location.location_en,
            location_ar: location.location_ar,
            price,
            currency,
            area,
            plot_area: profile.garden.then(|| (area * self.rng.gen_range(1.3..2.5)).round()),
            built_area: Some((area * 0.9).round()),
            country_id: spot.country.id,
            city_id: spot.city.id,
            region_id: spot.region.as_ref().map(|r| r.id),
            category_id: category.id,
            type_id: kind.id,
            continent,
            status,
            display_type,
            facing: self.pick(ORIENTATIONS).value,
            is_featured,
            bedroom,
            master_bedroom: i32::from(bedroom >= 2),
            living_room: if profile.residential { (bedroom / 2).clamp(1, 3) } else { 0 },
            kitchen: i32::from(profile.residential),
            bathroom,
            balcony: if profile.residential { self.rng.gen_range(0..=2) } else { 0 },
            building_type_new,
            year_built: self.rng.gen_range(1985..=2025),
            building_condition: self.pick(BUILDING_CONDITIONS).value,
            number_of_floors_in_building: floors,
            floor_number_unit: floor,
            parking_spaces_available: Some(self.rng.gen_range(0..=3)),
            elevators_available: profile.in_building && floors.is_some_and(|f| f > 4),
            parking_space: self.chance(0.7),
            furnished: profile.residential && self.chance(0.3),
            fitted_kitchen: profile.residential && self.chance(0.6),
            has_central_ac: self.chance(0.55),
            panoramic_view: coastal && self.chance(0.3),
            swimming_pool_shared_or_private: profile.residential && self.chance(0.25),
            gym_fitness_center: profile.residential && self.chance(0.2),
            security_system_cctv_alarm: self.chance(0.5),
            maintenance_fee,
            created_at: timestamp(created),
            updated_at: timestamp(updated),
            featured_at: is_featured.then(|| timestamp(updated)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(id: i64, en: &str, ar: &str) -> Named {
        Named { id, name_en: en.into(), name_ar: ar.into() }
    }

    fn catalog() -> Catalog {
        Catalog {
            categories: vec![
                named(1, "Residential", "سكني"),
                named(2, "Investment", "استثماري"),
                named(3, "Commercial", "تجاري"),
            ],
            types: vec![named(1, "Villa", "فيلا"), named(2, "Apartment", "شقة"), named(3, "Office", "مكتب")],
            spots: vec![
                Spot {
                    country: named(1, "United Arab Emirates", "الإمارات العربية المتحدة"),
                    country_code: "AE".into(),
                    city: named(1, "Dubai", "دبي"),
                    region: Some(named(1, "Dubai Marina", "دبي مارينا")),
                },
                Spot {
                    country: named(2, "Jordan", "الأردن"),
                    country_code: "JO".into(),
                    city: named(2, "Zarqa", "الزرقاء"),
                    region: None,
                },
            ],
        }
    }

    #[test]
    fn listings_are_bilingual_and_their_parts_agree() {
        let catalog = catalog();
        let mut generator = Generator::new(&catalog, 7, 500, 365, 1).expect("a full catalog");
        for index in 0..500 {
            let listing = generator.listing(index);
            assert!(listing.title_en.contains(" in "), "{}", listing.title_en);
            assert!(listing.title_ar.contains(" في "), "{}", listing.title_ar);
            assert!(listing.description_ar.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)));
            let expected_location = match listing.region_id {
                Some(_) => (
                    "Dubai Marina, Dubai, United Arab Emirates",
                    "دبي مارينا، دبي، الإمارات العربية المتحدة",
                    "AED",
                ),
                None => ("Zarqa, Jordan", "الزرقاء، الأردن", "JOD"),
            };
            assert_eq!(
                (listing.location_en.as_str(), listing.location_ar.as_str(), listing.currency),
                expected_location
            );
            assert!(listing.price > 0 && listing.price % 1000 == 0, "whole units in thousandths");
            assert_eq!(listing.property_number, format!("AQ-{:06}", index + 1));
            assert_eq!(
                listing.search_text,
                rules::fold::search_text(
                    &listing.title_en,
                    &listing.title_ar,
                    Some(&listing.property_number),
                    &listing.location_en,
                    &listing.location_ar
                )
            );
            if listing.title_en.starts_with("Sea View") {
                assert_eq!(listing.city_id, 1, "sea views are by the sea");
            }
            assert_eq!(listing.display_type == "investment", listing.category_id == 2);
        }
    }

    #[test]
    fn the_same_seed_makes_the_same_listings_and_times_rise() {
        let catalog = catalog();
        let make = || {
            let mut generator = Generator::new(&catalog, 42, 100, 730, 1).expect("catalog");
            (0..100).map(|i| generator.listing(i)).map(|l| (l.title_en, l.created_at)).collect::<Vec<_>>()
        };
        let (first, second) = (make(), make());
        assert_eq!(
            first.iter().map(|l| &l.0).collect::<Vec<_>>(),
            second.iter().map(|l| &l.0).collect::<Vec<_>>()
        );
        assert!(first.first().map(|l| &l.1) < first.last().map(|l| &l.1), "older listings first");
        let statuses: std::collections::BTreeSet<&str> = {
            let mut generator = Generator::new(&catalog, 1, 300, 30, 1).expect("catalog");
            (0..300).map(|i| generator.listing(i).status).collect()
        };
        assert_eq!(statuses.into_iter().collect::<Vec<_>>(), ["active", "pending", "sold"]);
    }

    #[test]
    fn an_incomplete_catalog_makes_nothing() {
        let mut empty = catalog();
        empty.types.clear();
        assert!(Generator::new(&empty, 1, 10, 10, 1).is_none());
    }
}
