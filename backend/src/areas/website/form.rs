//! The site's contact forms, posted as plain HTML forms: a general enquiry from the contact
//! page, or one about a listing from its page. They follow the public form's rules (the
//! rules' checks and messages, in the page's language), its honeypot and its per-address
//! limit, and become leads like the panel's API's. A refused form comes back with what was
//! typed and a message by each field.

use std::collections::BTreeMap;

use rocket::http::Status;
use rocket::FromForm;
use rules::contacts::ContactRequestInput;
use rules::language::Language;
use rules::messages::{self, in_language};
use rules::vocabularies::LeadSource;
use rules::Validate;
use serde::Serialize;

use super::visit::{Lang, Visit};
use crate::areas::contacts::store as leads;
use crate::areas::notifications::Outbox;
use crate::areas::properties::PublicProperty;
use crate::platform::audit::Actor;
use crate::platform::form_limit;
use crate::platform::http::error::ApiResult;

/// What the form posts. Every field is optional here, so a form missing one is refused by
/// the rules' message for it rather than by a parser's.
#[derive(Debug, Default, FromForm)]
pub struct ContactForm {
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub subject: Option<String>,
    pub message: Option<String>,
    /// The honeypot: hidden from people, filled in by bots.
    pub website: Option<String>,
}

/// The form as a page shows it: its values, and when refused, why.
#[derive(Debug, Serialize)]
pub struct FormState {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub subject: String,
    pub message: String,
    /// Each refused field's message, by the field's name.
    pub errors: BTreeMap<String, String>,
    /// A refusal of the whole form (too many from this address).
    pub problem: Option<String>,
    #[serde(skip)]
    pub status: Status,
}

impl FormState {
    fn blank() -> FormState {
        FormState {
            name: String::new(),
            email: String::new(),
            phone: String::new(),
            subject: String::new(),
            message: String::new(),
            errors: BTreeMap::new(),
            problem: None,
            status: Status::Ok,
        }
    }

    /// The contact page's empty form.
    pub fn general() -> FormState {
        FormState::blank()
    }

    /// A listing's form, its subject naming the listing.
    pub fn about(lang: Lang, property: &PublicProperty) -> FormState {
        let title = match lang.0 {
            Language::Ar if !property.listing.title_ar.trim().is_empty() => &property.listing.title_ar,
            _ => &property.listing.title_en,
        };
        let reference = property
            .listing
            .property_number
            .as_deref()
            .map(|number| format!(" ({number})"))
            .unwrap_or_default();
        FormState { subject: format!("{title}{reference}"), ..FormState::blank() }
    }

    fn of(form: &ContactForm) -> FormState {
        let text = |value: &Option<String>| value.clone().unwrap_or_default();
        FormState {
            name: text(&form.name),
            email: text(&form.email),
            phone: text(&form.phone),
            subject: text(&form.subject),
            message: text(&form.message),
            ..FormState::blank()
        }
    }
}

pub enum Sent {
    /// Received (or a bot's, dropped without a word).
    Received,
    Refused(FormState),
}

/// Takes a posted form in `lang`, about `property_id` when sent from a listing's page.
pub async fn submit(
    visit: &Visit<'_>,
    outbox: &Outbox,
    lang: Lang,
    form: &ContactForm,
    property_id: Option<i64>,
) -> ApiResult<Sent> {
    let mut state = FormState::of(form);
    if let Err(refusal) = form_limit::admit(visit.db, visit.client.address).await {
        if refusal.status != Status::TooManyRequests {
            return Err(refusal);
        }
        state.problem = Some(in_language(messages::CONTACT_TOO_MANY, lang.0).into_owned());
        state.status = Status::TooManyRequests;
        return Ok(Sent::Refused(state));
    }
    let input = ContactRequestInput {
        name: state.name.trim().to_owned(),
        email: state.email.trim().to_owned(),
        phone: Some(state.phone.trim().to_owned()).filter(|phone| !phone.is_empty()),
        subject: state.subject.trim().to_owned(),
        message: state.message.trim().to_owned(),
        property_id,
        language: lang.0,
        website: form.website.clone(),
    };
    if input.is_bot() {
        return Ok(Sent::Received);
    }
    let refused = match input.validate() {
        Err(errors) => Some(errors),
        Ok(()) => match leads::create(visit.db, outbox, &Actor::visitor(), &input, LeadSource::Website).await
        {
            Ok(_) => None,
            Err(error) => match error.errors {
                Some(errors) => Some(errors),
                None => return Err(error),
            },
        },
    };
    let Some(errors) = refused else { return Ok(Sent::Received) };
    for (field, message) in errors.iter() {
        let message = in_language(message, lang.0).into_owned();
        if ["name", "email", "phone", "subject", "message"].contains(&field) {
            state.errors.insert(field.to_owned(), message);
        } else {
            state.problem = Some(message);
        }
    }
    state.status = Status::UnprocessableEntity;
    Ok(Sent::Refused(state))
}
