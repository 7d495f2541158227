//! Every closed list of values of both specifications, with the value that is stored and
//! sent (`value`) and its English label as the specifications name it (`label`).
//!
//! Lists the specifications spell in lowercase are Rust enums, so a payload cannot carry
//! anything else. Lists they spell in Title Case (continents, currencies, building types,
//! conditions, orientations) are stored as lowercase words joined by '-' (currencies keep
//! their ISO codes) and checked by membership, because those fields are free text columns.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One entry of a vocabulary as the browser lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Term {
    pub value: &'static str,
    pub label: &'static str,
}

const fn term(value: &'static str, label: &'static str) -> Term {
    Term { value, label }
}

/// Declares a lowercase-valued enumeration with its list of terms.
macro_rules! enumeration {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $value:literal, $label:literal;)+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $value)] $variant,)+
        }

        impl $name {
            /// Every value, in display order.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];
            /// Every value with its English label, in display order.
            pub const TERMS: &'static [Term] = &[$(term($value, $label)),+];

            /// The stored and sent form.
            pub fn value(self) -> &'static str {
                match self {
                    $(Self::$variant => $value,)+
                }
            }

            /// The English label.
            pub fn label(self) -> &'static str {
                match self {
                    $(Self::$variant => $label,)+
                }
            }
        }
    };
}

enumeration! {
    /// Property status; any value may be chosen from any other.
    #[derive(Default)]
    PropertyStatus {
        #[default]
        Active = "active", "Active";
        Pending = "pending", "Pending";
        Sold = "sold", "Sold";
    }
}

enumeration! {
    /// Whether a listing is for sale (public) or an investment.
    #[derive(Default)]
    DisplayType {
        #[default]
        Public = "public", "Public";
        Investment = "investment", "Investment";
    }
}

enumeration! {
    /// The group a selectable property feature is shown in.
    #[derive(Default)]
    FeatureCategory {
        Luxury = "luxury", "Luxury Features";
        Amenities = "amenities", "Basic Amenities";
        #[default]
        General = "general", "General Features";
    }
}

enumeration! {
    /// Public-site pages that can carry a hero image.
    HeroPage {
        Index = "index", "Home";
        Properties = "properties", "Properties";
        Investors = "investors", "Investors";
        Services = "services", "Services";
        About = "about", "About";
        Team = "team", "Team";
        Contact = "contact", "Contact";
    }
}

enumeration! {
    /// About-page section positions: story first, mission second, values third.
    AboutSectionType {
        Story = "story", "Our Story";
        Mission = "mission", "Our Mission";
        Values = "values", "Our Values";
    }
}

enumeration! {
    /// Contact-request status; the admin may move between them freely.
    ContactStatus {
        Pending = "pending", "Pending";
        Responded = "responded", "Responded";
        Closed = "closed", "Closed";
    }
}

enumeration! {
    /// What an account may do: an admin also manages users.
    #[derive(Default)]
    Role {
        Admin = "admin", "Admin";
        #[default]
        User = "user", "User";
    }
}

enumeration! {
    /// Language a site visitor wrote a contact request in.
    #[derive(Default)]
    Language {
        #[default]
        En = "en", "English";
        Ar = "ar", "Arabic";
    }
}

enumeration! {
    /// Time periods of the contact-request export.
    #[derive(Default)]
    ExportPeriod {
        #[default]
        All = "all", "All Time";
        Today = "today", "Today";
        Week = "week", "Last 7 Days";
        Month = "month", "This Month";
        Year = "year", "This Year";
        Custom = "custom", "Custom Date Range";
    }
}

pub const CONTINENTS: &[Term] = &[
    term("asia", "Asia"),
    term("europe", "Europe"),
    term("africa", "Africa"),
    term("north-america", "North America"),
    term("south-america", "South America"),
    term("oceania", "Oceania"),
];

pub const CURRENCIES: &[Term] =
    &[term("JOD", "JOD"), term("AED", "AED"), term("USD", "USD"), term("SAR", "SAR")];

pub const BUILDING_TYPES: &[Term] = &[
    term("apartment", "Apartment"),
    term("villa", "Villa"),
    term("duplex", "Duplex"),
    term("townhouse", "Townhouse"),
    term("penthouse", "Penthouse"),
    term("studio", "Studio"),
    term("loft", "Loft"),
    term("chalet", "Chalet"),
    term("office", "Office"),
    term("shop", "Shop"),
    term("warehouse", "Warehouse"),
];

pub const BUILDING_CONDITIONS: &[Term] = &[
    term("new", "New"),
    term("renovated", "Renovated"),
    term("good", "Good"),
    term("needs-renovation", "Needs Renovation"),
];

pub const ORIENTATIONS: &[Term] = &[
    term("east", "East"),
    term("west", "West"),
    term("north", "North"),
    term("south", "South"),
    term("northeast", "Northeast"),
    term("northwest", "Northwest"),
    term("southeast", "Southeast"),
    term("southwest", "Southwest"),
];

/// Whether `value` is the stored form of one of `terms`.
pub fn contains(terms: &[Term], value: &str) -> bool {
    terms.iter().any(|t| t.value == value)
}

/// Every vocabulary by the name the `vocabulary` operation answers to.
pub const NAMED: &[(&str, &[Term])] = &[
    ("continents", CONTINENTS),
    ("currencies", CURRENCIES),
    ("buildingTypes", BUILDING_TYPES),
    ("buildingConditions", BUILDING_CONDITIONS),
    ("orientations", ORIENTATIONS),
    ("propertyStatuses", PropertyStatus::TERMS),
    ("displayTypes", DisplayType::TERMS),
    ("featureCategories", FeatureCategory::TERMS),
    ("heroPages", HeroPage::TERMS),
    ("aboutSectionTypes", AboutSectionType::TERMS),
    ("contactStatuses", ContactStatus::TERMS),
    ("languages", Language::TERMS),
    ("roles", Role::TERMS),
    ("exportPeriods", ExportPeriod::TERMS),
];

/// The vocabulary called `name`, if there is one.
pub fn named(name: &str) -> Option<&'static [Term]> {
    NAMED.iter().find(|(n, _)| *n == name).map(|(_, terms)| *terms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enum_values_match_their_terms() {
        for term in ContactStatus::TERMS {
            let status: Option<ContactStatus> = serde_json::from_value(serde_json::json!(term.value)).ok();
            assert_eq!(status.map(ContactStatus::value), Some(term.value));
        }
    }
}
