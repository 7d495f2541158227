//! Keeping the index and the totals in step with a listing's write, in its transaction.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use sqlx::{AnyConnection, Row};

use super::{Indexed, MIN_SUFFIX, VALUES_PER_STATEMENT};
use crate::platform::db;
use crate::platform::http::error::ApiResult;

/// Brings the index and the totals from `before` to `after` in the writer's transaction:
/// `None` before for a new listing, `None` after for a deleted one. A save that changes no
/// word and no filtered field writes nothing here.
pub async fn sync(
    conn: &mut AnyConnection,
    before: Option<&Indexed>,
    after: Option<&Indexed>,
) -> ApiResult<()> {
    sync_many(conn, &[(before, after)]).await
}

/// One listing's part in a set's sync.
struct Step<'a> {
    id: i64,
    after: Option<&'a Indexed>,
    /// Listed anew under every word: deleted, or its date moved.
    relisted: bool,
    /// Words it no longer holds (when not relisted).
    removed: Vec<&'a str>,
    /// Its postings' active flag, when that changed (and it was not relisted).
    flipped: Option<i64>,
    /// Words to post it under.
    added: Vec<&'a str>,
}

/// [`sync`] for a set of listings written in one transaction: their totals' and words'
/// changes are summed, and rows of many listings are written by one statement.
pub async fn sync_many<'a>(
    conn: &mut AnyConnection,
    changes: &[(Option<&'a Indexed>, Option<&'a Indexed>)],
) -> ApiResult<()> {
    static EMPTY: BTreeSet<String> = BTreeSet::new();
    let changes = net(changes);
    let keys = |listing: Option<&Indexed>| listing.map(Indexed::count_keys).unwrap_or_default();
    let mut deltas: BTreeMap<String, i64> = BTreeMap::new();
    // Per word: (listings, active listings) gained or lost.
    let mut word_deltas: BTreeMap<&'a str, (i64, i64)> = BTreeMap::new();
    let mut steps = Vec::with_capacity(changes.len());
    for (before, after) in &changes {
        let Some(id) = after.or(*before).map(|listing| listing.id) else { continue };
        let (old_keys, new_keys) = (keys(*before), keys(*after));
        for key in old_keys.difference(&new_keys) {
            *deltas.entry(key.clone()).or_default() -= 1;
        }
        for key in new_keys.difference(&old_keys) {
            *deltas.entry(key.clone()).or_default() += 1;
        }
        let old_words: &'a BTreeSet<String> = before.map_or(&EMPTY, |b| &b.words);
        let new_words: &'a BTreeSet<String> = after.map_or(&EMPTY, |a| &a.words);
        let was_active = i64::from(before.is_some_and(Indexed::active));
        let is_active = i64::from(after.is_some_and(Indexed::active));
        let moved = before.zip(*after).is_some_and(|(b, a)| b.created_at != a.created_at);
        let mut add = |word: &'a String, (listings, active): (i64, i64)| {
            let entry = word_deltas.entry(word.as_str()).or_default();
            entry.0 += listings;
            entry.1 += active;
        };
        for word in old_words.difference(new_words) {
            add(word, (-1, -was_active));
        }
        for word in new_words.difference(old_words) {
            add(word, (1, is_active));
        }
        if was_active != is_active {
            for word in old_words.intersection(new_words) {
                add(word, (0, is_active - was_active));
            }
        }
        let relisted = after.is_none() || moved;
        let added: Vec<&String> =
            if moved { new_words.iter().collect() } else { new_words.difference(old_words).collect() };
        steps.push(Step {
            id,
            after: *after,
            relisted,
            removed: if relisted {
                Vec::new()
            } else {
                old_words.difference(new_words).map(String::as_str).collect()
            },
            flipped: (was_active != is_active && !moved && before.is_some() && after.is_some())
                .then_some(is_active),
            added: added.into_iter().map(String::as_str).collect(),
        });
    }
    if steps.is_empty() {
        return Ok(());
    }
    add_to_counts(conn, &deltas).await?;

    let mut words: Vec<&str> = word_deltas.keys().copied().collect();
    for step in &steps {
        words.extend(step.added.iter().copied());
    }
    let ids = word_ids(conn, words.into_iter()).await?;
    let relisted: Vec<i64> = steps.iter().filter(|step| step.relisted).map(|step| step.id).collect();
    for chunk in relisted.chunks(db::IDS_PER_STATEMENT) {
        let within = db::Marks::of(conn).in_list(chunk.len());
        let sql = format!("DELETE FROM property_words WHERE property_id {within}");
        chunk.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).execute(&mut *conn).await?;
    }
    for step in &steps {
        let removed: Vec<i64> = step.removed.iter().filter_map(|w| ids.get(*w).copied()).collect();
        if removed.is_empty() {
            continue;
        }
        let mut marks = db::Marks::of(conn);
        let sql = format!(
            "DELETE FROM property_words WHERE property_id = {} AND word_id {}",
            marks.mark(),
            marks.in_list(removed.len())
        );
        removed
            .iter()
            .fold(sqlx::query(&sql).bind(step.id), |q, word| q.bind(*word))
            .execute(&mut *conn)
            .await?;
    }
    for active in [0, 1] {
        let flipped: Vec<i64> =
            steps.iter().filter(|step| step.flipped == Some(active)).map(|step| step.id).collect();
        for chunk in flipped.chunks(db::IDS_PER_STATEMENT) {
            let mut marks = db::Marks::of(conn);
            let sql = format!(
                "UPDATE property_words SET active = {} WHERE property_id {}",
                marks.mark(),
                marks.in_list(chunk.len())
            );
            chunk
                .iter()
                .fold(sqlx::query(&sql).bind(active), |q, id| q.bind(*id))
                .execute(&mut *conn)
                .await?;
        }
    }
    let postings: Vec<Posting> = steps
        .iter()
        .filter_map(|step| step.after.map(|after| (step, after)))
        .flat_map(|(step, after)| {
            let active = i64::from(after.active());
            step.added.iter().filter_map(|w| ids.get(*w).copied()).map(move |word_id| Posting {
                word_id,
                created_at: after.created_at.clone(),
                property_id: step.id,
                active,
            })
        })
        .collect();
    insert_postings(conn, &postings).await?;

    let mut counted: Vec<(i64, (i64, i64))> = word_deltas
        .iter()
        .filter(|(_, delta)| **delta != (0, 0))
        .filter_map(|(word, delta)| ids.get(*word).map(|id| (*id, *delta)))
        .collect();
    counted.sort_unstable();
    add_to_words(conn, &counted).await
}

