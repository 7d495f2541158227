//! A listing's prices over time (issue 39), read from its history: each change of price,
//! currency or rent period, oldest first.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::platform::audit::{Action, Recorded};

/// How many of a listing's latest history entries the price history reads.
pub const ENTRIES_READ: i64 = 5_000;

/// The price a listing asked from `at` on.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PricePoint {
    /// RFC 3339 UTC.
    pub at: String,
    pub price: f64,
    pub currency: String,
    /// The rent period the price is for; null for a sale.
    pub rent_frequency: Option<String>,
}

/// The points of `entries` (one record's history, oldest first): one each time the price,
/// currency or rent period came to differ from the last point.
pub fn points(entries: &[Recorded]) -> Vec<PricePoint> {
    let mut points: Vec<PricePoint> = Vec::new();
    let mut state: Option<PricePoint> = None;
    for entry in entries {
        if matches!(entry.action, Action::Delete | Action::Purge) {
            continue;
        }
        let mut next = state.clone().unwrap_or(PricePoint {
            at: String::new(),
            price: 0.0,
            currency: String::new(),
            rent_frequency: None,
        });
        let mut touched = false;
        for change in &entry.changes {
            match (change.field.as_str(), &change.new) {
                ("price", Value::Number(n)) => next.price = n.as_f64().unwrap_or(next.price),
                ("currency", Value::String(c)) => next.currency = c.clone(),
                ("rentFrequency", Value::String(f)) => next.rent_frequency = Some(f.clone()),
                ("rentFrequency", Value::Null) => next.rent_frequency = None,
                _ => continue,
            }
            touched = true;
        }
        let changed = state.as_ref().is_none_or(|last| {
            last.price != next.price
                || last.currency != next.currency
                || last.rent_frequency != next.rent_frequency
        });
        if touched && changed {
            next.at = entry.at.clone();
            points.push(next.clone());
            state = Some(next);
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::platform::audit::FieldChange;

    fn entry(at: &str, action: Action, changes: &[(&str, Value)]) -> Recorded {
        Recorded {
            at: at.into(),
            action,
            changes: changes
                .iter()
                .map(|(field, new)| FieldChange {
                    field: (*field).into(),
                    old: Value::Null,
                    new: new.clone(),
                })
                .collect(),
        }
    }

    #[test]
    fn each_change_of_price_currency_or_period_is_a_point() {
        let entries = [
            entry(
                "t1",
                Action::Create,
                &[("price", json!(1000)), ("currency", json!("AED")), ("titleEn", json!("x"))],
            ),
            entry("t2", Action::Update, &[("titleEn", json!("y"))]),
            entry("t3", Action::Update, &[("price", json!(900))]),
            entry("t4", Action::Update, &[("rentFrequency", json!("monthly"))]),
            entry("t5", Action::Update, &[("price", json!(900))]),
        ];
        let at: Vec<(String, f64, Option<String>)> =
            points(&entries).into_iter().map(|p| (p.at, p.price, p.rent_frequency)).collect();
        assert_eq!(
            at,
            [
                ("t1".into(), 1000.0, None),
                ("t3".into(), 900.0, None),
                ("t4".into(), 900.0, Some("monthly".into()))
            ]
        );
    }
}
