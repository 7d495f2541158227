//! Keeping the index and the totals in step with a listing's write, in its transaction.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use sqlx::{AnyConnection, Row};

use super::{Indexed, MIN_SUFFIX, VALUES_PER_STATEMENT};
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

/// [`sync`] for many writes at once (an import's batch, a bulk change): the totals, the
/// words' counts and the new postings of them all are written by a few statements, not a
/// few per listing.
pub async fn sync_many(
    conn: &mut AnyConnection,
    writes: &[(Option<&Indexed>, Option<&Indexed>)],
) -> ApiResult<()> {
    let writes = net(writes);
    if writes.is_empty() {
        return Ok(());
    }
    let mut deltas: BTreeMap<String, i64> = BTreeMap::new();
    // Per word: (listings, active listings) gained or lost.
    let mut changes: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
    let mut listed_anew: BTreeSet<&str> = BTreeSet::new();
    for &(before, after) in &writes {
        let keys = |listing: Option<&Indexed>| listing.map(Indexed::count_keys).unwrap_or_default();
        let (old_keys, new_keys) = (keys(before), keys(after));
        for key in old_keys.difference(&new_keys) {
            *deltas.entry(key.clone()).or_default() -= 1;
        }
        for key in new_keys.difference(&old_keys) {
            *deltas.entry(key.clone()).or_default() += 1;
        }
        let words = Words::of(before, after);
        fn add<'w>(
            changes: &mut BTreeMap<&'w str, (i64, i64)>,
            word: &'w str,
            (listings, active): (i64, i64),
        ) {
            let entry = changes.entry(word).or_default();
            entry.0 += listings;
            entry.1 += active;
        }
        for word in words.old.difference(words.new) {
            add(&mut changes, word, (-1, -words.was_active));
        }
        for word in words.new.difference(words.old) {
            add(&mut changes, word, (1, words.is_active));
        }
        if words.was_active != words.is_active {
            for word in words.old.intersection(words.new) {
                add(&mut changes, word, (0, words.is_active - words.was_active));
            }
        }
        // A listing whose date moved is listed anew under every word.
        if words.moved {
            listed_anew.extend(words.new.iter().map(String::as_str));
        }
    }
    add_to_counts(conn, &deltas).await?;

    let ids = word_ids(conn, changes.keys().chain(listed_anew.iter()).copied()).await?;
    let mut postings = Vec::new();
    for &(before, after) in &writes {
        let Some(id) = after.or(before).map(|listing| listing.id) else { continue };
        let words = Words::of(before, after);
        let removed: Vec<i64> =
            words.old.difference(words.new).filter_map(|w| ids.get(w.as_str()).copied()).collect();
        if after.is_none() || words.moved {
            sqlx::query("DELETE FROM property_words WHERE property_id = $1")
                .bind(id)
                .execute(&mut *conn)
                .await?;
        } else if !removed.is_empty() {
            let marks: Vec<String> = (2..removed.len() + 2).map(|n| format!("${n}")).collect();
            let sql = format!(
                "DELETE FROM property_words WHERE property_id = $1 AND word_id IN ({})",
                marks.join(", ")
            );
            removed
                .iter()
                .fold(sqlx::query(&sql).bind(id), |q, word| q.bind(*word))
                .execute(&mut *conn)
                .await?;
        }
        let Some(after) = after else { continue };
        if words.was_active != words.is_active && !words.moved && before.is_some() {
            sqlx::query("UPDATE property_words SET active = $1 WHERE property_id = $2")
                .bind(words.is_active)
                .bind(id)
                .execute(&mut *conn)
                .await?;
        }
        let added: Box<dyn Iterator<Item = &String>> =
            if words.moved { Box::new(words.new.iter()) } else { Box::new(words.new.difference(words.old)) };
        postings.extend(added.filter_map(|w| ids.get(w.as_str()).copied()).map(|word_id| Posting {
            word_id,
            created_at: after.created_at.clone(),
            property_id: id,
            active: words.is_active,
        }));
    }
    insert_postings(conn, &postings).await?;

    let mut counted: Vec<(i64, (i64, i64))> = changes
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

/// What one write does to a listing's words.
struct Words<'a> {
    old: &'a BTreeSet<String>,
    new: &'a BTreeSet<String>,
    was_active: i64,
    is_active: i64,
    moved: bool,
}

static NO_WORDS: BTreeSet<String> = BTreeSet::new();

impl<'a> Words<'a> {
    fn of(before: Option<&'a Indexed>, after: Option<&'a Indexed>) -> Words<'a> {
        Words {
            old: before.map_or(&NO_WORDS, |b| &b.words),
            new: after.map_or(&NO_WORDS, |a| &a.words),
            was_active: i64::from(before.is_some_and(Indexed::active)),
            is_active: i64::from(after.is_some_and(Indexed::active)),
            moved: before.zip(after).is_some_and(|(b, a)| b.created_at != a.created_at),
        }
    }
}

/// Adds each delta to its total, in key order, so two writers never wait on each other's
/// totals crosswise.
async fn add_to_counts(conn: &mut AnyConnection, deltas: &BTreeMap<String, i64>) -> ApiResult<()> {
    let deltas: Vec<(&String, &i64)> = deltas.iter().filter(|(_, delta)| **delta != 0).collect();
    for chunk in deltas.chunks(VALUES_PER_STATEMENT / 2) {
        let rows: Vec<String> =
            (0..chunk.len()).map(|i| format!("(${}, ${})", 2 * i + 1, 2 * i + 2)).collect();
        let sql = format!(
            "INSERT INTO property_counts (key, count) VALUES {} \
             ON CONFLICT (key) DO UPDATE SET count = property_counts.count + excluded.count",
            rows.join(", ")
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
    let postgres = conn.backend_name() == <sqlx::Postgres as sqlx::Database>::NAME;
    for chunk in counted.chunks(VALUES_PER_STATEMENT / 3) {
        if postgres {
            let marks: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
            let sql = format!(
                "SELECT id FROM search_words WHERE id IN ({}) ORDER BY id FOR UPDATE",
                marks.join(", ")
            );
            chunk.iter().fold(sqlx::query(&sql), |q, (id, _)| q.bind(*id)).execute(&mut *conn).await?;
        }
        let rows: Vec<String> =
            (0..chunk.len()).map(|i| format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3)).collect();
        let sql = format!(
            "WITH delta (id, properties, active) AS (VALUES {}) \
             UPDATE search_words SET properties = search_words.properties + delta.properties, \
             active = search_words.active + delta.active FROM delta WHERE search_words.id = delta.id",
            rows.join(", ")
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
        let marks: Vec<String> = (1..=chunk.len()).map(|n| format!("(${n})")).collect();
        let sql = format!(
            "INSERT INTO search_words (word) VALUES {} ON CONFLICT (word) DO NOTHING",
            marks.join(", ")
        );
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
        let marks: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
        let sql = format!("SELECT id, word FROM search_words WHERE word IN ({})", marks.join(", "));
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
        let rows: Vec<String> = (0..chunk.len())
            .map(|i| format!("(${}, ${}, ${}, ${})", 4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i + 4))
            .collect();
        let sql = format!(
            "INSERT INTO property_words (word_id, created_at, property_id, active) VALUES {}",
            rows.join(", ")
        );
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
        let rows: Vec<String> =
            (0..chunk.len()).map(|i| format!("(${}, ${})", 2 * i + 1, 2 * i + 2)).collect();
        let sql =
            format!("INSERT INTO search_suffixes (suffix, word_id) VALUES {}{conflict}", rows.join(", "));
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
