//! `PUT /api/imports/{id}`: every row read through the mapping and the form's rules, a page
//! of rows at a time; a property number seen on an earlier row, or (creating only) held by a
//! listing already, makes the row invalid. Each invalid row is marked so: the commit writes
//! the others, and the rejected-rows file reads the marked ones through the rules again.

use std::collections::{HashMap, HashSet};

use rules::imports::{ImportMode, ERRORS_SHOWN};
use rules::language::Language;
use rules::messages;
use rules::properties::columns::Column;
use sqlx::{AnyConnection, AnyPool};

use super::rows::{self, Names, Problem};
use super::store::{self, Checked, RowFilter, StoredRow};
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

/// How a check reads the rows: the mapping, mode and catalogue choice it was given.
pub struct Reading<'a> {
    pub mapping: &'a [Option<String>],
    pub mode: ImportMode,
    pub create_missing: bool,
}

/// Every row of an import read through a [`Reading`], in order, a page at a time, so a
/// file's rows are never all in memory: what the check counts and the rejected rows write.
pub struct Walk {
    id: i64,
    mapping: Vec<Option<&'static Column>>,
    mode: ImportMode,
    create_missing: bool,
    names: Names,
    numbers: HashMap<String, i64>,
    year: i32,
    seen: HashSet<String>,
    after: i64,
}

impl Walk {
    /// Starts at the first row of import `id`, whose file has `width` columns.
    pub async fn start(
        conn: &mut AnyConnection,
        id: i64,
        width: usize,
        reading: &Reading<'_>,
        language: Language,
    ) -> ApiResult<Walk> {
        let mapping = rows::mapping(reading.mapping, width).map_err(|m| mapping_error(m, language))?;
        Ok(Walk {
            id,
            mapping,
            mode: reading.mode,
            create_missing: reading.create_missing,
            names: store::names(&mut *conn).await?,
            numbers: store::numbers(&mut *conn).await?,
            year: current_year(),
            seen: HashSet::new(),
            after: 0,
        })
    }

    /// The next page of rows, each with its verdict; empty once every row is read.
    pub async fn next(&mut self, conn: &mut AnyConnection) -> ApiResult<Vec<(StoredRow, Verdict)>> {
        let page = store::rows_after(conn, self.id, self.after, PAGE, RowFilter::All).await?;
        if let Some(last) = page.last() {
            self.after = last.line;
        }
        Ok(page
            .into_iter()
            .map(|row| {
                let read =
                    rows::resolve(&row.cells, &self.mapping, &self.names, self.create_missing, self.year);
                let verdict =
                    verdict(read.as_ref().map_err(Clone::clone), self.mode, &mut self.seen, &self.numbers);
                (row, verdict)
            })
            .collect())
    }
}

pub async fn check(db: &AnyPool, id: i64, body: &CheckBody, language: Language) -> ApiResult<CheckOutcome> {
    let mut conn = db.acquire().await?;
    let settings = store::settings(&mut conn, id).await?;
    if !matches!(settings.status.as_str(), "uploaded" | "checked") {
        return Err(ApiError::conflict(localise(messages::IMPORT_ALREADY_WRITTEN, language)));
    }
    let reading =
        Reading { mapping: &body.mapping, mode: body.mode, create_missing: body.create_missing_catalog };
    let mut outcome =
        CheckOutcome { valid: 0, invalid: 0, will_create: 0, will_update: 0, errors: Vec::new() };
    let mut invalid_lines = Vec::new();
    let mut walk = Walk::start(&mut conn, id, settings.columns.len(), &reading, language).await?;
    loop {
        let page = walk.next(&mut conn).await?;
        if page.is_empty() {
            break;
        }
        for (row, verdict) in page {
            match verdict {
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
                    invalid_lines.push(row.line);
                    let room = ERRORS_SHOWN.saturating_sub(outcome.errors.len());
                    outcome.errors.extend(problems.into_iter().take(room).map(|p| RowError {
                        row: row.line,
                        field: p.field,
                        message: localise(&p.message, language),
                    }));
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
        invalid_lines: &invalid_lines,
    };
    if !store::record_check(db, id, &checked).await? {
        return Err(ApiError::conflict(localise(messages::IMPORT_ALREADY_WRITTEN, language)));
    }
    Ok(outcome)
}
