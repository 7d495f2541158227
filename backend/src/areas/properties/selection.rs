//! Which listings a bulk change or an export of a selection acts on (issue 24): the ids the
//! panel checked, or every listing the list's search and filters match, over all pages.

use rules::bulk::PropertyFilter;

use super::listing::ListRequest;
use crate::platform::bulk;

#[derive(Debug, Clone)]
pub enum Selection {
    /// In the order given, each once.
    Ids(Vec<i64>),
    /// In the list's order.
    Matching(ListRequest),
}

impl Selection {
    /// The selection of a valid request: its ids, or else its filter.
    pub fn of(ids: Option<&[i64]>, filter: Option<&PropertyFilter>) -> Selection {
        match (ids, filter) {
            (Some(ids), _) => Selection::Ids(bulk::distinct(ids)),
            (None, filter) => {
                Selection::Matching(ListRequest::filtered(&filter.cloned().unwrap_or_default()))
            }
        }
    }
}
