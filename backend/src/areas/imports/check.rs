//! `PUT /api/imports/{id}`: every row read through the mapping and the form's rules, a page
//! of rows at a time; a property number seen on an earlier row, or (creating only) held by a
//! listing already, makes the row invalid. Each invalid row keeps its messages for the
//! rejected-rows file, and the commit writes the others.

use std::collections::{HashMap, HashSet};

use rules::imports::{ImportMode, ERRORS_SHOWN};
use rules::language::Language;
use rules::messages;
use sqlx::AnyPool;

use super::rows::{self, Names, Problem};
use super::store::{self, Checked, RowFilter};
use super::{localise, CheckBody, CheckOutcome, RowError};
use crate::platform::http::error::{ApiError, ApiResult};

/// Rows read from the database at a time.
const PAGE: usize = 1000;

/// The year the form's rules check yearBuilt against (as the property writes do).
pub fn current_year() -> i32 {
    (time::OffsetDateTime::now_utc() + time::Duration::hours(14)).year()
}

/// What a row is, once read: a new listing, an update of one, or refused.
pub enum Verdict {
    Create,
    Update,
    Invalid(Vec<Problem>),
}

/// Tells a read row's fate by its property number: `seen` holds the numbers of the rows
/// before it, `numbers` the listings' numbers.
pub fn verdict(
    read: Result<&rows::Resolved, Vec<Problem>>,
    mode: ImportMode,
    seen: &mut HashSet<String>,
    numbers: &HashMap<String, i64>,
) -> Verdict {
    let number = read.as_ref().ok().and_then(|r| r.input.property_number.as_deref()).map(str::trim);
    let mut problems = read.err().unwrap_or_default();
    let mut existing = None;
    if let Some(number) = number.filter(|n| !n.is_empty()) {
        if !seen.insert(number.to_owned()) {
            problems.push(Problem {
                field: "propertyNumber".into(),
                message: messages::IMPORT_PROPERTY_NUMBER_REPEATED.into(),
            });
        } else if let Some(id) = numbers.get(number) {
            match mode {
                ImportMode::Create => problems.push(Problem {
                    field: "propertyNumber".into(),
                    message: messages::IMPORT_PROPERTY_NUMBER_EXISTS.into(),
                }),
                ImportMode::CreateOrUpdate => existing = Some(*id),
            }
        }
    }
    match (problems.is_empty(), existing) {
        (false, _) => Verdict::Invalid(problems),
        (true, Some(_)) => Verdict::Update,
        (true, None) => Verdict::Create,
    }
}

fn mapping_error(message: &'static str, language: Language) -> ApiError {
    let mut errors = rules::FieldErrors::new();
    errors.add("mapping", localise(message, language));
    ApiError::validation(errors)
}

pub async fn check(db: &AnyPool, id: i64, body: &CheckBody, language: Language) -> ApiResult<CheckOutcome> {
    let mut conn = db.acquire().await?;
    let settings = store::settings(&mut conn, id).await?;
    if !matches!(settings.status.as_str(), "uploaded" | "checked") {
        return Err(ApiError::conflict(localise(messages::IMPORT_ALREADY_WRITTEN, language)));
    }
    let mapping =
        rows::mapping(&body.mapping, settings.columns.len()).map_err(|m| mapping_error(m, language))?;
    let names: Names = store::names(&mut conn).await?;
    let numbers = store::numbers(&mut conn).await?;
    let year = current_year();
    let mut seen = HashSet::new();
    let mut outcome =
        CheckOutcome { valid: 0, invalid: 0, will_create: 0, will_update: 0, errors: Vec::new() };
    let mut kept: Vec<(i64, String)> = Vec::new();
    let mut after = 0;
    loop {
        let page = store::rows_after(&mut conn, id, after, PAGE, RowFilter::All).await?;
        let Some((last, _, _)) = page.last() else { break };
        after = *last;
        for (line, cells, _) in &page {
            let read = rows::resolve(cells, &mapping, &names, body.create_missing_catalog, year);
            match verdict(read.as_ref().map_err(Clone::clone), body.mode, &mut seen, &numbers) {
                Verdict::Create => {
                    outcome.valid += 1;
                    outcome.will_create += 1;
                }
                Verdict::Update => {
                    outcome.valid += 1;
                    outcome.will_update += 1;
                }
                Verdict::Invalid(problems) => {
                    outcome.invalid += 1;
                    let errors: Vec<RowError> = problems
                        .into_iter()
                        .map(|p| RowError {
                            row: *line,
                            field: p.field,
                            message: localise(&p.message, language),
                        })
                        .collect();
                    kept.push((*line, serde_json::to_string(&errors).map_err(ApiError::internal)?));
                    let room = ERRORS_SHOWN.saturating_sub(outcome.errors.len());
                    outcome.errors.extend(errors.into_iter().take(room));
                }
            }
        }
    }
    drop(conn);
    let mapping_json = serde_json::to_string(&body.mapping).map_err(ApiError::internal)?;
    let checked = Checked {
        mapping: &mapping_json,
        mode: body.mode.value(),
        create_missing: body.create_missing_catalog,
        language: language.tag(),
        total: outcome.valid,
        invalid: outcome.invalid,
        messages: &kept,
    };
    if !store::record_check(db, id, &checked).await? {
        return Err(ApiError::conflict(localise(messages::IMPORT_ALREADY_WRITTEN, language)));
    }
    Ok(outcome)
}
