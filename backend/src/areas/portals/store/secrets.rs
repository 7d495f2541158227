//! SQL for the portal_secrets table: the secret each portal signs its webhook calls with.
//! It is written, read by the webhooks, and never answered.

use rules::portals::MappingPortal;
use sqlx::{AnyConnection, AnyPool};

use crate::platform::db::{self, clock};
use crate::platform::http::error::ApiResult;

/// Sets `portal`'s secret, or with `None` clears it.
pub async fn set(db: &AnyPool, portal: MappingPortal, secret: Option<&str>) -> ApiResult<()> {
    let mut tx = db::begin_write(db).await?;
    sqlx::query("DELETE FROM portal_secrets WHERE portal = $1")
        .bind(portal.value())
        .execute(&mut *tx)
        .await?;
    if let Some(secret) = secret {
        sqlx::query("INSERT INTO portal_secrets (portal, secret, updated_at) VALUES ($1, $2, $3)")
            .bind(portal.value())
            .bind(secret)
            .bind(clock::now_text())
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// `portal`'s secret, if one is set.
pub async fn get(conn: &mut AnyConnection, portal: MappingPortal) -> ApiResult<Option<String>> {
    Ok(sqlx::query_scalar("SELECT secret FROM portal_secrets WHERE portal = $1")
        .bind(portal.value())
        .fetch_optional(&mut *conn)
        .await?)
}

/// The portals that have a secret.
pub async fn set_for(db: &AnyPool) -> ApiResult<Vec<MappingPortal>> {
    let names: Vec<String> = sqlx::query_scalar("SELECT portal FROM portal_secrets").fetch_all(db).await?;
    Ok(names.iter().filter_map(|name| MappingPortal::from_value(name)).collect())
}
