//! Whether a listing may be advertised (issue 39): after every write, in its transaction,
//! the listing as it now stands is judged by the authority of its place, so whichever form,
//! bulk action or import wrote it, an `active` listing in a regulated place holds a valid,
//! unexpired permit, and no two listings that are not archived share one.

use std::collections::{HashMap, HashSet};

use rules::advertising::Permit;
use rules::bulk::PropertyChange;
use rules::vocabularies::PropertyStatus;
use rules::{messages, FieldErrors};
use sqlx::{AnyConnection, Row};

use super::super::body::PropertyBody;
use super::super::Property;
use super::row::vocabulary;
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};

/// The authority of a listing's place (`p`): its region's, else its city's, else its
/// country's; blank counts as none.
pub(crate) const AUTHORITY: &str = "COALESCE(\
     (SELECT NULLIF(TRIM(advertising_authority), '') FROM regions WHERE id = p.region_id), \
     (SELECT NULLIF(TRIM(advertising_authority), '') FROM cities WHERE id = p.city_id), \
     (SELECT NULLIF(TRIM(advertising_authority), '') FROM countries WHERE id = p.country_id))";

/// Whether a listing's (`p`) place regulates advertising at some level: by the places'
/// indexes, without computing each listing's authority. A blank authority names none, so
/// a closer level never lifts a farther one's.
pub(crate) const REGULATED: &str = "(\
     p.country_id IN (SELECT id FROM countries WHERE NULLIF(TRIM(advertising_authority), '') IS NOT NULL) \
     OR p.city_id IN (SELECT id FROM cities WHERE NULLIF(TRIM(advertising_authority), '') IS NOT NULL) \
     OR p.region_id IN (SELECT id FROM regions WHERE NULLIF(TRIM(advertising_authority), '') IS NOT NULL))";

/// 422 naming the permit's fields when listing `id`, as it now stands, may not be advertised
/// where it is.
pub(super) async fn check(conn: &mut AnyConnection, id: i64) -> ApiResult<()> {
    let sql = format!(
        "SELECT p.status, p.permit_number, p.permit_issued_at, p.permit_expires_at, p.contract_ends_at, \
         {AUTHORITY} AS authority FROM properties p WHERE p.id = $1"
    );
    let Some(row) = sqlx::query(&sql).bind(id).fetch_optional(&mut *conn).await? else { return Ok(()) };
    let Some(authority) = row.try_get::<Option<String>, _>("authority")? else { return Ok(()) };
    let status = vocabulary(&row, "status", PropertyStatus::ALL, PropertyStatus::value)?;
    let (number, issued, expires, contract): (
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
    let permit = Permit {
        number: number.as_deref(),
        issued_at: issued.as_deref(),
        expires_at: expires.as_deref(),
        contract_ends_at: contract.as_deref(),
    };
    let mut errors = FieldErrors::new();
    permit.check_for(&mut errors, &authority, status, &clock::now_text());
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(errors))
    }
}

/// 409 naming the listing that holds the permit a write would give listing `id` (none: a
/// new one), before the write: one permit serves one listing that is not archived. The quick
/// form keeps the listing's permit, which may be taken meanwhile only if it was archived.
pub(super) async fn check_holder(
    conn: &mut AnyConnection,
    body: &PropertyBody,
    id: Option<i64>,
) -> ApiResult<()> {
    let number = match (body, id) {
        (PropertyBody::Full(_), _) => permit_taken(body),
        (PropertyBody::Quick(quick), Some(id)) if quick.status != PropertyStatus::Archived => {
            sqlx::query_scalar::<_, Option<String>>("SELECT permit_number FROM properties WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?
                .flatten()
        }
        _ => None,
    };
    let Some(number) = number else { return Ok(()) };
    let holder: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM properties WHERE permit_number = $1 AND status <> 'archived' AND id <> $2 \
         ORDER BY id LIMIT 1",
    )
    .bind(&number)
    .bind(id.unwrap_or(0))
    .fetch_optional(&mut *conn)
    .await?;
    match holder {
        Some(holder) => Err(permit_in_use(messages::permit_in_use(&number, holder))),
        None => Ok(()),
    }
}

/// The 409 of a permit number taken, the message under `permitNumber`.
fn permit_in_use(message: String) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add("permitNumber", message.clone());
    ApiError { errors: Some(errors), ..ApiError::conflict(message) }
}

