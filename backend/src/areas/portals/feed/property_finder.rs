//! Property Finder's feed (backend/feeds/property-finder.xsd): `<list>` of `<property>`, in
//! the element order of the CRM generators the format was learnt from (plan: formats-facts).

use rules::portals::formats::PROPERTY_FINDER_COMMERCIAL;
use rules::portals::FeedPortal;
use rules::vocabularies::OfferingType;

use super::listing::{Agent, FeedListing, Words};
use super::xml::{self, close, element, open, optional};
use super::{photo_url, Census, Site};

/// The document's start: the listing count was taken before the first listing is written.
pub fn start(out: &mut String, census: &Census) {
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<list last_update=\"");
    out.push_str(&xml::feed_time(&census.last_update));
    out.push_str(&format!("\" listing_count=\"{}\">\n", census.count));
}

pub fn end(out: &mut String) {
    out.push_str("</list>\n");
}

/// RS, RR, CS or CR: offered for sale or rent, residential unless its type (or its
/// category) maps to a commercial-only type.
fn offering(listing: &FeedListing, type_code: &str, category_code: Option<&str>) -> &'static str {
    let commercial = PROPERTY_FINDER_COMMERCIAL.contains(&type_code)
        || category_code.is_some_and(|code| PROPERTY_FINDER_COMMERCIAL.contains(&code));
    match (commercial, listing.offering_type) {
        (false, OfferingType::Sale) => "RS",
        (false, OfferingType::Rent) => "RR",
        (true, OfferingType::Sale) => "CS",
        (true, OfferingType::Rent) => "CR",
    }
}

/// One listing; `portals` is what the rules let it go to (empty: it is left out).
pub fn property(out: &mut String, listing: &FeedListing, words: &Words, portals: &[FeedPortal], site: &Site) {
    let (Some(type_code), Some((city, community)), Some(agent)) =
        (words.property_type(listing), words.location(listing), listing.agent.as_ref())
    else {
        return;
    };
    if !portals.contains(&FeedPortal::PropertyFinder) {
        return;
    }
    let updated = xml::feed_time(&listing.updated_at);
    out.push_str(&format!("<property last_update=\"{updated}\">"));
    element(out, "reference_number", &listing.reference);
    optional(out, "permit_number", listing.permit_number.as_deref());
    element(out, "offering_type", offering(listing, type_code, words.category(listing)));
    element(out, "property_type", type_code);
    match (listing.offering_type, listing.rent_frequency) {
        (OfferingType::Rent, Some(period)) => {
            open(out, "price");
            element(out, period.value(), &xml::price(listing.price));
            close(out, "price");
        }
        _ => element(out, "price", &xml::price(listing.price)),
    }
    element(out, "city", city);
    element(out, "community", community);
    element(out, "title_en", listing.title_en.trim());
    optional(out, "title_ar", Some(&listing.title_ar));
    element(out, "description_en", listing.description_en.trim());
    optional(out, "description_ar", Some(&listing.description_ar));
    if let Some(area) = listing.area {
        element(out, "size", &xml::square_feet(area));
    }
    // 0 is a studio (formats-facts: PF has no word of its own for one).
    element(out, "bedroom", &xml::rooms(listing.bedrooms, 7));
    element(out, "bathroom", &xml::rooms(listing.bathrooms, 7));
    write_agent(out, agent, site);
    element(out, "furnished", if listing.furnished { "Yes" } else { "No" });
    open(out, "photo");
    for url in listing.images.iter().filter_map(|image| photo_url(image, site)) {
        out.push_str(&format!("<url last_updated=\"{updated}\">"));
        xml::escape_into(out, &url);
        out.push_str("</url>");
    }
    close(out, "photo");
    if let (Some(latitude), Some(longitude)) = (listing.latitude, listing.longitude) {
        element(out, "geopoints", &format!("{},{}", xml::degrees(longitude), xml::degrees(latitude)));
    }
    element(out, "completion_status", if listing.off_plan { "off_plan" } else { "completed" });
    out.push_str("</property>\n");
}

fn write_agent(out: &mut String, agent: &Agent, site: &Site) {
    open(out, "agent");
    element(out, "id", &agent.id.to_string());
    element(out, "name", &agent.name);
    optional(out, "email", agent.email.as_deref().or(site.company_email.as_deref()));
    element(out, "phone", &xml::digits(agent.phone.as_deref().unwrap_or_default()));
    optional(out, "license_no", agent.license_number.as_deref());
    close(out, "agent");
}

#[cfg(test)]
mod tests {
    use super::super::listing::tests::{ready, words};
    use super::*;
    use rules::vocabularies::RentFrequency;

    fn site() -> Site {
        Site { panel_url: "https://panel.example".into(), company_email: None }
    }

    #[test]
    fn a_rental_is_priced_by_its_period_and_a_commercial_type_is_offered_as_such() {
        let listing = FeedListing {
            offering_type: OfferingType::Rent,
            rent_frequency: Some(RentFrequency::Monthly),
            price: 9_000_000,
            ..ready()
        };
        let mut out = String::new();
        property(&mut out, &listing, &words("OF"), &[FeedPortal::PropertyFinder], &site());
        assert!(out.contains("<offering_type>CR</offering_type>"), "{out}");
        assert!(out.contains("<price><monthly>9000</monthly></price>"), "{out}");
        assert!(out.contains("<geopoints>55.3,25.2</geopoints>"), "{out}");
        assert!(
            out.contains("<url last_updated=\"2025-02-27 14:05:12\">https://panel.example/media/a.jpg</url>")
        );
        assert!(out.contains("<phone>971501234567</phone>"), "{out}");
    }

    #[test]
    fn a_listing_the_rules_keep_out_is_not_written() {
        let mut out = String::new();
        property(&mut out, &ready(), &words("AP"), &[], &site());
        assert_eq!(out, "");
    }
}
