//! What the engine keeps of a listing: its folded words, and each filter and sort key as a
//! fast field. A change here is a new [`VERSION`]: an index of another version is rebuilt.

use rules::portals::{FeedPortal, Portal};
use rules::vocabularies::{DisplayType, OfferingType, PropertyStatus};
use tantivy::schema::{
    Field, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions, FAST, INDEXED,
};
use tantivy::tokenizer::{LowerCaser, SimpleTokenizer, TextAnalyzer};
use tantivy::TantivyDocument;

/// The schema's version, kept in every commit's payload.
pub const VERSION: u32 = 3;

/// The tokenizer of the folded text: words of letters and digits (Arabic ones included).
pub const TOKENIZER: &str = "aqar_folded";

pub fn tokenizer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default()).filter(LowerCaser).build()
}

/// The Arabic definite article and the prefixes written with it, searched without them too:
/// 'فيلا' finds 'الفيلا'.
const ARTICLES: [&str; 4] = ["وال", "بال", "لل", "ال"];

/// A listing's folded text as indexed: each word, and each Arabic word again without its
/// article.
pub fn indexed_text(folded: &str) -> String {
    let mut text = folded.to_owned();
    for word in folded.split(|c: char| !c.is_alphanumeric()) {
        if let Some(bare) = ARTICLES.iter().find_map(|a| word.strip_prefix(a)) {
            if bare.chars().count() >= 2 {
                text.push(' ');
                text.push_str(bare);
            }
        }
    }
    text
}

/// The fields, by name.
#[derive(Debug, Clone, Copy)]
pub struct Fields {
    pub id: Field,
    pub text: Field,
    pub status: Field,
    pub status_rank: Field,
    pub category: Field,
    pub kind: Field,
    pub display: Field,
    pub country: Field,
    pub city: Field,
    pub region: Field,
    pub featured: Field,
    pub import: Field,
    pub features: Field,
    pub price: Field,
    pub area: Field,
    pub bedrooms: Field,
    pub bathrooms: Field,
    pub created: Field,
    pub updated: Field,
    pub title_rank: Field,
    pub number_rank: Field,
    pub offering: Field,
    pub latitude: Field,
    pub longitude: Field,
    pub live_from: Field,
    pub live_until: Field,
    pub timed: Field,
    pub quality: Field,
    /// Each portal of the listing's `publishTo` set, by its code (issue 41).
    pub publish_to: Field,
    /// Each portal of that set that would refuse the listing.
    pub blocked: Field,
}

/// Names of the fast fields read by name.
pub mod names {
    pub const ID: &str = "id";
    pub const STATUS: &str = "status";
    pub const STATUS_RANK: &str = "status_rank";
    pub const DISPLAY: &str = "display";
    pub const FEATURED: &str = "featured";
    pub const CATEGORY: &str = "category";
    pub const KIND: &str = "type";
    pub const CITY: &str = "city";
    pub const PRICE: &str = "price";
    pub const AREA: &str = "area";
    pub const BEDROOMS: &str = "bedrooms";
    pub const CREATED: &str = "created";
    pub const UPDATED: &str = "updated";
    pub const TITLE_RANK: &str = "title_rank";
    pub const NUMBER_RANK: &str = "number_rank";
    pub const OFFERING: &str = "offering";
    pub const LIVE_FROM: &str = "live_from";
    pub const LIVE_UNTIL: &str = "live_until";
    /// 1 for a listing whose public visibility has an end or a start in time.
    pub const TIMED: &str = "timed";
    pub const QUALITY: &str = "quality";
    pub const PUBLISH_TO: &str = "publish_to";
    pub const BLOCKED: &str = "blocked";
}

