//! Two-factor sign-in (issue 42, docs/adr/0032): an authenticator app's codes (`totp`) or
//! single-use recovery codes, asked after the password and before any session exists
//! (`challenge`), as the `AQAR_2FA` policy requires.

pub mod challenge;
pub mod store;
pub mod totp;

use rand::RngCore;
use schemars::JsonSchema;
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::user::User;

pub use crate::platform::config::Policy;

impl Policy {
    /// Whether `user` must have a second factor under this policy (now or after a grace).
    pub fn requires(self, user: &User) -> bool {
        match self {
            Policy::Off | Policy::Optional => false,
            Policy::Admins => user.is_admin(),
            Policy::All => true,
        }
    }
}

/// How long a device that completed the second factor may skip it: 30 days.
pub const TRUSTED_FOR_SECS: i64 = 30 * 24 * 3600;
pub const RECOVERY_CODES: usize = 10;
/// 80 random bits each: beyond guessing online and, as only their SHA-256 is kept, offline.
const RECOVERY_CODE_BYTES: usize = 10;
/// The name the authenticator app lists the account under.
const ISSUER: &str = "Aqar";

/// What a sign-in whose password was right still needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum SecondFactorStep {
    /// A code of the enrolled authenticator, or a recovery code.
    Code,
    /// Enrolling an authenticator, which the policy requires before any session.
    Enrol,
}

/// The account's second factor as the sign-in and the session check read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    pub secret: Option<String>,
    pub last_step: Option<i64>,
    /// When an account that must have a second factor and has none stops getting sessions;
    /// `None` until its first sign-in under a policy that requires one.
    pub due_epoch: Option<i64>,
}

impl State {
    pub fn enrolled(&self) -> bool {
        self.secret.is_some()
    }

    /// Whether `user` may not hold a session at `now` for lack of a second factor.
    pub fn overdue(&self, policy: Policy, user: &User, now: i64) -> bool {
        policy.requires(user)
            && !self.enrolled()
            && (policy.grace_secs() == 0 || self.due_epoch.is_some_and(|due| due <= now))
    }
}

/// A secret being enrolled, as the account screen shows it: typed, or scanned from the QR
/// code of its `otpauth://` address.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Enrolment {
    /// The secret in base32, to type into the app.
    pub secret: String,
    /// The `otpauth://totp/...` address the QR code holds.
    pub uri: String,
    /// The QR code of `uri`, an SVG document drawn by the server.
    pub qr_svg: String,
}

impl Enrolment {
    pub fn of(username: &str, secret: String) -> Enrolment {
        let label = format!("{ISSUER}:{username}");
        let uri = format!(
            "otpauth://totp/{}?secret={secret}&issuer={ISSUER}&algorithm=SHA1&digits=6&period={}",
            percent_encoded(&label),
            totp::STEP_SECS
        );
        let qr_svg = qrcode::QrCode::new(uri.as_bytes())
            .map(|code| {
                code.render::<qrcode::render::svg::Color<'_>>()
                    .min_dimensions(200, 200)
                    .quiet_zone(true)
                    .build()
            })
            .unwrap_or_default();
        Enrolment { secret, uri, qr_svg }
    }
}

/// Percent-encodes all but RFC 3986's unreserved characters (the label of an otpauth URI).
fn percent_encoded(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(byte).to_string()
            }
            other => format!("%{other:02X}"),
        })
        .collect()
}

/// The recovery codes given at enrolment, shown once.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodes {
    /// Ten codes, each usable once in place of the app's code.
    pub codes: Vec<String>,
}

impl RecoveryCodes {
    /// Ten new codes.
    pub fn generate() -> RecoveryCodes {
        let codes = (0..RECOVERY_CODES)
            .map(|_| {
                let mut bytes = [0u8; RECOVERY_CODE_BYTES];
                rand::rngs::OsRng.fill_bytes(&mut bytes);
                let text = totp::base32(&bytes);
                let groups: Vec<&str> = [&text[0..4], &text[4..8], &text[8..12], &text[12..16]].to_vec();
                groups.join("-")
            })
            .collect();
        RecoveryCodes { codes }
    }

    pub fn hashes(&self) -> Vec<String> {
        self.codes.iter().map(|code| recovery_hash(code)).collect()
    }
}

/// The stored form of a recovery code: the SHA-256 of its letters and digits, upper case,
/// so it may be typed without its dashes or in lower case.
pub fn recovery_hash(code: &str) -> String {
    let letters: String =
        code.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect();
    hex::encode(Sha256::digest(letters.as_bytes()))
}

/// The second factor of an account as its owner's screen shows it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorStatus {
    /// The server's `AQAR_2FA`.
    pub policy: Policy,
    /// An authenticator is enrolled.
    pub enabled: bool,
    /// The policy requires this account to have one.
    pub required: bool,
    /// When sessions stop without one (RFC 3339), while the grace period runs.
    pub enrol_by: Option<String>,
    /// Recovery codes not used yet.
    pub recovery_codes_left: i64,
}

/// Removes `user`'s second factor, by `actor` (an admin, or the command line's
/// `aqar reset-2fa`); where `policy` requires one, the next sign-in enrols before any session.
pub async fn reset(
    db: &sqlx::AnyPool,
    actor: &crate::platform::audit::Actor,
    user: &User,
    policy: Policy,
) -> crate::platform::http::error::ApiResult<User> {
    let due = policy.requires(user).then(crate::platform::db::clock::now_epoch);
    store::reset(db, actor, user.id, due).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovery_codes_are_ten_distinct_groups_of_four_and_hash_however_typed() {
        let codes = RecoveryCodes::generate();
        assert_eq!(codes.codes.len(), 10);
        let distinct: std::collections::BTreeSet<_> = codes.hashes().into_iter().collect();
        assert_eq!(distinct.len(), 10);
        let code = &codes.codes[0];
        assert_eq!(code.len(), 19);
        let typed = code.replace('-', " ").to_lowercase();
        assert_eq!(recovery_hash(&typed), recovery_hash(code));
    }

    #[test]
    fn the_enrolment_uri_names_the_issuer_and_account() {
        let enrolment = Enrolment::of("lina sa", "JBSWY3DPEHPK3PXP".into());
        assert_eq!(
            enrolment.uri,
            "otpauth://totp/Aqar%3Alina%20sa?secret=JBSWY3DPEHPK3PXP&issuer=Aqar&algorithm=SHA1&digits=6&period=30"
        );
        assert!(enrolment.qr_svg.starts_with("<?xml") && enrolment.qr_svg.contains("<svg"));
    }
}
