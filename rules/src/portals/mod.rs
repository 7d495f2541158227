//! Where a listing is advertised besides the agency's own website (issue 41): the portals
//! Property Finder, Bayut and dubizzle, which read the agency's listings from an XML feed and
//! refuse what their format does not allow. The rules say, per listing and per portal, what
//! the portal would refuse ([`readiness`]), and what Aqar's catalog is called in each
//! portal's words ([`mapping`], [`formats`]).

pub mod formats;
pub mod mapping;
pub mod readiness;

use schemars::JsonSchema;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use crate::messages;
use crate::vocabularies::{enumeration, term, Term};

enumeration! {
    /// Where a listing is published: its `publishTo` set.
    Portal {
        Website = "website", "Website";
        PropertyFinder = "propertyFinder", "Property Finder";
        Bayut = "bayut", "Bayut";
        Dubizzle = "dubizzle", "dubizzle";
    }
}

enumeration! {
    /// A portal that reads a feed, and so has a readiness of its own.
    FeedPortal {
        PropertyFinder = "propertyFinder", "Property Finder";
        Bayut = "bayut", "Bayut";
        Dubizzle = "dubizzle", "dubizzle";
    }
}

enumeration! {
    /// A portal with a feed, words, a webhook and a secret of its own: dubizzle reads Bayut's
    /// feed (its `<Portals>` element names dubizzle) and so speaks Bayut's words.
    MappingPortal {
        PropertyFinder = "propertyFinder", "Property Finder";
        Bayut = "bayut", "Bayut & dubizzle";
    }
}

enumeration! {
    /// Whether the building stands: the feeds' completion status.
    #[derive(Default)]
    CompletionStatus {
        #[default]
        Ready = "ready", "Ready";
        OffPlan = "offPlan", "Off-plan";
    }
}

enumeration! {
    /// Which of Aqar's catalog records a mapping names.
    MappingKind {
        Category = "category", "Category";
        PropertyType = "propertyType", "Property type";
        Country = "country", "Country";
        City = "city", "City";
        Region = "region", "Region";
    }
}

impl Portal {
    /// The feed portal this is, if it reads a feed.
    pub fn feed(self) -> Option<FeedPortal> {
        match self {
            Portal::Website => None,
            Portal::PropertyFinder => Some(FeedPortal::PropertyFinder),
            Portal::Bayut => Some(FeedPortal::Bayut),
            Portal::Dubizzle => Some(FeedPortal::Dubizzle),
        }
    }
}

impl FeedPortal {
    /// The portal whose feed, words and rules this portal reads.
    pub fn mapping(self) -> MappingPortal {
        match self {
            FeedPortal::PropertyFinder => MappingPortal::PropertyFinder,
            FeedPortal::Bayut | FeedPortal::Dubizzle => MappingPortal::Bayut,
        }
    }

    /// This portal as a `publishTo` value.
    pub fn portal(self) -> Portal {
        match self {
            FeedPortal::PropertyFinder => Portal::PropertyFinder,
            FeedPortal::Bayut => Portal::Bayut,
            FeedPortal::Dubizzle => Portal::Dubizzle,
        }
    }

    /// The small number a search index keeps for this portal.
    pub fn code(self) -> u64 {
        match self {
            FeedPortal::PropertyFinder => 1,
            FeedPortal::Bayut => 2,
            FeedPortal::Dubizzle => 3,
        }
    }

    /// The Arabic name, as the readiness reasons and the panel say it.
    pub fn arabic(self) -> &'static str {
        match self {
            FeedPortal::PropertyFinder => "بروبرتي فايندر",
            FeedPortal::Bayut => "بيوت",
            FeedPortal::Dubizzle => "دوبيزل",
        }
    }
}

impl Portal {
    /// The small number a search index keeps for this portal.
    pub fn code(self) -> u64 {
        match self {
            Portal::Website => 0,
            Portal::PropertyFinder => 1,
            Portal::Bayut => 2,
            Portal::Dubizzle => 3,
        }
    }
}

/// A `publishTo` set as it is stored: its values in [`Portal::ALL`]'s order, each once,
/// separated by commas (`website,bayut`); an empty set is an empty text.
pub fn stored_set(portals: &[Portal]) -> String {
    Portal::ALL
        .iter()
        .filter(|portal| portals.contains(portal))
        .map(|portal| portal.value())
        .collect::<Vec<_>>()
        .join(",")
}

/// A stored `publishTo` set; values the rules do not know (none are written) are left out.
pub fn read_set(text: &str) -> Vec<Portal> {
    let values: Vec<&str> = text.split(',').map(str::trim).collect();
    Portal::ALL.iter().copied().filter(|portal| values.contains(&portal.value())).collect()
}

/// Reads a `publishTo` set from JSON: a list of portals, each once.
pub fn deserialize_set<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<Portal>>, D::Error> {
    let Some(portals) = Option::<Vec<Portal>>::deserialize(deserializer)? else { return Ok(None) };
    let mut seen = Vec::with_capacity(portals.len());
    for portal in portals {
        if seen.contains(&portal) {
            return Err(D::Error::custom(messages::NOT_IN_LIST));
        }
        seen.push(portal);
    }
    Ok(Some(seen))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_is_stored_in_one_order_and_read_back() {
        let text = stored_set(&[Portal::Dubizzle, Portal::Website]);
        assert_eq!(text, "website,dubizzle");
        assert_eq!(read_set(&text), [Portal::Website, Portal::Dubizzle]);
        assert_eq!(read_set(""), []);
    }

    #[test]
    fn every_feed_portal_has_a_portal_and_a_mapping() {
        for feed in FeedPortal::ALL {
            assert_eq!(feed.portal().feed(), Some(*feed));
            assert_eq!(feed.portal().value(), feed.value());
        }
        assert_eq!(FeedPortal::Dubizzle.mapping(), MappingPortal::Bayut);
    }
}
