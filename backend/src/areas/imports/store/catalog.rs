//! SQL of what a row names: the catalogue's names and the listings' property numbers.

use std::collections::HashMap;

use rules::properties::columns::Catalog;
use sqlx::{AnyConnection, Row};

use crate::areas::imports::rows::{Named, Names};
use crate::platform::db;
use crate::platform::http::error::ApiResult;

/// The catalogue's names: categories, types, places and features.
pub async fn names(conn: &mut AnyConnection) -> ApiResult<Names> {
    let mut names = Names::default();
    for (catalog, sql) in [
        (Catalog::Category, "SELECT id, 0 AS parent, name_en, name_ar FROM categories"),
        (Catalog::PropertyType, "SELECT id, 0 AS parent, name_en, name_ar FROM property_types"),
        (Catalog::Country, "SELECT id, 0 AS parent, name_en, name_ar FROM countries"),
        (Catalog::City, "SELECT id, country_id AS parent, name_en, name_ar FROM cities"),
        (Catalog::Region, "SELECT id, city_id AS parent, name_en, name_ar FROM regions"),
        (Catalog::Feature, "SELECT id, 0 AS parent, name_en, name_ar FROM property_features"),
    ] {
        for row in sqlx::query(sql).fetch_all(&mut *conn).await? {
            let parent: i64 = row.try_get("parent")?;
            let parent = matches!(catalog, Catalog::City | Catalog::Region).then_some(parent);
            names.add(&Named {
                catalog,
                id: row.try_get("id")?,
                parent,
                en: row.try_get("name_en")?,
                ar: row.try_get("name_ar")?,
            });
        }
    }
    names.codes = sqlx::query_scalar("SELECT code FROM countries").fetch_all(&mut *conn).await?;
    Ok(names)
}

/// Every listing's property number, with its id.
pub async fn numbers(conn: &mut AnyConnection) -> ApiResult<HashMap<String, i64>> {
    let rows = sqlx::query("SELECT property_number, id FROM properties WHERE property_number IS NOT NULL")
        .fetch_all(&mut *conn)
        .await?;
    let mut numbers = HashMap::with_capacity(rows.len());
    for row in rows {
        let number: String = row.try_get(0)?;
        numbers.entry(number.trim().to_owned()).or_insert(row.try_get(1)?);
    }
    Ok(numbers)
}

/// The listing each of `numbers` identifies (the oldest, should two share one), with its
/// agent (issue 26), which an import keeps, by number.
pub async fn listings_with_numbers(
    conn: &mut AnyConnection,
    numbers: &[&str],
) -> ApiResult<HashMap<String, (i64, Option<i64>)>> {
    let mut wanted: Vec<&str> = numbers.to_vec();
    wanted.sort_unstable();
    wanted.dedup();
    let mut found = HashMap::with_capacity(wanted.len());
    for chunk in wanted.chunks(db::IDS_PER_STATEMENT) {
        let sql = format!(
            "SELECT p.property_number, p.id, p.agent_id FROM properties p WHERE p.id IN \
             (SELECT MIN(id) FROM properties WHERE property_number {} GROUP BY property_number)",
            db::Marks::of(conn).in_list(chunk.len())
        );
        let rows =
            chunk.iter().fold(sqlx::query(&sql), |q, number| q.bind(*number)).fetch_all(&mut *conn).await?;
        for row in &rows {
            found.insert(row.try_get::<String, _>(0)?, (row.try_get::<i64, _>(1)?, row.try_get(2)?));
        }
    }
    Ok(found)
}
