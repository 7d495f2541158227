//! Who must sign in with a second factor (`AQAR_2FA`, issue 42). The policy is read here;
//! what it asks of a user is `platform::auth::two_factor`'s.

use schemars::JsonSchema;
use serde::Serialize;

/// Who must have a second factor (`AQAR_2FA`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "TwoFactorPolicy")]
pub enum Policy {
    /// Nobody is asked for a code, and nobody can enrol.
    Off,
    /// Whoever enrols is asked for a code; nobody must enrol.
    Optional,
    /// As `optional`, and administrators must enrol within `GRACE_SECS` of their next sign-in.
    Admins,
    /// Everyone must enrol, at their next sign-in.
    All,
}

impl Policy {
    pub fn parse(text: &str) -> Option<Policy> {
        match text.trim().to_ascii_lowercase().as_str() {
            "off" => Some(Policy::Off),
            "optional" => Some(Policy::Optional),
            "admins" => Some(Policy::Admins),
            "all" => Some(Policy::All),
            _ => None,
        }
    }

    /// How long an account this policy requires a second factor of may go on without one,
    /// counted from its next sign-in.
    pub fn grace_secs(self) -> i64 {
        match self {
            Policy::Admins => GRACE_SECS,
            _ => 0,
        }
    }
}

/// The administrators' time to enrol under `admins`: 7 days.
pub const GRACE_SECS: i64 = 7 * 24 * 3600;
