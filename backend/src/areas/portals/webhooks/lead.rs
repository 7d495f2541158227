//! The leads the portals send, read tolerantly (neither portal's own documentation was at
//! hand, see docs/portal-feeds-facts.md): a text field may also come as a number, a field of
//! another type counts as absent, and the common spellings of each field are taken.
//!
//! Bayut (chosen, no source): one flat object,
//! `{"id"|"lead_id"|"leadId", "listing_reference"|"property_reference"|"reference",
//!   "name"|"client_name", "email", "phone"|"mobile", "message"|"comment"}`.
//!
//! Property Finder (its Enterprise API's `lead.created` event, as public receivers read it):
//! `{"id", "type": "lead.created", "payload": {"channel", "listing": {"reference"},
//!   "sender": {"name", "contacts": [{"type": "email"|"phone"|"mobile", "value"}]},
//!   "message"}}`; `type`, when given, must be `lead.created`.

use rules::bounds::SHORT_TEXT_MAX;
use rules::{messages, FieldErrors};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// A text as a portal may send it: a string or a number; anything else is absent.
fn lenient<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(deserializer)? {
        Value::String(text) => Some(text).filter(|text| !text.trim().is_empty()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    })
}

/// A list as a portal may send it; anything but a list of objects is empty.
fn lenient_list<'de, D: Deserializer<'de>, T: serde::de::DeserializeOwned>(
    deserializer: D,
) -> Result<Vec<T>, D::Error> {
    Ok(match Value::deserialize(deserializer)? {
        Value::Array(items) => {
            items.into_iter().filter_map(|item| serde_json::from_value(item).ok()).collect()
        }
        _ => Vec::new(),
    })
}

/// An object as a portal may send it; anything else is absent.
fn lenient_object<'de, D: Deserializer<'de>, T: serde::de::DeserializeOwned>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    Ok(match Value::deserialize(deserializer)? {
        object @ Value::Object(_) => serde_json::from_value(object).ok(),
        _ => None,
    })
}

/// Bayut's lead.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct BayutLead {
    /// Bayut's id of the lead: the same id sent again is the same lead. Also `lead_id`, `leadId`.
    #[serde(alias = "lead_id", alias = "leadId", deserialize_with = "lenient")]
    pub id: Option<String>,
    /// The listing's reference in the feed. Also `property_reference`, `reference`.
    #[serde(alias = "property_reference", alias = "reference", deserialize_with = "lenient")]
    pub listing_reference: Option<String>,
    /// Also `client_name`.
    #[serde(alias = "client_name", deserialize_with = "lenient")]
    pub name: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub email: Option<String>,
    /// Also `mobile`.
    #[serde(alias = "mobile", deserialize_with = "lenient")]
    pub phone: Option<String>,
    /// Also `comment`.
    #[serde(alias = "comment", deserialize_with = "lenient")]
    pub message: Option<String>,
}

