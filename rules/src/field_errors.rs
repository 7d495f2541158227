/// The JSON Schema `pattern` of a text that [`FieldErrors::require`] accepts: at least one
/// character that is not white space, by the same definition as Rust's `trim` (Unicode's
/// White_Space), spelled out so every regex dialect reads it alike.
pub const VISIBLE_TEXT: &str = r"[^\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]";

use std::borrow::Cow;

use schemars::JsonSchema;
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::vocabularies::{self, Term};
use crate::{email, messages};

/// Failing fields and their messages, in the order the payload declares its fields.
///
/// Serialises as a JSON object (`{"field": "message"}`) keeping that order, so the server's
/// `errors` map and the browser's read the same, message for message.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors(Vec<(Cow<'static, str>, Cow<'static, str>)>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `message` for `field` unless the field already has one: the first rule
    /// that fails is the one the user needs to fix first.
    pub fn add(&mut self, field: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) {
        let field = field.into();
        if !self.0.iter().any(|(f, _)| *f == field) {
            self.0.push((field, message.into()));
        }
    }

    /// Adds `message` for `field` when `failed` holds.
    pub fn check(&mut self, failed: bool, field: &'static str, message: &'static str) {
        if failed {
            self.add(field, message);
        }
    }

    /// Adds `message` for `field` when the text holds nothing but white space (see
    /// [`VISIBLE_TEXT`], its JSON Schema form): a title of
    /// spaces is as empty to a reader as no title.
    pub fn require(&mut self, value: &str, field: &'static str, message: &'static str) {
        self.check(value.trim().is_empty(), field, message);
    }

    /// Adds `message` for `field` when the text is given but not one of `terms`.
    pub fn check_listed(&mut self, value: Option<&str>, terms: &[Term], field: &'static str) {
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            self.check(!vocabularies::contains(terms, value), field, messages::NOT_IN_LIST);
        }
    }

    /// Adds `message` for `field` when an address is given but is not a valid e-mail
    /// address (see [`crate::email`]); an empty optional address counts as not given.
    pub fn check_email(&mut self, value: Option<&str>, field: &'static str, message: &'static str) {
        if let Some(address) = value.filter(|v| !v.is_empty()) {
            self.check(!email::is_valid(address), field, message);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.0.iter().find(|(f, _)| f == field).map(|(_, m)| m.as_ref())
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(f, m)| (f.as_ref(), m.as_ref()))
    }

    /// The same failures with each message in `language` (see [`messages::in_language`]).
    pub fn in_language(&self, language: crate::language::Language) -> FieldErrors {
        FieldErrors(
            self.0
                .iter()
                .map(|(field, message)| {
                    (field.clone(), Cow::Owned(messages::in_language(message, language).into_owned()))
                })
                .collect(),
        )
    }

    /// `Ok(())` when nothing failed, otherwise the collected errors.
    pub fn into_result(self) -> Result<(), FieldErrors> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(self)
        }
    }
}

impl Serialize for FieldErrors {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (field, message) in &self.0 {
            map.serialize_entry(field, message)?;
        }
        map.end()
    }
}

impl JsonSchema for FieldErrors {
    fn schema_name() -> Cow<'static, str> {
        "FieldErrors".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "description": "Failing fields (camelCase payload names) and their messages.",
            "additionalProperties": { "type": "string" }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_insertion_order_when_serialised() {
        let mut errors = FieldErrors::new();
        errors.add("username", "first");
        errors.add("password", "second");
        assert_eq!(
            serde_json::to_string(&errors).expect("serialises"),
            r#"{"username":"first","password":"second"}"#
        );
    }

    #[test]
    fn keeps_the_first_message_of_a_field() {
        let mut errors = FieldErrors::new();
        errors.add("price", "one");
        errors.add("price", "two");
        assert_eq!(errors.get("price"), Some("one"));
        assert_eq!(errors.len(), 1);
    }
}
