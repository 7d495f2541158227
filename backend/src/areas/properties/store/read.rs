//! Reading listings: one by id, and the panel's and the public site's lists with their
//! images (and, for the public site, their features).

use std::collections::HashMap;

use rules::messages;
use rules::vocabularies::FeatureCategory;
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, AnyPool, Row};

use super::super::quality;
use super::super::{Property, PublicFeature, PublicImage, PublicProperty};
use super::row::{panel_from_row, panel_select, public_from_row, public_select, vocabulary};
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};

/// Which properties' images or features to load: a page's ids, or every property the whole
/// list holds (no list of ids, which could outgrow a statement's parameters).
enum Scope<'a> {
    Ids(&'a [i64]),
    All { active_only: bool },
}

impl Scope<'_> {
    /// The condition on `column` (a property id), its ids' placeholders the statement's first.
    fn condition(&self, column: &str, mut marks: db::Marks) -> String {
        match self {
            Scope::Ids(ids) => format!("{column} {}", marks.in_list(ids.len())),
            Scope::All { active_only: true } => {
                format!("{column} IN (SELECT id FROM properties WHERE status = 'active')")
            }
            Scope::All { active_only: false } => "1 = 1".to_owned(),
        }
    }

    fn bind_to<'q>(&self, mut query: Query<'q, Any, AnyArguments<'q>>) -> Query<'q, Any, AnyArguments<'q>> {
        if let Scope::Ids(ids) = self {
            for id in *ids {
                query = query.bind(*id);
            }
        }
        query
    }
}

/// The image references of the properties in scope, each list in order.
async fn images_of(conn: &mut AnyConnection, scope: Scope<'_>) -> ApiResult<HashMap<i64, Vec<String>>> {
    if matches!(scope, Scope::Ids([])) {
        return Ok(HashMap::new());
    }
    let sql = format!(
        "SELECT property_id, reference FROM property_images WHERE {} ORDER BY property_id, position",
        scope.condition("property_id", db::Marks::of(conn))
    );
    let rows = scope.bind_to(sqlx::query(&sql)).fetch_all(&mut *conn).await?;
    let mut images: HashMap<i64, Vec<String>> = HashMap::new();
    for row in &rows {
        let property_id: i64 = row.try_get(0)?;
        images.entry(property_id).or_default().push(row.try_get(1)?);
    }
    Ok(images)
}

/// The active features selected for the properties in scope, in display order.
async fn public_features_of(
    conn: &mut AnyConnection,
    scope: Scope<'_>,
) -> ApiResult<HashMap<i64, Vec<PublicFeature>>> {
    if matches!(scope, Scope::Ids([])) {
        return Ok(HashMap::new());
    }
    let sql = format!(
        "SELECT a.property_id, f.id, f.name_en, f.name_ar, f.icon, f.category \
         FROM property_feature_assignments a JOIN property_features f ON f.id = a.feature_id \
         WHERE f.is_active AND {} ORDER BY f.display_order, f.id",
        scope.condition("a.property_id", db::Marks::of(conn))
    );
    let rows = scope.bind_to(sqlx::query(&sql)).fetch_all(&mut *conn).await?;
    let mut features: HashMap<i64, Vec<PublicFeature>> = HashMap::new();
    for row in &rows {
        let property_id: i64 = row.try_get("property_id")?;
        let feature = PublicFeature {
            id: row.try_get("id")?,
            name_en: row.try_get("name_en")?,
            name_ar: row.try_get("name_ar")?,
            icon: row.try_get("icon")?,
            category: vocabulary(row, "category", FeatureCategory::ALL, FeatureCategory::value)?,
        };
        features.entry(property_id).or_default().push(feature);
    }
    Ok(features)
}

/// The property with its quality score, its permit judged at `now`.
fn scored(mut property: Property, now: &str) -> Property {
    let authority = property.advertising_authority.as_deref();
    property.quality = quality::score(&property.listing, property.images.len(), authority, now);
    property
}

/// One property as the panel reads it, in the caller's transaction or on its own.
pub(super) async fn find(conn: &mut AnyConnection, id: i64) -> ApiResult<Option<Property>> {
    let sql = format!("{} WHERE p.id = $1", panel_select());
    let Some(row) = sqlx::query(&sql).bind(id).fetch_optional(&mut *conn).await? else {
        return Ok(None);
    };
    let now = clock::now_text();
    let mut property = panel_from_row(&row, &now)?;
    property.images = images_of(conn, Scope::Ids(&[id])).await?.remove(&id).unwrap_or_default();
    Ok(Some(scored(property, &now)))
}

