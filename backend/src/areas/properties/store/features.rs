//! A listing's selected features: read, and replaced as a set.

use std::collections::{BTreeSet, HashSet};

use rules::{messages, FieldErrors};
use sqlx::{AnyConnection, AnyPool};

use crate::areas::catalog::property_features::{self, FeatureIds, PropertyFeature};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::http::error::{ApiError, ApiResult};

async fn exists(conn: &mut AnyConnection, id: i64) -> ApiResult<bool> {
    let row =
        sqlx::query("SELECT 1 FROM properties WHERE id = $1").bind(id).fetch_optional(&mut *conn).await?;
    Ok(row.is_some())
}

async fn selected(conn: &mut AnyConnection, id: i64) -> ApiResult<Vec<PropertyFeature>> {
    let sql = format!(
        "SELECT {} FROM property_feature_assignments JOIN property_features ON id = feature_id \
         WHERE property_id = $1 ORDER BY display_order, id",
        property_features::store::COLUMNS
    );
    let rows = sqlx::query(&sql).bind(id).fetch_all(&mut *conn).await?;
    Ok(rows.iter().map(property_features::store::from_row).collect::<Result<_, _>>()?)
}

pub async fn features(db: &AnyPool, id: i64) -> ApiResult<Vec<PropertyFeature>> {
    let mut conn = db.acquire().await?;
    if !exists(&mut conn, id).await? {
        return Err(ApiError::not_found(messages::PROPERTY_NOT_FOUND));
    }
    selected(&mut conn, id).await
}

/// Replaces the property's selected features with `ids` (repeats count once), in one
/// transaction; an id no feature has is a 422 naming featureIds and changes nothing.
pub async fn replace_features(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    ids: &[i64],
) -> ApiResult<Vec<PropertyFeature>> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    let features = replace_features_in(&mut tx, actor, id, ids).await?;
    tx.commit().await?;
    Ok(features)
}

/// Replaces the selected features in the caller's transaction, as [`replace_features`]
/// does.
pub async fn replace_features_in(
    tx: &mut AnyConnection,
    actor: &Actor,
    id: i64,
    ids: &[i64],
) -> ApiResult<Vec<PropertyFeature>> {
    let wanted: BTreeSet<i64> = ids.iter().copied().collect();
    if !exists(&mut *tx, id).await? {
        return Err(ApiError::not_found(messages::PROPERTY_NOT_FOUND));
    }
    check_known(&mut *tx, wanted.iter().copied()).await?;
    let before: Vec<i64> = selected(&mut *tx, id).await?.iter().map(|f| f.id).collect();
    sqlx::query("DELETE FROM property_feature_assignments WHERE property_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    super::batch::insert_features(&mut *tx, &[(id, wanted)]).await?;
    let features = selected(&mut *tx, id).await?;
    let after: Vec<i64> = features.iter().map(|f| f.id).collect();
    let (before, after) = (FeatureIds { feature_ids: before }, FeatureIds { feature_ids: after });
    audit::updated(&mut *tx, actor, Entity::Property, id, &before, &after).await?;
    Ok(features)
}

/// A 422 naming featureIds when one of `ids` is no feature's. The catalogue of features is
/// small: it is read whole rather than binding a list of any length a body or a file holds.
pub(super) async fn check_known(
    conn: &mut AnyConnection,
    ids: impl IntoIterator<Item = i64>,
) -> ApiResult<()> {
    let known: HashSet<i64> = sqlx::query_scalar("SELECT id FROM property_features")
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .collect();
    if ids.into_iter().all(|id| known.contains(&id)) {
        return Ok(());
    }
    let mut errors = FieldErrors::new();
    errors.add("featureIds", messages::FEATURE_NOT_FOUND);
    Err(ApiError::validation(errors))
}
