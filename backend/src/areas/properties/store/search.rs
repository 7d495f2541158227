//! The statements of a list: its search resolved (words of the index or folded text), its
//! filters, its total (kept or counted) and its page, planned for each dialect.

use rules::vocabularies::PropertyStatus;
use sqlx::{AnyConnection, Row};

use super::super::listing::{Filters, ListRequest, Paging, SortKey};
use super::super::search_index::{self, Facet, Scope as ListScope, Word};
use super::row::{panel_select, public_select};
use super::{Bound, Params};
use crate::platform::db::Dialect;
use crate::platform::http::error::ApiResult;

/// How the rows matching `q` are found.
enum Search {
    None,
    /// A one-word `q`: the listings holding one of these words (none: no listing matches).
    Words(Vec<Word>),
    /// Any other `q`: a substring of the folded text.
    Text(String),
}

async fn resolve(conn: &mut AnyConnection, query: &ListRequest) -> ApiResult<Search> {
    let Some(folded) = &query.search else { return Ok(Search::None) };
    Ok(match search_index::words_containing(conn, folded).await? {
        Some(words) => Search::Words(words),
        None => Search::Text(folded.clone()),
    })
}

/// Folded search text of at least this many characters can use the trigram indexes.
const TRIGRAM: usize = 3;

/// How SQLite finds the rows whose folded text holds a `q` that is not one word. Both read
/// the same exact substring of `search_text` (the FTS5 index is case-sensitive over the
/// folded text).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SqliteSearch {
    /// Ask the FTS5 trigram index for every matching row: cost grows with the matches.
    Index,
    /// Test each row met in sort order with `instr`: cost grows with the rows read before
    /// the page is full, so it wins for a common `q` on an early page.
    Scan,
}

/// The folded substring search over `search_text`, the one place the dialects differ:
/// SQLite asks its FTS5 trigram index or tests rows with `instr` (always for `q` shorter
/// than a trigram); PostgreSQL's pg_trgm index serves LIKE, its planner choosing the plan.
fn text_clause(params: &mut Params, dialect: Dialect, plan: SqliteSearch, folded: &str) -> String {
    match dialect {
        Dialect::Sqlite if plan == SqliteSearch::Index && folded.chars().count() >= TRIGRAM => format!(
            "p.id IN (SELECT rowid FROM property_search WHERE property_search MATCH {})",
            params.mark(Bound::Text(Some(fts_phrase(folded))))
        ),
        Dialect::Sqlite => {
            format!("instr(p.search_text, {}) > 0", params.mark(Bound::Text(Some(folded.to_owned()))))
        }
        Dialect::Postgres => {
            let escaped = folded.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
            format!("p.search_text LIKE {}", params.mark(Bound::Text(Some(format!("%{escaped}%")))))
        }
    }
}

/// `q` as one FTS5 phrase: quoted, its quotes doubled, so nothing in it is query syntax.
fn fts_phrase(folded: &str) -> String {
    format!("\"{}\"", folded.replace('"', "\"\""))
}

/// The filters other than the scope's, on the property `p`.
fn filter_clauses(params: &mut Params, filters: &Filters) -> Vec<String> {
    let mut clauses = Vec::new();
    if let Some(status) = filters.status {
        clauses.push(format!("p.status = {}", params.mark(Bound::Text(Some(status.value().to_owned())))));
    }
    if let Some(id) = filters.category_id {
        clauses.push(format!("p.category_id = {}", params.mark(Bound::Id(Some(id)))));
    }
    if let Some(id) = filters.type_id {
        clauses.push(format!("p.type_id = {}", params.mark(Bound::Id(Some(id)))));
    }
    if let Some(display_type) = filters.display_type {
        let value = Bound::Text(Some(display_type.value().to_owned()));
        clauses.push(format!("p.display_type = {}", params.mark(value)));
    }
    if let Some(id) = filters.country_id {
        clauses.push(format!("p.country_id = {}", params.mark(Bound::Id(Some(id)))));
    }
    if let Some(id) = filters.city_id {
        clauses.push(format!("p.city_id = {}", params.mark(Bound::Id(Some(id)))));
    }
    if let Some(featured) = filters.is_featured {
        clauses.push(format!("p.is_featured = {}", params.mark(Bound::Flag(featured))));
    }
    if let Some(id) = filters.import_id {
        clauses.push(format!("p.import_id = {}", params.mark(Bound::Id(Some(id)))));
    }
    clauses
}

