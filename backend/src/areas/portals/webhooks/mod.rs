//! The portals' lead webhooks (issue 41): `POST /api/webhooks/bayut` and
//! `POST /api/webhooks/property-finder`, called by the portals, not by a session. A call
//! signed with the portal's secret ([`signature`]) carrying a lead ([`lead`]) becomes a
//! contact request of source `portal`, assigned and its assignee told like any lead, once
//! per portal and lead id. Every call is recorded in the delivery log, refused or taken.

pub mod lead;
pub mod signature;

use rocket::data::{Data, ToByteUnit};
use rocket::http::Status;
use rocket::request::{self, FromRequest};
use rocket::serde::json::Json;
use rocket::{post, Request, State};
use rules::contacts::ContactRequestInput;
use rules::language::Language;
use rules::leads::ManualLeadInput;
use rules::portals::MappingPortal;
use rules::vocabularies::LeadSource;
use rules::Validate;
use schemars::JsonSchema;
use serde::Serialize;

use self::lead::{BayutLead, Lead, PropertyFinderEvent};
use super::store;
use super::store::deliveries::Delivery;
use crate::areas::contacts;
use crate::areas::notifications::Outbox;
use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            bayut,
            Doc::new(
                "Bayut's lead webhook, signed with X-Bayut-Signature: the hexadecimal MD5 of the \
                 secret followed by the raw body. A lead becomes a contact request of source portal, \
                 once per lead id (a repeat answers the same request, created false). 401 unsigned, \
                 badly signed or without a secret set; 400 not JSON; 422 not a lead; 413 over 64 KB. \
                 Every call is logged (GET /api/portals/deliveries)"
            )
            .takes::<BayutLead>()
            .responds::<WebhookReceived>()
            .fails(&[401, 413])
        ),
        endpoint!(
            property_finder,
            Doc::new(
                "Property Finder's lead webhook (its lead.created event), signed with X-Signature: the \
                 hexadecimal HMAC-SHA256 of the raw body keyed by the secret. A lead becomes a contact \
                 request of source portal, once per lead id (a repeat answers the same request, created \
                 false). 401 unsigned, badly signed or without a secret set; 400 not JSON; 422 not a \
                 lead; 413 over 64 KB. Every call is logged (GET /api/portals/deliveries)"
            )
            .takes::<PropertyFinderEvent>()
            .responds::<WebhookReceived>()
            .fails(&[401, 413])
        ),
    ]
}

/// The largest call read: a lead is a few hundred bytes.
pub const BODY_MAX_BYTES: u64 = 64 * 1024;

/// What a taken call is answered.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WebhookReceived {
    /// The contact request the lead became.
    pub contact_request_id: i64,
    /// False when this lead had come before: nothing was created.
    pub created: bool,
}

/// What a call says of itself in its headers: its signature, whichever portal it claims to
/// be, and its declared length.
pub struct Signed<'r> {
    bayut: Option<&'r str>,
    property_finder: Option<&'r str>,
    length: Option<u64>,
}

#[rocket::async_trait]
impl<'r> FromRequest<'r> for Signed<'r> {
    type Error = std::convert::Infallible;

    async fn from_request(request: &'r Request<'_>) -> request::Outcome<Self, Self::Error> {
        let headers = request.headers();
        request::Outcome::Success(Signed {
            bayut: headers.get_one(signature::header_of(MappingPortal::Bayut)),
            property_finder: headers.get_one(signature::header_of(MappingPortal::PropertyFinder)),
            length: headers.get_one("Content-Length").and_then(|length| length.parse().ok()),
        })
    }
}

impl Signed<'_> {
    fn by(&self, portal: MappingPortal) -> Option<&str> {
        match portal {
            MappingPortal::Bayut => self.bayut,
            MappingPortal::PropertyFinder => self.property_finder,
        }
    }
}

/// The portal's name in a lead's subject and as the history's author of the lead.
fn name_of(portal: MappingPortal) -> &'static str {
    match portal {
        MappingPortal::PropertyFinder => "Property Finder",
        MappingPortal::Bayut => "Bayut",
    }
}

/// A refused call: the answer, and what the delivery log says of it.
struct Refusal {
    answer: ApiError,
    detail: String,
}

impl Refusal {
    fn new(answer: ApiError, detail: impl Into<String>) -> Refusal {
        Refusal { answer, detail: detail.into() }
    }

    fn unsigned(detail: &str) -> Refusal {
        Refusal::new(ApiError::unauthorized(rules::messages::WEBHOOK_SIGNATURE_INVALID), detail)
    }
}

impl From<ApiError> for Refusal {
    fn from(error: ApiError) -> Refusal {
        let detail = match &error.errors {
            Some(errors) => errors
                .iter()
                .map(|(field, message)| format!("{field}: {message}"))
                .collect::<Vec<_>>()
                .join("; "),
            None => error.message.clone(),
        };
        Refusal { answer: error, detail }
    }
}