/// The listings of `ids` (as `before` holds them) that a bulk `change` would leave breaking
/// a rule: a status that does not fit the offering, `active` without the permit the place
/// requires, or an offering that does not fit the status.
pub(super) async fn refused(
    conn: &mut AnyConnection,
    ids: &[i64],
    change: PropertyChange,
    before: &HashMap<i64, Property>,
) -> ApiResult<HashSet<i64>> {
    let listing = |id: &i64| before.get(id).map(|p| &p.listing);
    let mut refused: HashSet<i64> = match change {
        PropertyChange::Status(status) => ids
            .iter()
            .copied()
            .filter(|id| listing(id).is_some_and(|l| !status.fits(l.offering_type)))
            .collect(),
        PropertyChange::Offering(offering) => {
            ids.iter().copied().filter(|id| listing(id).is_some_and(|l| !l.status.fits(offering))).collect()
        }
        _ => HashSet::new(),
    };
    if change != PropertyChange::Status(PropertyStatus::Active) {
        return Ok(refused);
    }
    let now = clock::now_text();
    for chunk in ids.chunks(db::IDS_PER_STATEMENT) {
        let sql = format!(
            "SELECT p.id, {AUTHORITY} AS authority FROM properties p WHERE p.id {}",
            db::Marks::of(conn).in_list(chunk.len())
        );
        let rows = chunk.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await?;
        for row in &rows {
            let id: i64 = row.try_get("id")?;
            let (Some(authority), Some(property)) =
                (row.try_get::<Option<String>, _>("authority")?, before.get(&id))
            else {
                continue;
            };
            let permit = Permit {
                number: property.listing.permit_number.as_deref(),
                issued_at: property.listing.permit_issued_at.as_deref(),
                expires_at: property.listing.permit_expires_at.as_deref(),
                contract_ends_at: property.listing.contract_ends_at.as_deref(),
            };
            let mut errors = FieldErrors::new();
            permit.check_for(&mut errors, &authority, PropertyStatus::Active, &now);
            if !errors.is_empty() {
                refused.insert(id);
            }
        }
    }
    Ok(refused)
}

/// The authorities the places of a set of new listings name, by table and id.
pub(super) async fn authorities(
    conn: &mut AnyConnection,
    places: impl Iterator<Item = (i64, i64, Option<i64>)>,
) -> ApiResult<HashMap<(&'static str, i64), String>> {
    let (mut countries, mut cities, mut regions) = (HashSet::new(), HashSet::new(), HashSet::new());
    for (country, city, region) in places {
        countries.insert(country);
        cities.insert(city);
        regions.extend(region);
    }
    let mut named = HashMap::new();
    for (table, ids) in [("countries", countries), ("cities", cities), ("regions", regions)] {
        let ids: Vec<i64> = ids.into_iter().collect();
        for chunk in ids.chunks(db::IDS_PER_STATEMENT) {
            let sql = format!(
                "SELECT id, advertising_authority FROM {table} WHERE NULLIF(TRIM(advertising_authority), '') \
                 IS NOT NULL AND id {}",
                db::Marks::of(conn).in_list(chunk.len())
            );
            let rows =
                chunk.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await?;
            for row in &rows {
                named.insert((table, row.try_get::<i64, _>(0)?), row.try_get::<String, _>(1)?);
            }
        }
    }
    Ok(named)
}

/// The 422 of a new listing that `authority` would not let be advertised as it stands.
pub(super) fn judge(body: &PropertyBody, authority: Option<&str>, now: &str) -> Option<ApiError> {
    let (PropertyBody::Full(listing), Some(authority)) = (body, authority) else { return None };
    let mut errors = FieldErrors::new();
    listing.permit().check_for(&mut errors, authority, listing.status, now);
    (!errors.is_empty()).then(|| ApiError::validation(errors))
}

/// The permit numbers a set of new listings may not take: those other listings hold, and
/// each one again once a listing of the set took it.
pub(super) struct Holders(HashMap<String, i64>, HashSet<String>);

impl Holders {
    pub(super) async fn of(
        conn: &mut AnyConnection,
        bodies: impl Iterator<Item = &PropertyBody>,
    ) -> ApiResult<Holders> {
        let numbers: Vec<String> = bodies.filter_map(permit_taken).collect();
        let mut held = HashMap::new();
        for chunk in numbers.chunks(db::IDS_PER_STATEMENT) {
            let sql = format!(
                "SELECT permit_number, id FROM properties WHERE status <> 'archived' AND permit_number {}",
                db::Marks::of(conn).in_list(chunk.len())
            );
            let rows =
                chunk.iter().fold(sqlx::query(&sql), |q, n| q.bind(n.as_str())).fetch_all(&mut *conn).await?;
            for row in &rows {
                held.insert(row.try_get::<String, _>(0)?, row.try_get::<i64, _>(1)?);
            }
        }
        Ok(Holders(held, HashSet::new()))
    }

    /// The 409 of a listing whose permit is held; else the set's listing takes it.
    pub(super) fn take(&mut self, body: &PropertyBody) -> Option<ApiError> {
        let number = permit_taken(body)?;
        let message = match self.0.get(&number) {
            Some(holder) => messages::permit_in_use(&number, *holder),
            None if self.1.contains(&number) => messages::DUPLICATE_VALUE.to_owned(),
            None => {
                self.1.insert(number);
                return None;
            }
        };
        Some(permit_in_use(message))
    }
}

/// The permit number a new listing would hold: none when archived.
fn permit_taken(body: &PropertyBody) -> Option<String> {
    let PropertyBody::Full(listing) = body else { return None };
    let number = listing.permit_number.as_deref().map(str::trim).filter(|n| !n.is_empty())?;
    (listing.status != PropertyStatus::Archived).then(|| number.to_owned())
}
