//! SQL of the seeder and the demo listings: reading the catalog, and writing listings many
//! rows per statement.

use std::collections::HashMap;

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, Row};

use super::listings::{Catalog, Listing, Named, Spot};
use crate::db::{self, Dialect};
use crate::error::ApiResult;

/// The columns a listing writes, in the order `bind` binds them; the others keep their
/// defaults (0, false, NULL; version 1).
const COLUMNS: [&str; 49] = [
    "property_number",
    "title_en",
    "title_ar",
    "description_en",
    "description_ar",
    "location_en",
    "location_ar",
    "price",
    "currency",
    "area",
    "plot_area",
    "built_area",
    "country_id",
    "city_id",
    "region_id",
    "category_id",
    "type_id",
    "continent",
    "status",
    "display_type",
    "facing",
    "is_featured",
    "bedroom",
    "master_bedroom",
    "living_room",
    "kitchen",
    "bathroom",
    "balcony",
    "building_type_new",
    "year_built",
    "building_condition",
    "number_of_floors_in_building",
    "floor_number_unit",
    "parking_spaces_available",
    "elevators_available",
    "parking_space",
    "furnished",
    "fitted_kitchen",
    "has_central_ac",
    "panoramic_view",
    "swimming_pool_shared_or_private",
    "gym_fitness_center",
    "security_system_cctv_alarm",
    "maintenance_fee",
    "search_text",
    "created_at",
    "updated_at",
    "featured_at",
    "last_renovated",
];

/// Rows per INSERT: 500 × 49 = 24,500 parameters, under SQLite's 32,766 and PostgreSQL's 65,535.
pub const ROWS_PER_STATEMENT: usize = 500;

type AnyQuery<'q> = Query<'q, Any, AnyArguments<'q>>;

fn bind<'q>(query: AnyQuery<'q>, l: &'q Listing) -> AnyQuery<'q> {
    let query = query
        .bind(l.property_number.as_str())
        .bind(l.title_en.as_str())
        .bind(l.title_ar.as_str())
        .bind(l.description_en.as_str())
        .bind(l.description_ar.as_str())
        .bind(l.location_en.as_str())
        .bind(l.location_ar.as_str())
        .bind(l.price)
        .bind(l.currency)
        .bind(l.area);
    let query = db::bind_double(query, l.plot_area);
    db::bind_double(query, l.built_area)
        .bind(l.country_id)
        .bind(l.city_id)
        .bind(l.region_id)
        .bind(l.category_id)
        .bind(l.type_id)
        .bind(l.continent)
        .bind(l.status)
        .bind(l.display_type)
        .bind(l.facing)
        .bind(l.is_featured)
        .bind(l.bedroom)
        .bind(l.master_bedroom)
        .bind(l.living_room)
        .bind(l.kitchen)
        .bind(l.bathroom)
        .bind(l.balcony)
        .bind(l.building_type_new)
        .bind(l.year_built)
        .bind(l.building_condition)
        .bind(l.number_of_floors_in_building)
        .bind(l.floor_number_unit)
        .bind(l.parking_spaces_available)
        .bind(l.elevators_available)
        .bind(l.parking_space)
        .bind(l.furnished)
        .bind(l.fitted_kitchen)
        .bind(l.has_central_ac)
        .bind(l.panoramic_view)
        .bind(l.swimming_pool_shared_or_private)
        .bind(l.gym_fitness_center)
        .bind(l.security_system_cctv_alarm)
        .bind(l.maintenance_fee)
        .bind(l.search_text.as_str())
        .bind(l.created_at.as_str())
        .bind(l.updated_at.as_str())
        .bind(l.featured_at.as_deref())
        // A renovation date is not made up.
        .bind(None::<&str>)
}

/// `INSERT INTO properties (...) VALUES ($1, ...), ...` for `rows` rows; on SQLite with
/// plain `?` placeholders instead. sqlx binds each SQLite parameter after looking up its name,
/// and SQLite finds the name of `$N` by walking the list of every name in the statement: with
/// 24,500 `$N` a statement spent 80% of its time there (347 rows a second); nameless `?` have
/// no names to walk.
fn insert_sql(rows: usize, dialect: Dialect) -> String {
    let mut sql = format!("INSERT INTO properties ({}) VALUES ", COLUMNS.join(", "));
    let mut parameter = 0;
    for row in 0..rows {
        sql.push_str(if row == 0 { "(" } else { ", (" });
        for column in 0..COLUMNS.len() {
            parameter += 1;
            if column > 0 {
                sql.push_str(", ");
            }
            match dialect {
                Dialect::Sqlite => sql.push('?'),
                Dialect::Postgres => {
                    sql.push('$');
                    sql.push_str(&parameter.to_string());
                }
            }
        }
        sql.push(')');
    }
    sql
}

