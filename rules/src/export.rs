//! The contact-request export: which time period is chosen, the moments it spans and the
//! spreadsheet's file name (core §2, §5, §7, §9).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::calendar::{Date, DateTime};
use crate::language::Language;
use crate::vocabularies::{ContactStatus, ExportPeriod};
use crate::{messages, FieldErrors, Validate};

/// Days in the rolling 'Last 7 Days' window.
pub const ROLLING_WINDOW_DAYS: i64 = 7;

/// The period chosen in the export dialog. Dates are `YYYY-MM-DD` and matter only for
/// the custom range, which needs both.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ExportSelection {
    pub period: ExportPeriod,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

impl ExportSelection {
    /// The custom range's first and last day, or why they cannot be read: both are
    /// required, must be real days, and the end may not come before the start.
    pub fn custom_days(&self) -> Result<(Date, Date), FieldErrors> {
        let mut errors = FieldErrors::new();
        let start = read_date(&mut errors, self.start_date.as_deref(), "startDate", messages::FIELD_REQUIRED);
        let end = read_date(&mut errors, self.end_date.as_deref(), "endDate", messages::FIELD_REQUIRED);
        if let (Some(start), Some(end)) = (start, end) {
            errors.check(end < start, "endDate", messages::END_BEFORE_START);
            if errors.is_empty() {
                return Ok((start, end));
            }
        }
        Err(errors)
    }
}

impl Validate for ExportSelection {
    fn validate(&self) -> Result<(), FieldErrors> {
        match self.period {
            ExportPeriod::Custom => self.custom_days().map(|_| ()),
            _ => Ok(()),
        }
    }
}

fn read_date(
    errors: &mut FieldErrors,
    text: Option<&str>,
    field: &'static str,
    missing: &'static str,
) -> Option<Date> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => {
            errors.add(field, missing);
            None
        }
        Some(text) => {
            let date = Date::parse(text);
            errors.check(date.is_none(), field, messages::DATE_INVALID);
            date
        }
    }
}

/// A selection (the fields of [`ExportSelection`], repeated rather than flattened to keep
/// the browser build small) together with the browser's current local time (`YYYY-MM-DDTHH:MM[:SS[.mmm]]`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ExportQuery {
    pub period: ExportPeriod,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub now: String,
    /// Set when exporting one request: the file is then named after it.
    pub request_id: Option<i64>,
}

/// The moments a period spans, inclusive, as local wall-clock text
/// (`YYYY-MM-DDTHH:MM:SS.mmm`); `None` leaves that side open.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ExportRange {
    pub start: Option<String>,
    pub end: Option<String>,
}

/// Why a query could not be answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueryError {
    /// The selection breaks its rules (a custom range without both dates, ...).
    Selection(FieldErrors),
    /// `now` is not a local date and time.
    Now,
}

impl std::fmt::Display for QueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QueryError::Selection(errors) => {
                for (index, (_, message)) in errors.iter().enumerate() {
                    if index > 0 {
                        f.write_str("; ")?;
                    }
                    f.write_str(message)?;
                }
                Ok(())
            }
            QueryError::Now => f.write_str(messages::EXPORT_NOW),
        }
    }
}

impl QueryError {
    /// The sentence of [`Display`](std::fmt::Display) in `language`.
    pub fn in_language(&self, language: Language) -> String {
        match self {
            QueryError::Selection(errors) => QueryError::Selection(errors.in_language(language)).to_string(),
            QueryError::Now => messages::in_language(messages::EXPORT_NOW, language).into_owned(),
        }
    }
}

impl ExportQuery {
    fn now(&self) -> Result<DateTime, QueryError> {
        DateTime::parse(&self.now).ok_or(QueryError::Now)
    }

    pub fn selection(&self) -> ExportSelection {
        ExportSelection {
            period: self.period,
            start_date: self.start_date.clone(),
            end_date: self.end_date.clone(),
        }
    }

    fn custom_days(&self) -> Result<(Date, Date), QueryError> {
        self.selection().custom_days().map_err(QueryError::Selection)
    }

    /// The span of the chosen period: All Time is unbounded; Today, This Month and This
    /// Year start at midnight of their first day; Last 7 Days starts exactly seven days
    /// before now; all of these run on with no end. A custom range runs from the start
    /// day's first millisecond to the end day's last, so the end day counts whole.
    pub fn range(&self) -> Result<ExportRange, QueryError> {
        let now = self.now()?;
        let (start, end) = match self.period {
            ExportPeriod::All => (None, None),
            ExportPeriod::Today => (Some(DateTime::start_of(now.date)), None),
            ExportPeriod::Week => (Some(now.days_before(ROLLING_WINDOW_DAYS)), None),
            ExportPeriod::Month => (Some(DateTime::start_of(now.date.first_of_month())), None),
            ExportPeriod::Year => (Some(DateTime::start_of(now.date.first_of_year())), None),
            ExportPeriod::Custom => {
                let (start, end) = self.custom_days()?;
                (Some(DateTime::start_of(start)), Some(DateTime::end_of(end)))
            }
        };
        Ok(ExportRange { start: start.map(|s| s.to_string()), end: end.map(|e| e.to_string()) })
    }

    /// The spreadsheet's name: `contact_request_{id}_{today}.xlsx` for one request, else
    /// `contact_requests_{period}_{today}.xlsx` where period is the period's value (all,
    /// today, week, month, year) or, for a custom range, `{start}_to_{end}`.
    pub fn file_name(&self) -> Result<String, QueryError> {
        self.file_name_in(Language::En)
    }