pub fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let key = || NumericOptions::default().set_indexed().set_fast();
    let text = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default().set_tokenizer(TOKENIZER).set_index_option(IndexRecordOption::WithFreqs),
    );
    let fields = Fields {
        id: b.add_u64_field(names::ID, INDEXED | FAST),
        text: b.add_text_field("text", text),
        status: b.add_u64_field(names::STATUS, key()),
        status_rank: b.add_u64_field(names::STATUS_RANK, FAST),
        category: b.add_u64_field(names::CATEGORY, key()),
        kind: b.add_u64_field(names::KIND, key()),
        display: b.add_u64_field(names::DISPLAY, key()),
        country: b.add_u64_field("country", INDEXED),
        city: b.add_u64_field(names::CITY, key()),
        region: b.add_u64_field("region", INDEXED),
        featured: b.add_u64_field(names::FEATURED, key()),
        import: b.add_u64_field("import", INDEXED),
        features: b.add_u64_field("features", INDEXED),
        price: b.add_i64_field(names::PRICE, key()),
        area: b.add_f64_field(names::AREA, key()),
        bedrooms: b.add_u64_field(names::BEDROOMS, key()),
        bathrooms: b.add_u64_field("bathrooms", INDEXED),
        created: b.add_u64_field(names::CREATED, FAST),
        updated: b.add_u64_field(names::UPDATED, FAST),
        title_rank: b.add_u64_field(names::TITLE_RANK, FAST),
        number_rank: b.add_u64_field(names::NUMBER_RANK, FAST),
        offering: b.add_u64_field(names::OFFERING, key()),
        latitude: b.add_f64_field("latitude", INDEXED),
        longitude: b.add_f64_field("longitude", INDEXED),
        live_from: b.add_i64_field(names::LIVE_FROM, key()),
        live_until: b.add_i64_field(names::LIVE_UNTIL, key()),
        timed: b.add_u64_field(names::TIMED, FAST),
        quality: b.add_u64_field(names::QUALITY, FAST),
        publish_to: b.add_u64_field(names::PUBLISH_TO, INDEXED),
        blocked: b.add_u64_field(names::BLOCKED, INDEXED),
    };
    (b.build(), fields)
}

/// A listing's row as the engine reads it from the database.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: i64,
    pub search_text: String,
    pub status: String,
    pub category_id: i64,
    pub type_id: i64,
    pub display_type: String,
    pub country_id: Option<i64>,
    pub city_id: Option<i64>,
    pub region_id: Option<i64>,
    pub is_featured: bool,
    pub import_id: Option<i64>,
    /// Thousandths, as stored.
    pub price: i64,
    pub area: Option<f64>,
    pub bedrooms: i64,
    pub bathrooms: i64,
    pub created_at: String,
    pub updated_at: String,
    pub title_en: String,
    pub property_number: Option<String>,
    pub feature_ids: Vec<i64>,
    pub offering_type: String,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// When public reads start and stop showing the listing (epoch seconds): its publishing
    /// window, and where its place regulates advertising, its permit's validity.
    pub live_from: Option<i64>,
    pub live_until: Option<i64>,
    /// The rules' quality score, 0-100.
    pub quality: u8,
    pub publish_to: Vec<Portal>,
    pub blocked: Vec<FeedPortal>,
}

/// The code of a status, its place in the vocabulary.
pub fn status_code(status: PropertyStatus) -> u64 {
    PropertyStatus::ALL.iter().position(|s| *s == status).unwrap_or(0) as u64
}

pub fn offering_code(offering: OfferingType) -> u64 {
    OfferingType::ALL.iter().position(|o| *o == offering).unwrap_or(0) as u64
}

pub fn display_code(display: DisplayType) -> u64 {
    DisplayType::ALL.iter().position(|d| *d == display).unwrap_or(0) as u64
}

fn code_of<T: Copy>(all: &[T], value: fn(T) -> &'static str, text: &str) -> u64 {
    all.iter().position(|v| value(*v) == text).unwrap_or(0) as u64
}

/// A status's place in alphabetical order: the order `sort=status` reads, as SQL did.
fn status_rank(text: &str) -> u64 {
    let mut names: Vec<&str> = PropertyStatus::ALL.iter().map(|s| s.value()).collect();
    names.sort_unstable();
    names.iter().position(|n| *n == text).unwrap_or(0) as u64
}

