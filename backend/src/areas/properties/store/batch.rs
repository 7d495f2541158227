//! Inserting a set of new listings at once (an import's batch): each listing is written as
//! [`super::insert_in`] writes one, with its images, features and history
//! rows, but by a few statements for the whole set rather than a dozen per listing.

use std::collections::{BTreeSet, HashMap, HashSet};

use sqlx::{AnyConnection, Row};

use super::super::body::PropertyBody;
use super::advertising;
use super::features::check_known;
use super::read::find_many;
use super::write::{default_publish_to, inserted_columns, refused, shared, Found, Shared};
use super::{bind, Bound};
use crate::areas::catalog::property_features::FeatureIds;
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};

/// A new listing of a set: what its form says, and the features it selects.
pub struct NewListing {
    pub body: PropertyBody,
    pub features: Vec<i64>,
}

/// Inserts `listings` in the caller's transaction. Answers, for each listing in order, its
/// new id, or the 409 of a reference that is gone or does not fit (as [`super::insert_in`]
/// refuses it); those refused write nothing. A feature id that no feature has fails the set.
pub async fn insert_many_in(
    tx: &mut AnyConnection,
    actor: &Actor,
    listings: &[NewListing],
    import_id: Option<i64>,
) -> ApiResult<Vec<ApiResult<i64>>> {
    let shareds: Vec<Shared<'_>> = listings.iter().map(|listing| shared(&listing.body)).collect();
    let references = References::of(&mut *tx, &shareds).await?;
    let mut outcomes: Vec<ApiResult<i64>> = Vec::with_capacity(listings.len());
    let mut accepted = Vec::new();
    let now = clock::now_text();
    let mut permits = advertising::Holders::of(&mut *tx, listings.iter().map(|l| &l.body)).await?;
    for (at, shared) in shareds.iter().enumerate() {
        let refusal = refused(shared, &references.found(shared)).or_else(|| {
            let authority = references.authority(shared);
            advertising::judge(&listings[at].body, authority, &now)
                .or_else(|| permits.take(&listings[at].body))
        });
        match refusal {
            Some(error) => outcomes.push(Err(error)),
            None => {
                outcomes.push(Ok(0));
                accepted.push(at);
            }
        }
    }
    if accepted.is_empty() {
        return Ok(outcomes);
    }
    check_known(&mut *tx, accepted.iter().flat_map(|&at| listings[at].features.iter().copied())).await?;
    let bodies: Vec<&PropertyBody> = accepted.iter().map(|&at| &listings[at].body).collect();
    let ids = insert_rows(&mut *tx, &bodies, import_id).await?;
    default_publish_to(&mut *tx, &bodies, &ids).await?;
    for (&at, &id) in accepted.iter().zip(&ids) {
        outcomes[at] = Ok(id);
    }
    let images: Vec<(i64, &[String])> =
        accepted.iter().zip(&ids).map(|(&at, &id)| (id, shareds[at].images)).collect();
    insert_images(&mut *tx, &images).await?;
    let features: Vec<(i64, BTreeSet<i64>)> = accepted
        .iter()
        .zip(&ids)
        .filter(|(at, _)| !listings[**at].features.is_empty())
        .map(|(&at, &id)| (id, listings[at].features.iter().copied().collect()))
        .collect();
    insert_features(&mut *tx, &features).await?;

    let created = find_many(&mut *tx, &ids).await?;
    let records: Vec<(i64, &super::super::Property)> =
        ids.iter().filter_map(|id| created.get(id).map(|property| (*id, property))).collect();
    audit::created_many(&mut *tx, actor, Entity::Property, &records).await?;
    // The features are recorded as their own change, as choosing them on the form is.
    let chosen = selected_features(&mut *tx, features.iter().map(|(id, _)| *id)).await?;
    let none = FeatureIds { feature_ids: Vec::new() };
    let after: Vec<(i64, FeatureIds)> =
        chosen.into_iter().map(|(id, feature_ids)| (id, FeatureIds { feature_ids })).collect();
    let changes: Vec<(i64, &FeatureIds, &FeatureIds)> =
        after.iter().map(|(id, ids)| (*id, &none, ids)).collect();
    audit::updated_many(&mut *tx, actor, Entity::Property, &changes).await?;
    Ok(outcomes)
}

