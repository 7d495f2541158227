//! The trash screen and its calls (issue 24, ADR 0022): administrators list what was
//! deleted, restore it one record or one batch at a time, and purge it; whoever deleted a
//! record may restore it too, which is what a delete toast's Undo does, unless it is a kind
//! only administrators may create (issue 37: a restore never gives back rights one no longer
//! has). The moving of rows is `platform::trash`'s; what each kind of record checks and
//! redoes on its way back is its own area's, gathered here.

pub mod store;

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{delete, get, post, FromForm, State};
use schemars::JsonSchema;
use serde::Serialize;
use sqlx::AnyConnection;

use crate::areas::catalog::locations::store as locations;
use crate::areas::notifications::Outbox;
use crate::areas::{contacts, portals, properties, site, users};
use crate::endpoint;
use crate::platform::audit::{Actor, Entity};
use crate::platform::auth::user::User;
use crate::platform::auth::{AdminUser, CurrentUser};
use crate::platform::db::{self, Db};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::query::{single, whole_number, Listed};
use crate::platform::openapi::{Doc, Endpoint};
use crate::platform::trash::{self, Checks};
use rules::messages::{ADMINS_ONLY, RESTORE_NOT_ALLOWED, TRASH_ENTRY_NOT_FOUND};

pub const DEFAULT_PAGE_SIZE: i64 = 20;
pub const MAX_PAGE_SIZE: i64 = 100;

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            list,
            Doc::new(
                "What is in the trash, the latest deleted first, one page at a time (page from 1, \
                 pageSize up to 100, default 20); entity narrows it to one kind of record, q searches \
                 the names"
            )
            .query("entity", serde_json::json!({ "type": "string", "enum": Entity::NAMES }))
            .query("q", serde_json::json!({ "type": "string" }))
            .query("page", serde_json::json!({ "type": "integer", "format": "int32", "minimum": 1 }))
            .query(
                "pageSize",
                serde_json::json!({ "type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE })
            )
            .header("X-Total-Count", "How many entries match, over all pages")
            .responds::<Vec<TrashEntry>>()
        ),
        endpoint!(
            restore,
            Doc::new(
                "Puts a record back from the trash, with what belonged to it, under its id; for \
                 administrators and for whoever deleted it, except a user account, which only an \
                 administrator restores (403). 409 naming the field when its unique value was taken \
                 meanwhile or a record it refers to is gone. An open lead whose assignee is no longer \
                 an active user is routed like a new one"
            )
            .status(200)
            .fails(&[403, 404, 409])
            .responds::<Restored>()
        ),
        endpoint!(
            restore_batch,
            Doc::new(
                "Puts back everything one action moved to the trash (the batch a delete answers in \
                 X-Trash-Batch), in one transaction; for administrators and for whoever deleted it, \
                 except user accounts, which only an administrator restores (403)"
            )
            .status(200)
            .fails(&[403, 404, 409])
            .responds::<Restored>()
        ),
        endpoint!(purge, Doc::new("Drops a record from the trash for good").status(204).fails(&[404])),
    ]
}

/// One record in the trash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrashEntry {
    /// The kind of record, by the history's name.
    pub entity: Entity,
    /// Its id, which it keeps when restored.
    pub id: i64,
    /// Its display name when it was deleted.
    pub name: String,
    /// The username of who deleted it.
    pub deleted_by: Option<String>,
    /// When, RFC 3339 UTC.
    pub deleted_at: String,
    /// The action it was deleted in: restore the whole batch at once.
    pub batch: String,
}

/// What a restore put back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Restored {
    /// How many records came back.
    pub restored: i64,
}

/// Which entries a trash page holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    pub entity: Option<Entity>,
    /// The folded search text; `None` when absent or blank.
    pub search: Option<String>,
}

#[derive(FromForm, Default)]
pub struct TrashQuery<'r> {
    entity: Vec<&'r str>,
    q: Vec<&'r str>,
    page: Vec<&'r str>,
    #[field(name = "pageSize")]
    page_size: Vec<&'r str>,
}

impl TrashQuery<'_> {
    fn parse(&self) -> ApiResult<(Filter, i64, i64)> {
        let entity = match single(&self.entity, "entity")? {
            None => None,
            Some(name) => Some(Entity::parse(name).ok_or_else(|| {
                ApiError::bad_request(format!("entity must be one of {}", Entity::NAMES.join(", ")))
            })?),
        };
        let search = single(&self.q, "q")?.map(rules::fold::fold).filter(|text| !text.trim().is_empty());
        let page =
            whole_number(&self.page, "page", 1, i64::from(i32::MAX), "a whole number from 1")?.unwrap_or(1);
        let size =
            whole_number(&self.page_size, "pageSize", 1, MAX_PAGE_SIZE, "a whole number from 1 to 100")?
                .unwrap_or(DEFAULT_PAGE_SIZE);
        Ok((Filter { entity, search }, page, size))
    }
}

/// What a kind of record checks before it comes back.
fn checks(entity: Entity) -> Checks {
    match entity {
        Entity::Property => properties::store::RESTORE_CHECKS,
        Entity::Country => locations::COUNTRY_RESTORE,
        Entity::City => locations::CITY_RESTORE,
        Entity::Region => locations::REGION_RESTORE,
        Entity::User => users::store::RESTORE_CHECKS,
        Entity::HeroImage => site::hero_images::RESTORE_CHECKS,
        Entity::ContactRequest => contacts::store::RESTORE_CHECKS,
        Entity::PortalMapping => portals::store::mappings::RESTORE_CHECKS,
        Entity::FeedToken => portals::store::tokens::RESTORE_CHECKS,
        _ => Checks::default(),
    }
}

