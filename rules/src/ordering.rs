//! The order of the public site's ordered lists (team members, services, process steps,
//! testimonials): each record's place is its display order.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::bounds::ORDER_IDS_MAX;
use crate::{messages, FieldErrors, Validate};

/// `PUT /api/<area>/order`: every id, in the new order.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NewOrder {
    #[schemars(length(max = ORDER_IDS_MAX))]
    pub ids: Vec<i64>,
}

impl Validate for NewOrder {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut seen = std::collections::HashSet::new();
        errors.check(self.ids.is_empty(), "ids", messages::ORDER_EMPTY);
        errors.limit_list(&self.ids, ORDER_IDS_MAX, "ids", messages::ORDER_TOO_LONG);
        errors.check(!self.ids.iter().all(|id| seen.insert(*id)), "ids", messages::ORDER_REPEATED);
        errors.into_result()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_names_each_id_once() {
        assert!(NewOrder { ids: vec![3, 1, 2] }.validate().is_ok());
        let empty = NewOrder::default().validate().err().unwrap_or_default();
        assert_eq!(empty.get("ids"), Some(messages::ORDER_EMPTY));
        let repeated = NewOrder { ids: vec![1, 2, 1] }.validate().err().unwrap_or_default();
        assert_eq!(repeated.get("ids"), Some(messages::ORDER_REPEATED));
    }
}
