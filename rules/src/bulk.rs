//! Bulk actions on the properties list and the contact requests inbox (issue 24): which
//! records (their ids, or the list's own search and filters), what to do to them, and the
//! versions the panel saw. Everything a client can send here is bounded.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::language::Language;
use crate::portals::{FeedPortal, Portal};
use crate::vocabularies::{
    ContactBulkAction, ContactStatus, DisplayType, OfferingType, PropertyBulkAction, PropertyStatus,
    SkipReason,
};
use crate::{messages, search, FieldErrors, Validate};

/// The most records one bulk change may touch, whether named by id or matched by a filter:
/// 10,000 listings change within the 5 seconds the issue allows, in one transaction.
pub const BULK_MAX_RECORDS: usize = 10_000;

/// The longest `q` a filter may carry, in characters.
pub const FILTER_Q_MAX_CHARS: usize = 200;

/// The largest body a bulk call reads: every id and version at its longest (`"id": version`
/// pairs of 19-digit numbers) fits in well under a mebibyte.
pub const BODY_MAX_BYTES: u64 = 1024 * 1024;
const _: () = assert!(BULK_MAX_RECORDS * (20 + 44) + 4096 <= BODY_MAX_BYTES as usize);

/// The properties list's search and filters (its query parameters, without paging and sort).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct PropertyFilter {
    #[schemars(length(max = FILTER_Q_MAX_CHARS))]
    pub q: Option<String>,
    pub status: Option<PropertyStatus>,
    pub category_id: Option<i64>,
    pub type_id: Option<i64>,
    pub display_type: Option<DisplayType>,
    pub country_id: Option<i64>,
    pub city_id: Option<i64>,
    pub is_featured: Option<bool>,
    pub import_id: Option<i64>,
    pub region_id: Option<i64>,
    /// Listings with every one of these features.
    #[schemars(length(max = search::MAX_FEATURE_FILTERS))]
    pub feature_ids: Option<Vec<i64>>,
    /// In the listing's currency, inclusive, from 0.
    #[schemars(range(min = 0, max = search::MAX_RANGE_VALUE))]
    pub min_price: Option<f64>,
    #[schemars(range(min = 0, max = search::MAX_RANGE_VALUE))]
    pub max_price: Option<f64>,
    /// Square metres, inclusive, from 0.
    #[schemars(range(min = 0, max = search::MAX_RANGE_VALUE))]
    pub min_area: Option<f64>,
    #[schemars(range(min = 0, max = search::MAX_RANGE_VALUE))]
    pub max_area: Option<f64>,
    /// At least this many.
    #[schemars(range(max = search::MAX_ROOMS))]
    pub bedrooms: Option<u32>,
    #[schemars(range(max = search::MAX_ROOMS))]
    pub bathrooms: Option<u32>,
    pub offering_type: Option<OfferingType>,
    /// Listings published to this portal (issue 41).
    pub publish_to: Option<Portal>,
    /// Listings chosen for this portal that it would refuse.
    pub blocked_for: Option<FeedPortal>,
}

impl PropertyFilter {
    /// The ranges and features of the filter: each bound a number from 0, no minimum above
    /// its maximum, at most [`search::MAX_FEATURE_FILTERS`] features.
    fn check(&self, errors: &mut FieldErrors) {
        let ranges = [
            (self.min_price, self.max_price, "filter.minPrice", "filter.maxPrice"),
            (self.min_area, self.max_area, "filter.minArea", "filter.maxArea"),
        ];
        for (min, max, min_field, max_field) in ranges {
            let invalid = |v: Option<f64>| v.is_some_and(|v| !(0.0..=search::MAX_RANGE_VALUE).contains(&v));
            errors.check(invalid(min), min_field, messages::RANGE_VALUE_INVALID);
            errors.check(invalid(max), max_field, messages::RANGE_VALUE_INVALID);
            if let (Some(min), Some(max)) = (min, max) {
                errors.check(min > max, min_field, messages::RANGE_MIN_ABOVE_MAX);
            }
        }
        for (rooms, field) in [(self.bedrooms, "filter.bedrooms"), (self.bathrooms, "filter.bathrooms")] {
            errors.check(rooms.is_some_and(|n| n > search::MAX_ROOMS), field, messages::RANGE_VALUE_INVALID);
        }
        let features = self.feature_ids.as_deref().unwrap_or_default();
        errors.check(
            features.len() > search::MAX_FEATURE_FILTERS,
            "filter.featureIds",
            messages::TOO_MANY_FEATURE_FILTERS,
        );
    }
}

