//! A small, hand-written e-mail address check (a regex engine would not fit the browser
//! build's size budget).
//!
//! It accepts what people type as addresses and rejects the usual slips, not every form
//! RFC 5321 allows:
//! - exactly one '@', nothing longer than 254 characters, no white space anywhere;
//! - a local part of 1 to 64 characters from letters, digits and ``!#$%&'*+/=?^_`{|}~.-``,
//!   neither starting nor ending with '.', without '..';
//! - a domain of at least two dot-separated labels, each 1 to 63 letters, digits or '-',
//!   not starting or ending with '-', the last one (the top-level domain) at least two
//!   letters. Quoted local parts, IP-literal domains and non-ASCII addresses are refused.

use crate::text;

const MAX_LENGTH: usize = 254;
const MAX_LOCAL_LENGTH: usize = 64;
const MAX_LABEL_LENGTH: usize = 63;

/// Whether `address` looks like a deliverable e-mail address (see the module notes).
pub fn is_valid(address: &str) -> bool {
    if address.len() > MAX_LENGTH {
        return false;
    }
    match address.split_once('@') {
        Some((local, domain)) => is_valid_local(local) && is_valid_domain(domain),
        None => false,
    }
}

fn is_valid_local(local: &str) -> bool {
    let allowed = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c);
    !local.is_empty()
        && local.len() <= MAX_LOCAL_LENGTH
        && local.chars().all(allowed)
        && !local.starts_with('.')
        && !local.ends_with('.')
        && text::find(local, "..").is_none()
}

fn is_valid_domain(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    let label_ok = |label: &&str| {
        !label.is_empty()
            && label.len() <= MAX_LABEL_LENGTH
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    let top_level_ok =
        labels.last().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    labels.len() >= 2 && labels.iter().all(label_ok) && top_level_ok
}

#[cfg(test)]
mod tests {
    use super::is_valid;

    #[test]
    fn accepts_common_addresses() {
        for address in
            ["a@b.co", "first.last+tag@mail.example.com", "o'neil@x-y.org", "A_1@sub.domain.travel"]
        {
            assert!(is_valid(address), "{address}");
        }
    }

    #[test]
    fn rejects_common_slips() {
        for address in [
            "",
            "plain",
            "@example.com",
            "user@",
            "user@localhost",
            "user@@example.com",
            "a@b@example.com",
            "user name@example.com",
            "user@exa mple.com",
            ".user@example.com",
            "user.@example.com",
            "us..er@example.com",
            "user@-example.com",
            "user@example-.com",
            "user@example..com",
            "user@example.c",
            "user@example.c0m",
            " user@example.com",
            "مستخدم@example.com",
        ] {
            assert!(!is_valid(address), "{address}");
        }
    }
}
