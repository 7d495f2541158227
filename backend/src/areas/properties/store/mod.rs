//! SQL for properties, their ordered images and their selected features. Every write is one
//! transaction: the references it names are checked, the row written, its images replaced.
//! Lists read the rows of the ids the search engine found, plus the page's images (and, for
//! the public site, its features); names come by JOIN.

pub(crate) mod advertising;
mod agent;
mod batch;
mod bulk;
pub mod export;
mod features;
pub(crate) mod permits;
pub(crate) mod portals;
pub(crate) mod read;
mod row;
mod write;

pub use batch::{insert_many_in, NewListing};
pub use bulk::bulk;
pub use features::{features, replace_features, replace_features_in};
/// What may be advertised, which the portals' feeds hold (issue 41).
pub(crate) use read::advertisable;
pub use read::{
    former, get, list, next_change, public_count, public_get, public_index, public_list, revision, Former,
    Indexed,
};
pub use write::{delete, insert, insert_in, trash_in, update, update_in, RESTORE_CHECKS};

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::Any;

use crate::platform::db;

/// A value bound to a statement.
enum Bound {
    Text(Option<String>),
    Int(Option<i32>),
    Id(Option<i64>),
    Real(Option<f64>),
    Flag(bool),
}

fn bind<'q>(query: Query<'q, Any, AnyArguments<'q>>, value: &'q Bound) -> Query<'q, Any, AnyArguments<'q>> {
    match value {
        Bound::Text(v) => query.bind(v.as_deref()),
        Bound::Int(v) => query.bind(*v),
        Bound::Id(v) => query.bind(*v),
        Bound::Real(v) => db::bind_double(query, *v),
        Bound::Flag(v) => query.bind(*v),
    }
}
