//! A feature's assignments to listings, as the catalog sees them: how many listings have it
//! selected, and taking it off all of them when it is deleted, each listing's history kept
//! (as the [`FeatureIds`] a listing's own selection records).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, AnyPool, Row};

use crate::platform::audit::{self, Actor, Entity};
use crate::platform::http::error::ApiResult;

/// `POST /api/properties/{id}/features`: the whole set of selected feature ids.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FeatureIds {
    #[schemars(length(max = rules::bounds::FEATURE_IDS_MAX))]
    pub feature_ids: Vec<i64>,
}

/// How many is the rules' to say; whether each id exists is the database's (422 naming
/// featureIds either way).
impl rules::Validate for FeatureIds {
    fn validate(&self) -> Result<(), rules::FieldErrors> {
        let mut errors = rules::FieldErrors::new();
        errors.limit_list(
            &self.feature_ids,
            rules::bounds::FEATURE_IDS_MAX,
            "featureIds",
            rules::messages::FEATURES_TOO_MANY,
        );
        errors.into_result()
    }
}

/// How many listings have the feature selected.
pub async fn listings_with_feature(db: &AnyPool, feature_id: i64) -> ApiResult<i64> {
    let count = sqlx::query_scalar("SELECT COUNT(*) FROM property_feature_assignments WHERE feature_id = $1")
        .bind(feature_id)
        .fetch_one(db)
        .await?;
    Ok(count)
}

/// In the transaction of a feature's delete, before it: records in each listing's history
/// that the feature is taken off it (site §3: assignments go with the feature, to the trash,
/// where the delete moves them). The caller has locked the feature's row, so no listing can
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
    for (property, before) in &selections {
        let after = before.iter().copied().filter(|id| *id != feature_id).collect();
        let (before, after) = (FeatureIds { feature_ids: before.clone() }, FeatureIds { feature_ids: after });
        audit::updated(conn, actor, Entity::Property, *property, &before, &after).await?;
    }
    Ok(())
}
