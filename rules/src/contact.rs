//! Contact requests: what a site visitor submits, and the admin's status change.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::vocabularies::{ContactStatus, Language};
use crate::{messages, FieldErrors, Validate};

/// `POST /api/public/contact-requests`: the public site's contact form.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ContactRequestInput {
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub subject: String,
    pub message: String,
    /// The listing the visitor asked about, if any.
    pub property_id: Option<i64>,
    pub language: Language,
}

impl Validate for ContactRequestInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.require(&self.name, "name", messages::NAME_REQUIRED);
        errors.require(&self.email, "email", messages::EMAIL_REQUIRED);
        errors.check_email(Some(&self.email), "email", messages::EMAIL_INVALID);
        errors.require(&self.subject, "subject", messages::SUBJECT_REQUIRED);
        errors.require(&self.message, "message", messages::MESSAGE_REQUIRED);
        errors.into_result()
    }
}

/// `PUT /api/contact-requests/{id}`: Mark Responded or Close, allowed from any status.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ContactStatusChange {
    pub status: Option<ContactStatus>,
}

impl Validate for ContactStatusChange {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.check(self.status.is_none(), "status", messages::STATUS_REQUIRED);
        errors.into_result()
    }
}
