//! Contact requests: what a site visitor submits, and the admin's status change.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::vocabularies::{ContactStatus, Language};
use crate::{messages, FieldErrors, Validate};

/// `POST /api/public/contact-requests`: the public site's contact form.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ContactRequestInput {
    #[schemars(length(max = NAME_MAX_CHARS))]
    pub name: String,
    #[schemars(length(max = EMAIL_MAX_CHARS))]
    pub email: String,
    #[schemars(length(max = PHONE_MAX_CHARS))]
    pub phone: Option<String>,
    #[schemars(length(max = SUBJECT_MAX_CHARS))]
    pub subject: String,
    #[schemars(length(max = MESSAGE_MAX_CHARS))]
    pub message: String,
    /// The listing the visitor asked about, if any.
    pub property_id: Option<i64>,
    pub language: Language,
    /// A field the public form hides from people: only a bot fills it in.
    pub website: Option<String>,
}

/// The longest contact form fields, in characters: anyone on the Internet can send this
/// form, so nothing in it may be larger than a person writing to an agency needs.
pub const NAME_MAX_CHARS: usize = 100;
/// RFC 5321's longest forward path.
pub const EMAIL_MAX_CHARS: usize = 254;
/// An international number with its spaces, dashes and an extension.
pub const PHONE_MAX_CHARS: usize = 30;
pub const SUBJECT_MAX_CHARS: usize = 200;
/// About two pages of text.
pub const MESSAGE_MAX_CHARS: usize = 5_000;

/// The largest body the form's call reads (96 KiB). It holds every field at its longest
/// written in the longest JSON spelling of a character (a `\uXXXX\uXXXX` surrogate pair,
/// 12 bytes), plus room for the field names and numbers; the hidden `website` field is
/// never stored, so this bound is all it needs.
pub const BODY_MAX_BYTES: u64 = 96 * 1024;
const _: () = assert!(
    12 * (NAME_MAX_CHARS + EMAIL_MAX_CHARS + PHONE_MAX_CHARS + SUBJECT_MAX_CHARS + MESSAGE_MAX_CHARS) + 4096
        <= BODY_MAX_BYTES as usize
);

impl ContactRequestInput {
    /// Whether the hidden field was filled in: the submission is dropped without a word.
    pub fn is_bot(&self) -> bool {
        self.website.as_deref().is_some_and(|text| !text.trim().is_empty())
    }
}

impl Validate for ContactRequestInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        let too_long = |text: &str, max: usize| text.chars().count() > max;
        errors.require(&self.name, "name", messages::FIELD_REQUIRED);
        errors.check(too_long(&self.name, NAME_MAX_CHARS), "name", messages::CONTACT_NAME_TOO_LONG);
        errors.require(&self.email, "email", messages::FIELD_REQUIRED);
        // Said before the address's form, which a too-long address also fails.
        errors.check(too_long(&self.email, EMAIL_MAX_CHARS), "email", messages::CONTACT_EMAIL_TOO_LONG);
        errors.check_email(Some(&self.email), "email", messages::EMAIL_INVALID);
        let phone = self.phone.as_deref().unwrap_or_default();
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

/// `PUT /api/contact-requests/{id}`: Mark Responded or Close, allowed from any status; and
/// (issue 26) an admin's reassignment and anyone's follow-up date. A field left out keeps
/// its value; at least one is needed, and the specification's call sends the status.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ContactStatusChange {
    pub status: Option<ContactStatus>,
    /// The active user the lead is given to; admins only.
    pub assignee_id: Option<i64>,
    /// When to follow the lead up: an RFC 3339 instant; `null` (or an empty text) clears it.
    #[serde(deserialize_with = "crate::lenient::null_as_clear", skip_serializing_if = "Option::is_none")]
    pub follow_up_at: Option<Option<String>>,
}

impl Validate for ContactStatusChange {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        let nothing = self.status.is_none() && self.assignee_id.is_none() && self.follow_up_at.is_none();
        errors.check(nothing, "status", messages::FIELD_REQUIRED);
        crate::leads::check_follow_up(&mut errors, self.follow_up_at.as_ref().and_then(Option::as_deref));
        errors.into_result()
    }
}

/// The courteous reply the 'Send Email' draft starts with, in the request's language;
/// `{name}` and `{subject}` are filled in.
pub const REPLY_EN: &str = "Dear {name},\n\nThank you for contacting us about \"{subject}\". We have received your message and will be glad to help.\n\n\nBest regards,\n";
pub const REPLY_AR: &str = "مرحباً {name}،\n\nشكراً لتواصلك معنا بخصوص \"{subject}\". لقد تلقّينا رسالتك ويسعدنا أن نساعدك.\n\n\nمع أطيب التحيات،\n";
/// The greeting a WhatsApp chat opens with.
pub const GREETING_EN: &str = "Hello {name}, thank you for contacting us. How can we help you?";
pub const GREETING_AR: &str = "مرحباً {name}، شكراً لتواصلك معنا. كيف يمكننا مساعدتك؟";
/// The prefix of the reply's subject.
pub const REPLY_PREFIX: &str = "Re: ";
/// The fewest digits a WhatsApp number can have.
pub(crate) const PHONE_MIN_DIGITS: usize = 6;

/// The request a reply is drafted for.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ReplyTo {
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub subject: String,
    pub language: Language,
}

/// Percent-encodes a URL component: everything but RFC 3986's unreserved characters.
fn encode_component(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

impl ReplyTo {
    fn fill(&self, template: &str) -> String {
        template.replace("{name}", self.name.trim()).replace("{subject}", self.subject.trim())
    }

    /// The 'Send Email' draft: a mailto link with the subject 'Re: …' and the canned reply.
    pub fn mail_link(&self) -> String {
        let body = self.fill(if self.language == Language::Ar { REPLY_AR } else { REPLY_EN });
        let subject = format!("{REPLY_PREFIX}{}", self.subject.trim());
        format!(
            "mailto:{}?subject={}&body={}",
            encode_component(self.email.trim()).replace("%40", "@"),
            encode_component(&subject),
            encode_component(&body)
        )
    }

    /// The number as wa.me takes it: the digits of the international number, without '+' or
    /// '00'. A number written without its country code is taken as written.
    pub fn whatsapp_number(&self) -> Option<String> {
        let phone = self.phone.as_deref()?.trim();
        let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
        let digits = if phone.starts_with('+') {
            digits
        } else {
            digits.strip_prefix("00").map_or(digits.clone(), str::to_owned)
        };
        (digits.len() >= PHONE_MIN_DIGITS).then_some(digits)
    }

    /// The WhatsApp chat with the canned greeting, when the phone holds a number.
    pub fn whatsapp_link(&self) -> Option<String> {
        let greeting = self.fill(if self.language == Language::Ar { GREETING_AR } else { GREETING_EN });
        self.whatsapp_number()
            .map(|number| format!("https://wa.me/{number}?text={}", encode_component(&greeting)))
    }
}
