//! The engine's SQL: the change feed (migration 0027's `search_changes`, written by triggers
//! in each change's own transaction) and the listings' rows as the engine indexes them.

use std::collections::HashMap;

use rules::advertising::{self, Permit};
use rules::portals::formats::{BAYUT, PROPERTY_FINDER};
use rules::portals::readiness::{self, characters, ReadinessFacts};
use rules::properties::quality::{self, PermitState, QualityFacts, DESCRIPTION_CHARS_MIN};
use rules::vocabularies::{OfferingType, RentFrequency};
use sqlx::{AnyConnection, AnyPool, Row};

use super::super::store::advertising::AUTHORITY;
use super::super::store::portals;
use super::schema::Row as Indexed;
use crate::platform::db::{self, clock};
use crate::platform::http::error::ApiResult;

/// Where the feed stands: the database's identity, the newest change, and the newest change
/// pruned (a follower behind it cannot catch up and rebuilds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feed {
    pub origin: String,
    pub newest: i64,
    pub pruned_through: i64,
}

pub async fn feed(pool: &AnyPool) -> ApiResult<Feed> {
    let row = sqlx::query(
        "SELECT origin, pruned_through, (SELECT COALESCE(MAX(seq), 0) FROM search_changes) FROM search_feed",
    )
    .fetch_one(pool)
    .await?;
    Ok(Feed { origin: row.try_get(0)?, pruned_through: row.try_get(1)?, newest: row.try_get(2)? })
}

/// The database's identity and its newest change: what a list compares with what its
/// server has applied.
pub async fn head(pool: &AnyPool) -> ApiResult<(String, i64)> {
    let row =
        sqlx::query("SELECT origin, (SELECT COALESCE(MAX(seq), 0) FROM search_changes) FROM search_feed")
            .fetch_one(pool)
            .await?;
    Ok((row.try_get(0)?, row.try_get(1)?))
}

/// The listings changed after `seq`, at most `limit` changes, and the last change read.
pub async fn changed_after(pool: &AnyPool, seq: i64, limit: i64) -> ApiResult<(Vec<i64>, Option<i64>)> {
    let rows =
        sqlx::query("SELECT seq, property_id FROM search_changes WHERE seq > $1 ORDER BY seq LIMIT $2")
            .bind(seq)
            .bind(limit)
            .fetch_all(pool)
            .await?;
    let mut ids = Vec::with_capacity(rows.len());
    let mut last = None;
    for row in &rows {
        last = Some(row.try_get::<i64, _>(0)?);
        ids.push(row.try_get::<i64, _>(1)?);
    }
    ids.sort_unstable();
    ids.dedup();
    Ok((ids, last))
}

