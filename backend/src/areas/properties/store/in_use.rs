//! Catalog records in use by listings: counted before a catalog delete, and a feature taken off the listings that have it.

use sqlx::{AnyConnection, AnyPool, Row};

use rules::messages;

use super::super::FeatureIds;
use crate::platform::db;

use crate::platform::http::error::{ApiError, ApiResult};

use crate::platform::audit::{self, Actor, Entity};

/// How many listings have the feature selected.
pub async fn listings_with_feature(db: &AnyPool, feature_id: i64) -> ApiResult<i64> {
    let count = sqlx::query_scalar("SELECT COUNT(*) FROM property_feature_assignments WHERE feature_id = $1")
        .bind(feature_id)
        .fetch_one(db)
        .await?;
    Ok(count)
}

/// In the transaction of a feature's delete, before it: takes the feature off every listing
/// that has it selected (site §3: assignments go with the feature), each listing's change
/// recorded in its history. The caller has locked the feature's row, so no listing can
/// select it between this and the delete.
pub async fn unselect_everywhere(conn: &mut AnyConnection, actor: &Actor, feature_id: i64) -> ApiResult<()> {
    let rows = sqlx::query(
        "SELECT a.property_id, a.feature_id FROM property_feature_assignments a \
         JOIN property_features f ON f.id = a.feature_id \
         WHERE a.property_id IN (SELECT property_id FROM property_feature_assignments WHERE feature_id = $1) \
         ORDER BY a.property_id, f.display_order, f.id",
    )
    .bind(feature_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut selections: Vec<(i64, Vec<i64>)> = Vec::new();
    for row in &rows {
        let (property, feature): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
        match selections.last_mut() {
            Some((last, ids)) if *last == property => ids.push(feature),
            _ => selections.push((property, vec![feature])),
        }
    }
    sqlx::query("DELETE FROM property_feature_assignments WHERE feature_id = $1")
        .bind(feature_id)
        .execute(&mut *conn)
        .await?;
    for (property, before) in &selections {
        let after = before.iter().copied().filter(|id| *id != feature_id).collect();
        let (before, after) = (FeatureIds { feature_ids: before.clone() }, FeatureIds { feature_ids: after });
        audit::updated(conn, actor, Entity::Property, *property, &before, &after).await?;
    }
    Ok(())
}

// Catalog records that listings use.

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
    fn noun(self) -> &'static str {
        match self {
            Reference::Category => "category",
            Reference::PropertyType => "property type",
            Reference::Country => "country",
            Reference::City => "city",
            Reference::Region => "region",
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
