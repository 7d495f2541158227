//! The body of a property write: the comprehensive form's `PropertyInput`, or with
//! `?form=quick` the quick form's `QuickPropertyInput`. Each is parsed and checked by
//! its own rules through the one JSON body guard.

use rocket::data::{self, Data, FromData};
use rocket::outcome::Outcome;
use rocket::Request;
use rules::properties::{PropertyInput, QuickPropertyInput};
use rules::{FieldErrors, Validate};
use schemars::{json_schema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use serde_json::json;
use time::OffsetDateTime;

use crate::platform::http::error::ApiError;
use crate::platform::http::payload::{checked, Payload};
use crate::platform::openapi::Doc;

/// A validated property payload from one of the two forms (boxed: the two differ in size,
/// and a body is moved only once).
pub enum PropertyBody {
    Full(Box<PropertyInput>),
    Quick(Box<QuickPropertyInput>),
}

/// The comprehensive form checked in the current year (yearBuilt may not be later).
#[derive(Serialize, Deserialize)]
#[serde(transparent)]
struct FullForm(PropertyInput);

impl Validate for FullForm {
    fn validate(&self) -> Result<(), FieldErrors> {
        self.0.validate_in_year(current_year())
    }
}

/// The quick form checked in the current year, as the comprehensive one.
#[derive(Serialize, Deserialize)]
#[serde(transparent)]
struct QuickForm(QuickPropertyInput);

impl Validate for QuickForm {
    fn validate(&self) -> Result<(), FieldErrors> {
        self.0.validate_in_year(current_year())
    }
}

/// The year it is now in the time zone furthest ahead (UTC+14): the browser checks against
/// its local year, which is never later, so the server never refuses a year it allowed.
fn current_year() -> i32 {
    (OffsetDateTime::now_utc() + time::Duration::hours(14)).year()
}

/// The `form` query parameter's one value.
pub const QUICK: &str = "quick";

#[rocket::async_trait]
impl<'r> FromData<'r> for PropertyBody {
    type Error = ApiError;

    async fn from_data(request: &'r Request<'_>, body: Data<'r>) -> data::Outcome<'r, Self> {
        match request.query_value::<&str>("form") {
            None => Payload::<FullForm>::from_data(request, body)
                .await
                .map(|p| PropertyBody::Full(Box::new(p.0 .0))),
            Some(Ok(QUICK)) => Payload::<QuickForm>::from_data(request, body)
                .await
                .map(|p| PropertyBody::Quick(Box::new(p.0 .0))),
            Some(_) => {
                let error = ApiError::bad_request(rules::messages::FORM_PARAMETER);
                Outcome::Error((error.clone().stash(request), error))
            }
        }
    }
}

impl PropertyBody {
    /// One form's payload read from a JSON object and checked by that form's rules, as its
    /// body would be (a version restored from the history).
    pub fn from_object(
        object: serde_json::Map<String, serde_json::Value>,
        quick: bool,
    ) -> Result<Self, ApiError> {
        Ok(if quick {
            PropertyBody::Quick(Box::new(checked::<QuickForm>(object)?.0))
        } else {
            PropertyBody::Full(Box::new(checked::<FullForm>(object)?.0))
        })
    }
}

/// Either form's payload, as the document describes the body.
fn either_form(generator: &mut SchemaGenerator) -> Schema {
    let full = generator.subschema_for::<PropertyInput>();
    let quick = generator.subschema_for::<QuickPropertyInput>();
    json_schema!({
        "description": "PropertyInput; with ?form=quick, QuickPropertyInput",
        "anyOf": [full, quick]
    })
}

/// Declares the body and the `form` parameter of a property write.
pub fn documented(doc: Doc) -> Doc {
    doc.takes_media("application/json", either_form)
        .query("form", json!({ "type": "string", "enum": [QUICK] }))
}
