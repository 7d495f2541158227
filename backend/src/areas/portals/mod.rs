//! The property portals (issue 41): Property Finder, and Bayut with dubizzle, read the
//! agency's listings from XML feeds ([`feed`]) and send its leads to webhooks
//! ([`webhooks`]). Admins map the catalog to the portals' words ([`mappings`]), give each
//! feed its secret address ([`tokens`]) and each webhook its secret ([`settings`]), and see
//! what the webhooks received ([`deliveries`]). What the portals take is the rules'
//! (`rules::portals`).

pub mod deliveries;
pub mod feed;
pub mod mappings;
pub mod settings;
pub mod store;
pub mod tokens;
pub mod webhooks;

use crate::platform::openapi::Endpoint;

/// Every operation of the portals' screens and webhooks.
pub fn api() -> Vec<Endpoint> {
    [settings::api(), mappings::api(), deliveries::api(), tokens::api(), webhooks::api()]
        .into_iter()
        .flatten()
        .collect()
}
