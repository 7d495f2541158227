//! What a buyer may search listings by (issue 38): the bounds of the list's filters, the
//! typo tolerance, and the price bands the filter side bar counts.

/// A search word of at least this many letters also finds its words with one typo
/// ('Vilal' finds 'Villa'), ranked after exact matches.
pub const TYPO_MIN_LETTERS: usize = 5;

/// At most this many features in one `featureIds` filter.
pub const MAX_FEATURE_FILTERS: usize = 20;

/// At most this many words of `q` are searched; the rest are ignored.
pub const MAX_QUERY_WORDS: usize = 12;

/// The largest price or area a range filter may name.
pub const MAX_RANGE_VALUE: f64 = 1e12;

/// The most bedrooms or bathrooms a filter may ask for at least.
pub const MAX_ROOMS: u32 = 1000;

/// The lower bounds of the price bands counted by the facets, in the listing's currency; the
/// last band has no upper bound.
pub const PRICE_BANDS: [i64; 8] = [0, 100_000, 250_000, 500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000];

/// How many ids of a city, category or type the facets answer at most, the largest counts
/// first.
pub const MAX_FACET_VALUES: usize = 50;

/// The folded words of `q` that are searched: letters and digits, at most
/// [`MAX_QUERY_WORDS`].
pub fn query_words(folded: &str) -> Vec<String> {
    folded
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(MAX_QUERY_WORDS)
        .map(str::to_lowercase)
        .collect()
}

/// Whether `word` is long enough to be found with a typo.
pub fn tolerates_typo(word: &str) -> bool {
    word.chars().count() >= TYPO_MIN_LETTERS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_split_on_anything_but_letters_and_digits() {
        assert_eq!(query_words("aq-0012 villa"), vec!["aq", "0012", "villa"]);
        assert_eq!(query_words("فيلا  دبي"), vec!["فيلا", "دبي"]);
        assert!(query_words(" - ").is_empty());
    }

    #[test]
    fn five_letters_tolerate_a_typo() {
        assert!(tolerates_typo("vilal"));
        assert!(!tolerates_typo("vila"));
        assert!(tolerates_typo("شقةكب"));
    }
}
