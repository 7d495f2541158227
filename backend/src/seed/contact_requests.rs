//! `aqar seed --contact-requests N`: N contact requests from the demo's visitors and topics,
//! spread over the last 60 days in all three statuses, several hundred rows per INSERT.

use std::time::Instant;

use sqlx::{AnyConnection, Connection};
use time::{Duration, OffsetDateTime};

use crate::contacts::store::search_text;
use crate::demo::contact_requests::{request, stamp, status};

/// Rows per INSERT statement (11 values each, well under both dialects' limits).
const ROWS_PER_STATEMENT: u64 = 500;
/// Rows per transaction.
const ROWS_PER_TRANSACTION: u64 = 20_000;
/// How far back the requests reach.
const SPAN_SECS: i64 = 60 * 24 * 60 * 60;

/// Adds `count` requests; answers the seconds it took.
pub async fn seed(conn: &mut AnyConnection, count: u64) -> Result<f64, String> {
    let started = Instant::now();
    let now = OffsetDateTime::now_utc();
    let step = SPAN_SECS / i64::try_from(count.max(1)).unwrap_or(i64::MAX).max(1);
    let mut first = 0;
    while first < count {
        let end = (first + ROWS_PER_TRANSACTION).min(count);
        let mut tx = conn.begin().await.map_err(|e| e.to_string())?;
        let mut start = first;
        while start < end {
            let rows = ROWS_PER_STATEMENT.min(end - start);
            let placeholders: Vec<String> = (0..rows)
                .map(|row| {
                    let base = row * 11;
                    let numbers: Vec<String> = (1..=11).map(|n| format!("${}", base + n)).collect();
                    format!("({})", numbers.join(", "))
                })
                .collect();
            let sql = format!(
                "INSERT INTO contact_requests (name, email, phone, subject, message, status, property_id, \
                 language, search_text, created_at, updated_at) VALUES {}",
                placeholders.join(", ")
            );
            let mut query = sqlx::query(&sql);
            for index in start..start + rows {
                let position = usize::try_from(index).map_err(|e| e.to_string())?;
                let input = request(position, None);
                // The last one made is the newest.
                let age = Duration::seconds(i64::try_from(count - 1 - index).unwrap_or_default() * step);
                let at = stamp(now - age).map_err(|e| e.message)?;
                query = query
                    .bind(input.name.clone())
                    .bind(input.email.clone())
                    .bind(input.phone.clone())
                    .bind(input.subject.clone())
                    .bind(input.message.clone())
                    .bind(status(position, age.whole_days()).value())
                    .bind(None::<i64>)
                    .bind(input.language.value())
                    .bind(search_text(&input))
                    .bind(at.clone())
                    .bind(at);
            }
            query.execute(&mut *tx).await.map_err(|e| e.to_string())?;
            start += rows;
        }
        tx.commit().await.map_err(|e| e.to_string())?;
        first = end;
    }
    Ok(started.elapsed().as_secs_f64())
}
