//! A stored listing's readiness for each portal (issue 41): the rules' verdict on what the
//! panel reads, so the list's badges, the form's panel and the feeds agree.

use rules::advertising::Permit;
use rules::portals::readiness::{self, characters, MappedByPortal, ReadinessFacts};
use rules::properties::quality::PermitState;

use super::Listing;

/// What the portals' verdicts are judged by, beyond the listing: its photo count, whether its
/// agent has a phone, the mappings of its records, and its place's authority at `now`.
pub struct Context<'a> {
    pub images: u32,
    pub agent_phone: bool,
    pub mapped: MappedByPortal,
    pub authority: Option<&'a str>,
    pub now: &'a str,
}

/// The facts the rules judge `listing` by.
pub fn facts(listing: &Listing, context: &Context<'_>) -> ReadinessFacts {
    let permit = Permit {
        number: listing.permit_number.as_deref(),
        issued_at: listing.permit_issued_at.as_deref(),
        expires_at: listing.permit_expires_at.as_deref(),
        contract_ends_at: listing.contract_ends_at.as_deref(),
    };
    ReadinessFacts {
        offering_type: listing.offering_type,
        rent_frequency: listing.rent_frequency,
        permit: PermitState::of(context.authority, permit, context.now),
        pinned: listing.latitude.is_some() && listing.longitude.is_some(),
        images: context.images,
        title_en: characters(&listing.title_en),
        title_ar: characters(&listing.title_ar),
        description_en: characters(&listing.description_en),
        description_ar: characters(&listing.description_ar),
        agent_phone: context.agent_phone,
        mapped: context.mapped,
    }
}

/// Every feed portal's verdict on `property`, and the chosen ones that block it.
pub fn judge(property: &mut super::Property, context: &Context<'_>) {
    let facts = facts(&property.listing, context);
    property.readiness = readiness::readiness(&facts, &property.publish_to);
    property.blocked_for = readiness::blocked(&facts, &property.publish_to);
}
