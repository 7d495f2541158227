//! The export of a selection (issue 24): the requests checked in the inbox, in their order,
//! or every one its search and filters match, newest first, read from the database a chunk
//! at a time while the workbook is written.

use rules::bulk::ContactSelection;
use rules::language::Language;
use sqlx::AnyPool;
use time::OffsetDateTime;

use super::super::leads::LeadClock;
use super::super::listing::ContactListRequest;
use super::super::store;
use super::workbook::{build, failed, write_workbook, FileName, Workbook};
use super::{ExportRow, ROWS_AHEAD};
use crate::platform::bulk;
use crate::platform::db::{Dialect, IDS_PER_STATEMENT};
use crate::platform::http::error::ApiResult;

pub async fn selected(
    db: AnyPool,
    dialect: Dialect,
    selection: ContactSelection,
    offset_minutes: i64,
    language: Language,
    me: i64,
    clock: &LeadClock,
) -> ApiResult<Workbook> {
    let mut conn = db.acquire().await?;
    let ids = match (selection.ids, selection.filter) {
        (Some(ids), _) => bulk::distinct(&ids),
        (None, filter) => {
            let list = ContactListRequest::filtered(&filter.unwrap_or_default(), me, clock)?;
            store::matching(&mut conn, dialect, &list).await?
        }
    };
    let (sender, mut receiver) = rocket::tokio::sync::mpsc::channel::<ApiResult<ExportRow>>(ROWS_AHEAD);
    let reader = rocket::tokio::spawn(async move {
        for chunk in ids.chunks(IDS_PER_STATEMENT) {
            let mut found = match store::find_many(&mut conn, chunk).await {
                Ok(found) => found,
                Err(error) => {
                    let _ = sender.send(Err(error)).await;
                    return;
                }
            };
            for request in chunk.iter().filter_map(|id| found.remove(id)) {
                if sender.send(Ok(ExportRow::from(request))).await.is_err() {
                    return;
                }
            }
        }
    });
    let today = (OffsetDateTime::now_utc() + time::Duration::minutes(offset_minutes)).date().to_string();
    let name = FileName {
        name: rules::export::posted_file_name(&today, language),
        ascii: rules::export::posted_file_name(&today, Language::En),
    };
    let workbook = write_workbook(name, move |path| {
        build(path, offset_minutes, language, |writer| {
            while let Some(row) = receiver.blocking_recv() {
                writer.write(&row?).map_err(failed)?;
            }
            Ok(())
        })
    })
    .await;
    reader.await.map_err(failed)?;
    workbook
}