/// Puts one record back and redoes what its area keeps beside its rows; true when a lead
/// routed anew made an e-mail due.
async fn restore_one(
    conn: &mut AnyConnection,
    outbox: &Outbox,
    actor: &Actor,
    entity: Entity,
    id: i64,
) -> ApiResult<bool> {
    let record = trash::restore(conn, actor, entity, id, &checks(entity)).await?;
    match entity {
        Entity::ContactRequest => contacts::leads::handover::restored(conn, outbox, actor, id, &record).await,
        Entity::PortalMapping => portals::store::mappings::restored(conn, id).await.map(|()| false),
        _ => Ok(false),
    }
}

/// Whether only administrators may create a kind of record, by its area's create route (an
/// `AdminUser` guard). Restoring one creates it again, so it needs an admin at the time of
/// the restore, whoever deleted it: otherwise an admin demoted since could bring back an
/// admin account she had made and deleted (issue 37). Every kind is named, so a new one is
/// decided on rather than defaulted.
fn admins_only(entity: Entity) -> bool {
    match entity {
        // The portals' mappings and feed addresses are administrators' settings (issue 41).
        Entity::User | Entity::PortalMapping | Entity::FeedToken => true,
        // Any signed-in user creates these (`CurrentUser` on their create routes). Settings
        // and the values section's settings are one row that is saved, never deleted; a lead
        // note goes to the trash only with its request.
        Entity::Category
        | Entity::PropertyType
        | Entity::Country
        | Entity::City
        | Entity::Region
        | Entity::PropertyFeature
        | Entity::Property
        | Entity::ContactRequest
        | Entity::Settings
        | Entity::TeamMember
        | Entity::Service
        | Entity::ProcessStep
        | Entity::Testimonial
        | Entity::HeroImage
        | Entity::AboutSection
        | Entity::CompanyValue
        | Entity::ValuesSectionSettings
        | Entity::LeadNote => false,
    }
}

/// Administrators restore anything; anyone else what they deleted themselves (their Undo),
/// unless only administrators may create it: 403 otherwise.
fn may_restore(user: &User, entity: Entity, deleted_by: Option<i64>) -> ApiResult<()> {
    if user.is_admin() {
        Ok(())
    } else if admins_only(entity) {
        Err(ApiError::forbidden(ADMINS_ONLY))
    } else if deleted_by == Some(user.id) {
        Ok(())
    } else {
        Err(ApiError::forbidden(RESTORE_NOT_ALLOWED))
    }
}

fn entity_of(name: &str) -> ApiResult<Entity> {
    Entity::parse(name).ok_or_else(|| ApiError::not_found(TRASH_ENTRY_NOT_FOUND))
}

#[get("/trash?<query..>")]
async fn list(query: TrashQuery<'_>, _admin: AdminUser, db: &Db) -> ApiResult<Listed<Json<Vec<TrashEntry>>>> {
    let (filter, page, size) = query.parse()?;
    let (entries, total) = store::page(db.pool(), &filter, page, size).await?;
    Ok(Listed(Json(entries), Some(total)))
}

#[post("/trash/<entity>/<id>/restore", rank = 2)]
async fn restore(
    entity: &str,
    id: i64,
    user: CurrentUser,
    db: &Db,
    outbox: &State<Outbox>,
) -> ApiResult<Json<Restored>> {
    let entity = entity_of(entity)?;
    let mut tx = db::begin_write(db.pool()).await?;
    let (deleted_by, _) = trash::deleted_by(&mut tx, entity, id)
        .await?
        .ok_or_else(|| ApiError::not_found(TRASH_ENTRY_NOT_FOUND))?;
    may_restore(&user.0, entity, deleted_by)?;
    let mails = restore_one(&mut tx, outbox, &Actor::from(&user), entity, id).await?;
    tx.commit().await?;
    if mails {
        outbox.wake(db.pool());
    }
    Ok(Json(Restored { restored: 1 }))
}

#[post("/trash/batches/<batch>/restore")]
async fn restore_batch(
    batch: &str,
    user: CurrentUser,
    db: &Db,
    outbox: &State<Outbox>,
) -> ApiResult<Json<Restored>> {
    let mut tx = db::begin_write(db.pool()).await?;
    let entries = trash::batch_entries(&mut tx, batch).await?;
    if entries.is_empty() {
        return Err(ApiError::not_found(TRASH_ENTRY_NOT_FOUND));
    }
    for (entity, _, deleted_by) in &entries {
        may_restore(&user.0, *entity, *deleted_by)?;
    }
    let actor = Actor::from(&user);
    let mut mails = false;
    for (entity, id, _) in &entries {
        mails |= restore_one(&mut tx, outbox, &actor, *entity, *id).await?;
    }
    tx.commit().await?;
    if mails {
        outbox.wake(db.pool());
    }
    Ok(Json(Restored { restored: entries.len() as i64 }))
}

#[delete("/trash/<entity>/<id>")]
async fn purge(entity: &str, id: i64, admin: AdminUser, db: &Db) -> ApiResult<Status> {
    let entity = entity_of(entity)?;
    let mut tx = db::begin_write(db.pool()).await?;
    trash::purge(&mut tx, &Actor::from(&admin), entity, id).await?;
    tx.commit().await?;
    Ok(Status::NoContent)
}
