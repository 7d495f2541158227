//! Who regulates property advertising in a place, and what a listing there must show
//! (issue 39): the permit an authority issues, its dates, and for REGA the brokerage
//! contract behind the licence.
//!
//! A country, city or region names its authority; the closest level wins. The rules read
//! no clock, so the instant to judge expiry by is passed in.

use crate::leads::is_instant;
use crate::vocabularies::{PropertyStatus, Term};
use crate::{messages, FieldErrors};

/// Dubai Land Department: the Trakheesi advertising permit.
pub const DLD: &str = "DLD";
/// Abu Dhabi Real Estate Centre: the ADREC advertising permit.
pub const ADREC: &str = "ADREC";
/// Saudi Arabia's Real Estate General Authority: one advertising licence per listing.
pub const REGA: &str = "REGA";

/// The authorities the rules know; a place may also name any other.
pub const AUTHORITIES: &[Term] = &[
    Term { value: DLD, label: "Dubai Land Department (Trakheesi)" },
    Term { value: ADREC, label: "Abu Dhabi Real Estate Centre (ADREC)" },
    Term { value: REGA, label: "Real Estate General Authority (REGA)" },
];

/// What an authority requires of a permit number and its paperwork.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PermitRule {
    pub min_digits: usize,
    pub max_digits: usize,
    /// The message naming this authority's length.
    pub digits_message: &'static str,
    /// REGA licences rest on a brokerage contract whose end the listing must carry.
    pub needs_contract: bool,
}

/// The rule of `authority`; lengths and their sources are in docs/spec-notes.md.
pub fn rule_of(authority: &str) -> PermitRule {
    match canonical(authority) {
        Some(DLD) => PermitRule {
            min_digits: 7,
            max_digits: 11,
            digits_message: messages::PERMIT_DIGITS_DLD,
            needs_contract: false,
        },
        Some(ADREC) => PermitRule {
            min_digits: 7,
            max_digits: 20,
            digits_message: messages::PERMIT_DIGITS_ADREC,
            needs_contract: false,
        },
        Some(REGA) => PermitRule {
            min_digits: 10,
            max_digits: 10,
            digits_message: messages::PERMIT_DIGITS_REGA,
            needs_contract: true,
        },
        _ => PermitRule {
            min_digits: 1,
            max_digits: 20,
            digits_message: messages::PERMIT_DIGITS_OTHER,
            needs_contract: false,
        },
    }
}

/// A known authority's own spelling of `name`, in any case; `None` for another name.
pub fn canonical(name: &str) -> Option<&'static str> {
    let name = name.trim();
    AUTHORITIES.iter().map(|t| t.value).find(|value| value.eq_ignore_ascii_case(name))
}

/// How a place's authority is stored: a known one in its own spelling, another name
/// trimmed, and blank as none.
pub fn stored(name: Option<&str>) -> Option<String> {
    let name = name.map(str::trim).filter(|n| !n.is_empty())?;
    Some(canonical(name).map_or_else(|| name.to_owned(), str::to_owned))
}

/// The authority of a listing's place: the region's, else the city's, else the country's.
pub fn closest<'a>(
    region: Option<&'a str>,
    city: Option<&'a str>,
    country: Option<&'a str>,
) -> Option<&'a str> {
    [region, city, country].into_iter().flatten().map(str::trim).find(|name| !name.is_empty())
}

/// A listing's permit as the form and the store carry it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Permit<'a> {
    pub number: Option<&'a str>,
    pub issued_at: Option<&'a str>,
    pub expires_at: Option<&'a str>,
    pub contract_ends_at: Option<&'a str>,
}

