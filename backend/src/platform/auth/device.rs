//! Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a
//! browser that signs in to an account gets a cookie naming a random device id, signed for
//! that account. The throttle counts that device's failures apart from everyone else's, so
//! strangers guessing the password from elsewhere never lock the owner out of a browser
//! they have used before.
//!
//! The signature is an HMAC keyed with the account's password hash: it needs no key of its
//! own, every server on the database can check it, and a new password retires the account's
//! devices with the old one.

use hmac::{Hmac, Mac};
use rand::RngCore;
use rocket::http::{Cookie, CookieJar, SameSite};
use rocket::time::Duration;
use sha2::Sha256;

/// How long a browser stays known to an account after it last signed in.
const KEPT_FOR: Duration = Duration::days(365);

/// The cookie of `user_id`'s device: one per account, so people who share a browser keep
/// theirs.
fn cookie_name(user_id: i64) -> String {
    format!("aqar_device_{user_id}")
}

fn signature(user_id: i64, device: &str, password_hash: &str) -> Option<Hmac<Sha256>> {
    let mut mac = Hmac::<Sha256>::new_from_slice(password_hash.as_bytes()).ok()?;
    mac.update(format!("aqar-device:{user_id}:{device}").as_bytes());
    Some(mac)
}

/// The id of this browser's device when its cookie for `user_id` is signed with the
/// account's current password hash; `None` for a device never signed in from.
pub fn recognised(jar: &CookieJar<'_>, user_id: i64, password_hash: &str) -> Option<String> {
    let cookie = jar.get(&cookie_name(user_id))?;
    let (device, signed) = cookie.value().split_once('.')?;
    let signed = hex::decode(signed).ok()?;
    // `verify_slice` compares in constant time.
    signature(user_id, device, password_hash)?.verify_slice(&signed).ok()?;
    Some(device.to_owned())
}

/// Remembers this browser as a device of `user_id` after a complete sign-in: its known id,
/// or a new one; answers that id.
pub fn remember(
    jar: &CookieJar<'_>,
    secure: bool,
    user_id: i64,
    password_hash: &str,
    known: Option<String>,
) -> String {
    let device = known.unwrap_or_else(|| {
        let mut bytes = [0u8; 16];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        hex::encode(bytes)
    });
    let Some(mac) = signature(user_id, &device, password_hash) else { return device };
    let value = format!("{device}.{}", hex::encode(mac.finalize().into_bytes()));
    jar.add(
        Cookie::build((cookie_name(user_id), value))
            .http_only(true)
            .same_site(SameSite::Strict)
            .path("/api/login")
            .secure(secure)
            .max_age(KEPT_FOR),
    );
    device
}