/// The properties of `ids` that exist, as the panel reads them, by id.
pub(super) async fn find_many(conn: &mut AnyConnection, ids: &[i64]) -> ApiResult<HashMap<i64, Property>> {
    let mut found = HashMap::with_capacity(ids.len());
    let now = clock::now_text();
    for chunk in ids.chunks(db::IDS_PER_STATEMENT) {
        let sql = format!("{} WHERE p.id {}", panel_select(), db::Marks::of(conn).in_list(chunk.len()));
        let rows = chunk.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await?;
        let mut images = images_of(conn, Scope::Ids(chunk)).await?;
        for row in &rows {
            let mut property = panel_from_row(row, &now)?;
            property.images = images.remove(&property.listing.id).unwrap_or_default();
            found.insert(property.listing.id, scored(property, &now));
        }
    }
    Ok(found)
}

pub async fn get(db: &AnyPool, id: i64) -> ApiResult<Property> {
    let mut conn = db.acquire().await?;
    find(&mut conn, id).await?.ok_or_else(|| ApiError::not_found(messages::PROPERTY_NOT_FOUND))
}

pub async fn public_get(db: &AnyPool, id: i64) -> ApiResult<PublicProperty> {
    let mut conn = db.acquire().await?;
    let sql = format!("{} WHERE p.id = $1 AND {}", public_select(), visible(&clock::now_text()));
    let row = sqlx::query(&sql).bind(id).fetch_optional(&mut *conn).await?;
    let mut property = db::found(row, messages::PROPERTY_NOT_FOUND, public_from_row)?;
    let images = images_of(&mut conn, Scope::Ids(&[id])).await?.remove(&id).unwrap_or_default();
    property.images = images.into_iter().map(PublicImage::of).collect();
    property.features =
        public_features_of(&mut conn, Scope::Ids(&[id])).await?.remove(&id).unwrap_or_default();
    Ok(property)
}

/// Whether the public site shows a listing (`p`) at `now`: one that may be advertised (see
/// [`advertisable`]) and is published to the website (issue 41).
pub(crate) fn visible(now: &str) -> String {
    format!("{} AND ',' || p.publish_to || ',' LIKE '%,website,%'", advertisable(now))
}

/// Whether a listing (`p`) may be advertised at `now`: active, within its publishing window,
/// and where its place regulates advertising, holding a permit (and for REGA a brokerage
/// contract) that has not ended. Decided at each read, so a listing comes down at the second
/// its permit or window ends, with no job. `now` is the server's own clock text (RFC 3339, no
/// quote can be in it), so it is written into the statement.
pub(crate) fn advertisable(now: &str) -> String {
    let authority = super::advertising::AUTHORITY;
    // Written so that no index can serve these conditions (`|| ''`, COALESCE): the rows are
    // then found by their ids. Given `p.status = 'active'`, SQLite took the status index and
    // read every active listing to keep a page's twelve: 8 ms a page at 100,000 listings.
    format!(
        "p.status || '' = 'active' AND COALESCE(p.publish_at, '') <= '{now}' \
         AND COALESCE(p.unpublish_at, '9999') > '{now}' \
         AND ({authority} IS NULL OR (p.permit_number IS NOT NULL AND p.permit_expires_at > '{now}' \
         AND ({authority} <> 'REGA' OR p.contract_ends_at > '{now}')))"
    )
}

/// The rows of `ids` that exist, in the order of `ids`, a statement per chunk of ids;
/// `select` ends where the condition on the ids goes (after `WHERE` or `AND`).
async fn rows_of(conn: &mut AnyConnection, select: &str, ids: &[i64]) -> ApiResult<Vec<AnyRow>> {
    let mut found = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(db::IDS_PER_STATEMENT) {
        let sql = format!("{select} p.id {}", db::Marks::of(conn).in_list(chunk.len()));
        let rows = chunk.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await?;
        let mut by_id: HashMap<i64, AnyRow> = HashMap::with_capacity(rows.len());
        for row in rows {
            by_id.insert(row.try_get("id")?, row);
        }
        found.extend(chunk.iter().filter_map(|id| by_id.remove(id)));
    }
    Ok(found)
}

/// Whose images or features a list loads: a page's, or (the whole list) every listing's,
/// read at once rather than by ids that could outgrow a statement.
fn scope_of(ids: &[i64], whole: bool, active_only: bool) -> Scope<'_> {
    if whole {
        Scope::All { active_only }
    } else {
        Scope::Ids(ids)
    }
}