impl Permit<'_> {
    /// The shape of what was given, whatever the place: digits, instants, their order.
    /// Blank fields count as not given.
    pub fn check_shape(&self, errors: &mut FieldErrors) {
        if let Some(number) = given(self.number) {
            let digits = number.chars().all(|c| c.is_ascii_digit()) && number.len() <= 20;
            errors.check(!digits, "permitNumber", messages::PERMIT_DIGITS_OTHER);
        }
        for (field, value) in [
            ("permitIssuedAt", self.issued_at),
            ("permitExpiresAt", self.expires_at),
            ("contractEndsAt", self.contract_ends_at),
        ] {
            if let Some(text) = given(value) {
                errors.check(!is_instant(text), field, messages::DATE_TIME_INVALID);
            }
        }
        if let (Some(issued), Some(expires)) = (instant(self.issued_at), instant(self.expires_at)) {
            errors.check(expires <= issued, "permitExpiresAt", messages::PERMIT_EXPIRES_BEFORE_ISSUED);
        }
    }

    /// What `authority` requires of a listing in `status` at the instant `now`: only an
    /// `active` listing must hold a valid, unexpired permit, so a draft can wait for it.
    pub fn check_for(&self, errors: &mut FieldErrors, authority: &str, status: PropertyStatus, now: &str) {
        let rule = rule_of(authority);
        if let Some(number) = given(self.number) {
            let length_fits = (rule.min_digits..=rule.max_digits).contains(&number.len());
            if number.chars().all(|c| c.is_ascii_digit()) {
                errors.check(!length_fits, "permitNumber", rule.digits_message);
            }
        }
        if status != PropertyStatus::Active {
            return;
        }
        errors.check(given(self.number).is_none(), "permitNumber", messages::PERMIT_REQUIRED);
        errors.check(given(self.issued_at).is_none(), "permitIssuedAt", messages::PERMIT_ISSUED_REQUIRED);
        errors.check(given(self.expires_at).is_none(), "permitExpiresAt", messages::PERMIT_EXPIRES_REQUIRED);
        let now = epoch_of(now);
        if let (Some(expires), Some(now)) = (instant(self.expires_at), now) {
            errors.check(expires <= now, "permitExpiresAt", messages::PERMIT_EXPIRED);
        }
        if rule.needs_contract {
            errors.check(
                given(self.contract_ends_at).is_none(),
                "contractEndsAt",
                messages::CONTRACT_END_REQUIRED,
            );
            if let (Some(ends), Some(now)) = (instant(self.contract_ends_at), now) {
                errors.check(ends <= now, "contractEndsAt", messages::CONTRACT_ENDED);
            }
        }
    }

    /// The instant this permit stops allowing the listing to be advertised: its expiry, or
    /// for REGA the contract's end when that comes first. `None` when not computable.
    pub fn valid_until(&self, authority: &str) -> Option<i64> {
        let expires = instant(self.expires_at)?;
        if rule_of(authority).needs_contract {
            return instant(self.contract_ends_at).map(|ends| ends.min(expires));
        }
        Some(expires)
    }
}

