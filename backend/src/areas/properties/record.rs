//! What a listing is as the panel and the public site read it.

use rules::portals::readiness::PortalReadiness;
use rules::portals::{CompletionStatus, FeedPortal, Portal};
use rules::vocabularies::{DisplayType, FeatureCategory, OfferingType, PropertyStatus, RentFrequency};
use schemars::JsonSchema;
use serde::Serialize;

/// What a listing is, as both the panel and the public site read it. Money is a number of
/// the currency's units (stored exactly, as thousandths).
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Listing {
    pub id: i64,
    pub property_number: Option<String>,
    pub title_en: String,
    pub title_ar: String,
    pub description_en: String,
    pub description_ar: String,
    pub price: f64,
    pub currency: String,
    pub area: Option<f64>,
    pub plot_area: Option<f64>,
    pub built_area: Option<f64>,
    /// Absent on listings made with the quick form, which has no location picker.
    pub country_id: Option<i64>,
    pub city_id: Option<i64>,
    pub region_id: Option<i64>,
    pub location_en: String,
    pub location_ar: String,
    pub continent: Option<String>,
    pub category_id: i64,
    pub type_id: i64,
    pub status: PropertyStatus,
    pub display_type: DisplayType,
    pub facing: Option<String>,
    pub is_featured: bool,

    /// Absent on listings made with the quick form.
    pub building_type_new: Option<String>,
    pub year_built: Option<i32>,
    pub building_condition: Option<String>,
    pub number_of_floors_in_building: Option<i32>,
    pub floor_number_unit: Option<i32>,
    pub apartments_per_floor: Option<i32>,
    pub parking_spaces_available: Option<i32>,
    pub elevators_available: bool,
    pub fire_safety_system: bool,
    pub hotel_style_entrance: bool,

    pub bedroom: i32,
    pub master_bedroom: i32,
    pub maids_room: i32,
    pub living_room: i32,
    pub kitchen: i32,
    pub open_kitchen: i32,
    pub service_kitchen: i32,
    pub laundry_room: i32,
    pub bathroom: i32,
    pub balcony: i32,
    pub terrace: i32,
    pub guest_room: i32,
    pub storage: i32,

    pub parking_space: bool,
    pub furnished: bool,
    pub fitted_kitchen: bool,
    pub kitchen_with_appliances: bool,
    pub gas_central_heating: bool,
    pub diesel_central_heating: bool,
    pub air_conditioning_unit: bool,
    pub double_glazed_aluminum_windows: bool,
    pub electric_shutters: bool,
    pub gas_fireplace: bool,
    pub diesel_fireplace: bool,
    pub has_intercom: bool,
    pub decoration: bool,
    pub smart_home_system: bool,
    pub has_underfloor_heating: bool,
    #[serde(rename = "hasCentralAC")]
    pub has_central_ac: bool,
    pub panoramic_view: bool,
    #[serde(rename = "securitySystemCCTVAlarm")]
    pub security_system_cctv_alarm: bool,
    pub swimming_pool_shared_or_private: bool,
    pub gym_fitness_center: bool,
    pub sauna_jacuzzi: bool,
    pub bbq_area: bool,
    pub kids_play_area: bool,
    pub lobby: bool,
    pub private_elevator: bool,

    pub video_url: Option<String>,
    pub virtual_tour_url: Option<String>,
    pub maintenance_fee: Option<f64>,
    pub property_tax: Option<f64>,

    /// The quick form's own fields (absent or false on listings made with the other form).
    pub bedrooms: Option<i32>,
    pub bathrooms: Option<i32>,
    pub floor: Option<i32>,
    pub total_floors: Option<i32>,
    pub parking_spaces: Option<i32>,
    pub building_age: Option<i32>,
    pub has_balcony: bool,
    pub has_garden: bool,
    pub has_elevator: bool,
    pub has_swimming_pool: bool,
    pub has_gym: bool,
    pub has_security: bool,
    pub pets_allowed: bool,

    pub created_at: String,
    pub updated_at: String,
    /// When the listing last became featured; null while it is not.
    pub featured_at: Option<String>,
    pub last_renovated: Option<String>,

    /// Sale or rent (issue 39); a rent listing's price is per `rentFrequency`.
    pub offering_type: OfferingType,
    pub rent_frequency: Option<RentFrequency>,
    /// The map pin, WGS84 degrees; the public site's is rounded to about 500 m when
    /// `locationApproximate`.
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub location_approximate: bool,
    /// The advertising permit (Trakheesi, ADREC) or licence (REGA) the listing is shown with.
    pub permit_number: Option<String>,
    /// The permit's QR code image: a `/media/...` path or an outside URL.
    pub permit_qr_image: Option<String>,
    pub permit_issued_at: Option<String>,
    pub permit_expires_at: Option<String>,
    /// The end of the brokerage contract behind a REGA licence.
    pub contract_ends_at: Option<String>,
    /// The publishing window (RFC 3339 UTC): public reads show the listing from
    /// `publishAt` (none: at once) until `unpublishAt` (none: for good).
    pub publish_at: Option<String>,
    pub unpublish_at: Option<String>,
    /// Built (`ready`) or `offPlan`, as the portals' feeds say it (issue 41).
    pub completion_status: CompletionStatus,

    pub category_name: String,
    pub category_name_ar: String,
    pub type_name: String,
    pub type_name_ar: String,
}

