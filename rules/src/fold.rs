//! The folding every search applies to its query and to the text it searches, so that
//! spellings a reader takes for the same word match: letter case, the written forms of
//! alef, taa marbuta, alef maqsura and the hamza carriers, vowel marks, tatweel and the
//! Arabic-Indic digits.

/// `text` as a search compares it: Latin, Greek and Cyrillic in lower case; أ إ آ ٱ → ا, ة → ه, ى → ي, ؤ → و, ئ → ي
/// (and the Persian keyboard's ی → ي, ک → ك); tashkeel, Quranic marks, tatweel and
/// invisible direction marks removed; Arabic-Indic and Persian digits → 0-9.
pub fn fold(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            'أ' | 'إ' | 'آ' | 'ٱ' => folded.push('ا'),
            'ة' => folded.push('ه'),
            'ى' | 'ئ' | 'ی' => folded.push('ي'),
            'ؤ' => folded.push('و'),
            'ک' => folded.push('ك'),
            '\u{0660}'..='\u{0669}' => folded.push(digit(c, '\u{0660}')),
            '\u{06F0}'..='\u{06F9}' => folded.push(digit(c, '\u{06F0}')),
            c if is_removed(c) => {}
            c => folded.push(lower(c)),
        }
    }
    folded
}

/// What a property's `search_text` column holds, the text `q` is matched against: the
/// folded English and Arabic titles, property number (empty when there is none) and
/// English and Arabic locations, one per line. Whoever writes a property (the API, the
/// seeder, the demo data) uses this one function, so a search finds them all alike.
pub fn search_text(
    title_en: &str,
    title_ar: &str,
    property_number: Option<&str>,
    location_en: &str,
    location_ar: &str,
) -> String {
    let parts = [title_en, title_ar, property_number.unwrap_or_default(), location_en, location_ar];
    let mut text = String::with_capacity(parts.iter().map(|p| p.len() + 1).sum());
    for (index, part) in parts.into_iter().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        text.push_str(&fold(part));
    }
    text
}

/// The words of a folded text, as the search index keeps them: the longest runs of letters
/// and digits. A folded `q` made only of letters and digits can only match inside one word,
/// so the rows it matches are the rows holding a word that contains it.
pub fn words(folded: &str) -> impl Iterator<Item = &str> {
    folded.split(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty())
}

/// Whether a folded `q` lies within one word wherever it matches (see [`words`]).
pub fn is_one_word(folded: &str) -> bool {
    !folded.is_empty() && folded.chars().all(char::is_alphanumeric)
}

/// The small letter of a Latin, Greek or Cyrillic capital; any other character as it is.
/// A table of its own rather than `char::to_lowercase`, whose table of every script would
/// add a twentieth to the browser's download of the rules.
fn lower(c: char) -> char {
    let code = u32::from(c);
    let small = match code {
        0x41..=0x5A | 0xC0..=0xD6 | 0xD8..=0xDE => code + 0x20, // ASCII and Latin-1
        // Latin Extended-A and Latin Extended Additional pair each capital with the next code…
        0x0100..=0x012F | 0x0132..=0x0137 | 0x014A..=0x0177 | 0x1E00..=0x1E95 | 0x1EA0..=0x1EFF
            if code % 2 == 0 =>
        {
            code + 1
        }
        // …except where the pairs start on an odd code.
        0x0139..=0x0148 | 0x0179..=0x017E if code % 2 == 1 => code + 1,
        0x0130 => 0x69,                                   // İ → i, as a search reads it
        0x0178 => 0xFF,                                   // Ÿ → ÿ
        0x1E9E => 0xDF,                                   // ẞ → ß
        0x0391..=0x03A1 | 0x03A3..=0x03AB => code + 0x20, // Greek
        0x0410..=0x042F => code + 0x20,                   // Cyrillic
        0x0400..=0x040F => code + 0x50,                   // Cyrillic Ѐ…Џ
        _ => code,
    };
    char::from_u32(small).unwrap_or(c)
}

