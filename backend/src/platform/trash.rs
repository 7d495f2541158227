//! The trash (issue 24, ADR 0022): a delete copies the record's rows, and the rows of what
//! belongs to it, into one `trash` entry and then really deletes them, so every list, count,
//! public read and unique value is as if the record were gone. A restore puts the very rows
//! back, with their ids, in one transaction; a purge, or the periodic sweep after
//! `AQAR_TRASH_DAYS`, drops the entry. Each move is a row of the history.
//!
//! This is the mechanism only: which tables a record spans, what a restore must check and
//! what it must redo are the areas' own ([`Part`], [`Checks`]); the rows are copied as JSON,
//! column by column, by the database itself, so no area's columns are known here.

use rand::RngCore;
use rocket::http::{Header, Status};
use rocket::response::{self, Responder};
use rocket::{Request, Response};
use serde::Serialize;
use serde_json::{json, Map, Value};
use sqlx::{AnyConnection, AnyPool, Row};

use crate::platform::audit::{self, Action, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};
use rules::FieldErrors;

/// The response header that names the batch a delete moved its records to the trash in.
pub const BATCH_HEADER: &str = "X-Trash-Batch";

/// One table of what a record spans: its rows whose `key` column holds the record's id.
#[derive(Debug, Clone, Copy)]
pub struct Part {
    pub table: &'static str,
    pub key: &'static str,
    /// `(column, table)`: a row comes back only while the row it names there exists (a
    /// listing's feature assignment whose feature went to the trash meanwhile stays out).
    pub only_if: Option<(&'static str, &'static str)>,
}

impl Part {
    /// The record's own row.
    pub const fn record(table: &'static str) -> Part {
        Part { table, key: "id", only_if: None }
    }
}

/// A reference of the record's row that must still lead somewhere for it to come back:
/// otherwise 409 with the rules' `message` under the API's `field`.
#[derive(Debug, Clone, Copy)]
pub struct Reference {
    pub column: &'static str,
    pub table: &'static str,
    pub field: &'static str,
    pub message: &'static str,
}

/// The unique value of a record (a country's code, a username): when it has been taken
/// meanwhile, the restore answers 409 with `message` (from the record as answered) under `field`.
#[derive(Debug, Clone, Copy)]
pub struct Unique {
    pub field: &'static str,
    pub message: fn(&Map<String, Value>) -> String,
}

/// A reference that comes back empty when what it named is gone, as `ON DELETE SET NULL`
/// would have left it had the record not been in the trash (a lead's assignee, a note's
/// author, a listing's agent): `column` of the rows of `table`, naming an id of `target`.
#[derive(Debug, Clone, Copy)]
pub struct Cleared {
    pub table: &'static str,
    pub column: &'static str,
    pub target: &'static str,
}

/// What a restore of one kind of record checks first, and which references it lets go.
#[derive(Debug, Clone, Copy, Default)]
pub struct Checks {
    pub references: &'static [Reference],
    pub unique: Option<Unique>,
    pub cleared: &'static [Cleared],
}

/// A fresh batch id: 32 hexadecimal digits.
pub fn new_batch() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// The answer of a delete: 204, with the batch to undo it by in [`BATCH_HEADER`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trashed(pub String);

impl<'r> Responder<'r, 'static> for Trashed {
    fn respond_to(self, _request: &'r Request<'_>) -> response::Result<'static> {
        Response::build().status(Status::NoContent).header(Header::new(BATCH_HEADER, self.0)).ok()
    }
}

fn is_postgres(conn: &AnyConnection) -> bool {
    crate::platform::db::Dialect::of_connection(conn) == crate::platform::db::Dialect::Postgres
}

/// Table and column names come from the areas' constants and from entries those wrote; this
/// keeps anything else out of the SQL they are put into.
fn identifier(name: &str) -> ApiResult<&str> {
    if !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
        Ok(name)
    } else {
        Err(ApiError::internal(format!("not a table or column name: {name}")))
    }
}

