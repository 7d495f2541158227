//! The feeds' SQL: what a feed's tag is computed from, the portal's words, and the listings
//! read in chunks by id. The listings are those that may be advertised now (the one
//! definition, `properties::store::advertisable`) chosen for one of the feed's portals; the
//! rules then judge each one's readiness in memory.

use std::collections::HashMap;

use rules::advertising::Permit;
use rules::portals::{FeedPortal, MappingKind, MappingPortal};
use rules::properties::quality::PermitState;
use rules::vocabularies::{OfferingType, RentFrequency};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::super::feed::listing::{Agent, FeedListing};
use super::references::{reference, HOLDERS};
use crate::areas::properties::store::{advertisable, advertising};
use crate::platform::db;
use crate::platform::http::error::ApiResult;

/// The ids a chunk spans, so at most as many listings: memory stays bounded whatever their
/// number, and so does each read, whatever plan the database picks (a plain `id > $1 ORDER
/// BY id LIMIT n` was read by PostgreSQL, before it had statistics of a table just filled,
/// as every later row judged and sorted: each chunk's time grew with the rows after it).
pub const CHUNK: i64 = 500;

/// What a feed is computed from besides its token: the revisions of the listings (and
/// catalog), of the portals' words and the agents, and of the company settings; and the
/// last instant before `now` at which a listing's window or permit started or ended, which
/// is answered too.
pub async fn version(conn: &mut AnyConnection, now: &str) -> ApiResult<(String, Option<String>)> {
    let rows = sqlx::query(
        "SELECT name, value FROM revisions WHERE name IN ('properties', 'portals', 'site') ORDER BY name",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut version = String::new();
    for row in &rows {
        let (name, value): (String, i64) = (row.try_get(0)?, row.try_get(1)?);
        version.push_str(&format!("{name}={value};"));
    }
    // Each column has an index of its set values: four short index reads.
    let passed: Option<String> = sqlx::query_scalar(
        "SELECT MAX(t) FROM (\
         SELECT MAX(publish_at) AS t FROM properties WHERE publish_at <= $1 \
         UNION ALL SELECT MAX(unpublish_at) FROM properties WHERE unpublish_at <= $1 \
         UNION ALL SELECT MAX(permit_expires_at) FROM properties WHERE permit_expires_at <= $1 \
         UNION ALL SELECT MAX(contract_ends_at) FROM properties WHERE contract_ends_at <= $1) AS passed",
    )
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    version.push_str(&format!("passed={}", passed.as_deref().unwrap_or_default()));
    Ok((version, passed))
}

/// The portal's words for the catalog, and when they last changed.
pub async fn words(
    conn: &mut AnyConnection,
    portal: MappingPortal,
) -> ApiResult<(HashMap<(MappingKind, i64), String>, Option<String>)> {
    let mappings = super::mappings::of_portal(conn, portal).await?;
    let changed = mappings.values().map(|mapping| mapping.updated_at.clone()).max();
    Ok((mappings.into_iter().map(|(key, mapping)| (key, mapping.value)).collect(), changed))
}

/// The company's e-mail address, which names an agent who has none.
pub async fn company_email(conn: &mut AnyConnection) -> ApiResult<Option<String>> {
    let email: Option<Option<String>> =
        sqlx::query_scalar("SELECT NULLIF(TRIM(contact_email), '') FROM settings WHERE id = 1")
            .fetch_optional(&mut *conn)
            .await?;
    Ok(email.flatten())
}

/// The statement that reads a chunk of `feed`'s listings at `now`: ids from `$1` to before `$2`.
pub fn chunk_sql(feed: MappingPortal, now: &str) -> String {
    let chosen: Vec<String> = FeedPortal::ALL
        .iter()
        .filter(|portal| portal.mapping() == feed)
        .map(|portal| format!("(',' || p.publish_to || ',') LIKE '%,{},%'", portal.portal().value()))
        .collect();
    format!(
        "SELECT p.id, p.property_number, {HOLDERS} AS holders, p.permit_number, p.permit_issued_at, \
         p.permit_expires_at, p.contract_ends_at, {authority} AS authority, p.offering_type, p.rent_frequency, \
         p.price, COALESCE(NULLIF(p.area, 0), NULLIF(p.built_area, 0), NULLIF(p.plot_area, 0)) AS area, \
         COALESCE(p.bedrooms, p.bedroom) AS bedrooms, COALESCE(p.bathrooms, p.bathroom) AS bathrooms, \
         p.furnished, p.latitude, p.longitude, p.completion_status, p.publish_to, p.title_en, p.title_ar, \
         p.description_en, p.description_ar, p.category_id, p.type_id, p.city_id, p.region_id, p.updated_at, \
         u.id AS agent_id, COALESCE(NULLIF(TRIM(u.full_name), ''), u.username) AS agent_name, \
         u.email AS agent_email, u.phone AS agent_phone, u.license_number AS agent_license \
         FROM properties p LEFT JOIN users u ON u.id = p.agent_id \
         WHERE {visible} AND p.id >= $1 AND p.id < $2 AND ({chosen}) ORDER BY p.id",
        authority = advertising::AUTHORITY,
        visible = advertisable(now),
        chosen = chosen.join(" OR "),
    )
}

fn vocabulary<T: Copy>(
    row: &AnyRow,
    column: &str,
    read: fn(&str) -> Option<T>,
) -> Result<Option<T>, sqlx::Error> {
    let Some(text) = row.try_get::<Option<String>, _>(column)? else { return Ok(None) };
    read(&text)
        .map(Some)
        .ok_or_else(|| sqlx::Error::Decode(format!("unexpected stored value '{text}' in {column}").into()))
}

fn from_row(row: &AnyRow, now: &str) -> Result<FeedListing, sqlx::Error> {
    let id: i64 = row.try_get("id")?;
    let number: Option<String> = row.try_get("property_number")?;
    let (permit_number, issued, expires, contract): (
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
    ) = (
        row.try_get("permit_number")?,
        row.try_get("permit_issued_at")?,
        row.try_get("permit_expires_at")?,
        row.try_get("contract_ends_at")?,
    );
    let authority: Option<String> = row.try_get("authority")?;
    let permit = Permit {
        number: permit_number.as_deref(),
        issued_at: issued.as_deref(),
        expires_at: expires.as_deref(),
        contract_ends_at: contract.as_deref(),
    };
    let permit = PermitState::of(authority.as_deref(), permit, now);
    let agent = match row.try_get::<Option<i64>, _>("agent_id")? {
        Some(agent_id) => Some(Agent {
            id: agent_id,
            name: row.try_get("agent_name")?,
            email: row.try_get::<Option<String>, _>("agent_email")?.filter(|email| !email.trim().is_empty()),
            phone: row.try_get("agent_phone")?,
            license_number: row.try_get("agent_license")?,
        }),
        None => None,
    };
    let publish_to: String = row.try_get("publish_to")?;
    let completion: String = row.try_get("completion_status")?;
    Ok(FeedListing {
        id,
        reference: reference(id, number.as_deref(), row.try_get("holders")?),
        permit_number,
        permit,
        offering_type: vocabulary(row, "offering_type", OfferingType::from_value)?.unwrap_or_default(),
        rent_frequency: vocabulary(row, "rent_frequency", RentFrequency::from_value)?,
        price: row.try_get("price")?,
        area: row.try_get("area")?,
        bedrooms: row.try_get::<Option<i32>, _>("bedrooms")?.unwrap_or(0),
        bathrooms: row.try_get::<Option<i32>, _>("bathrooms")?.unwrap_or(0),
        furnished: db::flag(row, "furnished")?,
        latitude: row.try_get("latitude")?,
        longitude: row.try_get("longitude")?,
        off_plan: completion == rules::portals::CompletionStatus::OffPlan.value(),
        publish_to: rules::portals::read_set(&publish_to),
        title_en: row.try_get("title_en")?,
        title_ar: row.try_get("title_ar")?,
        description_en: row.try_get("description_en")?,
        description_ar: row.try_get("description_ar")?,
        category_id: row.try_get("category_id")?,
        type_id: row.try_get("type_id")?,
        city_id: row.try_get("city_id")?,
        region_id: row.try_get("region_id")?,
        updated_at: row.try_get("updated_at")?,
        agent,
        images: Vec::new(),
    })
}

/// A chunk of listings: those of the feed among the ids it spans, through `through`.
pub struct Chunk {
    pub listings: Vec<FeedListing>,
    pub through: i64,
}

/// The chunk of listings after the id `after`, with their photos, by the statement of
/// [`chunk_sql`]; none when no listing comes after it. It starts at the next id there is, so
/// gaps in the ids cost nothing.
pub async fn chunk(conn: &mut AnyConnection, sql: &str, now: &str, after: i64) -> ApiResult<Option<Chunk>> {
    let next: Option<i64> = sqlx::query_scalar("SELECT MIN(id) FROM properties WHERE id > $1")
        .bind(after)
        .fetch_one(&mut *conn)
        .await?;
    let Some(first) = next else { return Ok(None) };
    let rows = sqlx::query(sql).bind(first).bind(first + CHUNK).fetch_all(&mut *conn).await?;
    let mut listings = rows.iter().map(|row| from_row(row, now)).collect::<Result<Vec<_>, _>>()?;
    let through = first + CHUNK - 1;
    if listings.is_empty() {
        return Ok(Some(Chunk { listings, through }));
    }
    let sql = format!(
        "SELECT property_id, reference FROM property_images WHERE property_id {} ORDER BY property_id, position",
        db::Marks::of(conn).in_list(listings.len())
    );
    let images = listings
        .iter()
        .fold(sqlx::query(&sql), |query, listing| query.bind(listing.id))
        .fetch_all(&mut *conn)
        .await?;
    let mut by_listing: HashMap<i64, Vec<String>> = HashMap::new();
    for row in &images {
        by_listing.entry(row.try_get(0)?).or_default().push(row.try_get(1)?);
    }
    for listing in &mut listings {
        listing.images = by_listing.remove(&listing.id).unwrap_or_default();
    }
    Ok(Some(Chunk { listings, through }))
}