/// The dialect of a connection.
pub fn dialect(conn: &AnyConnection) -> Dialect {
    if conn.backend_name().eq_ignore_ascii_case("sqlite") {
        Dialect::Sqlite
    } else {
        Dialect::Postgres
    }
}

/// Writes listings [`ROWS_PER_STATEMENT`] rows per statement, the SQL of a full statement
/// made once.
pub struct Inserter {
    dialect: Dialect,
    full_sql: String,
}

impl Inserter {
    pub fn new(dialect: Dialect) -> Inserter {
        Inserter { dialect, full_sql: insert_sql(ROWS_PER_STATEMENT, dialect) }
    }

    pub async fn insert(&self, conn: &mut AnyConnection, listings: &[Listing]) -> ApiResult<()> {
        for chunk in listings.chunks(ROWS_PER_STATEMENT) {
            let partial;
            let sql = if chunk.len() == ROWS_PER_STATEMENT {
                self.full_sql.as_str()
            } else {
                partial = insert_sql(chunk.len(), self.dialect);
                partial.as_str()
            };
            let mut query = sqlx::query(sql);
            for listing in chunk {
                query = bind(query, listing);
            }
            query.execute(&mut *conn).await?;
        }
        Ok(())
    }
}

/// The secondary indexes (and, on SQLite, the search triggers) of `properties`, set aside
/// for a bulk load: dropped before it and made again from their own SQL after it, which on
/// 100,000 rows or more is several times faster than keeping them up to date row by row
/// (the trigram search index above all). Done inside the load's transaction, so a load that
/// fails leaves them as they were.
pub struct SetAside {
    creates: Vec<String>,
    rebuilds: Vec<String>,
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

pub async fn set_aside_indexes(conn: &mut AnyConnection) -> ApiResult<SetAside> {
    let (mut drops, mut creates, mut rebuilds) = (Vec::new(), Vec::new(), Vec::new());
    match dialect(conn) {
        Dialect::Sqlite => {
            let rows = sqlx::query(
                "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'properties' \
                 AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name",
            )
            .fetch_all(&mut *conn)
            .await?;
            for row in &rows {
                let kind: String = row.try_get("type")?;
                let name: String = row.try_get("name")?;
                drops.push(format!("DROP {} {}", kind.to_uppercase(), quoted(&name)));
                creates.push(row.try_get("sql")?);
            }
            // External-content full-text indexes over `properties` are filled again in one pass.
            let tables: Vec<String> = sqlx::query_scalar(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%USING fts5%' \
                 AND sql LIKE '%content%=%''properties''%'",
            )
            .fetch_all(&mut *conn)
            .await?;
            // FTS5 gathers terms in memory up to `hashsize` (1 MiB by default) before writing a
            // segment and merging segments: with 256 MiB a rebuild of 1,000,000 rows takes half
            // the time (31 s to 16 s). The default is set back afterwards.
            for table in tables {
                let table = quoted(&table);
                rebuilds.push(format!("INSERT INTO {table} ({table}, rank) VALUES ('hashsize', 268435456)"));
                rebuilds.push(format!("INSERT INTO {table} ({table}) VALUES ('rebuild')"));
                rebuilds.push(format!("INSERT INTO {table} ({table}, rank) VALUES ('hashsize', 1048576)"));
            }
        }
        Dialect::Postgres => {
            let rows = sqlx::query(
                "SELECT i.indexname::text AS name, i.indexdef::text AS sql FROM pg_indexes i \
                 WHERE i.schemaname = current_schema() AND i.tablename = 'properties' \
                 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname) ORDER BY 1",
            )
            .fetch_all(&mut *conn)
            .await?;
            for row in &rows {
                let name: String = row.try_get("name")?;
                drops.push(format!("DROP INDEX {}", quoted(&name)));
                creates.push(row.try_get("sql")?);
            }
            // Index builds sort in memory rather than in many small runs on disk.
            sqlx::query("SET LOCAL maintenance_work_mem = '256MB'").execute(&mut *conn).await?;
        }
    }
    for drop in &drops {
        sqlx::query(drop).execute(&mut *conn).await?;
    }
    Ok(SetAside { creates, rebuilds })
}

/// Makes again what [`set_aside_indexes`] dropped, and fills the search index. On SQLite the
/// dropped triggers include those bumping the list's revision (migration 0008), so it is
/// bumped here, in the load's transaction, for servers running beside the load to see it.
pub async fn restore_indexes(conn: &mut AnyConnection, set_aside: SetAside) -> ApiResult<()> {
    for sql in set_aside.creates.iter().chain(&set_aside.rebuilds) {
        sqlx::query(sql).execute(&mut *conn).await?;
    }
    sqlx::query("UPDATE revisions SET value = value + 1 WHERE name = 'properties'")
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Writes one listing and answers its id.
pub async fn insert_one(conn: &mut AnyConnection, listing: &Listing) -> ApiResult<i64> {
    let sql = format!("{} RETURNING id", insert_sql(1, dialect(conn)));
    Ok(bind(sqlx::query(&sql), listing).fetch_one(&mut *conn).await?.try_get("id")?)
}

/// The listing's images in order (the first is the cover).
pub async fn add_images(conn: &mut AnyConnection, property_id: i64, references: &[String]) -> ApiResult<()> {
    for (position, reference) in references.iter().enumerate() {
        sqlx::query("INSERT INTO property_images (property_id, position, reference) VALUES ($1, $2, $3)")
            .bind(property_id)
            .bind(i32::try_from(position).unwrap_or(i32::MAX))
            .bind(reference.as_str())
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

pub async fn add_features(conn: &mut AnyConnection, property_id: i64, feature_ids: &[i64]) -> ApiResult<()> {
    for feature_id in feature_ids {
        sqlx::query("INSERT INTO property_feature_assignments (property_id, feature_id) VALUES ($1, $2)")
            .bind(property_id)
            .bind(feature_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The active features' ids.
pub async fn active_features(conn: &mut AnyConnection) -> ApiResult<Vec<i64>> {
    let rows =
        sqlx::query("SELECT id, is_active FROM property_features ORDER BY id").fetch_all(&mut *conn).await?;
    let mut ids = Vec::new();
    for row in &rows {
        if db::flag(row, "is_active")? {
            ids.push(row.try_get("id")?);
        }
    }
    Ok(ids)
}

pub async fn count(conn: &mut AnyConnection, table: &str) -> ApiResult<i64> {
    Ok(sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}")).fetch_one(&mut *conn).await?)
}

fn named(row: &sqlx::any::AnyRow, prefix: &str) -> Result<Named, sqlx::Error> {
    Ok(Named {
        id: row.try_get(format!("{prefix}_id").as_str())?,
        name_en: row.try_get(format!("{prefix}_en").as_str())?,
        name_ar: row.try_get(format!("{prefix}_ar").as_str())?,
    })
}

/// Categories, types, and every city with each of its regions (a city without regions once).
pub async fn catalog(conn: &mut AnyConnection) -> ApiResult<Catalog> {
    let mut lists: HashMap<&str, Vec<Named>> = HashMap::new();
    for table in ["categories", "property_types"] {
        let sql = format!("SELECT id AS x_id, name_en AS x_en, name_ar AS x_ar FROM {table} ORDER BY id");
        let rows = sqlx::query(&sql).fetch_all(&mut *conn).await?;
        lists.insert(table, rows.iter().map(|row| named(row, "x")).collect::<Result<_, _>>()?);
    }
    let rows = sqlx::query(
        "SELECT co.id AS country_id, co.name_en AS country_en, co.name_ar AS country_ar, co.code, \
         ci.id AS city_id, ci.name_en AS city_en, ci.name_ar AS city_ar, \
         r.id AS region_id, r.name_en AS region_en, r.name_ar AS region_ar \
         FROM cities ci JOIN countries co ON co.id = ci.country_id \
         LEFT JOIN regions r ON r.city_id = ci.id ORDER BY ci.id, r.id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut spots = Vec::with_capacity(rows.len());
    for row in &rows {
        let region_id: Option<i64> = row.try_get("region_id")?;
        spots.push(Spot {
            country: named(row, "country")?,
            country_code: row.try_get("code")?,
            city: named(row, "city")?,
            region: region_id.map(|_| named(row, "region")).transpose()?,
        });
    }
    Ok(Catalog {
        categories: lists.remove("categories").unwrap_or_default(),
        types: lists.remove("property_types").unwrap_or_default(),
        spots,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_numbers_its_parameters_row_after_row() {
        let sqlite = insert_sql(2, Dialect::Sqlite);
        assert_eq!(sqlite.matches('?').count(), 2 * COLUMNS.len());
        assert!(!sqlite.contains('$'));
        let sql = insert_sql(2, Dialect::Postgres);
        assert!(sql.starts_with("INSERT INTO properties (property_number, title_en,"));
        assert!(sql.contains("($1, $2,"));
        assert!(sql.contains(&format!("${}), (${}, ", COLUMNS.len(), COLUMNS.len() + 1)));
        assert!(sql.ends_with(&format!("${})", 2 * COLUMNS.len())));
        assert!(ROWS_PER_STATEMENT * COLUMNS.len() <= 32_766);
    }
}
