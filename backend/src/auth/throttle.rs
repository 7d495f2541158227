//! Failed sign-in counting: five failures for one username from one address within
//! fifteen minutes lock that pair out until the oldest failure leaves the window.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub const MAX_FAILURES: usize = 5;
pub const WINDOW: Duration = Duration::from_secs(15 * 60);

type Key = (String, Option<IpAddr>);

#[derive(Default)]
pub struct LoginThrottle {
    failures: Mutex<HashMap<Key, Vec<Instant>>>,
}

impl LoginThrottle {
    fn key(username: &str, ip: Option<IpAddr>) -> Key {
        (username.to_lowercase(), ip)
    }

    /// How long the pair must wait, or `None` when it may try now.
    pub fn wait(&self, username: &str, ip: Option<IpAddr>) -> Option<Duration> {
        let now = Instant::now();
        let mut failures = self.failures.lock().ok()?;
        let recent = failures.get_mut(&Self::key(username, ip))?;
        recent.retain(|at| now.duration_since(*at) < WINDOW);
        if recent.len() < MAX_FAILURES {
            return None;
        }
        let oldest = recent.iter().min().copied()?;
        Some(WINDOW.saturating_sub(now.duration_since(oldest)))
    }

    pub fn record_failure(&self, username: &str, ip: Option<IpAddr>) {
        if let Ok(mut failures) = self.failures.lock() {
            let now = Instant::now();
            // Drop stale pairs now and then so the map cannot grow without bound.
            if failures.len() > 10_000 {
                failures.retain(|_, at| at.iter().any(|t| now.duration_since(*t) < WINDOW));
            }
            failures.entry(Self::key(username, ip)).or_default().push(now);
        }
    }

    pub fn clear(&self, username: &str, ip: Option<IpAddr>) {
        if let Ok(mut failures) = self.failures.lock() {
            failures.remove(&Self::key(username, ip));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const IP: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::LOCALHOST));

    #[test]
    fn the_fifth_failure_locks_the_pair_out() {
        let throttle = LoginThrottle::default();
        for _ in 0..4 {
            throttle.record_failure("Admin", IP);
            assert!(throttle.wait("admin", IP).is_none());
        }
        throttle.record_failure("admin", IP);
        let wait = throttle.wait("ADMIN", IP).expect("locked out");
        assert!(wait > Duration::from_secs(14 * 60) && wait <= WINDOW);
    }

    #[test]
    fn other_addresses_and_users_are_not_locked_out() {
        let throttle = LoginThrottle::default();
        for _ in 0..MAX_FAILURES {
            throttle.record_failure("admin", IP);
        }
        assert!(throttle.wait("admin", None).is_none());
        assert!(throttle.wait("sara", IP).is_none());
    }

    #[test]
    fn success_clears_the_count() {
        let throttle = LoginThrottle::default();
        for _ in 0..MAX_FAILURES {
            throttle.record_failure("admin", IP);
        }
        throttle.clear("admin", IP);
        assert!(throttle.wait("admin", IP).is_none());
    }
}
