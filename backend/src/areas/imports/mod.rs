//! Listings imported from a spreadsheet (issue 25, docs/adr/0020): upload, check every row
//! through the form's rules, write the valid rows in the background in resumable batches,
//! and hand back the rejected rows as a file to fix. The agreed shapes are in the issue's
//! API note; `rows` reads a row, `sheet` a file, `commit` writes, `store` holds the SQL.

mod catalog_records;
mod check;
mod commit;
mod rejected;
pub mod rows;
pub mod sheet;
pub mod store;
mod upload;

pub use commit::{resumer, LEASE_SECS};

use rocket::http::Status;
use rocket::serde::json::Json;
use rocket::{get, post, put};
use rules::language::Language;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;

use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::user::User;
use crate::platform::auth::AnswerLanguage;
use crate::platform::auth::CurrentUser;
use crate::platform::db::Db;
use crate::platform::http::download::Download;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::Payload;
use crate::platform::jobs::BoxFuture;
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            upload_file,
            Doc::new(
                "Uploads a spreadsheet of listings (multipart field 'file': .xlsx, .xls, .ods, or .csv \
                 in UTF-8 with or without BOM), at most 20 MB (over it: 413) and 50,000 data rows \
                 (over it: 422), whose rows take at most 10 times its size (over it: 422); answers its \
                 columns, the suggested mapping and the first rows. Kept 7 days, and only its uploader and \
                 the admins see it. A user holds at most 3 unfinished imports: a newer upload replaces the \
                 oldest not being written, and is refused with 409 while all 3 are being written"
            )
            .takes_media("multipart/form-data", upload::form_schema)
            .responds::<Uploaded>()
            .status(201)
            .fails(&[409, 413, 422])
        ),
        endpoint!(
            check_rows,
            Doc::new(
                "Checks every row of an import through the property form's rules, with the mapping and \
                 mode given; answers the counts and the first 100 failing cells. 422 when the mapping \
                 cannot be used, 409 once the import is being written"
            )
            .takes::<CheckBody>()
            .responds::<CheckOutcome>()
            .fails(&[409])
        ),
        endpoint!(
            rejected_rows,
            Doc::new(
                "The rows the last check refused, as .xlsx: the file's columns and a column of messages"
            )
            .responds_media(rejected::XLSX, rejected::schema)
        ),
        endpoint!(
            commit_rows,
            Doc::new(
                "Writes the import's valid rows in the background, in batches, and answers at once (202) \
                 with its state; committing again never writes a row twice. 409 before a check"
            )
            .responds::<ImportState>()
            .status(202)
            .fails(&[409])
        ),
        endpoint!(
            import_state,
            Doc::new("An import's state: its progress and outcome").responds::<ImportState>()
        ),
    ]
}

/// `POST /api/imports/properties`' answer.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Uploaded {
    pub id: i64,
    pub file_name: String,
    pub row_count: i64,
    /// The header row's texts.
    pub columns: Vec<String>,
    /// One per column: a column key, or null to ignore the column.
    pub suggested_mapping: Vec<Option<String>>,
    /// The first 5 data rows, as text.
    pub sample_rows: Vec<Vec<String>>,
    /// Every field a column can be mapped to.
    pub fields: Vec<Field>,
}

/// A field a column can be mapped to.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Field {
    pub key: String,
    /// In the user's language.
    pub label: String,
    pub required: bool,
}

/// `PUT /api/imports/{id}`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckBody {
    /// One per column of the file: a column key, or null to ignore it.
    pub mapping: Vec<Option<String>>,
    pub mode: rules::imports::ImportMode,
    #[serde(default)]
    pub create_missing_catalog: bool,
}

impl rules::Validate for CheckBody {
    fn validate(&self) -> Result<(), rules::FieldErrors> {
        Ok(())
    }
}

/// `PUT /api/imports/{id}`'s answer.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckOutcome {
    pub valid: i64,
    pub invalid: i64,
    pub will_create: i64,
    pub will_update: i64,
    /// The first 100 failing cells.
    pub errors: Vec<RowError>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct RowError {
    /// The spreadsheet's row number, the header being 1.
    pub row: i64,
    /// The column key.
    pub field: String,
    pub message: String,
}

/// An import's state.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportState {
    pub id: i64,
    pub file_name: String,
    /// uploaded, checked, committing, done or failed.
    pub status: String,
    /// create or create-or-update, once checked.
    pub mode: Option<String>,
    pub row_count: i64,
    /// Rows to write: those valid at the check.
    pub total: i64,
    /// Rows handled so far.
    pub done: i64,
    pub created: i64,
    pub updated: i64,
    pub invalid: i64,
    pub created_at: String,
    pub finished_at: Option<String>,
    pub error: Option<String>,
}

/// A message of the rules in `language`: the one place an import's messages pass through on
/// their way out to the check's answer and the rejected rows.
pub fn localise(message: &str, language: Language) -> String {
    rules::messages::in_language(message, language).into_owned()
}

#[post("/imports/properties", data = "<form>")]
async fn upload_file(
    user: CurrentUser,
    language: AnswerLanguage,
    db: &Db,
    form: rocket::form::Form<upload::UploadForm>,
) -> ApiResult<(Status, Json<Uploaded>)> {
    let uploaded = upload::receive(db.pool(), user.0.id, language.0, form.into_inner()).await?;
    Ok((Status::Created, Json(uploaded)))
}

/// An import is its uploader's: to anyone else but an admin it does not exist (404).
async fn authorise(db: &AnyPool, id: i64, user: &User) -> ApiResult<()> {
    let uploader = store::uploaded_by(db, id).await?;
    if user.is_admin() || uploader == Some(user.id) {
        Ok(())
    } else {
        Err(ApiError::not_found(rules::messages::IMPORT_NOT_FOUND))
    }
}

#[put("/imports/<id>", data = "<body>")]
async fn check_rows(
    id: i64,
    user: CurrentUser,
    language: AnswerLanguage,
    db: &Db,
    body: Payload<CheckBody>,
) -> ApiResult<Json<CheckOutcome>> {
    authorise(db.pool(), id, &user.0).await?;
    Ok(Json(check::check(db.pool(), id, &body.0, language.0).await?))
}

#[get("/imports/<id>/rejected")]
async fn rejected_rows(id: i64, user: CurrentUser, language: AnswerLanguage, db: &Db) -> ApiResult<Download> {
    authorise(db.pool(), id, &user.0).await?;
    rejected::workbook(db.pool(), id, language.0).await
}

#[post("/imports/<id>/commit")]
async fn commit_rows(
    id: i64,
    user: CurrentUser,
    language: AnswerLanguage,
    db: &Db,
) -> ApiResult<(Status, Json<ImportState>)> {
    authorise(db.pool(), id, &user.0).await?;
    let state = commit::start(db.pool(), id, Actor::from(&user), language.0).await?;
    Ok((Status::Accepted, Json(state)))
}

#[get("/imports/<id>")]
async fn import_state(id: i64, user: CurrentUser, db: &Db) -> ApiResult<Json<ImportState>> {
    authorise(db.pool(), id, &user.0).await?;
    Ok(Json(store::state(db.pool(), id).await?))
}

/// The periodic sweep's part (lib.rs hands it to `platform::jobs`): imports past their 7 days.
pub fn prune(db: &sqlx::AnyPool, now: i64) -> BoxFuture<'_, ApiResult<u64>> {
    Box::pin(store::prune(db, now))
}