/// Forgets the changes made before `epoch`; a server that had not applied them rebuilds.
pub async fn prune(pool: &AnyPool, epoch: i64) -> ApiResult<()> {
    let mut tx = db::begin_write(pool).await?;
    let through: Option<i64> =
        sqlx::query_scalar("SELECT MAX(seq) FROM search_changes WHERE changed_epoch < $1")
            .bind(epoch)
            .fetch_one(&mut *tx)
            .await?;
    if let Some(through) = through {
        sqlx::query("DELETE FROM search_changes WHERE seq <= $1").bind(through).execute(&mut *tx).await?;
        sqlx::query("UPDATE search_feed SET pruned_through = $1 WHERE pruned_through < $1")
            .bind(through)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Gives the database a new identity and forgets its changes: after a bulk load that wrote
/// its listings without the feed, every server rebuilds its index from the listings.
pub async fn reset(conn: &mut AnyConnection) -> ApiResult<()> {
    let origin = hex::encode(rand::random::<[u8; 16]>());
    sqlx::query("UPDATE search_feed SET origin = $1, pruned_through = 0")
        .bind(origin)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM search_changes").execute(&mut *conn).await?;
    Ok(())
}

/// A listing's row as the engine reads it. Descriptions are read only as far as the quality
/// score and the portals' lengths look, so a rebuild does not read every description whole:
/// a text longer than what is read is longer than any portal takes.
fn select() -> String {
    format!(
        "SELECT p.id, p.search_text, p.status, p.category_id, p.type_id, p.display_type, p.country_id, \
         p.city_id, p.region_id, p.is_featured, p.import_id, p.price, p.area, \
         CAST(COALESCE(p.bedrooms, p.bedroom) AS BIGINT), CAST(COALESCE(p.bathrooms, p.bathroom) AS BIGINT), \
         p.created_at, p.updated_at, p.title_en, p.property_number, p.offering_type, p.latitude, p.longitude, \
         p.publish_at, p.unpublish_at, p.permit_number, p.permit_issued_at, p.permit_expires_at, \
         p.contract_ends_at, {authority} AS authority, p.title_ar, SUBSTR(p.description_en, 1, {chars}), \
         SUBSTR(p.description_ar, 1, {chars}), p.location_en, p.location_ar, p.building_type_new, \
         (SELECT name_en FROM property_types WHERE id = p.type_id), \
         (SELECT name_ar FROM property_types WHERE id = p.type_id), \
         (SELECT COUNT(*) FROM property_images WHERE property_id = p.id), p.rent_frequency, p.publish_to, \
         {portals} \
         FROM properties p",
        authority = AUTHORITY,
        portals = super::super::store::portals::COLUMNS,
        chars = DESCRIPTION_CHARS_MIN.max(PROPERTY_FINDER.description.max.max(BAYUT.description.max)) + 250,
    )
}

fn indexed(row: &sqlx::any::AnyRow) -> Result<Indexed, sqlx::Error> {
    let text = |i: usize| row.try_get::<Option<String>, _>(i).map(Option::unwrap_or_default);
    let optional = |i: usize| row.try_get::<Option<String>, _>(i);
    let (publish_at, unpublish_at) = (optional(22)?, optional(23)?);
    let permit_number = optional(24)?;
    let (issued, expires, contract) = (optional(25)?, optional(26)?, optional(27)?);
    let authority = optional(28)?;
    let permit = Permit {
        number: permit_number.as_deref(),
        issued_at: issued.as_deref(),
        expires_at: expires.as_deref(),
        contract_ends_at: contract.as_deref(),
    };
    let (latitude, longitude): (Option<f64>, Option<f64>) = (row.try_get(20)?, row.try_get(21)?);
    let epoch = |text: &Option<String>| text.as_deref().and_then(advertising::epoch_of);
    // A listing where advertising is regulated is shown only while its permit holds.
    let permit_until = authority.as_deref().map(|authority| {
        permit_number.as_ref().and_then(|_| permit.valid_until(authority)).unwrap_or(i64::MIN)
    });
    let live_until = [epoch(&unpublish_at), permit_until].into_iter().flatten().min();
    let building_type: Option<String> = row.try_get(34)?;
    let facts = QualityFacts {
        title_en: text(17)?,
        title_ar: text(29)?,
        description_en: text(30)?,
        description_ar: text(31)?,
        images: u32::try_from(row.try_get::<i64, _>(37)?).unwrap_or(u32::MAX),
        area: row.try_get(12)?,
        villa: quality::is_villa(&text(35)?, &text(36)?, building_type.as_deref()),
        location_en: text(32)?,
        location_ar: text(33)?,
        pinned: latitude.is_some() && longitude.is_some(),
        permit: PermitState::of(authority.as_deref(), permit, &clock::now_text()),
    };
    let (images, agent_phone, mapped) = portals::facts(row)?;
    let publish_to = rules::portals::read_set(&row.try_get::<String, _>(39)?);
    let rent_frequency: Option<String> = row.try_get(38)?;
    let readiness_facts = ReadinessFacts {
        offering_type: OfferingType::from_value(&row.try_get::<String, _>(19)?).unwrap_or_default(),
        rent_frequency: rent_frequency.as_deref().and_then(RentFrequency::from_value),
        permit: facts.permit,
        pinned: facts.pinned,
        images,
        title_en: characters(&facts.title_en),
        title_ar: characters(&facts.title_ar),
        description_en: characters(&facts.description_en),
        description_ar: characters(&facts.description_ar),
        agent_phone,
        mapped,
    };
    Ok(Indexed {
        blocked: readiness::blocked(&readiness_facts, &publish_to),
        publish_to,
        id: row.try_get(0)?,
        search_text: row.try_get(1)?,
        status: row.try_get(2)?,
        category_id: row.try_get(3)?,
        type_id: row.try_get(4)?,
        display_type: row.try_get(5)?,
        country_id: row.try_get(6)?,
        city_id: row.try_get(7)?,
        region_id: row.try_get(8)?,
        is_featured: db::flag(row, 9)?,
        import_id: row.try_get(10)?,
        price: row.try_get(11)?,
        area: row.try_get(12)?,
        bedrooms: row.try_get(13)?,
        bathrooms: row.try_get(14)?,
        created_at: row.try_get(15)?,
        updated_at: row.try_get(16)?,
        title_en: row.try_get(17)?,
        property_number: row.try_get(18)?,
        feature_ids: Vec::new(),
        offering_type: row.try_get(19)?,
        latitude,
        longitude,
        live_from: epoch(&publish_at),
        live_until,
        quality: quality::score(&facts).score,
    })
}

/// The listings of `ids` that exist, with their features.
pub async fn rows(conn: &mut AnyConnection, ids: &[i64]) -> ApiResult<Vec<Indexed>> {
    let mut found = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(db::IDS_PER_STATEMENT) {
        let sql = format!("{} WHERE p.id {}", select(), db::Marks::of(conn).in_list(chunk.len()));
        let rows = chunk.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await?;
        let mut listings = rows.iter().map(indexed).collect::<Result<Vec<_>, _>>()?;
        let sql = format!(
            "SELECT property_id, feature_id FROM property_feature_assignments WHERE property_id {}",
            db::Marks::of(conn).in_list(chunk.len())
        );
        let rows = chunk.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await?;
        with_features(&rows, &mut listings)?;
        found.extend(listings);
    }
    Ok(found)
}

/// Up to `limit` listings after the id `after`, in id order, with their features: a rebuild
/// reads the table a chunk at a time.
pub async fn rows_after(conn: &mut AnyConnection, after: i64, limit: i64) -> ApiResult<Vec<Indexed>> {
    let sql = format!("{} WHERE p.id > $1 ORDER BY p.id LIMIT $2", select());
    let rows = sqlx::query(&sql).bind(after).bind(limit).fetch_all(&mut *conn).await?;
    let mut listings = rows.iter().map(indexed).collect::<Result<Vec<_>, _>>()?;
    let (Some(first), Some(last)) = (listings.first(), listings.last()) else { return Ok(listings) };
    let rows = sqlx::query(
        "SELECT property_id, feature_id FROM property_feature_assignments \
         WHERE property_id >= $1 AND property_id <= $2",
    )
    .bind(first.id)
    .bind(last.id)
    .fetch_all(&mut *conn)
    .await?;
    with_features(&rows, &mut listings)?;
    Ok(listings)
}

fn with_features(rows: &[sqlx::any::AnyRow], listings: &mut [Indexed]) -> Result<(), sqlx::Error> {
    let mut features: HashMap<i64, Vec<i64>> = HashMap::new();
    for row in rows {
        features.entry(row.try_get(0)?).or_default().push(row.try_get(1)?);
    }
    for listing in listings {
        listing.feature_ids = features.remove(&listing.id).unwrap_or_default();
    }
    Ok(())
}