fn given(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

fn instant(value: Option<&str>) -> Option<i64> {
    given(value).and_then(epoch_of)
}

/// Seconds since 1970 of an RFC 3339 instant, as [`is_instant`] accepts them.
pub fn epoch_of(text: &str) -> Option<i64> {
    let text = text.trim();
    if !is_instant(text) {
        return None;
    }
    let (local, offset_seconds) = match text.strip_suffix('Z') {
        Some(local) => (local, 0),
        None => {
            let (local, offset) = text.split_at(text.len() - 6);
            let sign = if offset.starts_with('-') { -1 } else { 1 };
            let hours: i64 = offset[1..3].parse().ok()?;
            let minutes: i64 = offset[4..6].parse().ok()?;
            (local, sign * (hours * 3600 + minutes * 60))
        }
    };
    let (date, time) = local.split_once('T')?;
    let mut date = date.split('-').map(str::parse::<i64>);
    let (year, month, day) = (date.next()?.ok()?, date.next()?.ok()?, date.next()?.ok()?);
    let time = time.split('.').next()?;
    let mut time = time.split(':').map(str::parse::<i64>);
    let (hour, minute, second) = (time.next()?.ok()?, time.next()?.ok()?, time.next()?.ok()?);
    Some(days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset_seconds)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_index = (month + 9) % 12;
    let day_of_year = (153 * month_index + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: &str = "2026-06-01T12:00:00Z";

    fn permit<'a>(number: &'a str, expires: &'a str) -> Permit<'a> {
        Permit {
            number: Some(number),
            issued_at: Some("2026-01-01T00:00:00Z"),
            expires_at: Some(expires),
            contract_ends_at: None,
        }
    }

    fn errors_of(permit: Permit<'_>, authority: &str, status: PropertyStatus) -> Vec<(String, String)> {
        let mut errors = FieldErrors::new();
        permit.check_shape(&mut errors);
        permit.check_for(&mut errors, authority, status, NOW);
        errors.iter().map(|(f, m)| (f.to_owned(), m.to_owned())).collect()
    }

    #[test]
    fn instants_count_seconds_since_1970_in_any_zone() {
        assert_eq!(epoch_of("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(epoch_of("2026-06-01T12:00:00Z"), Some(1_780_315_200));
        assert_eq!(epoch_of("2026-06-01T15:00:00+03:00"), Some(1_780_315_200));
        assert_eq!(epoch_of("2000-02-29T00:00:00.5Z"), Some(951_782_400));
        assert_eq!(epoch_of("2026-06-01"), None);
    }

    #[test]
    fn the_closest_place_names_the_authority() {
        assert_eq!(closest(None, Some("DLD"), Some("Other")), Some("DLD"));
        assert_eq!(closest(Some(" "), None, Some("REGA")), Some("REGA"));
        assert_eq!(closest(None, None, None), None);
        assert_eq!(stored(Some(" dld ")), Some("DLD".into()));
        assert_eq!(stored(Some("Sharjah RERA")), Some("Sharjah RERA".into()));
        assert_eq!(stored(Some("  ")), None);
    }

    #[test]
    fn an_active_listing_needs_a_valid_unexpired_permit_and_a_draft_does_not() {
        let none = Permit::default();
        let missing = errors_of(none, DLD, PropertyStatus::Active);
        assert!(missing.contains(&("permitNumber".into(), messages::PERMIT_REQUIRED.into())));
        assert!(errors_of(none, DLD, PropertyStatus::Pending).is_empty());
        assert!(
            errors_of(permit("7123456789", "2027-01-01T00:00:00Z"), DLD, PropertyStatus::Active).is_empty()
        );
        assert_eq!(
            errors_of(permit("7123456789", NOW), DLD, PropertyStatus::Active),
            [("permitExpiresAt".to_owned(), messages::PERMIT_EXPIRED.to_owned())]
        );
        assert_eq!(
            errors_of(permit("12345", "2027-01-01T00:00:00Z"), DLD, PropertyStatus::Pending),
            [("permitNumber".to_owned(), messages::PERMIT_DIGITS_DLD.to_owned())]
        );
        assert_eq!(
            errors_of(permit("71-23", "2027-01-01T00:00:00Z"), "Sharjah", PropertyStatus::Pending),
            [("permitNumber".to_owned(), messages::PERMIT_DIGITS_OTHER.to_owned())]
        );
    }

    #[test]
    fn rega_needs_the_brokerage_contract_and_ends_with_it() {
        let mut licence = permit("7200123456", "2027-01-01T00:00:00Z");
        let errors = errors_of(licence, REGA, PropertyStatus::Active);
        assert_eq!(errors, [("contractEndsAt".to_owned(), messages::CONTRACT_END_REQUIRED.to_owned())]);
        licence.contract_ends_at = Some("2026-09-01T00:00:00Z");
        assert!(errors_of(licence, REGA, PropertyStatus::Active).is_empty());
        assert_eq!(licence.valid_until(REGA), epoch_of("2026-09-01T00:00:00Z"));
        assert_eq!(licence.valid_until(DLD), epoch_of("2027-01-01T00:00:00Z"));
    }
}
