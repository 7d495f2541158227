//! SQL for the feed_tokens table: the secret part of each feed's address, one live token a
//! feed. A new token sends the old one to the trash, from which it can be made live again
//! while the feed has no other.

use rand::RngCore;
use rules::portals::MappingPortal;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

use super::super::tokens::Recorded;
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::trash::{self, Checks, Part, Trashed, Unique};

const COLUMNS: &str = "id, feed, token, created_at, created_by";

pub const NOT_FOUND: &str = rules::messages::FEED_TOKEN_NOT_FOUND;

/// A restore while the feed has a newer token is refused, naming the feed.
pub const RESTORE_CHECKS: Checks = Checks {
    references: &[],
    unique: Some(Unique { field: "feed", message: |_| rules::messages::FEED_TOKEN_TAKEN.to_owned() }),
    cleared: &[],
};

const PARTS: [Part; 1] = [Part::record("feed_tokens")];

/// A token's row, before the panel's address makes it an answer.
pub struct TokenRow {
    pub id: i64,
    pub feed: MappingPortal,
    pub token: String,
    pub created_at: String,
    pub created_by: Option<String>,
}

fn from_row(row: &AnyRow) -> Result<TokenRow, sqlx::Error> {
    let feed: String = row.try_get("feed")?;
    Ok(TokenRow {
        id: row.try_get("id")?,
        feed: MappingPortal::from_value(&feed)
            .ok_or_else(|| sqlx::Error::Decode(format!("unexpected stored feed '{feed}'").into()))?,
        token: row.try_get("token")?,
        created_at: row.try_get("created_at")?,
        created_by: row.try_get("created_by")?,
    })
}

/// A fresh token: 32 random bytes, in hexadecimal.
fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// The live tokens, by feed.
pub async fn list(db: &AnyPool) -> ApiResult<Vec<TokenRow>> {
    let sql = format!("SELECT {COLUMNS} FROM feed_tokens ORDER BY feed");
    let rows = sqlx::query(&sql).fetch_all(db).await?;
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

async fn find(conn: &mut AnyConnection, id: i64) -> ApiResult<Option<TokenRow>> {
    let sql = format!("SELECT {COLUMNS} FROM feed_tokens WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(&mut *conn).await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

/// The token `id` as its history records it (never the token itself).
pub async fn current(db: &AnyPool, id: i64) -> ApiResult<Option<Recorded>> {
    Ok(find(&mut *db.acquire().await?, id).await?.as_ref().map(Recorded::of))
}

/// Whether `token` is the live token of `feed`.
pub async fn is_live(conn: &mut AnyConnection, feed: MappingPortal, token: &str) -> ApiResult<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM feed_tokens WHERE feed = $1 AND token = $2")
        .bind(feed.value())
        .bind(token)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(found.is_some())
}

/// A new token for `feed`; the feed's live token, if any, goes to the trash in the same
/// transaction (and batch of the history).
pub async fn create(db: &AnyPool, actor: &Actor, feed: MappingPortal) -> ApiResult<TokenRow> {
    let mut tx = db::begin_write(db).await?;
    let sql = format!("SELECT {COLUMNS} FROM feed_tokens WHERE feed = $1");
    let old = sqlx::query(&sql).bind(feed.value()).fetch_optional(&mut *tx).await?;
    if let Some(old) = old.as_ref().map(from_row).transpose()? {
        db::lock_row(&mut tx, "feed_tokens", old.id).await?;
        let batch = trash::new_batch();
        trash::discard(&mut tx, actor, Entity::FeedToken, old.id, &Recorded::of(&old), &PARTS, &batch)
            .await?;
    }
    let sql = format!(
        "INSERT INTO feed_tokens (feed, token, created_at, created_by) VALUES ($1, $2, $3, $4) RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(feed.value())
        .bind(new_token())
        .bind(clock::now_text())
        .bind(actor.username.as_deref())
        .fetch_one(&mut *tx)
        .await?;
    let created = from_row(&row)?;
    audit::created(&mut tx, actor, Entity::FeedToken, created.id, &Recorded::of(&created)).await?;
    tx.commit().await?;
    Ok(created)
}

/// Revokes the token `id`: to the trash, from which a restore makes it live again.
pub async fn delete(db: &AnyPool, actor: &Actor, id: i64) -> ApiResult<Trashed> {
    let mut tx = db::begin_write(db).await?;
    db::lock_row(&mut tx, "feed_tokens", id).await?;
    let token = find(&mut tx, id).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let trashed =
        trash::discard_alone(&mut tx, actor, Entity::FeedToken, id, &Recorded::of(&token), &PARTS).await?;
    tx.commit().await?;
    Ok(trashed)
}
