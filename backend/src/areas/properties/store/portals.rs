//! What a listing's readiness for the portals reads beyond its own columns (issue 41): its
//! photo count, its agent's phone, and whether each portal has words for its type (or category) and for its
//! city and region. Read beside the listing by subqueries, as its names are.

use rules::portals::readiness::{Mapped, MappedByPortal};
use sqlx::any::AnyRow;
use sqlx::Row;

/// Whether `portal` maps the listing `p`'s type or category, and its city and region.
macro_rules! mapped {
    ($portal:literal, $kind:literal, $location:literal) => {
        concat!(
            "CAST(CASE WHEN EXISTS (SELECT 1 FROM portal_mappings m WHERE m.portal = '",
            $portal,
            "' AND ((m.kind = 'propertyType' AND m.record_id = p.type_id) \
             OR (m.kind = 'category' AND m.record_id = p.category_id))) THEN 1 ELSE 0 END AS BIGINT) AS ",
            $kind,
            ", CAST(CASE WHEN p.region_id IS NOT NULL \
             AND EXISTS (SELECT 1 FROM portal_mappings m WHERE m.portal = '",
            $portal,
            "' AND m.kind = 'city' AND m.record_id = p.city_id) \
             AND EXISTS (SELECT 1 FROM portal_mappings m WHERE m.portal = '",
            $portal,
            "' AND m.kind = 'region' AND m.record_id = p.region_id) THEN 1 ELSE 0 END AS BIGINT) AS ",
            $location
        )
    };
}

/// The columns [`facts`] reads, by name; `p` is the property.
pub(crate) const COLUMNS: &str = concat!(
    "(SELECT COUNT(*) FROM property_images WHERE property_id = p.id) AS image_count, \
     CAST(CASE WHEN TRIM(COALESCE((SELECT phone FROM users WHERE id = p.agent_id), '')) <> '' \
     THEN 1 ELSE 0 END AS BIGINT) AS agent_phone, ",
    mapped!("propertyFinder", "pf_type", "pf_location"),
    ", ",
    mapped!("bayut", "bayut_type", "bayut_location")
);

/// What [`COLUMNS`] read: the photo count, whether the agent has a phone, and the mappings.
pub(crate) fn facts(row: &AnyRow) -> Result<(u32, bool, MappedByPortal), sqlx::Error> {
    let flag = |name: &str| row.try_get::<i64, _>(name).map(|value| value == 1);
    let images = row.try_get::<i64, _>("image_count")?;
    Ok((
        u32::try_from(images).unwrap_or(u32::MAX),
        flag("agent_phone")?,
        MappedByPortal {
            property_finder: Mapped { kind: flag("pf_type")?, location: flag("pf_location")? },
            bayut: Mapped { kind: flag("bayut_type")?, location: flag("bayut_location")? },
        },
    ))
}
