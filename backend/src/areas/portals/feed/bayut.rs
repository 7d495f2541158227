//! Bayut's feed, which dubizzle reads too (backend/feeds/bayut.xsd): `<Properties>` of
//! `<Property>`, each naming in `<Portals>` which of the two it is for.

use rules::portals::FeedPortal;
use rules::vocabularies::OfferingType;

use super::listing::{FeedListing, Words};
use super::xml::{self, close, element, open, optional};
use super::{photo_url, Site};

/// The Bayut types a listing without bedrooms is a studio of (`-1`); any other type has 0.
const STUDIO_TYPES: [&str; 2] = ["Apartment", "Hotel Apartment"];

pub fn start(out: &mut String) {
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Properties>\n");
}

pub fn end(out: &mut String) {
    out.push_str("</Properties>\n");
}

fn portal_name(portal: FeedPortal) -> Option<&'static str> {
    match portal {
        FeedPortal::Bayut => Some("Bayut"),
        FeedPortal::Dubizzle => Some("dubizzle"),
        FeedPortal::PropertyFinder => None,
    }
}

/// One listing; `portals` is what the rules let it go to (empty: it is left out).
pub fn property(out: &mut String, listing: &FeedListing, words: &Words, portals: &[FeedPortal], site: &Site) {
    let (Some(kind), Some((city, locality)), Some(agent)) =
        (words.property_type(listing), words.location(listing), listing.agent.as_ref())
    else {
        return;
    };
    let names: Vec<&str> = portals.iter().filter_map(|portal| portal_name(*portal)).collect();
    if names.is_empty() {
        return;
    }
    let updated = xml::feed_time(&listing.updated_at);
    open(out, "Property");
    element(out, "Property_Ref_No", &listing.reference);
    optional(out, "Permit_Number", listing.permit_number.as_deref());
    element(out, "Property_Status", "live");
    element(
        out,
        "Property_purpose",
        if listing.offering_type == OfferingType::Rent { "Rent" } else { "Buy" },
    );
    element(out, "Property_Type", kind);
    if let Some(area) = listing.area {
        element(out, "Property_Size", &xml::square_feet(area));
        element(out, "Property_Size_Unit", "SQFT");
    }
    let bedrooms = if listing.bedrooms == 0 && STUDIO_TYPES.contains(&kind) {
        "-1".to_owned()
    } else {
        xml::rooms(listing.bedrooms, 10)
    };
    element(out, "Bedrooms", &bedrooms);
    element(out, "Bathrooms", &xml::rooms(listing.bathrooms, 10));
    element(out, "Off_plan", if listing.off_plan { "Yes" } else { "No" });
    open(out, "Portals");
    for name in names {
        element(out, "Portal", name);
    }
    close(out, "Portals");
    element(out, "Property_Title", listing.title_en.trim());
    element(out, "Property_Description", listing.description_en.trim());
    optional(out, "Property_Title_AR", Some(&listing.title_ar));
    optional(out, "Property_Description_AR", Some(&listing.description_ar));
    element(out, "Price", &xml::price(listing.price));
    if let (OfferingType::Rent, Some(period)) = (listing.offering_type, listing.rent_frequency) {
        element(out, "Rent_Frequency", period.value());
    }
    element(out, "Furnished", if listing.furnished { "Yes" } else { "No" });
    element(out, "City", city);
    element(out, "Locality", locality);
    element(out, "Listing_Agent", &agent.name);
    element(out, "Listing_Agent_Phone", &xml::international(agent.phone.as_deref().unwrap_or_default()));
    optional(out, "Listing_Agent_Email", agent.email.as_deref().or(site.company_email.as_deref()));
    open(out, "Images");
    for url in listing.images.iter().filter_map(|image| photo_url(image, site)) {
        out.push_str(&format!("<Image last_update=\"{updated}\">"));
        xml::escape_into(out, &url);
        out.push_str("</Image>");
    }
    close(out, "Images");
    element(out, "Last_Updated", &updated);
    out.push_str("</Property>\n");
}

#[cfg(test)]
mod tests {
    use super::super::listing::tests::{ready, words};
    use super::*;

    #[test]
    fn a_studio_is_minus_one_and_the_portals_are_named() {
        let listing = FeedListing { bedrooms: 0, ..ready() };
        let site = Site { panel_url: "https://panel.example".into(), company_email: None };
        let mut out = String::new();
        property(&mut out, &listing, &words("Apartment"), &[FeedPortal::Bayut, FeedPortal::Dubizzle], &site);
        assert!(out.contains("<Bedrooms>-1</Bedrooms>"), "{out}");
        assert!(out.contains("<Portals><Portal>Bayut</Portal><Portal>dubizzle</Portal></Portals>"), "{out}");
        assert!(out
            .contains("<Property_Size>1291.67</Property_Size><Property_Size_Unit>SQFT</Property_Size_Unit>"));
        let mut villa = String::new();
        property(&mut villa, &listing, &words("Villa"), &[FeedPortal::Bayut], &site);
        assert!(villa.contains("<Bedrooms>0</Bedrooms>"), "{villa}");
    }
}
