//! Bulk changes of listings (issue 24). The set is resolved and locked once; listings that
//! are gone, stale or already as asked are skipped; the rest change by one statement per
//! thousand ids, and their history rows (one per listing) are written in
//! batches, all in one transaction: a failure anywhere changes nothing.

use std::collections::{BTreeMap, HashMap};

use rules::bulk::PropertyChange;
use rules::messages;
use rules::vocabularies::{OfferingType, RentFrequency, SkipReason};
use sqlx::{AnyConnection, AnyPool};

use super::super::Property;
use super::advertising;
use super::read::find_many;
use super::write::trash_in;
use super::{bind, Bound};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::bulk;
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::trash;

/// What a bulk change did: how many listings changed, and the ones skipped with why.
#[derive(Debug)]
pub struct Done {
    pub changed: usize,
    pub skipped: Vec<(i64, SkipReason)>,
}

/// Whether `property` already is as `change` would leave it.
fn already(property: &Property, change: PropertyChange) -> bool {
    let listing = &property.listing;
    match change {
        PropertyChange::Status(status) => listing.status == status,
        PropertyChange::Featured(featured) => listing.is_featured == featured,
        PropertyChange::Category(id) => listing.category_id == id,
        PropertyChange::Offering(offering) => listing.offering_type == offering,
        PropertyChange::AddPortal(portal) => property.publish_to.contains(&portal),
        PropertyChange::RemovePortal(portal) => !property.publish_to.contains(&portal),
        PropertyChange::Trash => false,
    }
}

/// The `publishTo` set `property` has after `change`, stored.
fn portals_after(property: &Property, change: PropertyChange) -> String {
    let mut set = property.publish_to.clone();
    match change {
        PropertyChange::AddPortal(portal) => set.push(portal),
        PropertyChange::RemovePortal(portal) => set.retain(|p| *p != portal),
        _ => {}
    }
    rules::portals::stored_set(&set)
}

/// The columns `change` sets, as `SET` assignments with their placeholders from `marks`, and
/// the values of those placeholders in order; `None` for a move to the trash, which sets
/// nothing.
fn assignments(change: PropertyChange, marks: &mut db::Marks, now: &str) -> Option<(String, Vec<Bound>)> {
    match change {
        PropertyChange::Status(status) => {
            Some((format!("status = {}", marks.mark()), vec![Bound::Text(Some(status.value().to_owned()))]))
        }
        // Featured since it last became featured; no longer featured, no date.
        PropertyChange::Featured(featured) => Some((
            format!(
                "is_featured = {}, featured_at = CASE WHEN {} THEN COALESCE(featured_at, {}) ELSE NULL END",
                marks.mark(),
                marks.mark(),
                marks.mark()
            ),
            vec![Bound::Flag(featured), Bound::Flag(featured), Bound::Text(Some(now.to_owned()))],
        )),
        PropertyChange::Category(id) => {
            Some((format!("category_id = {}", marks.mark()), vec![Bound::Id(Some(id))]))
        }
        PropertyChange::Offering(offering) => {
            let frequency = match offering {
                OfferingType::Rent => format!("COALESCE(rent_frequency, {})", marks.mark()),
                OfferingType::Sale => "NULL".to_owned(),
            };
            let mut values = vec![Bound::Text(Some(offering.value().to_owned()))];
            let set = format!("offering_type = {}, rent_frequency = {frequency}", marks.mark());
            if offering == OfferingType::Rent {
                values.push(Bound::Text(Some(RentFrequency::Yearly.value().to_owned())));
            }
            Some((set, values))
        }
        PropertyChange::Trash | PropertyChange::AddPortal(_) | PropertyChange::RemovePortal(_) => None,
    }
}

/// Moves each listing to the trash by the single delete's own path, all in one batch, so the
/// trash restores them together.
async fn trash(
    conn: &mut AnyConnection,
    actor: &Actor,
    ids: &[i64],
    versions: &BTreeMap<i64, i64>,
) -> ApiResult<()> {
    let batch = trash::new_batch();
    for id in ids {
        trash_in(&mut *conn, actor, *id, versions.get(id).copied(), &batch).await?;
    }
    Ok(())
}