/// A property as the panel reads it (list, one, and the answer of every write).
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Property {
    #[serde(flatten)]
    pub listing: Listing,
    /// Image references in order, the first being the cover: `/media/{sha256}.{ext}` paths
    /// or outside URLs.
    pub images: Vec<String>,
    /// The user responsible for the listing, handed its leads (issue 26); the panel's
    /// only, never the public site's.
    pub agent_id: Option<i64>,
    /// 1 on create, +1 on each update; send it back as `If-Match: "N"`.
    pub version: i64,
    /// Who regulates advertising in the listing's place (`DLD`, `ADREC`, `REGA` or another
    /// name; the closest of region, city and country): an active listing there needs a
    /// valid permit. None where nobody does.
    pub advertising_authority: Option<String>,
    /// The rules' quality score of the listing as stored, 0-100 (`sort=quality`).
    pub quality: u8,
    /// Where the listing is published (issue 41).
    pub publish_to: Vec<Portal>,
    /// Each feed portal's verdict on the listing as stored, chosen or not.
    pub readiness: Vec<PortalReadiness>,
    /// The portals the listing is chosen for that would refuse it.
    pub blocked_for: Vec<FeedPortal>,
}

/// An active property as the public site reads it: the listing with its places' names, its
/// images with their scaled copies, and its selected active features.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PublicProperty {
    #[serde(flatten)]
    pub listing: Listing,
    pub country_name: Option<String>,
    pub country_name_ar: Option<String>,
    pub city_name: Option<String>,
    pub city_name_ar: Option<String>,
    pub region_name: Option<String>,
    pub region_name_ar: Option<String>,
    /// The agent responsible for the listing, as an advertisement must name them.
    pub agent: Option<PublicAgent>,
    /// The price before it dropped, when it dropped within the last 90 days; null otherwise.
    pub previous_price: Option<f64>,
    pub price_changed_at: Option<String>,
    /// In order, the first being the cover.
    pub images: Vec<PublicImage>,
    pub features: Vec<PublicFeature>,
}

/// A listing's agent on the public site: their name and broker licence (BRN, FAL).
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PublicAgent {
    pub name: String,
    pub license_number: Option<String>,
}

/// One image of a public listing.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PublicImage {
    /// `/media/{sha256}.{ext}` or an outside URL.
    pub url: String,
    /// The scaled copies of a `/media` image (`url?w=N`); null for an outside URL.
    pub variants: Option<ImageVariants>,
}

/// The scaled copies of a stored image, by width in pixels.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
pub struct ImageVariants {
    #[serde(rename = "160")]
    pub w160: String,
    #[serde(rename = "320")]
    pub w320: String,
    #[serde(rename = "640")]
    pub w640: String,
    #[serde(rename = "1280")]
    pub w1280: String,
}

impl PublicImage {
    pub fn of(reference: String) -> Self {
        let variants = reference.starts_with("/media/").then(|| ImageVariants {
            w160: format!("{reference}?w=160"),
            w320: format!("{reference}?w=320"),
            w640: format!("{reference}?w=640"),
            w1280: format!("{reference}?w=1280"),
        });
        PublicImage { url: reference, variants }
    }
}

/// A selected feature as the public site shows it.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PublicFeature {
    pub id: i64,
    pub name_en: String,
    pub name_ar: String,
    /// An icon class such as 'fi fi-rr-star'.
    pub icon: String,
    pub category: FeatureCategory,
}