/// Most columns a SQLite function call is given at once (its limit is 127 arguments).
const COLUMNS_PER_OBJECT: usize = 50;

/// The rows of `table` whose `key` is `id`, each as a JSON object of column → value.
async fn rows_of(conn: &mut AnyConnection, table: &str, key: &str, id: i64) -> ApiResult<Vec<Value>> {
    let (table, key) = (identifier(table)?, identifier(key)?);
    if is_postgres(conn) {
        let sql = format!("SELECT row_to_json(t)::text FROM {table} t WHERE {key} = $1");
        let texts: Vec<String> = sqlx::query_scalar(&sql).bind(id).fetch_all(&mut *conn).await?;
        return texts.iter().map(|text| serde_json::from_str(text).map_err(ApiError::internal)).collect();
    }
    let sql = format!("SELECT name FROM pragma_table_info('{table}') ORDER BY cid");
    let columns: Vec<String> = sqlx::query_scalar(&sql).fetch_all(&mut *conn).await?;
    let objects: Vec<String> = columns
        .chunks(COLUMNS_PER_OBJECT)
        .map(|chunk| {
            let pairs: Vec<String> = chunk.iter().map(|column| format!("'{column}', {column}")).collect();
            format!("json_object({})", pairs.join(", "))
        })
        .collect();
    let sql = format!("SELECT {} FROM {table} WHERE {key} = $1", objects.join(", "));
    let rows = sqlx::query(&sql).bind(id).fetch_all(&mut *conn).await?;
    rows.iter()
        .map(|row| {
            let mut whole = Map::new();
            for index in 0..objects.len() {
                let text: String = row.try_get(index)?;
                if let Value::Object(part) =
                    serde_json::from_str::<Value>(&text).map_err(ApiError::internal)?
                {
                    whole.extend(part);
                }
            }
            Ok(Value::Object(whole))
        })
        .collect()
}

/// Writes `rows` (as [`rows_of`] read them) back into `table`, ids and all.
async fn put_back(
    conn: &mut AnyConnection,
    table: &str,
    rows: &[Value],
    only_if: Option<(&str, &str)>,
    cleared: &[Cleared],
) -> Result<(), ApiError> {
    let Some(Value::Object(first)) = rows.first() else { return Ok(()) };
    let table = identifier(table)?;
    let columns = first.keys().map(|column| identifier(column)).collect::<ApiResult<Vec<&str>>>()?;
    let postgres = is_postgres(conn);
    let value_of = |column: &str| {
        if postgres {
            format!("r.{column}")
        } else {
            format!("json_extract(r.value, '$.{column}')")
        }
    };
    let source = if postgres {
        format!("json_populate_recordset(NULL::{table}, $1::json) r")
    } else {
        "json_each($1) r".to_owned()
    };
    let condition = match only_if {
        Some((column, parent)) => format!(
            " WHERE EXISTS (SELECT 1 FROM {} p WHERE p.id = {})",
            identifier(parent)?,
            value_of(identifier(column)?)
        ),
        None => String::new(),
    };
    let values = columns
        .iter()
        .map(|column| match cleared.iter().find(|c| c.table == table && c.column == *column) {
            Some(c) => Ok(format!(
                "(SELECT t.id FROM {} t WHERE t.id = {})",
                identifier(c.target)?,
                value_of(column)
            )),
            None => Ok(value_of(column)),
        })
        .collect::<ApiResult<Vec<String>>>()?;
    let sql = format!(
        "INSERT INTO {table} ({}) SELECT {} FROM {source}{condition}",
        columns.join(", "),
        values.join(", ")
    );
    let text = serde_json::to_string(rows).map_err(ApiError::internal)?;
    sqlx::query(&sql).bind(text).execute(&mut *conn).await.map_err(ApiError::from)?;
    Ok(())
}

