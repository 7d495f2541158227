//! Leads (issue 26): requests taken by hand, the inbox's notes on a request, and the
//! instants a follow-up is set for. Who a lead is assigned to is the server's business; the
//! rules only say what a client may send.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::calendar::DateTime;
use crate::contacts::{
    ContactRequestInput, EMAIL_MAX_CHARS, MESSAGE_MAX_CHARS, NAME_MAX_CHARS, PHONE_MAX_CHARS,
    SUBJECT_MAX_CHARS,
};
use crate::vocabularies::{Language, LeadSource};
use crate::{messages, FieldErrors, Validate};

/// How long the answer waits before a pending lead counts as overdue, in minutes, unless
/// `AQAR_LEAD_RESPONSE_MINUTES` says otherwise.
pub const RESPONSE_MINUTES_DEFAULT: i64 = 60;

/// The earlier requests of the same person a lead lists at most (newest first); it
/// counts them all.
pub const EARLIER_REQUESTS_SHOWN: usize = 20;

/// What recognises a repeat contact by e-mail: the address trimmed, in ASCII lower case;
/// `None` for an empty one (a lead taken by phone).
pub fn email_key(email: &str) -> Option<String> {
    let key = email.trim().to_ascii_lowercase();
    (!key.is_empty()).then_some(key)
}

/// What recognises a repeat contact by phone: its digits, Arabic-Indic ones read as ASCII,
/// whatever spaces, dashes or brackets were typed; `None` below six digits.
pub fn phone_key(phone: Option<&str>) -> Option<String> {
    let digits: String = crate::fold::fold(phone?).chars().filter(char::is_ascii_digit).collect();
    (digits.len() >= crate::contacts::PHONE_MIN_DIGITS).then_some(digits)
}

/// The notifications the bell lists at most, newest first; it counts every unread one.
pub const NOTIFICATIONS_SHOWN: usize = 20;

/// How long the server waits before each new attempt at a lead's e-mail that could not be
/// sent, in seconds; after the last the e-mail is given up (the bell still tells).
pub const MAIL_RETRY_SECS: [i64; 4] = [30, 120, 600, 3_600];

/// The longest internal note, in characters: a summary of a call, not a document.
pub const NOTE_MAX_CHARS: usize = 5_000;

/// `POST /api/contact-requests`: a lead a user took by phone, walk-in, e-mail, WhatsApp or a
/// portal. A phone lead may have no e-mail address and a walk-in no phone, but one of the
/// two is needed to answer it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ManualLeadInput {
    #[schemars(length(max = NAME_MAX_CHARS))]
    pub name: String,
    #[schemars(length(max = EMAIL_MAX_CHARS))]
    pub email: Option<String>,
    #[schemars(length(max = PHONE_MAX_CHARS))]
    pub phone: Option<String>,
    #[schemars(length(max = SUBJECT_MAX_CHARS))]
    pub subject: String,
    #[schemars(length(max = MESSAGE_MAX_CHARS))]
    pub message: String,
    /// The listing the lead asked about, if any.
    pub property_id: Option<i64>,
    /// The language to answer the lead in.
    pub language: Language,
    /// Any source but 'website', which only the public form gives.
    pub source: Option<LeadSource>,
}

impl ManualLeadInput {
    /// The request as it is stored: an absent e-mail address is an empty one.
    pub fn to_request(&self) -> ContactRequestInput {
        ContactRequestInput {
            name: self.name.clone(),
            email: self.email.clone().unwrap_or_default(),
            phone: self.phone.clone(),
            subject: self.subject.clone(),
            message: self.message.clone(),
            property_id: self.property_id,
            language: self.language,
            website: None,
        }
    }
}

impl Validate for ManualLeadInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        let too_long = |text: &str, max: usize| text.chars().count() > max;
        let email = self.email.as_deref().unwrap_or_default();
        let phone = self.phone.as_deref().unwrap_or_default();
        match self.source {
            None => errors.add("source", messages::FIELD_REQUIRED),
            Some(LeadSource::Website) => errors.add("source", messages::LEAD_SOURCE_NOT_MANUAL),
            Some(_) => {}
        }
        errors.require(&self.name, "name", messages::FIELD_REQUIRED);
        errors.check(too_long(&self.name, NAME_MAX_CHARS), "name", messages::CONTACT_NAME_TOO_LONG);
        errors.check(
            email.trim().is_empty() && phone.trim().is_empty(),
            "email",
            messages::LEAD_EMAIL_OR_PHONE,
        );
        errors.check(too_long(email, EMAIL_MAX_CHARS), "email", messages::CONTACT_EMAIL_TOO_LONG);
        errors.check_email(Some(email.trim()), "email", messages::EMAIL_INVALID);
        errors.check(too_long(phone, PHONE_MAX_CHARS), "phone", messages::CONTACT_PHONE_TOO_LONG);
        errors.require(&self.subject, "subject", messages::FIELD_REQUIRED);
        errors.check(
            too_long(&self.subject, SUBJECT_MAX_CHARS),
            "subject",
            messages::CONTACT_SUBJECT_TOO_LONG,
        );
        errors.require(&self.message, "message", messages::FIELD_REQUIRED);
        errors.check(
            too_long(&self.message, MESSAGE_MAX_CHARS),
            "message",
            messages::CONTACT_MESSAGE_TOO_LONG,
        );
        errors.into_result()
    }
}