/// Property Finder's `lead.created` event.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct PropertyFinderEvent {
    /// Property Finder's id of the lead: the same id sent again is the same lead.
    #[serde(deserialize_with = "lenient")]
    pub id: Option<String>,
    /// `lead.created` when given.
    #[serde(rename = "type", deserialize_with = "lenient")]
    pub kind: Option<String>,
    #[serde(deserialize_with = "lenient_object")]
    pub payload: Option<PropertyFinderLead>,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct PropertyFinderLead {
    /// How the person reached out: email, whatsapp, call...
    #[serde(deserialize_with = "lenient")]
    pub channel: Option<String>,
    #[serde(deserialize_with = "lenient_object")]
    pub listing: Option<PropertyFinderListing>,
    #[serde(deserialize_with = "lenient_object")]
    pub sender: Option<PropertyFinderSender>,
    #[serde(deserialize_with = "lenient")]
    pub message: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct PropertyFinderListing {
    /// The listing's reference in the feed.
    #[serde(deserialize_with = "lenient")]
    pub reference: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct PropertyFinderSender {
    #[serde(deserialize_with = "lenient")]
    pub name: Option<String>,
    #[serde(deserialize_with = "lenient_list")]
    pub contacts: Vec<PropertyFinderContact>,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct PropertyFinderContact {
    /// email, phone or mobile.
    #[serde(rename = "type", deserialize_with = "lenient")]
    pub kind: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub value: Option<String>,
}

/// A lead as either portal sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lead {
    pub id: String,
    pub reference: Option<String>,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub message: Option<String>,
    pub channel: Option<String>,
}

/// The lead's id, checked: given, and not longer than a short text.
fn lead_id(id: Option<String>, errors: &mut FieldErrors) -> String {
    let id = id.map(|id| id.trim().to_owned()).unwrap_or_default();
    errors.require(&id, "id", messages::FIELD_REQUIRED);
    errors.check(id.chars().count() > SHORT_TEXT_MAX, "id", messages::SHORT_TEXT_TOO_LONG);
    id
}

/// The JSON as an object of a lead; any other JSON reads as one without fields.
fn object(body: Value) -> Value {
    if body.is_object() {
        body
    } else {
        Value::Object(serde_json::Map::new())
    }
}

impl Lead {
    /// Bayut's lead; 422's field errors when it has no id. Its other fields are judged as a
    /// contact request's.
    pub fn of_bayut(body: Value) -> Result<Lead, FieldErrors> {
        let lead: BayutLead = serde_json::from_value(object(body)).unwrap_or_default();
        let mut errors = FieldErrors::new();
        let id = lead_id(lead.id, &mut errors);
        errors.into_result()?;
        Ok(Lead {
            id,
            reference: lead.listing_reference,
            name: lead.name.unwrap_or_default(),
            email: lead.email.unwrap_or_default(),
            phone: lead.phone,
            message: lead.message,
            channel: None,
        })
    }

    /// Property Finder's event; 422's field errors when it has no id or is not a new lead.
    pub fn of_property_finder(body: Value) -> Result<Lead, FieldErrors> {
        let event: PropertyFinderEvent = serde_json::from_value(object(body)).unwrap_or_default();
        let mut errors = FieldErrors::new();
        let id = lead_id(event.id, &mut errors);
        errors.check(
            event.kind.as_deref().is_some_and(|kind| kind != "lead.created"),
            "type",
            messages::NOT_IN_LIST,
        );
        errors.into_result()?;
        let lead = event.payload.unwrap_or_default();
        let sender = lead.sender.unwrap_or_default();
        let contact = |kinds: &[&str]| {
            sender
                .contacts
                .iter()
                .find(|contact| contact.kind.as_deref().is_some_and(|kind| kinds.contains(&kind)))
                .and_then(|contact| contact.value.clone())
        };
        Ok(Lead {
            id,
            reference: lead.listing.and_then(|listing| listing.reference),
            email: contact(&["email"]).unwrap_or_default(),
            phone: contact(&["phone", "mobile"]),
            name: sender.name.unwrap_or_default(),
            message: lead.message,
            channel: lead.channel,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn bayut_reads_its_spellings_and_numbers() {
        let lead = Lead::of_bayut(json!({
            "lead_id": 981, "property_reference": "AQ-7", "client_name": "Sara", "email": "s@example.com",
            "mobile": "+971 50 000 0000", "comment": "Is it free?"
        }));
        let lead = lead.unwrap_or_default();
        assert_eq!((lead.id.as_str(), lead.reference.as_deref()), ("981", Some("AQ-7")));
        assert_eq!((lead.name.as_str(), lead.phone.as_deref()), ("Sara", Some("+971 50 000 0000")));
        let errors = Lead::of_bayut(json!(["not", "a", "lead"])).err().unwrap_or_default();
        assert_eq!(errors.get("id"), Some(messages::FIELD_REQUIRED));
    }

    #[test]
    fn property_finder_reads_the_sender_and_refuses_other_events() {
        let lead = Lead::of_property_finder(json!({
            "id": "pf-1", "type": "lead.created",
            "payload": { "channel": "whatsapp", "listing": { "id": 5, "reference": "VIL-9" },
                "sender": { "name": "Omar", "contacts": [
                    { "type": "phone", "value": "+971500000001" }, { "type": "email", "value": "o@example.com" }
                ] } }
        }))
        .unwrap_or_default();
        assert_eq!(lead.email, "o@example.com");
        assert_eq!(lead.phone.as_deref(), Some("+971500000001"));
        assert_eq!(lead.reference.as_deref(), Some("VIL-9"));
        let errors = Lead::of_property_finder(json!({ "id": "pf-2", "type": "listing.updated" }))
            .err()
            .unwrap_or_default();
        assert_eq!(errors.get("type"), Some(messages::NOT_IN_LIST));
    }
}