/// The inbox's search and filters (its query parameters, without paging and sort).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ContactFilter {
    #[schemars(length(max = FILTER_Q_MAX_CHARS))]
    pub q: Option<String>,
    pub status: Option<ContactStatus>,
    /// RFC 3339 instants, inclusive.
    pub from: Option<String>,
    pub to: Option<String>,
    /// The inbox's lead filters (issue 26), as its query parameters name them.
    pub assignee: Option<LeadAssignee>,
    pub follow_ups: Option<FollowUps>,
    /// Only pending leads past their deadline.
    pub overdue: bool,
    /// One request per person: their newest among those the rest of the filter keeps.
    pub grouped: bool,
}

/// Whose leads a filter keeps: the caller's, or nobody's.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum LeadAssignee {
    Me,
    None,
}

/// The leads, not closed, whose follow-up time has come.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum FollowUps {
    Due,
}

/// `POST /api/properties/bulk`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct PropertyBulkRequest {
    /// The listings by id (at most 10,000); or else `filter`.
    #[schemars(length(max = BULK_MAX_RECORDS))]
    pub ids: Option<Vec<i64>>,
    /// Every listing the list's search and filters match, over all pages.
    pub filter: Option<PropertyFilter>,
    pub action: Option<PropertyBulkAction>,
    /// setStatus: a property status; setFeatured: true or false; setCategory: a category's
    /// id; trash: none.
    #[schemars(schema_with = "change_value")]
    pub value: Option<Value>,
    /// The version of each listing as the panel showed it, by id: a listing changed since is
    /// skipped as stale, not overwritten.
    pub versions: Option<BTreeMap<i64, i64>>,
}

/// What `value` may hold, by action.
fn change_value(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "type": ["string", "integer", "boolean", "null"] })
}

/// `POST /api/contact-requests/bulk`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ContactBulkRequest {
    /// The requests by id (at most 10,000); or else `filter`.
    #[schemars(length(max = BULK_MAX_RECORDS))]
    pub ids: Option<Vec<i64>>,
    /// Every request the inbox's search and filters match, over all pages.
    pub filter: Option<ContactFilter>,
    pub action: Option<ContactBulkAction>,
    /// As for listings: stale ones are skipped.
    pub versions: Option<BTreeMap<i64, i64>>,
}

/// `POST /api/properties/export`: the listings of a selection, by id or by filter.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct PropertySelection {
    /// The listings by id, exported in this order (at most 10,000); or else `filter`.
    #[schemars(length(max = BULK_MAX_RECORDS))]
    pub ids: Option<Vec<i64>>,
    /// Every listing the list's search and filters match, in the list's order.
    pub filter: Option<PropertyFilter>,
}

/// `POST /api/contact-requests/export/selection`: the requests of a selection.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ContactSelection {
    /// The requests by id, exported in this order (at most 10,000); or else `filter`.
    #[schemars(length(max = BULK_MAX_RECORDS))]
    pub ids: Option<Vec<i64>>,
    /// Every request the inbox's search and filters match, newest first.
    pub filter: Option<ContactFilter>,
}

/// What a bulk call answers: how many records it changed, and which it left as they were.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct BulkOutcome {
    pub changed: usize,
    pub skipped: Vec<Skipped>,
}

/// A selected record the change left as it was, and why.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Skipped {
    pub id: i64,
    pub reason: SkipReason,
    /// The reason in the user's language.
    pub message: String,
}

impl BulkOutcome {
    /// The answer for `changed` records and the `skipped` ones, in `language`.
    pub fn new(changed: usize, skipped: &[(i64, SkipReason)], language: Language) -> BulkOutcome {
        let skipped = skipped.iter().map(|(id, reason)| Skipped::new(*id, *reason, language)).collect();
        BulkOutcome { changed, skipped }
    }
}

impl Skipped {
    pub fn new(id: i64, reason: SkipReason, language: Language) -> Skipped {
        let english = match reason {
            SkipReason::NotFound => messages::SKIPPED_NOT_FOUND,
            SkipReason::Stale => messages::SKIPPED_STALE,
            SkipReason::Unchanged => messages::SKIPPED_UNCHANGED,
            SkipReason::NotAllowed => messages::SKIPPED_NOT_ALLOWED,
        };
        Skipped { id, reason, message: messages::in_language(english, language).into_owned() }
    }
}

