//! The properties list's bulk actions (issue 24): one change to many listings, and the
//! export of a selection (issue 25), both taking the checked ids or the list's filter.

use rocket::serde::json::Json;
use rocket::{post, State};
use rules::bulk::{BulkOutcome, PropertyBulkRequest, PropertySelection, BODY_MAX_BYTES, BULK_MAX_RECORDS};

use super::search_engine::SearchEngine;
use super::selection::Selection;
use super::{export, store};
use crate::endpoint;
use crate::platform::audit::Actor;
use crate::platform::auth::{AnswerLanguage, CurrentUser};
use crate::platform::db::Db;
use crate::platform::http::download::Download;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::Payload;
use crate::platform::openapi::{Doc, Endpoint};

pub fn api() -> Vec<Endpoint> {
    vec![
        endpoint!(
            export_selection,
            export::documented(Doc::new(
                "The listings of a selection, as the GET export writes them: the ids given (in their \
                 order; at most 10,000, ids of no listing left out) or every listing the filter (the \
                 list's search and filters, as JSON) matches, in the list's order"
            ))
            .takes::<PropertySelection>()
            .status(200)
            .fails(&[413])
        ),
        endpoint!(
            bulk_change,
            Doc::new(
                "One change to many listings, in one transaction: set status, set or clear featured, set \
                 category (409 naming value when it does not exist) or move to the trash, for the ids \
                 given or every listing the filter matches (at most 10,000, else 422). Listings that do \
                 not exist, whose version is not the one given in versions, or that already are as asked \
                 are skipped and listed with the reason; each changed listing gets its history row"
            )
            .takes::<PropertyBulkRequest>()
            .responds::<BulkOutcome>()
            .status(200)
            .fails(&[409, 413])
        ),
    ]
}

#[post("/properties/bulk", data = "<body>")]
async fn bulk_change(
    user: CurrentUser,
    language: AnswerLanguage,
    db: &Db,
    engine: &State<SearchEngine>,
    body: Payload<PropertyBulkRequest, { BODY_MAX_BYTES }>,
) -> ApiResult<Json<BulkOutcome>> {
    let request = body.0;
    let change = request.change().map_err(|(field, message)| {
        let mut errors = rules::FieldErrors::new();
        errors.add(field, message);
        ApiError::validation(errors)
    })?;
    let selection = Selection::of(request.ids.as_deref(), request.filter.as_ref());
    let ids = selection.ids(engine, db.pool(), Some(BULK_MAX_RECORDS)).await?;
    let versions = request.versions.unwrap_or_default();
    let actor = Actor::from(&user);
    let done = store::bulk(db.pool(), &actor, &ids, change, &versions).await?;
    Ok(Json(BulkOutcome::new(done.changed, &done.skipped, language.0)))
}

/// `format` and `offset` as the GET export reads them.
#[post("/properties/export?<format>&<offset>", data = "<body>")]
async fn export_selection(
    format: Vec<&str>,
    offset: Vec<&str>,
    _user: CurrentUser,
    language: AnswerLanguage,
    db: &Db,
    engine: &State<SearchEngine>,
    body: Payload<PropertySelection, { BODY_MAX_BYTES }>,
) -> ApiResult<Download> {
    let request = export::ExportRequest::parse(&format, &[], &offset, language.0)?;
    let selection = Selection::of(body.0.ids.as_deref(), body.0.filter.as_ref());
    let ids = selection.ids(engine, db.pool(), None).await?;
    export::export(db.pool().clone(), ids, request).await
}