/// The body, read to at most [`BODY_MAX_BYTES`].
async fn read(body: Data<'_>, declared: Option<u64>) -> Result<Vec<u8>, Refusal> {
    let too_large = || {
        let message = rules::messages::BODY_TOO_LARGE;
        Refusal::new(ApiError::new(Status::PayloadTooLarge, message), message)
    };
    if declared.is_some_and(|length| length > BODY_MAX_BYTES) {
        return Err(too_large());
    }
    let bytes =
        body.open(BODY_MAX_BYTES.bytes()).into_bytes().await.map_err(|e| {
            Refusal::new(ApiError::bad_request(rules::messages::BODY_MALFORMED), e.to_string())
        })?;
    if !bytes.is_complete() {
        return Err(too_large());
    }
    Ok(bytes.into_inner())
}

/// The contact request a lead becomes, checked as a lead a user takes by hand is: a
/// call-back request through the portal may carry a phone number and no e-mail address.
async fn input_of(db: &Db, portal: MappingPortal, lead: &Lead) -> ApiResult<ContactRequestInput> {
    let name = name_of(portal);
    let property_id = match &lead.reference {
        Some(reference) => store::references::listing_of(&mut *db.pool().acquire().await?, reference).await?,
        None => None,
    };
    let about = lead
        .reference
        .as_ref()
        .map(|reference| format!(" about the listing {reference}"))
        .unwrap_or_default();
    let by = lead.channel.as_ref().map(|channel| format!(" ({channel})")).unwrap_or_default();
    let input = ManualLeadInput {
        name: lead.name.clone(),
        email: Some(lead.email.clone()).filter(|email| !email.trim().is_empty()),
        phone: lead.phone.clone(),
        subject: format!("Enquiry from {name}"),
        message: lead.message.clone().unwrap_or_else(|| format!("Enquiry from {name}{by}{about}.")),
        property_id,
        language: Language::En,
        source: Some(LeadSource::Portal),
    };
    input.validate().map_err(ApiError::validation)?;
    Ok(input.to_request())
}

/// Takes a call: signed, JSON, a lead; answers the contact request it became.
async fn take(
    portal: MappingPortal,
    signed: Option<&str>,
    bytes: &[u8],
    db: &Db,
    outbox: &Outbox,
    lead_id: &mut Option<String>,
) -> Result<WebhookReceived, Refusal> {
    let secret =
        store::secrets::get(&mut *db.pool().acquire().await.map_err(ApiError::from)?, portal).await?;
    let Some(secret) = secret else { return Err(Refusal::unsigned("no secret is set for this portal")) };
    let Some(signed) = signed else { return Err(Refusal::unsigned("the call has no signature")) };
    if !signature::verify(portal, &secret, bytes, signed) {
        return Err(Refusal::unsigned("the signature does not match the secret"));
    }
    let body: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| {
        Refusal::new(ApiError::bad_request(rules::messages::BODY_MALFORMED), format!("not JSON: {e}"))
    })?;
    let lead = match portal {
        MappingPortal::Bayut => Lead::of_bayut(body),
        MappingPortal::PropertyFinder => Lead::of_property_finder(body),
    }
    .map_err(ApiError::validation)?;
    *lead_id = Some(lead.id.clone());
    let input = input_of(db, portal, &lead).await?;
    let actor = Actor { user_id: None, username: Some(name_of(portal).to_owned()) };
    let (request, created) =
        contacts::store::create_from_portal(db.pool(), outbox, &actor, &input, portal.value(), &lead.id)
            .await?;
    Ok(WebhookReceived { contact_request_id: request.id, created })
}

/// Takes or refuses a call, and records it.
async fn receive(
    portal: MappingPortal,
    signed: Signed<'_>,
    body: Data<'_>,
    db: &Db,
    outbox: &Outbox,
) -> ApiResult<Json<WebhookReceived>> {
    let mut lead_id = None;
    let outcome = match read(body, signed.length).await {
        Ok(bytes) => take(portal, signed.by(portal), &bytes, db, outbox, &mut lead_id).await,
        Err(refusal) => Err(refusal),
    };
    let delivery = match &outcome {
        Ok(received) => Delivery {
            portal,
            status: 200,
            error: None,
            lead_id: lead_id.as_deref(),
            contact_request_id: Some(received.contact_request_id),
        },
        Err(refusal) => Delivery {
            portal,
            status: refusal.answer.status.code,
            error: Some(&refusal.detail),
            lead_id: lead_id.as_deref(),
            contact_request_id: None,
        },
    };
    if let Err(error) = store::deliveries::record(db.pool(), &delivery).await {
        rocket::error!("a {} webhook call could not be logged: {}", portal.value(), error.message);
    }
    outcome.map(Json).map_err(|refusal| refusal.answer)
}

#[post("/webhooks/bayut", data = "<body>")]
pub async fn bayut(
    signed: Signed<'_>,
    body: Data<'_>,
    db: &Db,
    outbox: &State<Outbox>,
) -> ApiResult<Json<WebhookReceived>> {
    receive(MappingPortal::Bayut, signed, body, db, outbox).await
}

#[post("/webhooks/property-finder", data = "<body>")]
pub async fn property_finder(
    signed: Signed<'_>,
    body: Data<'_>,
    db: &Db,
    outbox: &State<Outbox>,
) -> ApiResult<Json<WebhookReceived>> {
    receive(MappingPortal::PropertyFinder, signed, body, db, outbox).await
}
