//! What every bulk change does alike (issue 24): each selected id once, and which records it
//! leaves as they are and why, before anything is written.

use std::collections::{BTreeMap, HashMap, HashSet};

use rules::vocabularies::SkipReason;

/// `ids` in their order, each once.
pub fn distinct(ids: &[i64]) -> Vec<i64> {
    let mut seen = HashSet::with_capacity(ids.len());
    ids.iter().copied().filter(|id| seen.insert(*id)).collect()
}

/// The ids to change, and those skipped with why: gone, changed since the version the
/// client saw (`versions`), or already as the change would leave them.
pub fn sort_out<T>(
    ids: &[i64],
    before: &HashMap<i64, T>,
    versions: &BTreeMap<i64, i64>,
    version: impl Fn(&T) -> i64,
    already: impl Fn(&T) -> bool,
) -> (Vec<i64>, Vec<(i64, SkipReason)>) {
    let mut chosen = Vec::with_capacity(ids.len());
    let mut skipped = Vec::new();
    for id in ids {
        let reason = match before.get(id) {
            None => Some(SkipReason::NotFound),
            Some(record) if versions.get(id).is_some_and(|v| *v != version(record)) => {
                Some(SkipReason::Stale)
            }
            Some(record) if already(record) => Some(SkipReason::Unchanged),
            Some(_) => None,
        };
        match reason {
            Some(reason) => skipped.push((*id, reason)),
            None => chosen.push(*id),
        }
    }
    (chosen, skipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gone_stale_and_unchanged_records_are_skipped_in_order() {
        let before: HashMap<i64, (i64, bool)> = [(1, (1, false)), (2, (3, false)), (3, (1, true))].into();
        let versions: BTreeMap<i64, i64> = [(2, 2), (1, 1)].into();
        let (chosen, skipped) = sort_out(&distinct(&[1, 9, 2, 3, 1]), &before, &versions, |r| r.0, |r| r.1);
        assert_eq!(chosen, [1]);
        assert_eq!(skipped, [(9, SkipReason::NotFound), (2, SkipReason::Stale), (3, SkipReason::Unchanged)]);
    }
}