/// Sets a field of every listing in `ids`, then writes the history.
async fn set(
    conn: &mut AnyConnection,
    actor: &Actor,
    ids: &[i64],
    change: PropertyChange,
    before: &HashMap<i64, Property>,
) -> ApiResult<()> {
    let now = clock::now_text();
    if matches!(change, PropertyChange::AddPortal(_) | PropertyChange::RemovePortal(_)) {
        set_portals(&mut *conn, ids, change, before, &now).await?;
    }
    for chunk in ids.chunks(db::IDS_PER_STATEMENT) {
        let mut marks = db::Marks::of(conn);
        let Some((set, values)) = assignments(change, &mut marks, &now) else { break };
        let sql = format!(
            "UPDATE properties SET {set}, updated_at = {}, version = version + 1 WHERE id {}",
            marks.mark(),
            marks.in_list(chunk.len())
        );
        let query = values.iter().fold(sqlx::query(&sql), |q, value| bind(q, value)).bind(now.as_str());
        chunk.iter().fold(query, |q, id| q.bind(*id)).execute(&mut *conn).await?;
    }
    let after = find_many(&mut *conn, ids).await?;
    let pairs: Vec<(&Property, &Property)> =
        ids.iter().filter_map(|id| before.get(id).zip(after.get(id))).collect();
    let changes: Vec<(i64, &Property, &Property)> =
        pairs.iter().map(|(b, a)| (b.listing.id, *b, *a)).collect();
    audit::updated_many(&mut *conn, actor, Entity::Property, &changes).await
}

/// Adds a portal to, or removes it from, each listing's set: one statement per set the
/// listings end up with (there are at most sixteen) and thousand ids.
async fn set_portals(
    conn: &mut AnyConnection,
    ids: &[i64],
    change: PropertyChange,
    before: &HashMap<i64, Property>,
    now: &str,
) -> ApiResult<()> {
    let mut by_set: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for id in ids {
        if let Some(property) = before.get(id) {
            by_set.entry(portals_after(property, change)).or_default().push(*id);
        }
    }
    for (set, ids) in &by_set {
        for chunk in ids.chunks(db::IDS_PER_STATEMENT) {
            let mut marks = db::Marks::of(conn);
            let sql = format!(
                "UPDATE properties SET publish_to = {}, updated_at = {}, version = version + 1 WHERE id {}",
                marks.mark(),
                marks.mark(),
                marks.in_list(chunk.len())
            );
            let query = sqlx::query(&sql).bind(set.as_str()).bind(now);
            chunk.iter().fold(query, |q, id| q.bind(*id)).execute(&mut *conn).await?;
        }
    }
    Ok(())
}

/// Applies `change` to the selected listings in one transaction; `versions` are the
/// versions the panel saw, by id.
pub async fn bulk(
    db: &AnyPool,
    actor: &Actor,
    ids: &[i64],
    change: PropertyChange,
    versions: &BTreeMap<i64, i64>,
) -> ApiResult<Done> {
    let mut tx = db::begin_write(db).await?;
    if let PropertyChange::Category(id) = change {
        let found: Option<i64> = sqlx::query_scalar("SELECT id FROM categories WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        if found.is_none() {
            let mut errors = rules::FieldErrors::new();
            errors.add("value", messages::CATEGORY_NOT_FOUND);
            return Err(ApiError {
                errors: Some(errors),
                ..ApiError::conflict(messages::CATEGORY_NOT_FOUND)
            });
        }
    }
    let mut locked = ids.to_vec();
    locked.sort_unstable();
    db::lock_rows(&mut tx, "properties", &locked).await?;
    let before = find_many(&mut tx, ids).await?;
    let (mut chosen, mut skipped) =
        bulk::sort_out(ids, &before, versions, |p| p.version, |p| already(p, change));
    let refused = advertising::refused(&mut tx, &chosen, change, &before).await?;
    chosen.retain(|id| !refused.contains(id));
    skipped.extend(refused.into_iter().map(|id| (id, SkipReason::NotAllowed)));
    match change {
        PropertyChange::Trash => trash(&mut tx, actor, &chosen, versions).await?,
        _ => set(&mut tx, actor, &chosen, change, &before).await?,
    }
    tx.commit().await?;
    Ok(Done { changed: chosen.len(), skipped })
}
