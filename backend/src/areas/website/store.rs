//! The website's SQL: the revisions its kept pages are checked against.

use sqlx::{AnyPool, Row};

use super::cache::Revisions;
use crate::platform::http::error::ApiResult;

/// The listings' revision and the site content's (migrations 0008 and 0029), in one read.
pub async fn revisions(db: &AnyPool) -> ApiResult<Revisions> {
    let rows = sqlx::query("SELECT name, value FROM revisions WHERE name IN ('properties', 'site')")
        .fetch_all(db)
        .await?;
    let mut revisions = (0, 0);
    for row in &rows {
        let name: String = row.try_get(0)?;
        let value: i64 = row.try_get(1)?;
        match name.as_str() {
            "properties" => revisions.0 = value,
            _ => revisions.1 = value,
        }
    }
    Ok(revisions)
}

/// When the site content last changed, for the sitemap's pages.
pub async fn content_changed(db: &AnyPool) -> ApiResult<Option<String>> {
    let sql = "SELECT MAX(t) FROM (\
               SELECT MAX(updated_at) AS t FROM hero_images \
               UNION ALL SELECT MAX(updated_at) FROM team_members \
               UNION ALL SELECT MAX(updated_at) FROM services \
               UNION ALL SELECT MAX(updated_at) FROM about_sections \
               UNION ALL SELECT MAX(updated_at) FROM settings) AS changes";
    Ok(sqlx::query_scalar(sql).fetch_one(db).await?)
}
