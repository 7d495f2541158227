//! The JSON body guard: read and validate with `rules`, at the boundary and once.
//! Past this guard a handler trusts its payload.

use rocket::data::{self, Data, FromData, ToByteUnit};
use rocket::http::Status;
use rocket::outcome::Outcome;
use rocket::Request;
use rules::reading::Refusal;
use rules::Validate;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::platform::http::error::ApiError;

/// A JSON body of type `T`, of at most `MAX_BYTES`, that has passed its rules.
pub struct Payload<T, const MAX_BYTES: u64 = BODY_LIMIT>(pub T);

/// Bodies may carry inline images (data URLs of up to 10 MB, base64-encoded).
pub const BODY_LIMIT: u64 = 16 * 1024 * 1024;

#[rocket::async_trait]
impl<'r, T: DeserializeOwned + Serialize + Validate + Send, const MAX_BYTES: u64> FromData<'r>
    for Payload<T, MAX_BYTES>
{
    type Error = ApiError;

    async fn from_data(request: &'r Request<'_>, body: Data<'r>) -> data::Outcome<'r, Self> {
        match parse::<T>(request, body, MAX_BYTES).await {
            Ok(payload) => Outcome::Success(Payload(payload)),
            Err(error) => Outcome::Error((error.clone().stash(request), error)),
        }
    }
}

async fn parse<T: DeserializeOwned + Serialize + Validate>(
    request: &Request<'_>,
    body: Data<'_>,
    max_bytes: u64,
) -> Result<T, ApiError> {
    if request.content_type().is_some_and(|ct| !ct.is_json()) {
        return Err(ApiError::new(Status::UnsupportedMediaType, rules::messages::BODY_NOT_JSON));
    }
    // A body declared too large is refused on its head, before a byte of it is read.
    let declared = request.headers().get_one("Content-Length").and_then(|length| length.parse::<u64>().ok());
    if declared.is_some_and(|length| length > max_bytes) {
        return Err(too_large(max_bytes));
    }
    let bytes = body
        .open(max_bytes.bytes())
        .into_bytes()
        .await
        .map_err(|e| ApiError::bad_request(format!("The request body could not be read: {e}")))?;
    if !bytes.is_complete() {
        return Err(too_large(max_bytes));
    }
    // A struct with defaults would also read from an array: every payload is an object.
    let object = match serde_json::from_slice::<serde_json::Value>(&bytes) {
        Ok(serde_json::Value::Object(object)) => object,
        Ok(_) => return Err(ApiError::bad_request(rules::messages::BODY_NOT_OBJECT)),
        Err(e) => return Err(ApiError::bad_request(format!("The request body is not valid JSON: {e}"))),
    };
    checked(object)
}

/// The payload `T` read from a JSON object and checked by its rules, answered as a request
/// body's would be: the body guard's way, and a version restored from the history's.
pub fn checked<T: DeserializeOwned + Serialize + Validate>(
    object: serde_json::Map<String, serde_json::Value>,
) -> Result<T, ApiError> {
    let payload: T = rules::reading::read(object).map_err(|refusal| match refusal {
        Refusal::Invalid(errors) => ApiError::validation(errors),
        Refusal::Malformed(reason) => {
            ApiError::bad_request(format!("The request body is not valid JSON for this call: {reason}"))
        }
    })?;
    // Judged on the payload as read: fields the call does not take are ignored anyway.
    if serde_json::to_value(&payload).is_ok_and(|value| holds_nul(&value)) {
        return Err(ApiError::bad_request(rules::messages::TEXT_WITH_NUL));
    }
    Ok(payload)
}

/// Whether any text in the body holds U+0000: PostgreSQL cannot store it, and in text typed
/// by people it is never meant; refused alike on both databases.
fn holds_nul(value: &serde_json::Value) -> bool {
    use serde_json::Value;
    match value {
        Value::String(text) => text.contains('\0'),
        Value::Array(items) => items.iter().any(holds_nul),
        Value::Object(fields) => fields.values().any(holds_nul),
        _ => false,
    }
}

fn too_large(max_bytes: u64) -> ApiError {
    ApiError::new(Status::PayloadTooLarge, format!("The request body is larger than {}", size(max_bytes)))
}

fn size(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes.is_multiple_of(MIB) {
        format!("{} MB", bytes / MIB)
    } else {
        format!("{} KB", bytes.div_ceil(1024))
    }
}

/// Optional text as stored: blank (empty or only white space) is "not given", so a cleared
/// form field reads back as `null` rather than as an empty string. Given text is kept
/// byte for byte.
pub fn optional_text(value: Option<String>) -> Option<String> {
    value.filter(|text| !text.trim().is_empty())
}
