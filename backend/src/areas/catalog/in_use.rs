//! Catalog records in use: a category, property type or place cannot be deleted while a
//! listing names it.

use rules::messages;
use sqlx::AnyConnection;

use crate::platform::db;
use crate::platform::http::error::{ApiError, ApiResult};

/// A catalog record a property can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reference {
    Category,
    PropertyType,
    Country,
    City,
    Region,
}

impl Reference {
    /// The record's table, and the table and column of the properties that use it.
    fn tables(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Reference::Category => ("categories", "properties", "category_id"),
            Reference::PropertyType => ("property_types", "properties", "type_id"),
            Reference::Country => ("countries", "properties", "country_id"),
            Reference::City => ("cities", "properties", "city_id"),
            Reference::Region => ("regions", "properties", "region_id"),
        }
    }

    /// How the refusal names the record.
    fn noun(self) -> messages::Record {
        match self {
            Reference::Category => messages::Record::Category,
            Reference::PropertyType => messages::Record::PropertyType,
            Reference::Country => messages::Record::Country,
            Reference::City => messages::Record::City,
            Reference::Region => messages::Record::Region,
        }
    }
}

/// In the transaction of a catalog delete, before it: 409 naming how many properties use
/// the record. The record's row is locked first, so no property can start using it between
/// this count and the delete: a concurrent writer naming it waits for this transaction,
/// then finds it gone.
pub async fn refuse_if_used(conn: &mut AnyConnection, reference: Reference, id: i64) -> ApiResult<()> {
    let (table, users, column) = reference.tables();
    db::lock_row(conn, table, id).await?;
    let count: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {users} WHERE {column} = $1"))
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
    if count > 0 {
        return Err(ApiError::conflict(messages::used_by_properties(reference.noun(), count)));
    }
    Ok(())
}