/// Moves the record `id` of `entity` (answered as `record`) to the trash under `batch`, in
/// the caller's transaction: the rows of every part are kept in the entry, then deleted
/// (the dependants first), and the history records the delete with every field it had.
/// `parts` starts with the record's own table. The caller has checked that it may go.
pub async fn discard(
    conn: &mut AnyConnection,
    actor: &Actor,
    entity: Entity,
    id: i64,
    record: &impl Serialize,
    parts: &[Part],
    batch: &str,
) -> ApiResult<()> {
    let mut kept = Vec::with_capacity(parts.len());
    for part in parts {
        let rows = rows_of(conn, part.table, part.key, id).await?;
        kept.push(json!({ "table": part.table, "onlyIf": part.only_if, "rows": rows }));
    }
    for part in parts.iter().rev() {
        let sql = format!("DELETE FROM {} WHERE {} = $1", identifier(part.table)?, identifier(part.key)?);
        sqlx::query(&sql).bind(id).execute(&mut *conn).await?;
    }
    let name = audit::label(record)?.unwrap_or_else(|| format!("#{id}"));
    let answered = serde_json::to_string(record).map_err(ApiError::internal)?;
    let rows = serde_json::to_string(&kept).map_err(ApiError::internal)?;
    sqlx::query(
        "INSERT INTO trash (entity, record_id, name, search_text, deleted_by_id, deleted_by, deleted_at, \
         batch, record, kept_rows) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(entity.value())
    .bind(id)
    .bind(&name)
    .bind(rules::fold::fold(&name))
    .bind(actor.user_id)
    .bind(actor.username.as_deref())
    .bind(clock::now_text())
    .bind(batch)
    .bind(answered)
    .bind(rows)
    .execute(&mut *conn)
    .await?;
    audit::deleted(conn, actor, entity, id, record).await
}

/// [`discard`] under a batch of its own: a single delete, answered with its batch.
pub async fn discard_alone(
    conn: &mut AnyConnection,
    actor: &Actor,
    entity: Entity,
    id: i64,
    record: &impl Serialize,
    parts: &[Part],
) -> ApiResult<Trashed> {
    let batch = new_batch();
    discard(conn, actor, entity, id, record, parts, &batch).await?;
    Ok(Trashed(batch))
}

/// Who moved an entry to the trash, and in which batch; `None` when it is not there.
pub async fn deleted_by(
    conn: &mut AnyConnection,
    entity: Entity,
    id: i64,
) -> ApiResult<Option<(Option<i64>, String)>> {
    let row = sqlx::query("SELECT deleted_by_id, batch FROM trash WHERE entity = $1 AND record_id = $2")
        .bind(entity.value())
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(row.map(|row| Ok::<_, sqlx::Error>((row.try_get(0)?, row.try_get(1)?))).transpose()?)
}

/// The entries of a batch, in the order they were deleted: entity, record id and who deleted it.
pub async fn batch_entries(
    conn: &mut AnyConnection,
    batch: &str,
) -> ApiResult<Vec<(Entity, i64, Option<i64>)>> {
    let rows = sqlx::query("SELECT entity, record_id, deleted_by_id FROM trash WHERE batch = $1 ORDER BY id")
        .bind(batch)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter()
        .map(|row| {
            let name: String = row.try_get(0)?;
            let entity = Entity::parse(&name)
                .ok_or_else(|| ApiError::internal(format!("an unknown entity in the trash: {name}")))?;
            Ok((entity, row.try_get(1)?, row.try_get(2)?))
        })
        .collect()
}

fn refused(field: &'static str, message: String) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add(field, message.clone());
    ApiError { errors: Some(errors), ..ApiError::conflict(message) }
}

/// Puts the record `id` of `entity` back from the trash, in the caller's transaction, and
/// records the restore in the history; answers the record as it was answered when deleted.
/// 404 when it is not in the trash; 409 naming the field when a reference of `checks` leads
/// nowhere or its unique value has been taken meanwhile.
pub async fn restore(
    conn: &mut AnyConnection,
    actor: &Actor,
    entity: Entity,
    id: i64,
    checks: &Checks,
) -> ApiResult<Map<String, Value>> {
    // Deleting the entry first claims it: a restore running beside this one finds nothing.
    let row =
        sqlx::query("DELETE FROM trash WHERE entity = $1 AND record_id = $2 RETURNING record, kept_rows")
            .bind(entity.value())
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
            .ok_or_else(|| ApiError::not_found(rules::messages::TRASH_ENTRY_NOT_FOUND))?;
    let (record, rows): (String, String) = (row.try_get(0)?, row.try_get(1)?);
    let Value::Object(record) = serde_json::from_str::<Value>(&record).map_err(ApiError::internal)? else {
        return Err(ApiError::internal("a trashed record is not an object"));
    };
    let Value::Array(parts) = serde_json::from_str::<Value>(&rows).map_err(ApiError::internal)? else {
        return Err(ApiError::internal("a trash entry's rows are not a list"));
    };
    if let Some(own) = parts.first().and_then(|part| part["rows"].get(0)) {
        for reference in checks.references {
            if let Some(target) = own.get(reference.column).and_then(Value::as_i64) {
                let sql = format!("SELECT 1 FROM {} WHERE id = $1", identifier(reference.table)?);
                if sqlx::query(&sql).bind(target).fetch_optional(&mut *conn).await?.is_none() {
                    return Err(refused(reference.field, reference.message.to_owned()));
                }
            }
        }
    }
    for part in &parts {
        let table = part["table"].as_str().unwrap_or_default();
        let only_if = match &part["onlyIf"] {
            Value::Array(pair) => {
                pair.first().and_then(Value::as_str).zip(pair.get(1).and_then(Value::as_str))
            }
            _ => None,
        };
        let rows = part["rows"].as_array().map(Vec::as_slice).unwrap_or_default();
        if let Err(error) = put_back(conn, table, rows, only_if, checks.cleared).await {
            let taken = error.status == Status::Conflict && error.message == rules::messages::DUPLICATE_VALUE;
            return Err(match checks.unique {
                Some(unique) if taken => refused(unique.field, (unique.message)(&record)),
                _ => error,
            });
        }
    }
    audit::restored(conn, actor, entity, id, &Value::Object(record.clone())).await?;
    Ok(record)
}

/// Drops the entry of record `id` of `entity` for good, recorded in the history; 404 when
/// it is not in the trash.
pub async fn purge(conn: &mut AnyConnection, actor: &Actor, entity: Entity, id: i64) -> ApiResult<()> {
    let name: Option<String> =
        sqlx::query_scalar("DELETE FROM trash WHERE entity = $1 AND record_id = $2 RETURNING name")
            .bind(entity.value())
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
    let name = name.ok_or_else(|| ApiError::not_found(rules::messages::TRASH_ENTRY_NOT_FOUND))?;
    audit::insert(conn, actor, entity, id, Action::Purge, Some(name), &[]).await
}

/// The periodic purge: drops every entry deleted more than `days` days before `now` (epoch
/// seconds), each recorded in the history as purged by no one; answers how many went.
pub async fn prune(db: &AnyPool, days: i64, now: i64) -> ApiResult<u64> {
    let cutoff = clock::text_of(now - days * 24 * 60 * 60);
    let mut tx = db::begin_write(db).await?;
    let rows = sqlx::query("DELETE FROM trash WHERE deleted_at < $1 RETURNING entity, record_id, name")
        .bind(cutoff)
        .fetch_all(&mut *tx)
        .await?;
    for row in &rows {
        let name: String = row.try_get(0)?;
        let Some(entity) = Entity::parse(&name) else { continue };
        audit::insert(
            &mut tx,
            &Actor::system(),
            entity,
            row.try_get(1)?,
            Action::Purge,
            row.try_get(2)?,
            &[],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(rows.len() as u64)
}