/// What a bulk change of listings sets, read from a valid [`PropertyBulkRequest`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PropertyChange {
    Status(PropertyStatus),
    Featured(bool),
    Category(i64),
    /// A rental keeps its rent period, or is let by the year when it had none.
    Offering(OfferingType),
    /// Adds the portal to each listing's `publishTo`, or removes it.
    AddPortal(Portal),
    RemovePortal(Portal),
    Trash,
}

/// The portal a bulk change names.
fn portal(value: &Value) -> Result<Portal, (&'static str, &'static str)> {
    value.as_str().and_then(Portal::from_value).ok_or(("value", messages::NOT_IN_LIST))
}

/// The rules every selection follows: ids or a filter, bounded.
fn check_selection(
    errors: &mut FieldErrors,
    ids: Option<&[i64]>,
    has_filter: bool,
    versions: Option<&BTreeMap<i64, i64>>,
    q: Option<&str>,
) {
    match (ids, has_filter) {
        (Some(_), true) => errors.add("ids", messages::BULK_SELECTION),
        (None, false) => errors.add("ids", messages::BULK_NOTHING_SELECTED),
        (Some([]), false) => errors.add("ids", messages::BULK_NOTHING_SELECTED),
        (Some(ids), false) => errors.check(ids.len() > BULK_MAX_RECORDS, "ids", messages::BULK_TOO_MANY),
        (None, true) => {}
    }
    let too_many_versions = versions.is_some_and(|versions| versions.len() > BULK_MAX_RECORDS);
    errors.check(too_many_versions, "versions", messages::BULK_TOO_MANY);
    if let Some(q) = q {
        errors.check(q.chars().count() > FILTER_Q_MAX_CHARS, "filter.q", messages::BULK_SEARCH_TOO_LONG);
        errors.check(q.contains('\0'), "filter.q", messages::TEXT_WITH_NUL);
    }
}

impl PropertyBulkRequest {
    /// The change asked for, once the request is valid.
    pub fn change(&self) -> Result<PropertyChange, (&'static str, &'static str)> {
        let value = self.value.as_ref().filter(|value| !value.is_null());
        let action = self.action.ok_or(("action", messages::FIELD_REQUIRED))?;
        match (action, value) {
            (PropertyBulkAction::Trash, None) => Ok(PropertyChange::Trash),
            (PropertyBulkAction::Trash, Some(_)) => Err(("value", messages::BULK_NO_VALUE)),
            (PropertyBulkAction::SetStatus, None) => Err(("value", messages::FIELD_REQUIRED)),
            (PropertyBulkAction::SetStatus, Some(value)) => value
                .as_str()
                .and_then(PropertyStatus::from_value)
                .map(PropertyChange::Status)
                .ok_or(("value", messages::NOT_IN_LIST)),
            (PropertyBulkAction::SetFeatured, value) => value
                .and_then(Value::as_bool)
                .map(PropertyChange::Featured)
                .ok_or(("value", messages::BULK_FEATURED_VALUE)),
            (PropertyBulkAction::SetOfferingType, None) => Err(("value", messages::FIELD_REQUIRED)),
            (PropertyBulkAction::SetOfferingType, Some(value)) => value
                .as_str()
                .and_then(OfferingType::from_value)
                .map(PropertyChange::Offering)
                .ok_or(("value", messages::NOT_IN_LIST)),
            (PropertyBulkAction::AddPortal | PropertyBulkAction::RemovePortal, None) => {
                Err(("value", messages::FIELD_REQUIRED))
            }
            (PropertyBulkAction::AddPortal, Some(value)) => portal(value).map(PropertyChange::AddPortal),
            (PropertyBulkAction::RemovePortal, Some(value)) => {
                portal(value).map(PropertyChange::RemovePortal)
            }
            (PropertyBulkAction::SetCategory, value) => value
                .and_then(Value::as_i64)
                .filter(|id| *id > 0)
                .map(PropertyChange::Category)
                .ok_or(("value", messages::CATEGORY_REQUIRED)),
        }
    }
}

impl Validate for PropertyBulkRequest {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        let q = self.filter.as_ref().and_then(|filter| filter.q.as_deref());
        check_selection(&mut errors, self.ids.as_deref(), self.filter.is_some(), self.versions.as_ref(), q);
        if let Some(filter) = &self.filter {
            filter.check(&mut errors);
        }
        if let Err((field, message)) = self.change() {
            errors.add(field, message);
        }
        errors.into_result()
    }
}

