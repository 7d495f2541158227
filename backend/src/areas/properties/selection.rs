//! Which listings a bulk change or an export of a selection acts on (issue 24): the ids the
//! panel checked, or every listing the list's search and filters match, over all pages.

use rules::bulk::PropertyFilter;
use rules::messages;
use sqlx::AnyPool;

use super::listing::ListRequest;
use super::search_engine::Engine;
use crate::platform::bulk;
use crate::platform::http::error::{ApiError, ApiResult};

#[derive(Debug, Clone)]
pub enum Selection {
    /// In the order given, each once.
    Ids(Vec<i64>),
    /// In the list's order.
    Matching(Box<ListRequest>),
}

impl Selection {
    /// The selection of a valid request: its ids, or else its filter.
    pub fn of(ids: Option<&[i64]>, filter: Option<&PropertyFilter>) -> Selection {
        match (ids, filter) {
            (Some(ids), _) => Selection::Ids(bulk::distinct(ids)),
            (None, filter) => {
                Selection::Matching(Box::new(ListRequest::filtered(&filter.cloned().unwrap_or_default())))
            }
        }
    }

    /// The ids selected, in order: a filter's matches as the search engine finds them. More
    /// than `most` matches are a 422 naming `filter`.
    pub async fn ids(self, engine: &Engine, pool: &AnyPool, most: Option<usize>) -> ApiResult<Vec<i64>> {
        match self {
            Selection::Ids(ids) => Ok(ids),
            Selection::Matching(request) => {
                let request = ListRequest { paging: None, ..*request };
                let hits = engine.find(pool, &request, most.map(|most| most.saturating_add(1))).await?;
                if most.is_some_and(|most| hits.ids.len() > most) {
                    let mut errors = rules::FieldErrors::new();
                    errors.add("filter", messages::BULK_TOO_MANY);
                    return Err(ApiError::validation(errors));
                }
                Ok(hits.ids)
            }
        }
    }
}
