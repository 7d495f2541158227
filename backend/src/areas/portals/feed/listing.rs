//! A listing as the feeds read it, the portal's words for its records, and the rules'
//! verdict: a listing goes into a portal's feed when it is chosen for the portal and the
//! rules find nothing the portal would refuse it for (`rules::portals::readiness`).

use std::collections::HashMap;

use rules::portals::readiness::{characters, reasons, Mapped, MappedByPortal, ReadinessFacts};
use rules::portals::{FeedPortal, MappingKind, MappingPortal, Portal};
use rules::properties::quality::PermitState;
use rules::vocabularies::{OfferingType, RentFrequency};

/// The listing's agent, as the feeds name them.
#[derive(Debug, Clone, PartialEq)]
pub struct Agent {
    pub id: i64,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub license_number: Option<String>,
}

/// One listing of a feed.
#[derive(Debug, Clone, PartialEq)]
pub struct FeedListing {
    pub id: i64,
    /// The reference the portals know it by (see `store::feed`).
    pub reference: String,
    pub permit_number: Option<String>,
    pub permit: PermitState,
    pub offering_type: OfferingType,
    pub rent_frequency: Option<RentFrequency>,
    /// In thousandths of its currency.
    pub price: i64,
    /// Its area in m², else its built area, else its plot's.
    pub area: Option<f64>,
    pub bedrooms: i32,
    pub bathrooms: i32,
    pub furnished: bool,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub off_plan: bool,
    pub publish_to: Vec<Portal>,
    pub title_en: String,
    pub title_ar: String,
    pub description_en: String,
    pub description_ar: String,
    pub category_id: i64,
    pub type_id: i64,
    pub city_id: Option<i64>,
    pub region_id: Option<i64>,
    pub updated_at: String,
    pub agent: Option<Agent>,
    /// Its photos' references (`/media/...` or outside URLs), in order.
    pub images: Vec<String>,
}

/// One portal's words for the catalog, read once a request.
#[derive(Debug, Clone, Default)]
pub struct Words(HashMap<(MappingKind, i64), String>);

impl Words {
    pub fn new(words: HashMap<(MappingKind, i64), String>) -> Words {
        Words(words)
    }

    fn of(&self, kind: MappingKind, id: Option<i64>) -> Option<&str> {
        id.and_then(|id| self.0.get(&(kind, id))).map(String::as_str)
    }

    /// The listing's type in the portal's words: its type's mapping, else its category's.
    pub fn property_type(&self, listing: &FeedListing) -> Option<&str> {
        self.of(MappingKind::PropertyType, Some(listing.type_id))
            .or_else(|| self.of(MappingKind::Category, Some(listing.category_id)))
    }

    /// Its category's mapping alone (Property Finder offers a listing whose category maps
    /// to a commercial type as commercial).
    pub fn category(&self, listing: &FeedListing) -> Option<&str> {
        self.of(MappingKind::Category, Some(listing.category_id))
    }

    /// Its city and its region in the portal's words; a listing without a region has no
    /// location a portal takes.
    pub fn location(&self, listing: &FeedListing) -> Option<(&str, &str)> {
        let region = listing.region_id?;
        Some((self.of(MappingKind::City, listing.city_id)?, self.of(MappingKind::Region, Some(region))?))
    }
}