/// The WHERE clause of a list: its scope, filters and search.
fn where_clause(
    params: &mut Params,
    dialect: Dialect,
    scope: &ListScope,
    search: &Search,
    plan: SqliteSearch,
) -> String {
    let mut clauses = Vec::new();
    if scope.active {
        let active = Bound::Text(Some(PropertyStatus::Active.value().to_owned()));
        clauses.push(format!("p.status = {}", params.mark(active)));
    }
    clauses.extend(filter_clauses(params, &scope.filters));
    match search {
        Search::None => {}
        Search::Words(words) => {
            let marks: Vec<String> = words.iter().map(|w| params.mark(Bound::Id(Some(w.id)))).collect();
            let active = if scope.active { " AND active = 1" } else { "" };
            clauses.push(format!(
                "p.id IN (SELECT property_id FROM property_words WHERE word_id IN ({}){active})",
                marks.join(", ")
            ));
        }
        Search::Text(folded) => clauses.push(text_clause(params, dialect, plan, folded)),
    }
    if clauses.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", clauses.join(" AND "))
    }
}

fn direction(descending: bool) -> &'static str {
    if descending {
        "DESC"
    } else {
        "ASC"
    }
}

fn order_by(query: &ListRequest) -> String {
    let direction = direction(query.sort.descending);
    // The id breaks ties, so pages neither repeat nor skip a row.
    format!(" ORDER BY {} {direction}, p.id {direction}", query.sort.key.column())
}

/// `LIMIT` and `OFFSET` as values, so that every page of a list is one prepared statement.
fn limit(params: &mut Params, paging: Paging) -> String {
    format!(
        " LIMIT {} OFFSET {}",
        params.mark(Bound::Id(Some(paging.size))),
        params.mark(Bound::Id(Some(paging.offset())))
    )
}

/// A statement of a list and its values.
pub(super) struct Statement {
    pub(super) sql: String,
    pub(super) params: Params,
}

/// How a paged list's total is had.
enum Total {
    /// Kept by the writers, or known without asking.
    Known(i64),
    Counted(Statement),
}

/// How many rows a paged list matches: a kept total for a list with at most one filter or
/// a one-word search alone (no row is read), else counted from the indexes.
async fn total(
    conn: &mut AnyConnection,
    dialect: Dialect,
    scope: &ListScope,
    search: &Search,
) -> ApiResult<Total> {
    let facets = scope.facets();
    // No total is kept per import: a list filtered by one is counted (on its index).
    let kept = scope.filters.import_id.is_none();
    Ok(match search {
        Search::None if kept && facets.len() <= 1 => {
            let facet = facets.first().unwrap_or(&Facet::All);
            Total::Known(search_index::kept_total(conn, facet, scope.active).await?)
        }
        Search::Words(words) if words.is_empty() => Total::Known(0),
        Search::Words(words) if kept && words.len() == 1 && facets.is_empty() => {
            Total::Known(if scope.active { words[0].active } else { words[0].properties })
        }
        Search::Text(folded)
            if dialect == Dialect::Sqlite
                && kept
                && facets.is_empty()
                && !scope.active
                && folded.chars().count() >= TRIGRAM =>
        {
            let mut params = Params::new();
            let sql = format!(
                "SELECT COUNT(*) FROM property_search WHERE property_search MATCH {}",
                params.mark(Bound::Text(Some(fts_phrase(folded))))
            );
            Total::Counted(Statement { sql, params })
        }
        _ => {
            let mut params = Params::new();
            let filter = where_clause(&mut params, dialect, scope, search, SqliteSearch::Index);
            Total::Counted(Statement { sql: format!("SELECT COUNT(*) FROM properties p{filter}"), params })
        }
    })
}

async fn counted(conn: &mut AnyConnection, total: Total) -> ApiResult<i64> {
    match total {
        Total::Known(n) => Ok(n),
        Total::Counted(statement) => {
            let row = statement.params.bound(&statement.sql).fetch_one(&mut *conn).await?;
            Ok(row.try_get::<i64, _>(0)?)
        }
    }
}

/// Which way SQLite finds a page searched by text, from how many rows match: scanning in
/// sort order reads about `(offset + size) × rows / matches` rows, asking the index handles
/// every match.
async fn sqlite_search_plan(
    conn: &mut AnyConnection,
    query: &ListRequest,
    search: &Search,
    matches: i64,
) -> ApiResult<SqliteSearch> {
    let (Some(paging), Search::Text(folded)) = (query.paging, search) else { return Ok(SqliteSearch::Index) };
    if folded.chars().count() < TRIGRAM {
        return Ok(SqliteSearch::Scan);
    }
    let rows = search_index::kept_total(conn, &Facet::All, false).await?;
    let read = (paging.offset().saturating_add(paging.size) as f64) * (rows as f64) / (matches.max(1) as f64);
    Ok(if read < matches as f64 { SqliteSearch::Scan } else { SqliteSearch::Index })
}