/// `POST /api/contact-requests/{id}/notes`: an internal note, never shown publicly.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct LeadNoteInput {
    #[schemars(length(max = NOTE_MAX_CHARS))]
    pub body: String,
}

impl Validate for LeadNoteInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.require(&self.body, "body", messages::FIELD_REQUIRED);
        errors.check(self.body.chars().count() > NOTE_MAX_CHARS, "body", messages::LEAD_NOTE_TOO_LONG);
        errors.into_result()
    }
}

/// How a user answered a lead from the panel, outside the panel's own writes.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum ResponseChannel {
    /// 'Send Email' opened the user's mail program.
    Email,
    /// The WhatsApp button opened a chat.
    Whatsapp,
}

/// `POST /api/contact-requests/{id}/responses`: the user answered the lead by `channel`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct LeadResponseInput {
    pub channel: Option<ResponseChannel>,
}

impl Validate for LeadResponseInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.check(self.channel.is_none(), "channel", messages::FIELD_REQUIRED);
        errors.into_result()
    }
}

/// Whether `text` is an RFC 3339 instant: a date and time (`YYYY-MM-DDTHH:MM:SS`, optional
/// fraction) followed by 'Z' or an offset `±HH:MM`.
pub fn is_instant(text: &str) -> bool {
    let text = text.trim();
    let local = if let Some(local) = text.strip_suffix('Z') {
        local
    } else {
        let Some(split) = text.len().checked_sub(6) else { return false };
        let (local, offset) = (text.get(..split), text.get(split..));
        let offset_fits = offset.is_some_and(|offset| {
            let bytes = offset.as_bytes();
            matches!(bytes[0], b'+' | b'-')
                && bytes[3] == b':'
                && [1, 2, 4, 5].iter().all(|&i| bytes[i].is_ascii_digit())
                && offset[1..3].parse::<u32>().is_ok_and(|hours| hours < 24)
                && offset[4..6].parse::<u32>().is_ok_and(|minutes| minutes < 60)
        });
        match local {
            Some(local) if offset_fits => local,
            _ => return false,
        }
    };
    let with_seconds = local.split_once('T').is_some_and(|(_, time)| time.matches(':').count() == 2);
    with_seconds && DateTime::parse(local).is_some()
}

/// Checks a follow-up field: absent or empty (which clears it) or an instant.
pub fn check_follow_up(errors: &mut FieldErrors, follow_up_at: Option<&str>) {
    if let Some(text) = follow_up_at.filter(|text| !text.trim().is_empty()) {
        errors.check(!is_instant(text), "followUpAt", messages::LEAD_FOLLOW_UP_INVALID);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeat_contacts_are_recognised_by_folded_email_and_phone_digits() {
        assert_eq!(email_key("  Layla@Example.COM "), Some("layla@example.com".to_owned()));
        assert_eq!(email_key("   "), None);
        assert_eq!(phone_key(Some("+962 (79) 000-0000")), Some("962790000000".to_owned()));
        assert_eq!(phone_key(Some("٠٧٩ ١٢٣ ٤٥٦٧")), Some("0791234567".to_owned()));
        assert_eq!(phone_key(Some("12-34")), None, "too few digits to be a number");
        assert_eq!(phone_key(None), None);
    }

    #[test]
    fn instants_need_a_zone() {
        for good in ["2026-01-31T09:00:00Z", "2026-01-31T09:00:00.250+03:00", "2026-12-01T23:59:59-05:30"] {
            assert!(is_instant(good), "{good}");
        }
        for bad in [
            "2026-01-31T09:00:00",
            "2026-01-31T09:00Z",
            "2026-01-31",
            "tomorrow",
            "2026-01-31T25:00:00Z",
            "2026-01-31T09:00:00+3:00",
            "Z",
            "",
        ] {
            assert!(!is_instant(bad), "{bad}");
        }
    }

    #[test]
    fn a_manual_lead_needs_a_manual_source_and_a_way_to_answer() {
        let lead = ManualLeadInput {
            name: "Omar".into(),
            subject: "Called about the villa".into(),
            message: "Wants a viewing".into(),
            source: Some(LeadSource::Website),
            ..ManualLeadInput::default()
        };
        let errors = lead.validate().expect_err("refused");
        assert_eq!(errors.get("source"), Some(messages::LEAD_SOURCE_NOT_MANUAL));
        assert_eq!(errors.get("email"), Some(messages::LEAD_EMAIL_OR_PHONE));
        let by_phone =
            ManualLeadInput { source: Some(LeadSource::Phone), phone: Some("0791234567".into()), ..lead };
        assert_eq!(by_phone.validate(), Ok(()));
        assert_eq!(by_phone.to_request().email, "");
    }
}