/// What the rules judge `listing` by, for the portals that read `words`' portal.
fn facts(listing: &FeedListing, words: &Words, portal: MappingPortal) -> ReadinessFacts {
    let mapped =
        Mapped { kind: words.property_type(listing).is_some(), location: words.location(listing).is_some() };
    let mapped = match portal {
        MappingPortal::PropertyFinder => {
            MappedByPortal { property_finder: mapped, ..MappedByPortal::default() }
        }
        MappingPortal::Bayut => MappedByPortal { bayut: mapped, ..MappedByPortal::default() },
    };
    let agent_phone = listing
        .agent
        .as_ref()
        .and_then(|agent| agent.phone.as_deref())
        .is_some_and(|phone| !phone.trim().is_empty());
    ReadinessFacts {
        offering_type: listing.offering_type,
        rent_frequency: listing.rent_frequency,
        permit: listing.permit,
        pinned: listing.latitude.is_some() && listing.longitude.is_some(),
        images: u32::try_from(listing.images.len()).unwrap_or(u32::MAX),
        title_en: characters(&listing.title_en),
        title_ar: characters(&listing.title_ar),
        description_en: characters(&listing.description_en),
        description_ar: characters(&listing.description_ar),
        agent_phone,
        mapped,
    }
}

/// The portals reading `feed` that `listing` goes to: those it is chosen for and ready for,
/// in the rules' order; none keeps it out of the feed.
pub fn portals(listing: &FeedListing, words: &Words, feed: MappingPortal) -> Vec<FeedPortal> {
    let facts = facts(listing, words, feed);
    FeedPortal::ALL
        .iter()
        .copied()
        .filter(|portal| portal.mapping() == feed && listing.publish_to.contains(&portal.portal()))
        .filter(|portal| reasons(&facts, *portal).is_empty())
        .collect()
}

#[cfg(test)]
pub mod tests {
    use super::*;

    /// A listing every portal takes once its records are mapped.
    pub fn ready() -> FeedListing {
        FeedListing {
            id: 7,
            reference: "AQ-7".into(),
            permit_number: None,
            permit: PermitState::NotRequired,
            offering_type: OfferingType::Sale,
            rent_frequency: None,
            price: 250_000_000,
            area: Some(120.0),
            bedrooms: 2,
            bathrooms: 1,
            furnished: false,
            latitude: Some(25.2),
            longitude: Some(55.3),
            off_plan: false,
            publish_to: vec![Portal::Website, Portal::PropertyFinder, Portal::Bayut, Portal::Dubizzle],
            title_en: "A bright two-bedroom flat by the marina".into(),
            title_ar: String::new(),
            description_en: "x".repeat(800),
            description_ar: String::new(),
            category_id: 1,
            type_id: 2,
            city_id: Some(3),
            region_id: Some(4),
            updated_at: "2025-02-27T14:05:12Z".into(),
            agent: Some(Agent {
                id: 1,
                name: "Layla".into(),
                email: Some("layla@example.com".into()),
                phone: Some("+971 50 123 4567".into()),
                license_number: None,
            }),
            images: vec!["/media/a.jpg".into()],
        }
    }

    pub fn words(type_code: &str) -> Words {
        Words::new(HashMap::from([
            ((MappingKind::PropertyType, 2), type_code.to_owned()),
            ((MappingKind::City, 3), "Dubai".to_owned()),
            ((MappingKind::Region, 4), "Dubai Marina".to_owned()),
        ]))
    }

    #[test]
    fn a_ready_listing_goes_to_the_portals_it_is_chosen_for() {
        assert_eq!(
            portals(&ready(), &words("AP"), MappingPortal::PropertyFinder),
            [FeedPortal::PropertyFinder]
        );
        let bayut = FeedListing { publish_to: vec![Portal::Dubizzle], ..ready() };
        assert_eq!(portals(&bayut, &words("Apartment"), MappingPortal::Bayut), [FeedPortal::Dubizzle]);
    }

    #[test]
    fn a_blocked_or_unmapped_listing_stays_out() {
        let pf = MappingPortal::PropertyFinder;
        assert_eq!(portals(&FeedListing { images: vec![], ..ready() }, &words("AP"), pf), []);
        assert_eq!(portals(&FeedListing { region_id: None, ..ready() }, &words("AP"), pf), []);
        assert_eq!(portals(&ready(), &Words::default(), pf), []);
        let renting = FeedListing { offering_type: OfferingType::Rent, ..ready() };
        assert_eq!(portals(&renting, &words("AP"), pf), []);
    }
}