/// The first eight bytes of a text, as a number that sorts as the text does; ties (texts
/// sharing those bytes) fall to the id.
pub fn text_rank(text: &str) -> u64 {
    let mut bytes = [0u8; 8];
    for (slot, byte) in bytes.iter_mut().zip(text.bytes()) {
        *slot = byte;
    }
    u64::from_be_bytes(bytes)
}

/// An RFC 3339 UTC timestamp as a number that sorts as the text does: its digits, the
/// century dropped so they fit.
pub fn time_rank(text: &str) -> u64 {
    let digits: String = text.chars().filter(char::is_ascii_digit).skip(2).take(18).collect();
    format!("{digits:0<18}").parse().unwrap_or(0)
}

fn id(value: Option<i64>) -> u64 {
    value.and_then(|v| u64::try_from(v).ok()).unwrap_or(0)
}

impl Row {
    pub fn document(&self, f: &Fields) -> TantivyDocument {
        let mut doc = TantivyDocument::default();
        doc.add_u64(f.id, id(Some(self.id)));
        doc.add_text(f.text, indexed_text(&self.search_text));
        doc.add_u64(f.status, code_of(PropertyStatus::ALL, PropertyStatus::value, &self.status));
        doc.add_u64(f.status_rank, status_rank(&self.status));
        doc.add_u64(f.category, id(Some(self.category_id)));
        doc.add_u64(f.kind, id(Some(self.type_id)));
        doc.add_u64(f.display, code_of(DisplayType::ALL, DisplayType::value, &self.display_type));
        doc.add_u64(f.country, id(self.country_id));
        doc.add_u64(f.city, id(self.city_id));
        doc.add_u64(f.region, id(self.region_id));
        doc.add_u64(f.featured, u64::from(self.is_featured));
        doc.add_u64(f.import, id(self.import_id));
        for feature in &self.feature_ids {
            doc.add_u64(f.features, id(Some(*feature)));
        }
        doc.add_i64(f.price, self.price);
        if let Some(area) = self.area {
            doc.add_f64(f.area, area);
        }
        doc.add_u64(f.bedrooms, id(Some(self.bedrooms)));
        doc.add_u64(f.bathrooms, id(Some(self.bathrooms)));
        doc.add_u64(f.created, time_rank(&self.created_at));
        doc.add_u64(f.updated, time_rank(&self.updated_at));
        doc.add_u64(f.title_rank, text_rank(&self.title_en));
        // No number sorts last ascending, as NULL does in PostgreSQL.
        doc.add_u64(f.number_rank, self.property_number.as_deref().map_or(u64::MAX, text_rank));
        doc.add_u64(f.offering, code_of(OfferingType::ALL, OfferingType::value, &self.offering_type));
        if let (Some(latitude), Some(longitude)) = (self.latitude, self.longitude) {
            doc.add_f64(f.latitude, latitude);
            doc.add_f64(f.longitude, longitude);
        }
        doc.add_i64(f.live_from, self.live_from.unwrap_or(i64::MIN));
        doc.add_i64(f.live_until, self.live_until.unwrap_or(i64::MAX));
        doc.add_u64(f.timed, u64::from(self.live_from.is_some() || self.live_until.is_some()));
        doc.add_u64(f.quality, u64::from(self.quality));
        for portal in &self.publish_to {
            doc.add_u64(f.publish_to, portal.code());
        }
        for portal in &self.blocked {
            doc.add_u64(f.blocked, portal.code());
        }
        doc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_sort_as_their_text() {
        let a = time_rank("2026-11-29T07:00:00Z");
        let b = time_rank("2026-11-29T07:00:01Z");
        let c = time_rank("2099-01-01T00:00:00Z");
        assert!(a < b && b < c, "{a} {b} {c}");
    }

    #[test]
    fn texts_sort_by_their_first_bytes() {
        assert!(text_rank("Apartment") < text_rank("Villa"));
        assert!(text_rank("Vil") < text_rank("Villa"));
        assert!(text_rank("") < text_rank("A"));
    }

    #[test]
    fn arabic_words_are_also_kept_without_their_article() {
        assert_eq!(indexed_text("الفيلا كبيره"), "الفيلا كبيره فيلا");
        assert_eq!(indexed_text("villa"), "villa");
    }
}