    /// The spreadsheet's name in `language`: in English as [`ExportQuery::file_name`] says;
    /// in Arabic `طلب_التواصل_{id}_{today}.xlsx` and `طلبات_التواصل_{period}_{today}.xlsx`,
    /// the period in Arabic words and a custom range `{start}_إلى_{end}`.
    pub fn file_name_in(&self, language: Language) -> Result<String, QueryError> {
        let today = self.now()?.date;
        let words = FileWords::of(language);
        if let Some(id) = self.request_id {
            return Ok(format!("{}_{id}_{today}.xlsx", words.one));
        }
        let period = match self.period {
            ExportPeriod::Custom => {
                let (start, end) = self.custom_days()?;
                format!("{start}_{}_{end}", words.to)
            }
            other => (words.period)(other).to_owned(),
        };
        Ok(format!("{}_{period}_{today}.xlsx", words.all))
    }
}

/// The words of the file names in one language.
struct FileWords {
    one: &'static str,
    all: &'static str,
    to: &'static str,
    period: fn(ExportPeriod) -> &'static str,
}

impl FileWords {
    fn of(language: Language) -> FileWords {
        match language {
            Language::En => FileWords {
                one: "contact_request",
                all: "contact_requests",
                to: "to",
                period: ExportPeriod::value,
            },
            Language::Ar => {
                FileWords {
                    one: "طلب_التواصل", all: "طلبات_التواصل", to: "إلى", period: arabic_period
                }
            }
        }
    }
}

/// A period as an Arabic file name says it (no spaces).
fn arabic_period(period: ExportPeriod) -> &'static str {
    match period {
        ExportPeriod::All => "الكل",
        ExportPeriod::Today => "اليوم",
        ExportPeriod::Week => "آخر_7_أيام",
        ExportPeriod::Month => "هذا_الشهر",
        ExportPeriod::Year => "هذه_السنة",
        ExportPeriod::Custom => "فترة_مخصصة",
    }
}

/// The name of the workbook of the requests the panel posted, made on `today`
/// (`YYYY-MM-DD`): `contact_requests_{today}.xlsx`, in Arabic `طلبات_التواصل_{today}.xlsx`.
pub fn posted_file_name(today: &str, language: Language) -> String {
    format!("{}_{today}.xlsx", FileWords::of(language).all)
}

/// The sheet's columns, each header in English and in Arabic.
pub const COLUMNS: [(&str, &str); 10] = [
    ("ID", "المعرّف"),
    ("Name", "الاسم"),
    ("Email", "البريد الإلكتروني"),
    ("Phone", "الهاتف"),
    ("Subject", "الموضوع"),
    ("Message", "الرسالة"),
    ("Status", "الحالة"),
    ("Property ID", "رقم العقار"),
    ("Language", "اللغة"),
    ("Date", "التاريخ"),
];

/// The header row in `language`.
pub fn headers(language: Language) -> [&'static str; 10] {
    COLUMNS.map(|(english, arabic)| match language {
        Language::En => english,
        Language::Ar => arabic,
    })
}

/// The worksheet's name in `language`.
pub fn sheet_name(language: Language) -> &'static str {
    match language {
        Language::En => "Contact Requests",
        Language::Ar => "طلبات التواصل",
    }
}

/// A request's status as its cell says it in `language`.
pub fn status_label(status: ContactStatus, language: Language) -> &'static str {
    match (language, status) {
        (Language::En, status) => status.label(),
        (Language::Ar, ContactStatus::Pending) => "قيد الانتظار",
        (Language::Ar, ContactStatus::Responded) => "تم الرد",
        (Language::Ar, ContactStatus::Closed) => "مغلق",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(period: ExportPeriod) -> ExportQuery {
        ExportQuery {
            period,
            start_date: Some("2026-01-10".into()),
            end_date: Some("2026-01-12".into()),
            now: "2026-02-01T10:00:00".into(),
            request_id: None,
        }
    }

    #[test]
    fn file_names_in_both_languages() {
        assert_eq!(query(ExportPeriod::All).file_name(), Ok("contact_requests_all_2026-02-01.xlsx".into()));
        assert_eq!(
            query(ExportPeriod::All).file_name_in(Language::Ar),
            Ok("طلبات_التواصل_الكل_2026-02-01.xlsx".into())
        );
        assert_eq!(
            query(ExportPeriod::Custom).file_name_in(Language::Ar),
            Ok("طلبات_التواصل_2026-01-10_إلى_2026-01-12_2026-02-01.xlsx".into())
        );
        let one = ExportQuery { request_id: Some(7), ..query(ExportPeriod::All) };
        assert_eq!(one.file_name_in(Language::Ar), Ok("طلب_التواصل_7_2026-02-01.xlsx".into()));
        for period in ExportPeriod::ALL {
            let (english, arabic) = (query(*period).file_name(), query(*period).file_name_in(Language::Ar));
            assert!(english.is_ok() && arabic.is_ok() && english != arabic, "{period:?}");
        }
    }

    #[test]
    fn every_header_and_status_has_its_arabic() {
        for (english, arabic) in COLUMNS {
            assert!(!arabic.is_empty() && english != arabic);
        }
        for status in ContactStatus::ALL {
            assert_ne!(status_label(*status, Language::Ar), status_label(*status, Language::En));
        }
        assert_ne!(sheet_name(Language::Ar), sheet_name(Language::En));
    }
}