/// The catalogue records a set of listings names, read by one statement per table.
struct References {
    categories: HashSet<i64>,
    types: HashSet<i64>,
    countries: HashSet<i64>,
    /// City id to its country's.
    cities: HashMap<i64, i64>,
    /// Region id to its city's.
    regions: HashMap<i64, i64>,
    /// The agents (issue 26) that are users.
    agents: HashSet<i64>,
    /// The advertising authority each place names, by table and id (issue 39).
    authorities: HashMap<(&'static str, i64), String>,
}

impl References {
    async fn of(conn: &mut AnyConnection, shareds: &[Shared<'_>]) -> ApiResult<References> {
        let places = || shareds.iter().filter_map(|shared| shared.place);
        Ok(References {
            categories: existing(conn, "categories", shareds.iter().map(|s| s.category_id)).await?,
            types: existing(conn, "property_types", shareds.iter().map(|s| s.type_id)).await?,
            countries: existing(conn, "countries", places().map(|(country, _, _)| country)).await?,
            cities: parents(conn, "cities", "country_id", places().map(|(_, city, _)| city)).await?,
            regions: parents(conn, "regions", "city_id", places().filter_map(|(_, _, region)| region))
                .await?,
            agents: existing(conn, "users", shareds.iter().filter_map(|s| s.agent_id)).await?,
            authorities: advertising::authorities(conn, places()).await?,
        })
    }

    /// The authority of the listing's place, the closest level's.
    fn authority(&self, shared: &Shared<'_>) -> Option<&str> {
        let (country, city, region) = shared.place?;
        let named = |table: &'static str, id: i64| self.authorities.get(&(table, id)).map(String::as_str);
        rules::advertising::closest(
            region.and_then(|region| named("regions", region)),
            named("cities", city),
            named("countries", country),
        )
    }

    fn found(&self, shared: &Shared<'_>) -> Found {
        let (country, city, region) = shared.place.unwrap_or((0, 0, None));
        Found {
            category: self.categories.contains(&shared.category_id),
            property_type: self.types.contains(&shared.type_id),
            country: self.countries.contains(&country),
            city_country: self.cities.get(&city).copied(),
            region_city: region.and_then(|region| self.regions.get(&region).copied()),
            agent: shared.agent_id.is_some_and(|agent| self.agents.contains(&agent)),
        }
    }
}

fn distinct(ids: impl Iterator<Item = i64>) -> Vec<i64> {
    ids.collect::<BTreeSet<i64>>().into_iter().collect()
}

/// Which of `ids` have a row in `table`.
async fn existing(
    conn: &mut AnyConnection,
    table: &str,
    ids: impl Iterator<Item = i64>,
) -> ApiResult<HashSet<i64>> {
    Ok(parents(conn, table, "id", ids).await?.into_keys().collect())
}

/// The `parent` column of each of `ids` that has a row in `table`.
async fn parents(
    conn: &mut AnyConnection,
    table: &str,
    parent: &str,
    ids: impl Iterator<Item = i64>,
) -> ApiResult<HashMap<i64, i64>> {
    let mut found = HashMap::new();
    for chunk in distinct(ids).chunks(db::IDS_PER_STATEMENT) {
        let within = db::Marks::of(conn).in_list(chunk.len());
        let sql = format!("SELECT id, {parent} FROM {table} WHERE id {within}");
        let rows = chunk.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await?;
        for row in &rows {
            found.insert(row.try_get::<i64, _>(0)?, row.try_get::<i64, _>(1)?);
        }
    }
    Ok(found)
}

/// Inserts the listings' rows, as many to a statement as the values allow; answers their
/// ids in the order of `bodies`.
async fn insert_rows(
    conn: &mut AnyConnection,
    bodies: &[&PropertyBody],
    import_id: Option<i64>,
) -> ApiResult<Vec<i64>> {
    let now = clock::now_text();
    let rows: Vec<Vec<(&'static str, Bound)>> =
        bodies.iter().map(|body| inserted_columns(body, &now, import_id)).collect();
    let Some(first) = rows.first() else { return Ok(Vec::new()) };
    let names: Vec<&str> = first.iter().map(|(name, _)| *name).collect();
    if rows.iter().any(|row| row.iter().map(|(name, _)| *name).ne(names.iter().copied())) {
        return Err(ApiError::internal("a set of new listings comes from more than one form"));
    }
    let mut ids = Vec::with_capacity(rows.len());
    for chunk in rows.chunks((db::VALUES_PER_STATEMENT / names.len()).max(1)) {
        let values = db::Marks::of(conn).rows(chunk.len(), names.len());
        let sql = format!("INSERT INTO properties ({}) VALUES {values} RETURNING id", names.join(", "));
        let query = chunk.iter().flatten().fold(sqlx::query(&sql), |q, (_, value)| bind(q, value));
        let mut added: Vec<i64> =
            query.fetch_all(&mut *conn).await?.iter().map(|row| row.try_get(0)).collect::<Result<_, _>>()?;
        // Neither database promises RETURNING's order, but both number the rows of one
        // INSERT upwards in the order of its VALUES.
        added.sort_unstable();
        ids.extend(added);
    }
    Ok(ids)
}

/// Writes each listing's images in order.
pub(super) async fn insert_images(conn: &mut AnyConnection, images: &[(i64, &[String])]) -> ApiResult<()> {
    let rows: Vec<(i64, i32, &str)> = images
        .iter()
        .flat_map(|(id, references)| {
            references.iter().enumerate().map(move |(position, reference)| {
                (*id, i32::try_from(position).unwrap_or(i32::MAX), reference.as_str())
            })
        })
        .collect();
    for chunk in rows.chunks(db::VALUES_PER_STATEMENT / 3) {
        let values = db::Marks::of(conn).rows(chunk.len(), 3);
        let sql = format!("INSERT INTO property_images (property_id, position, reference) VALUES {values}");
        let query = chunk.iter().fold(sqlx::query(&sql), |q, (id, position, reference)| {
            q.bind(*id).bind(*position).bind(*reference)
        });
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

/// Selects each listing's features.
pub(super) async fn insert_features(
    conn: &mut AnyConnection,
    features: &[(i64, BTreeSet<i64>)],
) -> ApiResult<()> {
    let rows: Vec<(i64, i64)> =
        features.iter().flat_map(|(id, chosen)| chosen.iter().map(move |feature| (*id, *feature))).collect();
    for chunk in rows.chunks(db::VALUES_PER_STATEMENT / 2) {
        let values = db::Marks::of(conn).rows(chunk.len(), 2);
        let sql =
            format!("INSERT INTO property_feature_assignments (property_id, feature_id) VALUES {values}");
        let query = chunk.iter().fold(sqlx::query(&sql), |q, (id, feature)| q.bind(*id).bind(*feature));
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

/// The feature ids each of `ids` selects, in the features' display order (as a listing's
/// features are read).
async fn selected_features(
    conn: &mut AnyConnection,
    ids: impl Iterator<Item = i64>,
) -> ApiResult<Vec<(i64, Vec<i64>)>> {
    let ids = distinct(ids);
    let mut selected: HashMap<i64, Vec<i64>> = HashMap::new();
    for chunk in ids.chunks(db::IDS_PER_STATEMENT) {
        let sql = format!(
            "SELECT a.property_id, f.id FROM property_feature_assignments a \
             JOIN property_features f ON f.id = a.feature_id \
             WHERE a.property_id {} ORDER BY f.display_order, f.id",
            db::Marks::of(conn).in_list(chunk.len())
        );
        let rows = chunk.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await?;
        for row in &rows {
            selected.entry(row.try_get::<i64, _>(0)?).or_default().push(row.try_get::<i64, _>(1)?);
        }
    }
    Ok(ids.into_iter().filter_map(|id| selected.remove(&id).map(|features| (id, features))).collect())
}