/// One write per listing, from its first state to its last (a batch may write a listing
/// twice), leaving out those that change nothing the index keeps.
fn net<'a>(
    writes: &[(Option<&'a Indexed>, Option<&'a Indexed>)],
) -> Vec<(Option<&'a Indexed>, Option<&'a Indexed>)> {
    let mut net: Vec<(Option<&Indexed>, Option<&Indexed>)> = Vec::with_capacity(writes.len());
    let mut at: HashMap<i64, usize> = HashMap::new();
    for &(before, after) in writes {
        let Some(id) = after.or(before).map(|listing| listing.id) else { continue };
        match at.get(&id) {
            Some(&n) => net[n].1 = after,
            None => {
                at.insert(id, net.len());
                net.push((before, after));
            }
        }
    }
    net.retain(|(before, after)| before != after);
    net
}

/// Adds each delta to its total, in key order, so two writers never wait on each other's
/// totals crosswise.
async fn add_to_counts(conn: &mut AnyConnection, deltas: &BTreeMap<String, i64>) -> ApiResult<()> {
    let deltas: Vec<(&String, &i64)> = deltas.iter().filter(|(_, delta)| **delta != 0).collect();
    for chunk in deltas.chunks(VALUES_PER_STATEMENT / 2) {
        let rows = db::Marks::of(conn).rows(chunk.len(), 2);
        let sql = format!(
            "INSERT INTO property_counts (key, count) VALUES {rows} \
             ON CONFLICT (key) DO UPDATE SET count = property_counts.count + excluded.count"
        );
        let query =
            chunk.iter().fold(sqlx::query(&sql), |q, (key, delta)| q.bind(key.as_str()).bind(**delta));
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

/// Adds (listings, active listings) to each word's counts. PostgreSQL locks the words first,
/// in id order, as the totals are: a joined UPDATE takes its rows in no set order.
async fn add_to_words(conn: &mut AnyConnection, counted: &[(i64, (i64, i64))]) -> ApiResult<()> {
    let postgres = db::Dialect::of_connection(conn) == db::Dialect::Postgres;
    for chunk in counted.chunks(VALUES_PER_STATEMENT / 3) {
        if postgres {
            let sql = format!(
                "SELECT id FROM search_words WHERE id {} ORDER BY id FOR UPDATE",
                db::Marks::of(conn).in_list(chunk.len())
            );
            chunk.iter().fold(sqlx::query(&sql), |q, (id, _)| q.bind(*id)).execute(&mut *conn).await?;
        }
        let rows = db::Marks::of(conn).rows(chunk.len(), 3);
        let sql = format!(
            "WITH delta (id, properties, active) AS (VALUES {rows}) \
             UPDATE search_words SET properties = search_words.properties + delta.properties, \
             active = search_words.active + delta.active FROM delta WHERE search_words.id = delta.id"
        );
        let query = chunk
            .iter()
            .fold(sqlx::query(&sql), |q, (id, (listings, active))| q.bind(*id).bind(*listings).bind(*active));
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

/// The ids of `words`, each added to the vocabulary (with its suffixes) when new.
async fn word_ids<'w>(
    conn: &mut AnyConnection,
    words: impl Iterator<Item = &'w str>,
) -> ApiResult<HashMap<String, i64>> {
    let mut words: Vec<&str> = words.collect();
    words.sort_unstable();
    words.dedup();
    if words.is_empty() {
        return Ok(HashMap::new());
    }
    let mut ids = known_ids(conn, &words).await?;
    let missing: Vec<&str> = words.iter().copied().filter(|word| !ids.contains_key(*word)).collect();
    if missing.is_empty() {
        return Ok(ids);
    }
    for chunk in missing.chunks(VALUES_PER_STATEMENT) {
        let rows = db::Marks::of(conn).rows(chunk.len(), 1);
        let sql = format!("INSERT INTO search_words (word) VALUES {rows} ON CONFLICT (word) DO NOTHING");
        chunk.iter().fold(sqlx::query(&sql), |q, word| q.bind(*word)).execute(&mut *conn).await?;
    }
    let added = known_ids(conn, &missing).await?;
    let suffixes: Vec<(String, i64)> = added
        .iter()
        .flat_map(|(word, id)| suffixes(word).map(move |suffix| (suffix.to_owned(), *id)))
        .collect();
    insert_suffixes(conn, &suffixes, true).await?;
    ids.extend(added);
    Ok(ids)
}

async fn known_ids(conn: &mut AnyConnection, words: &[&str]) -> ApiResult<HashMap<String, i64>> {
    let mut ids = HashMap::new();
    for chunk in words.chunks(VALUES_PER_STATEMENT) {
        let sql = format!(
            "SELECT id, word FROM search_words WHERE word {}",
            db::Marks::of(conn).in_list(chunk.len())
        );
        let rows =
            chunk.iter().fold(sqlx::query(&sql), |q, word| q.bind(*word)).fetch_all(&mut *conn).await?;
        for row in &rows {
            ids.insert(row.try_get::<String, _>(1)?, row.try_get::<i64, _>(0)?);
        }
    }
    Ok(ids)
}

/// The suffixes of `word` of [`MIN_SUFFIX`] characters or more, the word itself first.
pub(super) fn suffixes(word: &str) -> impl Iterator<Item = &str> {
    let length = word.chars().count();
    word.char_indices().take(length.saturating_sub(MIN_SUFFIX - 1)).map(move |(at, _)| &word[at..])
}

/// One row of `property_words`: a word held by a listing.
pub(super) struct Posting {
    pub(super) word_id: i64,
    pub(super) created_at: String,
    pub(super) property_id: i64,
    pub(super) active: i64,
}

pub(super) async fn insert_postings(conn: &mut AnyConnection, postings: &[Posting]) -> ApiResult<()> {
    for chunk in postings.chunks(VALUES_PER_STATEMENT / 4) {
        let rows = db::Marks::of(conn).rows(chunk.len(), 4);
        let sql =
            format!("INSERT INTO property_words (word_id, created_at, property_id, active) VALUES {rows}");
        let query = chunk.iter().fold(sqlx::query(&sql), |q, p| {
            q.bind(p.word_id).bind(p.created_at.as_str()).bind(p.property_id).bind(p.active)
        });
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

pub(super) async fn insert_suffixes(
    conn: &mut AnyConnection,
    suffixes: &[(String, i64)],
    may_exist: bool,
) -> ApiResult<()> {
    let conflict = if may_exist { " ON CONFLICT DO NOTHING" } else { "" };
    for chunk in suffixes.chunks(VALUES_PER_STATEMENT / 2) {
        let rows = db::Marks::of(conn).rows(chunk.len(), 2);
        let sql = format!("INSERT INTO search_suffixes (suffix, word_id) VALUES {rows}{conflict}");
        let query = chunk.iter().fold(sqlx::query(&sql), |q, (suffix, id)| q.bind(suffix.as_str()).bind(*id));
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_of_three_characters_or_more() {
        assert_eq!(suffixes("villa").collect::<Vec<_>>(), ["villa", "illa", "lla"]);
        assert_eq!(suffixes("فيلا").collect::<Vec<_>>(), ["فيلا", "يلا"]);
        assert_eq!(suffixes("ab").count(), 0);
    }
}
