//! The interface languages. English is the default and the language of every message as this
//! crate spells it; Arabic is chosen per user (or by `Accept-Language` for an API client).

pub use crate::vocabularies::Language;

impl Language {
    /// The stored and answered tag: 'en' or 'ar'.
    pub fn tag(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Ar => "ar",
        }
    }

    /// 'en', 'ar', or a tag with a region ('ar-SA'); anything else is not a language of ours.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or_default();
        if primary.eq_ignore_ascii_case("ar") {
            Some(Language::Ar)
        } else if primary.eq_ignore_ascii_case("en") {
            Some(Language::En)
        } else {
            None
        }
    }

    /// The first of ours in an `Accept-Language` header, by its weights; English otherwise.
    pub fn from_accept_language(header: &str) -> Language {
        let mut best: Option<(f32, Language)> = None;
        for range in header.split(',').take(32) {
            let mut parts = range.split(';');
            let Some(language) = parts.next().and_then(Language::from_tag) else { continue };
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
                best = Some((weight, language));
            }
        }
        best.map(|(_, language)| language).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::Language;

    #[test]
    fn accept_language_picks_the_heaviest_of_ours() {
        assert_eq!(Language::from_accept_language(""), Language::En);
        assert_eq!(Language::from_accept_language("ar"), Language::Ar);
        assert_eq!(Language::from_accept_language("ar-SA,en;q=0.8"), Language::Ar);
        assert_eq!(Language::from_accept_language("fr, en;q=0.5, ar;q=0.9"), Language::Ar);
        assert_eq!(Language::from_accept_language("de, ar;q=0"), Language::En);
        assert_eq!(Language::from_tag("AR_eg"), Some(Language::Ar));
        assert_eq!(Language::from_tag("fr"), None);
    }
}