/// The ids of a one-word search's page in `created_at` order, read from each word's list
/// of listings: a page at offset N reads N + size entries of each word's index, whatever
/// the table holds. Several words are merged, a listing holding two of them counted once.
fn word_page(
    params: &mut Params,
    scope: &ListScope,
    words: &[Word],
    descending: bool,
    paging: Paging,
) -> String {
    let dir = direction(descending);
    let arm = |params: &mut Params, word: &Word, columns: &str| {
        let mut clauses = vec![format!("w.word_id = {}", params.mark(Bound::Id(Some(word.id))))];
        if scope.active {
            clauses.push("w.active = 1".to_owned());
        }
        let filters = filter_clauses(params, &scope.filters);
        let join = if filters.is_empty() { "" } else { " JOIN properties p ON p.id = w.property_id" };
        clauses.extend(filters);
        format!(
            "SELECT {columns} FROM property_words w{join} WHERE {} ORDER BY w.created_at {dir}, w.property_id {dir}",
            clauses.join(" AND ")
        )
    };
    if let [word] = words {
        let sql = arm(params, word, "w.property_id");
        return format!("{sql}{}", limit(params, paging));
    }
    let enough = Paging { page: 1, size: paging.offset().saturating_add(paging.size) };
    let arms: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(n, word)| {
            let sql = arm(params, word, "w.created_at, w.property_id");
            format!("SELECT * FROM ({sql}{}) a{n}", limit(params, enough))
        })
        .collect();
    format!(
        "SELECT u.property_id FROM ({}) u ORDER BY u.created_at {dir}, u.property_id {dir}{}",
        arms.join(" UNION "),
        limit(params, paging)
    )
}

/// The statement that reads a list: a paged list's ids in order, from the indexes alone
/// (its rows are then read by id, see [`rows_and_total`]); the plain list's rows.
fn rows_statement(
    dialect: Dialect,
    select: &str,
    query: &ListRequest,
    scope: &ListScope,
    search: &Search,
    plan: SqliteSearch,
) -> Statement {
    let mut params = Params::new();
    let sql = match (query.paging, search) {
        (None, _) => {
            let filter = where_clause(&mut params, dialect, scope, search, plan);
            format!("{select}{filter}{}", order_by(query))
        }
        (Some(paging), Search::Words(words)) if query.sort.key == SortKey::CreatedAt => {
            word_page(&mut params, scope, words, query.sort.descending, paging)
        }
        (Some(paging), _) => {
            let filter = where_clause(&mut params, dialect, scope, search, plan);
            format!("SELECT p.id FROM properties p{filter}{}{}", order_by(query), limit(&mut params, paging))
        }
    };
    Statement { sql, params }
}

/// The statements a list runs: its total's (when counted) and its rows'; `None` when the
/// list is known to be empty.
pub(super) async fn statements(
    conn: &mut AnyConnection,
    dialect: Dialect,
    select: &str,
    query: &ListRequest,
) -> ApiResult<Option<(Option<i64>, Statement)>> {
    let Some(scope) = ListScope::of(query) else { return Ok(None) };
    let search = resolve(conn, query).await?;
    if matches!(&search, Search::Words(words) if words.is_empty()) {
        return Ok(None);
    }
    let total = match query.paging {
        Some(_) => {
            let total = total(conn, dialect, &scope, &search).await?;
            Some(counted(conn, total).await?)
        }
        None => None,
    };
    if total == Some(0) {
        return Ok(None);
    }
    let plan = match (dialect, total) {
        (Dialect::Sqlite, Some(matches)) => sqlite_search_plan(conn, query, &search, matches).await?,
        _ => SqliteSearch::Index,
    };
    Ok(Some((total, rows_statement(dialect, select, query, &scope, &search, plan))))
}

/// The query plans of the statements a list runs (its total's when counted, and its rows'),
/// one line per step: what the plan tests read to prove no list scans the whole table.
pub async fn explain(
    conn: &mut AnyConnection,
    dialect: Dialect,
    query: &ListRequest,
) -> ApiResult<Vec<String>> {
    let select = if query.active_only { public_select() } else { panel_select() };
    let mut plans = Vec::new();
    let Some(scope) = ListScope::of(query) else { return Ok(plans) };
    let search = resolve(conn, query).await?;
    let mut explained = Vec::new();
    if query.paging.is_some() {
        if let Total::Counted(statement) = total(conn, dialect, &scope, &search).await? {
            explained.push(statement);
        }
    }
    let plan = match (dialect, &search) {
        (Dialect::Sqlite, Search::Text(_)) => {
            let total = total(conn, dialect, &scope, &search).await?;
            let matches = counted(conn, total).await?;
            sqlite_search_plan(conn, query, &search, matches).await?
        }
        _ => SqliteSearch::Index,
    };
    explained.push(rows_statement(dialect, &select, query, &scope, &search, plan));
    let explain = match dialect {
        Dialect::Sqlite => "EXPLAIN QUERY PLAN",
        Dialect::Postgres => "EXPLAIN",
    };
    for statement in explained {
        let sql = format!("{explain} {}", statement.sql);
        let column = if dialect == Dialect::Sqlite { 3 } else { 0 };
        for row in statement.params.bound(&sql).fetch_all(&mut *conn).await? {
            plans.push(row.try_get::<String, _>(column)?);
        }
    }
    Ok(plans)
}
