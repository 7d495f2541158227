//! Every closed list of values of both specifications, with the value that is stored and
//! sent (`value`) and its English label as the specifications name it (`label`).
//!
//! Lists that only the panel's own code chooses from are Rust enums, so a payload cannot
//! carry anything else. The lists a listing's free-text columns hold (continents,
//! currencies, building types and conditions, orientations) are stored and answered as the
//! specifications spell them ('Apartment', 'Needs Renovation', 'North America', 'JOD',
//! 'northeast'), read in any case with or without spaces, hyphens or underscores between
//! the words ([`spelled`]), and checked by membership.

use schemars::JsonSchema;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use crate::messages;

/// One entry of a vocabulary as the browser lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Term {
    pub value: &'static str,
    pub label: &'static str,
}

pub(crate) const fn term(value: &'static str, label: &'static str) -> Term {
    Term { value, label }
}

/// Declares a lowercase-valued enumeration with its list of terms.
macro_rules! enumeration {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $value:literal, $label:literal;)+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $value)] $variant,)+
        }

        /// Any other text is refused with [`messages::NOT_IN_LIST`], which
        /// [`crate::reading`] answers as that field's failure.
        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                match text.as_str() {
                    $($value => Ok(Self::$variant),)+
                    _ => Err(D::Error::custom(messages::NOT_IN_LIST)),
                }
            }
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

            /// The value stored as `text`, if it is one of this list's.
            pub fn from_value(text: &str) -> Option<Self> {
                match text {
                    $($value => Some(Self::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

pub(crate) use enumeration;

enumeration! {
    /// Property status; any value may be chosen from any other.
    #[derive(Default)]
    PropertyStatus {
        #[default]
        Active = "active", "Active";
        Pending = "pending", "Pending";
        Sold = "sold", "Sold";
        Rented = "rented", "Rented";
        Archived = "archived", "Archived";
    }
}

impl PropertyStatus {
    /// Whether a listing of `offering` may carry this status: `sold` ends a sale only and
    /// `rented` a rental only.
    pub fn fits(self, offering: OfferingType) -> bool {
        match self {
            Self::Sold => offering == OfferingType::Sale,
            Self::Rented => offering == OfferingType::Rent,
            _ => true,
        }
    }
}

enumeration! {
    /// Whether a listing is offered for sale or to let (issue 39); every listing made
    /// before rentals is a sale.
    #[derive(Default)]
    OfferingType {
        #[default]
        Sale = "sale", "Sale";
        Rent = "rent", "Rent";
    }
}

enumeration! {
    /// What a notification in the bell is about (issues 26 and 39).
    #[derive(Default)]
    NotificationKind {
        /// A lead given to the user.
        #[default]
        Lead = "lead", "Lead";
        /// A permit of one of the user's listings expires in 14 days.
        PermitExpiring14 = "permitExpiring14", "Permit expires in 14 days";
        /// ... in 3 days.
        PermitExpiring3 = "permitExpiring3", "Permit expires in 3 days";
        /// It has expired: the listing is off the public site and pending.
        PermitExpired = "permitExpired", "Permit expired";
    }
}

impl NotificationKind {
    /// How many days before a permit's expiry this notice goes; 0 at expiry, none for a lead.
    pub fn days_before(self) -> Option<i64> {
        match self {
            Self::Lead => None,
            Self::PermitExpiring14 => Some(14),
            Self::PermitExpiring3 => Some(3),
            Self::PermitExpired => Some(0),
        }
    }
}

enumeration! {
    /// The period a rent listing's price is for.
    RentFrequency {
        Yearly = "yearly", "Yearly";
        Monthly = "monthly", "Monthly";
        Weekly = "weekly", "Weekly";
        Daily = "daily", "Daily";
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
    /// What a bulk change of listings does to each selected one (issue 24).
    PropertyBulkAction {
        SetStatus = "setStatus", "Set status";
        SetFeatured = "setFeatured", "Set featured";
        SetCategory = "setCategory", "Set category";
        SetOfferingType = "setOfferingType", "Set offering type";
        AddPortal = "addPortal", "Add to portal";
        RemovePortal = "removePortal", "Remove from portal";
        Trash = "trash", "Move to trash";
    }
}

enumeration! {
    /// What a bulk change of contact requests does to each selected one (issue 24).
    ContactBulkAction {
        MarkResponded = "markResponded", "Mark responded";
        Close = "close", "Close";
        Trash = "trash", "Move to trash";
    }
}

enumeration! {
    /// Why a bulk change left a selected record as it was.
    SkipReason {
        /// No record has that id (any more).
        NotFound = "notFound", "Not found";
        /// Its version is not the one the request carried: someone changed it meanwhile.
        Stale = "stale", "Changed meanwhile";
        /// It already was as the change would leave it.
        Unchanged = "unchanged", "Already so";
        /// The change would leave it breaking a rule: `sold` on a rental, `active` without
        /// the permit its place requires.
        NotAllowed = "notAllowed", "Not allowed";
    }
}

enumeration! {
    /// How a lead came in (issue 26): the public site's form, or by hand from the inbox for
    /// every other way.
    #[derive(Default)]
    LeadSource {
        #[default]
        Website = "website", "Website";
        Phone = "phone", "Phone";
        WalkIn = "walkIn", "Walk-in";
        Email = "email", "E-mail";
        Whatsapp = "whatsapp", "WhatsApp";
        Portal = "portal", "Portal";
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
    /// A language of the interface (each user's choice, English by default; see
    /// [`crate::language`]), and the one a site visitor wrote a contact request in.
    #[derive(Default)]
    Language {
        #[default]
        En = "en", "English";
        Ar = "ar", "Arabic";
    }
}

enumeration! {
    /// The digits a user's numbers are shown in: Latin 0-9 (the default, what the business
    /// uses) or the Arabic-Indic ٠-٩.
    #[derive(Default)]
    Numerals {
        #[default]
        Latin = "latin", "Latin (0-9)";
        Arabic = "arabic", "Arabic-Indic (٠-٩)";
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
    term("Asia", "Asia"),
    term("Europe", "Europe"),
    term("Africa", "Africa"),
    term("North America", "North America"),
    term("South America", "South America"),
    term("Oceania", "Oceania"),
];

pub const CURRENCIES: &[Term] =
    &[term("JOD", "JOD"), term("AED", "AED"), term("USD", "USD"), term("SAR", "SAR")];

pub const BUILDING_TYPES: &[Term] = &[
    term("Apartment", "Apartment"),
    term("Villa", "Villa"),
    term("Duplex", "Duplex"),
    term("Townhouse", "Townhouse"),
    term("Penthouse", "Penthouse"),
    term("Studio", "Studio"),
    term("Loft", "Loft"),
    term("Chalet", "Chalet"),
    term("Office", "Office"),
    term("Shop", "Shop"),
    term("Warehouse", "Warehouse"),
];

pub const BUILDING_CONDITIONS: &[Term] = &[
    term("New", "New"),
    term("Renovated", "Renovated"),
    term("Good", "Good"),
    term("Needs Renovation", "Needs Renovation"),
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

/// The stored form of the term `text` spells: any case, with or without spaces, hyphens or
/// underscores between its words ('needs-renovation', 'NEEDS RENOVATION' and
/// 'Needs Renovation' are one condition).
pub fn canonical(terms: &[Term], text: &str) -> Option<&'static str> {
    let key = |text: &str| -> String {
        text.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).flat_map(char::to_lowercase).collect()
    };
    let wanted = key(text.trim());
    terms.iter().find(|t| key(t.value) == wanted).map(|t| t.value)
}

/// Readers of the Title-Case vocabulary fields (`#[serde(deserialize_with = ...)]`): a known
/// spelling becomes the stored form, anything else is kept for the field's rule to refuse.
/// `null` reads as not given, or as empty text where the field is required.
pub mod spelled {
    use schemars::{json_schema, Schema, SchemaGenerator};
    use serde::{Deserialize, Deserializer};

    use super::{canonical, Term, BUILDING_CONDITIONS, BUILDING_TYPES, CONTINENTS, CURRENCIES, ORIENTATIONS};

    fn optional<'de, D: Deserializer<'de>>(
        deserializer: D,
        terms: &[Term],
    ) -> Result<Option<String>, D::Error> {
        let text = Option::<String>::deserialize(deserializer)?;
        Ok(text.map(|text| canonical(terms, &text).map_or(text, str::to_owned)))
    }

    fn required<'de, D: Deserializer<'de>>(deserializer: D, terms: &[Term]) -> Result<String, D::Error> {
        Ok(optional(deserializer, terms)?.unwrap_or_default())
    }

    /// The field's schema: text, with the list's own spellings as its examples (a client,
    /// and the API fuzzer, sees what to send; other spellings of them are taken too).
    fn text(terms: &[Term], nullable: bool) -> Schema {
        let examples: Vec<&str> = terms.iter().map(|t| t.value).collect();
        let kind = if nullable {
            json_schema!({ "type": ["string", "null"] })
        } else {
            json_schema!({ "type": "string" })
        };
        let mut schema = kind;
        schema.insert("examples".into(), examples.into());
        schema
    }

    /// Declares a field's reader and its schema function, for `#[serde(deserialize_with)]`
    /// and `#[schemars(schema_with)]`.
    macro_rules! field {
        ($reader:ident, $schema:ident, $terms:ident, String) => {
            pub fn $reader<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
                required(deserializer, $terms)
            }
            pub fn $schema(_: &mut SchemaGenerator) -> Schema {
                text($terms, false)
            }
        };
        ($reader:ident, $schema:ident, $terms:ident, Option) => {
            pub fn $reader<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
                optional(deserializer, $terms)
            }
            pub fn $schema(_: &mut SchemaGenerator) -> Schema {
                text($terms, true)
            }
        };
    }

    field!(currency, currency_schema, CURRENCIES, String);
    field!(building_type, building_type_schema, BUILDING_TYPES, String);
    field!(continent, continent_schema, CONTINENTS, Option);
    field!(orientation, orientation_schema, ORIENTATIONS, Option);
    field!(building_condition, building_condition_schema, BUILDING_CONDITIONS, Option);
}

/// Every vocabulary by the name the `vocabulary` operation answers to.
pub const NAMED: &[(&str, &[Term])] = &[
    ("continents", CONTINENTS),
    ("currencies", CURRENCIES),
    ("buildingTypes", BUILDING_TYPES),
    ("buildingConditions", BUILDING_CONDITIONS),
    ("orientations", ORIENTATIONS),
    ("propertyStatuses", PropertyStatus::TERMS),
    ("offeringTypes", OfferingType::TERMS),
    ("rentFrequencies", RentFrequency::TERMS),
    ("notificationKinds", NotificationKind::TERMS),
    ("advertisingAuthorities", crate::advertising::AUTHORITIES),
    ("displayTypes", DisplayType::TERMS),
    ("featureCategories", FeatureCategory::TERMS),
    ("heroPages", HeroPage::TERMS),
    ("aboutSectionTypes", AboutSectionType::TERMS),
    ("contactStatuses", ContactStatus::TERMS),
    ("leadSources", LeadSource::TERMS),
    ("languages", Language::TERMS),
    ("numerals", Numerals::TERMS),
    ("roles", Role::TERMS),
    ("exportPeriods", ExportPeriod::TERMS),
    ("propertyBulkActions", PropertyBulkAction::TERMS),
    ("contactBulkActions", ContactBulkAction::TERMS),
    ("skipReasons", SkipReason::TERMS),
    ("portals", crate::portals::Portal::TERMS),
    ("feedPortals", crate::portals::FeedPortal::TERMS),
    ("mappingPortals", crate::portals::MappingPortal::TERMS),
    ("completionStatuses", crate::portals::CompletionStatus::TERMS),
    ("mappingKinds", crate::portals::MappingKind::TERMS),
    ("propertyFinderTypes", crate::portals::formats::PROPERTY_FINDER_TYPES),
    ("bayutTypes", crate::portals::formats::BAYUT_TYPES),
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