/// The next instant after `now` (epoch seconds) at which a listing's publishing window or
/// permit starts or ends, when the public lists change with no write; `i64::MAX` for none.
pub async fn next_change(db: &AnyPool, now: i64) -> ApiResult<i64> {
    let now = clock::text_of(now);
    let next: Option<String> = sqlx::query_scalar(
        "SELECT MIN(t) FROM (\
         SELECT MIN(publish_at) AS t FROM properties WHERE publish_at > $1 \
         UNION ALL SELECT MIN(unpublish_at) FROM properties WHERE unpublish_at > $1 \
         UNION ALL SELECT MIN(permit_expires_at) FROM properties WHERE permit_expires_at > $1 \
         UNION ALL SELECT MIN(contract_ends_at) FROM properties WHERE contract_ends_at > $1) AS changes",
    )
    .bind(&now)
    .fetch_one(db)
    .await?;
    Ok(next.as_deref().and_then(rules::advertising::epoch_of).unwrap_or(i64::MAX))
}

/// The revision of everything the panel's list reads (migration 0008's triggers bump it).
pub async fn revision(db: &AnyPool) -> ApiResult<i64> {
    let sql = "SELECT value FROM revisions WHERE name = 'properties'";
    Ok(sqlx::query_scalar(sql).fetch_one(db).await?)
}

/// The listings of `ids` (a list's page, or with `whole` all of it), as the panel reads them.
pub async fn list(db: &AnyPool, ids: &[i64], whole: bool) -> ApiResult<Vec<Property>> {
    let mut conn = db.acquire().await?;
    let rows = rows_of(&mut conn, &format!("{} WHERE", panel_select()), ids).await?;
    let now = clock::now_text();
    let properties = rows.iter().map(|row| panel_from_row(row, &now)).collect::<Result<Vec<_>, _>>()?;
    let mut images = images_of(&mut conn, scope_of(ids, whole, false)).await?;
    Ok(properties
        .into_iter()
        .map(|mut property| {
            property.images = images.remove(&property.listing.id).unwrap_or_default();
            scored(property, &now)
        })
        .collect())
}

/// The listings of `ids` that are active, as the public site reads them.
pub async fn public_list(db: &AnyPool, ids: &[i64], whole: bool) -> ApiResult<Vec<PublicProperty>> {
    let mut conn = db.acquire().await?;
    let select = format!("{} WHERE {} AND", public_select(), visible(&clock::now_text()));
    let rows = rows_of(&mut conn, &select, ids).await?;
    let mut properties = rows.iter().map(public_from_row).collect::<Result<Vec<_>, _>>()?;
    let mut images = images_of(&mut conn, scope_of(ids, whole, true)).await?;
    let mut features = public_features_of(&mut conn, scope_of(ids, whole, true)).await?;
    for property in &mut properties {
        let id = property.listing.id;
        property.images = images.remove(&id).unwrap_or_default().into_iter().map(PublicImage::of).collect();
        property.features = features.remove(&id).unwrap_or_default();
    }
    Ok(properties)
}

/// A listing the public site no longer shows (sold, rented, archived, pending, out of its
/// window or permit): what its page needs to offer similar ones.
#[derive(Debug, Clone, PartialEq)]
pub struct Former {
    pub category_id: i64,
    pub type_id: i64,
    pub offering_type: String,
    pub title_en: String,
    pub title_ar: String,
}

/// The listing `id` when it exists but the public site does not show it now.
pub async fn former(db: &AnyPool, id: i64) -> ApiResult<Option<Former>> {
    let sql = format!(
        "SELECT p.category_id, p.type_id, p.offering_type, p.title_en, p.title_ar FROM properties p \
         WHERE p.id = $1 AND NOT ({})",
        visible(&clock::now_text())
    );
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(Former {
        category_id: row.try_get(0)?,
        type_id: row.try_get(1)?,
        offering_type: row.try_get(2)?,
        title_en: row.try_get(3)?,
        title_ar: row.try_get(4)?,
    }))
}

/// A listing as a sitemap names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Indexed {
    pub id: i64,
    pub title_en: String,
    pub updated_at: String,
}

/// How many listings the public site shows now.
pub async fn public_count(db: &AnyPool) -> ApiResult<i64> {
    let sql = format!("SELECT COUNT(*) FROM properties p WHERE {}", visible(&clock::now_text()));
    Ok(sqlx::query_scalar(&sql).fetch_one(db).await?)
}

/// The listings the public site shows now, by id, from the `offset`th: one sitemap file's.
pub async fn public_index(db: &AnyPool, offset: i64, limit: i64) -> ApiResult<Vec<Indexed>> {
    let sql = format!(
        "SELECT p.id, p.title_en, p.updated_at FROM properties p WHERE {} ORDER BY p.id LIMIT $1 OFFSET $2",
        visible(&clock::now_text())
    );
    let rows = sqlx::query(&sql).bind(limit).bind(offset).fetch_all(db).await?;
    rows.iter()
        .map(|row| {
            Ok(Indexed { id: row.try_get(0)?, title_en: row.try_get(1)?, updated_at: row.try_get(2)? })
        })
        .collect()
}
