//! Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): six digits from an
//! HMAC-SHA1 of the count of 30-second steps since the epoch, as every authenticator app
//! computes them.

use hmac::{Hmac, Mac};
use rand::RngCore;
use sha1::Sha1;

pub const STEP_SECS: i64 = 30;
/// Steps either side of now whose codes are accepted, for clocks that drift and codes typed
/// as they change (RFC 6238 §5.2).
const WINDOW: i64 = 1;
/// RFC 4226 §4 asks for 128 bits at least and recommends 160.
const SECRET_BYTES: usize = 20;
const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// A new secret, in base32 as apps take it typed and as it is stored.
pub fn new_secret() -> String {
    let mut bytes = [0u8; SECRET_BYTES];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base32(&bytes)
}

/// RFC 4648 base32 without padding.
pub fn base32(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len().div_ceil(5) * 8);
    for chunk in bytes.chunks(5) {
        let mut block = [0u8; 5];
        block[..chunk.len()].copy_from_slice(chunk);
        let bits = block.iter().fold(0u64, |bits, byte| bits << 8 | u64::from(*byte));
        let characters = (chunk.len() * 8).div_ceil(5);
        for i in 0..characters {
            let index = (bits >> (35 - i * 5)) & 0x1f;
            text.push(char::from(BASE32[index as usize]));
        }
    }
    text
}

fn from_base32(text: &str) -> Option<Vec<u8>> {
    let mut bytes = Vec::with_capacity(text.len() * 5 / 8);
    let (mut bits, mut count) = (0u32, 0u32);
    for character in text.bytes() {
        let value = BASE32.iter().position(|c| *c == character)?;
        bits = bits << 5 | value as u32;
        count += 5;
        if count >= 8 {
            count -= 8;
            bytes.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    Some(bytes)
}

/// The six-digit code of `step` for the raw `key` (RFC 4226 §5.3).
fn code_of(key: &[u8], step: i64) -> Option<String> {
    let mut mac = Hmac::<Sha1>::new_from_slice(key).ok()?;
    mac.update(&step.to_be_bytes());
    let hash = mac.finalize().into_bytes();
    let offset = usize::from(hash[hash.len() - 1] & 0x0f);
    let part: [u8; 4] = hash.get(offset..offset + 4)?.try_into().ok()?;
    let truncated = u32::from_be_bytes(part) & 0x7fff_ffff;
    Some(format!("{:06}", truncated % 1_000_000))
}

/// The step whose code `code` is, within the window around `now`, and later than the step
/// last accepted (`after`), so a code is never accepted twice.
pub fn matching_step(secret: &str, code: &str, now: i64, after: Option<i64>) -> Option<i64> {
    let key = from_base32(secret)?;
    let current = now.div_euclid(STEP_SECS);
    (current - WINDOW..=current + WINDOW)
        .filter(|step| after.is_none_or(|last| *step > last))
        .find(|step| code_of(&key, *step).is_some_and(|expected| same(expected.as_bytes(), code.as_bytes())))
}

/// Compares without stopping at the first difference, so timing tells nothing of the code.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}

/// Whether `text` is written as an authenticator's code rather than a recovery code.
pub fn looks_like_code(text: &str) -> bool {
    text.len() == 6 && text.bytes().all(|b| b.is_ascii_digit())
}

/// The code of `secret` at `now`: what the app shows (tests and the browser specs).
pub fn code_at(secret: &str, now: i64) -> Option<String> {
    code_of(&from_base32(secret)?, now.div_euclid(STEP_SECS))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 Appendix B's SHA-1 key, "12345678901234567890".
    fn rfc_secret() -> String {
        base32(b"12345678901234567890")
    }

    #[test]
    fn codes_are_the_rfc_6238_test_vectors_last_six_digits() {
        let secret = rfc_secret();
        assert_eq!(secret, "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
        for (time, code) in
            [(59, "287082"), (1_111_111_109, "081804"), (1_234_567_890, "005924"), (2_000_000_000, "279037")]
        {
            assert_eq!(code_at(&secret, time).as_deref(), Some(code), "at {time}");
        }
    }

    #[test]
    fn a_code_is_accepted_one_step_either_side_and_no_further() {
        let secret = new_secret();
        let now = 1_800_000_000;
        let step = now / STEP_SECS;
        for (offset, accepted) in [(-2, false), (-1, true), (0, true), (1, true), (2, false)] {
            let code = code_at(&secret, now + offset * STEP_SECS).expect("code");
            assert_eq!(matching_step(&secret, &code, now, None).is_some(), accepted, "{offset} steps away");
        }
        let code = code_at(&secret, now).expect("code");
        assert_eq!(matching_step(&secret, &code, now, None), Some(step));
        assert_eq!(matching_step(&secret, &code, now, Some(step)), None, "never twice");
    }

    #[test]
    fn base32_round_trips() {
        for bytes in [&b""[..], b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar"] {
            assert_eq!(from_base32(&base32(bytes)).as_deref(), Some(bytes));
        }
        assert_eq!(base32(b"foobar"), "MZXW6YTBOI");
    }
}
