//! Plain calendar arithmetic on local wall-clock dates and times, enough for the export
//! periods. Written here rather than taken from a date crate to keep the browser build
//! small; the rules never read a clock, so "now" always comes in as text.

use std::fmt;

const MS_PER_DAY: i64 = 24 * 60 * 60 * 1000;

/// A calendar day of the proleptic Gregorian calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

/// A local wall-clock moment, to the millisecond, without a time zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DateTime {
    pub date: Date,
    /// Milliseconds since the day's midnight.
    pub millis: u32,
}

fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn number<T: std::str::FromStr>(text: &str, width: usize) -> Option<T> {
    (text.len() == width && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

impl Date {
    /// Reads `YYYY-MM-DD`, the value of an HTML date input; `None` for anything else,
    /// including days that do not exist (2023-02-29).
    pub fn parse(text: &str) -> Option<Self> {
        let mut parts = text.split('-');
        let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() {
            return None;
        }
        let date = Date { year: number(year, 4)?, month: number(month, 2)?, day: number(day, 2)? };
        let valid =
            (1..=12).contains(&date.month) && (1..=days_in_month(date.year, date.month)).contains(&date.day);
        valid.then_some(date)
    }

    pub fn first_of_month(self) -> Self {
        Date { day: 1, ..self }
    }

    pub fn first_of_year(self) -> Self {
        Date { month: 1, day: 1, ..self }
    }

    /// Days since 1970-01-01 (negative before), after H. Hinnant's `days_from_civil`.
    fn days_since_epoch(self) -> i64 {
        let year = i64::from(self.year) - i64::from(self.month <= 2);
        let era = year.div_euclid(400);
        let year_of_era = year - era * 400;
        let month = i64::from(self.month);
        let day_of_year =
            (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    /// The inverse of `days_since_epoch`, after H. Hinnant's `civil_from_days`.
    fn from_days_since_epoch(days: i64) -> Self {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z - era * 146_097;
        let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Date { year: year as i32, month, day }
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl DateTime {
    /// The first millisecond of `date`.
    pub fn start_of(date: Date) -> Self {
        DateTime { date, millis: 0 }
    }

    /// The last millisecond of `date`, so that a range ending there covers the whole day.
    pub fn end_of(date: Date) -> Self {
        DateTime { date, millis: (MS_PER_DAY - 1) as u32 }
    }

    /// Reads `YYYY-MM-DDTHH:MM`, optionally followed by `:SS` and a fraction of a second
    /// (milliseconds kept, finer digits dropped). A time-zone suffix is refused: the moment
    /// must be the browser's local wall clock, the clock the user's "today" is counted on.
    pub fn parse(text: &str) -> Option<Self> {
        let (date, time) = text.split_once('T')?;
        let date = Date::parse(date)?;
        let (clock, fraction) = match time.split_once('.') {
            Some((clock, fraction)) => (clock, Some(fraction)),
            None => (time, None),
        };
        let mut parts = clock.split(':');
        let hours: u32 = number(parts.next()?, 2)?;
        let minutes: u32 = number(parts.next()?, 2)?;
        let seconds: u32 = match parts.next() {
            Some(s) => number(s, 2)?,
            None if fraction.is_none() => 0,
            None => return None,
        };
        if parts.next().is_some() || hours > 23 || minutes > 59 || seconds > 59 {
            return None;
        }
        let millis = match fraction {
            Some(f) if !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()) => f
                .bytes()
                .chain(std::iter::repeat(b'0'))
                .take(3)
                .fold(0, |ms, b| ms * 10 + u32::from(b - b'0')),
            Some(_) => return None,
            None => 0,
        };
        Some(DateTime { date, millis: ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis })
    }

    /// The same wall-clock time `days` days earlier.
    pub fn days_before(self, days: i64) -> Self {
        DateTime { date: Date::from_days_since_epoch(self.date.days_since_epoch() - days), ..self }
    }
}

impl fmt::Display for DateTime {
    /// `YYYY-MM-DDTHH:MM:SS.mmm`, which a browser's `new Date(text)` reads as local time.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (seconds, ms) = (self.millis / 1000, self.millis % 1000);
        write!(f, "{}T{:02}:{:02}:{:02}.{ms:03}", self.date, seconds / 3600, seconds / 60 % 60, seconds % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn day_numbers_round_trip_across_four_centuries() {
        for days in -150_000..150_000 {
            assert_eq!(Date::from_days_since_epoch(days).days_since_epoch(), days);
        }
        assert_eq!(Date::parse("1970-01-01").map(Date::days_since_epoch), Some(0));
        assert_eq!(Date::parse("2000-03-01").map(Date::days_since_epoch), Some(11_017));
    }

    #[test]
    fn only_real_days_parse() {
        assert!(Date::parse("2024-02-29").is_some());
        for text in [
            "2023-02-29",
            "2024-13-01",
            "2024-00-10",
            "2024-04-31",
            "24-01-01",
            "2024-1-01",
            "2024-01-01-01",
            "",
        ] {
            assert_eq!(Date::parse(text), None, "{text}");
        }
    }

    #[test]
    fn moments_parse_with_optional_seconds_and_fraction() {
        let at = |t: &str| DateTime::parse(t).map(|d| d.to_string());
        assert_eq!(at("2024-05-06T07:08").as_deref(), Some("2024-05-06T07:08:00.000"));
        assert_eq!(at("2024-05-06T07:08:09.1").as_deref(), Some("2024-05-06T07:08:09.100"));
        assert_eq!(at("2024-05-06T07:08:09.123456").as_deref(), Some("2024-05-06T07:08:09.123"));
        for text in [
            "2024-05-06",
            "2024-05-06T24:00",
            "2024-05-06T07:08Z",
            "2024-05-06T07:08:09+02:00",
            "2024-05-06T07:08:09.",
        ] {
            assert_eq!(DateTime::parse(text), None, "{text}");
        }
    }
}
