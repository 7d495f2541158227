//! Reading a payload from its JSON object, the one way the server and the browser both do.
//!
//! A value outside a closed list (a feature category of 'bogus', a page name of '') is the
//! client's mistake about one field, not a malformed body: it is answered like every other
//! rule, as that field's [`messages::NOT_IN_LIST`], together with whatever else fails. Any
//! other shape the payload cannot take (text where a number belongs, a body that is not an
//! object) is malformed, named by its field.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::{messages, FieldErrors, Validate};

/// Why a payload was not taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not of the payload's shape: the sentence says where and why.
    Malformed(String),
    /// Of the payload's shape, but failing its rules: every failing field with its message.
    Invalid(FieldErrors),
}

/// The payload `T` read from `object` and checked against its rules.
///
/// Fields holding a value outside their list are reported first, then left out so the rest
/// of the payload can still be read and checked: the client learns every failing field in
/// one answer.
pub fn read<T: DeserializeOwned + Validate>(object: Map<String, Value>) -> Result<T, Refusal> {
    read_with(object, T::validate)
}

/// Like [`read`], with the rules given: for a payload whose rules need more than the
/// payload (the property forms need the current year).
pub fn read_with<T: DeserializeOwned>(
    mut object: Map<String, Value>,
    rules: impl FnOnce(&T) -> Result<(), FieldErrors>,
) -> Result<T, Refusal> {
    let mut failures = FieldErrors::new();
    // Each pass takes out one field, so there are at most as many passes as fields.
    let payload = loop {
        match serde_path_to_error::deserialize::<_, T>(&object) {
            Ok(payload) => break payload,
            Err(error) => {
                let outside_list = error.inner().to_string().starts_with(messages::NOT_IN_LIST);
                if !outside_list || !remove(&mut object, error.path()) {
                    return Err(Refusal::Malformed(error.to_string()));
                }
                failures.add(error.path().to_string(), messages::NOT_IN_LIST);
            }
        }
    };
    for (field, message) in rules(&payload).err().unwrap_or_default().iter() {
        failures.add(field.to_owned(), message.to_owned());
    }
    if failures.is_empty() {
        Ok(payload)
    } else {
        Err(Refusal::Invalid(failures))
    }
}

/// Takes the value at `path` out of the object; whether there was one.
fn remove(object: &mut Map<String, Value>, path: &serde_path_to_error::Path) -> bool {
    use serde_path_to_error::Segment;
    let segments: Vec<&Segment> = path.iter().collect();
    match segments.split_first() {
        Some((Segment::Map { key }, [])) => object.remove(key.as_str()).is_some(),
        Some((Segment::Map { key }, rest)) => {
            object.get_mut(key.as_str()).is_some_and(|v| remove_within(v, rest))
        }
        _ => false,
    }
}

fn remove_within(value: &mut Value, segments: &[&serde_path_to_error::Segment]) -> bool {
    use serde_path_to_error::Segment;
    match (value, segments) {
        (Value::Object(fields), [Segment::Map { key }]) => fields.remove(key.as_str()).is_some(),
        (Value::Array(items), [Segment::Seq { index }]) if *index < items.len() => {
            items.remove(*index);
            true
        }
        (Value::Object(fields), [Segment::Map { key }, rest @ ..]) => {
            fields.get_mut(key.as_str()).is_some_and(|v| remove_within(v, rest))
        }
        (Value::Array(items), [Segment::Seq { index }, rest @ ..]) => {
            items.get_mut(*index).is_some_and(|v| remove_within(v, rest))
        }
        _ => false,
    }
}
