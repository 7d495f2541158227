//! Reading a query string strictly: every parameter is taken as the list of its values, so a
//! parameter given twice is refused rather than one of its values silently picked, and a
//! value that does not parse is a 400 naming it.

use crate::platform::http::error::{ApiError, ApiResult};

/// The one value of a parameter, if given.
pub fn single<'r>(values: &[&'r str], name: &str) -> ApiResult<Option<&'r str>> {
    match values {
        [] => Ok(None),
        [value] => Ok(Some(value)),
        _ => Err(ApiError::bad_request(format!("{name} may be given only once"))),
    }
}

/// A whole number from `low` to `high`; `what` says which, in the refusal.
pub fn whole_number(values: &[&str], name: &str, low: i64, high: i64, what: &str) -> ApiResult<Option<i64>> {
    let Some(text) = single(values, name)? else { return Ok(None) };
    text.trim()
        .parse::<i64>()
        .ok()
        .filter(|n| (low..=high).contains(n))
        .map(Some)
        .ok_or_else(|| ApiError::bad_request(format!("{name} must be {what}")))
}

/// A record id.
pub fn id(values: &[&str], name: &str) -> ApiResult<Option<i64>> {
    whole_number(values, name, 1, i64::MAX, "one id, a whole number from 1")
}

/// A value of a vocabulary, by its stored form.
pub fn one_of<T: Copy>(
    values: &[&str],
    name: &str,
    all: &[T],
    value: impl Fn(T) -> &'static str,
) -> ApiResult<Option<T>> {
    let Some(text) = single(values, name)? else { return Ok(None) };
    all.iter().copied().find(|t| value(*t) == text).map(Some).ok_or_else(|| {
        let listed: Vec<&str> = all.iter().map(|t| value(*t)).collect();
        ApiError::bad_request(format!("{name} must be one of {}", listed.join(", ")))
    })
}
