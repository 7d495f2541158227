//! What the portals call a listing: its property number when that is one the portals take
//! (letters, digits, `-`, `_`, `/`, at most 50) and no other listing has it, else `AQ-` and
//! its id. A property number of that second form is never used as it is, so no two
//! listings share a reference. A lead names the listing by this reference.

use sqlx::AnyConnection;

use crate::platform::http::error::ApiResult;

const FALLBACK: &str = "AQ-";

fn is_fallback(reference: &str) -> bool {
    reference
        .strip_prefix(FALLBACK)
        .is_some_and(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
}

fn is_acceptable(number: &str) -> bool {
    (1..=50).contains(&number.len())
        && number.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'/'))
}

/// The reference of listing `id`, whose property number `number` is held by `holders`
/// listings.
pub fn reference(id: i64, number: Option<&str>, holders: i64) -> String {
    match number {
        Some(number) if holders == 1 && is_acceptable(number) && !is_fallback(number) => number.to_owned(),
        _ => format!("{FALLBACK}{id}"),
    }
}

/// How many listings hold the property number of `p` (0 when it has none): a column of the
/// feeds' query, answered by the property numbers' index.
pub const HOLDERS: &str = "CASE WHEN p.property_number IS NULL THEN 0 ELSE \
     (SELECT COUNT(*) FROM properties q WHERE q.property_number = p.property_number) END";

/// The listing a portal names by `reference`, if one has it now.
pub async fn listing_of(conn: &mut AnyConnection, reference: &str) -> ApiResult<Option<i64>> {
    let reference = reference.trim();
    if is_fallback(reference) {
        let Ok(id) = reference[FALLBACK.len()..].parse::<i64>() else { return Ok(None) };
        let found: Option<i64> = sqlx::query_scalar("SELECT id FROM properties WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
        return Ok(found);
    }
    if !is_acceptable(reference) {
        return Ok(None);
    }
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM properties WHERE property_number = $1 LIMIT 2")
        .bind(reference)
        .fetch_all(&mut *conn)
        .await?;
    Ok(match ids.as_slice() {
        [id] => Some(*id),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unique_acceptable_number_is_the_reference_and_anything_else_the_id() {
        assert_eq!(reference(7, Some("VIL-2025/14"), 1), "VIL-2025/14");
        assert_eq!(reference(7, Some("VIL-2025/14"), 2), "AQ-7");
        assert_eq!(reference(7, Some("#101"), 1), "AQ-7");
        assert_eq!(reference(7, Some("AQ-9"), 1), "AQ-7");
        assert_eq!(reference(7, Some("AQ-X"), 1), "AQ-X");
        assert_eq!(reference(7, None, 0), "AQ-7");
        assert_eq!(reference(7, Some(&"a".repeat(51)), 1), "AQ-7");
    }
}
