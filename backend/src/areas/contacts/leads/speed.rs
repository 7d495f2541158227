//! Speed to lead (issue 26): how fast the business answers its requests, over the
//! dashboard's 30 local days. A request's response time runs from its arrival to its first
//! response; one answered within `AQAR_LEAD_RESPONSE_MINUTES` was answered in time.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;
use sqlx::{AnyPool, Row};
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use super::super::store::{ChartDays, CHART_DAYS};
use crate::platform::http::error::ApiResult;

/// The dashboard's response figures.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ResponseTimes {
    /// Requests that arrived in the 30 days.
    pub received: i64,
    /// Those of them answered since.
    pub answered: i64,
    /// The median minutes from arrival to first response of those answered; null when none was.
    pub median_minutes: Option<f64>,
    /// The share (0 to 1) of the requests received answered within 5 minutes; 0 when none came.
    pub within_five_minutes: f64,
    /// The share answered within an hour.
    pub within_an_hour: f64,
    /// Each assignee's requests of the period and their median, by user id: every user's for
    /// an admin, one's own for anyone else.
    pub users: Vec<UserResponseTimes>,
    /// Per local day, oldest first.
    pub days: Vec<DailyResponses>,
}

#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct UserResponseTimes {
    pub user_id: i64,
    /// The full name, else the username.
    pub name: String,
    pub received: i64,
    pub answered: i64,
    pub median_minutes: Option<f64>,
}

/// One local day's requests by how they were answered.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DailyResponses {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// Answered within `AQAR_LEAD_RESPONSE_MINUTES`.
    pub in_time: i64,
    /// Answered later than that.
    pub late: i64,
    /// Not answered yet.
    pub unanswered: i64,
}

/// One request of the period: when it came, how many seconds its answer took (if any), and
/// whose it is.
struct Received {
    at: OffsetDateTime,
    seconds: Option<i64>,
    assignee: Option<(i64, String)>,
}

/// The figures over the 30 local days ending today (`offset_minutes` east of UTC); `only`
/// keeps the users' table to that user.
pub async fn response_times(
    db: &AnyPool,
    offset_minutes: i64,
    response_minutes: i64,
    only: Option<i64>,
) -> ApiResult<ResponseTimes> {
    let chart = ChartDays::ending_today(offset_minutes)?;
    let rows = sqlx::query(
        "SELECT r.created_at, r.first_response_at, r.assignee_id, u.username, u.full_name \
         FROM contact_requests r LEFT JOIN users u ON u.id = r.assignee_id WHERE r.created_at >= $1",
    )
    .bind(&chart.since)
    .fetch_all(db)
    .await?;
    let instant = |text: &str| OffsetDateTime::parse(text, &Rfc3339).ok();
    let mut received = Vec::with_capacity(rows.len());
    for row in &rows {
        let Some(at) = instant(&row.try_get::<String, _>("created_at")?) else { continue };
        let answered: Option<String> = row.try_get("first_response_at")?;
        let seconds = answered.as_deref().and_then(instant).map(|then| (then - at).whole_seconds().max(0));
        let assignee = match row.try_get::<Option<i64>, _>("assignee_id")? {
            Some(id) => {
                let full: Option<String> = row.try_get("full_name")?;
                let username: Option<String> = row.try_get("username")?;
                let name = full.filter(|n| !n.trim().is_empty()).or(username).unwrap_or_default();
                Some((id, name))
            }
            None => None,
        };
        received.push(Received { at, seconds, assignee });
    }
    Ok(figures(&received, &chart, response_minutes, only))
}

fn figures(
    received: &[Received],
    chart: &ChartDays,
    response_minutes: i64,
    only: Option<i64>,
) -> ResponseTimes {
    let times: Vec<i64> = received.iter().filter_map(|r| r.seconds).collect();
    let share = |limit: i64| {
        let within = times.iter().filter(|&&seconds| seconds <= limit).count();
        if received.is_empty() {
            0.0
        } else {
            within as f64 / received.len() as f64
        }
    };
    let mut by_user: BTreeMap<i64, (String, i64, Vec<i64>)> = BTreeMap::new();
    for request in received {
        let Some((id, name)) = &request.assignee else { continue };
        if only.is_some_and(|only| only != *id) {
            continue;
        }
        let entry = by_user.entry(*id).or_insert_with(|| (name.clone(), 0, Vec::new()));
        entry.1 += 1;
        entry.2.extend(request.seconds);
    }
    let users = by_user
        .into_iter()
        .map(|(user_id, (name, count, times))| UserResponseTimes {
            user_id,
            name,
            received: count,
            answered: times.len() as i64,
            median_minutes: median_minutes(times),
        })
        .collect();
    let mut days: Vec<DailyResponses> = (0..usize::try_from(CHART_DAYS).unwrap_or_default())
        .map(|index| DailyResponses { date: chart.date(index), in_time: 0, late: 0, unanswered: 0 })
        .collect();
    for request in received {
        let Some(day) = chart.day_of(request.at).and_then(|day| days.get_mut(day)) else { continue };
        match request.seconds {
            None => day.unanswered += 1,
            Some(seconds) if seconds <= response_minutes * 60 => day.in_time += 1,
            Some(_) => day.late += 1,
        }
    }
    ResponseTimes {
        received: received.len() as i64,
        answered: times.len() as i64,
        within_five_minutes: share(5 * 60),
        within_an_hour: share(60 * 60),
        median_minutes: median_minutes(times),
        users,
        days,
    }
}

/// The median of `seconds`, in minutes to a tenth; `None` for none.
fn median_minutes(mut seconds: Vec<i64>) -> Option<f64> {
    if seconds.is_empty() {
        return None;
    }
    seconds.sort_unstable();
    let middle = seconds.len() / 2;
    let median = if seconds.len().is_multiple_of(2) {
        (seconds[middle - 1] + seconds[middle]) as f64 / 2.0
    } else {
        seconds[middle] as f64
    };
    Some((median / 6.0).round() / 10.0)
}

#[cfg(test)]
mod tests {
    use super::median_minutes;

    #[test]
    fn the_median_is_the_middle_time_or_the_mean_of_the_two_middle_ones() {
        assert_eq!(median_minutes(vec![]), None);
        assert_eq!(median_minutes(vec![600, 60, 120]), Some(2.0));
        assert_eq!(median_minutes(vec![60, 90, 120, 6000]), Some(1.8));
    }
}