/// The ASCII digit of `c`, a digit of the script whose zero is `zero`.
fn digit(c: char, zero: char) -> char {
    char::from_digit(u32::from(c) - u32::from(zero), 10).unwrap_or(c)
}

/// Marks a reader does not count as part of the word: tashkeel and the other combining
/// marks of the Arabic block (Quranic annotation included), tatweel, and the invisible
/// characters that set direction or joining.
fn is_removed(c: char) -> bool {
    matches!(
        c,
        '\u{0610}'..='\u{061A}' // honorifics and small high letters
            | '\u{061C}' // Arabic letter mark
            | '\u{0640}' // tatweel
            | '\u{064B}'..='\u{065F}' // tashkeel: tanween, harakat, shadda, sukun, maddah, hamza marks
            | '\u{0670}' // superscript alef
            | '\u{06D6}'..='\u{06DC}' // Quranic small high ligatures and pause marks
            | '\u{06DF}'..='\u{06E4}' // Quranic small high marks
            | '\u{06E7}'..='\u{06E8}'
            | '\u{06EA}'..='\u{06ED}'
            | '\u{200B}'..='\u{200F}' // zero-width space, (non-)joiners, LRM, RLM
            | '\u{202A}'..='\u{202E}' // directional embeddings and overrides
            | '\u{2066}'..='\u{2069}' // directional isolates
    )
}

#[cfg(test)]
mod tests {
    use super::{fold, is_one_word, search_text, words};

    #[test]
    fn search_text_folds_each_searched_field_onto_its_own_line() {
        let text = search_text(
            "Sea View VILLA",
            "فيلا بإطلالة بحرية",
            Some("AQ-0042"),
            "Dubai Marina, Dubai",
            "دبي مارينا، دبي",
        );
        assert_eq!(text, "sea view villa\nفيلا باطلاله بحريه\naq-0042\ndubai marina, dubai\nدبي مارينا، دبي");
        assert_eq!(search_text("A", "ب", None, "C", "د"), "a\nب\n\nc\nد");
    }

    #[test]
    fn a_shadda_does_not_hide_a_word() {
        assert_eq!(fold("شقّة"), fold("شقه"));
    }

    #[test]
    fn every_alef_form_reads_as_bare_alef() {
        for word in ["أحمد", "إحمد", "آحمد", "ٱحمد"] {
            assert_eq!(fold(word), "احمد", "{word}");
        }
    }

    #[test]
    fn latin_greek_and_cyrillic_capitals_are_lowered_like_unicode_lowers_them() {
        let capitals = ('A'..='Z')
            .chain('\u{C0}'..='\u{17F}')
            .chain('\u{1E00}'..='\u{1EFF}')
            .chain('\u{391}'..='\u{3AB}')
            .chain('\u{400}'..='\u{42F}')
            .filter(|c| c.is_uppercase() && *c != 'İ');
        for capital in capitals {
            let expected: String = capital.to_lowercase().collect();
            assert_eq!(fold(&capital.to_string()), expected, "{capital} U+{:04X}", u32::from(capital));
        }
        assert_eq!(fold("İ"), "i");
    }

    #[test]
    fn words_are_runs_of_letters_and_digits() {
        let text = search_text("Sea-View Villa", "فيلا بإطلالة", Some("PROP-0042"), "Dubai, Marina", "");
        let found: Vec<&str> = words(&text).collect();
        assert_eq!(found, ["sea", "view", "villa", "فيلا", "باطلاله", "prop", "0042", "dubai", "marina"]);
        assert!(is_one_word("villa") && is_one_word("فيلا") && is_one_word("0042"));
        assert!(!is_one_word("sea view") && !is_one_word("prop-0042") && !is_one_word(""));
    }

    #[test]
    fn folding_twice_changes_nothing() {
        let once = fold("Ÿ İstanbul مُؤسَّسةٌ ـ ٣٤ ΣΑΣ");
        assert_eq!(fold(&once), once);
    }
}