impl Validate for PropertySelection {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        let q = self.filter.as_ref().and_then(|filter| filter.q.as_deref());
        check_selection(&mut errors, self.ids.as_deref(), self.filter.is_some(), None, q);
        if let Some(filter) = &self.filter {
            filter.check(&mut errors);
        }
        errors.into_result()
    }
}

impl Validate for ContactSelection {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        let q = self.filter.as_ref().and_then(|filter| filter.q.as_deref());
        check_selection(&mut errors, self.ids.as_deref(), self.filter.is_some(), None, q);
        errors.into_result()
    }
}

impl Validate for ContactBulkRequest {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        let q = self.filter.as_ref().and_then(|filter| filter.q.as_deref());
        check_selection(&mut errors, self.ids.as_deref(), self.filter.is_some(), self.versions.as_ref(), q);
        errors.check(self.action.is_none(), "action", messages::FIELD_REQUIRED);
        errors.into_result()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::reading::{read, Refusal};

    fn property(body: Value) -> Result<PropertyBulkRequest, Refusal> {
        match body {
            Value::Object(object) => read(object),
            _ => Err(Refusal::Malformed("not an object".into())),
        }
    }

    fn failing(body: Value) -> Vec<(String, String)> {
        match property(body) {
            Err(Refusal::Invalid(errors)) => {
                errors.iter().map(|(f, m)| (f.to_owned(), m.to_owned())).collect()
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn a_status_change_by_ids_reads() {
        let request =
            property(json!({ "ids": [1, 2], "action": "setStatus", "value": "sold" })).expect("valid");
        assert_eq!(request.change(), Ok(PropertyChange::Status(PropertyStatus::Sold)));
    }

    #[test]
    fn versions_are_keyed_by_id() {
        let request =
            property(json!({ "filter": {}, "action": "trash", "versions": { "7": 3 } })).expect("valid");
        assert_eq!(request.versions.and_then(|v| v.get(&7).copied()), Some(3));
    }

    #[test]
    fn the_selection_is_ids_or_a_filter() {
        assert_eq!(
            failing(json!({ "ids": [1], "filter": {}, "action": "trash" })),
            [("ids".to_owned(), messages::BULK_SELECTION.to_owned())]
        );
        assert_eq!(
            failing(json!({ "action": "trash" })),
            [("ids".to_owned(), messages::BULK_NOTHING_SELECTED.to_owned())]
        );
        assert_eq!(
            failing(json!({ "ids": [], "action": "trash" })),
            [("ids".to_owned(), messages::BULK_NOTHING_SELECTED.to_owned())]
        );
    }

    #[test]
    fn every_count_and_text_is_bounded() {
        let ids: Vec<i64> = (1..=i64::try_from(BULK_MAX_RECORDS).unwrap_or_default() + 1).collect();
        assert_eq!(
            failing(json!({ "ids": ids, "action": "trash" })),
            [("ids".to_owned(), messages::BULK_TOO_MANY.to_owned())]
        );
        let q = "a".repeat(FILTER_Q_MAX_CHARS + 1);
        assert_eq!(
            failing(json!({ "filter": { "q": q }, "action": "trash" })),
            [("filter.q".to_owned(), messages::BULK_SEARCH_TOO_LONG.to_owned())]
        );
    }

    #[test]
    fn each_action_checks_its_value() {
        let case =
            |action: &str, value: Value| failing(json!({ "ids": [1], "action": action, "value": value }));
        assert_eq!(
            case("setStatus", json!("closed")),
            [("value".to_owned(), messages::NOT_IN_LIST.to_owned())]
        );
        assert_eq!(
            case("setStatus", Value::Null),
            [("value".to_owned(), messages::FIELD_REQUIRED.to_owned())]
        );
        assert_eq!(
            case("setFeatured", json!("yes")),
            [("value".to_owned(), messages::BULK_FEATURED_VALUE.to_owned())]
        );
        assert_eq!(
            case("setCategory", json!(0)),
            [("value".to_owned(), messages::CATEGORY_REQUIRED.to_owned())]
        );
        assert_eq!(case("trash", json!(1)), [("value".to_owned(), messages::BULK_NO_VALUE.to_owned())]);
        assert_eq!(
            failing(json!({ "ids": [1], "action": "explode" })),
            [("action".to_owned(), messages::NOT_IN_LIST.to_owned())]
        );
    }
}
